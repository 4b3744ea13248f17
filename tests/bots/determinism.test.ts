// Same seed, same state → same choice, for every bot (P2.6: a bot seat plays identically on
// every peer), also after the state crossed as text (serialize → parseState, as to a worker).
import { describe, expect, it } from 'vitest';
import { parseState, serialize, type GameState } from '../../src/engine';
import { SeededChooser, createExpertBot, createStrongBot, greedyBot, randomBot, type Bot } from '../../src/bots';
import { DEFAULT_EXPERT, type ManyScorers } from '../../src/bots/expert';
import { assertLegal, sampledDecisions } from './support';

function expectDeterministic(bot: Bot, states: GameState[]): void {
  for (const [i, s] of states.entries()) {
    const a = bot.choose(s, { rng: new SeededChooser(i), budgetMs: Infinity });
    const b = bot.choose(s, { rng: new SeededChooser(i), budgetMs: Infinity });
    const c = bot.choose(parseState(serialize(s)), { rng: new SeededChooser(i), budgetMs: Infinity });
    expect(b).toEqual(a);
    expect(c).toEqual(a);
  }
}

describe('bots are deterministic for a seed (P2.6)', () => {
  it('random', () =>
    expectDeterministic(
      randomBot,
      [0, 3, 5].flatMap((g) => sampledDecisions(g, 7)),
    ));
  it('greedy', () =>
    expectDeterministic(
      greedyBot,
      [0, 3, 5, 10].flatMap((g) => sampledDecisions(g, 7)),
    ));
  it('strong (reduced effort)', () => {
    expectDeterministic(
      createStrongBot({ iterations: 12, deployIterations: 6, candidates: 4 }),
      [1, 5, 16].flatMap((g) => sampledDecisions(g, 29)),
    );
  });
  it('expert (reduced effort): the same move for a seed, and again after the state crossed as text', () => {
    expectDeterministic(
      createExpertBot({ iterations: 24, deployIterations: 8, futures: 6 }),
      [2, 7, 16].flatMap((g) => sampledDecisions(g, 31)),
    );
  });
  it('expert with 3+ scorers: every variant screened in docs/bots.md moves legally and the same for a seed', () => {
    // g = 2 and 3: 4 and 5 seats (mixedSetup), where `many` decides how the tree values positions
    const states = [2, 3].flatMap((g) => sampledDecisions(g, 37));
    const small = { iterations: 24, deployIterations: 8, futures: 6 };
    const variants: Partial<ManyScorers>[] = [
      { othersGreedy: true },
      { value: 'mean' },
      { value: 'leader' },
      { value: 'bounded' },
      { value: 'leader', paranoid: true },
      { value: 'win' },
    ];
    for (const v of variants) {
      const bot = createExpertBot({ ...small, many: { ...DEFAULT_EXPERT.many, ...v } });
      for (const [i, s] of states.entries()) assertLegal(s, bot.choose(s, { rng: new SeededChooser(i), budgetMs: Infinity }));
      expectDeterministic(bot, states);
    }
  });
  it('expert with 3+ scorers: paranoid opponents change the search (the option is wired), 2 seats do not see it', () => {
    const choices = (paranoid: boolean, states: GameState[]) => {
      // enough iterations that the other seats' nodes are visited again (their choices then follow the values)
      const bot = createExpertBot({
        iterations: 96,
        deployIterations: 16,
        futures: 6,
        many: { ...DEFAULT_EXPERT.many, value: 'leader', paranoid },
      });
      return states.map((s, i) => bot.choose(s, { rng: new SeededChooser(i), budgetMs: Infinity }));
    };
    const four = sampledDecisions(2, 7);
    expect(choices(true, four)).not.toEqual(choices(false, four));
    const two = sampledDecisions(0, 37); // 2 seats: max^n and paranoid are the same search
    expect(choices(true, two)).toEqual(choices(false, two));
  });
  it('the time cap applies only when a clock is given, and a clock within budget changes nothing', () => {
    const bot = createStrongBot({ iterations: 40, deployIterations: 10, candidates: 6 });
    const s = sampledDecisions(2, 31)[1];
    const free = bot.choose(s, { rng: new SeededChooser(1), budgetMs: Infinity });
    // A clock that never moves: same work, same choice as the lockstep call without a clock.
    expect(bot.choose(s, { rng: new SeededChooser(1), budgetMs: 5, now: () => 0 })).toEqual(free);
    // A clock that jumps past the budget at once: the search stops at its first check.
    let calls = 0;
    const capped = bot.choose(s, { rng: new SeededChooser(1), budgetMs: 5, now: () => (calls++ === 0 ? 0 : 1000) });
    expect(calls).toBeLessThanOrEqual(3);
    expect(capped.type).toBe(free.type);
  });
});
