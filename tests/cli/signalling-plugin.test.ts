// The Vite plugin behind `npm start`: PeerJS signalling and /net-config.json on the dev
// server's own http server (same origin as the page), with Vite's HMR socket unharmed.
import '../net/support/node-webrtc';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { createServer, type ViteDevServer } from 'vite';
import { WebSocket } from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signallingPlugin } from '../../src/cli/signalling-plugin';
import { createPeerJsTransport } from '../../src/net/peerjs-transport';

const FIXTURE = fileURLToPath(new URL('./fixtures/lan-dist', import.meta.url));
let vite: ViteDevServer;
let base: string;

beforeAll(async () => {
  vite = await createServer({
    configFile: false,
    root: FIXTURE,
    logLevel: 'silent',
    plugins: [signallingPlugin()],
    server: { host: '127.0.0.1', port: 0, strictPort: false },
  });
  await vite.listen();
  base = `http://127.0.0.1:${(vite.httpServer!.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await vite.close();
});

describe('signalling on the dev server', () => {
  it('answers /net-config.json and /peerjs before the page fallback', async () => {
    const config = await fetch(`${base}/net-config.json`);
    expect(config.headers.get('content-type')).toMatch(/json/);
    expect(await config.json()).toEqual({ kind: 'carcassonne-sw-net-config', version: 1, signallingPath: '/peerjs', iceServers: [] });
    expect(await (await fetch(`${base}/peerjs/`)).json()).toMatchObject({ name: 'PeerJS Server' });
    expect(await (await fetch(`${base}/`)).text()).toContain('carcassonne lan fixture');
  });

  it('links two PeerJS transports through it', async () => {
    const options = { host: '127.0.0.1', port: Number(new URL(base).port), path: '/peerjs', secure: false, iceServers: [] };
    const [a, b] = await Promise.all([createPeerJsTransport(options), createPeerJsTransport(options)]);
    try {
      const heard = new Promise<string>((resolve) => b.listen({ open: () => {}, close: () => {}, message: (_, f) => resolve(f) }));
      let redials = 2;
      const opened = new Promise<void>((resolve) =>
        a.listen({ open: () => resolve(), close: () => redials-- > 0 && a.connect(b.id), message: () => {} }),
      );
      a.connect(b.id);
      await opened;
      a.send(b.id, 'via npm start');
      expect(await heard).toBe('via npm start');
    } finally {
      a.close();
      b.close();
    }
  });

  it('leaves other websocket upgrades (Vite HMR) to Vite', async () => {
    const client = await (await fetch(`${base}/@vite/client`)).text();
    const token = /wsToken\s*=\s*"([^"]*)"/.exec(client)?.[1] ?? /const wsToken = "([^"]*)"/.exec(client)?.[1] ?? '';
    const ws = new WebSocket(`${base.replace('http', 'ws')}/?token=${token}`, 'vite-hmr');
    const outcome = await new Promise<string>((resolve) => {
      ws.once('message', (m) => resolve(String(m)));
      ws.once('error', (e) => resolve(`error ${e.message}`));
      setTimeout(() => resolve('silent'), 5_000);
    });
    ws.terminate();
    expect(outcome).toContain('connected');
  });
});
