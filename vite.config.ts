// Multi-page static build: the game (index.html) and the offline replay verifier
// (verify.html). `base: './'` makes dist/ work from any folder of any static host.
import { resolve } from 'node:path';
import { defineConfig } from 'vite';
import { signallingPlugin } from './src/cli/signalling-plugin.ts';
import { VitePWA } from 'vite-plugin-pwa';

export default defineConfig({
  base: './',
  build: {
    target: 'es2022',
    // three.js and the table load when a game opens (src/render/lazy-tabletop.ts); bench/bundle.ts watches the home screen's gzip size (≤ 120 KB).
    chunkSizeWarningLimit: 900,
    rollupOptions: {
      input: {
        main: resolve(import.meta.dirname, 'index.html'),
        verify: resolve(import.meta.dirname, 'verify.html'),
      },
    },
  },
  worker: { format: 'es' },
  plugins: [
    // PeerJS signalling at /peerjs on the dev and preview servers (P3.3).
    signallingPlugin(),
    // Installable and offline (src/app-updates.ts registers the generated Workbox service worker).
    VitePWA({
      registerType: 'prompt',
      injectRegister: false,
      includeAssets: ['favicon.svg', 'icon.svg'],
      manifest: {
        name: 'Carcassonne: Star Wars',
        short_name: 'Carcassonne SW',
        description: 'Tile-laying with trade routes, asteroid fields and planets; hotseat, solo against bots, fair dice.',
        start_url: './',
        scope: './',
        display: 'standalone',
        background_color: '#070b1a',
        theme_color: '#070b1a',
        icons: [
          { src: 'icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: 'icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: 'icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
          { src: 'icon.svg', sizes: 'any', type: 'image/svg+xml' },
        ],
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
        navigateFallback: 'index.html',
        navigateFallbackDenylist: [/verify\.html/],
      },
    }),
  ],
  server: { host: '127.0.0.1' },
  preview: { host: '127.0.0.1' },
});
