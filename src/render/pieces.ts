// The figures on the board: the pieces of a state's meeples, and where each stands (several
// on one spot stand in a ring). The animator adds lifts and scales while they drop or leave.
import type { Equipment, GameState, MeepleSize } from '../engine';
import type { Piece } from './board-meshes';
import { meepleSpotWorld } from './table-points';

/** A meeple to draw on a segment of a placed tile, lifted and scaled while it is animated. */
export interface PieceSpec {
  seat: number;
  size: MeepleSize;
  equipment: Equipment | null;
  tile: number;
  seg: number;
  lift: number;
  scale: number;
}

/** The state's meeples as pieces standing in place. */
export function piecesOf(state: GameState): PieceSpec[] {
  return state.meeples.map((m) => ({ seat: m.seat, size: m.size, equipment: m.equipment, tile: m.tile, seg: m.seg, lift: 0, scale: 1 }));
}

/** Where each piece stands and in which colour. */
export function standPieces(state: GameState, specs: readonly PieceSpec[]): Piece[] {
  const seats = state.setup.seats;
  const groups = new Map<string, number>();
  for (const m of specs) groups.set(`${m.tile}:${m.seg}`, (groups.get(`${m.tile}:${m.seg}`) ?? 0) + 1);
  const seen = new Map<string, number>();
  return specs.map((m) => {
    const key = `${m.tile}:${m.seg}`;
    const k = seen.get(key) ?? 0;
    seen.set(key, k + 1);
    const at = meepleSpotWorld(state, m.tile, m.seg, k, groups.get(key)!);
    at.y += m.lift;
    return { seat: m.seat, size: m.size, equipment: m.equipment, at, colour: seats[m.seat], scale: m.scale };
  });
}
