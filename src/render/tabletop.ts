// The Three.js tabletop: draws the board from the engine state, shows the legal options
// the engine lists (R10.1, R10.2) and turns pointer / keyboard input into intents
// (onPlace / onDeploy). It never changes the state. Structure as in three's examples:
// init, resize, animate-on-demand, render, dispose. It coordinates parts that own their
// meshes: the scene dressing, the board, the options (cells, ghost, spots), picking, the
// camera rig and the animator.
import * as THREE from 'three';
import type { MapControls } from 'three/examples/jsm/controls/MapControls.js';
import type { Deployment, DeployTarget, GameEvent, GameState, Placement } from '../engine';
import { matchDeployment, targetKey, type DeployChoice } from './deploy-targets';
import { labelAtlas } from './figures';
import { cellId, type LegalCell } from './placement-cursor';
import { FirstFrame } from './first-frame';
import { gpuCaughtUp } from './gpu-ready';
import { renderQuality, softwareKnown } from './gpu-tier';
import { openTableSurface, type TableSurface } from './table-surface';
import { createTileAtlas, type TileAtlas } from './tile-atlas';
import { TableAnimator } from './table-animator';
import { BoardMeshes, GHOST_LIFT, TILE_HEIGHT, type Piece } from './board-meshes';
import { CameraRig } from './camera-rig';
import { OptionCursor } from './option-cursor';
import { OptionMeshes, spotKind } from './option-meshes';
import { piecesOf, standPieces, type PieceSpec } from './pieces';
import { dressScene } from './scene-dressing';
import { TableInput, type TableActions, type TableMode } from './table-input';
import { TablePicking } from './table-picking';
import { targetWorld } from './table-points';
import { slotPosition } from './score-track';

export type { DeployChoice };
export interface TableView {
  state: GameState;
  placements: readonly Placement[];
  deployments: readonly Deployment[];
  deployChoice: DeployChoice;
  /** The spot the player has chosen but not confirmed yet: its figure stays shown there. */
  selectedTarget?: DeployTarget | null;
  /** Where the ghost starts when there is none yet (a placement just taken back), if legal. */
  initialGhost?: Placement | null;
}

export { TILE_HEIGHT };

interface Drawn {
  tiles: GameState['tiles'];
}

export class Tabletop implements TableActions {
  onPlace: ((p: Placement) => void) | null = null;
  onDeploy: ((d: Deployment | null) => void) | null = null;
  /** The ghost moved or turned (the HUD's tile preview follows it); null when it is gone. */
  onGhostChange: ((p: Placement | null) => void) | null = null;

  readonly canvas: HTMLCanvasElement;
  readonly overlay: HTMLDivElement;
  private readonly wrapper: HTMLDivElement;
  private readonly renderer: THREE.WebGLRenderer;
  readonly scene = new THREE.Scene();
  readonly camera: THREE.PerspectiveCamera;
  private readonly controls: MapControls;
  private readonly resizeObserver: ResizeObserver;
  private readonly disposables: { dispose(): void }[] = [];
  private readonly atlas: TileAtlas;
  /** What comes before the first frame and what it settles (first-frame.ts). */
  private readonly first: FirstFrame;
  private readonly labels: ReturnType<typeof labelAtlas>;

  private readonly board: BoardMeshes;
  private readonly options: OptionMeshes;
  private readonly picking: TablePicking;
  readonly animator: TableAnimator;
  private readonly input: TableInput;

  private view: TableView | null = null;
  /** The legal cells and ghost, or the spots and the focused one (option-cursor.ts). */
  private readonly cursor = new OptionCursor();
  private drawn: Drawn = { tiles: [] };
  private drawnSignature = '';
  private readonly rig: CameraRig;
  private renderQueued = false;
  private disposed = false;
  private lastFrameMs = 0;
  private readonly reducedMotion: MediaQueryList | null =
    typeof matchMedia === 'function' ? matchMedia('(prefers-reduced-motion: reduce)') : null;

  /**
   * `warmAll`: before the first frame, build the pipelines of the meshes with no instance yet too
   * (meeples, spots, frames), as a spare table made ahead does (spare-table.ts); a table someone
   * waits for leaves them to their first draw.
   */
  constructor(host: HTMLElement, surface: TableSurface = openTableSurface(host), options: { warmAll?: boolean } = {}) {
    this.wrapper = surface.wrapper;
    this.canvas = surface.canvas;
    this.overlay = surface.overlay;
    this.renderer = surface.renderer;

    this.rig = new CameraRig(
      this.canvas,
      () => ({ w: Math.max(1, this.wrapper.clientWidth), h: Math.max(1, this.wrapper.clientHeight) }),
      () => !!this.reducedMotion?.matches,
      () => {
        this.faceCamera();
        // spots keep their spacing on screen as the player zooms
        if (this.cursor.spots.length) this.syncOptions();
        this.requestRender();
      },
    );
    this.camera = this.rig.camera;
    this.controls = this.rig.controls;

    // the lights, the table surface and a distant starfield (scene-dressing.ts)
    dressScene(this.scene, (d) => this.disposables.push(d));
    this.first = new FirstFrame(this.canvas, !!options.warmAll);
    this.atlas = createTileAtlas(
      this.renderer,
      () => gpuCaughtUp(this.renderer, () => this.disposed),
      () => this.requestRender(),
      this.first.drawn, // the finer levels of the designs after the first frame
    );
    this.labels = labelAtlas();
    this.disposables.push(this.atlas, this.labels.texture);

    // tiles, planets and figures: the board's instanced meshes (board-meshes.ts)
    const own = (t: THREE.Texture) => this.disposables.push(t);
    this.board = new BoardMeshes((g, m, n) => this.instanced(g, m, n), this.atlas, this.labels, own);
    // legal cells and meeple spots (option-meshes.ts)
    this.options = new OptionMeshes((g, m, n) => this.instanced(g, m, n), own);
    this.picking = new TablePicking(this.canvas, this.camera, (p) => this.worldToScreen(p));

    this.animator = new TableAnimator(this, this.labels, (g, m, n) => this.instanced(g, m, n));

    this.resizeObserver = new ResizeObserver(() => this.resize());
    this.resizeObserver.observe(this.wrapper);

    this.input = new TableInput(this.canvas, this);
    this.resize();
    const gone = () => this.disposed;
    this.shadersReady = this.first.prepare(this.renderer, this.scene, this.camera, this.atlas.ready, gone).then(() => this.requestRender());
  }

  /** Settles once every material of the scene has compiled (the table then draws its first frame). */
  readonly shadersReady: Promise<void>;

  // ------------------------------------------------------------------ setup helpers

  private instanced(geometry: THREE.BufferGeometry, material: THREE.Material, capacity: number): THREE.InstancedMesh {
    const mesh = new THREE.InstancedMesh(geometry, material, capacity);
    mesh.count = 0;
    mesh.frustumCulled = false; // instances spread over the board; bounds would go stale
    this.disposables.push(geometry, material, mesh);
    this.scene.add(mesh);
    return mesh;
  }

  // ------------------------------------------------------------------ public API

  setView(view: TableView): void {
    if (this.disposed) return;
    this.view = view;
    this.cursor.setOptions(view.placements, view.deployments, view.initialGhost);
    // content, not identity: a caller may hand the same state object mutated in place
    const signature = stateSignature(view.state);
    if (signature !== this.drawnSignature || !this.rig.follow.framedOnce) {
      this.drawnSignature = signature;
      this.syncBoard(view.state);
      // against the board as last framed (camera-follow.ts), so the animated path follows too
      if (this.rig.follow.shouldFrame(view.state.tiles.length)) this.frameBoard();
    }
    this.syncOptions();
    this.requestRender();
  }

  /** Animates `events`; `onEvent` hears each one as it starts playing (the HUD follows the dice). */
  playEvents(events: GameEvent[], after: GameState, onEvent?: (e: GameEvent) => void): Promise<void> {
    if (this.disposed) return Promise.resolve();
    const reduced = !!this.reducedMotion?.matches;
    return this.animator.play(events, after, reduced, onEvent);
  }

  /** Hides the legal cells, ghost and spots (while events play, nobody is asked to act). */
  clearOptions(): void {
    this.canvas.style.cursor = '';
    this.cursor.clear();
    this.syncOptions();
    this.requestRender();
  }

  /** Turns the ghost to its next legal rotation, clockwise (`step` 1) or anticlockwise (-1). */
  rotateGhost(step: 1 | -1 = 1): void {
    if (!this.cursor.rotate(step)) return;
    this.syncOptions();
    this.requestRender();
  }

  cellToScreen(x: number, y: number): { x: number; y: number } | null {
    this.rig.finishGlide();
    return this.worldToScreen(new THREE.Vector3(x, TILE_HEIGHT, y));
  }

  /** Where score-track slot `i` (0–49) is on the canvas, in CSS px (tests: nothing of the HUD covers it). */
  trackSlotToScreen(i: number): { x: number; y: number } | null {
    this.rig.finishGlide();
    const p = slotPosition(this.animator.trackBounds, i);
    return this.worldToScreen(new THREE.Vector3(p.x, 0.05, p.y));
  }

  spotToScreen(d: Deployment): { x: number; y: number } | null {
    this.rig.finishGlide();
    const p = this.spotWorld(d.target);
    return p ? this.worldToScreen(p) : null;
  }

  /** True once a frame has drawn the board with its shaders compiled and the tile designs in (64 px a cell at least, tile-atlas.ts). */
  get drawsBoard(): boolean {
    return this.first.boardDrawn;
  }

  /** True once the tile designs are in at full resolution (their finer mipmap levels follow the first frame's). */
  get designsSharp(): boolean {
    return this.atlas.sharp;
  }

  /** Settles once the tile designs are painted (in a worker, tile-atlas.ts); benches wait on it. */
  get atlasReady(): TileAtlas['ready'] {
    return this.atlas.ready;
  }

  stats(): { drawCalls: number; triangles: number; frameMs: number } {
    const info = this.renderer.info.render;
    return { drawCalls: info.calls, triangles: info.triangles, frameMs: this.lastFrameMs };
  }

  /** Renders one frame now and waits for the GPU (benchmarks); returns its duration in ms. */
  renderFrameSync(): number {
    const t0 = performance.now();
    this.render();
    const gl = this.renderer.getContext();
    gl.readPixels(0, 0, 1, 1, gl.RGBA, gl.UNSIGNED_BYTE, new Uint8Array(4));
    return performance.now() - t0;
  }

  /**
   * Gives the keys to the table (R, arrows, Enter act on it). Before its first frame the canvas is out
   * of the page and cannot take the focus: the first frame does, unless the player put it elsewhere meanwhile.
   */
  focus(): void {
    if (!this.disposed) this.first.focus();
  }

  /** Moves the table, canvas and all, into `host` (a spare table made ahead, spare-table.ts); it re-sizes itself there. */
  moveTo(host: HTMLElement): void {
    if (this.disposed) return;
    this.first.warmAll = false; // somebody waits for it now
    host.append(this.wrapper);
    this.resize();
  }

  /** True when the WebGL context is gone (the GPU process reset, too many contexts): the table cannot draw. */
  get contextLost(): boolean {
    return this.renderer.getContext().isContextLost();
  }

  /** Points the camera at the placed tiles, the cells beside them and the score track (gliding there unless `instant`). */
  frameBoard(instant = false): void {
    if (!this.drawn.tiles.length) return;
    this.rig.frame(this.drawn.tiles, instant, this.animator.trackBounds);
    this.faceCamera();
    this.requestRender();
  }

  /** CSS pixels of the table covered by the HUD on each side; framing keeps the board in the rest. */
  setInsets(insets: Partial<{ top: number; right: number; bottom: number; left: number }>): void {
    if (this.rig.setInsets(insets)) this.frameBoard();
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    this.first.end(); // an atlas still waiting for the first frame ends
    this.animator.dispose();
    this.resizeObserver.disconnect();
    this.input.dispose();
    this.rig.dispose();
    for (const d of this.disposables) d.dispose();
    this.disposables.length = 0;
    this.renderer.dispose();
    this.renderer.forceContextLoss();
    this.wrapper.remove();
    this.onPlace = null;
    this.onDeploy = null;
    this.onGhostChange = null;
  }

  // ------------------------------------------------------------------ drawing the state

  private syncBoard(state: GameState): void {
    this.drawn = { tiles: state.tiles };
    this.tileLifts = new Map();
    this.writeTiles();
    this.writeMeeples(state, piecesOf(state));
    this.animator.syncScores(state);
  }

  /** The state as it is, at once (end of an animation, or reduced motion). */
  showState(state: GameState): void {
    if (this.disposed) return;
    this.syncBoard(state);
    this.requestRender();
  }

  /** Board of `state` with explicit pieces and tile lifts (used while animating). */
  showBoard(state: GameState, pieces: PieceSpec[], lifts: Map<number, number>): void {
    if (this.disposed) return;
    this.drawn = { tiles: state.tiles };
    this.writeTiles(lifts);
    this.writeMeeples(state, pieces);
    this.requestRender();
  }

  private tileLifts = new Map<number, number>();
  private lastGhostKey = '';

  /** Rewrites the tile instances: placed tiles, then the ghost (if any) as the last instance. */
  private writeTiles(lifts?: Map<number, number>): void {
    if (lifts) this.tileLifts = lifts;
    const g = this.cursor.ghost;
    const ghost = g && this.view?.state.drawn ? { id: this.view.state.drawn, x: g.cell.x, y: g.cell.y, r: g.r } : null;
    this.board.writeTiles(this.drawn.tiles, this.tileLifts, ghost, GHOST_LIFT);
  }

  private meepleYaw = 0;
  private pieces: Piece[] = [];
  /** The figure a click on the hovered spot would deploy, floating above it (R10.2). */
  private preview: Piece | null = null;

  private writeMeeples(state: GameState, specs: PieceSpec[]): void {
    this.pieces = standPieces(state, specs);
    this.writePieces();
  }

  private writePieces(): void {
    this.board.writePieces(this.preview ? [...this.pieces, this.preview] : this.pieces, this.meepleYaw);
  }

  /** Figures turn to face the viewer, so their letter and equipment always show. */
  private faceCamera(): void {
    const yaw = this.rig.yaw;
    if (Math.abs(yaw - this.meepleYaw) < 1e-4) return;
    this.meepleYaw = yaw;
    this.writePieces();
    this.animator.faceCamera(yaw);
  }

  /** Legal cells, the ghost and the meeple spots from the current view. */
  private syncOptions(): void {
    const { cells, ghost, spots, hovered } = this.cursor;
    this.options.writeCells(cells, ghost?.cell ?? null);
    this.writeTiles();
    const state = this.view?.state;
    this.options.layoutSpots(
      spots,
      (t) => targetWorld(state, t),
      (p) => this.worldToScreen(p),
    );
    this.options.writeSpots(spots, hovered, (t) => spotKind(state, t));
    const ghostKey = ghost ? `${ghost.cell.x},${ghost.cell.y},${ghost.r}` : '';
    if (ghostKey !== this.lastGhostKey) {
      this.lastGhostKey = ghostKey;
      this.onGhostChange?.(this.ghostPlacement());
    }
    const selectedKey = this.view?.selectedTarget ? targetKey(this.view.selectedTarget) : null;
    const focused = spots[hovered] ?? spots.find((g) => g.key === selectedKey);
    const choice = focused && this.view ? matchDeployment(focused, this.view.deployChoice) : null;
    const at = choice && this.spotWorld(choice.target);
    const seat = this.view?.state.seat ?? 0;
    const colour = this.view?.state.setup.seats[seat];
    this.preview =
      choice && at && colour
        ? { seat, size: choice.meeple, equipment: choice.equipment, at: at.add(new THREE.Vector3(0, 0.12, 0)), colour, scale: 1 }
        : null;
    this.writePieces();
  }

  /** The displayed position of a target's spot (falls back to the target itself). */
  private spotWorld(target: DeployTarget): THREE.Vector3 | null {
    return this.options.spotAt(this.cursor.spots, target) ?? targetWorld(this.view?.state, target);
  }

  // ------------------------------------------------------------------ render loop

  requestRender(): void {
    if (this.renderQueued || this.disposed) return;
    this.renderQueued = true;
    requestAnimationFrame(this.frame);
  }

  private readonly frame = (now: number): void => {
    this.renderQueued = false;
    if (this.disposed || !this.first.compiled) return;
    const busy = this.animator.update(now) || this.rig.step(now);
    this.render();
    if (busy) this.requestRender();
  };

  private render(): void {
    const t0 = performance.now();
    this.renderer.render(this.scene, this.camera);
    this.lastFrameMs = performance.now() - t0;
    this.first.rendered(this.atlas.filled);
  }

  private resize(): void {
    const w = Math.max(1, this.wrapper.clientWidth);
    const h = Math.max(1, this.wrapper.clientHeight);
    // the same budget of pixels at any size on a CPU (gpu-tier.ts); the canvas's CSS size is the wrapper's
    this.renderer.setDrawingBufferSize(w, h, renderQuality(window.devicePixelRatio, w * h, softwareKnown() === true).pixelRatio);
    // a new shape of the host (phone turned, window resized) re-frames unless the player took over
    if (this.rig.resize(w, h)) this.frameBoard(true);
    this.scene.traverse((o) => {
      const mat = (o as THREE.Mesh).material as THREE.ShaderMaterial | undefined;
      if (mat?.uniforms?.viewportHeight) mat.uniforms.viewportHeight.value = h;
    });
    this.requestRender();
  }

  worldToScreen(p: THREE.Vector3): { x: number; y: number } | null {
    const v = p.clone().project(this.camera);
    if (v.z > 1 || v.z < -1) return null;
    const w = this.wrapper.clientWidth;
    const h = this.wrapper.clientHeight;
    return { x: ((v.x + 1) / 2) * w, y: ((1 - v.y) / 2) * h };
  }

  // ------------------------------------------------------------------ input

  private moveGhostTo(cell: LegalCell): void {
    if (!this.cursor.moveTo(cell)) return;
    this.syncOptions();
    this.requestRender();
  }

  // TableActions (table-input.ts): what pointer and keys do

  mode(): TableMode {
    return this.cursor.mode();
  }

  private cellAt(clientX: number, clientY: number): LegalCell | null {
    const c = this.picking.cellAt(clientX, clientY);
    return c ? this.cursor.cellAt(c.x, c.y) : null;
  }

  hoverAt(clientX: number, clientY: number): boolean {
    if (this.cursor.cells.length) {
      const cell = this.cellAt(clientX, clientY);
      if (cell) this.moveGhostTo(cell);
      this.canvas.style.cursor = cell ? 'pointer' : '';
      return !!cell;
    }
    const i = this.picking.nearestSpot(clientX, clientY, this.options.positions, this.cursor.spots.length);
    this.canvas.style.cursor = i >= 0 ? 'pointer' : '';
    if (i !== this.cursor.hovered) {
      this.cursor.hovered = i;
      this.syncOptions();
      this.requestRender();
    }
    return i >= 0;
  }

  ghostIsAt(clientX: number, clientY: number): boolean {
    const cell = this.cellAt(clientX, clientY);
    return !!cell && this.cursor.ghost?.cell === cell;
  }

  confirmAt(clientX: number, clientY: number): void {
    if (this.cursor.cells.length) {
      const cell = this.cellAt(clientX, clientY);
      if (!cell) return;
      this.moveGhostTo(cell);
      this.confirmPlacement();
    } else {
      const i = this.picking.nearestSpot(clientX, clientY, this.options.positions, this.cursor.spots.length);
      if (i >= 0) this.confirmSpot(i);
    }
  }

  confirmCurrent(): void {
    if (this.cursor.cells.length) {
      if (!this.cursor.ghost) this.moveGhostTo(this.cursor.cells[0]);
      else this.confirmPlacement();
    } else if (this.cursor.hovered >= 0) this.confirmSpot(this.cursor.hovered);
    else this.cycleSpot(1);
  }

  step(dx: number, dy: number): void {
    if (this.cursor.cells.length) {
      const [bx, by] = this.screenToBoardDirection([dx, dy]);
      if (this.cursor.stepGhost(bx, by)) {
        this.syncOptions();
        this.requestRender();
      }
    } else this.cycleSpot(dx < 0 || dy < 0 ? -1 : 1);
  }

  skip(): void {
    this.onDeploy?.(null);
  }

  reframe(): void {
    // back to the overview; the camera follows the board again
    this.rig.follow.resume();
    this.frameBoard();
  }

  /** Arrow keys follow the screen: map screen up/right onto the nearest board direction. */
  private screenToBoardDirection([sx, sy]: [number, number]): [number, number] {
    const yaw = this.meepleYaw; // camera azimuth about the target
    const fx = -Math.sin(yaw),
      fz = -Math.cos(yaw); // screen-up on the board
    const rx = Math.cos(yaw),
      rz = -Math.sin(yaw); // screen-right on the board
    const wx = rx * sx + fx * -sy;
    const wz = rz * sx + fz * -sy;
    return Math.abs(wx) >= Math.abs(wz) ? [Math.sign(wx), 0] : [0, Math.sign(wz)];
  }

  private cycleSpot(step: number): void {
    this.cursor.cycle(step);
    this.syncOptions();
    this.requestRender();
  }

  private confirmPlacement(): void {
    if (!this.cursor.ghost) return;
    const p: Placement = { x: this.cursor.ghost.cell.x, y: this.cursor.ghost.cell.y, r: this.cursor.ghost.r };
    this.onPlace?.(p);
  }

  private confirmSpot(i: number): void {
    const g = this.cursor.spots[i];
    if (!g || !this.view) return;
    const d = matchDeployment(g, this.view.deployChoice);
    if (d) this.onDeploy?.(d);
  }

  /** The ghost's cell and rotation (tests, HUD hints). */
  ghostPlacement(): Placement | null {
    return this.cursor.ghostPlacement();
  }

  /** Exposed for the HUD / tests: the key of the spot under focus. */
  focusedSpot(): string | null {
    const g = this.cursor.spots[this.cursor.hovered];
    return g ? targetKey(g.target) : null;
  }

  get legalCellIds(): string[] {
    return this.cursor.cells.map((c) => cellId(c.x, c.y));
  }
}

/** What the table draws of a state: tiles, meeples, scores (and whose turn, for the preview). */
function stateSignature(s: GameState): string {
  const meeples = s.meeples.map((m) => `${m.tile}.${m.seg}.${m.seat}.${m.size[0]}.${m.equipment ?? ''}`).join(',');
  return `${s.tiles.length}|${s.turn}|${s.seat}|${s.phase}|${s.drawn}|${s.scores.join(',')}|${meeples}`;
}
