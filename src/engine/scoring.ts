// Scoring (R7, R8): the realms a turn completed, the end of a turn and of the game, the
// meeples that go back to their reserves, the final standings and the score track.
import { STRIDE as STRIDE_ } from './board';
import { CAPABILITIES } from './capabilities';
import { describePhase, lastTile, scorerName, scorerOf, supplySize } from './queries';
import { compareRealms, meeplesIn, planetsAround, realmInfo, realmPoints, summarizeRealm, type RealmInfo } from './realms';
import { RuleError } from './rule-error';
import type { GameEvent, GameState, Meeple, RealmSummary } from './types';

// Module-local copies of hot constants (cross-module live bindings cost a call in some loaders).
const STRIDE = STRIDE_;

function returnMeeple(state: GameState, m: Meeple, reason: 'battle' | 'scored', events?: GameEvent[]): void {
  const r = state.reserves[m.seat];
  if (m.size === 'large') r.large++;
  else r.small++;
  for (const c of CAPABILITIES) c.onReturn?.(state, m);
  const b = state.board;
  events?.push({
    type: 'returned',
    seat: m.seat,
    meeple: m.size,
    equipment: m.equipment,
    x: b.xs[m.tile],
    y: b.ys[m.tile],
    seg: m.seg,
    reason,
  });
}

export function removeMeeples(state: GameState, gone: (m: Meeple) => boolean, reason: 'battle' | 'scored', events?: GameEvent[]): void {
  const keep: Meeple[] = [];
  for (const m of state.meeples) {
    if (gone(m)) returnMeeple(state, m, reason, events);
    else keep.push(m);
  }
  state.meeples = keep;
}

export function addScore(
  state: GameState,
  scorer: number,
  points: number,
  reason: 'complete' | 'final' | 'tie' | 'lost',
  events?: GameEvent[],
  realm?: RealmSummary,
): void {
  state.scores[scorer] += points;
  events?.push(realm ? { type: 'score', reason, scorer, points, realm } : { type: 'score', reason, scorer, points });
}

/** Realms touched by the tile just placed that are now complete, in R6.1 order. */
function completedRealms(state: GameState): RealmInfo[] {
  const b = state.board;
  const t = lastTile(state);
  const roots = new Set<number>();
  const def = b.defs[t];
  for (const seg of def.segments) roots.add(b.find(t * STRIDE + seg.index));
  for (const p of planetsAround(state, t)) roots.add(p * STRIDE + b.defs[p].planet);
  const out: RealmInfo[] = [];
  for (const root of roots) {
    // Cheap completeness test first: collecting a realm's nodes scans the whole board.
    const t = Math.floor(root / STRIDE);
    const kind = b.defs[t].segments[root % STRIDE].kind;
    const complete = kind === 'P' ? b.neighbours8(b.xs[t], b.ys[t]) === 8 : b.open[root] === 0;
    if (complete) out.push(realmInfo(state, root));
  }
  return out.sort((x, y) => compareRealms(state, x, y));
}

function scoreRealm(state: GameState, info: RealmInfo, final: boolean, events?: GameEvent[]): void {
  const ms = meeplesIn(state, info.root);
  const points = realmPoints(state, info, final);
  const realm = events ? summarizeRealm(state, info) : undefined;
  if (!ms.length) {
    events?.push({ type: 'completed', realm: realm!, scorer: null, points: 0, final });
    return;
  }
  // R7.5: after R6 exactly one player or team holds the realm.
  const scorer = scorerOf(state, ms[0].seat);
  events?.push({ type: 'completed', realm: realm!, scorer, points, final });
  addScore(state, scorer, points, final ? 'final' : 'complete', events, realm);
  if (!final) removeMeeples(state, (m) => ms.includes(m), 'scored', events);
}

export function scoreTurn(state: GameState, events?: GameEvent[]): void {
  for (const info of completedRealms(state)) scoreRealm(state, info, false, events); // R7.5
  endTurn(state, events);
}

function endTurn(state: GameState, events?: GameEvent[]): void {
  state.drawn = null;
  if (supplySize(state) === 0) return finishGame(state, events); // R8.1
  state.turn++;
  state.seat = (state.seat + 1) % state.setup.seats.length;
  state.phase = 'draw';
  events?.push({ type: 'turn', turn: state.turn, seat: state.seat });
}

export function finishGame(state: GameState, events?: GameEvent[]): void {
  // R8.2: every realm still holding meeples scores for its holder, in R6.1 order.
  const b = state.board;
  const roots = new Set<number>();
  for (const m of state.meeples) roots.add(b.find(m.tile * STRIDE + m.seg));
  const infos = [...roots].map((r) => realmInfo(state, r)).sort((x, y) => compareRealms(state, x, y));
  for (const info of infos) scoreRealm(state, info, true, events);
  state.phase = 'over';
  state.drawn = null;
  events?.push({ type: 'over', scores: state.scores.slice() });
}

/** Ends the game between turns and applies final scoring (R8.2): for scripted games that stop early. */
export function endGame(state: GameState, events?: GameEvent[]): void {
  if (state.phase !== 'draw') throw new RuleError(`the game can only end between turns, not during ${describePhase(state)}`, 'R8.1');
  finishGame(state, events);
}

/** Final standings: winners share the victory on equal scores (R8.3). */
export function winners(state: GameState): number[] {
  const top = Math.max(...state.scores);
  return state.scores
    .map((s, i) => [s, i])
    .filter(([s]) => s === top)
    .map(([, i]) => i);
}

/** Laps of 50 points around the score track, for display (R1.7). */
export function scoreLaps(score: number): { laps: number; position: number } {
  return { laps: Math.floor(score / 50), position: score % 50 };
}

/** Every scorer's score with its laps of 50 (the 50/100 markers, R1.7), in scorer order. */
export function scoreTrack(state: GameState): { name: string; score: number; laps: number; position: number }[] {
  return state.scores.map((score, i) => ({ name: scorerName(state, i), score, ...scoreLaps(score) }));
}
