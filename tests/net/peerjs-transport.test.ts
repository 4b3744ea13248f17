// The PeerJS transport over real WebRTC (node-datachannel) and a real signalling server,
// all on 127.0.0.1. The globals PeerJS needs are installed by the first import.
import './support/node-webrtc';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createPeerJsTransport, type PeerJsTransport, type PeerJsTransportOptions } from '../../src/net/peerjs-transport';
import { MAX_FRAME_CHARS, SignallingError, type PeerId } from '../../src/net/transport';
import { loadPeerJs } from './support/node-webrtc';
import { startSignalling, type TestSignalling } from './support/signalling-server';

/** Records what a transport's handlers saw. */
class Probe {
  readonly opened: PeerId[] = [];
  readonly closed: PeerId[] = [];
  readonly frames: [PeerId, string][] = [];
  /** Failed dials, with the transport's reason. */
  readonly failures: [PeerId, string][] = [];
  private waiters: (() => void)[] = [];
  constructor(readonly transport: PeerJsTransport) {
    transport.listen({
      open: (p) => this.note(() => this.opened.push(p)),
      close: (p) => this.note(() => this.closed.push(p)),
      message: (p, f) => this.note(() => this.frames.push([p, f])),
    });
    transport.onLinkFailure((p, reason) => this.failures.push([p, reason]));
  }
  private note(f: () => void) {
    f();
    for (const w of this.waiters.splice(0)) w();
  }
  /** Resolves when `cond` holds; fails after `ms`. */
  until(cond: () => boolean, what: string, ms = 25_000): Promise<void> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`timed out waiting for ${what}`)), ms);
      const check = () => {
        if (cond()) {
          clearTimeout(timer);
          resolve();
        } else this.waiters.push(check);
      };
      check();
    });
  }
}

let signalling: TestSignalling;
const live: PeerJsTransport[] = [];
const options = (extra: Partial<PeerJsTransportOptions> = {}): PeerJsTransportOptions => ({
  host: '127.0.0.1',
  port: signalling.port,
  path: '/',
  secure: false,
  iceServers: [],
  ...extra,
});
async function open(extra?: Partial<PeerJsTransportOptions>): Promise<Probe> {
  const t = await createPeerJsTransport(options(extra));
  live.push(t);
  return new Probe(t);
}
/** Polls `cond` every 50 ms; fails after `ms`. */
async function eventually(cond: () => boolean, what: string, ms = 25_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
function within<T>(p: Promise<T>, what: string, ms = 25_000): Promise<T> {
  let timer: ReturnType<typeof setTimeout>;
  return Promise.race([
    p,
    new Promise<T>((_, reject) => (timer = setTimeout(() => reject(new Error(`timed out waiting for ${what}`)), ms))),
  ]).finally(() => clearTimeout(timer));
}
const linked = (a: Probe, b: Probe) =>
  a.until(() => a.transport.connected().includes(b.transport.id), `${a.transport.id} ↔ ${b.transport.id}`);
/**
 * Dials like the session does: a dial may fail (the transport promises nothing; node-datachannel
 * now and then fails a DTLS handshake between two connections of one process, on a loaded machine
 * several times in a row within milliseconds), and a failed dial is reported by `close`, so it is
 * redialled after a short pause, at most five times; the failure names the reasons seen.
 */
async function dial(a: Probe, b: Probe): Promise<void> {
  const closesOfB = () => a.closed.filter((p) => p === b.transport.id).length; // not another dial's
  const reasons = () => a.failures.filter(([p]) => p === b.transport.id).map(([, r]) => r);
  for (let attempt = 1; ; attempt++) {
    const closes = closesOfB();
    a.transport.connect(b.transport.id);
    await a.until(
      () => a.transport.connected().includes(b.transport.id) || closesOfB() > closes,
      `${a.transport.id} → ${b.transport.id}`,
      16_000,
    );
    if (a.transport.connected().includes(b.transport.id)) return await linked(b, a);
    if (attempt === 5)
      throw new Error(`five dials from ${a.transport.id} to ${b.transport.id} failed (${reasons().join('; ') || 'closed'})`);
    await new Promise((r) => setTimeout(r, 100 * attempt));
  }
}

/** A raw PeerJS channel to `to`, redialled like `dial` (at most three times) should a handshake fail. */
async function rawChannel(raw: import('peerjs').Peer, to: PeerId): Promise<import('peerjs').DataConnection> {
  for (let attempt = 1; ; attempt++) {
    const conn = raw.connect(to, { reliable: true, serialization: 'raw' });
    const opened = await within(
      new Promise<boolean>((resolve) => {
        conn.once('open', () => resolve(true));
        conn.once('close', () => resolve(false));
        conn.once('error', () => resolve(false));
      }),
      'the raw channel opens',
      10_000,
    ).catch(() => false);
    if (opened) return conn;
    conn.close();
    if (attempt === 3) throw new Error(`three raw dials to ${to} failed`);
  }
}

beforeAll(async () => {
  signalling = await startSignalling();
});
afterEach(() => {
  for (const t of live.splice(0)) t.close();
});
afterAll(async () => {
  await signalling.close();
});

describe('PeerJS transport over real WebRTC on loopback', () => {
  it('forms a full mesh of three and carries frames both ways, untouched', async () => {
    const [a, b, c] = await Promise.all([open(), open(), open()]);
    expect(new Set([a, b, c].map((p) => p.transport.id)).size).toBe(3);
    b.transport.connect(c.transport.id);
    b.transport.connect(c.transport.id); // idempotent while opening
    await Promise.all([dial(a, b), dial(a, c), dial(b, c)]);
    expect(c.transport.connected()).toEqual([a.transport.id, b.transport.id].sort());

    const odd = ['{"k":"act","seq":1}', 'não é JSON ✓ 🚀', '', 'x'.repeat(MAX_FRAME_CHARS)];
    const all = [a, b, c];
    for (const from of all)
      for (const to of all) if (from !== to) for (const f of odd) expect(from.transport.send(to.transport.id, f)).toBe(true);
    for (const to of all) await to.until(() => to.frames.length === 2 * odd.length, 'every frame');
    for (const to of all)
      for (const from of all) if (from !== to) expect(to.frames.filter(([p]) => p === from.transport.id).map(([, f]) => f)).toEqual(odd); // ordered, exact
    expect(a.transport.send('nobody-here', 'x')).toBe(false);
  });

  it('closes one link mid-way, redials it, and takes back a peer that returns with a new transport', async () => {
    const [a, b, c] = await Promise.all([open(), open(), open()]);
    await Promise.all([dial(a, b), dial(a, c), dial(b, c)]);

    a.transport.disconnect(b.transport.id);
    await b.until(() => b.closed.includes(a.transport.id), 'b sees the link to a close');
    expect(a.transport.connected()).toEqual([c.transport.id]);
    expect(a.transport.send(b.transport.id, 'lost')).toBe(false);
    await dial(b, a); // re-connect after a close
    expect(b.transport.send(a.transport.id, 'again')).toBe(true);
    await a.until(() => a.frames.some(([, f]) => f === 'again'), 'frame over the redialled link');

    // c "reloads": its transport goes away and a new one, with a new id, dials the others.
    const oldC = c.transport.id;
    c.transport.close();
    await Promise.all([a.until(() => a.closed.includes(oldC), 'a sees c go'), b.until(() => b.closed.includes(oldC), 'b sees c go')]);
    const c2 = await open();
    expect(c2.transport.id).not.toBe(oldC);
    await Promise.all([dial(c2, a), dial(c2, b)]);
    a.transport.send(c2.transport.id, 'welcome back');
    c2.transport.send(b.transport.id, 'hello b');
    await c2.until(() => c2.frames.some(([p, f]) => p === a.transport.id && f === 'welcome back'), 'c2 hears a');
    await b.until(() => b.frames.some(([p, f]) => p === c2.transport.id && f === 'hello b'), 'b hears c2');
    expect(c.frames).toEqual([]); // the closed transport heard nothing more
  });

  it('drops frames over the cap unread, and refuses channels that PeerJS would parse', async () => {
    const b = await open();
    const { Peer } = (await loadPeerJs()) as unknown as { Peer: typeof import('peerjs').Peer };
    const raw = new Peer({ host: '127.0.0.1', port: signalling.port, path: '/', secure: false, debug: 0, config: { iceServers: [] } });
    try {
      await within(new Promise<void>((resolve) => raw.once('open', () => resolve())), 'the raw peer gets an id');
      // Our own sender refuses an oversized frame.
      const a = await open();
      await dial(a, b);
      expect(a.transport.send(b.transport.id, 'y'.repeat(MAX_FRAME_CHARS + 1))).toBe(false);

      // A hostile sender bypasses that: the receiver drops the frame and keeps the link.
      const conn = await rawChannel(raw, b.transport.id);
      conn.send('z'.repeat(MAX_FRAME_CHARS + 1));
      conn.send(new Uint8Array([1, 2, 3]).buffer);
      conn.send('small');
      await b.until(() => b.frames.some(([, f]) => f === 'small'), 'the small frame');
      expect(b.frames.filter(([p]) => p === raw.id).map(([, f]) => f)).toEqual(['small']);
      const closes = b.closed.length; // a failed earlier dial of the raw channel may have closed once

      // A 'json' channel would have PeerJS JSON.parse untrusted bytes: it is closed unanswered,
      // and the raw link from the same peer is left as it was.
      const json = raw.connect(b.transport.id, { reliable: true, serialization: 'json', label: 'json' });
      json.once('open', () => json.send({ parsed: 'by PeerJS' }));
      await new Promise((r) => setTimeout(r, 2_500));
      expect(json.open).toBe(false);
      conn.send('after');
      await b.until(() => b.frames.some(([, f]) => f === 'after'), 'a frame after the refused channel');
      expect(b.frames.filter(([p]) => p === raw.id).map(([, f]) => f)).toEqual(['small', 'after']);
      expect(b.closed.length).toBe(closes);
    } finally {
      raw.destroy();
    }
  });

  it('refuses incoming links beyond its limit of proven ones', async () => {
    const [b, a, c] = await Promise.all([open({ maxLinks: 1, dialTimeoutMs: 3_000 }), open(), open({ dialTimeoutMs: 3_000 })]);
    await dial(a, b);
    b.transport.proven(a.transport.id); // the session's handshake said who a is
    c.transport.connect(b.transport.id);
    await c.until(() => c.closed.includes(b.transport.id), 'the refused dial to fail', 25_000);
    expect(b.transport.connected()).toEqual([a.transport.id]);
    expect(b.opened).toEqual([a.transport.id]);
  });

  // A dial may fail its DTLS handshake in node-datachannel now and then and be redialled (`dial`):
  // each attempt is a new incoming link and a failed one is a close, so these tests count the
  // closes each step adds, and check what must hold whatever the attempts.
  it("strangers' silent channels give way to a new dial; a proven link never does", async () => {
    const [b, p, s1, s2, a] = await Promise.all([open({ maxLinks: 4, maxUnproven: 2 }), open(), open(), open(), open()]);
    const closes = (x: Probe) => b.closed.filter((id) => id === x.transport.id).length;
    await dial(p, b);
    b.transport.proven(p.transport.id);
    // Two silent strangers fill the strangers' slots...
    await dial(s1, b);
    await dial(s2, b);
    expect(b.transport.connected()).toEqual([p.transport.id, s1.transport.id, s2.transport.id].sort());
    // ...and a third dial (a player who says hello at once) takes the oldest one's.
    const before = { s1: closes(s1), p: closes(p) };
    await dial(a, b);
    await b.until(() => closes(s1) > before.s1, 'the oldest silent stranger to go');
    await s1.until(() => s1.closed.includes(b.transport.id), 'its channel closed on its side too');
    a.transport.send(b.transport.id, 'hello');
    await b.until(() => b.frames.some(([from, f]) => from === a.transport.id && f === 'hello'), "a's hello");
    // One more silent dial: a silent one gives way, never the one that spoke, nor the proven one.
    const spoke = closes(a);
    const s2Before = closes(s2);
    await dial(s1, b);
    await b.until(() => closes(s2) > s2Before, 'the other silent stranger to go');
    expect(closes(a)).toBe(spoke);
    expect(closes(p)).toBe(before.p);
    expect(b.transport.connected()).toEqual([p.transport.id, a.transport.id, s1.transport.id].sort());
  });

  it("a dial with the game's ticket never waits among strangers; a wrong ticket does", async () => {
    const [b, s1, s2, a, c] = await Promise.all([open({ maxLinks: 4, maxUnproven: 2 }), open(), open(), open(), open()]);
    const closes = (x: Probe) => b.closed.filter((id) => id === x.transport.id).length;
    b.transport.admit({ ticket: () => null, admits: (_peer, ticket) => ticket === 'the-game' });
    await dial(s1, b);
    await dial(s2, b);
    // The strangers' slots are full; a player's dial takes none of them and sends no stranger away.
    const strangersClosed = closes(s1) + closes(s2);
    a.transport.admit({ ticket: () => 'the-game', admits: () => false });
    await dial(a, b);
    expect(closes(s1) + closes(s2)).toBe(strangersClosed);
    expect(b.transport.connected()).toEqual([s1.transport.id, s2.transport.id, a.transport.id].sort());
    // A dial with another ticket is a stranger's: a silent one gives way, never the player.
    const player = closes(a);
    c.transport.admit({ ticket: () => 'a-guess', admits: () => false });
    await dial(c, b);
    await b.until(() => closes(s1) + closes(s2) > strangersClosed, 'a silent stranger to go');
    expect(closes(a)).toBe(player);
    expect(b.transport.connected()).toContain(a.transport.id);
    expect(b.transport.connected()).toContain(c.transport.id);
  });

  it('detects a peer that died without a goodbye, and closes its link', { timeout: 120_000 }, async () => {
    const deadAfterMs = 3_000;
    const a = await open({ pingIntervalMs: 500, deadAfterMs });
    const script = fileURLToPath(new URL('./support/transport-child.ts', import.meta.url));
    const child = spawn(process.execPath, ['--import', 'tsx', script, String(signalling.port), a.transport.id], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    try {
      let childOut = '';
      child.stdout.setEncoding('utf8').on('data', (s: string) => (childOut += s));
      // Two phases with their own bounds: the child's start-up (tsx, PeerJS, signalling), which
      // a loaded CI machine slows down, then its dials (redialled by the child, at most three).
      await eventually(() => /^id \S+/m.test(childOut), "the child's transport to start", 30_000);
      const childId = /^id (\S+)/m.exec(childOut)![1];
      await a
        .until(() => a.opened.length === 1, 'the child dials in', 3 * 10_000)
        .catch((e: Error) => {
          throw new Error(`${e.message}; the child said: ${childOut.trim().split('\n').join(', ')}`);
        });
      expect(a.opened[0]).toBe(childId);
      expect(a.transport.connected()).toEqual([childId]);
      a.transport.send(a.opened[0], 'echo?');
      await a.until(() => a.frames.some(([, f]) => f === 'echo?'), 'the echo');

      // A failed first dial of the child's may already have been reported as a close: only a
      // close after the kill counts.
      const closesBefore = a.closed.length;
      child.kill('SIGKILL');
      // A generous bound, not the keep-alive's own (deadAfterMs): a shared machine's wall clock is not a rule.
      await a.until(() => a.closed.slice(closesBefore).includes(a.opened[0]), 'the dead link to close', 10 * deadAfterMs);
      expect(a.transport.connected()).toEqual([]);
    } finally {
      child.kill('SIGKILL');
    }
  });

  it('re-opens the signalling connection when the server comes back', async () => {
    const port = signalling.port;
    const a = await open();
    const b = await open();
    await dial(a, b);
    await signalling.close();
    await eventually(() => a.transport.signalling() === 'reconnecting', 'a notices the lost server');
    expect(a.transport.send(b.transport.id, 'still here')).toBe(true); // data channels do not need the server
    await b.until(() => b.frames.some(([, f]) => f === 'still here'), 'frame while the server is down');
    a.transport.connect('nobody-while-offline'); // no dial without the server: reported as a failed dial
    await a.until(() => a.closed.includes('nobody-while-offline'), 'the failed dial to be reported', 5_000);
    signalling = await startSignalling(port);
    await eventually(() => a.transport.signalling() === 'open', 'a back on the server', 15_000);
    const c = await open();
    await dial(c, a); // a is reachable again by its id
  });

  it('rejects with one line when no signalling server answers', async () => {
    const err = await createPeerJsTransport({ ...options(), port: 1, signallingTimeoutMs: 3_000 }).catch((e: Error) => e);
    expect(err).toBeInstanceOf(Error);
    expect((err as Error).message).toMatch(/^signalling server wss?:\/\/127\.0\.0\.1:1\//);
    expect((err as Error).message).not.toContain('\n');
    // the server tried and a non-empty reason, for the page to name them (never "server-error: ")
    expect(err).toBeInstanceOf(SignallingError);
    expect((err as SignallingError).server).toMatch(/127\.0\.0\.1:1/);
    expect((err as SignallingError).why).toMatch(/\w/);
    expect((err as Error).message).not.toMatch(/: $/);
  });
});
