// Random legal games for property tests: a seeded PRNG picks every draw, placement,
// deployment (or none) and die value among the options the engine itself lists.
import {
  applyInPlace,
  legalDeployments,
  legalPlacements,
  newGame,
  pending,
  type Action,
  type Colour,
  type GameSetup,
  type GameState,
} from '../../src/engine';
import { SeededRandom as Prng } from '../../src/fair/mulberry32';

const BASE_COLOURS: Colour[] = ['red', 'green', 'black', 'white', 'orange'];

/** A random setup: 2–5 seats (6 with the blue seat), teams, expansion options, R4.3 option. */
export function randomSetup(prng: Prng): GameSetup {
  const expansion = { tiles: prng.int(2) === 1, blue: prng.int(2) === 1, equipment: prng.int(2) === 1, yellowDie: prng.int(2) === 1 };
  const unplaceable = prng.int(2) === 1 ? 'return' : 'remove';
  if (prng.int(5) === 0) {
    // R9.1: the team variant seats red, green, black, white alternately.
    const seats: Colour[] = prng.int(2) ? ['red', 'black', 'green', 'white'] : ['white', 'green', 'black', 'red'];
    return { seats, options: { teams: true, unplaceable, expansion: { ...expansion, blue: false } } };
  }
  const pool = expansion.blue ? [...BASE_COLOURS, 'blue' as Colour] : [...BASE_COLOURS];
  const n = 2 + prng.int(pool.length - 1);
  const seats: Colour[] = [];
  while (seats.length < n) {
    const c = pool.splice(prng.int(pool.length), 1)[0];
    seats.push(c);
  }
  return { seats, options: { teams: false, unplaceable, expansion } };
}

/** One random action for whatever the game waits for. */
export function randomAction(state: GameState, prng: Prng): Action {
  const p = pending(state);
  switch (p.kind) {
    case 'draw':
      return { type: 'draw', tile: p.supply[prng.int(p.supply.length)] };
    case 'place':
      return { type: 'place', ...prng.pick(legalPlacements(state)) };
    case 'deploy': {
      const options = legalDeployments(state);
      // Skipping is always legal (R5.1); keep it one option among the rest.
      const i = prng.int(options.length + 1);
      return { type: 'deploy', deployment: i === options.length ? null : options[i] };
    }
    case 'throw':
      return {
        type: 'throw',
        values: p.participants.map((q) =>
          Array.from({ length: q.dice }, (_, i) => (q.yellow && i === q.dice - 1 ? 3 + prng.int(6) : 1 + prng.int(6))),
        ),
      };
    case 'over':
      throw new Error('the game is over');
  }
}

export interface RandomGameTrace {
  state: GameState;
  actions: Action[];
}

/** Plays a whole random game; `each` sees the state after every action. */
export function playRandomGame(
  setup: GameSetup,
  seed: number,
  each?: (s: GameState, a: Action) => void,
  maxActions = 20000,
): RandomGameTrace {
  const prng = new Prng(seed);
  const state = newGame(setup);
  const actions: Action[] = [];
  while (state.phase !== 'over') {
    if (actions.length >= maxActions) throw new Error(`game ${seed} did not end after ${maxActions} actions`);
    const a = randomAction(state, prng);
    applyInPlace(state, a);
    actions.push(a);
    each?.(state, a);
  }
  return { state, actions };
}
