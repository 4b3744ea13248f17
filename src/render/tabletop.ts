// The Three.js tabletop: draws the board from the engine state, shows the legal options
// the engine lists (R10.1, R10.2) and turns pointer / keyboard input into intents
// (onPlace / onDeploy). It never changes the state. Structure as in three's examples:
// init, resize, animate-on-demand, render, dispose.
import * as THREE from 'three';
import { paintTexture } from './canvas-texture';
import type { MapControls } from 'three/examples/jsm/controls/MapControls.js';
import {
  tileDef, type Colour, type Deployment, type DeployTarget, type Equipment, type GameEvent, type GameState, type MeepleSize, type Placement,
} from '../engine';
import { billboardMaterial } from './atlas-material';
import { matchDeployment, spreadFactor, targetKey, type DeployChoice, type SpotKind } from './deploy-targets';
import {
  SPOT_CELL, frameTexture, labelAtlas, spotTexture,
} from './figures';
import { HIGHLIGHT_HEX, SPOT_HEX } from './palette';
import { cellId, type LegalCell } from './placement-cursor';
import { createTileAtlas, type TileAtlas } from './tile-atlas';
import { boardPoint, tileLayout } from './tile-layout';
import { GHOST_LIFT, TableAnimator, type PieceSpec } from './table-animator';
import { BoardMeshes, PLANET_TOP, TILE_CAPACITY, TILE_HEIGHT, type Piece } from './board-meshes';
import { CameraRig } from './camera-rig';
import { OptionCursor } from './option-cursor';
import { TableInput, type TableActions, type TableMode } from './table-input';

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
const SPOT_PICK_PX = 34;

interface Drawn { tiles: GameState['tiles']; }

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
  private readonly labels: ReturnType<typeof labelAtlas>;

  private readonly highlights: THREE.InstancedMesh;
  private readonly spots: THREE.InstancedMesh;
  private readonly board: BoardMeshes;
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
  private readonly raycaster = new THREE.Raycaster();
  private readonly ground = new THREE.Plane(new THREE.Vector3(0, 1, 0), -TILE_HEIGHT);
  private readonly reducedMotion: MediaQueryList | null =
    typeof matchMedia === 'function' ? matchMedia('(prefers-reduced-motion: reduce)') : null;

  constructor(host: HTMLElement) {
    this.wrapper = document.createElement('div');
    this.wrapper.style.cssText = 'position:relative;width:100%;height:100%;overflow:hidden;touch-action:none;';
    this.canvas = document.createElement('canvas');
    this.canvas.style.cssText = 'display:block;width:100%;height:100%;outline:none;';
    this.canvas.tabIndex = 0;
    this.canvas.setAttribute('aria-label', 'Game table');
    this.overlay = document.createElement('div');
    this.overlay.style.cssText = 'position:absolute;inset:0;pointer-events:none;font:600 15px system-ui,sans-serif;color:#fff;';
    this.wrapper.append(this.canvas, this.overlay);
    host.append(this.wrapper);

    this.renderer = new THREE.WebGLRenderer({ canvas: this.canvas, antialias: true, powerPreference: 'high-performance' });
    this.renderer.setPixelRatio(Math.min(window.devicePixelRatio || 1, 2));
    this.renderer.outputColorSpace = THREE.SRGBColorSpace;
    this.scene.background = new THREE.Color(0x03050c);

    this.rig = new CameraRig(this.canvas, () => ({ w: Math.max(1, this.wrapper.clientWidth), h: Math.max(1, this.wrapper.clientHeight) }),
      () => !!this.reducedMotion?.matches, () => {
        this.faceCamera();
        // spots keep their spacing on screen as the player zooms
        if (this.cursor.spots.length) this.syncOptions();
        this.requestRender();
      });
    this.camera = this.rig.camera;
    this.controls = this.rig.controls;

    this.scene.add(new THREE.HemisphereLight(0xc8d8ff, 0x1a1a28, 1.6));
    const sun = new THREE.DirectionalLight(0xffffff, 2.2);
    sun.position.set(4, 10, 7);
    this.scene.add(sun);

    this.atlas = createTileAtlas(this.renderer.capabilities.getMaxAnisotropy());
    this.labels = labelAtlas();
    this.disposables.push(this.atlas, this.labels.texture);

    // the table surface and a distant starfield
    this.scene.add(this.own(this.tableSurface()));
    this.scene.add(this.own(this.starfield()));

    // tiles, planets and figures: the board's instanced meshes (board-meshes.ts)
    this.board = new BoardMeshes((g, m, n) => this.instanced(g, m, n), this.atlas, this.labels, (t) => this.disposables.push(t));

    const frame = frameTexture();
    this.disposables.push(frame);
    this.highlights = this.instanced(
      new THREE.PlaneGeometry(0.96, 0.96).rotateX(-Math.PI / 2),
      new THREE.MeshBasicMaterial({ map: frame, transparent: true, depthWrite: false, toneMapped: false }), // colour per instance
      TILE_CAPACITY,
    );
    this.highlights.instanceColor = new THREE.InstancedBufferAttribute(new Float32Array(TILE_CAPACITY * 3), 3);
    const spotTex = spotTexture();
    this.disposables.push(spotTex);
    const spotGeometry = new THREE.PlaneGeometry(1, 1);
    spotGeometry.setAttribute('atlasOffset', new THREE.InstancedBufferAttribute(new Float32Array(32 * 2), 2));
    this.spots = this.instanced(spotGeometry, billboardMaterial(spotTex, new THREE.Vector2(0.5, 0.5), { minPixels: 30, lift: 0.2, depthTest: false }), 32);
    this.spots.renderOrder = 10;
    this.spots.instanceColor = new THREE.InstancedBufferAttribute(new Float32Array(32 * 3), 3);

    this.animator = new TableAnimator(this, this.labels, (g, m, n) => this.instanced(g, m, n));

    this.resizeObserver = new ResizeObserver(() => this.resize());
    this.resizeObserver.observe(this.wrapper);

    this.input = new TableInput(this.canvas, this);
    this.resize();
  }

  // ------------------------------------------------------------------ setup helpers

  private own<T extends THREE.Mesh | THREE.Points>(obj: T): T {
    this.disposables.push(obj.geometry, obj.material as THREE.Material);
    return obj;
  }

  private instanced(geometry: THREE.BufferGeometry, material: THREE.Material, capacity: number): THREE.InstancedMesh {
    const mesh = new THREE.InstancedMesh(geometry, material, capacity);
    mesh.count = 0;
    mesh.frustumCulled = false; // instances spread over the board; bounds would go stale
    this.disposables.push(geometry, material, mesh);
    this.scene.add(mesh);
    return mesh;
  }

  private tableSurface(): THREE.Mesh {
    const texture = paintTexture(512, 512, (ctx) => {
      const g = ctx.createRadialGradient(256, 256, 20, 256, 256, 256);
      g.addColorStop(0, '#3a3431');
      g.addColorStop(0.55, '#2a2522');
      g.addColorStop(1, '#0c0a09');
      ctx.fillStyle = g;
      ctx.fillRect(0, 0, 512, 512);
    });
    this.disposables.push(texture);
    const mesh = new THREE.Mesh(new THREE.CircleGeometry(60, 64).rotateX(-Math.PI / 2), new THREE.MeshBasicMaterial({ map: texture, toneMapped: false }));
    mesh.position.y = -0.002;
    return mesh;
  }

  private starfield(): THREE.Points {
    const n = 1500;
    const pos = new Float32Array(n * 3);
    let s = 12345;
    const rnd = () => ((s = (Math.imul(s, 1103515245) + 12345) >>> 0) / 4294967296);
    for (let i = 0; i < n; i++) {
      const theta = rnd() * Math.PI * 2;
      const phi = Math.acos(rnd() * 1.6 - 0.6);
      const r = 150;
      pos.set([r * Math.sin(phi) * Math.cos(theta), r * Math.cos(phi), r * Math.sin(phi) * Math.sin(theta)], i * 3);
    }
    const g = new THREE.BufferGeometry();
    g.setAttribute('position', new THREE.BufferAttribute(pos, 3));
    return new THREE.Points(g, new THREE.PointsMaterial({ color: 0xaabbdd, size: 1.2, sizeAttenuation: false }));
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

  spotToScreen(d: Deployment): { x: number; y: number } | null {
    this.rig.finishGlide();
    const p = this.spotWorld(d.target);
    return p ? this.worldToScreen(p) : null;
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

  /** Points the camera at the placed tiles and the cells beside them (gliding there unless `instant`). */
  frameBoard(instant = false): void {
    if (!this.drawn.tiles.length) return;
    this.rig.frame(this.drawn.tiles, instant);
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

  /** World position of a point of a placed tile's printed frame, at the tile top. */
  tilePointWorld(tile: { x: number; y: number; r: number }, p: { u: number; v: number }, y = TILE_HEIGHT): THREE.Vector3 {
    const b = boardPoint(tile, p);
    return new THREE.Vector3(b.x, y, b.y);
  }

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

  /** Rewrites the tile instances: placed tiles, then the ghost (if any) as the last instance. */
  writeTiles(lifts?: Map<number, number>): void {
    if (lifts) this.tileLifts = lifts;
    const g = this.cursor.ghost;
    const ghost = g && this.view?.state.drawn ? { id: this.view.state.drawn, x: g.cell.x, y: g.cell.y, r: g.r } : null;
    this.board.writeTiles(this.drawn.tiles, this.tileLifts, ghost, GHOST_LIFT);
  }

  private tileLifts = new Map<number, number>();
  private lastGhostKey = '';

  /** Base position of the k-th of `count` meeples standing on one spot. */
  meepleSpotWorld(state: GameState, tileIndex: number, seg: number, k: number, count: number): THREE.Vector3 {
    const t = state.tiles[tileIndex];
    const def = tileDef(t.id);
    const isPlanet = def.segments[seg]?.kind === 'P';
    const p = this.tilePointWorld(t, tileLayout(def).spots[seg] ?? { u: 0.5, v: 0.5 }, isPlanet ? PLANET_TOP - 0.02 : TILE_HEIGHT);
    if (count > 1) {
      const a = (k / count) * Math.PI * 2 + 0.4;
      const rad = isPlanet ? 0.1 : 0.09;
      p.x += Math.cos(a) * rad;
      p.z += Math.sin(a) * rad;
    }
    return p;
  }

  private meepleYaw = 0;

  writeMeeples(state: GameState, specs: PieceSpec[]): void {
    const seats = state.setup.seats;
    const groups = new Map<string, number>();
    for (const m of specs) groups.set(`${m.tile}:${m.seg}`, (groups.get(`${m.tile}:${m.seg}`) ?? 0) + 1);
    const seen = new Map<string, number>();
    this.pieces = specs.map((m) => {
      const key = `${m.tile}:${m.seg}`;
      const k = seen.get(key) ?? 0;
      seen.set(key, k + 1);
      const at = this.meepleSpotWorld(state, m.tile, m.seg, k, groups.get(key)!);
      at.y += m.lift;
      return { seat: m.seat, size: m.size, equipment: m.equipment, at, colour: seats[m.seat], scale: m.scale };
    });
    this.writePieces();
  }

  private pieces: Piece[] = [];
  /** The figure a click on the hovered spot would deploy, floating above it (R10.2). */
  private preview: Piece | null = null;

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
    const m = new THREE.Matrix4();
    const colour = new THREE.Color();
    this.cursor.cells.forEach((c, i) => {
      if (i >= TILE_CAPACITY) return;
      const isGhost = this.cursor.ghost && this.cursor.ghost.cell === c;
      // the ghost's frame rides on top of the lifted ghost tile, in gold
      if (isGhost) m.compose(new THREE.Vector3(c.x, TILE_HEIGHT + GHOST_LIFT + 0.003, c.y), new THREE.Quaternion(), new THREE.Vector3(1.05, 1, 1.05));
      else m.makeTranslation(c.x, 0.004, c.y);
      this.highlights.setMatrixAt(i, m);
      this.highlights.setColorAt(i, colour.setHex(isGhost ? 0xffd84a : HIGHLIGHT_HEX));
    });
    this.highlights.count = Math.min(this.cursor.cells.length, TILE_CAPACITY);
    this.highlights.instanceMatrix.needsUpdate = true;
    if (this.highlights.instanceColor) this.highlights.instanceColor.needsUpdate = true;
    this.writeTiles();

    this.layoutSpots();
    const spotOffsets = this.spots.geometry.getAttribute('atlasOffset') as THREE.InstancedBufferAttribute;
    this.cursor.spots.forEach((g, i) => {
      const p = this.spotPositions[i].clone();
      const s = i === this.cursor.hovered ? 0.34 : 0.22;
      m.compose(p.add(new THREE.Vector3(0, 0.06, 0)), new THREE.Quaternion(), new THREE.Vector3(s, s, s));
      this.spots.setMatrixAt(i, m);
      this.spots.setColorAt(i, colour.setHex(i === this.cursor.hovered ? 0xffffff : 'attack' in g.target ? 0xff7a59 : SPOT_HEX));
      // the icon says what the spot is: merchant, explorer, conqueror or planet attack
      const [u, v] = SPOT_CELL[this.spotKind(g.target)];
      spotOffsets.setXY(i, u, v);
    });
    spotOffsets.needsUpdate = true;
    const ghostKey = this.cursor.ghost ? `${this.cursor.ghost.cell.x},${this.cursor.ghost.cell.y},${this.cursor.ghost.r}` : '';
    if (ghostKey !== this.lastGhostKey) {
      this.lastGhostKey = ghostKey;
      this.onGhostChange?.(this.ghostPlacement());
    }
    this.spots.count = this.cursor.spots.length;
    const selectedKey = this.view?.selectedTarget ? targetKey(this.view.selectedTarget) : null;
    const hovered = this.cursor.spots[this.cursor.hovered] ?? this.cursor.spots.find((g) => g.key === selectedKey);
    const choice = hovered && this.view ? matchDeployment(hovered, this.view.deployChoice) : null;
    const at = choice && this.spotWorld(choice.target);
    const seat = this.view?.state.seat ?? 0;
    this.preview = choice && at
      ? { seat, size: choice.meeple, equipment: choice.equipment, at: at.add(new THREE.Vector3(0, 0.12, 0)), colour: this.view!.state.setup.seats[seat], scale: 1 }
      : null;
    this.writePieces();
    this.spots.instanceMatrix.needsUpdate = true;
    if (this.spots.instanceColor) this.spots.instanceColor.needsUpdate = true;
  }

  /** Displayed spot positions, one per spot group (spread apart on screen, see layoutSpots). */
  private spotPositions: THREE.Vector3[] = [];

  /**
   * Where each spot is drawn and picked: at its segment, but the spots of the tile just placed
   * are spread about their centre when two would be closer than 34 px on screen at this zoom.
   */
  private layoutSpots(): void {
    const raw = this.cursor.spots.map((g) => this.targetWorld(g.target) ?? new THREE.Vector3());
    const own = this.cursor.spots.map((g, i) => ('seg' in g.target ? i : -1)).filter((i) => i >= 0);
    const screen = own.map((i) => this.worldToScreen(raw[i])).filter((p): p is { x: number; y: number } => !!p);
    const k = screen.length === own.length ? spreadFactor(screen, 34) : 1;
    if (k > 1) {
      const c = own.reduce((acc, i) => acc.add(raw[i]), new THREE.Vector3()).divideScalar(own.length);
      for (const i of own) raw[i] = new THREE.Vector3(c.x + (raw[i].x - c.x) * k, raw[i].y, c.z + (raw[i].z - c.z) * k);
    }
    this.spotPositions = raw;
  }

  /** The displayed position of a target's spot (falls back to the target itself). */
  private spotWorld(target: Deployment['target']): THREE.Vector3 | null {
    const key = targetKey(target);
    const i = this.cursor.spots.findIndex((g) => g.key === key);
    return i >= 0 && this.spotPositions[i] ? this.spotPositions[i].clone() : this.targetWorld(target);
  }

  private spotKind(target: Deployment['target']): SpotKind {
    if ('attack' in target) return 'attack';
    const state = this.view?.state;
    const t = state?.tiles[state.tiles.length - 1];
    const kind = t ? tileDef(t.id).segments[target.seg]?.kind : undefined;
    return kind === 'R' ? 'merchant' : kind === 'A' ? 'explorer' : 'conqueror';
  }

  /** Where a deploy target is: the segment's spot on the tile just placed, or the top of an attacked planet (R5.4). */
  private targetWorld(target: Deployment['target']): THREE.Vector3 | null {
    const state = this.view?.state;
    if (!state || !state.tiles.length) return null;
    if ('seg' in target) {
      const t = state.tiles[state.tiles.length - 1];
      const def = tileDef(t.id);
      const spot = tileLayout(def).spots[target.seg];
      if (!spot) return null;
      return this.tilePointWorld(t, spot, def.segments[target.seg].kind === 'P' ? PLANET_TOP : TILE_HEIGHT);
    }
    const i = state.board.tileAt(target.attack.x, target.attack.y);
    if (i < 0) return null;
    return new THREE.Vector3(target.attack.x, PLANET_TOP, target.attack.y);
  }

  // ------------------------------------------------------------------ render loop

  requestRender(): void {
    if (this.renderQueued || this.disposed) return;
    this.renderQueued = true;
    requestAnimationFrame(this.frame);
  }

  private readonly frame = (now: number): void => {
    this.renderQueued = false;
    if (this.disposed) return;
    const busy = this.animator.update(now) || this.rig.step(now);
    this.render();
    if (busy) this.requestRender();
  };

  private render(): void {
    const t0 = performance.now();
    this.renderer.render(this.scene, this.camera);
    this.lastFrameMs = performance.now() - t0;
  }

  private resize(): void {
    const w = Math.max(1, this.wrapper.clientWidth);
    const h = Math.max(1, this.wrapper.clientHeight);
    this.renderer.setSize(w, h, false);
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

  private pointerCell(clientX: number, clientY: number): { x: number; y: number } | null {
    const rect = this.canvas.getBoundingClientRect();
    const ndc = new THREE.Vector2(((clientX - rect.left) / rect.width) * 2 - 1, -((clientY - rect.top) / rect.height) * 2 + 1);
    this.raycaster.setFromCamera(ndc, this.camera);
    const hit = new THREE.Vector3();
    if (!this.raycaster.ray.intersectPlane(this.ground, hit)) return null;
    return { x: Math.round(hit.x), y: Math.round(hit.z) };
  }

  private nearestSpot(clientX: number, clientY: number): number {
    const rect = this.canvas.getBoundingClientRect();
    const px = clientX - rect.left;
    const py = clientY - rect.top;
    let best = -1;
    let bestD = SPOT_PICK_PX;
    this.cursor.spots.forEach((_, i) => {
      const p = this.spotPositions[i];
      const s = p && this.worldToScreen(p);
      if (!s) return;
      const d = Math.hypot(s.x - px, s.y - py);
      if (d < bestD) {
        bestD = d;
        best = i;
      }
    });
    return best;
  }

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
    const c = this.pointerCell(clientX, clientY);
    return c ? this.cursor.cellAt(c.x, c.y) : null;
  }

  hoverAt(clientX: number, clientY: number): boolean {
    if (this.cursor.cells.length) {
      const cell = this.cellAt(clientX, clientY);
      if (cell) this.moveGhostTo(cell);
      this.canvas.style.cursor = cell ? 'pointer' : '';
      return !!cell;
    }
    const i = this.nearestSpot(clientX, clientY);
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
      const i = this.nearestSpot(clientX, clientY);
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
    const fx = -Math.sin(yaw), fz = -Math.cos(yaw); // screen-up on the board
    const rx = Math.cos(yaw), rz = -Math.sin(yaw); // screen-right on the board
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



function piecesOf(state: GameState): PieceSpec[] {
  return state.meeples.map((m) => ({ seat: m.seat, size: m.size, equipment: m.equipment, tile: m.tile, seg: m.seg, lift: 0, scale: 1 }));
}
