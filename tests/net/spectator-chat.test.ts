// A spectator reads the players' chat (read-only) and the players see who is watching (issue 20, P3.5).
import { describe, expect, it } from 'vitest';
import { MeshSim } from '../../src/sim/mesh-sim';

describe('spectator and chat', () => {
  it("a watcher receives the players' chat lines, and every player's page lists the watcher", async () => {
    const sim = new MeshSim({
      peers: 2,
      seed: 31,
      chaos: { drop: 0, duplicate: 0, minDelay: 5, maxDelay: 20, reorder: 0, reorderDelay: 0 },
    });
    await sim.open();
    expect(await sim.runUntil(() => sim.peers[0].session.started && sim.peers[0].session.state.turn >= 2, 600_000)).toBe(true);
    const watcher = sim.spectate(0);
    expect(await sim.runUntil(() => watcher.session.started, 600_000)).toBe(true);
    expect(watcher.session.chat).toHaveLength(0);
    sim.peers[1].session.sendChat('hello, watcher');
    expect(await sim.runUntil(() => watcher.session.chat.length > 0, 600_000)).toBe(true);
    expect(watcher.session.chat[0].text).toBe('hello, watcher');
    expect(() => watcher.session.sendChat('me too')).toThrow();
    expect(await sim.runUntil(() => sim.peers[0].session.peers.some((p) => p.watcher), 600_000)).toBe(true);
    expect(sim.peers[0].session.peers.find((p) => p.watcher)!.name).toBe(watcher.name);
    expect(await sim.runUntil(() => sim.peers[1].session.peers.some((p) => p.watcher), 600_000)).toBe(true);
    sim.dispose();
  });
});
