// The bots' public face: three levels, and a lookup by level name (for lobby settings,
// the bot runner and the tournament CLI).
import { greedyBot } from './greedy';
import { randomBot } from './random';
import { strongBot } from './strong';
import type { Bot } from './types';

export { randomBot } from './random';
export { greedyBot, createGreedyBot } from './greedy';
export { strongBot, createStrongBot, DEFAULT_STRONG, type StrongOptions } from './strong';
export { SeededChooser } from './chooser';
export { playout, continuePlayout, randomEventAction, botAction, type PlayoutOptions } from './playout';
export type { Bot, BotChoice, BotContext, Chooser } from './types';

export type BotLevel = 'random' | 'greedy' | 'strong';
export const BOT_LEVELS: readonly BotLevel[] = ['random', 'greedy', 'strong'];

export function botByLevel(level: BotLevel): Bot {
  switch (level) {
    case 'random': return randomBot;
    case 'greedy': return greedyBot;
    case 'strong': return strongBot;
    default: throw new Error(`unknown bot level "${String(level)}"; use random, greedy or strong`);
  }
}
