// A Vite plugin: PeerJS signalling at /peerjs on the dev (`npm start`) and preview servers'
// own http server, same origin as the page, so a game started there needs nothing else.
import type { Server } from 'node:http';
import type { Plugin, PreviewServer, ViteDevServer } from 'vite';
import { attachSignalling } from './signalling.ts';

function mount(server: ViteDevServer | PreviewServer): void {
  const http = server.httpServer as Server | null;
  if (!http) return; // middleware mode: the embedding server brings its own signalling
  const signalling = attachSignalling(http);
  server.middlewares.use((req, res, next) => {
    if (!signalling.handle(req, res, next)) next();
  });
  http.once('close', () => signalling.close());
}

export function signallingPlugin(): Plugin {
  return {
    name: 'carcassonne-sw-signalling',
    configureServer: mount,
    configurePreviewServer: mount,
  };
}
