// The tabletop's input logic without WebGL: legal cells and rotations (R4.1, R4.2, R10.1),
// deploy spots grouped by target (R5.2, R5.4, R10.2) and the score track with laps (R1.7).
import { describe, expect, it } from 'vitest';
import { applyInPlace, defaultOptions, legalDeployments, legalPlacements, newGame, type Deployment } from '../../src/engine';
import { groupByTarget, matchDeployment, targetKey } from '../../src/render/deploy-targets';
import { legalCells, nextLegalRotation, rotationAt, stepCell } from '../../src/render/placement-cursor';
import { TRACK_SLOTS, markerPath, markerSlot, scoresBefore, slotPosition, trackRect } from '../../src/render/score-track';
import { atlasGeometry } from '../../src/render/tile-atlas';
import { tileBounds, withTrack } from '../../src/render/camera-rig';

describe('placement cursor', () => {
  it('cycles through the legal rotations only (R4.2, R10.1)', () => {
    expect(nextLegalRotation([1, 3], 1)).toBe(3);
    expect(nextLegalRotation([1, 3], 3)).toBe(1);
    expect(nextLegalRotation([2], 2)).toBe(2);
    expect(nextLegalRotation([0, 1, 2, 3], 3)).toBe(0);
    expect(nextLegalRotation([1, 3], 0)).toBe(1); // from an illegal one: the next legal clockwise
  });

  it('groups the engine placements by cell with their rotations, for a real game (R4.1)', () => {
    const s = newGame({ seats: ['red', 'black'], options: defaultOptions() });
    applyInPlace(s, { type: 'draw', tile: 'SW15' });
    const placements = legalPlacements(s);
    const cells = legalCells(placements);
    expect(cells.reduce((n, c) => n + c.rotations.length, 0)).toBe(placements.length);
    for (const c of cells) {
      for (const r of c.rotations) expect(placements).toContainEqual({ x: c.x, y: c.y, r });
      // every rotation the cursor can reach from any start is legal
      for (let r = 0; r < 4; r++) expect(c.rotations).toContain(nextLegalRotation(c.rotations, r));
    }
  });

  it('keeps the chosen rotation when it is legal at the new cell, else takes the first legal one', () => {
    expect(rotationAt({ x: 0, y: 1, rotations: [0, 2] }, 2)).toBe(2);
    expect(rotationAt({ x: 0, y: 1, rotations: [0, 2] }, 1)).toBe(0);
  });

  it('moves with arrow keys to the nearest legal cell in that direction', () => {
    const cells = [
      { x: 0, y: -1, rotations: [0] },
      { x: 1, y: 0, rotations: [0] },
      { x: 3, y: 1, rotations: [0] },
      { x: -1, y: 0, rotations: [0] },
    ];
    expect(stepCell(cells, { x: 0, y: -1 }, 1, 0)).toBe(cells[1]);
    expect(stepCell(cells, { x: 1, y: 0 }, 1, 0)).toBe(cells[2]);
    expect(stepCell(cells, { x: 3, y: 1 }, 1, 0)).toBeNull();
    expect(stepCell(cells, { x: 1, y: 0 }, -1, 0)).toBe(cells[3]); // straight west beats the diagonal
    expect(stepCell(cells, { x: -1, y: 0 }, 0, -1)).toBe(cells[0]); // a 45° neighbour is still "up"
    expect(stepCell(cells, { x: -1, y: 0 }, 0, 1)).toBeNull(); // (3,1) lies far outside the cone
  });
});

describe('deploy spots', () => {
  const d = (meeple: 'small' | 'large', target: Deployment['target'], equipment: Deployment['equipment'] = null): Deployment => ({
    meeple,
    target,
    equipment,
  });

  it('groups deployments by target: one spot per segment or attacked planet (R5.2, R5.4)', () => {
    const list = [
      d('small', { seg: 0 }),
      d('large', { seg: 0 }),
      d('small', { seg: 1 }),
      d('small', { attack: { x: 2, y: -1 } }),
      d('large', { attack: { x: 2, y: -1 } }),
    ];
    const groups = groupByTarget(list);
    expect(groups.map((g) => g.key)).toEqual(['seg:0', 'seg:1', 'attack:2,-1']);
    expect(groups[0].options).toHaveLength(2);
    expect(targetKey({ attack: { x: 2, y: -1 } })).toBe('attack:2,-1');
  });

  it('picks the HUD choice when legal and falls back sensibly when not (R5.1, R5.5)', () => {
    const g = groupByTarget([d('small', { seg: 0 }), d('small', { seg: 0 }, 'lightsaber'), d('large', { seg: 0 })])[0];
    expect(matchDeployment(g, { meeple: 'small', equipment: 'lightsaber' })).toEqual(d('small', { seg: 0 }, 'lightsaber'));
    expect(matchDeployment(g, { meeple: 'large', equipment: null })).toEqual(d('large', { seg: 0 }));
    // large + lightsaber is not offered: same size without equipment
    expect(matchDeployment(g, { meeple: 'large', equipment: 'lightsaber' })).toEqual(d('large', { seg: 0 }));
    // the blaster is not offered at all: the chosen size bare
    expect(matchDeployment(g, { meeple: 'small', equipment: 'blaster' })).toEqual(d('small', { seg: 0 }));
    // only a large meeple left: a small request still deploys the large one
    const onlyLarge = groupByTarget([d('large', { seg: 2 })])[0];
    expect(matchDeployment(onlyLarge, { meeple: 'small', equipment: null })).toEqual(d('large', { seg: 2 }));
  });

  it('every deployment the engine offers for a real tile is reachable by some spot and HUD choice (R10.2)', () => {
    const opts = defaultOptions();
    opts.expansion = { tiles: true, blue: false, equipment: true, yellowDie: true };
    const s = newGame({ seats: ['red', 'black'], options: opts });
    applyInPlace(s, { type: 'draw', tile: 'SW25' });
    applyInPlace(s, { type: 'place', ...legalPlacements(s)[0] });
    const all = legalDeployments(s);
    expect(all.length).toBeGreaterThan(0);
    for (const want of all) {
      const g = groupByTarget(all).find((x) => x.key === targetKey(want.target))!;
      expect(matchDeployment(g, { meeple: want.meeple, equipment: want.equipment })).toEqual(want);
    }
  });
});

describe('score track', () => {
  it('puts a score on slot score mod 50 with its laps (R1.7)', () => {
    expect(markerSlot(0)).toEqual({ slot: 0, laps: 0 });
    expect(markerSlot(49)).toEqual({ slot: 49, laps: 0 });
    expect(markerSlot(50)).toEqual({ slot: 0, laps: 1 });
    expect(markerSlot(137)).toEqual({ slot: 37, laps: 2 });
  });

  it('starts the markers at the scores before the events (R7.5, R6.5 points undone)', () => {
    const events = [
      { type: 'score', reason: 'lost', scorer: 1, points: 2 },
      { type: 'turn', turn: 3, seat: 0 },
      { type: 'score', reason: 'complete', scorer: 0, points: 9 },
      { type: 'score', reason: 'tie', scorer: 1, points: 1 },
    ] as const;
    expect(scoresBefore(events as never, [12, 5, 0])).toEqual([3, 2, 0]);
  });

  it('walks the slots a marker passes, wrapping past 49', () => {
    expect(markerPath(47, 52)).toEqual([47, 48, 49, 0, 1, 2]);
    expect(markerPath(3, 3)).toEqual([3]);
  });

  it('lays 50 distinct slots on the rectangle around the board, starting at its north-west corner', () => {
    const rect = trackRect({ minX: -3, minY: -2, maxX: 4, maxY: 5 });
    expect(rect.minX).toBeLessThan(-3.5);
    expect(rect.maxY).toBeGreaterThan(5.5);
    expect(slotPosition(rect, 0)).toEqual({ x: rect.minX, y: rect.minY });
    const seen = new Set<string>();
    for (let i = 0; i < TRACK_SLOTS; i++) {
      const p = slotPosition(rect, i);
      const onEdge = [p.x - rect.minX, rect.maxX - p.x, p.y - rect.minY, rect.maxY - p.y].some((d) => Math.abs(d) < 1e-9);
      expect(onEdge).toBe(true);
      seen.add(`${p.x.toFixed(3)},${p.y.toFixed(3)}`);
    }
    expect(seen.size).toBe(TRACK_SLOTS);
    expect(slotPosition(rect, 50)).toEqual(slotPosition(rect, 0));
  });

  it('is framed with the tiles: every slot and its marker inside what the camera keeps free of the HUD (issue 20)', () => {
    // one tile (the track at its least, 8 × 5, far wider) and a grown board (the track 1.3 cells beyond the tiles' margin)
    for (const tiles of [[{ x: 0, y: 0 }], Array.from({ length: 12 }, (_, i) => ({ x: (i % 6) - 2, y: Math.floor(i / 6) * 3 - 1 }))]) {
      const cells = { minX: Math.min(...tiles.map((t) => t.x)) - 1, maxX: Math.max(...tiles.map((t) => t.x)) + 1, minY: 0, maxY: 0 };
      cells.minY = Math.min(...tiles.map((t) => t.y)) - 1;
      cells.maxY = Math.max(...tiles.map((t) => t.y)) + 1;
      const track = trackRect(cells);
      const framed = withTrack(tileBounds(tiles), track);
      for (let i = 0; i < TRACK_SLOTS; i++) {
        const p = slotPosition(track, i);
        expect(p.x - 0.3).toBeGreaterThanOrEqual(framed.minX);
        expect(p.x + 0.3).toBeLessThanOrEqual(framed.maxX);
        expect(p.y - 0.3).toBeGreaterThanOrEqual(framed.minY);
        expect(p.y + 0.3).toBeLessThanOrEqual(framed.maxY);
      }
      // and never less than the tiles with their margin
      const b = tileBounds(tiles);
      expect(framed.minX).toBeLessThanOrEqual(b.minX);
      expect(framed.maxY).toBeGreaterThanOrEqual(b.maxY);
    }
    expect(withTrack(tileBounds([{ x: 0, y: 0 }]))).toEqual(tileBounds([{ x: 0, y: 0 }]));
  });
});

describe('tile atlas', () => {
  it('gives every design its own cell inside the texture', () => {
    const { scale, cells } = atlasGeometry();
    const seen = new Set<string>();
    for (const [id, c] of cells) {
      expect(c.offsetU, id).toBeGreaterThanOrEqual(0);
      expect(c.offsetV, id).toBeGreaterThanOrEqual(0);
      expect(c.offsetU + scale).toBeLessThanOrEqual(1);
      expect(c.offsetV + scale).toBeLessThanOrEqual(1);
      seen.add(`${c.offsetU},${c.offsetV}`);
    }
    expect(seen.size).toBe(cells.size);
  });
});

describe('meeple spots on screen (R10.2)', () => {
  it("spreads a junction's spots until no two are closer than the gap, within a cap", async () => {
    const { spreadFactor } = await import('../../src/render/deploy-targets');
    // four route ends 14 px from their neighbours: spread 34 / 14.1 to reach 34 px
    expect(
      spreadFactor(
        [
          { x: 0, y: -10 },
          { x: 10, y: 0 },
          { x: 0, y: 10 },
          { x: -10, y: 0 },
        ],
        34,
        3,
      ),
    ).toBeCloseTo(34 / Math.hypot(10, 10), 5);
    expect(
      spreadFactor(
        [
          { x: 0, y: -20 },
          { x: 20, y: 0 },
        ],
        34,
      ),
    ).toBeCloseTo(34 / Math.hypot(20, 20), 5);
    expect(
      spreadFactor(
        [
          { x: 0, y: 0 },
          { x: 50, y: 0 },
        ],
        34,
      ),
    ).toBe(1);
    expect(
      spreadFactor(
        [
          { x: 0, y: 0 },
          { x: 1, y: 0 },
        ],
        34,
      ),
    ).toBe(2.4);
    expect(spreadFactor([{ x: 0, y: 0 }], 34)).toBe(1);
  });
});
