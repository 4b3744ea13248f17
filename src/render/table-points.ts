// Where things stand on the table, in world coordinates: a point of a placed tile's printed
// frame, the k-th meeple on one spot, and the spot of a deploy target (R5.2, R5.4).
import * as THREE from 'three';
import { tileDef, type DeployTarget, type GameState } from '../engine';
import { PLANET_TOP, TILE_HEIGHT } from './board-meshes';
import { boardPoint, tileLayout } from './tile-layout';

/** World position of a point of a placed tile's printed frame, at the tile top. */
export function tilePointWorld(tile: { x: number; y: number; r: number }, p: { u: number; v: number }, y = TILE_HEIGHT): THREE.Vector3 {
  const b = boardPoint(tile, p);
  return new THREE.Vector3(b.x, y, b.y);
}

/** Base position of the k-th of `count` meeples standing on one spot (several stand in a small ring). */
export function meepleSpotWorld(state: GameState, tileIndex: number, seg: number, k: number, count: number): THREE.Vector3 {
  const t = state.tiles[tileIndex];
  const def = tileDef(t.id);
  const isPlanet = def.segments[seg]?.kind === 'P';
  const p = tilePointWorld(t, tileLayout(def).spots[seg] ?? { u: 0.5, v: 0.5 }, isPlanet ? PLANET_TOP - 0.02 : TILE_HEIGHT);
  if (count > 1) {
    const a = (k / count) * Math.PI * 2 + 0.4;
    const rad = isPlanet ? 0.1 : 0.09;
    p.x += Math.cos(a) * rad;
    p.z += Math.sin(a) * rad;
  }
  return p;
}

/** Where a deploy target is: the segment's spot on the tile just placed, or the top of an attacked planet (R5.4). */
export function targetWorld(state: GameState | undefined, target: DeployTarget): THREE.Vector3 | null {
  if (!state || !state.tiles.length) return null;
  if ('seg' in target) {
    const t = state.tiles[state.tiles.length - 1];
    const def = tileDef(t.id);
    const spot = tileLayout(def).spots[target.seg];
    if (!spot) return null;
    return tilePointWorld(t, spot, def.segments[target.seg].kind === 'P' ? PLANET_TOP : TILE_HEIGHT);
  }
  const i = state.board.tileAt(target.attack.x, target.attack.y);
  if (i < 0) return null;
  return new THREE.Vector3(target.attack.x, PLANET_TOP, target.attack.y);
}
