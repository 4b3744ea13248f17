// The draw reducer (R4.3): the drawn tile arrives as an action (P2.4), never drawn here;
// a tile that fits nowhere leaves the game or goes back, and the seat draws again.
import { fitsAnywhere } from '../legal-options';
import { supplyList, supplySize } from '../queries';
import { RuleError } from '../rule-error';
import { finishGame } from '../scoring';
import { TILESET as TILESET_ } from '../tiles';
import type { GameEvent, GameState } from '../types';

// Module-local copies of hot constants (cross-module live bindings cost a call in some loaders).
const TILESET = TILESET_;

export function applyDraw(state: GameState, tile: string, events?: GameEvent[]): void {
  const def = TILESET.byId.get(tile);
  if (!def) throw new RuleError(`unknown tile ${tile}`, 'R1.1');
  if (!(tile in state.supply)) throw new RuleError(`${tile} is an Expansion 1 tile and expansion tiles are off`, 'R2.4');
  if (state.supply[tile] <= 0) throw new RuleError(`no copy of ${tile} is left in the supply (the set holds ${def.count})`, 'R2.2');
  state.supply[tile]--;
  events?.push({ type: 'drawn', seat: state.seat, tile });
  if (fitsAnywhere(state, def)) {
    state.drawn = tile;
    state.phase = 'place';
    return;
  }
  // R4.3: a tile that fits nowhere leaves the game (or goes back under the Z-Man option); draw again.
  if (state.setup.options.unplaceable === 'return') {
    state.supply[tile]++;
    events?.push({ type: 'unplaceable', seat: state.seat, tile, outcome: 'returned' });
    // Decision (docs/rules.md): when nothing left in the supply fits anywhere, those tiles are removed and the game ends.
    const remaining = supplyList(state);
    if (!remaining.some((id) => fitsAnywhere(state, TILESET.byId.get(id)!))) {
      for (const id of remaining) {
        state.removed.push(id);
        state.supply[id]--;
        events?.push({ type: 'unplaceable', seat: state.seat, tile: id, outcome: 'removed' });
      }
      finishGame(state, events);
    }
    return;
  }
  state.removed.push(tile);
  events?.push({ type: 'unplaceable', seat: state.seat, tile, outcome: 'removed' });
  if (supplySize(state) === 0) finishGame(state, events); // R8.1
}
