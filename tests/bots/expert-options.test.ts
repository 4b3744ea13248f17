// The expert's options for three or more scorers that docs/bots.md screens: the chance to
// finish first (`many.value: 'win'`) and the deployment root's width (`deployCandidates`).
import { describe, expect, it } from 'vitest';
import { cloneState, newGame, type GameState } from '../../src/engine';
import { SeededChooser, botAction, createExpertBot, greedyBot } from '../../src/bots';
import { scoreDeployments } from '../../src/bots/moves';
import { winChance } from '../../src/bots/expert';
import { LEARNED_WEIGHTS } from '../../src/bots/evaluate';
import { decisionsOf, mixedSetup } from './support';

describe('winChance: a chance to finish first from projected scores (R8.3)', () => {
  it('an even race of n scorers gives each ½ per opponent, and the chances of a 2-scorer race add up to 1', () => {
    expect(winChance([50, 50, 50, 50], 0, 30)).toBeCloseTo(1 / 8, 12);
    for (const left of [0, 12, 40])
      for (const d of [-30, -5, 0, 3, 17]) expect(winChance([60 + d, 60], 0, left) + winChance([60 + d, 60], 1, left)).toBeCloseTo(1, 12);
  });
  it('grows with the lead, and a lead counts for more when fewer tiles are left', () => {
    const at = (lead: number, left: number) => winChance([60 + lead, 60, 55, 50], 0, left);
    for (const left of [0, 10, 40]) {
      expect(at(5, left)).toBeGreaterThan(at(0, left));
      expect(at(0, left)).toBeGreaterThan(at(-5, left));
    }
    expect(at(5, 4)).toBeGreaterThan(at(5, 40));
    expect(at(-5, 4)).toBeLessThan(at(-5, 40));
  });
  it('once the game is over the final scores decide: the leader near 1, the others near 0', () => {
    expect(winChance([70, 60, 65], 0, -1)).toBeGreaterThan(0.99);
    expect(winChance([70, 60, 65], 2, -1)).toBeLessThan(0.01);
  });
});

/** Deployment decisions of a 4-seat game played by greedy, with at least 3 deployments to choose from. */
function deployStates(): GameState[] {
  const rng = new SeededChooser(3);
  const out: GameState[] = [];
  for (const s of decisionsOf(newGame(mixedSetup(2)), new SeededChooser(503), (st) =>
    botAction(st, greedyBot, { rng, budgetMs: Infinity }),
  ))
    if (s.phase === 'deploy' && scoreDeployments(s).length >= 3 && out.length < 6) out.push(cloneState(s));
  return out;
}

describe('deployCandidates: how many deployments the root of a deployment decision compares', () => {
  it('with one the search has nothing to compare: the best by the one-ply evaluation is chosen', () => {
    const states = deployStates();
    expect(states.length).toBeGreaterThan(2);
    const bot = createExpertBot({ iterations: 24, deployIterations: 16, futures: 4, deployCandidates: 1 });
    for (const [i, s] of states.entries()) {
      // 4 seats: the expert judges by LEARNED_WEIGHTS (its default `learned: 'many'`).
      const ds = scoreDeployments(s, LEARNED_WEIGHTS);
      const best = ds.reduce((b, d) => (d.value > b.value ? d : b), ds[0]);
      expect(bot.choose(s, { rng: new SeededChooser(i), budgetMs: Infinity })).toEqual({ type: 'deploy', deployment: best.deployment });
    }
  });
});
