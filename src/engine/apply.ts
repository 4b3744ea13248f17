// Applying one action: the phase check, then the reducer of its verb (reducers/, one per
// verb). Randomness never happens here: draws and dice arrive as actions (R6.9, P1.1);
// the engine only says which random event it needs (pending).
import { describePhase } from './queries';
import { applyDeploy } from './reducers/deploy';
import { applyDraw } from './reducers/draw';
import { applyPlace } from './reducers/place';
import { applyThrow } from './reducers/throw';
import { RuleError } from './rule-error';
import { cloneState } from './setup';
import type { Action, GameEvent, GameState } from './types';

const PHASE_OF: Record<Action['type'], GameState['phase']> = { draw: 'draw', place: 'place', deploy: 'deploy', throw: 'battle' };

/** Applies an action to the state in place; pushes what happened to `events` when given. */
export function applyInPlace(state: GameState, action: Action, events?: GameEvent[]): void {
  if (state.phase === 'over') throw new RuleError('the game is over', 'R8.1');
  if (PHASE_OF[action.type] !== state.phase) throw new RuleError(`expected ${describePhase(state)}, got a ${action.type}`, 'R3');
  switch (action.type) {
    case 'draw':
      return applyDraw(state, action.tile, events);
    case 'place':
      return applyPlace(state, action.x, action.y, action.r, events);
    case 'deploy':
      return applyDeploy(state, action.deployment, events);
    case 'throw':
      return applyThrow(state, action.values, events);
  }
}

/** Pure form: returns the next state and the events; the input state is untouched. */
export function applyAction(state: GameState, action: Action): { state: GameState; events: GameEvent[] } {
  const next = cloneState(state);
  const events: GameEvent[] = [];
  applyInPlace(next, action, events);
  return { state: next, events };
}
