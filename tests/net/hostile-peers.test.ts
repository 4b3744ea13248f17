// Issue 12, the cheating-peer suite: a peer that misbehaves on purpose, over the in-memory
// network. Each case asserts that the honest peers are told why (onReject), that their
// log and state hash did not change (or, where a seat is dropped, that every peer ends
// with the same log), and that the game still finishes with a log the verifier accepts.
import { describe, expect, it } from 'vitest';
import { stateHash } from '../../src/engine';
import { verifyReplay } from '../../src/fair';
import type { Awaiting } from '../../src/fair/follower';
import { sign, type Identity } from '../../src/net/identity';
import type { Chaos } from '../../src/sim/memory-network';
import { MAX_ITEMS_PER_SEAT, SEQ_WINDOW } from '../../src/net/lockstep/limits';
import type { SimMeshSession as MeshSession } from '../../src/sim/sim-mesh-session';
import { MeshSim, type SimPeer } from '../../src/sim/mesh-sim';
import { boundToPrefix, encodeFrame, itemSigningText, type Item, unusedClaim } from '../../src/net/wire';

const HOUR = 3_600_000;
const LIGHT: Chaos = { drop: 0.02, duplicate: 0.02, minDelay: 5, maxDelay: 40, reorder: 0.05, reorderDelay: 80 };

const replicaOf = (s: MeshSession) => s.replicaView!;
const awaiting = (p: SimPeer): Awaiting => replicaOf(p.session).awaiting();
const length = (p: SimPeer): number => replicaOf(p.session).length;

/** The history the liar signs its lies on: its own log's prefix hashes (set by each test). */
let historyOf: ((at: number) => string | null) | null = null;

function signed(gameId: string, key: Identity, a: number, n: number, at: number, body: Item['body'], h: Item['h'] = null): Item {
  const p = boundToPrefix(body) ? (historyOf?.(at) ?? '00'.repeat(32)) : null;
  const unsigned = { a, n, at, body, h, p, w: unusedClaim(body, 3) };
  return { ...unsigned, sig: sign(key, 'item', itemSigningText(gameId, unsigned)) };
}

/** The liar's next sequence number as the honest peers see it (items it has not sent yet take it). */
const nextN = (liar: SimPeer) => (liar.session as unknown as { nextSeq: number }).nextSeq;

/**
 * Injects one frame as if sent by `from` (an authenticated peer) into each honest peer;
 * asserts that each one reports a reason matching `reason` and changes neither its log
 * nor its state hash.
 */
function injectRejected(sim: MeshSim, from: SimPeer, to: SimPeer[], frame: (victim: SimPeer) => string, reason: RegExp): void {
  for (const victim of to) {
    const before = victim.session.replayText();
    const hash = stateHash(victim.session.state);
    const seen = victim.rejects.length;
    sim.net.transport(victim.session.transportId)!.handlers!.message(from.session.transportId, frame(victim));
    const got = victim.rejects.slice(seen);
    expect(got.length, `${victim.name}: ${reason}`).toBeGreaterThanOrEqual(1);
    expect(
      got.some((l) => reason.test(l)),
      `${victim.name} said ${JSON.stringify(got)}, not ${reason}`,
    ).toBe(true);
    for (const l of got) expect(l.length).toBeLessThanOrEqual(200);
    expect(victim.session.replayText()).toBe(before);
    expect(stateHash(victim.session.state)).toBe(hash);
  }
}

function expectConverged(sim: MeshSim): string {
  const logs = sim.logs();
  for (const l of logs) expect(l).toBe(logs[0]);
  const report = verifyReplay(logs[0]);
  expect(report.ok ? 'ok' : report.message).toBe('ok');
  return logs[0];
}

async function playToEnd(sim: MeshSim): Promise<void> {
  expect(await sim.runUntil(() => sim.finished(), 2 * HOUR)).toBe(true);
  for (const p of sim.everyone) expect(p.session.phase).toBe('over');
}

/** Holds back everything the liar's own session sends, until the returned function is called. */
function silence(sim: MeshSim, liar: SimPeer): () => void {
  const id = liar.session.transportId;
  sim.net.filter = (from) => from !== id;
  return () => {
    sim.net.filter = null;
  };
}

describe('hostile peers: every lie is refused with a reason and changes no honest state (issue 12)', () => {
  it("illegal move, move out of turn, another seat's move or key, forged signature, bad or early reveal, replayed and oversized frames", async () => {
    // Long timeouts: holding the liar's reveal back for a while must not get it dropped here.
    const sim = new MeshSim({ peers: 3, seed: 1201, chaos: LIGHT, timeouts: { moveMs: 600_000, revealMs: 600_000 } });
    await sim.open();
    const [honestA, liar, honestB] = sim.peers;
    historyOf = (at) => sim.peers[0].session.prefixAt(at) ?? liar.session.prefixAt(at);
    const honest = [honestA, honestB];
    const gameId = honestA.session.gameId;
    const key = liar.session.identity;
    const me = 1; // peer i sits in lobby seat i (mesh-sim)
    const red = 0;
    const bothAt = (cond: (p: SimPeer) => boolean) =>
      honest.every((p) => p.session.started && cond(p)) && length(honestA) === length(honestB);

    // --- the moment the honest peers wait for the liar's placement (its own is still on the way)
    expect(
      await sim.runUntil(
        () =>
          bothAt((p) => {
            const a = awaiting(p);
            return a.kind === 'action' && a.phase === 'place' && a.colour === 'black' && p.session.state.turn >= 3;
          }),
        HOUR,
      ),
    ).toBe(true);
    const seat = honestA.session.state.setup.seats.indexOf('black');
    const at = length(honestA);
    const n = nextN(liar);
    // Illegal move: far off the board, signed by the right key for the right slot.
    injectRejected(
      sim,
      liar,
      honest,
      () =>
        encodeFrame({ t: 'item', item: signed(gameId, key, me, n, at, { k: 'entry', entry: { k: 'place', seat, x: 40, y: 40, r: 0 } }) }),
      /place for log index \d+ is refused/,
    );
    // A move for another seat (red's) under the liar's own key.
    injectRejected(
      sim,
      liar,
      honest,
      () =>
        encodeFrame({
          t: 'item',
          item: signed(gameId, key, me, n, at, {
            k: 'entry',
            entry: { k: 'place', seat: honestA.session.state.setup.seats.indexOf('red'), x: 1, y: 0, r: 0 },
          }),
        }),
      /sent a move for red's seat/,
    );
    // A message claiming to be another seat's: red's seat number, the liar's key.
    injectRejected(
      sim,
      liar,
      honest,
      () => encodeFrame({ t: 'item', item: signed(gameId, key, red, 100, at, { k: 'chat', c: 0, text: 'I am red' }) }),
      /not signed by red's key/,
    );
    // A forged signature: one bit of a good signature flipped.
    injectRejected(
      sim,
      liar,
      honest,
      () => {
        const good = signed(gameId, key, me, n, at, { k: 'chat', c: 0, text: 'hello' });
        const flipped = (parseInt(good.sig![0], 16) ^ 1).toString(16) + good.sig!.slice(1);
        return encodeFrame({ t: 'item', item: { ...good, sig: flipped } });
      },
      /not signed by black's key/,
    );
    // An unsigned item.
    injectRejected(
      sim,
      liar,
      honest,
      () => encodeFrame({ t: 'item', item: { a: me, n, at, body: { k: 'chat', c: 0, text: 'hi' }, h: null, p: null, w: null, sig: null } }),
      /unsigned item/,
    );
    // A reveal sent before it is due: the next event's, while the log waits for a placement.
    const next = replicaOf(honestA.session).follower.nextEvent;
    injectRejected(
      sim,
      liar,
      honest,
      () =>
        encodeFrame({
          t: 'item',
          item: signed(gameId, key, me, n, at, { k: 'entry', entry: { k: 'reveal', chain: me, event: next, value: 'ab'.repeat(32) } }),
        }),
      /before it is due/,
    );
    // A move for a slot already filled (signed for an old log index): late, refused.
    injectRejected(
      sim,
      liar,
      honest,
      () =>
        encodeFrame({ t: 'item', item: signed(gameId, key, me, n, at - 2, { k: 'entry', entry: { k: 'place', seat, x: 1, y: 0, r: 0 } }) }),
      /comes after that point was filled/,
    );
    // A replayed message from another game (the same seat, another game id): its signature does not hold here.
    injectRejected(
      sim,
      liar,
      honest,
      () => encodeFrame({ t: 'item', item: signed('another-game', key, me, n, at, { k: 'chat', c: 0, text: 'from last game' }) }),
      /not signed by black's key/,
    );
    // Numbered beyond what one seat may send in a game.
    injectRejected(
      sim,
      liar,
      honest,
      () => encodeFrame({ t: 'item', item: signed(gameId, key, me, MAX_ITEMS_PER_SEAT, at, { k: 'chat', c: 0, text: 'x' }) }),
      /numbered beyond/,
    );
    // Oversized, deeply nested, malformed.
    injectRejected(sim, liar, honest, () => 'x'.repeat(70_000), /over the 65536 limit/);
    injectRejected(sim, liar, honest, () => `{"t":"sync","have":${'['.repeat(40)}${']'.repeat(40)},"len":0}`, /not a valid frame/);
    injectRejected(
      sim,
      liar,
      honest,
      () =>
        `{"t":"item","item":{"a":1,"n":0,"at":0,"body":{"k":"chat","text":"x","extra":${'{"a":'.repeat(10)}1${'}'.repeat(10)}},"h":null,"sig":null}}`,
      /not a valid frame|unexpected field/,
    );
    // A replayed old item of this game (an exact copy of one already held) is a harmless duplicate: ignored, nothing changes.
    for (const victim of honest) {
      const old: Item = JSON.parse(victim.session.saveText()).items.find((i: Item) => i.a === me);
      const before = victim.session.replayText();
      const seen = victim.rejects.length;
      sim.net.transport(victim.session.transportId)!.handlers!.message(liar.session.transportId, encodeFrame({ t: 'item', item: old }));
      expect(victim.rejects.length).toBe(seen);
      expect(victim.session.replayText()).toBe(before);
    }

    // --- the moment the honest peers wait for the liar's reveal (its reveals held back; they come again by resend)
    const liarId = liar.session.transportId;
    sim.net.filter = (from, _to, frame) => from !== liarId || !frame.includes('"k":"reveal"');
    expect(
      await sim.runUntil(
        () =>
          bothAt((p) => {
            const a = awaiting(p);
            return a.kind === 'reveal' && a.chains[0] === me && p.session.state.turn >= 5;
          }),
        HOUR,
      ),
    ).toBe(true);
    const due = awaiting(honestA) as Extract<Awaiting, { kind: 'reveal' }>;
    // A reveal that is not the chain's next preimage.
    injectRejected(
      sim,
      liar,
      honest,
      () =>
        encodeFrame({
          t: 'item',
          item: signed(gameId, key, me, nextN(liar), length(honestA), {
            k: 'entry',
            entry: { k: 'reveal', chain: me, event: due.event, value: '00'.repeat(32) },
          }),
        }),
      /reveal for log index \d+ is refused: .*where the log expects/,
    );
    // A move out of turn: a placement while the log waits for a reveal.
    injectRejected(
      sim,
      liar,
      honest,
      () =>
        encodeFrame({
          t: 'item',
          item: signed(gameId, key, me, nextN(liar), length(honestA), {
            k: 'entry',
            entry: { k: 'place', seat: honestA.session.state.setup.seats.indexOf('black'), x: 1, y: 0, r: 0 },
          }),
        }),
      /sent a place out of turn/,
    );
    // A reveal of the right event but of a later one's number.
    injectRejected(
      sim,
      liar,
      honest,
      () =>
        encodeFrame({
          t: 'item',
          item: signed(gameId, key, me, nextN(liar), length(honestA), {
            k: 'entry',
            entry: { k: 'reveal', chain: me, event: due.event + 1, value: '00'.repeat(32) },
          }),
        }),
      /where event \d+ is due/,
    );

    sim.net.filter = null;
    // The game goes on and ends as if nothing had happened: no seat dropped, every log the same.
    await playToEnd(sim);
    const log = expectConverged(sim);
    expect(log).not.toContain('"k":"drop"');
    for (const p of honest) expect(p.session.forfeits()).toEqual([]);
    sim.dispose();
  }, 120_000);

  it('equivocation: the same entry signed twice with different content; both are kept as evidence, ' +
    'every honest peer learns it and the seat is dropped at one point', async () => {
    const sim = new MeshSim({ peers: 3, seed: 1202, chaos: LIGHT });
    await sim.open();
    const [honestA, liar, honestB] = sim.peers;
    historyOf = (at) => sim.peers[0].session.prefixAt(at) ?? liar.session.prefixAt(at);
    const me = 1; // peer i sits in lobby seat i (mesh-sim)
    // Wait until both honest peers took one of the liar's placements.
    const lastPlace = (p: SimPeer) =>
      (JSON.parse(p.session.saveText()).items as Item[])
        .filter((i) => i.a === me && i.body.k === 'entry' && i.body.entry.k === 'place')
        .pop();
    expect(
      await sim.runUntil(() => {
        if (!honestA.session.started || honestA.session.state.turn < 4) return false;
        const real = lastPlace(honestA);
        return !!real && length(honestA) > real.at + 2 && length(honestB) > real.at + 2;
      }, HOUR),
    ).toBe(true);
    const real = lastPlace(honestA)!;
    expect(real).toBeDefined();
    const entry = (real.body as { entry: { k: 'place'; seat: number; x: number; y: number; r: number } }).entry;
    const forged = signed(
      honestA.session.gameId,
      liar.session.identity,
      me,
      real.n,
      real.at,
      { k: 'entry', entry: { ...entry, r: (entry.r + 1) % 4 } },
      real.h,
    );
    // Only peer A is shown the second version; it must pass the evidence on to B.
    injectRejected(sim, liar, [honestA], () => encodeFrame({ t: 'item', item: forged }), /equivocation/);
    expect(honestA.session.evidence).toHaveLength(1);
    expect(honestA.session.evidence[0].a).toBe(me);
    expect(await sim.runUntil(() => honestB.rejects.some((l) => /equivocation/.test(l)), HOUR)).toBe(true);
    expect(honestB.session.evidence).toHaveLength(1);
    await playToEnd(sim);
    const log = expectConverged(sim);
    expect(log).toContain('{"k":"drop","colour":"black"}');
    for (const p of [honestA, honestB]) {
      expect(p.session.forfeits()).toEqual([{ colour: 'black', why: 'dropped' }]);
      expect(p.rejects.some((l) => /black is dropped at log index \d+ for equivocation/.test(l))).toBe(true);
    }
    sim.dispose();
  }, 120_000);

  it("withheld reveal: timeout, then the drop (by every other player's vote), a bot plays the seat and it forfeits", async () => {
    const sim = new MeshSim({ peers: 3, seed: 1203, chaos: LIGHT, timeouts: { moveMs: 30_000, revealMs: 10_000 } });
    await sim.open();
    const [honestA, liar, honestB] = sim.peers;
    historyOf = (at) => sim.peers[0].session.prefixAt(at) ?? liar.session.prefixAt(at);
    const me = 1; // peer i sits in lobby seat i (mesh-sim)
    expect(
      await sim.runUntil(() => honestA.session.started && honestA.session.state.turn >= 6 && awaiting(honestA).kind === 'reveal', HOUR),
    ).toBe(true);
    expect(me).toBe(1);
    // From now on the liar withholds everything (it keeps running and sees itself dropped).
    const release = silence(sim, liar);
    const started = sim.clock.now();
    expect(await sim.runUntil(() => [honestA, honestB].every((p) => p.session.forfeits().length > 0), HOUR)).toBe(true);
    // Not before the visible timeout.
    expect(sim.clock.now() - started).toBeGreaterThanOrEqual(10_000);
    for (const p of [honestA, honestB])
      expect(p.rejects.some((l) => /black is dropped at log index \d+ after its time ran out/.test(l))).toBe(true);
    release();
    await playToEnd(sim);
    const log = expectConverged(sim);
    expect(log).toContain('{"k":"drop","colour":"black"}');
    for (const p of sim.peers) expect(p.session.forfeits()).toEqual([{ colour: 'black', why: 'dropped' }]);
    sim.dispose();
  }, 120_000);

  it('message flood and over-sending: the rate limit drops the excess, and every pool the peer keeps stays bounded', async () => {
    const sim = new MeshSim({ peers: 3, seed: 1204 });
    await sim.open();
    const [victim, liar, other] = sim.peers;
    historyOf = (at) => sim.peers[0].session.prefixAt(at) ?? liar.session.prefixAt(at);
    expect(await sim.runUntil(() => victim.session.started && victim.session.state.turn >= 3, HOUR)).toBe(true);
    // From here the liar is a puppet: its own session is stopped and only the test speaks for its key.
    const gameId = victim.session.gameId;
    const me = 1; // peer i sits in lobby seat i (mesh-sim)
    const key = liar.session.identity;
    const first = nextN(liar);
    sim.net.filter = (from) => from !== liar.session.transportId;
    const handlers = sim.net.transport(victim.session.transportId)!.handlers!;
    const send = (frame: string) => handlers.message(liar.session.transportId, frame);
    const at = length(victim);
    const held0 = victim.session.heldItems;

    // 1. A flood in one instant: 3,000 frames; no more than FRAMES_PER_SECOND (400) are read.
    const chat: string[] = [];
    for (let i = 0; i < 3000; i++)
      chat.push(encodeFrame({ t: 'item', item: signed(gameId, key, me, first + i, at, { k: 'chat', c: 0, text: `spam ${i}` }) }));
    for (const f of chat) send(f);
    expect(victim.rejects.some((l) => /sending too fast; frames dropped/.test(l))).toBe(true);
    expect(victim.session.heldItems - held0).toBeLessThanOrEqual(400);
    // Chat at one log index is bounded (20 lines), whatever is sent.
    expect(victim.session.chat.filter((c) => c.colour === 'black').length).toBeLessThanOrEqual(20);

    // 2. Over-sending over time: the same 3,000 (and the ones too far ahead) a second at a time.
    for (let s = 0; s < 10; s++) {
      await sim.runUntil(() => false, 1_000);
      for (const f of chat.slice(s * 300, s * 300 + 300)) send(f);
      // Items numbered more than SEQ_WINDOW past the seat's contiguous sequence are not held.
      const have = (victim.session as unknown as { pool: { sequences: number[] } }).pool.sequences[me];
      for (let k = 0; k < 50; k++)
        send(
          encodeFrame({ t: 'item', item: signed(gameId, key, me, have + SEQ_WINDOW + s * 50 + k, at, { k: 'chat', c: 0, text: 'far' }) }),
        );
    }
    const fromLiar = JSON.parse(victim.session.saveText()).items.filter((i: Item) => i.a === me && i.n >= first);
    expect(fromLiar.every((i: Item) => i.body.k !== 'chat' || i.body.text !== 'far')).toBe(true); // nothing beyond the window was kept
    expect(fromLiar.length).toBeLessThanOrEqual(3000);
    expect(victim.session.heldItems - held0).toBeLessThanOrEqual(3000 + 50); // the liar's, and the others' few game items meanwhile
    expect(victim.session.chat.filter((c) => c.colour === 'black').length).toBeLessThanOrEqual(20);
    expect(victim.rejects.some((l) => /over the chat limit/.test(l))).toBe(true);
    expect(victim.rejects.some((l) => /too far ahead/.test(l))).toBe(true);

    // 3. A link that never proves who it is: at most 32 of its frames are held.
    const stranger = sim.net.createTransport('stranger');
    stranger.listen({ open: () => {}, close: () => {}, message: () => {} });
    stranger.connect(victim.session.transportId);
    await sim.runUntil(() => false, 100);
    for (let i = 0; i < 500; i++) handlers.message(stranger.id, chat[i]);
    expect(victim.session.heldEarlyFrames).toBeLessThanOrEqual(32);
    expect(victim.rejects.some((l) => /before proving who it is/.test(l))).toBe(true);

    // The stated bound holds: every pool under 6 seats × MAX_ITEMS_PER_SEAT items.
    expect(victim.session.heldItems).toBeLessThan(6 * MAX_ITEMS_PER_SEAT);
    // The other two finish the game without the puppet (dropped for silence), with the same log.
    sim.crash(1);
    expect(await sim.runUntil(() => [victim, other].every((p) => p.session.phase === 'over'), 2 * HOUR)).toBe(true);
    expect(victim.session.replayText()).toBe(other.session.replayText());
    const report = verifyReplay(victim.session.replayText());
    expect(report.ok ? 'ok' : report.message).toBe('ok');
    sim.dispose();
  }, 180_000);
});
