// The place reducer (R4.1, R4.2): the drawn tile goes on the board at a legal cell and rotation.
import { placementError } from '../legal-options';
import { TILESET as TILESET_ } from '../tiles';
import type { GameEvent, GameState } from '../types';

// Module-local copies of hot constants (cross-module live bindings cost a call in some loaders).
const TILESET = TILESET_;

export function applyPlace(state: GameState, x: number, y: number, r: number, events?: GameEvent[]): void {
  const tile = state.drawn!;
  const err = placementError(state, tile, x, y, r);
  if (err) throw err;
  state.board.place(TILESET.byId.get(tile)!, x, y, r);
  state.tiles.push({ id: tile, x, y, r });
  state.phase = 'deploy';
  events?.push({ type: 'placed', seat: state.seat, tile, x, y, r });
}
