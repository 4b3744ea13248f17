// Logs written by play:local's game (src/sim/local-game.ts) verify for 2–6 seats, teams on and off,
// expansion on and off (P1.5, P4.2). The command line itself: tests/cli/play-local.test.ts.
import { describe, expect, it } from 'vitest';
import type { Colour } from '../../src/engine';
import { verifyReplay } from '../../src/fair';
import { fixtureMatch } from './fixtures';

const ALL: Colour[] = ['red', 'black', 'green', 'white', 'orange', 'blue'];

describe('play:local logs verify', () => {
  const cases: { seats: Colour[]; expansion: boolean; teams: boolean; shuffle: boolean }[] = [];
  for (let n = 2; n <= 5; n++) cases.push({ seats: ALL.slice(0, n), expansion: false, teams: false, shuffle: n === 3 });
  for (let n = 2; n <= 6; n++) cases.push({ seats: ALL.slice(0, n), expansion: true, teams: false, shuffle: n === 6 });
  cases.push({ seats: ['red', 'black', 'green', 'white'], expansion: false, teams: true, shuffle: false });
  cases.push({ seats: ['red', 'black', 'green', 'white'], expansion: true, teams: true, shuffle: true });

  for (const c of cases) {
    it(`${c.seats.length} seats, expansion ${c.expansion ? 'on' : 'off'}, teams ${c.teams ? 'on' : 'off'}${c.shuffle ? ', seats shuffled (R2.3)' : ''}`, () => {
      const match = fixtureMatch({ ...c, seed: c.seats.length * 10 + (c.expansion ? 1 : 0) + (c.teams ? 2 : 0) });
      const report = verifyReplay(match.replayText());
      if (!report.ok) throw new Error(report.message);
      expect(report.seats.slice().sort()).toEqual(c.seats.slice().sort());
      expect(report.turns).toBe(match.state.turn);
      expect(report.draws).toBeGreaterThanOrEqual(report.turns); // unplaceable redraws add draws (R4.3)
      expect(Object.values(report.scores)).toEqual(match.state.scores);
      expect(report.histogram.normal.reduce((a, b) => a + b, 0) + report.histogram.yellow.reduce((a, b) => a + b, 0)).toBe(report.dice);
      if (!c.expansion) expect(report.histogram.yellow).toEqual([0, 0, 0, 0, 0, 0]);
    });
  }

  it('the "return" variant of R4.3 verifies too', () => {
    const report = verifyReplay(
      fixtureMatch({ seats: ['red', 'black', 'green'], expansion: true, unplaceable: 'return', seed: 5 }).replayText(),
    );
    expect(report.ok).toBe(true);
  });
});
