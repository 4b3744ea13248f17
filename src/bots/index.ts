// The bots' public face: four levels, a lookup by level name, and the runner that keeps
// the table responsive by thinking in a Web Worker.
export { randomBot } from './random';
export { greedyBot, createGreedyBot } from './greedy';
export { strongBot, createStrongBot, DEFAULT_STRONG, type StrongOptions } from './strong';
export { expertBot, createExpertBot, DEFAULT_EXPERT, LEARNED_WHERE, MANY_VALUES, type ExpertOptions } from './expert';
export { botByLevel, BOT_LEVELS, type BotLevel } from './levels';
export { createBotRunner, type BotRunner } from './bot-runner';
export { SeededChooser } from './chooser';
export { playout, continuePlayout, randomEventAction, botAction, type PlayoutOptions } from './playout';
export type { Bot, BotChoice, BotContext, Chooser } from './types';
