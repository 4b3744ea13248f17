// A peer back from a split holds items the others lack: its own, signed while it was alone
// (its fork's reveals, moves and votes). The others cannot use its later items until they hold
// those, so they must come across in seconds, not at the answer ratio's pace while the others'
// clocks run out on it: the link's catch-up allowance refills (CATCH_UP_REFILL_PER_SECOND),
// so a second catch-up on the same link is as quick as the first. (Seen in a reclaim test
// whose course changed: the two live players waited at one entry for 70 s and were dropped.)
import { describe, expect, it } from 'vitest';
import { CATCH_UP_BYTES } from '../../src/net/lockstep/limits';
import { MeshSim } from '../../src/sim/mesh-sim';
import { steady } from '../../src/sim/memory-network';

const HOUR = 3_600_000;
const STEADY = steady(20);

describe('catch-up allowance', () => {
  it("after a long split, the others hold the returning peer's items within seconds, on a link whose allowance was spent", async () => {
    const sim = new MeshSim({ peers: 3, seed: 51, chaos: STEADY, timeouts: { moveMs: 20_000, revealMs: 5_000 } });
    await sim.open();
    const [p0, , p2] = sim.peers;
    expect(await sim.runUntil(() => p0.session.started && p0.session.state.turn >= 4, HOUR)).toBe(true);
    // The link from p2 to p0 has spent its allowance already (as after an earlier catch-up of p0 on it).
    const link = p2.session.linkTo(p0.session.transportId)!;
    link.catchUp = 0;
    link.catchUpAt = sim.clock.now();
    const heal = sim.split([[0, 1], [2]]);
    const alone = p2.session.poolView!.sequences[2];
    // Alone, p2 drops the others, a bot plays them, and it signs its own reveals and moves: a hundred items or more.
    expect(await sim.runUntil(() => p2.session.poolView!.sequences[2] >= alone + 100, HOUR)).toBe(true);
    const held = p2.session.poolView!.sequences[2];
    expect(p0.session.poolView!.sequences[2]).toBeLessThan(alone + 5); // the split was real: p0 has none of them
    expect(p2.session.linkTo(p0.session.transportId)).toBe(link); // the same link (no redial: no fresh allowance)
    const t0 = sim.clock.now();
    heal();
    expect(await sim.runUntil(() => p0.session.poolView!.sequences[2] >= held, 10 * 60_000)).toBe(true);
    // Within seconds: the allowance refilled while the split lasted (at most CATCH_UP_BYTES).
    expect(sim.clock.now() - t0).toBeLessThan(10_000);
    expect(link.catchUp).toBeLessThanOrEqual(CATCH_UP_BYTES);
    sim.dispose();
  }, 120_000);
});
