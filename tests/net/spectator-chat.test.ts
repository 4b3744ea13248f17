// A spectator reads the players' chat (read-only) and the players see who is watching (issue 20, P3.5);
// it may come in through any player's peer, so a watch link still works after the host left.
import { describe, expect, it } from 'vitest';
import { MeshSim } from '../../src/sim/mesh-sim';

/** A network that delivers everything, in order, within 20 ms. */
const QUIET = { drop: 0, duplicate: 0, minDelay: 5, maxDelay: 20, reorder: 0, reorderDelay: 0 };

describe('spectator and chat', () => {
  it("a watcher receives the players' chat lines, and every player's page lists the watcher", async () => {
    const sim = new MeshSim({ peers: 2, seed: 31, chaos: QUIET });
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

  it("after the host left, a spectator comes in through a guest's peer and follows the game to its end", async () => {
    const sim = new MeshSim({ peers: 3, seed: 32, chaos: QUIET });
    await sim.open();
    const [host, guest, other] = sim.peers;
    expect(await sim.runUntil(() => guest.session.started && guest.session.state.turn >= 3, 600_000)).toBe(true);
    sim.crash(0);
    // the host is gone for good: the others drop its seat and play on
    expect(await sim.runUntil(() => guest.session.forfeits().some((f) => f.colour === sim.colours[0]), 3_600_000)).toBe(true);
    expect(host.alive).toBe(false);
    const watcher = sim.spectate(1);
    expect(await sim.runUntil(() => watcher.session.started, 600_000)).toBe(true);
    expect(watcher.session.seatIndex).toBeNull();
    expect(await sim.runUntil(() => [guest, other, watcher].every((p) => p.session.phase === 'over'), 4 * 3_600_000)).toBe(true);
    expect(watcher.session.replayText()).toBe(guest.session.replayText());
    sim.dispose();
  }, 120_000);
});
