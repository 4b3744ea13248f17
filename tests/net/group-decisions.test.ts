// Group decisions under faults (P6, docs/lockstep.md "Group decisions"): network splits
// longer than the timeouts with both sides dropping, then healed; several seats silent at
// once; a seat that stretches every wait to its deadline. Whole games on the in-memory
// network and the simulated clock; each test checks first that the fault really happened.
import { describe, expect, it } from 'vitest';
import { legalPlacements, stateHash } from '../../src/engine';
import { sign } from '../../src/net/identity';
import { encodeFrame, itemSigningText, type Item } from '../../src/net/wire';
import { verifyReplay } from '../../src/fair';
import { MeshSim, type SimPeer } from '../../src/sim/mesh-sim';
import { lateBots } from './support/late-bots';

const HOUR = 3_600_000;
const LIGHT = { drop: 0.02, duplicate: 0.02, minDelay: 5, maxDelay: 40, reorder: 0.05, reorderDelay: 80 };

/** Every live peer holds the same log bytes and state, which the verifier accepts; returns the log. */
function expectConverged(peers: SimPeer[]): string {
  const logs = peers.map((p) => p.session.replayText());
  for (const l of logs) expect(l).toBe(logs[0]);
  expect(new Set(peers.map((p) => stateHash(p.session.state))).size).toBe(1);
  const report = verifyReplay(logs[0]);
  expect(report.ok ? 'ok' : report.message).toBe('ok');
  return logs[0];
}

const forfeited = (p: SimPeer) => p.session.forfeits().map((f) => f.colour);
/** Every peer over and holding the same log (both sides of a split may have finished before the heal). */
const converged = (peers: SimPeer[]) => () =>
  peers.every((p) => p.session.phase === 'over') && new Set(peers.map((p) => p.session.prefixAt(p.session.logLength))).size === 1;
/** The drops every peer sees so far, by colour. */
const dropsSeen = (p: SimPeer) => p.session.forfeits().filter((f) => f.why === 'dropped').length;

describe('network splits longer than the timeouts, both sides dropping, then healed (P6.1)', () => {
  it('two humans and a bot, cut from each other for 2 minutes: each drops the other, and after the heal every peer holds one log and finishes', async () => {
    const sim = new MeshSim({ peers: 2, seed: 1701, chaos: LIGHT, botSeats: ['greedy'] });
    await sim.open();
    const [red, black] = sim.peers;
    expect(await sim.runUntil(() => red.session.started && red.session.state.turn >= 5, HOUR)).toBe(true);
    const heal = sim.split([[0], [1]]);
    // The cut is real: after 2 minutes each side has dropped a seat of the other.
    await sim.runUntil(() => false, 120_000);
    expect(dropsSeen(red)).toBeGreaterThan(0);
    expect(dropsSeen(black)).toBeGreaterThan(0);
    expect(red.session.replayText()).not.toBe(black.session.replayText());
    heal();
    expect(await sim.runUntil(converged(sim.peers), 2 * HOUR)).toBe(true);
    expectConverged(sim.peers);
    // The documented outcome of an equal split: at the first fork the count is one vote against the seat's own entry,
    // and a tie goes to the drop; so the voter's history is kept and the seat dropped there forfeits (it may take its
    // seat back). Both peers agree on it; at most one of them forfeits.
    expect(forfeited(red)).toEqual(forfeited(black));
    expect(forfeited(red).length).toBeLessThanOrEqual(1);
    sim.dispose();
  }, 120_000);

  it('three humans, one cut off from the other two for 3 minutes: after the heal the two keep their game and only the one forfeits', async () => {
    const sim = new MeshSim({ peers: 3, seed: 1702, chaos: LIGHT });
    await sim.open();
    const [a, b, lone] = sim.peers;
    expect(await sim.runUntil(() => a.session.started && a.session.state.turn >= 6, HOUR)).toBe(true);
    const heal = sim.split([[0, 1], [2]]);
    await sim.runUntil(() => false, 180_000);
    expect(dropsSeen(a)).toBeGreaterThan(0);
    expect(dropsSeen(lone)).toBeGreaterThan(0); // the lone side dropped the others (after its grace)
    heal();
    expect(await sim.runUntil(converged(sim.peers), 2 * HOUR)).toBe(true);
    expectConverged(sim.peers);
    for (const p of sim.peers) expect(forfeited(p)).toEqual(['green']);
    expect(b.session.phase).toBe('over');
    sim.dispose();
  }, 120_000);

  it('four humans split two against two: the documented tie-break gives one log every peer finishes', async () => {
    const sim = new MeshSim({ peers: 4, seed: 1703, chaos: LIGHT });
    await sim.open();
    expect(await sim.runUntil(() => sim.peers[0].session.started && sim.peers[0].session.state.turn >= 5, HOUR)).toBe(true);
    const heal = sim.split([
      [0, 1],
      [2, 3],
    ]);
    await sim.runUntil(() => false, 180_000);
    expect(dropsSeen(sim.peers[0]) + dropsSeen(sim.peers[2])).toBeGreaterThan(0);
    heal();
    expect(await sim.runUntil(converged(sim.peers), 2 * HOUR)).toBe(true);
    expectConverged(sim.peers);
    sim.dispose();
  }, 120_000);

  it('a cut shorter than a reveal timeout in mid-round changes nothing: nobody is dropped', async () => {
    const sim = new MeshSim({ peers: 3, seed: 1704, chaos: LIGHT });
    await sim.open();
    expect(await sim.runUntil(() => sim.peers[0].session.started && sim.peers[0].session.state.turn >= 4, HOUR)).toBe(true);
    const before = sim.peers[0].session.logLength;
    const heal = sim.split([[0], [1, 2]]);
    await sim.runUntil(() => false, 8_000);
    heal();
    expect(await sim.runUntil(() => sim.finished(), 2 * HOUR)).toBe(true);
    expect(sim.peers[0].session.logLength).toBeGreaterThan(before);
    const log = expectConverged(sim.peers);
    expect(log).not.toContain('"k":"drop"');
    sim.dispose();
  }, 120_000);
});

describe('several seats silent at once (P6.2)', () => {
  for (const silent of [2, 3])
    it(`${silent} of 4 seats go silent for good: the others still drop every one of them and finish`, async () => {
      const sim = new MeshSim({ peers: 4, seed: 1710 + silent, chaos: LIGHT });
      await sim.open();
      expect(await sim.runUntil(() => sim.peers[0].session.started && sim.peers[0].session.state.turn >= 4, HOUR)).toBe(true);
      const gone = [3, 2, 1].slice(0, silent);
      for (const i of gone) sim.crash(i);
      const live = sim.peers.filter((_, i) => !gone.includes(i));
      expect(await sim.runUntil(() => live.every((p) => p.session.phase === 'over'), 4 * HOUR)).toBe(true);
      expectConverged(live);
      for (const p of live) expect(forfeited(p).sort()).toEqual(gone.map((i) => sim.colours[i]).sort());
      sim.dispose();
    }, 120_000);
});

describe('a one-way silence: seats that hear but are not heard (P6.2)', () => {
  it('an item lost on its way to a peer that is not heard reaches it all the same: the speaker pushes its own items to a quiet link', async () => {
    const sim = new MeshSim({ peers: 2, seed: 1716, chaos: LIGHT });
    await sim.open();
    const [a, b] = sim.peers;
    expect(await sim.runUntil(() => a.session.started && a.session.state.turn >= 4, HOUR)).toBe(true);
    type Inside = { pool: { sequences: number[] }; mySeat: number };
    const own = (p: SimPeer, of: SimPeer) => (p.session as unknown as Inside).pool.sequences[(of.session as unknown as Inside).mySeat];
    let lost = 0;
    // b is heard by nobody (its sync requests, its only way to ask, never arrive), and every item a sends it now is lost once.
    sim.net.filter = (from, to, frame) =>
      from !== b.session.transportId && !(to === b.session.transportId && frame.startsWith('{"t":"item"') && lost++ < 1);
    const before = own(a, a);
    expect(await sim.runUntil(() => own(a, a) > before + 20 && lost > 0, HOUR)).toBe(true);
    // The loss happened: b holds none of a's items since the lost one (it keeps no gap), and cannot ask for them.
    expect(own(b, a)).toBeLessThanOrEqual(before + 1);
    // a hears nothing from b, so it pushes its own items since b was last heard, a bounded number a beat.
    expect(await sim.runUntil(() => own(b, a) === own(a, a), 10 * 60_000)).toBe(true);
    sim.dispose();
  }, 60_000);

  it('3 of 4 seats heard by nobody until the one speaker dropped them all: the speaker keeps its seat and every peer finishes on one log', async () => {
    const sim = new MeshSim({ peers: 4, seed: 1715, chaos: { ...LIGHT, drop: 0.1 } });
    await sim.open();
    const speaker = sim.peers[1];
    expect(await sim.runUntil(() => speaker.session.started && speaker.session.state.turn >= 8, HOUR)).toBe(true);
    const gone = [0, 2, 3];
    const ids = gone.map((i) => sim.peers[i].session.transportId);
    const colours = gone.map((i) => sim.colours[i]);
    let blocked = 0;
    sim.net.filter = (from) => !(ids.includes(from) && ++blocked);
    // The silence is real: frames of the silent peers were dropped, and the speaker dropped all three seats.
    expect(await sim.runUntil(() => colours.every((c) => forfeited(speaker).includes(c)), HOUR)).toBe(true);
    expect(blocked).toBeGreaterThan(100);
    // The silent peers heard the speaker all along: none of them dropped it while they were silent (its log was
    // behind theirs while it waited out its graces, which is not silence; what was lost on the way reached them).
    for (const i of gone) expect(forfeited(sim.peers[i])).not.toContain(speaker.session.ownColour);
    sim.net.filter = null;
    // One log first, then the items of the silence (votes on the kept history) reach every peer: one replay.
    const oneReplay = () => converged(sim.peers)() && new Set(sim.peers.map((p) => p.session.replayText())).size === 1;
    expect(await sim.runUntil(oneReplay, 2 * HOUR)).toBe(true);
    expectConverged(sim.peers);
    for (const p of sim.peers) expect(forfeited(p).sort()).toEqual([...colours].sort());
    sim.dispose();
  }, 120_000);
});

describe('the time bank (P6, bullet 5)', () => {
  it('a seat that releases every move just before its 90 s deadline spends its bank and is then dropped; the countdown shows the bank', async () => {
    const sim = new MeshSim({ peers: 3, seed: 1720, chaos: LIGHT });
    await sim.open((i) => (i === 2 ? { botRunner: lateBots(sim.clock, 85_000) } : {}));
    const [a, , slow] = sim.peers;
    // While the slow seat thinks, the others' countdown shows its bank going down.
    const banks: number[] = [];
    const sample = () => {
      const w = a.session.waiting;
      if (w?.colour === 'green' && w.what === 'move') banks.push(w.bankLeft);
      if (!a.session.forfeits().length) sim.clock.setTimeout(sample, 5_000);
    };
    sample();
    expect(await sim.runUntil(() => a.session.forfeits().length > 0, 4 * HOUR)).toBe(true);
    expect(a.session.forfeits()).toEqual([{ colour: 'green', why: 'dropped' }]);
    // It was dropped once its bank ran dry: a handful of its turns, not the whole game.
    expect(a.session.state.turn).toBeLessThan(30);
    expect(Math.min(...banks)).toBeLessThan(Math.max(...banks));
    // The two others finish at their pace (the slow peer's own bots think 85 s a move, so it lags behind).
    expect(await sim.runUntil(() => a.session.phase === 'over' && sim.peers[1].session.phase === 'over', 4 * HOUR)).toBe(true);
    expectConverged([a, sim.peers[1]]);
    expect(slow.session.forfeits()).toEqual([{ colour: 'green', why: 'dropped' }]);
    sim.dispose();
  }, 120_000);
});

describe('fresh equivocation (P6, bullet 4)', () => {
  it('two legal versions of one move, shown to two honest peers at the same moment before either took either: ' +
    'both go back to that slot and drop the seat', async () => {
    const sim = new MeshSim({ peers: 3, seed: 1730, chaos: LIGHT });
    await sim.open();
    const [a, liar, b] = sim.peers;
    const liarId = liar.session.transportId;
    expect(await sim.runUntil(() => a.session.started && a.session.state.turn >= 4, HOUR)).toBe(true);
    // Hold back the liar's real placements from now on; at its next placement, sign two different legal ones instead.
    const forged = new Set<string>();
    sim.net.filter = (from, _to, frame) => from !== liarId || forged.has(frame) || !frame.includes('"k":"place"');
    const due = (p: SimPeer) => {
      const at = p.session.replicaView!.awaiting();
      return at.kind === 'action' && at.phase === 'place' && at.colour === 'black' && p.session.state.turn >= 4;
    };
    expect(await sim.runUntil(() => due(a) && due(b) && a.session.logLength === b.session.logLength, HOUR)).toBe(true);
    const at = a.session.logLength;
    const options = legalPlacements(a.session.state);
    expect(options.length).toBeGreaterThan(1);
    const seat = a.session.state.seat;
    const n = (liar.session as unknown as { nextSeq: number }).nextSeq + 5;
    const version = (k: number): Item => {
      const unsigned = {
        a: 1,
        n,
        at,
        body: { k: 'entry' as const, entry: { k: 'place' as const, seat, ...options[k] } },
        h: null,
        p: a.session.prefixAt(at),
        w: [0, 0, 0],
      };
      return { ...unsigned, sig: sign(liar.session.identity, 'item', itemSigningText(a.session.gameId, unsigned)) };
    };
    const [v0, v1] = [0, 1].map((k) => encodeFrame({ t: 'item', item: version(k) }));
    forged.add(v0).add(v1);
    sim.net.deliver(liarId, a.session.transportId, v0);
    sim.net.deliver(liarId, b.session.transportId, v1);
    // It happened: each took a different version there (and the liar's own peer none of them).
    expect(await sim.runUntil(() => a.session.logLength > at && b.session.logLength > at, HOUR)).toBe(true);
    const taken = (p: SimPeer) => JSON.stringify(JSON.parse(p.session.replayText()).entries[at]);
    expect(taken(a)).not.toBe(taken(b));
    expect(await sim.runUntil(converged([a, b]), 2 * HOUR)).toBe(true);
    const log = expectConverged([a, b]);
    expect(JSON.parse(log).entries[at]).toEqual({ k: 'drop', colour: 'black' });
    for (const p of [a, b]) expect(p.session.forfeits()).toEqual([{ colour: 'black', why: 'dropped' }]);
    // The evidence every honest peer holds names black only, the disputed slot among it.
    for (const p of [a, b]) {
      expect(new Set(p.session.evidence.map((e) => e.a))).toEqual(new Set([1]));
      expect(p.session.evidence.some((e) => e.first.at === at && e.second.at === at && e.first.body.k === 'entry')).toBe(true);
    }
    sim.dispose();
  }, 120_000);
});
