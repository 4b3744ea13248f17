// The placement ghost's logic, kept apart from three.js so it can be tested: which cells
// are legal, which rotations each cell allows (R4.1, R4.2, R10.1), and how R / arrows move.
import type { Placement } from '../engine';

export const cellId = (x: number, y: number): string => `${x},${y}`;

export interface LegalCell {
  x: number;
  y: number;
  rotations: number[];
}

/** Legal cells in the order the engine lists them, each with its legal rotations ascending. */
export function legalCells(placements: readonly Placement[]): LegalCell[] {
  const byCell = new Map<string, LegalCell>();
  for (const p of placements) {
    const id = cellId(p.x, p.y);
    let cell = byCell.get(id);
    if (!cell) byCell.set(id, (cell = { x: p.x, y: p.y, rotations: [] }));
    if (!cell.rotations.includes(p.r)) cell.rotations.push(p.r);
  }
  for (const c of byCell.values()) c.rotations.sort((a, b) => a - b);
  return [...byCell.values()];
}

/** The next legal rotation after `current`, clockwise (`step` 1) or anticlockwise (-1), wrapping. */
export function nextLegalRotation(rotations: readonly number[], current: number, step: 1 | -1 = 1): number {
  if (!rotations.length) return current;
  for (let k = 1; k <= 4; k++) {
    const r = (((current + k * step) % 4) + 4) % 4;
    if (rotations.includes(r)) return r;
  }
  return rotations[0];
}

/** Keep the rotation the player chose when it is legal at the new cell, else the cell's first legal one. */
export function rotationAt(cell: LegalCell, preferred: number): number {
  return cell.rotations.includes(preferred) ? preferred : cell.rotations[0];
}

/** The legal cell to move to from `from` in board direction (dx, dy): the nearest one inside a 90° cone, else null. */
export function stepCell(cells: readonly LegalCell[], from: { x: number; y: number }, dx: number, dy: number): LegalCell | null {
  let best: LegalCell | null = null;
  let bestScore = Infinity;
  for (const c of cells) {
    const ox = c.x - from.x;
    const oy = c.y - from.y;
    const along = ox * dx + oy * dy;
    const across = Math.abs(ox * dy - oy * dx);
    if (along <= 0 || across > along) continue;
    const score = along + across * 2;
    if (score < bestScore || (score === bestScore && best && (c.y < best.y || (c.y === best.y && c.x < best.x)))) {
      best = c;
      bestScore = score;
    }
  }
  return best;
}
