// Signature checks off the critical path (issue 19): with a fast verifier (the page's
// WebCrypto), item frames wait per link for their asynchronous checks and are handled in the
// order they came, whatever order the checks finish in. Here the verifier is noble behind the
// simulated clock, finishing later calls first: the game's log is byte for byte the one without
// it, the checks it confirmed cost the synchronous path nothing, a forged item is refused with
// the same line, and a link cannot queue frames without bound.
import { describe, expect, it } from 'vitest';
import { nobleEd25519 } from '../../src/fair/signing';
import type { FastVerifier } from '../../src/net/fast-ed25519';
import { fastSignatureChecks, forgetCheckedSignatures, signatureChecks } from '../../src/net/identity';
import { MAX_VERIFYING_FRAMES } from '../../src/net/lockstep/limits';
import { encodeFrame, parseFrame } from '../../src/net/wire';
import type { SimClock } from '../../src/sim/sim-clock';
import { MeshSim } from '../../src/sim/mesh-sim';
import { steady } from '../../src/sim/memory-network';

const HOUR = 3_600_000;
const STEADY = steady(20);

/** noble's check behind the simulated clock: call i answers after 40 − 5·(i mod 8) ms, so later calls often answer first. */
function slowVerifier(clock: SimClock, answer = true): FastVerifier & { calls: () => number } {
  let calls = 0;
  return {
    name: 'slow test verifier',
    calls: () => calls,
    verify(signature, message, publicKey) {
      const delay = 40 - 5 * (calls++ % 8);
      return new Promise((resolve) => clock.setTimeout(() => resolve(answer && nobleEd25519.verify(signature, message, publicKey)), delay));
    },
  };
}

async function game<V extends FastVerifier | null>(seed: number, fast: (sim: MeshSim) => V) {
  forgetCheckedSignatures();
  const sim = new MeshSim({ peers: 3, seed, chaos: STEADY, botSeats: ['greedy'] });
  const verifier = fast(sim);
  await sim.open(() => ({ fastVerify: verifier }));
  return { sim, verifier };
}

describe('fast signature checks ahead of the replica', () => {
  it('a game checked asynchronously, checks finishing out of order, ends with the same log bytes as without', async () => {
    const plain = await game(31, () => null);
    expect(await plain.sim.runUntil(() => plain.sim.finished(), 10 * HOUR)).toBe(true);
    const want = plain.sim.logs();
    plain.sim.dispose();

    const { sim, verifier } = await game(31, (s) => slowVerifier(s.clock));
    // Arrival order per link at peer 0, and the order it handled them in (each frame's first time: one that waited for
    // the check budget is handled again later).
    const p0 = sim.peers[0].session;
    const arrived = new Map<string, string[]>();
    const transport = sim.net.transport(p0.transportId)!;
    const handlers = transport.handlers!;
    const message = handlers.message;
    handlers.message = (peer, text) => {
      if (/^\{"t":"(item|items|evidence)"/.test(text)) arrived.set(peer, [...(arrived.get(peer) ?? []), text]);
      message.call(handlers, peer, text);
    };
    p0.handled = [];
    const fastBefore = fastSignatureChecks();
    const slowBefore = signatureChecks();
    expect(await sim.runUntil(() => sim.finished(), 10 * HOUR)).toBe(true);
    expect(sim.logs()).toEqual(want);
    // The checks were made by the fast path: hundreds confirmed; the synchronous one made only a few (handshakes, the start).
    expect(verifier!.calls()).toBeGreaterThan(100);
    expect(fastSignatureChecks() - fastBefore).toBeGreaterThan(100);
    expect(signatureChecks() - slowBefore).toBeLessThan((fastSignatureChecks() - fastBefore) / 10);
    // Per link, peer 0 handled its item frames in the order they came (the first copy of each text, both ways).
    const firstOf = (texts: string[]) => [...new Set(texts)];
    const handled = new Map<string, string[]>();
    for (const h of p0.handled) {
      if (h.frame.t === 'item' || h.frame.t === 'items' || h.frame.t === 'evidence')
        handled.set(h.peer, [...(handled.get(h.peer) ?? []), encodeFrame(h.frame)]);
    }
    expect(arrived.size).toBeGreaterThan(0);
    for (const [peer, texts] of arrived) {
      const order = firstOf(texts);
      expect(firstOf(handled.get(peer) ?? []).slice(0, order.length), peer).toEqual(order);
    }
    sim.dispose();
  }, 240_000);

  it('a verifier that confirms nothing leaves every verdict to noble: the game ends the same, a forged item is refused alike', async () => {
    const plain = await game(32, () => null);
    expect(await plain.sim.runUntil(() => plain.sim.finished(), 10 * HOUR)).toBe(true);
    const want = plain.sim.logs();
    plain.sim.dispose();
    const { sim } = await game(32, (s) => slowVerifier(s.clock, false));
    const [p0, p1] = sim.peers;
    await sim.runUntil(() => p0.session.started && p0.session.state.turn >= 3, HOUR);
    // p1's next signed item reaches p0 with its body changed and its signature kept.
    let forged = false;
    sim.net.filter = (from, to, text) => {
      if (forged || from !== p1.session.transportId || to !== p0.session.transportId || !text.startsWith('{"t":"item"')) return true;
      const f = parseFrame(text);
      if (f.t !== 'item' || !f.item.sig || f.item.body.k !== 'entry' || f.item.body.entry.k !== 'place') return true;
      forged = true;
      const e = f.item.body.entry;
      sim.net.filter = null;
      sim.net.deliver(from, to, encodeFrame({ t: 'item', item: { ...f.item, body: { k: 'entry', entry: { ...e, r: (e.r + 1) % 4 } } } }));
      return false;
    };
    expect(await sim.runUntil(() => sim.finished(), 10 * HOUR)).toBe(true);
    expect(forged).toBe(true);
    expect(p0.rejects.some((l) => /^an item claiming to be \w+'s is not signed by \w+'s key$/.test(l))).toBe(true);
    expect(sim.logs()).toEqual(want);
    sim.dispose();
  }, 240_000);

  it(`a link cannot queue more than ${MAX_VERIFYING_FRAMES} frames for checks that have not answered`, async () => {
    let hang = false;
    const stalling: FastVerifier = {
      name: 'answers, then stops answering',
      verify: (signature, message, publicKey) =>
        hang ? new Promise(() => {}) : Promise.resolve(nobleEd25519.verify(signature, message, publicKey)),
    };
    const { sim } = await game(33, () => stalling);
    const [p0, p1] = sim.peers;
    expect(await sim.runUntil(() => p0.session.started && p0.session.state.turn >= 2, HOUR)).toBe(true);
    hang = true;
    const handlers = sim.net.transport(p0.session.transportId)!.handlers!;
    const seat = sim.peers.indexOf(p1); // players sit in seat order (no shuffle), bots after them
    const waiting = p0.session.linkTo(p1.session.transportId)!.verifying;
    const before = p0.rejects.length;
    const sent = MAX_VERIFYING_FRAMES + 6;
    for (let i = 0; i < sent; i++) {
      const item = {
        a: seat,
        n: 500 + i,
        at: 1,
        body: { k: 'chat', c: 0, text: `x${i}` },
        h: null,
        p: null,
        w: null,
        sig: 'ab'.repeat(64),
      };
      handlers.message(p1.session.transportId, JSON.stringify({ t: 'item', item }));
    }
    expect(p0.session.linkTo(p1.session.transportId)!.verifying).toBe(MAX_VERIFYING_FRAMES);
    const lines = p0.rejects.slice(before).filter((l) => /sends signatures faster than they can be checked/.test(l));
    expect(lines).toHaveLength(sent - (MAX_VERIFYING_FRAMES - waiting));
    sim.dispose();
  }, 240_000);
});
