// Battles (R6): once a meeple is deployed, every realm that two sides hold becomes a
// battle, in R6.1 order; who takes part, with how many dice; and the check of one throw.
import { STRIDE as STRIDE_ } from './board';
import { CAPABILITIES } from './capabilities';
import { scorerOf } from './queries';
import { compareRealms, realmInfo, realmSymbols, summarizeRealm, type RealmInfo } from './realms';
import { RuleError } from './rule-error';
import { scoreTurn } from './scoring';
import type { Faction } from './tiles';
import { COLOUR_FACTION, TEAMS, type BattleState, type GameEvent, type GameState, type Meeple, type Participant } from './types';

// Module-local copies of hot constants (cross-module live bindings cost a call in some loaders).
const STRIDE = STRIDE_;

export const MAX_DICE = 3;

function participantsOf(state: GameState, info: RealmInfo, meeples: Meeple[]): Participant[] {
  const teams = state.setup.options.teams;
  const symbols = realmSymbols(state, info);
  const byId = new Map<number, Meeple[]>();
  for (const m of meeples) {
    const id = scorerOf(state, m.seat);
    const list = byId.get(id);
    if (list) list.push(m);
    else byId.set(id, [m]);
  }
  const out: Participant[] = [];
  for (const [id, ms] of byId) {
    const seats = [...new Set(ms.map((m) => m.seat))].sort((a, b) => a - b);
    const faction: Faction = teams ? TEAMS[id] : COLOUR_FACTION[state.setup.seats[id]];
    const symbol = symbols.includes(faction); // R6.2, R9.3
    const raw = ms.reduce((n, m) => n + (m.size === 'large' ? 2 : 1), 0) + (symbol ? 1 : 0);
    const p: Participant = { id, seats, dice: Math.min(MAX_DICE, raw), yellow: false, lightsaber: false, symbol };
    for (const c of CAPABILITIES) c.modifyParticipant?.(state, p, ms);
    out.push(p);
  }
  // Participants in seat order: the first seat of each (P2.4 gives dice in this order).
  out.sort((a, b) => a.seats[0] - b.seats[0]);
  return out;
}

export function startBattles(state: GameState, events?: GameEvent[]): void {
  const b = state.board;
  // Group the meeples by realm in one pass; a realm with two or more sides is a battle (R6.1, R9.2).
  const byRoot = new Map<number, Meeple[]>();
  for (const m of state.meeples) {
    const root = b.rootOf(m.tile, m.seg);
    const list = byRoot.get(root);
    if (list) list.push(m);
    else byRoot.set(root, [m]);
  }
  const battles: RealmInfo[] = [];
  for (const [root, ms] of byRoot) {
    const first = scorerOf(state, ms[0].seat);
    if (ms.some((m) => scorerOf(state, m.seat) !== first)) battles.push(realmInfo(state, root));
  }
  if (!battles.length) return scoreTurn(state, events);
  battles.sort((x, y) => compareRealms(state, x, y));
  state.battles = battles.map((info) => {
    const participants = participantsOf(state, info, byRoot.get(info.root)!);
    return {
      realm: [Math.floor(info.first / STRIDE), info.first % STRIDE],
      participants,
      remaining: participants.map((p) => p.id),
      throws: 0,
    };
  });
  state.phase = 'battle';
  announceBattle(state, events);
}

export function battleRealm(state: GameState, battle: BattleState): RealmInfo {
  const [t, s] = battle.realm;
  return realmInfo(state, state.board.find(t * STRIDE + s));
}

export function announceBattle(state: GameState, events?: GameEvent[]): void {
  if (!events) return;
  const battle = state.battles[0];
  events.push({ type: 'battle', realm: summarizeRealm(state, battleRealm(state, battle)), participants: battle.participants });
}

/** Checks one throw's values: count and faces per participant (R6.3, R6.8). */
export function throwError(participants: Participant[], values: number[][], names?: string[]): RuleError | null {
  if (!Array.isArray(values) || values.length !== participants.length)
    return new RuleError(
      `the throw needs values for ${participants.length} participants, got ${Array.isArray(values) ? values.length : 'none'}`,
      'R6.3',
    );
  for (let i = 0; i < participants.length; i++) {
    const p = participants[i];
    const v = values[i];
    if (!Array.isArray(v) || v.length !== p.dice)
      return new RuleError(
        `${names?.[i] ?? `participant ${i + 1}`} rolls ${p.dice} ${p.dice === 1 ? 'die' : 'dice'}, ` +
          `got ${Array.isArray(v) ? v.length : 'no'} ${Array.isArray(v) && v.length === 1 ? 'value' : 'values'}`,
        'R6.2',
      );
    for (let j = 0; j < v.length; j++) {
      const yellow = p.yellow && j === v.length - 1;
      const [lo, hi] = yellow ? [3, 8] : [1, 6];
      if (!Number.isInteger(v[j]) || v[j] < lo || v[j] > hi)
        return new RuleError(`${yellow ? 'yellow die' : 'die'} value ${v[j]} is outside ${lo}–${hi}`, yellow ? 'R1.5' : 'R1.5');
    }
  }
  return null;
}
