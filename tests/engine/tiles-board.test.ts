// The tile set, rotations, the unbounded grid and legal placements (R1.1, R1.2, R2.1, R4.1,
// R4.2, R4.4). Legal placements are cross-checked against a brute-force reference written
// here from the raw tiles.json, independent of the engine's packed edge codes.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  TILESET,
  applyInPlace,
  legalPlacements,
  legalPlacementsFor,
  newGame,
  placementError,
  tileDef,
  tilesInPlay,
  type GameState,
  type Placement,
} from '../../src/engine';
import { cellKey, keyX, keyY } from '../../src/engine/board';
import { rotateDir } from '../../src/engine/tiles';
import { EXPANSION_ALL, play, setupOf, startGame } from '../support/engine-script';
import { SeededRandom as Prng } from '../../src/fair/mulberry32';
import { randomAction } from '../support/engine-random';

interface RawTile {
  id: string;
  count: number;
  edges: string;
  segments: string[];
}
const raw = JSON.parse(readFileSync(new URL('../../src/engine/tiles.json', import.meta.url), 'utf8')) as {
  start: { tile: string };
  base: RawTile[];
  expansion1: RawTile[];
};
const rawById = new Map([...raw.base, ...raw.expansion1].map((t) => [t.id, t]));

/** Printed edge letter facing direction d (0 N … 3 W) after r quarter-turns clockwise. */
function edgeAfter(id: string, r: number, d: number): string {
  return rawById.get(id)!.edges[(d - r + 4) % 4];
}

/** Brute force R4.1/R4.2: every empty cell next to a tile, every rotation, every touching edge equal. */
function referencePlacements(state: GameState, tile: string): Placement[] {
  const at = new Map(state.tiles.map((t) => [`${t.x},${t.y}`, t]));
  const cells = new Map<string, [number, number]>();
  const off = [
    [0, -1],
    [1, 0],
    [0, 1],
    [-1, 0],
  ];
  for (const t of state.tiles)
    for (const [dx, dy] of off) if (!at.has(`${t.x + dx},${t.y + dy}`)) cells.set(`${t.x + dx},${t.y + dy}`, [t.x + dx, t.y + dy]);
  const out: Placement[] = [];
  for (const [x, y] of cells.values())
    for (let r = 0; r < 4; r++) {
      let ok = true;
      for (let d = 0; d < 4 && ok; d++) {
        const n = at.get(`${x + off[d][0]},${y + off[d][1]}`);
        if (n && edgeAfter(tile, r, d) !== edgeAfter(n.id, n.r, (d + 2) % 4)) ok = false;
      }
      if (ok) out.push({ x, y, r });
    }
  return out.sort((a, b) => a.y - b.y || a.x - b.x || a.r - b.r);
}

describe('the tile set (R1.1, R1.2)', () => {
  it('holds 76 base tiles in 42 designs and 18 expansion tiles, with the published counts (R1.1)', () => {
    // R1.1
    const base = TILESET.tiles.filter((t) => t.group === 'base');
    const exp = TILESET.tiles.filter((t) => t.group === 'expansion1');
    expect(base).toHaveLength(42);
    expect(base.reduce((n, t) => n + t.count, 0)).toBe(76);
    expect(exp.reduce((n, t) => n + t.count, 0)).toBe(18);
    expect(base.map((t) => t.count)).toEqual([
      4,
      3,
      3,
      5,
      1,
      1,
      1,
      1,
      2,
      1,
      1,
      1,
      1,
      3,
      5,
      1,
      1,
      2,
      3,
      2,
      2,
      4,
      1,
      2,
      2,
      2,
      2,
      3,
      2,
      2,
      ...Array(12).fill(1),
    ]);
  });

  it('every route or asteroid edge belongs to exactly one segment of its kind; space edges to none (R1.2)', () => {
    // R1.2
    for (const t of TILESET.tiles)
      for (let d = 0; d < 4; d++) {
        const owners = t.segments.filter((s) => s.edges.includes(d as 0));
        if (t.edges[d] === 'S') expect(owners).toEqual([]);
        else expect(owners.map((s) => s.kind)).toEqual([t.edges[d]]);
      }
  });

  it('symbols are balanced as docs/tiles.md says: base Rebel 11, Empire 11, Bounty Hunters 10; every planet has one (R1.2)', () => {
    // R1.2
    const count = { Rebel: 0, Empire: 0, BountyHunters: 0 };
    for (const t of TILESET.tiles.filter((x) => x.group === 'base'))
      for (const s of t.segments) for (const f of s.symbols) count[f] += t.count;
    expect(count).toEqual({ Rebel: 11, Empire: 11, BountyHunters: 10 });
    for (const t of TILESET.tiles) if (t.planet >= 0) expect(t.segments[t.planet].symbols).toHaveLength(1);
  });
});

describe('rotations (R4.1)', () => {
  it('rotation r turns every printed edge r quarter-turns clockwise (R4.1)', () => {
    // R4.1: "in any of 4 rotations"; docs/tiles.md: the printed N edge faces E for r = 1
    const code = { S: 0, R: 1, A: 2 } as const;
    for (const t of TILESET.tiles)
      for (let r = 0; r < 4; r++)
        for (let d = 0; d < 4; d++) {
          expect((t.edgeCode[r] >> (2 * d)) & 3).toBe(code[edgeAfter(t.id, r, d) as 'S']);
          const printed = (d - r + 4) % 4;
          const owner = t.segments.find((s) => s.edges.includes(printed as 0));
          expect(t.edgeSegment[r][d]).toBe(owner ? owner.index : -1);
        }
  });

  it('concrete cases: SW15 (R:SW) and SW02 (A:N, R:ES) turned once (R4.1)', () => {
    // R4.1
    const sw15 = tileDef('SW15');
    expect([...sw15.edgeSegment[1]]).toEqual([0, -1, -1, 0]); // route N and W
    expect([...sw15.edgeSegment[2]]).toEqual([0, 0, -1, -1]); // route N and E
    const sw02 = tileDef('SW02');
    expect([...sw02.edgeSegment[1]]).toEqual([-1, 0, 1, 1]); // field E, route S and W
    expect(rotateDir(0, 1)).toBe(1);
    expect(rotateDir(3, 2)).toBe(1);
  });

  it('the start tile lies at the origin in its printed orientation (R2.1)', () => {
    // R2.1
    const s = startGame(['red', 'black']);
    expect(s.tiles).toEqual([{ id: raw.start.tile, x: 0, y: 0, r: 0 }]);
  });
});

describe('the unbounded grid (R1.1)', () => {
  it('cell keys round-trip negative and positive coordinates (R1.1)', () => {
    // R1.1: an unbounded grid around the origin
    for (const [x, y] of [
      [0, 0],
      [-1, 0],
      [0, -1],
      [-95, 95],
      [95, -95],
      [-3, -7],
    ]) {
      const k = cellKey(x, y);
      expect([keyX(k), keyY(k)]).toEqual([x, y]);
    }
  });

  it('a far-away cell that would alias a frontier cell in the board index is refused (R4.1)', () => {
    // R4.1: (0, 8192) packs to the same cell key as (1, 0) next to the start tile; it touches
    // no placed tile and must be refused like any other (engine bug found by this test)
    const s = startGame(['red', 'black']);
    expect(placementError(s, 'SW22', 1, 0, 0)).toBeNull();
    for (const [x, y] of [
      [0, 8192],
      [2, -8192],
      [-8192 * 8192 + 1, 0],
      [0.5, 0],
      [Number.NaN, 0],
    ]) {
      expect(placementError(s, 'SW22', x, y, 0)?.rule).toBe('R4.1');
    }
    applyInPlace(s, { type: 'draw', tile: 'SW22' });
    expect(() => applyInPlace(s, { type: 'place', x: 0, y: 8192, r: 0 })).toThrow(/\(R4\.1\)$/);
    expect(s.tiles).toHaveLength(1);
  });

  it('tiles go west and north into negative coordinates and placements follow them (R1.1, R4.1)', () => {
    // R1.1, R4.1
    const s = startGame(['red', 'black']);
    play(s, { tile: 'SW22', x: -1, y: 0 });
    play(s, { tile: 'SW22', x: -2, y: 0 });
    play(s, { tile: 'SW20', x: 0, y: -1, r: 1 }); // field N–S
    play(s, { tile: 'SW20', x: 0, y: -2, r: 1 });
    const cells = legalPlacementsFor(s, 'SW22').map((p) => [p.x, p.y]);
    expect(cells).toContainEqual([-3, 0]);
    expect(s.board.tileAt(-2, 0)).toBe(2);
    expect(s.board.tileAt(0, -2)).toBe(4);
    expect(legalPlacementsFor(s, 'SW04').some((p) => p.x === 0 && p.y === -3)).toBe(true);
  });
});

describe('legal placements (R4.1, R4.2, R4.4)', () => {
  it('on the start tile: exactly the cells and rotations whose touching edge matches (R4.2, R4.4)', () => {
    // R4.2: start SW01 shows A north, R east and west, S south
    const s = startGame(['red', 'black']);
    expect(legalPlacementsFor(s, 'SW22')).toEqual([
      { x: -1, y: 0, r: 0 },
      { x: -1, y: 0, r: 2 },
      { x: 1, y: 0, r: 0 },
      { x: 1, y: 0, r: 2 },
      { x: 0, y: 1, r: 0 },
      { x: 0, y: 1, r: 2 },
    ]);
    // R4.4: a planet tile's edges are space: it fits only against space
    expect(legalPlacementsFor(s, 'SW31').map((p) => [p.x, p.y])).toEqual([
      [0, 1],
      [0, 1],
      [0, 1],
      [0, 1],
    ]);
  });

  it('placementError names the rule: occupied cell, no contact, bad rotation, mismatched edge (R4.1, R4.2)', () => {
    // R4.1, R4.2
    const s = startGame(['red', 'black']);
    expect(placementError(s, 'SW22', 0, 0, 0)?.rule).toBe('R4.1');
    expect(placementError(s, 'SW22', 2, 0, 0)?.message).toBe('SW22 at (2,0) r0 touches no placed tile (R4.1)');
    expect(placementError(s, 'SW22', 1, 0, 4)?.rule).toBe('R4.1');
    expect(placementError(s, 'SW22', 1, 0, 1)?.message).toBe('SW22 at (1,0) r1 does not match the tile to the west (R4.2)');
    expect(placementError(s, 'SW22', 1, 0, 0)).toBeNull();
    applyInPlace(s, { type: 'draw', tile: 'SW22' });
    expect(() => applyInPlace(s, { type: 'place', x: 1, y: 0, r: 1 })).toThrow(/\(R4\.2\)$/);
    expect(s.phase).toBe('place'); // a rejected action changes nothing
    expect(s.tiles).toHaveLength(1);
  });

  it('diagonal contact imposes nothing (R4.2)', () => {
    // R4.2: (1,-1) touches the start tile only at a corner; only its west neighbour counts
    const s = startGame(['red', 'black']);
    play(s, { tile: 'SW04', x: 0, y: -1, r: 2 }); // field south into the start tile, space E
    const at = legalPlacementsFor(s, 'SW13').filter((p) => p.x === 1 && p.y === -1);
    expect(at).toEqual([]); // RRRR against a space edge
    const sw22 = legalPlacementsFor(s, 'SW22').filter((p) => p.x === 1 && p.y === -1);
    expect(sw22).toEqual([
      { x: 1, y: -1, r: 1 },
      { x: 1, y: -1, r: 3 },
    ]); // space to the west; the start tile's corner is ignored
  });

  it('matches a brute-force reference for every tile design at many points of random games (R4.1, R4.2)', () => {
    // R4.1, R4.2
    const prng = new Prng(4242);
    const ids = tilesInPlay(setupOf(['red', 'black'], { expansion: EXPANSION_ALL }).options).map((t) => t.id);
    let checked = 0;
    for (let g = 0; g < 4; g++) {
      const s = newGame(setupOf(['red', 'black', 'green'], { expansion: EXPANSION_ALL }));
      let step = 0;
      while (s.phase !== 'over') {
        if (s.phase === 'place') {
          expect(legalPlacements(s)).toEqual(referencePlacements(s, s.drawn!));
          if (step % 7 === 0)
            for (const id of ids) {
              expect(legalPlacementsFor(s, id)).toEqual(referencePlacements(s, id));
              checked++;
            }
          step++;
        }
        applyInPlace(s, randomAction(s, prng));
      }
    }
    expect(checked).toBeGreaterThan(1000);
  });
});
