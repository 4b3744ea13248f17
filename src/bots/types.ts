// What every bot is: a pure function of the public state, its legal options, a time
// budget and a seeded chooser, returning one of those options. Deterministic for a seed.
import type { Deployment, GameState, Placement } from '../engine';

/** A seeded source of choices; the same seed gives the same sequence everywhere. */
export interface Chooser {
  /** Uniform integer in [0, n). */
  int(n: number): number;
}

export interface BotContext {
  rng: Chooser;
  /** Time budget for this decision in ms (bots that search respect it). */
  budgetMs: number;
  /** Clock used only to respect the budget; injected so Node, workers and tests agree. */
  now?: () => number;
}

export type BotChoice = { type: 'place'; placement: Placement } | { type: 'deploy'; deployment: Deployment | null };

export interface Bot {
  name: string;
  /** Called when the state's phase is 'place' or 'deploy' and `state.seat` is the bot's seat. */
  choose(state: GameState, ctx: BotContext): BotChoice;
}
