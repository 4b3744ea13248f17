// The completion chances learned from self-play (bench/completion-table.ts) are a well-formed
// table, the evaluation reads them as documented, and the expert uses them where `learned` says.
import { describe, expect, it } from 'vitest';
import type { GameState } from '../../src/engine';
import { SeededChooser, createExpertBot } from '../../src/bots';
import { LEARNED_COMPLETION as T } from '../../src/bots/completion-table';
import { DEFAULT_WEIGHTS, realmWorth, type RealmStat } from '../../src/bots/evaluate';
import { sampledDecisions } from './support';

const learned = { ...DEFAULT_WEIGHTS, completion: T };
const field = (open: number): RealmStat => ({ kind: 'A', tiles: 4, symbols: 0, factions: 0, open, around: 0, lastTile: -1 });
const planet = (open: number): RealmStat => ({ kind: 'P', tiles: 1, symbols: 0, factions: 0, open, around: 8 - open, lastTile: -1 });

describe('the learned completion table', () => {
  it('holds chances from 0 to 1 for every kind, 1 to 4+ open edges and every time bucket', () => {
    for (const [rows, edges] of [
      [T.R, T.raEdges],
      [T.A, T.raEdges],
      [T.P, T.pEdges],
    ] as const) {
      expect(rows).toHaveLength(4);
      for (const row of rows) {
        expect(row).toHaveLength(edges.length - 1);
        for (const v of row) expect(v >= 0 && v <= 1).toBe(true);
      }
    }
  });

  it('a chance rises with time left and falls with open edges', () => {
    for (const rows of [T.R, T.A, T.P])
      for (let o = 0; o < 4; o++)
        for (let i = 0; i < rows[o].length; i++) {
          if (i > 0) expect(rows[o][i]).toBeGreaterThanOrEqual(rows[o][i - 1]);
          if (o > 0) expect(rows[o][i]).toBeLessThanOrEqual(rows[o - 1][i]);
        }
  });

  it("a field's worth reads the row at its bucket's middle, by the seat's own turns left (R7.2)", () => {
    // 4 seats, 28 tiles left: 7 own turns, the middle of the bucket 6–8.
    const i = T.raEdges.indexOf(6);
    const pc = T.A[0][i];
    // 28 tiles left is still early (≥ 25): the growth term counts in full.
    expect(realmWorth(field(1), 28, learned, 4)).toBeCloseTo((4 + DEFAULT_WEIGHTS.fieldGrowth * 1) * (1 + pc), 12);
    // The same tiles left at 2 seats are 14 own turns: a better chance to complete.
    expect(realmWorth(field(1), 28, learned, 2)).toBeGreaterThan(realmWorth(field(1), 28, learned, 4));
  });

  it("a planet's chance reads the tiles left, whoever places them (R7.3), and nothing is left to complete at 0", () => {
    expect(realmWorth(planet(2), 20, learned, 2)).toBe(realmWorth(planet(2), 20, learned, 5));
    const i = T.pEdges.indexOf(16);
    const fill = 0.5 * (20 / 30);
    expect(realmWorth(planet(2), 20, learned, 4)).toBeCloseTo(T.P[1][i] * 9 + (1 - T.P[1][i]) * (1 + 6 + 2 * fill), 12);
    expect(realmWorth(field(2), 0, learned, 4)).toBe(realmWorth(field(2), 0, DEFAULT_WEIGHTS, 4)); // R8.2 alone
  });
});

/** Every fifth placement decision of game `g` (`mixedSetup(g)`, played by greedy). */
const placements = (g: number) => sampledDecisions(g, 5, 700 + g, (s) => s.phase === 'place');

describe("the expert's `learned` option", () => {
  const choices = (learnedWhere: 'many' | 'all' | 'none', states: GameState[]) => {
    const bot = createExpertBot({ iterations: 24, deployIterations: 8, futures: 4, learned: learnedWhere });
    return states.map((s, i) => bot.choose(s, { rng: new SeededChooser(i), budgetMs: Infinity }));
  };

  it('with three or more scorers the default (many) judges by the table: other choices than the formula', () => {
    const four = placements(2);
    expect(four[0].scores.length).toBe(4);
    expect(choices('many', four)).not.toEqual(choices('none', four));
  });

  it('with two scorers the default keeps the formula (the 2-seat figures), and `all` uses the table there too', () => {
    const two = placements(0);
    expect(two[0].scores.length).toBe(2);
    const formula = choices('none', two);
    expect(choices('many', two)).toEqual(formula);
    expect(choices('all', two)).not.toEqual(formula);
  });
});
