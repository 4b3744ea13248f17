// A PeerJS signalling server (the `peer` package) on 127.0.0.1 and a free port, for tests.
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PeerServer, type IClient } from 'peer';

export interface TestSignalling {
  port: number;
  /** Stops the server and drops every signalling socket (data channels already open stay up). */
  close(): Promise<void>;
}

export function startSignalling(port = 0): Promise<TestSignalling> {
  return new Promise((resolve, reject) => {
    const clients = new Set<IClient>();
    const app = PeerServer({ host: '127.0.0.1', port, path: '/' }, (server) => {
      const http = server as Server;
      resolve({
        port: (http.address() as AddressInfo).port,
        close: () =>
          new Promise<void>((done) => {
            for (const c of clients) (c.getSocket() as { terminate?: () => void } | null)?.terminate?.();
            http.close(() => done());
            http.closeAllConnections();
          }),
      });
    });
    app.on('connection', (c: IClient) => clients.add(c));
    app.on('disconnect', (c: IClient) => clients.delete(c));
    app.on('error', (e: unknown) => reject(e instanceof Error ? e : new Error(String(e))));
  });
}
