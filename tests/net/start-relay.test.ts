// The start waits only on what it must (issue 19): when the link between two guests does not
// form, each still gets the other's commitment and first reveals through the host, which
// passes on new items until it holds the game state, instead of a heartbeat later.
import { describe, expect, it } from 'vitest';
import { MeshSim } from '../../src/sim/mesh-sim';
import { steady } from '../../src/sim/memory-network';

const STEADY = steady(30);
const STALL_MS = 10_000;

describe('the start through the peers a guest has', () => {
  it('two guests with no link between them both hold the game state within a few trips of the start, not a heartbeat later', async () => {
    const sim = new MeshSim({ peers: 3, seed: 41, chaos: STEADY });
    // Every frame between the two guests (transports p1-… and p2-…) is lost from the first: their link never proves itself.
    const guests = (from: string, to: string) => /^p[12]-/.test(from) && /^p[12]-/.test(to) && from.slice(0, 2) !== to.slice(0, 2);
    let cut = 0;
    sim.net.filter = (from, to) => {
      if (!guests(from, to)) return true;
      cut++;
      return false;
    };
    await sim.open(() => ({ stallMs: STALL_MS }));
    const [, g1, g2] = sim.peers;
    const t0 = sim.clock.now();
    expect(await sim.runUntil(() => sim.peers.every((p) => p.session.started), 60_000)).toBe(true);
    const took = sim.clock.now() - t0;
    // The fault happened: the guests tried each other and nothing crossed, so neither holds a proven link to the other.
    expect(cut).toBeGreaterThan(0);
    expect(g1.session.linkTo(g2.session.transportId)?.authed ?? false).toBe(false);
    expect(g2.session.linkTo(g1.session.transportId)?.authed ?? false).toBe(false);
    // Held within a few one-way trips of 30 ms of the host's start, far from the heartbeat that would otherwise bring the items.
    expect(took).toBeLessThan(1_000);
    // And it is the host's game: each guest's log is a prefix of the host's.
    const host = sim.peers[0].session.replicaView!.log.entries.map((e) => JSON.stringify(e));
    for (const g of [g1, g2]) {
      const log = g.session.replicaView!.log.entries.map((e) => JSON.stringify(e));
      expect(log).toEqual(host.slice(0, log.length));
    }
    sim.dispose();
  }, 120_000);
});
