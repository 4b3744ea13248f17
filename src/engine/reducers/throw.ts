// The throw reducer (R6.3–R6.6): one battle throw, whose dice arrive as an action (R6.9,
// P1.1); tied sides throw again, losers score their dice and leave, the winner stays.
import { announceBattle, battleRealm, throwError } from '../battles';
import { STRIDE as STRIDE_ } from '../board';
import { scorerName } from '../queries';
import { summarizeRealm } from '../realms';
import { addScore, removeMeeples, scoreTurn } from '../scoring';
import type { GameEvent, GameState } from '../types';

// Module-local copies of hot constants (cross-module live bindings cost a call in some loaders).
const STRIDE = STRIDE_;

export function applyThrow(state: GameState, values: number[][], events?: GameEvent[]): void {
  const battle = state.battles[0];
  const fighting = battle.participants.filter((p) => battle.remaining.includes(p.id));
  const err = throwError(
    fighting,
    values,
    fighting.map((p) => scorerName(state, p.id)),
  );
  if (err) throw err;
  battle.throws++;
  const best = fighting.map((p, i) => Math.max(...values[i]) + (p.lightsaber ? 1 : 0)); // R6.3, R6.7
  const top = Math.max(...best);
  const tied = fighting.filter((_, i) => best[i] === top).map((p) => p.id);
  const losers = fighting.filter((_, i) => best[i] < top);
  const realm = events ? summarizeRealm(state, battleRealm(state, battle)) : undefined;
  events?.push({
    type: 'throw',
    realm: realm!,
    throw: battle.throws,
    rolls: fighting.map((p, i) => ({ id: p.id, values: values[i].slice(), yellow: p.yellow, lightsaber: p.lightsaber, best: best[i] })),
    tied: tied.length > 1 ? tied : [],
    winner: tied.length === 1 ? tied[0] : null,
    losers: losers.map((p) => ({ id: p.id, points: p.dice })),
  });
  if (tied.length > 1) for (const id of tied) addScore(state, id, 1, 'tie', events); // R6.4
  for (const p of losers) {
    addScore(state, p.id, p.dice, 'lost', events); // R6.5
    const seats = new Set(p.seats);
    const [t, s] = battle.realm;
    const root = state.board.find(t * STRIDE + s);
    removeMeeples(state, (m) => seats.has(m.seat) && state.board.find(m.tile * STRIDE + m.seg) === root, 'battle', events);
  }
  battle.remaining = tied;
  if (tied.length > 1) return; // R6.4: the tied throw again
  state.battles.shift(); // R6.6: the winner stays
  if (state.battles.length) announceBattle(state, events);
  else scoreTurn(state, events);
}
