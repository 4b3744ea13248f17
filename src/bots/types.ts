// What every bot is: a pure function of the public state, its legal options, a budget
// and a seeded chooser, returning one of those options. Deterministic for a seed.
import type { Deployment, GameState, Placement } from '../engine';

/** A seeded source of choices; the same seed gives the same sequence everywhere. */
export interface Chooser {
  /** Uniform integer in [0, n). */
  int(n: number): number;
}

export interface BotContext {
  rng: Chooser;
  /** A safety cap in ms for uses that are not in lockstep (hints, analysis). Searching bots
      honour it only when `now` is given; their effort is otherwise a fixed count, so the
      same seed and state give the same choice on every peer (P2.6). */
  budgetMs: number;
  /** Clock for the safety cap. Leave it out for a lockstep seat (bot runner, tournaments). */
  now?: () => number;
}

export type BotChoice = { type: 'place'; placement: Placement } | { type: 'deploy'; deployment: Deployment | null };

export interface Bot {
  name: string;
  /** Called when the state's phase is 'place' or 'deploy' and `state.seat` is the bot's seat. */
  choose(state: GameState, ctx: BotContext): BotChoice;
}
