// Wire version 4: a sync request carries, per seat, the digest of the items it counts. A seat
// that signs two items under one number and shows each to another peer leaves the numbers
// equal everywhere; only the digests differ, and the answer to a differing one carries that
// seat's latest items, so every honest peer ends up holding both versions as evidence (P5.1).
import { describe, expect, it } from 'vitest';
import { sign } from '../../src/net/identity';
import { encodeFrame, itemSigningText, parseFrame, type Item } from '../../src/net/wire';
import { MeshSim } from '../../src/sim/mesh-sim';
import { steady } from '../../src/sim/memory-network';

const HOUR = 3_600_000;

describe('seat digests in sync requests', () => {
  it('a chat line signed twice under one number, one version to each honest peer: both find it, with no entry to compare', async () => {
    const sim = new MeshSim({ peers: 3, seed: 77 });
    await sim.open();
    const [p0, p1, liar] = sim.peers;
    await sim.runUntil(() => p0.session.started && p0.session.state.turn >= 3, HOUR);
    let forged: Item | null = null;
    let bypass = false;
    const before = sim.net.filter;
    sim.net.filter = (from, to, frame) => {
      if (!bypass && from === liar.session.transportId && frame.includes('"k":"chat"')) {
        const f = parseFrame(frame);
        if (f.t === 'item' && f.item.body.k === 'chat') {
          // p1 gets another text under the same number, signed with the liar's own key; p0 the real one.
          if (!forged) {
            const unsigned = { ...f.item, body: { ...f.item.body, text: 'another line' }, sig: null };
            forged = { ...unsigned, sig: sign(liar.session.identity, 'item', itemSigningText(liar.session.gameId, unsigned)) };
          }
          if (to === p1.session.transportId) {
            bypass = true;
            sim.net.deliver(from, to, encodeFrame({ t: 'item', item: forged }));
            bypass = false;
            return false;
          }
        }
      }
      return before ? before(from, to, frame) : true;
    };
    const shown = new Map<string, string[]>();
    for (const p of [p0, p1])
      p.session.onEvent((e) => {
        if (e.kind === 'chat') shown.set(p.name, [...(shown.get(p.name) ?? []), e.line.text]);
      });
    liar.session.sendChat('the real line');
    await sim.runUntil(() => shown.size === 2, 60_000);
    // The fault happened: each honest peer holds one version, and neither knows of the other yet.
    expect(shown.get(p0.name)).toEqual(['the real line']);
    expect(shown.get(p1.name)).toEqual(['another line']);
    expect(p0.session.evidence).toHaveLength(0);
    expect(p1.session.evidence).toHaveLength(0);
    // The numbers agree, so only the digests can tell; within a few heartbeats both hold the proof.
    await sim.runUntil(() => p0.session.evidence.length > 0 && p1.session.evidence.length > 0, 30_000);
    const a = sim.peers.indexOf(liar);
    for (const p of [p0, p1]) {
      expect(p.session.evidence.map((e) => e.a)).toContain(a);
      expect(p.rejects.some((l) => /signed two different items numbered \d+ \(equivocation\)/.test(l))).toBe(true);
    }
    sim.dispose();
  }, 60_000);

  it('a chat line signed twice long ago (a hundred items back, far past the latest 32) is still found: older blocks follow', async () => {
    const sim = new MeshSim({
      peers: 3,
      seed: 78,
      chaos: steady(20),
    });
    await sim.open();
    const [p0, p1, liar] = sim.peers;
    await sim.runUntil(() => p0.session.started && p0.session.state.turn >= 3, HOUR);
    let forged: Item | null = null;
    let bypass = false;
    let holdSync = true; // no sync request anywhere until the line is old
    sim.net.filter = (from, to, frame) => {
      if (holdSync && frame.startsWith('{"t":"sync"')) return false;
      if (!bypass && from === liar.session.transportId && frame.includes('"k":"chat"')) {
        const f = parseFrame(frame);
        if (f.t === 'item' && f.item.body.k === 'chat' && to === p1.session.transportId) {
          const unsigned = { ...f.item, body: { ...f.item.body, text: 'another line' }, sig: null };
          forged = { ...unsigned, sig: sign(liar.session.identity, 'item', itemSigningText(liar.session.gameId, unsigned)) };
          bypass = true;
          sim.net.deliver(from, to, encodeFrame({ t: 'item', item: forged }));
          bypass = false;
          return false;
        }
      }
      return true;
    };
    liar.session.sendChat('the real line');
    const a = sim.peers.indexOf(liar);
    const old = () => forged !== null && [p0, p1].every((p) => p.session.poolView!.sequences[a] >= forged!.n + 100);
    expect(await sim.runUntil(old, HOUR)).toBe(true);
    // The fault happened, and is old: each honest peer holds one version, 100 or more of the liar's items later.
    expect(p0.session.evidence).toHaveLength(0);
    expect(p1.session.evidence).toHaveLength(0);
    holdSync = false;
    expect(await sim.runUntil(() => p0.session.evidence.length > 0 && p1.session.evidence.length > 0, 120_000)).toBe(true);
    for (const p of [p0, p1]) expect(p.session.evidence.map((e) => e.a)).toContain(a);
    sim.dispose();
  }, 120_000);
});
