// Realms (R5, R6.1, R7): the board segments that form one route, asteroid field or
// planet, their R6.1 order, their symbols, tiles and points, and the meeples in them.
import { STRIDE as STRIDE_, type BoardIndex } from './board';
import type { Faction } from './tiles';
import type { GameState, Meeple, RealmSummary } from './types';

// Module-local copies of hot constants (cross-module live bindings cost a call in some loaders).
const STRIDE = STRIDE_;

export function realmHasMeeple(state: GameState, root: number): boolean {
  const b = state.board;
  for (const m of state.meeples) if (b.rootOf(m.tile, m.seg) === root) return true;
  return false;
}

/** Planet tiles among the 8 cells around tile t, as tile indices sorted by (y, x) (R5.4). */
export function planetsAround(state: GameState, t: number): number[] {
  const b = state.board;
  const out: number[] = [];
  for (let dy = -1; dy <= 1; dy++)
    for (let dx = -1; dx <= 1; dx++) {
      if (!dx && !dy) continue;
      const n = b.tileAt(b.xs[t] + dx, b.ys[t] + dy);
      if (n >= 0 && b.defs[n].planet >= 0) out.push(n);
    }
  return out;
}

function nodeKey(b: BoardIndex, node: number): [number, number, number] {
  const t = Math.floor(node / STRIDE);
  return [b.ys[t], b.xs[t], node % STRIDE];
}

const KIND_RANK = { P: 0, A: 1, R: 2 } as const;

export interface RealmInfo {
  root: number;
  kind: 'R' | 'A' | 'P';
  nodes: number[];
  /** Smallest (y, x, segment) node: the R6.1 ordering key and the realm's name. */
  first: number;
}

export function realmInfo(state: GameState, root: number): RealmInfo {
  const b = state.board;
  const nodes = b.realmNodes(root);
  let first = nodes[0];
  for (const n of nodes) {
    const [y, x, s] = nodeKey(b, n);
    const [fy, fx, fs] = nodeKey(b, first);
    if (y < fy || (y === fy && (x < fx || (x === fx && s < fs)))) first = n;
  }
  const t = Math.floor(root / STRIDE);
  return { root, kind: b.defs[t].segments[root % STRIDE].kind, nodes, first };
}

/** R6.1: planets, then asteroid fields, then routes; then smallest (y, x, segment). */
export function compareRealms(state: GameState, a: RealmInfo, b: RealmInfo): number {
  const k = KIND_RANK[a.kind] - KIND_RANK[b.kind];
  if (k) return k;
  const [ay, ax, as] = nodeKey(state.board, a.first);
  const [by, bx, bs] = nodeKey(state.board, b.first);
  return ay - by || ax - bx || as - bs;
}

export function realmSymbols(state: GameState, info: RealmInfo): Faction[] {
  const b = state.board;
  const out: Faction[] = [];
  for (const n of info.nodes) out.push(...b.defs[Math.floor(n / STRIDE)].segments[n % STRIDE].symbols);
  return out;
}

function realmTiles(_state: GameState, info: RealmInfo): number[] {
  const set = new Set<number>();
  for (const n of info.nodes) set.add(Math.floor(n / STRIDE));
  return [...set].sort((a, b) => a - b);
}

export function summarizeRealm(state: GameState, info: RealmInfo): RealmSummary {
  const b = state.board;
  const cells: [number, number][] = realmTiles(state, info).map((t) => [b.xs[t], b.ys[t]]);
  if (info.kind === 'P') {
    // A planet's realm is its tile and the tiles around it (R7.3).
    const t = Math.floor(info.root / STRIDE);
    for (let dy = -1; dy <= 1; dy++)
      for (let dx = -1; dx <= 1; dx++)
        if ((dx || dy) && b.tileAt(b.xs[t] + dx, b.ys[t] + dy) >= 0) cells.push([b.xs[t] + dx, b.ys[t] + dy]);
  }
  cells.sort((p, q) => p[1] - q[1] || p[0] - q[0]);
  const first = info.first;
  return { kind: info.kind, tiles: cells, symbols: realmSymbols(state, info), node: [Math.floor(first / STRIDE), first % STRIDE] };
}

export function meeplesIn(state: GameState, root: number): Meeple[] {
  const b = state.board;
  return state.meeples.filter((m) => b.find(m.tile * STRIDE + m.seg) === root);
}

/** Points of a realm: R7 when complete, R8.2 at the end of the game. */
export function realmPoints(state: GameState, info: RealmInfo, final: boolean): number {
  const symbols = realmSymbols(state, info).length * 2; // R7.4
  if (info.kind === 'P') {
    const t = Math.floor(info.root / STRIDE);
    return (final ? 1 + state.board.neighbours8(state.board.xs[t], state.board.ys[t]) : 9) + symbols; // R7.3, R8.2
  }
  const tiles = realmTiles(state, info).length;
  if (info.kind === 'A') return (final ? 1 : 2) * tiles + symbols; // R7.2, R8.2
  return tiles + symbols; // R7.1, R8.2
}
