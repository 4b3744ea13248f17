// Plays a whole game in process with bots choosing and a seeded chooser standing in for
// the shared randomness: for tests, benchmarks and tournaments (not for fair play,
// where draws and dice come from src/fair).
import { applyInPlace, newGame, pending, type Action, type GameEvent, type GameSetup, type GameState } from '../engine';
import type { Bot, BotContext, Chooser } from './types';

export interface PlayoutOptions {
  bots: Bot[]; // one per seat
  rng: Chooser; // draws and dice
  ctx: (seat: number) => BotContext;
  events?: GameEvent[];
  maxActions?: number;
}

export function randomEventAction(state: GameState, rng: Chooser): Action | null {
  const p = pending(state);
  if (p.kind === 'draw') return { type: 'draw', tile: p.supply[rng.int(p.supply.length)] };
  if (p.kind === 'throw')
    return {
      type: 'throw',
      values: p.participants.map((q) =>
        Array.from({ length: q.dice }, (_, i) => (q.yellow && i === q.dice - 1 ? 3 + rng.int(6) : 1 + rng.int(6))),
      ),
    };
  return null;
}

export function botAction(state: GameState, bot: Bot, ctx: BotContext): Action {
  const c = bot.choose(state, ctx);
  return c.type === 'place' ? { type: 'place', ...c.placement } : { type: 'deploy', deployment: c.deployment };
}

export function playout(setup: GameSetup, opts: PlayoutOptions): GameState {
  const state = newGame(setup);
  return continuePlayout(state, opts);
}

export function continuePlayout(state: GameState, opts: PlayoutOptions): GameState {
  const max = opts.maxActions ?? 100000;
  for (let n = 0; state.phase !== 'over'; n++) {
    if (n >= max) throw new Error('playout did not end');
    const action = randomEventAction(state, opts.rng) ?? botAction(state, opts.bots[state.seat], opts.ctx(state.seat));
    applyInPlace(state, action, opts.events);
  }
  return state;
}
