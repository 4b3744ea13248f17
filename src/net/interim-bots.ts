// TEMPORARY stand-in for src/bots/bot-runner.ts (contract shape), until the BOTS helper's lands.
import type { GameState } from '../engine';
import { SeededChooser } from '../bots/chooser';
import { randomBot } from '../bots/random';
import type { BotChoice } from '../bots/types';

export interface BotRunner {
  choose(state: GameState, level: 'random' | 'greedy' | 'strong', seed: number): Promise<BotChoice>;
  dispose(): void;
}

export function createBotRunner(): BotRunner {
  return {
    async choose(state, _level, seed) {
      return randomBot.choose(state, { rng: new SeededChooser(seed), budgetMs: 100 });
    },
    dispose() {},
  };
}
