// PeerJS signalling (the `peer` package) on an http server we already run, at /peerjs, same
// origin as the page (P3.3), and the /net-config.json that tells the page so. Used by the
// Vite dev/preview servers (signalling-plugin.ts) and by `npm run lan` (lan.ts).
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { ExpressPeerServer } from 'peer';
import { WebSocketServer } from 'ws';
import { NET_CONFIG_FILE, SIGNALLING_PATH, netConfigBody } from '../net/net-settings.ts';

/** The PeerJS client's socket: `${path}/peerjs?key=…&id=…&token=…`. */
const SOCKET_PATH = `${SIGNALLING_PATH}/peerjs`;
/** Signalling messages are SDP and candidates, a few KB; anything far larger is not ours. */
const MAX_SIGNAL_BYTES = 64 * 1024;

export interface Signalling {
  /** Serves /peerjs/… and /net-config.json; returns false for any other request. */
  handle(req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void): boolean;
  /** Drops every signalling socket and stops taking new ones. */
  close(): void;
}

const pathname = (url: string | undefined) => (url ?? '/').split('?')[0];

export function attachSignalling(server: Server): Signalling {
  const sockets = new WebSocketServer({ noServer: true, maxPayload: MAX_SIGNAL_BYTES });
  const app = ExpressPeerServer(server, {
    path: SIGNALLING_PATH,
    allow_discovery: false,
    proxied: false,
    // The socket server only answers upgrades at its own path: Vite's HMR socket shares this http server.
    createWebSocketServer: () => sockets,
  });
  // ExpressPeerServer starts when mounted in an express app; here it is a plain middleware, so
  // it is told directly. Express's own mount hook re-parents the app's prototypes onto the
  // parent's: handing it the ones it already has leaves them as they are.
  const proto = (o: object) => Object.getPrototypeOf(o) as object;
  const self = app as unknown as { request: object; response: object; engines: object; settings: object };
  app.emit('mount', {
    request: proto(self.request),
    response: proto(self.response),
    engines: proto(self.engines),
    settings: proto(self.settings),
  });
  const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    if (pathname(req.url) !== SOCKET_PATH) return;
    sockets.handleUpgrade(req, socket, head, (ws) => sockets.emit('connection', ws, req));
  };
  server.on('upgrade', onUpgrade);
  const configBody = netConfigBody([]);
  return {
    handle(req, res, next) {
      const path = pathname(req.url);
      // Any folder's net-config.json: a page fetches it relative to itself; signalling stays at the root's /peerjs.
      if (path.endsWith(`/${NET_CONFIG_FILE}`)) {
        res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' });
        res.end(configBody);
        return true;
      }
      if (path !== SIGNALLING_PATH && !path.startsWith(`${SIGNALLING_PATH}/`)) return false;
      app(req as Parameters<typeof app>[0], res as Parameters<typeof app>[1], next);
      return true;
    },
    close() {
      server.off('upgrade', onUpgrade);
      for (const ws of sockets.clients) ws.terminate();
      sockets.close();
    },
  };
}
