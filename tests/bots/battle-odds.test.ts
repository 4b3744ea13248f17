// The exact battle odds the bots use, checked against brute-force enumeration of the dice.
import { describe, expect, it } from 'vitest';
import { battleOdds, type Fighter } from '../../src/bots/battle-odds';

/** All outcomes of one throw of a fighter, as best values (R6.3, R6.7, R6.8). */
function bests(f: Fighter): number[] {
  let rolls: number[][] = [[]];
  for (let i = 0; i < f.dice; i++) {
    const faces = f.yellow && i === f.dice - 1 ? [3, 4, 5, 6, 7, 8] : [1, 2, 3, 4, 5, 6];
    rolls = rolls.flatMap((r) => faces.map((v) => [...r, v]));
  }
  return rolls.map((r) => Math.max(...r) + (f.lightsaber ? 1 : 0));
}

/** Two fighters by enumeration: per throw P(a>b), P(tie); rethrows until decided (R6.4). */
function duel(a: Fighter, b: Fighter): { winA: number; ties: number } {
  const A = bests(a);
  const B = bests(b);
  let gt = 0;
  let eq = 0;
  for (const x of A) for (const y of B) x > y ? gt++ : x === y ? eq++ : 0;
  const n = A.length * B.length;
  const pg = gt / n;
  const pe = eq / n;
  return { winA: pg / (1 - pe), ties: pe / (1 - pe) }; // expected number of tied throws
}

const f = (dice: number, yellow = false, lightsaber = false): Fighter => ({ dice, yellow, lightsaber });

describe('battle odds (R6.2–R6.8)', () => {
  it('equal sides win half the time', () => {
    expect(battleOdds([f(1), f(1)]).win[0]).toBeCloseTo(0.5, 12);
    expect(battleOdds([f(3, true, true), f(3, true, true), f(3, true, true)]).win[2]).toBeCloseTo(1 / 3, 12);
  });

  it('two fighters match enumeration of every die value', () => {
    const cases: [Fighter, Fighter][] = [
      [f(2), f(1)],
      [f(3), f(1)],
      [f(1, false, true), f(2)],
      [f(1, true), f(3)],
      [f(2, true, true), f(3)],
      [f(3, true), f(3, false, true)],
    ];
    for (const [a, b] of cases) {
      const odds = battleOdds([a, b]);
      const want = duel(a, b);
      expect(odds.win[0]).toBeCloseTo(want.winA, 12);
      expect(odds.win[0] + odds.win[1]).toBeCloseTo(1, 12);
      expect(odds.tiePoints[0]).toBeCloseTo(want.ties, 12); // R6.4: 1 point per tied throw
      expect(odds.tiePoints[1]).toBeCloseTo(want.ties, 12);
    }
  });

  it('three fighters: probabilities sum to 1 and more dice win more often', () => {
    const odds = battleOdds([f(1), f(2), f(3)]);
    expect(odds.win.reduce((s, x) => s + x, 0)).toBeCloseTo(1, 12);
    expect(odds.win[0]).toBeLessThan(odds.win[1]);
    expect(odds.win[1]).toBeLessThan(odds.win[2]);
  });

  it('a yellow die with a lightsaber (4..9) beats one normal die 10 times in 11, not always', () => {
    // R6.8 + R6.7: 3..8 + 1 = 4..9 against 1..6. Of 36 throws it wins 30, ties 3 (4/4, 5/5, 6/6,
    // thrown again, R6.4) and loses 3 (4 v 5, 4 v 6, 5 v 6): 30 / 33 = 10/11.
    const odds = battleOdds([f(1, true, true), f(1)]);
    expect(odds.win[0]).toBeCloseTo(duel(f(1, true, true), f(1)).winA, 12);
    expect(odds.win[0]).toBeCloseTo(10 / 11, 12);
    expect(odds.win[1]).toBeCloseTo(1 / 11, 12);
    expect(odds.tiePoints[0]).toBeCloseTo(3 / 33, 12); // expected tied throws: (3/36) / (1 - 3/36)
  });
});
