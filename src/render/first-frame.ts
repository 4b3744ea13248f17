// A table's first frame: what comes before it and what it settles. Before it, the GPU is
// prepared (every material compiled, gpu-ready.ts) with the canvas out of the page
// (table-surface.ts), so nothing reads back an empty one; keys asked for meanwhile wait for it
// (a hidden canvas cannot take the focus); and once a frame has drawn the board with its
// designs in, the tile atlas's finer levels may go up (tile-atlas.ts). tabletop.ts owns one.
import type * as THREE from 'three';
import { prepareGpu } from './gpu-ready';

export class FirstFrame {
  /** True once every material of the scene has compiled: the table may draw. */
  compiled = false;
  /** True once a frame drew the board with its shaders and tile designs in. */
  boardDrawn = false;
  /** Settles when the board is first drawn, or when the table is gone before that (`end`). */
  readonly drawn: Promise<void>;
  private markDrawn: () => void = () => {};
  /** True while prepareGpu draws materials one by one: the canvas stays out of the page. */
  private warming = false;
  /**
   * The element that had the focus when the keys were asked for while the canvas was still out of
   * the page: the first frame gives them to the table if it still has.
   */
  private focusAskedFrom: Element | null = null;

  /**
   * `warmAll`: warm the meshes with no instance yet too (meeples, spots, frames), as a spare
   * table made ahead does (spare-table.ts); a table someone waits for leaves them to their first draw.
   */
  constructor(
    private readonly canvas: HTMLCanvasElement,
    public warmAll: boolean,
  ) {
    this.drawn = new Promise<void>((r) => (this.markDrawn = r));
  }

  /** Compiles the scene's materials before the first frame (gpu-ready.ts); `compiled` once done. */
  async prepare(
    renderer: THREE.WebGLRenderer,
    scene: THREE.Scene,
    camera: THREE.Camera,
    atlasReady: Promise<unknown>,
    gone: () => boolean,
  ): Promise<void> {
    const conceal = (hidden: boolean) => {
      this.warming = hidden;
      if (hidden) this.canvas.style.visibility = 'hidden';
    };
    await prepareGpu(renderer, scene, camera, atlasReady, gone, conceal, () => this.warmAll);
    this.compiled = true;
  }

  /** Gives the keys to the canvas now, or at its first frame if it is still out of the page. */
  focus(): void {
    if (this.canvas.style.visibility !== 'hidden') {
      this.focusAskedFrom = null;
      this.canvas.focus({ preventScroll: true });
    } else this.focusAskedFrom = deepActiveElement() ?? document.body;
  }

  /** After every frame drawn: the first brings the canvas into the page; `atlasFilled`, the designs are in. */
  rendered(atlasFilled: boolean): void {
    if (!this.warming && this.canvas.style.visibility) {
      this.canvas.style.visibility = '';
      const asked = this.focusAskedFrom;
      this.focusAskedFrom = null;
      // unless the player put the focus elsewhere meanwhile
      if (asked && (deepActiveElement() ?? document.body) === asked) this.canvas.focus({ preventScroll: true });
    }
    if (this.compiled && atlasFilled && !this.boardDrawn) {
      this.boardDrawn = true;
      this.markDrawn();
    }
  }

  /** The table is gone: an atlas still waiting for the first frame ends (it sees the table gone). */
  end(): void {
    this.markDrawn();
  }
}

/** The element that has the focus, inside shadow roots too; null when none has. */
function deepActiveElement(): Element | null {
  let active = document.activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return active;
}
