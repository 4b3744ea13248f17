// Multi-page static build: the game (index.html) and the offline replay verifier
// (verify.html). `base: './'` makes dist/ work from any folder of any static host.
import { resolve } from 'node:path';
import { defineConfig } from 'vite';
import { signallingPlugin } from './src/cli/signalling-plugin.ts';

export default defineConfig({
  base: './',
  // PeerJS signalling at /peerjs on the dev and preview servers (P3.3).
  plugins: [signallingPlugin()],
  build: {
    target: 'es2022',
    // three.js is most of the initial bundle; bench/bundle.ts watches the gzip size (target ≤ 250 KB).
    chunkSizeWarningLimit: 900,
    rollupOptions: {
      input: {
        main: resolve(import.meta.dirname, 'index.html'),
        verify: resolve(import.meta.dirname, 'verify.html'),
      },
    },
  },
  worker: { format: 'es' },
  server: { host: '127.0.0.1' },
  preview: { host: '127.0.0.1' },
});
