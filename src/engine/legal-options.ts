// The legal options (R4, R5, R10): every placement and deployment open to the active
// seat, and why one that is not open is illegal. The UI draws them and the bots choose
// among them, through these same functions.
import { cellKey, keyX, keyY, STRIDE as STRIDE_ } from './board';
import { CAPABILITIES } from './capabilities';
import { sameDeployment } from './deploy-target';
import { lastTile } from './queries';
import { planetsAround, realmHasMeeple } from './realms';
import { RuleError } from './rule-error';
import { DX, DY, TILESET as TILESET_, type TileDef } from './tiles';
import type { Deployment, GameState, Placement } from './types';

// Module-local copies of hot constants (cross-module live bindings cost a call in some loaders).
const STRIDE = STRIDE_;
const TILESET = TILESET_;

/** Every legal (cell, rotation) for a tile, sorted by (y, x, r) (R4.1, R4.2). */
export function legalPlacementsFor(state: GameState, tile: string): Placement[] {
  const def = TILESET.byId.get(tile);
  if (!def) return [];
  return state.board.placementsOf(def);
}

/** Legal placements of the drawn tile (R10.1). */
export function legalPlacements(state: GameState): Placement[] {
  return state.phase === 'place' && state.drawn ? legalPlacementsFor(state, state.drawn) : [];
}

/** Does the tile fit anywhere on the board (R4.3)? */
export function fitsAnywhere(state: GameState, def: TileDef): boolean {
  return state.board.fitsAnywhere(def);
}

/** Why a placement is illegal, or null when it is legal (R4.1, R4.2). */
export function placementError(state: GameState, tile: string, x: number, y: number, r: number): RuleError | null {
  const def = TILESET.byId.get(tile)!;
  const where = `${tile} at (${x},${y}) r${r}`;
  if (![0, 1, 2, 3].includes(r)) return new RuleError(`${where}: rotation must be 0, 1, 2 or 3`, 'R4.1');
  // A cell outside the range the board index packs into one key would alias another cell.
  const key = cellKey(x, y);
  if (keyX(key) !== x || keyY(key) !== y) return new RuleError(`${where} touches no placed tile`, 'R4.1');
  const board = state.board;
  if (board.tileAt(x, y) >= 0) return new RuleError(`${where}: the cell already holds a tile`, 'R4.1');
  if (!board.onFrontier(key)) return new RuleError(`${where} touches no placed tile`, 'R4.1');
  const names = ['north', 'east', 'south', 'west'];
  for (let d = 0; d < 4; d++) {
    const n = board.tileAt(x + DX[d], y + DY[d]);
    if (n < 0) continue;
    const mine = (def.edgeCode[r] >> (2 * d)) & 3;
    const theirs = (board.defs[n].edgeCode[board.rots[n]] >> (2 * ((d + 2) & 3))) & 3;
    if (mine !== theirs) return new RuleError(`${where} does not match the tile to the ${names[d]}`, 'R4.2');
  }
  return null;
}

/** The base deployments (no equipment) open to the active seat on the tile just placed. */
function baseDeployments(state: GameState): Deployment[] {
  const seat = state.seat;
  const reserve = state.reserves[seat];
  const sizes = (
    [
      ['small', reserve.small],
      ['large', reserve.large],
    ] as const
  )
    .filter(([, n]) => n > 0)
    .map(([s]) => s);
  if (!sizes.length) return [];
  const t = lastTile(state);
  const b = state.board;
  const def = b.defs[t];
  const targets: Deployment['target'][] = [];
  for (const seg of def.segments) {
    // R5.2, R5.3: routes and fields only when their realm is empty; the new planet is always empty (R5.4).
    if (seg.kind === 'P' || !realmHasMeeple(state, b.find(t * STRIDE + seg.index))) targets.push({ seg: seg.index });
  }
  for (const p of planetsAround(state, t)) targets.push({ attack: { x: b.xs[p], y: b.ys[p] } }); // R5.4
  const out: Deployment[] = [];
  for (const target of targets) for (const meeple of sizes) out.push({ meeple, target, equipment: null });
  return out;
}

/** Every legal deployment on the tile just placed, equipment included (R5, R10.2). Skipping is always legal too. */
export function legalDeployments(state: GameState): Deployment[] {
  if (state.phase !== 'deploy') return [];
  const out: Deployment[] = [];
  for (const base of baseDeployments(state)) {
    out.push(base);
    for (const c of CAPABILITIES) if (c.deploymentVariants) out.push(...c.deploymentVariants(state, state.seat, base));
  }
  return out;
}

/** Why a deployment is illegal, or null (R5). */
export function deploymentError(state: GameState, d: Deployment): RuleError | null {
  const seat = state.seat;
  // Shape first, so a malformed deployment gets a message about its shape (R1.4, R1.6).
  if (!d || (d.meeple !== 'small' && d.meeple !== 'large')) return new RuleError(`meeple must be "small" or "large"`, 'R1.4');
  if (d.equipment !== null && d.equipment !== 'lightsaber' && d.equipment !== 'blaster')
    return new RuleError(`equipment must be "lightsaber", "blaster" or none`, 'R1.6');
  const target = d.target as Record<string, unknown> | undefined;
  const attack = target?.attack as Record<string, unknown> | undefined;
  if (!target || (!Number.isInteger(target.seg) && !(attack && Number.isInteger(attack.x) && Number.isInteger(attack.y))))
    return new RuleError('a deployment targets a segment of the tile just placed or a planet to attack', 'R5.2');
  for (const c of CAPABILITIES) {
    const why = c.rejectDeployment?.(state, seat, d);
    if (why) return new RuleError(why.message, why.rule);
  }
  if (legalDeployments(state).some((o) => sameDeployment(o, d))) return null;
  const reserve = state.reserves[seat];
  if (reserve[d.meeple] <= 0) return new RuleError(`no ${d.meeple} meeple left in the reserve`, 'R5.1');
  const t = lastTile(state);
  const b = state.board;
  if ('seg' in d.target) {
    const seg = b.defs[t].segments[d.target.seg];
    if (!seg) return new RuleError(`${b.defs[t].id} has no segment ${d.target.seg}`, 'R5.2');
    return new RuleError(`the realm of ${seg.label} already holds a meeple`, 'R5.3');
  }
  const { x, y } = d.target.attack;
  const p = b.tileAt(x, y);
  if (p < 0 || b.defs[p].planet < 0) return new RuleError(`there is no planet at (${x},${y})`, 'R5.4');
  return new RuleError(`the planet at (${x},${y}) is not among the 8 cells around the tile just placed`, 'R5.4');
}
