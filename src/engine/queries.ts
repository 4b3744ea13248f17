// What a state says about itself: who scores for a seat, the supply in canonical order,
// what the game waits for next (a draw, a placement, a deployment, a throw), in words too.
import { teamOfColour, tilesInPlay } from './setup';
import { TILESET as TILESET_ } from './tiles';
import { TEAMS, type GameOptions, type GameState, type Pending } from './types';

// Module-local copies of hot constants (cross-module live bindings cost a call in some loaders).
const TILESET = TILESET_;

/** Who scores for a seat: the seat, or its team in the team variant (R9.1). */
export function scorerOf(state: Pick<GameState, 'setup'>, seat: number): number {
  return state.setup.options.teams ? teamOfColour(state.setup.seats[seat]) : seat;
}

/** Name of a scorer: a colour, or a team name in the team variant. */
export function scorerName(state: Pick<GameState, 'setup'>, scorer: number): string {
  return state.setup.options.teams ? TEAMS[scorer] : state.setup.seats[scorer];
}

/** The remaining supply in canonical order, one entry per copy (P2.4 draws index it). */
export function supplyList(state: GameState): string[] {
  const out: string[] = [];
  for (const t of TILESET.tiles) {
    const n = state.supply[t.id] ?? 0;
    for (let i = 0; i < n; i++) out.push(t.id);
  }
  return out;
}

const TILES_IN_PLAY = new WeakMap<GameOptions, number>();

/** Tiles left in the supply: every tile in play less those placed or removed. */
export function supplySize(state: GameState): number {
  const options = state.setup.options;
  let total = TILES_IN_PLAY.get(options);
  if (total === undefined) {
    total = tilesInPlay(options).reduce((n, t) => n + t.count, 0);
    TILES_IN_PLAY.set(options, total);
  }
  return total - state.tiles.length - state.removed.length;
}

export function pending(state: GameState): Pending {
  switch (state.phase) {
    case 'draw':
      return { kind: 'draw', seat: state.seat, supply: supplyList(state) };
    case 'place':
      return { kind: 'place', seat: state.seat, tile: state.drawn! };
    case 'deploy':
      return { kind: 'deploy', seat: state.seat, tile: state.drawn! };
    case 'battle': {
      const b = state.battles[0];
      return { kind: 'throw', battle: b, participants: b.participants.filter((p) => b.remaining.includes(p.id)) };
    }
    case 'over':
      return { kind: 'over' };
  }
}

export function lastTile(state: GameState): number {
  return state.tiles.length - 1;
}

export function describePhase(state: GameState): string {
  switch (state.phase) {
    case 'draw':
      return 'a tile draw';
    case 'place':
      return `the placement of ${state.drawn}`;
    case 'deploy':
      return 'a deployment (or none)';
    case 'battle':
      return 'a battle throw';
    case 'over':
      return 'nothing (the game is over)';
  }
}
