// The replay viewer is a Session over a finished log (the game screen shows it like a live
// game): steps one game action at a time, a step forward carries its events, a jump resets,
// no move can be made, and bot seats are named only when the file records them.
import { describe, expect, it } from 'vitest';
import { ReplaySession } from '../../src/session/replay-session';
import { playLocal } from '../../src/sim/local-game';
import { MeshSim } from '../../src/sim/mesh-sim';
import type { SessionUpdate } from '../../src/session/session';

function finishedReplay(): string {
  return playLocal({ seats: ['red', 'black'], bots: ['random'], seed: 3 }).replayText();
}

describe('ReplaySession', () => {
  const text = finishedReplay();

  it('steps through the recorded game to its final scores; forward is a step, a jump is a reset', () => {
    const s = new ReplaySession(text);
    expect(s.canAct).toBe(false);
    expect(s.replay.step).toBe(1);
    const updates: SessionUpdate[] = [];
    s.subscribe((u) => updates.push(u));
    s.go(2);
    expect(updates).toHaveLength(1);
    expect(updates[0].reset).toBeFalsy();
    expect(updates[0].steps[0].events.length).toBeGreaterThan(0);
    s.go(s.replay.steps);
    expect(updates[1].reset).toBe(true);
    expect(s.state.phase).toBe('over');
    expect(s.status).toEqual({ kind: 'over' });
    const over = s
      .history()
      .filter((e) => e.type === 'over')
      .at(-1);
    expect(over && over.type === 'over' ? over.scores : null).toEqual(s.state.scores);
    s.go(0);
    expect(s.state.tiles).toHaveLength(1);
    expect(s.history().some((e) => e.type === 'placed')).toBe(false);
  });

  it('takes no moves, and does not call local seats human when the file does not say', async () => {
    const s = new ReplaySession(text);
    await expect(s.place({ x: 1, y: 0, r: 0 })).rejects.toThrow(/no moves/);
    await expect(s.deploy(null)).rejects.toThrow(/no moves/);
    expect(s.seats.map((x) => x.controllerUnknown)).toEqual([true, true]);
    expect(() => new ReplaySession('{"not":"a replay"}')).toThrow();
  });

  it("names an online game's players from its signed roster (issue 20), and refuses a doctored name in one line", async () => {
    const sim = new MeshSim({ peers: 2, seed: 5 });
    await sim.open();
    expect(await sim.runUntil(() => sim.finished(), 7_200_000)).toBe(true);
    const online = sim.peers[0].session.replayText();
    sim.dispose();
    const seats = new ReplaySession(online).seats;
    expect(seats.map((x) => (x.controller.kind === 'remote' ? x.controller.name : x.controller.kind))).toEqual(['p0', 'p1']);
    const doctored = JSON.parse(online);
    doctored.roster[0].name = `\u0007${'A'.repeat(100)}`;
    expect(() => new ReplaySession(JSON.stringify(doctored))).toThrow(/roster\[0\]\.name/);
  });

  it('shows a drop with the seats on whose signed votes it rests, as the live game did (issue 18); a forged vote names no one', async () => {
    const sim = new MeshSim({ peers: 3, seed: 20 });
    await sim.open();
    expect(await sim.runUntil(() => sim.peers[2].session.started && sim.peers[2].session.state.turn >= 6, 7_200_000)).toBe(true);
    await sim.silenceUntilDropped(2);
    sim.crash(2);
    expect(await sim.runUntil(() => sim.finished(), 7_200_000)).toBe(true);
    const live = sim.peers[0].session.forfeitWords();
    const text = sim.peers[0].session.replayText();
    sim.dispose();
    expect(live).toEqual([{ colour: 'green', why: 'dropped', by: ['red', 'black'] }]);
    const s = new ReplaySession(text);
    expect(s.forfeitWords()).toEqual([]); // nobody has forfeited at the first step
    s.go(s.steps);
    expect(s.forfeitWords()).toEqual(live);
    // A vote whose signature does not hold: the file still plays, but its drop rests on nobody's word.
    const doctored = JSON.parse(text);
    const vote = doctored.votes.find((v: { what: string }) => v.what === 'drop');
    vote.by[0].sig = vote.by[0].sig.replace(/^./, (c: string) => (c === '0' ? '1' : '0'));
    const forged = new ReplaySession(JSON.stringify(doctored));
    forged.go(forged.steps);
    expect(forged.forfeitWords()).toEqual([{ colour: 'green', why: 'dropped' }]);
  }, 120_000);
});
