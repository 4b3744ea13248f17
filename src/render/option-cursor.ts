// What the player is pointing at among the options the engine lists (R10.1, R10.2): the
// legal cells and the ghost on one of them with a legal rotation, or the meeple spots and
// the focused one. No three.js: the Tabletop draws it and maps pointers onto it.
import type { Deployment, Placement } from '../engine';
import { groupByTarget, type SpotGroup } from './deploy-targets';
import { legalCells, nextLegalRotation, rotationAt, stepCell, type LegalCell } from './placement-cursor';

export type CursorMode = 'place' | 'deploy' | 'idle';

export class OptionCursor {
  cells: LegalCell[] = [];
  ghost: { cell: LegalCell; r: number } | null = null;
  spots: SpotGroup[] = [];
  /** Index of the focused spot, -1 for none. */
  hovered = -1;
  /** The rotation the player last chose, kept when the ghost moves to a cell that allows it. */
  private preferredRotation = 0;

  /** New options; the ghost stays where it was if that cell is still legal, else goes to `initialGhost`. */
  setOptions(placements: readonly Placement[], deployments: readonly Deployment[], initialGhost?: Placement | null): void {
    this.cells = legalCells(placements);
    if (this.ghost) {
      const same = this.cellAt(this.ghost.cell.x, this.ghost.cell.y);
      this.ghost = same ? { cell: same, r: rotationAt(same, this.ghost.r) } : null;
    }
    if (!this.ghost && initialGhost) {
      const cell = this.cellAt(initialGhost.x, initialGhost.y);
      if (cell) this.ghost = { cell, r: rotationAt(cell, initialGhost.r) };
    }
    this.spots = groupByTarget(deployments);
    if (this.hovered >= this.spots.length) this.hovered = -1;
  }

  clear(): void {
    this.cells = [];
    this.spots = [];
    this.ghost = null;
    this.hovered = -1;
  }

  mode(): CursorMode {
    return this.cells.length ? 'place' : this.spots.length ? 'deploy' : 'idle';
  }

  cellAt(x: number, y: number): LegalCell | null {
    return this.cells.find((c) => c.x === x && c.y === y) ?? null;
  }

  /** Ghost to `cell` (keeping the chosen rotation if legal there); false if it was there already. */
  moveTo(cell: LegalCell): boolean {
    if (this.ghost?.cell === cell) return false;
    this.ghost = { cell, r: rotationAt(cell, this.ghost?.r ?? this.preferredRotation) };
    return true;
  }

  /** Next legal rotation, clockwise (1) or anticlockwise (-1); the ghost appears on the first cell if none. */
  rotate(step: 1 | -1 = 1): boolean {
    if (!this.ghost && this.cells.length) this.ghost = { cell: this.cells[0], r: rotationAt(this.cells[0], this.preferredRotation) };
    if (!this.ghost) return false;
    this.ghost.r = nextLegalRotation(this.ghost.cell.rotations, this.ghost.r, step);
    this.preferredRotation = this.ghost.r;
    return true;
  }

  /** Arrow keys: the nearest legal cell in board direction (dx, dy), or the first cell. */
  stepGhost(dx: number, dy: number): boolean {
    const next = this.ghost ? stepCell(this.cells, this.ghost.cell, dx, dy) : this.cells[0];
    return next ? this.moveTo(next) : false;
  }

  /** Arrow keys while deploying: the next or previous spot, wrapping. */
  cycle(step: number): void {
    const n = this.spots.length;
    if (!n) return;
    this.hovered = this.hovered < 0 ? (step > 0 ? 0 : n - 1) : (this.hovered + step + n) % n;
  }

  ghostPlacement(): Placement | null {
    return this.ghost ? { x: this.ghost.cell.x, y: this.ghost.cell.y, r: this.ghost.r } : null;
  }
}
