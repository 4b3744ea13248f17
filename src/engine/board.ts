// The derived board index: occupied cells, the frontier of empty neighbours, and realms
// as a union-find over segment nodes. Rebuilt from the placement list on parse, so it
// never needs to be serialized; every operation is deterministic in placement order.
import { DX as DX_, DY as DY_, TILESET, type TileDef } from './tiles';
import type { Placement, PlacedTile } from './types';

// Module-local copies: hot loops below should not pay for cross-module live bindings.
const DX = DX_.slice();
const DY = DY_.slice();

const OFFSET = 4096;
const SPAN = 8192;
export const cellKey = (x: number, y: number): number => (x + OFFSET) * SPAN + (y + OFFSET);
export const keyX = (k: number): number => Math.floor(k / SPAN) - OFFSET;
export const keyY = (k: number): number => (k % SPAN) - OFFSET;

/** Node ids: tile index × stride + segment index. */
export const STRIDE = TILESET.maxSegments;

function lowerBound(sorted: number[], v: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid] < v) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export class BoardIndex {
  /** cell key → index of the tile in the placement list */
  cells: Map<number, number>;
  /** the frontier — empty cells orthogonally next to a tile (R4.1) — each with its
   *  edge-match constraint, packed as mask << 8 | value (R4.2) */
  constraints: Map<number, number>;
  /** frontier cells as (y, x) keys, ascending: the canonical order of legal placements */
  frontierYX: number[];
  /** union-find parent per node; -1 for ids that are no segment */
  parent: number[];
  /** open edges of a route / asteroid field realm, valid at its root (R7.1, R7.2) */
  open: number[];
  defs: TileDef[];
  rots: number[];
  xs: number[];
  ys: number[];

  constructor(from?: BoardIndex) {
    this.cells = new Map(from?.cells);
    this.constraints = new Map(from?.constraints);
    this.frontierYX = from ? from.frontierYX.slice() : [];
    this.parent = from ? from.parent.slice() : [];
    this.open = from ? from.open.slice() : [];
    this.defs = from ? from.defs.slice() : [];
    this.rots = from ? from.rots.slice() : [];
    this.xs = from ? from.xs.slice() : [];
    this.ys = from ? from.ys.slice() : [];
  }

  clone(): BoardIndex {
    return new BoardIndex(this);
  }

  get size(): number {
    return this.defs.length;
  }

  tileAt(x: number, y: number): number {
    const t = this.cells.get(cellKey(x, y));
    return t === undefined ? -1 : t;
  }

  find(node: number): number {
    const parent = this.parent;
    let root = node;
    while (parent[root] !== root) root = parent[root];
    while (parent[node] !== root) {
      const next = parent[node];
      parent[node] = root;
      node = next;
    }
    return root;
  }

  /** The edge-match constraint of an empty cell, packed as mask << 8 | value (R4.2). */
  constraint(x: number, y: number): number {
    let mask = 0;
    let value = 0;
    for (let d = 0; d < 4; d++) {
      const t = this.cells.get((x + DX[d] + OFFSET) * SPAN + (y + DY[d] + OFFSET));
      if (t === undefined) continue;
      const opposite = (d + 2) & 3;
      const code = (this.defs[t].edgeCode[this.rots[t]] >> (2 * opposite)) & 3;
      mask |= 3 << (2 * d);
      value |= code << (2 * d);
    }
    return (mask << 8) | value;
  }

  /** Every (cell, rotation) of the frontier where the tile fits, sorted by (y, x, r) (R4.1, R4.2). */
  placementsOf(def: TileDef): Placement[] {
    const out: Placement[] = [];
    const codes = def.edgeCode;
    const yxs = this.frontierYX;
    for (let j = 0; j < yxs.length; j++) {
      const yx = yxs[j];
      const x = (yx % SPAN) - OFFSET;
      const y = Math.floor(yx / SPAN) - OFFSET;
      const c = this.constraints.get((x + OFFSET) * SPAN + (y + OFFSET))!;
      const mask = c >> 8;
      const value = c & 255;
      for (let r = 0; r < 4; r++) if ((codes[r] & mask) === value) out.push({ x, y, r });
    }
    return out;
  }

  /** Is the cell empty and orthogonally next to a tile (R4.1)? */
  onFrontier(key: number): boolean {
    return this.constraints.has(key);
  }

  /** Does the tile fit on any frontier cell in any rotation (R4.3)? */
  fitsAnywhere(def: TileDef): boolean {
    const codes = def.edgeCode;
    for (const c of this.constraints.values()) {
      const mask = c >> 8;
      const value = c & 255;
      if ((codes[0] & mask) === value || (codes[1] & mask) === value || (codes[2] & mask) === value || (codes[3] & mask) === value)
        return true;
    }
    return false;
  }

  /** Root of the realm holding segment `seg` of tile `t`. */
  rootOf(t: number, seg: number): number {
    return this.find(t * STRIDE + seg);
  }

  /** Adds a tile and joins its segments to the realms they touch. */
  place(def: TileDef, x: number, y: number, r: number): number {
    const t = this.defs.length;
    const key = cellKey(x, y);
    this.cells.set(key, t);
    if (this.constraints.delete(key)) {
      const yx = (y + OFFSET) * SPAN + (x + OFFSET);
      this.frontierYX.splice(lowerBound(this.frontierYX, yx), 1);
    }
    this.defs.push(def);
    this.rots.push(r);
    this.xs.push(x);
    this.ys.push(y);
    const base = t * STRIDE;
    for (let s = 0; s < STRIDE; s++) {
      const seg = def.segments[s];
      this.parent[base + s] = seg ? base + s : -1;
      this.open[base + s] = seg ? seg.edges.length : 0;
    }
    const edgeSeg = def.edgeSegment[r];
    for (let d = 0; d < 4; d++) {
      const nk = cellKey(x + DX[d], y + DY[d]);
      const n = this.cells.get(nk);
      if (n === undefined) {
        this.touchFrontier(x + DX[d], y + DY[d], nk, (d + 2) & 3, (def.edgeCode[r] >> (2 * d)) & 3);
        continue;
      }
      const s = edgeSeg[d];
      if (s < 0) continue;
      const ns = this.defs[n].edgeSegment[this.rots[n]][(d + 2) & 3];
      this.union(base + s, n * STRIDE + ns);
    }
    return t;
  }

  /** An empty cell gains a neighbour in direction `dir` whose touching edge has `code`. */
  private touchFrontier(x: number, y: number, key: number, dir: number, code: number): void {
    const prev = this.constraints.get(key);
    const packed = ((3 << (2 * dir)) << 8) | (code << (2 * dir));
    if (prev === undefined) {
      this.constraints.set(key, packed);
      const yx = (y + OFFSET) * SPAN + (x + OFFSET);
      this.frontierYX.splice(lowerBound(this.frontierYX, yx), 0, yx);
    } else {
      this.constraints.set(key, prev | packed);
    }
  }

  private union(a: number, b: number): void {
    const ra = this.find(a);
    const rb = this.find(b);
    if (ra === rb) {
      this.open[ra] -= 2; // the realm closes on itself (a loop)
      return;
    }
    // The older node stays root: deterministic and independent of call order.
    const [root, child] = ra < rb ? [ra, rb] : [rb, ra];
    this.parent[child] = root;
    this.open[root] += this.open[child] - 2;
  }

  /** Every node of the realm whose root is `root`, ascending. */
  realmNodes(root: number): number[] {
    const out: number[] = [];
    const n = this.parent.length;
    for (let i = 0; i < n; i++) if (this.parent[i] >= 0 && this.find(i) === root) out.push(i);
    return out;
  }

  /** Number of the 8 cells around (x, y) that hold a tile (R5.4, R7.3). */
  neighbours8(x: number, y: number): number {
    let n = 0;
    for (let dy = -1; dy <= 1; dy++) for (let dx = -1; dx <= 1; dx++) if ((dx || dy) && this.cells.has(cellKey(x + dx, y + dy))) n++;
    return n;
  }

  static fromTiles(tiles: PlacedTile[]): BoardIndex {
    const b = new BoardIndex();
    for (const p of tiles) {
      const def = TILESET.byId.get(p.id);
      if (!def) throw new Error(`unknown tile ${p.id}`);
      b.place(def, p.x, p.y, p.r);
    }
    return b;
  }
}
