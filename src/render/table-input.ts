// Pointer and keyboard on the table, turned into the table's actions (contracts.md):
// hover moves the ghost / focuses a spot, a click (a press that moves < 6 px) confirms,
// R / right-click / wheel-click turns the ghost to its next legal rotation, arrows move
// among legal cells or spots, Space / Enter confirm, F / Home
// re-frames. Drags belong to the camera controls.
export type TableMode = 'place' | 'deploy' | 'idle';

/** What the input drives: implemented by the Tabletop. */
export interface TableActions {
  mode(): TableMode;
  /** Hover: ghost to the legal cell under the point / focus the spot near it. True if something is there. */
  hoverAt(clientX: number, clientY: number): boolean;
  /** Whether the point is over the cell the ghost already stands on. */
  ghostIsAt(clientX: number, clientY: number): boolean;
  /** Confirm what the point shows: the ghost placement there, or the spot near it. */
  confirmAt(clientX: number, clientY: number): void;
  /** Confirm the current ghost / focused spot (keyboard); focus the first one if none. */
  confirmCurrent(): void;
  rotateGhost(): void;
  /** Arrow keys in screen directions (dx right, dy down). */
  step(dx: number, dy: number): void;
  reframe(): void;
}

const CLICK_SLOP_PX = 6;
const ARROWS: Record<string, [number, number]> = { ArrowUp: [0, -1], ArrowDown: [0, 1], ArrowLeft: [-1, 0], ArrowRight: [1, 0] };

export class TableInput {
  private down: { x: number; y: number; button: number } | null = null;

  constructor(
    private readonly canvas: HTMLCanvasElement,
    private readonly actions: TableActions,
  ) {
    canvas.addEventListener('pointermove', this.onPointerMove);
    canvas.addEventListener('pointerdown', this.onPointerDown);
    canvas.addEventListener('pointerup', this.onPointerUp);
    canvas.addEventListener('contextmenu', this.onContextMenu);
    canvas.addEventListener('touchend', this.onTouchEnd, { passive: false });
    canvas.addEventListener('keydown', this.onKeyDown);
    window.addEventListener('keydown', this.onWindowKeyDown);
  }

  dispose(): void {
    this.canvas.removeEventListener('pointermove', this.onPointerMove);
    this.canvas.removeEventListener('pointerdown', this.onPointerDown);
    this.canvas.removeEventListener('pointerup', this.onPointerUp);
    this.canvas.removeEventListener('contextmenu', this.onContextMenu);
    this.canvas.removeEventListener('touchend', this.onTouchEnd);
    this.canvas.removeEventListener('keydown', this.onKeyDown);
    window.removeEventListener('keydown', this.onWindowKeyDown);
  }

  private readonly onPointerMove = (e: PointerEvent): void => {
    if (e.buttons && this.down) return; // dragging the camera
    if (this.actions.mode() !== 'idle') this.actions.hoverAt(e.clientX, e.clientY);
  };

  private readonly onPointerDown = (e: PointerEvent): void => {
    if (e.button === 1) e.preventDefault(); // no autoscroll: a wheel-click turns the ghost
    this.down = { x: e.clientX, y: e.clientY, button: e.button };
    this.canvas.focus({ preventScroll: true });
  };

  private readonly onPointerUp = (e: PointerEvent): void => {
    const down = this.down;
    this.down = null;
    if (!down || Math.hypot(e.clientX - down.x, e.clientY - down.y) > CLICK_SLOP_PX) return;
    const mode = this.actions.mode();
    if (down.button === 1 || down.button === 2) {
      if (mode === 'place') this.actions.rotateGhost();
      return;
    }
    if (down.button !== 0 || mode === 'idle') return;
    // a touch has no hover: the first tap moves the ghost, a second tap on it confirms
    if (mode === 'place' && e.pointerType !== 'mouse' && !this.actions.ghostIsAt(e.clientX, e.clientY)) {
      this.actions.hoverAt(e.clientX, e.clientY);
      return;
    }
    this.actions.confirmAt(e.clientX, e.clientY);
  };

  private readonly onContextMenu = (e: Event): void => e.preventDefault();

  /**
   * A tap is handled on pointerup; the mouse events and click the browser would send after it
   * must not land on controls that the tap itself brought up (the deploy bar over the table).
   */
  private readonly onTouchEnd = (e: TouchEvent): void => {
    if (e.cancelable) e.preventDefault();
  };

  /** Keys typed while nothing has the focus also reach the table (the canvas handles its own). */
  private readonly onWindowKeyDown = (e: KeyboardEvent): void => {
    const origin = e.composedPath()[0];
    if (e.defaultPrevented || (origin !== document.body && origin !== document.documentElement)) return;
    this.onKeyDown(e);
  };

  private readonly onKeyDown = (e: KeyboardEvent): void => {
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    const key = e.key;
    const mode = this.actions.mode();
    if (key === 'Home' || key === 'f' || key === 'F') this.actions.reframe();
    else if (mode === 'place' && (key === 'r' || key === 'R')) this.actions.rotateGhost();
    else if (mode !== 'idle' && (key === ' ' || key === 'Enter')) this.actions.confirmCurrent();
    else if (mode !== 'idle' && ARROWS[key]) this.actions.step(...ARROWS[key]);
    // Esc is not the table's: the game screen has the one handler (skip, or take back a draft)
    else return;
    e.preventDefault();
  };
}
