// Issue 18, limits on work, not frames (the cheating-peer suite, over the in-memory network):
// a peer must not make another spend more CPU or bandwidth than it spends itself. Far-ahead
// items cost no signature check; crafted signatures are checked within a per-link budget
// while the game still finishes; a repeated hello is never answered with a new signature;
// sync answers stay within 10x their requests past a bounded catch-up.
import { describe, expect, it } from 'vitest';
import { verifyReplay } from '../../src/fair';
import { sign, signatureChecks, signaturesMade, type Identity } from '../../src/net/identity';
import { CATCH_UP_BYTES, SEQ_WINDOW, SIGNATURE_CHECKS_PER_SECOND, SYNC_AMPLIFICATION } from '../../src/net/lockstep/limits';
import { MeshSim, type SimPeer } from '../../src/sim/mesh-sim';
import { encodeFrame, itemSigningText, type Item } from '../../src/net/wire';

const HOUR = 3_600_000;

function signed(gameId: string, key: Identity, a: number, n: number, at: number, body: Item['body']): Item {
  const unsigned = { a, n, at, body, h: null };
  return { ...unsigned, sig: sign(key, 'item', itemSigningText(gameId, unsigned)) };
}

/** A signature of the right shape that nobody made (random hex: costs the sender nothing). */
function craftedSig(i: number): string {
  let s = '';
  for (let k = 0; k < 8; k++) s += ((i * 2654435761 + k * 40503) >>> 0).toString(16).padStart(8, '0');
  return s.repeat(2).slice(0, 128);
}

const seqOf = (p: SimPeer, a: number) => (JSON.parse(p.session.saveText()).items as Item[]).filter((i) => i.a === a).length;

async function started(seed: number): Promise<{ sim: MeshSim; victim: SimPeer; liar: SimPeer; other: SimPeer }> {
  const sim = new MeshSim({ peers: 3, seed });
  await sim.open();
  const [victim, liar, other] = sim.peers;
  expect(await sim.runUntil(() => victim.session.started && victim.session.state.turn >= 3, HOUR)).toBe(true);
  return { sim, victim, liar, other };
}

describe('limits on work: a peer cannot make another spend more than it spends (issue 18)', () => {
  it('items numbered beyond the sequence window cost no signature check', async () => {
    const { sim, victim, liar } = await started(1801);
    const inject = sim.net.transport(victim.session.transportId)!.handlers!;
    const base = seqOf(victim, 1) + SEQ_WINDOW;
    const checks = signatureChecks();
    const seen = victim.rejects.length;
    for (let i = 0; i < 300; i++) {
      const item: Item = { a: 1, n: base + i, at: 5, body: { k: 'chat', text: `far ${i}` }, h: null, sig: craftedSig(i) };
      inject.message(liar.session.transportId, encodeFrame({ t: 'item', item }));
    }
    expect(victim.rejects.slice(seen).filter((l) => /too far ahead/.test(l))).toHaveLength(300);
    expect(signatureChecks() - checks).toBe(0);
    // An item within the window with a crafted signature is checked (and refused): the counter counts.
    const near: Item = { a: 1, n: seqOf(victim, 1) + 5, at: 5, body: { k: 'chat', text: 'near' }, h: null, sig: craftedSig(9999) };
    inject.message(liar.session.transportId, encodeFrame({ t: 'item', item: near }));
    expect(signatureChecks() - checks).toBe(1);
    expect(victim.rejects.at(-1)).toMatch(/not signed by black's key/);
    sim.dispose();
  }, 60_000);

  it('a flood of crafted signatures on one link: the victim checks at most the budget a second, and the game still finishes', async () => {
    const { sim, victim, liar, other } = await started(1802);
    const inject = sim.net.transport(victim.session.transportId)!.handlers!;
    // 35 crafted-signature items every 100 ms of the clock (under the 400 frames/s limit) until the game is over,
    // while the liar's own session goes on playing over the same link.
    const t0 = sim.clock.now();
    let sent = 0;
    let checked = 0;
    const burst = () => {
      if (sim.finished()) return;
      const first = seqOf(victim, 1);
      for (let k = 0; k < 35; k++, sent++) {
        const body = { k: 'chat' as const, text: `x${sent}` };
        const item: Item = { a: 1, n: first + 1 + (sent % 500), at: 5, body, h: null, sig: craftedSig(sent) };
        const seen = victim.rejects.length;
        inject.message(liar.session.transportId, encodeFrame({ t: 'item', item }));
        if (victim.rejects.slice(seen).some((l) => /not signed by black's key/.test(l))) checked++;
      }
      sim.clock.setTimeout(burst, 100);
    };
    burst();
    expect(await sim.runUntil(() => sim.finished(), 2 * HOUR)).toBe(true);
    const seconds = (sim.clock.now() - t0) / 1000;
    expect(sent / seconds).toBeGreaterThan(4 * SIGNATURE_CHECKS_PER_SECOND);
    expect(victim.rejects.some((l) => /signatures a second to check; frames dropped/.test(l))).toBe(true);
    // Each crafted item that was checked was refused with one line: no more of them than the budget allows a second.
    expect(checked).toBeGreaterThan(0);
    expect(checked).toBeLessThanOrEqual(SIGNATURE_CHECKS_PER_SECOND * Math.ceil(seconds + 1));
    expect(await sim.runUntil(() => sim.finished(), 2 * HOUR)).toBe(true);
    for (const p of [victim, liar, other]) expect(p.session.phase).toBe('over');
    const logs = sim.logs();
    for (const l of logs) expect(l).toBe(logs[0]);
    expect(logs[0]).not.toContain('"k":"drop"');
    const report = verifyReplay(logs[0]);
    expect(report.ok ? 'ok' : report.message).toBe('ok');
    sim.dispose();
  }, 180_000);

  it('a repeated hello on an authenticated link is never answered with a new signature', async () => {
    const { sim, victim, liar } = await started(1803);
    const inject = sim.net.transport(victim.session.transportId)!.handlers!;
    const hello = (nonce: string) =>
      encodeFrame({
        t: 'hello',
        v: 1,
        pub: liar.session.identity.publicKey,
        nonce,
        name: 'p1',
        game: victim.session.gameId,
        role: 'player',
      });
    let auths = 0;
    sim.net.filter = (from, to, frame) => {
      if (from === victim.session.transportId && to === liar.session.transportId && frame.startsWith('{"t":"auth"')) auths++;
      return true;
    };
    const made = signaturesMade();
    for (let i = 0; i < 300; i++) inject.message(liar.session.transportId, hello(i.toString(16).padStart(32, '0')));
    expect(signaturesMade() - made).toBe(0);
    expect(auths).toBe(0);
    sim.net.filter = null;
    // The game goes on: the handshake itself still works.
    expect(await sim.runUntil(() => sim.finished(), 2 * HOUR)).toBe(true);
    sim.dispose();
  }, 120_000);

  it('94 KB of sync requests draw at most 10x in answers past the one catch-up allowance', async () => {
    const { sim, victim, liar } = await started(1804);
    const inject = sim.net.transport(victim.session.transportId)!.handlers!;
    await sim.runUntil(() => victim.session.state.turn >= 8, HOUR);
    // The cheapest request that asks for everything.
    const request = encodeFrame({ t: 'sync', have: [], len: 0 });
    let asked = 0;
    let answered = 0;
    sim.net.filter = (from, to, frame) => {
      if (from === victim.session.transportId && to === liar.session.transportId) answered += frame.length;
      return from !== liar.session.transportId;
    };
    // 300 requests a second (under the frame limit) until 94 KB are sent.
    while (asked < 94 * 1024) {
      for (let k = 0; k < 30; k++) {
        inject.message(liar.session.transportId, request);
        asked += request.length;
      }
      await sim.runUntil(() => false, 100);
    }
    sim.net.filter = null;
    expect(answered).toBeGreaterThan(0);
    // The victim's own items and requests to the liar meanwhile add a few KB.
    expect(answered).toBeLessThanOrEqual(SYNC_AMPLIFICATION * asked + CATCH_UP_BYTES + 64 * 1024);
    // Without the limit, each of these requests draws a full answer (the start record and 64 items): hundreds of times its size.
    const one = victim.session.replayText().length;
    expect(one).toBeGreaterThan(10 * request.length);
    sim.dispose();
  }, 120_000);
});
