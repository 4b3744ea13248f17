// One bot decision from a serialized state: the single code path shared by the Web Worker
// and the in-process runner, so both give the same choice for the same (state, level, seed).
// No clock is passed: the search effort is a fixed count, so a bot seat stays in lockstep (P2.6).
import { parseState } from '../engine';
import { SeededChooser } from './chooser';
import { botByLevel, type BotLevel } from './levels';
import type { BotChoice } from './types';

export function chooseFromText(stateText: string, level: BotLevel, seed: number): BotChoice {
  const state = parseState(stateText);
  if (state.phase !== 'place' && state.phase !== 'deploy')
    throw new Error(`a bot can only move when a placement or deployment is due, not in phase ${state.phase}`);
  return botByLevel(level).choose(state, { rng: new SeededChooser(seed >>> 0), budgetMs: Infinity });
}

/** Messages between the runner and the worker. */
export interface BotRequest {
  id: number;
  stateText: string;
  level: BotLevel;
  seed: number;
}
export type BotReply = { id: number; choice: BotChoice } | { id: number; error: string };
