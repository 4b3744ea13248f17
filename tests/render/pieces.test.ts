// The figures on the board (R5.1): one piece per meeple of the state, standing on its spot
// in its seat's colour; several on one spot stand in a small ring; spot icons say what a
// target is (merchant, explorer, conqueror, attack; R5.2, R5.4).
import { describe, expect, it } from 'vitest';
import { applyInPlace, legalDeployments, legalPlacements, tileDef } from '../../src/engine';
import { spotKind } from '../../src/render/option-meshes';
import { piecesOf, standPieces } from '../../src/render/pieces';
import { targetWorld, tilePointWorld } from '../../src/render/table-points';
import { tileLayout } from '../../src/render/tile-layout';
import { play, startGame } from '../support/engine-script';

describe('pieces on the table', () => {
  it('stands each meeple on its spot in its colour; two on one spot stand apart', () => {
    const s = startGame(['red', 'black']);
    play(s, { tile: 'SW31', x: 0, y: 1, deploy: { seg: 'P' } });
    const pieces = piecesOf(s);
    expect(pieces).toEqual([{ seat: 0, size: s.meeples[0].size, equipment: null, tile: 1, seg: s.meeples[0].seg, lift: 0, scale: 1 }]);
    const [one] = standPieces(s, pieces);
    expect(one.colour).toBe('red');
    const t = s.tiles[1];
    const spot = tilePointWorld(t, tileLayout(tileDef(t.id)).spots[pieces[0].seg]);
    expect([one.at.x, one.at.z]).toEqual([spot.x, spot.z]);
    const two = standPieces(s, [pieces[0], { ...pieces[0], seat: 1, lift: 0.5 }]);
    expect(two[1].colour).toBe('black');
    expect(two[0].at.distanceTo(two[1].at)).toBeGreaterThan(0.1);
    expect(two[1].at.y - one.at.y).toBeCloseTo(0.5);
  });

  it('places deploy targets on the tile just placed, and names their icons', () => {
    const s = startGame(['red', 'black']);
    applyInPlace(s, { type: 'draw', tile: 'SW31' });
    const placed = legalPlacements(s)[0];
    applyInPlace(s, { type: 'place', ...placed });
    const kinds = new Set(legalDeployments(s).map((d) => spotKind(s, d.target)));
    expect(kinds).toContain('conqueror');
    for (const d of legalDeployments(s)) {
      const p = targetWorld(s, d.target)!;
      expect(Math.abs(p.x - placed.x)).toBeLessThan(0.5);
      expect(Math.abs(p.z - placed.y)).toBeLessThan(0.5);
    }
    expect(spotKind(s, { attack: { x: placed.x, y: placed.y } })).toBe('attack');
    expect(targetWorld(s, { attack: { x: 9, y: 9 } })).toBeNull();
  });
});
