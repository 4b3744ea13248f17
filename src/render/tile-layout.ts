// Where each printed feature of a tile design is drawn: route lanes, asteroid-field
// regions, the planet, faction badges and meeple spots, all computed from the tile data
// (docs/tiles.md notation) in the tile's printed frame. Pure: no DOM, no three.js, so the
// geometry can be tested. Frame: u grows east, v grows south, both in [0, 1].
import { TILESET, tileDef, type Dir, type Faction, type TileDef } from '../engine';

export interface Pt {
  u: number;
  v: number;
}

export type RouteEnd = 'edge' | 'hub' | 'planet' | 'field';

export interface RouteDrawing {
  seg: number;
  /** Polyline from the first edge midpoint to the other edge midpoint or to the route's inner end. */
  points: Pt[];
  /** What stops a one-edge route inside the tile (R7.1); 'edge' for a route joining two edges. */
  end: RouteEnd;
}

export interface FieldDrawing {
  seg: number;
  /** Closed polygon of the field region. */
  polygon: Pt[];
  /** Per polygon side i → i+1: true when the side lies on the tile border (not outlined). */
  onBorder: boolean[];
}

export interface BadgeDrawing {
  seg: number;
  faction: Faction;
  at: Pt;
}

export interface TileLayout {
  id: string;
  routes: RouteDrawing[];
  fields: FieldDrawing[];
  planet: { seg: number; at: Pt; radius: number } | null;
  /** Centre marks where one-edge routes stop without a planet or field (intersection / dead end). */
  hubs: Pt[];
  badges: BadgeDrawing[];
  /** Meeple spot per segment index (R5.2). */
  spots: Pt[];
}

export const PLANET_RADIUS = 0.17;
export const BADGE_RADIUS = 0.085;
const CENTRE: Pt = { u: 0.5, v: 0.5 };
/** Midpoint of each printed edge N, E, S, W. */
export const EDGE_MIDPOINT: readonly Pt[] = [
  { u: 0.5, v: 0 },
  { u: 1, v: 0.5 },
  { u: 0.5, v: 1 },
  { u: 0, v: 0.5 },
];

/** One quarter-turn clockwise about the tile centre, q times (rotation r of R4.1 / docs/tiles.md). */
export function rotatePoint(p: Pt, q: number): Pt {
  let { u, v } = p;
  for (let i = 0; i < ((q % 4) + 4) % 4; i++) [u, v] = [1 - v, u];
  return { u, v };
}

function quad(a: Pt, c: Pt, b: Pt, steps: number): Pt[] {
  const out: Pt[] = [];
  for (let i = 1; i < steps; i++) {
    const t = i / steps;
    const s = 1 - t;
    out.push({ u: s * s * a.u + 2 * s * t * c.u + t * t * b.u, v: s * s * a.v + 2 * s * t * c.v + t * t * b.v });
  }
  return out;
}

const P = (u: number, v: number): Pt => ({ u, v });

/** Canonical field shapes (before the quarter-turn that brings them onto their edges). */
// The cap's sides lean outward (flatter than 45°), so caps on neighbouring edges never meet
// except at the very corner: SW18's or SWX04's separate fields stay visibly separate.
const CAP_N = [P(0, 0), P(1, 0), P(0.7, 0.2), ...quad(P(0.7, 0.2), P(0.5, 0.3), P(0.3, 0.2), 10), P(0.3, 0.2)];
const CORNER_NW = [P(0, 0), P(1, 0), ...quad(P(1, 0), P(0.62, 0.62), P(0, 1), 14), P(0, 1)];
const BAND_EW = [
  P(0, 0),
  ...quad(P(0, 0), P(0.5, 0.6), P(1, 0), 12),
  P(1, 0),
  P(1, 1),
  ...quad(P(1, 1), P(0.5, 0.4), P(0, 1), 12),
  P(0, 1),
];
const ALL_BUT_S = [P(0, 0), P(1, 0), P(1, 1), ...quad(P(1, 1), P(0.5, 0.25), P(0, 1), 14), P(0, 1)];
const FULL = [P(0, 0), P(1, 0), P(1, 1), P(0, 1)];

interface FieldShape {
  polygon: Pt[];
  spot: Pt;
  badge: Pt;
  turn: number;
}

/** The region an asteroid field touching `edges` fills (R1.2: the whole edge is field). */
function fieldShape(edges: readonly Dir[], otherFieldEdges: ReadonlySet<number>): FieldShape {
  const set = new Set(edges);
  if (set.size === 1) {
    // a cap next to another field's edge leaves the shared corner as space, so the two
    // fields read as separate (SW18, SWX04), never as one field bending round the corner
    const d = edges[0];
    const polygon = CAP_N.slice();
    if (otherFieldEdges.has((d + 3) % 4)) polygon[0] = P(0.08, 0);
    if (otherFieldEdges.has((d + 1) % 4)) polygon[1] = P(0.92, 0);
    return { polygon, spot: P(0.5, 0.12), badge: P(0.32, 0.1), turn: d };
  }
  if (set.size === 4) return { polygon: FULL, spot: P(0.5, 0.5), badge: P(0.27, 0.27), turn: 0 };
  if (set.size === 3) {
    const missing = [0, 1, 2, 3].find((d) => !set.has(d as Dir))!;
    return { polygon: ALL_BUT_S, spot: P(0.5, 0.3), badge: P(0.2, 0.2), turn: (missing + 2) % 4 };
  }
  const [a, b] = [...set].sort();
  if ((b - a) % 2 === 0) return { polygon: BAND_EW, spot: P(0.5, 0.5), badge: P(0.17, 0.5), turn: a === 1 ? 0 : 1 };
  // adjacent pair {d, d+1}: the canonical {W, N} corner turned (d + 1) quarter-turns
  const d = b - a === 1 ? a : b; // {0,3} is the pair {W, N}: d = 3
  return { polygon: CORNER_NW, spot: P(0.29, 0.29), badge: P(0.6, 0.13), turn: (d + 1) % 4 };
}

const onSameSide = (a: Pt, b: Pt): boolean =>
  (a.u === 0 && b.u === 0) || (a.u === 1 && b.u === 1) || (a.v === 0 && b.v === 0) || (a.v === 1 && b.v === 1);

export function pointInPolygon(p: Pt, poly: readonly Pt[]): boolean {
  let inside = false;
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
    const a = poly[i];
    const b = poly[j];
    if (a.v > p.v !== b.v > p.v && p.u < ((b.u - a.u) * (p.v - a.v)) / (b.v - a.v) + a.u) inside = !inside;
  }
  return inside;
}

function distanceToPolyline(p: Pt, line: readonly Pt[]): number {
  let best = Infinity;
  for (let i = 0; i + 1 < line.length; i++) {
    const a = line[i];
    const b = line[i + 1];
    const du = b.u - a.u;
    const dv = b.v - a.v;
    const len2 = du * du + dv * dv || 1;
    const t = Math.max(0, Math.min(1, ((p.u - a.u) * du + (p.v - a.v) * dv) / len2));
    best = Math.min(best, Math.hypot(p.u - (a.u + t * du), p.v - (a.v + t * dv)));
  }
  return best;
}

function routeBetween(a: Dir, b: Dir): Pt[] {
  const pa = EDGE_MIDPOINT[a];
  const pb = EDGE_MIDPOINT[b];
  if ((a + 2) % 4 === b) return [pa, pb];
  // adjacent edges: a quarter circle of radius 1/2 about their shared corner
  const corner = P(pa.u === 0.5 ? pb.u : pa.u, pa.v === 0.5 ? pb.v : pa.v);
  const a0 = Math.atan2(pa.v - corner.v, pa.u - corner.u);
  let a1 = Math.atan2(pb.v - corner.v, pb.u - corner.u);
  if (a1 - a0 > Math.PI) a1 -= 2 * Math.PI;
  if (a0 - a1 > Math.PI) a1 += 2 * Math.PI;
  const out: Pt[] = [];
  for (let i = 0; i <= 16; i++) {
    const t = a0 + ((a1 - a0) * i) / 16;
    out.push(P(corner.u + 0.5 * Math.cos(t), corner.v + 0.5 * Math.sin(t)));
  }
  out[0] = pa;
  out[16] = pb;
  return out;
}

function pointAlong(line: readonly Pt[], t: number): { at: Pt; dir: Pt } {
  const lengths: number[] = [];
  let total = 0;
  for (let i = 0; i + 1 < line.length; i++) {
    const l = Math.hypot(line[i + 1].u - line[i].u, line[i + 1].v - line[i].v);
    lengths.push(l);
    total += l;
  }
  let want = t * total;
  for (let i = 0; i < lengths.length; i++) {
    if (want <= lengths[i] || i === lengths.length - 1) {
      const f = lengths[i] ? Math.min(1, want / lengths[i]) : 0;
      const a = line[i];
      const b = line[i + 1];
      const dir = P((b.u - a.u) / (lengths[i] || 1), (b.v - a.v) / (lengths[i] || 1));
      return { at: P(a.u + (b.u - a.u) * f, a.v + (b.v - a.v) * f), dir };
    }
    want -= lengths[i];
  }
  return { at: line[0], dir: P(0, 1) };
}

const cache = new Map<string, TileLayout>();

/** The drawing of a tile design in its printed orientation. */
export function tileLayout(idOrDef: string | TileDef): TileLayout {
  const def = typeof idOrDef === 'string' ? tileDef(idOrDef) : idOrDef;
  const hit = cache.get(def.id);
  if (hit) return hit;
  const layout = buildLayout(def);
  cache.set(def.id, layout);
  return layout;
}

function buildLayout(def: TileDef): TileLayout {
  const spots: Pt[] = def.segments.map(() => CENTRE);
  const fields: FieldDrawing[] = [];
  const badges: BadgeDrawing[] = [];
  const hubs: Pt[] = [];
  const routes: RouteDrawing[] = [];
  const hasPlanet = def.planet >= 0;

  for (const seg of def.segments) {
    if (seg.kind !== 'A') continue;
    const others = new Set(def.segments.filter((o) => o.kind === 'A' && o !== seg).flatMap((o) => o.edges));
    const shape = fieldShape(seg.edges, others);
    const polygon = shape.polygon.map((p) => rotatePoint(p, shape.turn));
    const onBorder = polygon.map((p, i) => onSameSide(p, polygon[(i + 1) % polygon.length]));
    fields.push({ seg: seg.index, polygon, onBorder });
    spots[seg.index] = rotatePoint(shape.spot, shape.turn);
    seg.symbols.forEach((faction, k) =>
      badges.push({ seg: seg.index, faction, at: rotatePoint(k ? P(1 - shape.badge.u, shape.badge.v) : shape.badge, shape.turn) }),
    );
  }

  const oneEdgeRoutes = def.segments.filter((s) => s.kind === 'R' && s.edges.length === 1).length;
  for (const seg of def.segments) {
    if (seg.kind !== 'R') continue;
    let points: Pt[];
    let end: RouteEnd = 'edge';
    if (seg.edges.length >= 2) {
      points = routeBetween(seg.edges[0], seg.edges[1]);
    } else {
      const from = EDGE_MIDPOINT[seg.edges[0]];
      let to = CENTRE;
      const centreInField = fields.some((f) => pointInPolygon(CENTRE, f.polygon));
      if (hasPlanet) end = 'planet';
      else if (oneEdgeRoutes >= 2 && !centreInField)
        end = 'hub'; // an intersection
      else {
        // R7.1: the route ends at the asteroid field it runs into, else at a station in the centre
        end = 'hub';
        for (let i = 1; i <= 40; i++) {
          const t = i / 40;
          const p = P(from.u + (1 - 2 * from.u) * t * 0.95, from.v + (1 - 2 * from.v) * t * 0.95);
          if (fields.some((f) => pointInPolygon(p, f.polygon))) {
            to = P(from.u + (p.u - from.u) * 1.04, from.v + (p.v - from.v) * 1.04);
            end = 'field';
            break;
          }
        }
      }
      points = [from, to];
    }
    routes.push({ seg: seg.index, points, end });
    // the visible length of a route that runs under the planet stops at the planet's rim
    const start = points[0];
    const rim = P(0.5 + ((start.u - 0.5) * PLANET_RADIUS) / 0.5, 0.5 + ((start.v - 0.5) * PLANET_RADIUS) / 0.5);
    const visible = end === 'planet' ? [start, rim] : points;
    const frac = seg.edges.length >= 2 ? 0.5 : Math.min(0.5, 0.22 / lengthOf(visible));
    const { at, dir } = pointAlong(visible, frac);
    spots[seg.index] = at;
    seg.symbols.forEach((faction, k) => {
      const side = k ? -1 : 1; // a second symbol goes on the other side of the lane
      const off = 0.14 * side;
      const along = seg.edges.length >= 2 ? pointAlong(visible, 0.5 + 0.18 * k).at : at;
      // right-hand side of the direction of travel (screen frame: v grows south)
      badges.push({ seg: seg.index, faction, at: P(along.u - dir.v * off, along.v + dir.u * off) });
    });
    if (end === 'hub' && !hubs.length) hubs.push(CENTRE);
  }

  let planet: TileLayout['planet'] = null;
  if (hasPlanet) {
    const seg = def.segments[def.planet];
    planet = { seg: seg.index, at: CENTRE, radius: PLANET_RADIUS };
    spots[seg.index] = CENTRE;
    const corners = [P(0.2, 0.8), P(0.8, 0.8), P(0.8, 0.2), P(0.2, 0.2)];
    const free = corners.filter(
      (c) => !fields.some((f) => pointInPolygon(c, f.polygon)) && routes.every((r) => distanceToPolyline(c, r.points) > 0.15),
    );
    seg.symbols.forEach((faction, k) =>
      badges.push({ seg: seg.index, faction, at: (free.length ? free : corners)[k % (free.length || 4)] }),
    );
  }

  return { id: def.id, routes, fields, planet, hubs, badges, spots };
}

function lengthOf(line: readonly Pt[]): number {
  let total = 0;
  for (let i = 0; i + 1 < line.length; i++) total += Math.hypot(line[i + 1].u - line[i].u, line[i + 1].v - line[i].v);
  return total;
}

/** Printed edges a segment's drawing reaches, read back from the geometry (for tests). */
export function drawnEdges(layout: TileLayout, seg: number): Dir[] {
  const out: Dir[] = [];
  const route = layout.routes.find((r) => r.seg === seg);
  const field = layout.fields.find((f) => f.seg === seg);
  for (let d = 0; d < 4; d++) {
    const m = EDGE_MIDPOINT[d];
    if (route && [route.points[0], route.points[route.points.length - 1]].some((p) => Math.hypot(p.u - m.u, p.v - m.v) < 1e-9))
      out.push(d as Dir);
    if (field) {
      const inside = P(m.u + (0.5 - m.u) * 0.02, m.v + (0.5 - m.v) * 0.02);
      if (pointInPolygon(inside, field.polygon)) out.push(d as Dir);
    }
  }
  return out;
}

/** A position on a placed tile (printed frame point) in board units: x east, y south, cell centres at integers. */
export function boardPoint(tile: { x: number; y: number; r: number }, p: Pt): { x: number; y: number } {
  const q = rotatePoint(p, tile.r);
  return { x: tile.x - 0.5 + q.u, y: tile.y - 0.5 + q.v };
}

/** Every design in the set, in canonical order (the atlas order). */
export const DESIGNS: readonly string[] = TILESET.tiles.map((t) => t.id);
