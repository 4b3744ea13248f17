// The options the engine lists, drawn (R10.1, R10.2): a frame on every legal cell (the
// ghost's in gold, riding on the lifted ghost tile) and a spot per deploy target with an
// icon of what it is. The spots of the tile just placed are spread apart on screen when
// they would crowd; drawing, picking and `spotToScreen` all use the same positions.
import * as THREE from 'three';
import { tileDef, type DeployTarget, type GameState } from '../engine';
import { billboardMaterial } from './atlas-material';
import { GHOST_LIFT, TILE_CAPACITY, TILE_HEIGHT } from './board-meshes';
import { spreadFactor, targetKey, type SpotGroup, type SpotKind } from './deploy-targets';
import { SPOT_CELL, frameTexture, spotTexture } from './figures';
import { HIGHLIGHT_HEX, SPOT_HEX } from './palette';
import type { LegalCell } from './placement-cursor';

type Factory = (g: THREE.BufferGeometry, m: THREE.Material, capacity: number) => THREE.InstancedMesh;
type ToScreen = (p: THREE.Vector3) => { x: number; y: number } | null;

const SPOT_CAPACITY = 32;
/** Two spots of the tile just placed are never drawn closer than this on screen. */
const SPOT_GAP_PX = 34;
/** The ghost's frame rides just above the lifted ghost tile. */
const GHOST_FRAME_Y = TILE_HEIGHT + GHOST_LIFT + 0.003;

export class OptionMeshes {
  private readonly highlights: THREE.InstancedMesh;
  private readonly spots: THREE.InstancedMesh;
  /** Displayed spot positions, one per spot group (spread apart on screen, see layoutSpots). */
  positions: THREE.Vector3[] = [];

  /** `make` adds an instanced mesh to the scene (and owns its disposal); `own` takes a texture to dispose. */
  constructor(make: Factory, own: (t: THREE.Texture) => void) {
    const frame = frameTexture();
    own(frame);
    this.highlights = make(
      new THREE.PlaneGeometry(0.96, 0.96).rotateX(-Math.PI / 2),
      new THREE.MeshBasicMaterial({ map: frame, transparent: true, depthWrite: false, toneMapped: false }), // colour per instance
      TILE_CAPACITY,
    );
    this.highlights.instanceColor = new THREE.InstancedBufferAttribute(new Float32Array(TILE_CAPACITY * 3), 3);
    const spotTex = spotTexture();
    own(spotTex);
    const spotGeometry = new THREE.PlaneGeometry(1, 1);
    spotGeometry.setAttribute('atlasOffset', new THREE.InstancedBufferAttribute(new Float32Array(SPOT_CAPACITY * 2), 2));
    const spotMaterial = billboardMaterial(spotTex, new THREE.Vector2(0.5, 0.5), { minPixels: 30, lift: 0.2, depthTest: false });
    this.spots = make(spotGeometry, spotMaterial, SPOT_CAPACITY);
    this.spots.renderOrder = 10;
    this.spots.instanceColor = new THREE.InstancedBufferAttribute(new Float32Array(SPOT_CAPACITY * 3), 3);
  }

  /** A frame on each legal cell; the ghost's rides on top of the lifted ghost tile, in gold. */
  writeCells(cells: readonly LegalCell[], ghost: LegalCell | null): void {
    const m = new THREE.Matrix4();
    const colour = new THREE.Color();
    cells.forEach((c, i) => {
      if (i >= TILE_CAPACITY) return;
      const isGhost = ghost === c;
      if (isGhost) m.compose(new THREE.Vector3(c.x, GHOST_FRAME_Y, c.y), new THREE.Quaternion(), new THREE.Vector3(1.05, 1, 1.05));
      else m.makeTranslation(c.x, 0.004, c.y);
      this.highlights.setMatrixAt(i, m);
      this.highlights.setColorAt(i, colour.setHex(isGhost ? 0xffd84a : HIGHLIGHT_HEX));
    });
    this.highlights.count = Math.min(cells.length, TILE_CAPACITY);
    this.highlights.instanceMatrix.needsUpdate = true;
    if (this.highlights.instanceColor) this.highlights.instanceColor.needsUpdate = true;
  }

  /**
   * Where each spot is drawn and picked: at its segment, but the spots of the tile just placed
   * are spread about their centre when two would be closer than 34 px on screen at this zoom.
   */
  layoutSpots(spots: readonly SpotGroup[], world: (t: DeployTarget) => THREE.Vector3 | null, toScreen: ToScreen): void {
    const raw = spots.map((g) => world(g.target) ?? new THREE.Vector3());
    const own = spots.map((g, i) => ('seg' in g.target ? i : -1)).filter((i) => i >= 0);
    const screen = own.map((i) => toScreen(raw[i])).filter((p): p is { x: number; y: number } => !!p);
    const k = screen.length === own.length ? spreadFactor(screen, SPOT_GAP_PX) : 1;
    if (k > 1) {
      const c = own.reduce((acc, i) => acc.add(raw[i]), new THREE.Vector3()).divideScalar(own.length);
      for (const i of own) raw[i] = new THREE.Vector3(c.x + (raw[i].x - c.x) * k, raw[i].y, c.z + (raw[i].z - c.z) * k);
    }
    this.positions = raw;
  }

  /** The spots at their laid-out positions, the hovered one larger and white, each with its icon. */
  writeSpots(spots: readonly SpotGroup[], hovered: number, kindOf: (t: DeployTarget) => SpotKind): void {
    const m = new THREE.Matrix4();
    const colour = new THREE.Color();
    const offsets = this.spots.geometry.getAttribute('atlasOffset') as THREE.InstancedBufferAttribute;
    spots.forEach((g, i) => {
      const p = this.positions[i].clone();
      const s = i === hovered ? 0.34 : 0.22;
      m.compose(p.add(new THREE.Vector3(0, 0.06, 0)), new THREE.Quaternion(), new THREE.Vector3(s, s, s));
      this.spots.setMatrixAt(i, m);
      this.spots.setColorAt(i, colour.setHex(i === hovered ? 0xffffff : 'attack' in g.target ? 0xff7a59 : SPOT_HEX));
      // the icon says what the spot is: merchant, explorer, conqueror or planet attack
      const [u, v] = SPOT_CELL[kindOf(g.target)];
      offsets.setXY(i, u, v);
    });
    offsets.needsUpdate = true;
    this.spots.count = spots.length;
    this.spots.instanceMatrix.needsUpdate = true;
    if (this.spots.instanceColor) this.spots.instanceColor.needsUpdate = true;
  }

  /** The displayed position of a target's spot, or null when it has none (the caller falls back to the target). */
  spotAt(spots: readonly SpotGroup[], target: DeployTarget): THREE.Vector3 | null {
    const key = targetKey(target);
    const i = spots.findIndex((g) => g.key === key);
    return i >= 0 && this.positions[i] ? this.positions[i].clone() : null;
  }
}

/** What a spot of the tile just placed is, for its icon (R5.2, R5.4). */
export function spotKind(state: GameState | undefined, target: DeployTarget): SpotKind {
  if ('attack' in target) return 'attack';
  const t = state?.tiles[state.tiles.length - 1];
  const kind = t ? tileDef(t.id).segments[target.seg]?.kind : undefined;
  return kind === 'R' ? 'merchant' : kind === 'A' ? 'explorer' : 'conqueror';
}
