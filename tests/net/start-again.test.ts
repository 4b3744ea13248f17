// A start that waits for a commitment that never comes (issue 20, "its start has the same
// countdown and drop path as any wait"; P2.6 for the start): every page says whose commitment
// is missing and until when; before then nobody can leave them out; after it, a player begins
// the start again without them (their seat free or a bot's), the others take it up, and the
// new game is played to its end. Nothing was drawn, so nobody forfeits and no log is changed.
import { describe, expect, it } from 'vitest';
import { verifyReplay } from '../../src/fair';
import { MeshSim } from '../../src/sim/mesh-sim';

const HOUR = 3_600_000;
const REVEAL_MS = 20_000;

/** Three players; the third one's commitment never leaves its page (its other frames do: it is linked, only silent). */
async function silentAtTheStart() {
  const sim = new MeshSim({ peers: 3, seed: 2011, timeouts: { moveMs: 90_000, revealMs: REVEAL_MS } });
  let silentId = '';
  let blocked = 0;
  sim.net.filter = (from, _to, frame) => {
    const commit = from === silentId && frame.includes('"t":"item"') && frame.includes('"k":"commit"');
    if (commit) blocked++;
    return !commit;
  };
  const opening = sim.open(); // the sessions are made at once, the lobby is met over the simulated time
  silentId = sim.peers[2].session.transportId;
  await opening;
  const silent = sim.colours[2]; // each peer takes the seat of its number
  expect(await sim.runUntil(() => sim.peers[0].session.starting !== null, 60_000)).toBe(true);
  return { sim, silent, blockedSoFar: () => blocked };
}

describe('a start whose commitment never comes', () => {
  it('every page names the silent seat and its deadline; after it, a player starts again without them and the game ends', async () => {
    const { sim, silent, blockedSoFar } = await silentAtTheStart();
    const [a, b] = sim.peers;
    // The fault happened: the silent peer did sign its commitment, and every copy was held back.
    expect(await sim.runUntil(() => blockedSoFar() > 0, 60_000)).toBe(true);
    expect(await sim.runUntil(() => [a, b].every((p) => p.session.starting?.missing.join() === silent), 60_000)).toBe(true);
    const st = a.session.starting!;
    expect(st.deadline - st.since).toBe(REVEAL_MS);
    expect(a.session.started).toBe(false);
    // Before the deadline nobody can leave them out.
    expect(() => a.session.restartWithout({}, 'bot')).toThrow(/not up yet/);
    expect(await sim.runUntil(() => sim.clock.now() >= st.deadline, 60_000)).toBe(true);
    // Still no commitment, no draw: the start waited all that time, and waits on without someone acting.
    expect(a.session.starting!.missing).toEqual([silent]);
    // The silent peer itself cannot do it: it holds every commitment (its own too), so to it the game has begun.
    expect(sim.peers[2].session.starting).toBeNull();
    expect(() => sim.peers[2].session.restartWithout({}, 'bot')).toThrow(/while it waits for commitments/);
    const oldGame = a.session.gameId;
    const offered: string[] = [];
    b.session.onEvent((e) => e.kind === 'rematch' && offered.push(e.gameId));
    const next = a.session.restartWithout({}, 'bot');
    a.session = next;
    expect(next.lobby!.seats.find((x) => x.colour === silent)).toMatchObject({ bot: 'greedy', pub: null });
    expect(next.lobby!.rematchOf).toBe(oldGame);
    expect(await sim.runUntil(() => offered.length > 0 && b.session.offersRestart(offered[0]), 60_000)).toBe(true);
    // A lobby that is not this game begun again (another game's id) is not taken for one.
    expect(b.session.offersRestart('0'.repeat(32))).toBe(false);
    b.session = b.session.acceptRematch(offered[0]);
    expect(b.session.lobby?.gameId).toBe(next.gameId);
    sim.net.filter = null;
    sim.crash(2); // the silent peer is gone for good: the new game does not need it
    next.startGame();
    for (const p of [a, b]) void p.session.start();
    expect(await sim.runUntil(() => [a, b].every((p) => p.session.phase === 'over'), 2 * HOUR)).toBe(true);
    const [la, lb] = [a.session.replayText(), b.session.replayText()];
    expect(la).toBe(lb);
    const report = verifyReplay(la);
    expect(report.ok ? 'ok' : report.message).toBe('ok');
    // Nobody forfeits: the silent seat was a bot's from the new start, not a dropped player.
    expect(la).not.toContain('"k":"drop"');
    expect(a.session.forfeits()).toEqual([]);
    sim.dispose();
  }, 120_000);

  it('or leaves the seat free, so the new start waits for a person to take it', async () => {
    const { sim, silent } = await silentAtTheStart();
    const st = sim.peers[0].session.starting!;
    expect(await sim.runUntil(() => sim.clock.now() >= st.deadline, 60_000)).toBe(true);
    const next = sim.peers[1].session.restartWithout({}, 'free');
    sim.peers[1].session = next;
    expect(next.isHost).toBe(true);
    expect(next.lobby!.seats.find((x) => x.colour === silent)).toMatchObject({ bot: null, pub: null });
    expect(() => next.startGame()).toThrow(/every seat must be taken/);
    sim.dispose();
  }, 120_000);
});
