// The bot runner's in-process path (Node has no Worker): same choice as calling the bot
// directly with the same seed (P2.6), legal, and failures come back as rejected promises.
import { describe, expect, it } from 'vitest';
import { applyInPlace, newGame } from '../../src/engine';
import { SeededChooser, botAction, botByLevel, createBotRunner, greedyBot, randomEventAction } from '../../src/bots';
import { assertLegal, mixedSetup } from './support';

describe('bot runner (in process under Node)', () => {
  it('plays a whole game through the runner, matching the bots called directly', async () => {
    expect(typeof Worker).toBe('undefined');
    const runner = createBotRunner();
    const state = newGame(mixedSetup(5)); // team variant
    const events = new SeededChooser(8);
    let seed = 1;
    let decisions = 0;
    while (state.phase !== 'over') {
      const event = randomEventAction(state, events);
      if (event) {
        applyInPlace(state, event);
        continue;
      }
      const level = decisions === 7 ? 'strong' : state.seat % 2 ? 'random' : 'greedy';
      const choice = await runner.choose(state, level, seed);
      if (level !== 'strong') expect(choice).toEqual(botByLevel(level).choose(state, { rng: new SeededChooser(seed), budgetMs: Infinity }));
      assertLegal(state, choice);
      applyInPlace(state, botAction(state, { name: 'runner', choose: () => choice }, { rng: new SeededChooser(0), budgetMs: 0 }));
      seed++;
      decisions++;
    }
    expect(decisions).toBeGreaterThan(100);
    runner.dispose();
  });

  it('rejects when no decision is due, and after dispose', async () => {
    const runner = createBotRunner();
    const state = newGame(mixedSetup(0)); // phase draw: a random event, not a seat's decision
    await expect(runner.choose(state, 'greedy', 1)).rejects.toThrow(/phase draw/);
    runner.dispose();
    applyInPlace(state, randomEventAction(state, new SeededChooser(1))!);
    await expect(runner.choose(state, 'greedy', 1)).rejects.toThrow(/disposed/);
    expect(greedyBot.name).toBe('greedy');
  });
});
