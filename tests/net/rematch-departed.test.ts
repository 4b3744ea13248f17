// A rematch after a player left (issue 20): it offers the seats of the people present; the departed player's
// seat becomes free for anyone or a bot's, as the proposer chooses, and the new game starts and ends.
import { describe, expect, it } from 'vitest';
import { MeshSim } from '../../src/sim/mesh-sim';

const HOUR = 3_600_000;

async function afterHostLeft() {
  const sim = new MeshSim({ peers: 3, seed: 19 });
  await sim.open();
  expect(await sim.runUntil(() => sim.finished(), 2 * HOUR)).toBe(true);
  const hostColour = sim.peers[0].session.ownColour!;
  sim.crash(0);
  expect(await sim.runUntil(() => sim.peers[1].session.departed.length > 0, 120_000)).toBe(true);
  return { sim, hostColour };
}

describe('rematch after the host left', () => {
  it("gives the departed host's seat to a bot when the proposer says so, and the new game runs to its end", async () => {
    const { sim, hostColour } = await afterHostLeft();
    expect(sim.peers[1].session.departed).toEqual([hostColour]);
    const offered: string[] = [];
    sim.peers[2].session.onEvent((e) => e.kind === 'rematch' && offered.push(e.gameId));
    const next = sim.peers[1].session.rematch({}, 'bot');
    sim.peers[1].session = next;
    const seat = next.lobby!.seats.find((x) => x.colour === hostColour)!;
    expect(seat).toMatchObject({ bot: 'greedy', pub: null });
    expect(await sim.runUntil(() => offered.length > 0, 60_000)).toBe(true);
    sim.peers[2].session = sim.peers[2].session.acceptRematch(offered[0]);
    expect(await sim.runUntil(() => sim.peers[2].session.lobby?.gameId === offered[0], 60_000)).toBe(true);
    next.startGame(); // every seat is taken: nobody waits for the player who left
    for (const p of sim.peers.slice(1)) void p.session.start();
    expect(await sim.runUntil(() => sim.peers.slice(1).every((p) => p.session.phase === 'over'), 2 * HOUR)).toBe(true);
    sim.dispose();
  });

  it('or leaves it free for anyone, so Start waits for a person to take it', async () => {
    const { sim, hostColour } = await afterHostLeft();
    const next = sim.peers[1].session.rematch({}, 'free');
    sim.peers[1].session = next;
    expect(next.lobby!.seats.find((x) => x.colour === hostColour)).toMatchObject({ bot: null, pub: null });
    expect(() => next.startGame()).toThrow(/every seat must be taken/);
    sim.dispose();
  });
});
