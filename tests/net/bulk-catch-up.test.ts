// Bulk catch-up (issue 19, wire version 5): a peer that lacks more than one answer's worth of
// items (a late spectator, a reload, a return after a cut) gets them all in a few large
// `items` frames, so catching up costs a round trip or two whatever the game's length. Every
// item in a batch is judged as an `item` frame would be, so a relay cannot forge: a batch out
// of order is refused whole by the wire, a forged item in it is refused by its signature.
import { describe, expect, it } from 'vitest';
import { packItems } from '../../src/net/lockstep/resync';
import { MAX_FRAME_CHARS } from '../../src/net/transport';
import { encodeFrame, MAX_ITEMS_PER_FRAME, parseFrame, WireError, type Frame, type Item } from '../../src/net/wire';
import { MeshSim, type SimPeer } from '../../src/sim/mesh-sim';
import { steady } from '../../src/sim/memory-network';

const HOUR = 3_600_000;
const STEADY = steady(30);

/** A finished game of 3 players and a bot on a network with 30 ms links. */
async function finishedGame(seed: number): Promise<MeshSim> {
  const sim = new MeshSim({ peers: 3, seed, chaos: STEADY, botSeats: ['greedy'] });
  await sim.open();
  expect(await sim.runUntil(() => sim.finished(), 10 * HOUR)).toBe(true);
  return sim;
}

/** The entries of a peer's log, one JSON text each. */
const entries = (p: SimPeer) => p.session.replicaView?.log.entries.map((e) => JSON.stringify(e)) ?? [];

const refusal = (frame: Frame | string): string => {
  try {
    parseFrame(typeof frame === 'string' ? frame : encodeFrame(frame));
  } catch (e) {
    if (e instanceof WireError) return e.message;
    throw e;
  }
  return 'accepted';
};

describe('bulk catch-up', () => {
  it('a spectator of a finished game gets its whole log in one answer of a few frames, byte for byte', async () => {
    const sim = await finishedGame(5);
    const seen = { frames: 0, batches: 0, batchItems: 0, syncs: 0 };
    const watcher = sim.spectate(1);
    const id = () => watcher.session.transportId;
    sim.net.filter = (from, to, frame) => {
      if (to === id()) {
        seen.frames++;
        if (frame.startsWith('{"t":"items"')) {
          seen.batches++;
          const f = parseFrame(frame);
          if (f.t === 'items') seen.batchItems += f.items.length;
        }
      }
      if (from === id() && frame.startsWith('{"t":"sync"')) seen.syncs++;
      return true;
    };
    const whole = sim.peers[0].session.replayText();
    expect(await sim.runUntil(() => watcher.session.started && watcher.session.replayText() === whole, HOUR)).toBe(true);
    // Every item of the game came in batches (a few hundred of them), from one request: not 64 at a time.
    const items = sim.peers[0].session.poolView!.missingFrom([], 5000).length;
    expect(items).toBeGreaterThan(300);
    expect(seen.batchItems).toBeGreaterThanOrEqual(items);
    expect(seen.batches).toBeLessThanOrEqual(6);
    expect(seen.syncs).toBeLessThanOrEqual(2);
    expect(seen.frames).toBeLessThan(40);
    expect(watcher.rejects).toEqual([]);
    sim.dispose();
  }, 120_000);

  it('packs items within the frame cap, in the order given, a seat at a time', async () => {
    const sim = await finishedGame(6);
    const pool = sim.peers[0].session.poolView!;
    const items = pool.missingFrom([], 5000);
    const frames = packItems(items);
    expect(frames.length).toBeGreaterThan(1);
    const back: Item[] = [];
    for (const f of frames) {
      const text = encodeFrame(f);
      expect(text.length).toBeLessThanOrEqual(MAX_FRAME_CHARS);
      const parsed = parseFrame(text);
      if (parsed.t !== 'items') throw new Error(`packed a ${parsed.t} frame`);
      expect(parsed.items.length).toBeLessThanOrEqual(MAX_ITEMS_PER_FRAME);
      back.push(...parsed.items);
    }
    expect(back.map((i) => JSON.stringify(i))).toEqual(items.map((i) => JSON.stringify(i)));
    sim.dispose();
  }, 120_000);

  it('the wire refuses a batch out of order, with a gap, empty, or with a bad item, naming where', async () => {
    const sim = await finishedGame(6);
    const items = sim.peers[0].session.poolView!.missingFrom([], 5000);
    const a0 = items.filter((i) => i.a === 0).slice(0, 3);
    const a1 = items.filter((i) => i.a === 1).slice(0, 2);
    expect(refusal({ t: 'items', items: [...a0, ...a1] })).toBe('accepted');
    expect(refusal({ t: 'items', items: [a0[1], a0[0], a0[2]] })).toBe(
      'items[1] is out of order: a batch lists items by seat, then number, with no gap',
    );
    expect(refusal({ t: 'items', items: [a0[0], a0[2]] })).toMatch(/^items\[1\] is out of order/);
    expect(refusal({ t: 'items', items: [...a1, ...a0] })).toMatch(/^items\[2\] is out of order/);
    expect(refusal({ t: 'items', items: [a0[0], a0[0]] })).toMatch(/^items\[1\] is out of order/);
    expect(refusal({ t: 'items', items: [] })).toBe(`items.items must list 1 to ${MAX_ITEMS_PER_FRAME} items`);
    const bad = encodeFrame({ t: 'items', items: a0 }).replace('"n":1,', '"n":-1,');
    expect(refusal(bad)).toMatch(/^items\[1\]: item\.n must be an integer/);
    sim.dispose();
  }, 120_000);

  it('a relay that reorders or forges its batches gets nothing in: the spectator refuses them, then catches up from honest peers', async () => {
    const sim = await finishedGame(7);
    const watcher = sim.spectate(1);
    const id = () => watcher.session.transportId;
    const relay = sim.peers[1].session.transportId;
    let tampering = true;
    const tampered = { reordered: 0, forged: 0 };
    let bypass = false;
    sim.net.filter = (from, to, frame) => {
      if (bypass || !tampering || to !== id()) return true;
      if (from !== relay) return !frame.startsWith('{"t":"item'); // the other peers' items are held back meanwhile
      if (!frame.startsWith('{"t":"items"')) return true;
      const f = parseFrame(frame);
      if (f.t !== 'items' || f.items.length < 3) return true;
      let out: string;
      if (tampered.reordered <= tampered.forged) {
        // Two items swapped: the batch is no longer by seat and number.
        const items = [...f.items];
        [items[0], items[1]] = [items[1], items[0]];
        out = encodeFrame({ t: 'items', items });
        tampered.reordered++;
      } else {
        // One signed move changed (another rotation), its signature kept.
        const at = f.items.findIndex((i) => i.body.k === 'entry' && i.body.entry.k === 'place');
        if (at < 0) return true;
        const items = [...f.items];
        const it = items[at];
        if (it.body.k !== 'entry' || it.body.entry.k !== 'place') return true;
        items[at] = { ...it, body: { k: 'entry', entry: { ...it.body.entry, r: (it.body.entry.r + 1) % 4 } } };
        out = encodeFrame({ t: 'items', items });
        tampered.forged++;
      }
      bypass = true;
      sim.net.deliver(from, to, out);
      bypass = false;
      return false;
    };
    const honest = entries(sim.peers[0]);
    expect(await sim.runUntil(() => tampered.reordered > 0 && tampered.forged > 0, 10 * 60_000)).toBe(true);
    await sim.pass(3_000);
    // The faults happened and were refused, each with its line; what the spectator holds is the honest log's prefix.
    expect(watcher.rejects.some((l) => /items\[1\] is out of order/.test(l))).toBe(true);
    expect(watcher.rejects.some((l) => /^an item claiming to be \w+'s is not signed by \w+'s key/.test(l))).toBe(true);
    const held = entries(watcher);
    expect(held.length).toBeLessThan(honest.length);
    expect(held).toEqual(honest.slice(0, held.length));
    // The relay stops lying: the spectator holds the whole game.
    tampering = false;
    const whole = sim.peers[0].session.replayText();
    expect(await sim.runUntil(() => watcher.session.replayText() === whole, HOUR)).toBe(true);
    sim.dispose();
  }, 180_000);
});
