// What the pages read of a dropped player coming back (issue 20, P2.6): its own colour stays its own,
// Resign explains instead of doing nothing, and every page sees the reclaim vote's progress.
import { describe, expect, it } from 'vitest';
import { MeshSim } from '../../src/sim/mesh-sim';

const HOUR = 3_600_000;
// The chaos and seed of mesh-session.test.ts's reclaim case, where the reclaim is agreed before the game ends.
const CHAOS = { drop: 0.1, duplicate: 0.05, minDelay: 5, maxDelay: 80, reorder: 0.1, reorderDelay: 150 };

describe('a dropped seat, as the pages see it', () => {
  it('keeps its colour, refuses Resign with a reason, and shows the reclaim vote to everyone until it is agreed', async () => {
    const sim = new MeshSim({ peers: 3, seed: 21, chaos: CHAOS });
    await sim.open();
    expect(await sim.runUntil(() => sim.peers[2].session.started && sim.peers[2].session.state.turn >= 6, HOUR)).toBe(true);
    await sim.silenceUntilDropped(2);
    const back = sim.peers[2].session;
    expect(back.forfeits()).toEqual([{ colour: 'green', why: 'dropped' }]);
    expect(back.ownColour).toBe('green');
    expect(() => back.resign()).toThrow(/already forfeits/);
    expect(back.reclaims).toEqual([]);
    back.reclaimSeat();
    const asked = back.reclaims[0];
    expect(asked).toMatchObject({ colour: 'green' });
    expect(asked.agreed.length + asked.waitingFor.length).toBe(2);
    // the others' pages show the same question, then it is agreed and the seat is its player's again
    expect(await sim.runUntil(() => sim.peers[0].session.reclaims.length > 0, HOUR)).toBe(true);
    expect(sim.peers[0].session.reclaims[0].colour).toBe('green');
    expect(await sim.runUntil(() => sim.logs()[2].includes('{"k":"reclaim","colour":"green"}'), HOUR)).toBe(true);
    expect(back.reclaims).toEqual([]);
    sim.dispose();
  });
});
