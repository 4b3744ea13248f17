// What a meeple spot means, in the players' words (R5.2, R5.4): a merchant on a route, an
// explorer in a field, a conqueror on a planet, or an attack on a neighbouring planet —
// and, when deploying there starts a battle, the dice each side would throw. The battle
// comes from the engine itself (applyAction on the drafted state), never re-derived here.
import { applyAction, tileDef, type Deployment, type GameState, type Participant } from '../engine';
import { t } from './i18n';
import { scorerLabel } from './seat-names';

export type SpotKind = 'merchant' | 'explorer' | 'conqueror' | 'attack';

export function spotKind(state: GameState, d: Deployment): SpotKind {
  if ('attack' in d.target) return 'attack';
  const tile = state.tiles[state.tiles.length - 1];
  const kind = tileDef(tile.id).segments[d.target.seg]?.kind;
  return kind === 'R' ? 'merchant' : kind === 'A' ? 'explorer' : 'conqueror';
}

/** The battle this deployment would start (R6.1), with each side's dice; null when none. */
export function battleIfDeployed(state: GameState, d: Deployment): readonly Participant[] | null {
  try {
    const { events } = applyAction(state, { type: 'deploy', deployment: d });
    const battle = events.find((e) => e.type === 'battle');
    return battle && battle.type === 'battle' ? battle.participants : null;
  } catch {
    return null;
  }
}

/** "merchant on the trade route", "attack the planet at the north-east: red 1 die vs black 2 dice". */
export function spotLabel(state: GameState, d: Deployment): string {
  const kind = spotKind(state, d);
  const base = kind === 'attack' ? t('spot_attack', { where: directionName(state, d) }) : t(`spot_${kind}`);
  const battle = battleIfDeployed(state, d);
  if (!battle) return base;
  const sides = battle.map((p) => `${scorerLabel(state.setup, p.id)} ${t('dice', { n: p.dice })}`).join(' · ');
  return `${base} (${t('battleOdds', { sides })})`;
}

/** Where an attacked planet lies from the tile just placed, as a compass point. */
function directionName(state: GameState, d: Deployment): string {
  if (!('attack' in d.target)) return '';
  const tile = state.tiles[state.tiles.length - 1];
  const dx = Math.sign(d.target.attack.x - tile.x);
  const dy = Math.sign(d.target.attack.y - tile.y);
  return t(`dir_${(dy < 0 ? 'n' : dy > 0 ? 's' : '') + (dx > 0 ? 'e' : dx < 0 ? 'w' : '')}` as 'dir_n');
}
