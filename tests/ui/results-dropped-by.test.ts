// @vitest-environment happy-dom
// Issue 18: under a dropped seat, the results say on whose signed word the drop rests, as
// `verify` does ("rests on the word of"); the session's forfeits carry those voters.
import { afterEach, describe, expect, it } from 'vitest';
import { newGame, type GameState } from '../../src/engine';
import { verifyReplay } from '../../src/fair';
import type { SeatInfo } from '../../src/session/session';
import { MeshSim } from '../../src/sim/mesh-sim';
import '../../src/ui/sw-results';
import { startGame } from '../support/engine-script';

const HOUR = 3_600_000;
const online: SeatInfo[] = [
  { colour: 'red', controller: { kind: 'remote', name: 'Ana' }, localHuman: false },
  { colour: 'black', controller: { kind: 'human' }, localHuman: true },
];

describe('the results name the word a drop rests on (issue 18)', () => {
  afterEach(() => document.body.replaceChildren());

  it('a short line under the dropped seat: "dropped on the word of Ana (red)"', async () => {
    const state: GameState = newGame({ seats: ['red', 'black'], options: startGame(['red', 'black']).setup.options });
    state.scores = [21, 71];
    state.phase = 'over';
    const el = Object.assign(document.createElement('sw-results'), {
      state,
      events: [],
      seats: online,
      forfeits: [{ colour: 'black', why: 'dropped', by: ['red'] }],
    });
    document.body.append(el);
    await el.updateComplete;
    const row = el.shadowRoot!.querySelector('tr[data-result="1"]')!;
    expect(row.querySelector('[data-forfeit]')).not.toBeNull();
    expect(row.querySelector('[data-dropped-by="black"]')!.textContent).toBe('dropped on the word of Ana (red)');
    expect(el.shadowRoot!.querySelector('tr[data-result="0"] [data-dropped-by]')).toBeNull();
  });

  it("a session's forfeits name the seats whose signed votes dropped the host, as verify does", async () => {
    const sim = new MeshSim({ peers: 3, seed: 12 });
    try {
      await sim.open();
      expect(await sim.runUntil(() => sim.peers[0].session.started && sim.peers[0].session.state.turn >= 5, HOUR)).toBe(true);
      sim.crash(0);
      expect(await sim.runUntil(() => sim.finished(), 2 * HOUR)).toBe(true);
      const survivor = sim.peers[1].session;
      const drop = survivor.forfeitWords().find((f) => f.colour === 'red');
      expect(drop?.why).toBe('dropped');
      expect(drop?.by?.length).toBeGreaterThanOrEqual(1);
      const report = verifyReplay(survivor.replayText());
      expect(report.ok).toBe(true);
      const line = report.ok ? report.lines.find((l) => l.startsWith('the drop of red at entry')) : undefined;
      expect(line).toContain(`rests on the word of ${drop!.by!.join(', ')} (`);
    } finally {
      sim.dispose();
    }
  }, 120_000);
});
