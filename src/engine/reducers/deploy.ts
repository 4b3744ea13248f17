// The deploy reducer (R5): a meeple on the tile just placed or attacking a planet, or
// none; then the battles, then the scoring (R3).
import { startBattles } from '../battles';
import { CAPABILITIES } from '../capabilities';
import { deploymentError } from '../legal-options';
import { lastTile } from '../queries';
import type { Deployment, GameEvent, GameState, Meeple } from '../types';

export function applyDeploy(state: GameState, d: Deployment | null, events?: GameEvent[]): void {
  if (d) {
    const err = deploymentError(state, d);
    if (err) throw err;
    const b = state.board;
    let tile: number;
    let seg: number;
    if ('seg' in d.target) {
      tile = lastTile(state);
      seg = d.target.seg;
    } else {
      tile = b.tileAt(d.target.attack.x, d.target.attack.y);
      seg = b.defs[tile].planet;
    }
    const m: Meeple = { seat: state.seat, size: d.meeple, equipment: null, tile, seg };
    state.reserves[state.seat][d.meeple]--;
    for (const c of CAPABILITIES) c.onDeploy?.(state, m, d);
    state.meeples.push(m);
    state.meeples.sort(compareMeeples);
    events?.push({
      type: 'deployed',
      seat: state.seat,
      meeple: d.meeple,
      equipment: m.equipment,
      x: b.xs[tile],
      y: b.ys[tile],
      seg,
      attack: 'attack' in d.target,
    });
  }
  startBattles(state, events); // R3: battles, then scoring
}

/** Canonical meeple order, so that equal states serialize to equal bytes. */
export function compareMeeples(a: Meeple, b: Meeple): number {
  return (
    a.tile - b.tile ||
    a.seg - b.seg ||
    a.seat - b.seat ||
    (a.size === b.size ? 0 : a.size === 'small' ? -1 : 1) ||
    (a.equipment ?? '').localeCompare(b.equipment ?? '')
  );
}
