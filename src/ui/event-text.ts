// Turns the engine's events into the lines of the game log (R10.3: battles throw by
// throw with dice and modifiers, scorings with realm and points).
import { TILESET, type GameEvent, type GameSetup, type GameState, type RealmSummary } from '../engine';
import { t } from './i18n';
import { equipmentName, meepleName, realmName, scorerCss, scorerLabel, seatName, SEAT_CSS } from './seat-names';

export type LogLineKind = 'turn' | 'move' | 'battle' | 'score' | 'note';

export interface LogLine {
  kind: LogLineKind;
  text: string;
  /** CSS colour of whoever the line is about, if anyone. */
  colour: string | null;
}

/** The segment kind at (x, y, seg) on the board of `state` (tiles never move). */
function segmentKindAt(state: Pick<GameState, 'tiles'>, x: number, y: number, seg: number): 'R' | 'A' | 'P' {
  const placed = state.tiles.find((p) => p.x === x && p.y === y);
  const def = placed ? TILESET.byId.get(placed.id) : undefined;
  return def?.segments[seg]?.kind ?? 'R';
}

function realmText(realm: RealmSummary): string {
  return realmName(realm.kind);
}

/** "4, 2, 7 (yellow) +1 → 8" for one participant's roll. */
export function rollText(values: number[], yellow: boolean, lightsaber: boolean, best: number): string {
  const dice = values.map((v, i) => (yellow && i === values.length - 1 ? `${v} (${t('yellowShort')})` : String(v))).join(', ');
  return `${dice}${lightsaber ? ' +1' : ''} → ${best}`;
}

export function describeEvent(setup: GameSetup, state: Pick<GameState, 'tiles'>, e: GameEvent): LogLine | null {
  const seatColour = (seat: number) => SEAT_CSS[setup.seats[seat]];
  switch (e.type) {
    case 'turn':
      return { kind: 'turn', text: t('ev_turn', { n: e.turn, who: seatName(setup, e.seat) }), colour: seatColour(e.seat) };
    case 'drawn':
      return null; // the drawn tile is in the top bar, and the placement line names it
    case 'unplaceable':
      return { kind: 'note', text: t(e.outcome === 'removed' ? 'ev_unplaceable_removed' : 'ev_unplaceable_returned'), colour: null };
    case 'placed':
      // no tile ids or coordinates: those are the program's words, not the players'
      return { kind: 'move', text: t('ev_placed', { who: seatName(setup, e.seat) }), colour: seatColour(e.seat) };
    case 'deployed': {
      const who = seatName(setup, e.seat);
      const meeple = meepleName(e.meeple);
      const params = {
        who,
        meeple,
        realm: realmName(segmentKindAt(state, e.x, e.y, e.seg)),
        equipment: e.equipment ? equipmentName(e.equipment) : '',
      };
      const key = e.attack ? (e.equipment ? 'ev_attackWith' : 'ev_attack') : e.equipment ? 'ev_deployedWith' : 'ev_deployed';
      return { kind: 'move', text: t(key, params), colour: seatColour(e.seat) };
    }
    case 'battle':
      return {
        kind: 'battle',
        text: t('ev_battle', { realm: realmText(e.realm), who: e.participants.map((p) => scorerLabel(setup, p.id)).join(' / ') }),
        colour: null,
      };
    case 'throw': {
      const rolls = e.rolls.map((r) => `${scorerLabel(setup, r.id)} ${rollText(r.values, r.yellow, r.lightsaber, r.best)}`).join('; ');
      const parts = [t('ev_throw', { n: e.throw, rolls })];
      if (e.tied.length) parts.push(t('ev_throwTie', { who: e.tied.map((id) => scorerLabel(setup, id)).join(', ') }));
      for (const l of e.losers) parts.push(t('ev_lost', { who: scorerLabel(setup, l.id), points: t('points', { n: l.points }) }));
      if (e.winner !== null) parts.push(t('ev_throwWinner', { who: scorerLabel(setup, e.winner) }));
      return { kind: 'battle', text: parts.join(' '), colour: e.winner !== null ? scorerCss(setup, e.winner) : null };
    }
    case 'returned':
      return null; // shown by the battle and scoring lines; the reserve in the HUD shows the result
    case 'score':
      return null; // every score is told by its 'completed' or 'throw' line
    case 'completed': {
      // "3 tiles" with each language's plural rules (Intl.PluralRules), and the completed realm
      // as one phrase so its adjective agrees with it (ro: câmp complet, rută completă)
      const tiles = t('tileCount', { n: e.realm.tiles.length });
      const done = t(`done_${e.realm.kind}`);
      if (e.scorer === null) return { kind: 'note', text: t('ev_completedNobody', { done, tiles }), colour: null };
      const params = { realm: realmText(e.realm), done, tiles, points: t('points', { n: e.points }), who: scorerLabel(setup, e.scorer) };
      return {
        kind: 'score',
        text: e.final ? t('ev_final', params) : t('ev_completed', params),
        colour: scorerCss(setup, e.scorer),
      };
    }
    case 'over':
      return { kind: 'turn', text: t('ev_over'), colour: null };
  }
}

export interface ScoreBreakdown {
  realms: number;
  battles: number;
  final: number;
  total: number;
}

/** Points per scorer by source, summed from the score events (R7, R6.4–R6.5, R8.2). */
export function scoreBreakdown(setup: GameSetup, events: readonly GameEvent[]): ScoreBreakdown[] {
  const n = setup.options.teams ? 2 : setup.seats.length;
  const out: ScoreBreakdown[] = Array.from({ length: n }, () => ({ realms: 0, battles: 0, final: 0, total: 0 }));
  for (const e of events) {
    if (e.type !== 'score') continue;
    const row = out[e.scorer];
    if (!row) continue;
    if (e.reason === 'complete') row.realms += e.points;
    else if (e.reason === 'final') row.final += e.points;
    else row.battles += e.points;
    row.total += e.points;
  }
  return out;
}
