// A join link's form opens the signalling ahead (online.ts openTransportAhead): the click on Play
// takes that transport when it was opened for the server the game uses and its socket is still
// open; otherwise it is closed and a new one is made. Nothing is opened when the player is to be
// asked which server to use. PeerJS, the settings and the mesh session are stand-ins here.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { LinkSignalling } from '../../src/net/online';

interface FakeTransport {
  id: string;
  options: { host: string; port: number };
  state: 'open' | 'reconnecting' | 'closed';
  closed: boolean;
  signalling(): string;
  close(): void;
  onLinkFailure(): void;
  onSignalling(): void;
}

const made: FakeTransport[] = [];
let settings = { host: 'mine.example', port: 443, path: '/', secure: true, iceServers: null };
let source = 'same-origin';

vi.mock('../../src/net/peerjs-transport', () => ({
  loadPeer: async () => ({}),
  createPeerJsTransport: async (options: FakeTransport['options']) => {
    const t: FakeTransport = {
      id: `t${made.length}`,
      options,
      state: 'open',
      closed: false,
      signalling() {
        return this.closed ? 'closed' : this.state;
      },
      close() {
        this.closed = true;
      },
      onLinkFailure() {},
      onSignalling() {},
    };
    made.push(t);
    return t;
  },
}));
vi.mock('../../src/net/net-settings', () => ({
  resolveNetSettings: async () => ({ settings, source, warnings: [] }),
}));
vi.mock('../../src/net/fast-ed25519', () => ({ webCryptoEd25519: async () => null }));
vi.mock('../../src/net/mesh-session', () => ({
  MeshSession: { join: (opts: { transport: FakeTransport }) => ({ transport: opts.transport }) },
}));

const { openOnline, openTransportAhead } = await import('../../src/net/online');

const hostServer: LinkSignalling = { host: 'host.example', port: 9000, path: '/peerjs', secure: true };
const join = (signalling: LinkSignalling | null) =>
  openOnline({ kind: 'join', name: 'Ana', peer: 'host-peer', watch: false, invite: null, signalling }, {
    store: {} as never,
    botRunner: undefined as never,
    pace: undefined as never,
  } as never) as unknown as Promise<{ transport: FakeTransport }>;
const settle = () => new Promise((r) => setTimeout(r, 0));

describe('the signalling opened ahead of the join click', () => {
  beforeEach(() => {
    made.length = 0;
    settings = { host: 'mine.example', port: 443, path: '/', secure: true, iceServers: null };
    source = 'same-origin';
  });

  it('is the transport the game uses when it was opened for the same server', async () => {
    openTransportAhead(null);
    await settle();
    expect(made).toHaveLength(1); // opened before the click
    const mesh = await join(null);
    expect(mesh.transport).toBe(made[0]);
    expect(made).toHaveLength(1);
    expect(made[0].closed).toBe(false);
  });

  it("takes the link's server ahead when the page has no server of its own, as the form does", async () => {
    source = 'public';
    openTransportAhead(hostServer);
    await settle();
    expect(made[0].options.host).toBe('host.example');
    const mesh = await join(hostServer);
    expect(mesh.transport).toBe(made[0]);
  });

  it('opens nothing when the player is to be asked which server to use', async () => {
    openTransportAhead(hostServer); // the page has its own server ('same-origin'), the link names another
    await settle();
    expect(made).toHaveLength(0);
    const mesh = await join(null); // the player kept the page's server
    expect(made).toHaveLength(1);
    expect(mesh.transport.options.host).toBe('mine.example');
  });

  it('is closed and replaced when the game uses another server than the one opened ahead', async () => {
    openTransportAhead(null);
    await settle();
    source = 'public';
    const mesh = await join(hostServer);
    expect(made).toHaveLength(2);
    expect(made[0].closed).toBe(true);
    expect(mesh.transport).toBe(made[1]);
    expect(mesh.transport.options.host).toBe('host.example');
  });

  it('is closed and replaced when its socket dropped while the form was on screen', async () => {
    openTransportAhead(null);
    await settle();
    made[0].state = 'reconnecting';
    const mesh = await join(null);
    expect(made[0].closed).toBe(true);
    expect(mesh.transport).toBe(made[1]);
  });

  it('is taken once: a second game makes its own', async () => {
    openTransportAhead(null);
    await settle();
    const first = await join(null);
    const second = await join(null);
    expect(first.transport).toBe(made[0]);
    expect(second.transport).toBe(made[1]);
  });
});
