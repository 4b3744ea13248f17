// Setting up a game (R1, R2, R9): the seats and options a game may have, the tiles in
// play, the starting state, and an independent copy of a state.
import { BoardIndex } from './board';
import { CAPABILITIES } from './capabilities';
import { RuleError } from './rule-error';
import { TILESET as TILESET_, type TileDef } from './tiles';
import { COLOURS, COLOUR_FACTION, TEAMS, type Colour, type GameOptions, type GameSetup, type GameState, type Reserve } from './types';

// Module-local copies of hot constants (cross-module live bindings cost a call in some loaders).
const TILESET = TILESET_;

export const SMALL_MEEPLES = 4;
export const LARGE_MEEPLES = 1;

export function defaultOptions(): GameOptions {
  return { teams: false, unplaceable: 'remove', expansion: { tiles: false, blue: false, equipment: false, yellowDie: false } };
}

function validateSetup(setup: GameSetup): void {
  const { seats, options } = setup;
  const maxSeats = options.expansion.blue ? 6 : 5;
  if (seats.length < 2 || seats.length > maxSeats) throw new RuleError(`${seats.length} seats; this game takes 2 to ${maxSeats}`, 'R1.3');
  const seen = new Set<string>();
  for (const c of seats) {
    if (!COLOURS.includes(c)) throw new RuleError(`unknown colour "${c}"`, 'R1.3');
    if (seen.has(c)) throw new RuleError(`colour ${c} is seated twice`, 'R1.3');
    seen.add(c);
    const base = c !== 'blue';
    if (!base && !CAPABILITIES.some((cap) => cap.allowsColour?.(c, options)))
      throw new RuleError(`colour ${c} needs Expansion 1's blue seat, which is off`, 'R2.4');
  }
  if (options.teams) {
    const want = ['red', 'green', 'black', 'white'];
    if (seats.length !== 4 || !want.every((c) => seats.includes(c as Colour)))
      throw new RuleError('the team variant is played by exactly red, green, black and white', 'R9.3');
    for (let i = 0; i < 4; i++)
      if (teamOfColour(seats[i]) === teamOfColour(seats[(i + 1) % 4]))
        throw new RuleError('in the team variant the seats must alternate between the teams', 'R9.1');
  }
  if (options.unplaceable !== 'remove' && options.unplaceable !== 'return')
    throw new RuleError(`unplaceable must be "remove" or "return"`, 'R4.3');
}

export function teamOfColour(c: Colour): number {
  return TEAMS.indexOf(COLOUR_FACTION[c] as 'Rebel' | 'Empire');
}

/** The tiles of the chosen sets, in canonical set order (R2.2, R2.4). */
export function tilesInPlay(options: GameOptions): TileDef[] {
  return TILESET.tiles.filter((t) => t.group === 'base' || CAPABILITIES.some((c) => c.includesTiles?.(t.group, options)));
}

export function newGame(setup: GameSetup): GameState {
  validateSetup(setup);
  const supply: Record<string, number> = {};
  for (const t of tilesInPlay(setup.options)) supply[t.id] = t.count - (t.id === TILESET.start.tile ? 1 : 0);
  const reserves: Reserve[] = setup.seats.map(() => {
    const r: Reserve = { small: SMALL_MEEPLES, large: LARGE_MEEPLES, lightsaber: false, blaster: false };
    for (const c of CAPABILITIES) c.initReserve?.(r, setup.options);
    return r;
  });
  const board = new BoardIndex();
  const start = TILESET.start;
  board.place(TILESET.byId.get(start.tile)!, start.x, start.y, start.rotation); // R2.1
  return {
    setup: structuredCloneSetup(setup),
    tiles: [{ id: start.tile, x: start.x, y: start.y, r: start.rotation }],
    meeples: [],
    reserves,
    scores: setup.options.teams ? [0, 0] : setup.seats.map(() => 0),
    supply,
    removed: [],
    turn: 1,
    seat: 0,
    phase: 'draw',
    drawn: null,
    battles: [],
    board,
  };
}

function structuredCloneSetup(s: GameSetup): GameSetup {
  return {
    seats: [...s.seats],
    options: { teams: s.options.teams, unplaceable: s.options.unplaceable, expansion: { ...s.options.expansion } },
  };
}

export function cloneState(s: GameState): GameState {
  return {
    setup: s.setup, // never mutated after newGame
    tiles: s.tiles.slice(),
    meeples: s.meeples.map((m) => ({ ...m })),
    reserves: s.reserves.map((r) => ({ ...r })),
    scores: s.scores.slice(),
    supply: { ...s.supply },
    removed: s.removed.slice(),
    turn: s.turn,
    seat: s.seat,
    phase: s.phase,
    drawn: s.drawn,
    battles: s.battles.map((b) => ({ ...b, remaining: b.remaining.slice() })),
    board: s.board.clone(),
  };
}
