// Two guests learn each other's address from the host's `addr` frame at the start. If that
// frame is lost, they must still meet (docs/lockstep.md, "Identity and links"): while a seat
// has no link, a peer's heartbeat says whom it reaches, and a peer that reaches a seat the
// list misses answers with its own list (chaos game 623 at seed 1: two guests that never met
// were cut apart by a split that cut off the host).
import { describe, expect, it } from 'vitest';
import { MeshSim } from '../../src/sim/mesh-sim';
import { steady } from '../../src/sim/memory-network';

describe('lost addresses', () => {
  it('every addr frame of the host lost for the first 20 s of the game: the two guests still link with each other', async () => {
    const sim = new MeshSim({ peers: 3, seed: 42, chaos: steady(30) });
    let lost = 0;
    let until = Number.POSITIVE_INFINITY;
    sim.net.filter = (from, _to, frame) => {
      if (!from.startsWith('p0-') || !frame.startsWith('{"t":"addr"') || sim.clock.now() >= until) return true;
      lost++;
      return false;
    };
    await sim.open();
    const [, g1, g2] = sim.peers;
    expect(await sim.runUntil(() => sim.peers.every((p) => p.session.started), 60_000)).toBe(true);
    until = sim.clock.now() + 20_000;
    const linked = () =>
      (g1.session.linkTo(g2.session.transportId)?.authed ?? false) && (g2.session.linkTo(g1.session.transportId)?.authed ?? false);
    // The fault happened: the host's addresses were lost, and the guests did not know each other meanwhile.
    await sim.runUntil(() => false, 5_000);
    expect(lost).toBeGreaterThan(0);
    expect(linked()).toBe(false);
    // Once the host's answers get through, the guests find each other within a few beats.
    expect(await sim.runUntil(linked, 60_000)).toBe(true);
    sim.dispose();
  }, 60_000);
});
