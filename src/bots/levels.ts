// The bot levels by name (lobby settings, the bot runner, the tournament CLI).
import { expertBot } from './expert';
import { greedyBot } from './greedy';
import { randomBot } from './random';
import { strongBot } from './strong';
import type { Bot } from './types';
import { BOT_LEVELS, type BotLevel } from '../fair/bot-levels';

export { BOT_LEVELS, type BotLevel };

export function botByLevel(level: BotLevel): Bot {
  switch (level) {
    case 'random':
      return randomBot;
    case 'greedy':
      return greedyBot;
    case 'strong':
      return strongBot;
    case 'expert':
      return expertBot;
    default:
      throw new Error(`unknown bot level "${String(level)}"; use ${BOT_LEVELS.join(', ')}`);
  }
}
