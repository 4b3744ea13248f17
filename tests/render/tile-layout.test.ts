// The procedural tile drawing follows the tile data (docs/tiles.md notation, R1.2): every
// segment is drawn touching exactly its printed edges, in every rotation.
import { describe, expect, it } from 'vitest';
import { TILESET, tileDef, type Dir } from '../../src/engine';
import {
  BADGE_RADIUS,
  EDGE_MIDPOINT,
  PLANET_RADIUS,
  boardPoint,
  drawnEdges,
  pointInPolygon,
  rotatePoint,
  tileLayout,
  type Pt,
} from '../../src/render/tile-layout';

const sorted = (d: readonly number[]) => [...d].sort((a, b) => a - b);

describe('tile layout', () => {
  it('draws every segment of every design onto exactly its printed edges (R1.2)', () => {
    for (const def of TILESET.tiles) {
      const layout = tileLayout(def);
      for (const seg of def.segments) {
        if (seg.kind === 'P') continue;
        expect(sorted(drawnEdges(layout, seg.index)), `${def.id} ${seg.label}`).toEqual(sorted(seg.edges));
      }
    }
  });

  it('after rotation r the drawing touches the edges the engine says the segment owns (R4.2)', () => {
    for (const def of TILESET.tiles) {
      const layout = tileLayout(def);
      for (let r = 0; r < 4; r++) {
        for (let d = 0 as Dir; d < 4; d = (d + 1) as Dir) {
          // the rotated edge midpoint d comes from printed edge (d - r)
          const printed = ((d - r + 4) % 4) as Dir;
          const owner = def.edgeSegment[r][d];
          const drawnOwner = def.segments.find((s) => s.kind !== 'P' && drawnEdges(layout, s.index).includes(printed));
          expect(drawnOwner?.index ?? -1, `${def.id} r${r} dir ${'NESW'[d]}`).toBe(owner);
        }
      }
    }
  });

  it('rotates points clockwise: the printed N midpoint faces E after one quarter-turn (docs/tiles.md)', () => {
    const n = EDGE_MIDPOINT[0];
    expect(rotatePoint(n, 1)).toEqual(EDGE_MIDPOINT[1]);
    expect(rotatePoint(n, 2)).toEqual(EDGE_MIDPOINT[2]);
    expect(rotatePoint(n, 3)).toEqual(EDGE_MIDPOINT[3]);
    expect(rotatePoint(n, 4)).toEqual(n);
  });

  it('keeps separate asteroid fields apart: SWX04 has four fields that share no area', () => {
    const layout = tileLayout('SWX04');
    expect(layout.fields).toHaveLength(4);
    const probes: Pt[] = [];
    for (let i = 1; i < 40; i++) for (let j = 1; j < 40; j++) probes.push({ u: i / 40, v: j / 40 });
    for (const p of probes) {
      const inside = layout.fields.filter((f) => pointInPolygon(p, f.polygon)).length;
      expect(inside, `${p.u},${p.v}`).toBeLessThanOrEqual(1);
    }
    // and the centre of the tile is space between them
    expect(layout.fields.some((f) => pointInPolygon({ u: 0.5, v: 0.5 }, f.polygon))).toBe(false);
  });

  it('gives every segment its own meeple spot, inside its own drawing (R5.2)', () => {
    for (const def of TILESET.tiles) {
      const layout = tileLayout(def);
      expect(layout.spots).toHaveLength(def.segments.length);
      for (let a = 0; a < layout.spots.length; a++)
        for (let b = a + 1; b < layout.spots.length; b++) {
          const d = Math.hypot(layout.spots[a].u - layout.spots[b].u, layout.spots[a].v - layout.spots[b].v);
          expect(d, `${def.id} spots ${a} and ${b}`).toBeGreaterThan(0.12);
        }
      for (const f of layout.fields) expect(pointInPolygon(layout.spots[f.seg], f.polygon), `${def.id} field ${f.seg}`).toBe(true);
      for (const s of layout.spots) {
        expect(s.u).toBeGreaterThan(0.05);
        expect(s.u).toBeLessThan(0.95);
        expect(s.v).toBeGreaterThan(0.05);
        expect(s.v).toBeLessThan(0.95);
      }
    }
  });

  it('ends one-edge routes at the planet, an intersection or the field they run into (R7.1)', () => {
    expect(tileLayout('SWX01').routes.map((r) => r.end)).toEqual(['planet', 'planet']);
    expect(tileLayout('SW13').routes.map((r) => r.end)).toEqual(['hub', 'hub', 'hub', 'hub']);
    expect(tileLayout('SWX11').routes.map((r) => r.end)).toEqual(['field', 'field']);
    expect(tileLayout('SW07').routes.map((r) => r.end)).toEqual(['field']);
    expect(tileLayout('SW22').routes.map((r) => r.end)).toEqual(['edge']);
  });

  it('draws one badge per faction symbol on its segment, inside the tile and off the planet (R1.2)', () => {
    for (const def of TILESET.tiles) {
      const layout = tileLayout(def);
      const expected = def.segments.flatMap((s) => s.symbols.map((f) => `${s.index}:${f}`));
      expect(layout.badges.map((b) => `${b.seg}:${b.faction}`).sort(), def.id).toEqual(expected.sort());
      for (const b of layout.badges) {
        expect(b.at.u - BADGE_RADIUS).toBeGreaterThan(-0.001);
        expect(b.at.u + BADGE_RADIUS).toBeLessThan(1.001);
        expect(b.at.v - BADGE_RADIUS).toBeGreaterThan(-0.001);
        expect(b.at.v + BADGE_RADIUS).toBeLessThan(1.001);
        if (layout.planet) expect(Math.hypot(b.at.u - 0.5, b.at.v - 0.5), def.id).toBeGreaterThan(PLANET_RADIUS + BADGE_RADIUS * 0.5);
      }
    }
  });

  it('maps a printed point of a placed tile to board units: x east, y south, rotation clockwise', () => {
    // the N edge midpoint of a tile at (2,3) turned once faces east: (2.5, 3)
    expect(boardPoint({ x: 2, y: 3, r: 1 }, EDGE_MIDPOINT[0])).toEqual({ x: 2.5, y: 3 });
    expect(boardPoint({ x: 0, y: 0, r: 0 }, { u: 0.5, v: 0.5 })).toEqual({ x: 0, y: 0 });
    expect(tileDef('SW01').edges).toEqual(['A', 'R', 'S', 'R']);
  });
});
