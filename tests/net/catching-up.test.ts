// Catching up is not replaying (issue 19): a spectator that joins at turn 20 of a game with a bot
// seat marks the updates it applies while it holds moves past its own state as `catchingUp`, so
// the game screen (session-controller.ts) plays none of them; once live, updates are unmarked.
import { describe, expect, it } from 'vitest';
import type { Chaos } from '../../src/sim/memory-network';
import { MeshSim } from '../../src/sim/mesh-sim';

const CHAOS: Chaos = { drop: 0.05, duplicate: 0.02, minDelay: 5, maxDelay: 60, reorder: 0.05, reorderDelay: 100 };
const HOUR = 3_600_000;

describe('MeshSession catching up', () => {
  it('a late spectator flags the updates that are behind the game, and not those at the live edge', async () => {
    const sim = new MeshSim({ peers: 2, seed: 21, chaos: CHAOS, botSeats: ['greedy'] });
    await sim.open();
    expect(await sim.runUntil(() => sim.peers[0].session.started && sim.peers[0].session.state.turn >= 20, HOUR)).toBe(true);
    const watcher = sim.spectate(1);
    const seen: { turn: number; catchingUp: boolean; live: number }[] = [];
    watcher.session.subscribe((u) => seen.push({ turn: u.state.turn, catchingUp: !!u.catchingUp, live: sim.peers[0].session.state.turn }));
    const caughtUp = () => watcher.session.started && watcher.session.state.turn >= sim.peers[0].session.state.turn;
    expect(await sim.runUntil(caughtUp, HOUR)).toBe(true);
    // behind the game: at least one update was applied while later moves were already held
    const behind = seen.filter((s) => s.catchingUp);
    expect(behind.length).toBeGreaterThan(0);
    for (const s of behind) expect(s.turn).toBeLessThan(s.live + 1);
    // at the live edge: the session holds nothing past its state, and its next updates are not flagged
    expect(await sim.runUntil(() => !watcher.session.catchingUp, 60_000)).toBe(true);
    const from = seen.length;
    expect(await sim.runUntil(() => seen.length > from + 3, HOUR)).toBe(true);
    expect(seen.slice(from).some((s) => !s.catchingUp)).toBe(true);
    sim.dispose();
  });
});
