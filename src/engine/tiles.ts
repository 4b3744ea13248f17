// The tile set: parsed from the one data file (tiles.json) into rotation-ready tables.
// Notation: see ../../docs/tiles.md and docs/rules.md. Nothing here assumes a
// particular tile beyond that notation (R1.1, R1.2).
import tileData from './tiles.json';

export type Dir = 0 | 1 | 2 | 3; // N, E, S, W
export const DIRS: readonly Dir[] = [0, 1, 2, 3];
export const DIR_LETTERS = 'NESW';
/** Offsets of the neighbour in each direction: x grows east, y grows south. */
export const DX = [0, 1, 0, -1] as const;
export const DY = [-1, 0, 1, 0] as const;

export type EdgeKind = 'S' | 'R' | 'A';
/** Numeric edge codes used for fast matching: space 0, route 1, asteroid field 2. */
export const EDGE_CODE: Record<EdgeKind, number> = { S: 0, R: 1, A: 2 };

export type Faction = 'Rebel' | 'Empire' | 'BountyHunters';
export const FACTIONS: readonly Faction[] = ['Rebel', 'Empire', 'BountyHunters'];

export type SegmentKind = 'R' | 'A' | 'P';

export interface SegmentDef {
  /** Position in the tile's `segments` list (stable under rotation; used in R6.1 ordering). */
  index: number;
  kind: SegmentKind;
  /** Printed edges this segment touches (empty for a planet). */
  edges: Dir[];
  symbols: Faction[];
  /** The text as printed in tiles.json, e.g. "R:EW". */
  label: string;
}

export interface TileDef {
  id: string;
  count: number;
  group: 'base' | 'expansion1';
  edges: EdgeKind[]; // printed N, E, S, W
  segments: SegmentDef[];
  planet: number; // index of the P segment, or -1
  /** Per rotation r: segment index touching each (rotated) direction, or -1. */
  edgeSegment: Int8Array[];
  /** Per rotation r: packed 2-bit edge codes, direction d at bits 2d..2d+1. */
  edgeCode: number[];
  /** Position in the whole set: the canonical supply order (P2.4). */
  order: number;
}

export interface TileSet {
  tiles: TileDef[];
  byId: Map<string, TileDef>;
  start: { tile: string; rotation: number; x: number; y: number };
  /** Largest number of segments on any tile; the stride of realm node ids. */
  maxSegments: number;
}

const FACTION_SET = new Set<string>(FACTIONS);

function parseSegment(tileId: string, text: string, index: number): SegmentDef {
  const [body, ...symbols] = text.split('*');
  for (const s of symbols) {
    if (!FACTION_SET.has(s)) throw new Error(`tiles.json: ${tileId} segment "${text}": unknown faction "${s}"`);
  }
  if (body === 'P') return { index, kind: 'P', edges: [], symbols: symbols as Faction[], label: text };
  const m = /^([RA]):([NESW]+)$/.exec(body);
  if (!m) throw new Error(`tiles.json: ${tileId} segment "${text}" is not R:<edges>, A:<edges> or P`);
  const edges = [...m[2]].map((c) => DIR_LETTERS.indexOf(c) as Dir);
  if (new Set(edges).size !== edges.length) throw new Error(`tiles.json: ${tileId} segment "${text}" repeats an edge`);
  return { index, kind: m[1] as SegmentKind, edges, symbols: symbols as Faction[], label: text };
}

interface RawTile {
  id: string;
  count: number;
  edges: string;
  segments: string[];
}

function buildTile(raw: RawTile, group: TileDef['group'], order: number): TileDef {
  const id = raw.id;
  if (typeof id !== 'string' || !/^[A-Z0-9]+$/.test(id)) throw new Error(`tiles.json: bad tile id ${JSON.stringify(id)}`);
  if (!Number.isInteger(raw.count) || raw.count < 1) throw new Error(`tiles.json: ${id} has a bad count`);
  if (!/^[SRA]{4}$/.test(raw.edges)) throw new Error(`tiles.json: ${id} edges must be four of S, R, A`);
  const edges = [...raw.edges] as EdgeKind[];
  const segments = raw.segments.map((s, i) => parseSegment(id, s, i));
  const planets = segments.filter((s) => s.kind === 'P');
  if (planets.length > 1) throw new Error(`tiles.json: ${id} has more than one planet`);
  // docs/tiles.md: every A or R edge belongs to exactly one segment of its kind; S edges to none.
  const owner = new Int8Array([-1, -1, -1, -1]);
  for (const seg of segments) {
    for (const d of seg.edges) {
      if (owner[d] !== -1) throw new Error(`tiles.json: ${id} edge ${DIR_LETTERS[d]} belongs to two segments`);
      if (edges[d] !== seg.kind) throw new Error(`tiles.json: ${id} segment "${seg.label}" touches a ${edges[d]} edge`);
      owner[d] = seg.index;
    }
  }
  for (const d of DIRS) {
    if (edges[d] !== 'S' && owner[d] === -1) throw new Error(`tiles.json: ${id} edge ${DIR_LETTERS[d]} belongs to no segment`);
  }
  const edgeSegment: Int8Array[] = [];
  const edgeCode: number[] = [];
  for (let r = 0; r < 4; r++) {
    const segs = new Int8Array(4);
    let code = 0;
    for (const d of DIRS) {
      const printed = (d - r + 4) % 4; // rotation r turns the printed N edge to face r
      segs[d] = owner[printed];
      code |= EDGE_CODE[edges[printed]] << (2 * d);
    }
    edgeSegment.push(segs);
    edgeCode.push(code);
  }
  return { id, count: raw.count, group, edges, segments, planet: planets.length ? planets[0].index : -1, edgeSegment, edgeCode, order };
}

export function buildTileSet(data: unknown): TileSet {
  const d = data as { start?: TileSet['start']; base?: RawTile[]; expansion1?: RawTile[] };
  if (!d || !Array.isArray(d.base) || !d.start) throw new Error('tiles.json: needs "start" and "base"');
  const tiles: TileDef[] = [];
  const byId = new Map<string, TileDef>();
  const add = (list: RawTile[], group: TileDef['group']) => {
    for (const raw of list) {
      const t = buildTile(raw, group, tiles.length);
      if (byId.has(t.id)) throw new Error(`tiles.json: tile ${t.id} appears twice`);
      tiles.push(t);
      byId.set(t.id, t);
    }
  };
  add(d.base, 'base');
  add(d.expansion1 ?? [], 'expansion1');
  const start = d.start;
  if (!byId.has(start.tile)) throw new Error(`tiles.json: start tile ${start.tile} is not in the set`);
  const maxSegments = Math.max(...tiles.map((t) => t.segments.length));
  return { tiles, byId, start, maxSegments };
}

/** The tile set shipped with the game. */
export const TILESET: TileSet = buildTileSet(tileData);

export function tileDef(id: string): TileDef {
  const t = TILESET.byId.get(id);
  if (!t) throw new Error(`unknown tile ${id}`);
  return t;
}

/** Rotated direction of a printed direction. */
export function rotateDir(printed: Dir, r: number): Dir {
  return ((printed + r) % 4) as Dir;
}
