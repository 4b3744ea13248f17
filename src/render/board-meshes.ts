// The board's instanced meshes: tile tops (one atlas), tile bodies, planet spheres, and the
// figures — meeples, their seat letters, lightsabers and blasters. One draw call per kind
// whatever the board size. The Tabletop decides what stands where; this writes the instances.
import * as THREE from 'three';
import { tileDef, type Equipment, type MeepleSize, type PlacedTile } from '../engine';
import { billboardMaterial, useAtlasPerInstance } from './atlas-material';
import { LARGE_SCALE, MEEPLE_HEIGHT, blasterGeometry, meepleGeometry, planetTexture, saberGeometry, type labelAtlas } from './figures';
import { SEAT_HEX, planetColour } from './palette';
import type { TileAtlas } from './tile-atlas';
import { PLANET_RADIUS } from './tile-layout';
import { litMaterial, plainTint } from './shared-programs';

export const TILE_HEIGHT = 0.06;
const TILE_GAP = 0.985;
export const PLANET_Y = TILE_HEIGHT + PLANET_RADIUS * 0.85;
export const PLANET_TOP = PLANET_Y + PLANET_RADIUS * 0.95;
export const TILE_CAPACITY = 160;
/** How high the placement ghost hovers over its cell (the tile settles from there). */
export const GHOST_LIFT = 0.16;
const MEEPLE_CAPACITY = 64;

/** A figure to draw: where it stands, its colour, size and equipment. */
export interface Piece {
  seat: number;
  size: MeepleSize;
  equipment: Equipment | null;
  at: THREE.Vector3;
  colour: string;
  scale: number;
}

type Factory = (g: THREE.BufferGeometry, m: THREE.Material, n: number) => THREE.InstancedMesh;

export class BoardMeshes {
  private readonly tileTops: THREE.InstancedMesh;
  private readonly tileBodies: THREE.InstancedMesh;
  private readonly planets: THREE.InstancedMesh;
  private readonly meeples: THREE.InstancedMesh;
  private readonly meepleLabels: THREE.InstancedMesh;
  private readonly sabers: THREE.InstancedMesh;
  private readonly blasters: THREE.InstancedMesh;

  /** `make` adds an instanced mesh to the scene (and owns its disposal); `own` takes a texture to dispose. */
  constructor(
    make: Factory,
    private readonly atlas: TileAtlas,
    private readonly labels: ReturnType<typeof labelAtlas>,
    own: (t: THREE.Texture) => void,
  ) {
    // tiles: one instanced top (atlas) + one instanced body; the ghost is the last instance
    const topGeometry = new THREE.PlaneGeometry(TILE_GAP, TILE_GAP).rotateX(-Math.PI / 2);
    topGeometry.setAttribute('atlasOffset', new THREE.InstancedBufferAttribute(new Float32Array(TILE_CAPACITY * 2), 2));
    const topMaterial = useAtlasPerInstance(
      new THREE.MeshBasicMaterial({ map: atlas.texture, toneMapped: false }),
      new THREE.Vector2(atlas.scale, atlas.scale),
    );
    this.tileTops = make(topGeometry, topMaterial, TILE_CAPACITY);
    this.tileBodies = make(
      // the body stops just under the printed top, so far away the two never fight for depth
      new THREE.BoxGeometry(TILE_GAP, TILE_HEIGHT - 0.012, TILE_GAP),
      litMaterial({ color: 0x5a6178, roughness: 0.6, metalness: 0.3 }),
      TILE_CAPACITY,
    );
    this.tileBodies.instanceColor = plainTint(TILE_CAPACITY); // one program with every lit mesh (shared-programs.ts)
    const planetMap = planetTexture();
    own(planetMap);
    this.planets = make(
      new THREE.SphereGeometry(PLANET_RADIUS, 32, 16),
      new THREE.MeshStandardMaterial({ map: planetMap, roughness: 0.85, metalness: 0.0 }),
      TILE_CAPACITY,
    );
    this.planets.instanceColor = new THREE.InstancedBufferAttribute(new Float32Array(TILE_CAPACITY * 3), 3);

    this.meeples = make(meepleGeometry(), litMaterial({ roughness: 0.45, metalness: 0.05 }), MEEPLE_CAPACITY);
    this.meeples.instanceColor = new THREE.InstancedBufferAttribute(new Float32Array(MEEPLE_CAPACITY * 3), 3);
    const labelGeometry = new THREE.PlaneGeometry(1, 1);
    labelGeometry.setAttribute('atlasOffset', new THREE.InstancedBufferAttribute(new Float32Array(MEEPLE_CAPACITY * 2), 2));
    this.meepleLabels = make(labelGeometry, billboardMaterial(labels.texture, labels.scale, { minPixels: 15 }), MEEPLE_CAPACITY);
    this.meepleLabels.instanceColor = plainTint(MEEPLE_CAPACITY); // the spots' program (shared-programs.ts)
    this.sabers = make(saberGeometry(), new THREE.MeshBasicMaterial({ vertexColors: true, toneMapped: false }), MEEPLE_CAPACITY);
    this.blasters = make(blasterGeometry(), new THREE.MeshStandardMaterial({ vertexColors: true, roughness: 0.5 }), MEEPLE_CAPACITY);
    // no first frame draws figures: a table made ahead leaves their pipelines to their first draw (gpu-ready.ts)
    for (const m of [this.meeples, this.meepleLabels, this.sabers, this.blasters]) m.userData.warmAtFirstDraw = true;
  }

  /** The placed tiles (each lifted by `lifts`, for dropping in), then the ghost, lifted, as the last instance. */
  writeTiles(tiles: readonly PlacedTile[], lifts: ReadonlyMap<number, number>, ghost: PlacedTile | null, ghostLift: number): void {
    const m = new THREE.Matrix4();
    const q = new THREE.Quaternion();
    const up = new THREE.Vector3(0, 1, 0);
    const one = new THREE.Vector3(1, 1, 1);
    const offsets = this.tileTops.geometry.getAttribute('atlasOffset') as THREE.InstancedBufferAttribute;
    let n = 0;
    let planets = 0;
    const colour = new THREE.Color();
    const put = (t: PlacedTile, lift: number) => {
      if (n >= TILE_CAPACITY - 1) return;
      q.setFromAxisAngle(up, (-t.r * Math.PI) / 2); // r quarter-turns clockwise seen from above
      m.compose(new THREE.Vector3(t.x, TILE_HEIGHT + 0.0005 + lift, t.y), q, one);
      this.tileTops.setMatrixAt(n, m);
      m.compose(new THREE.Vector3(t.x, (TILE_HEIGHT - 0.012) / 2 + lift, t.y), q, one);
      this.tileBodies.setMatrixAt(n, m);
      const cell = this.atlas.cells.get(t.id)!;
      offsets.setXY(n, cell.offsetU, cell.offsetV);
      n++;
      if (tileDef(t.id).planet >= 0) {
        const pc = planetColour(t.id);
        m.compose(new THREE.Vector3(t.x, PLANET_Y + lift, t.y), q, one);
        this.planets.setMatrixAt(planets, m);
        this.planets.setColorAt(planets, colour.setHSL(pc.hue / 360, pc.sat, pc.light, THREE.SRGBColorSpace));
        planets++;
      }
    };
    tiles.forEach((t, i) => put(t, lifts.get(i) ?? 0));
    if (ghost) put(ghost, ghostLift);
    this.tileTops.count = n;
    this.tileBodies.count = n;
    this.planets.count = planets;
    for (const mesh of [this.tileTops, this.tileBodies, this.planets]) mesh.instanceMatrix.needsUpdate = true;
    offsets.needsUpdate = true;
    if (this.planets.instanceColor) this.planets.instanceColor.needsUpdate = true;
  }

  /** Every figure, turned by `yaw` to face the camera, with its letter and equipment in hand. */
  writePieces(pieces: readonly Piece[], yaw: number): void {
    const m = new THREE.Matrix4();
    const q = new THREE.Quaternion().setFromAxisAngle(new THREE.Vector3(0, 1, 0), yaw);
    const colour = new THREE.Color();
    const labelOffsets = this.meepleLabels.geometry.getAttribute('atlasOffset') as THREE.InstancedBufferAttribute;
    let sabers = 0;
    let blasters = 0;
    let n = 0;
    for (const p of pieces) {
      if (n >= MEEPLE_CAPACITY) break;
      const s = (p.size === 'large' ? LARGE_SCALE : 1) * p.scale;
      const scale = new THREE.Vector3(s, s, s);
      m.compose(p.at, q, scale);
      this.meeples.setMatrixAt(n, m);
      this.meeples.setColorAt(n, colour.setHex(SEAT_HEX[p.colour as keyof typeof SEAT_HEX] ?? 0x888888));
      const chest = new THREE.Vector3(0, MEEPLE_HEIGHT * 0.5 * s, 0).add(p.at);
      const ls = 0.13 * s;
      m.compose(chest, q, new THREE.Vector3(ls, ls, ls));
      this.meepleLabels.setMatrixAt(n, m);
      const [ou, ov] = this.labels.offset(p.colour);
      labelOffsets.setXY(n, ou, ov);
      if (p.equipment) {
        // in the figure's right hand (the arm ends near x = 0.5, y = 0.57 of its height)
        const hand = new THREE.Vector3(0.5 * MEEPLE_HEIGHT * s, 0.55 * MEEPLE_HEIGHT * s, 0.05 * s).applyQuaternion(q).add(p.at);
        m.compose(hand, q, scale);
        if (p.equipment === 'lightsaber') this.sabers.setMatrixAt(sabers++, m);
        else this.blasters.setMatrixAt(blasters++, m);
      }
      n++;
    }
    this.meeples.count = n;
    this.meepleLabels.count = n;
    this.sabers.count = sabers;
    this.blasters.count = blasters;
    for (const mesh of [this.meeples, this.meepleLabels, this.sabers, this.blasters]) mesh.instanceMatrix.needsUpdate = true;
    if (this.meeples.instanceColor) this.meeples.instanceColor.needsUpdate = true;
    labelOffsets.needsUpdate = true;
  }
}
