// One table made ahead, out of sight, while the player is on the way to a game (a join link's
// form, the lobby, an online game resuming after a reload): its WebGL context, meshes, programs,
// textures and every material's pipeline are ready before the game screen asks for a table, which
// then takes this one (table-controller.ts) instead of building one in the seconds after Start.
// On a software WebGL that work is seconds of the GPU process for one table (docs/render.md "Cost").
import { openTableSurface } from './table-surface';
import { Tabletop } from './tabletop';

/** CSS pixels the game screen's table will have (the canvas is made at that size: a resize is a second allocation). */
export interface TableBox {
  width: number;
  height: number;
}

interface Spare {
  /** Holds the table out of sight until it is taken. */
  shelf: HTMLDivElement;
  table: Tabletop | null;
  /** The task that makes the next step (the surface, then the table). */
  timer: ReturnType<typeof setTimeout> | null;
}

let spare: Spare | null = null;

/**
 * Starts making the spare table (once: a second call while one is there does nothing). The canvas
 * and renderer in one task, the meshes in the next, as the controller does, so neither holds a
 * frame; then the table warms itself out of sight (`warmAll`: the meshes with no instance yet too,
 * since nobody waits on it now). Where WebGL cannot start, nothing is kept: the game screen's own
 * attempt says why.
 */
export function prepareSpareTable(box: TableBox): void {
  if (spare || typeof document === 'undefined') return;
  const shelf = document.createElement('div');
  const width = Math.max(1, Math.round(box.width));
  const height = Math.max(1, Math.round(box.height));
  // Out of sight and out of the way: not read back by the compositor, not hit by the pointer.
  shelf.style.cssText = `position:fixed;left:0;top:0;width:${width}px;height:${height}px;visibility:hidden;pointer-events:none;z-index:-1;contain:strict;`;
  shelf.setAttribute('aria-hidden', 'true');
  document.body.append(shelf);
  const made: Spare = { shelf, table: null, timer: null };
  spare = made;
  made.timer = setTimeout(() => {
    made.timer = null;
    let surface: ReturnType<typeof openTableSurface>;
    try {
      surface = openTableSurface(shelf);
    } catch {
      dropSpareTable();
      return;
    }
    made.timer = setTimeout(() => {
      made.timer = null;
      try {
        made.table = new Tabletop(shelf, surface, { warmAll: true });
        performance.mark('table: spare made');
      } catch {
        surface.renderer.dispose();
        dropSpareTable();
      }
    }, 0);
  }, 0);
}

/** The spare table moved into `container`, or null when there is none ready (the caller makes its own). */
export function takeSpareTable(container: HTMLElement): Tabletop | null {
  if (!spare) return null;
  const table = spare.table;
  if (!table || table.contextLost) {
    dropSpareTable(); // still in its first two tasks, or lost: the caller's own is as quick, and one is enough
    return null;
  }
  spare.shelf.remove();
  spare = null;
  table.moveTo(container);
  performance.mark('table: spare taken');
  return table;
}

/** Gives the spare table back (nothing is ready to take, or the page no longer needs it). */
export function dropSpareTable(): void {
  if (!spare) return;
  if (spare.timer !== null) clearTimeout(spare.timer);
  spare.table?.dispose();
  spare.shelf.remove();
  spare = null;
}

/** True while a spare table is made or ready (tests). */
export function hasSpareTable(): boolean {
  return spare !== null;
}
