// Plays a parsed scenario on the engine and reports the result: scores, laps, reserves and
// the events as JSON-ready records. A move the rules refuse becomes one ScenarioError line
// naming the turn and the rule.
import {
  RuleError,
  applyInPlace,
  endGame,
  newGame,
  pending,
  legalPlacements,
  scorerName,
  type Deployment,
  type GameEvent,
  type GameState,
  type Participant,
  type RealmSummary,
} from '../engine';
import { ScenarioError, parseScenario, type Scenario, type ScenarioDeploy, type ScenarioTurn } from './parse-scenario';

export interface ScenarioResult {
  scores: Record<string, number>;
  laps: Record<string, number>;
  reserve: Record<string, { small: number; large: number; lightsaber?: boolean; blaster?: boolean }>;
  events: Record<string, unknown>[];
}

const KIND_NAME = { R: 'route', A: 'asteroid field', P: 'planet' } as const;

function realmJson(r: RealmSummary): Record<string, unknown> {
  return { kind: KIND_NAME[r.kind], tiles: r.tiles, symbols: r.symbols };
}

function eventJson(state: GameState, turn: number, e: GameEvent): Record<string, unknown> | null {
  const name = (id: number) => scorerName(state, id);
  const colour = (seat: number) => state.setup.seats[seat];
  switch (e.type) {
    case 'drawn':
      return null;
    case 'unplaceable':
      return { turn, type: 'unplaceable', seat: colour(e.seat), tile: e.tile, outcome: e.outcome };
    case 'placed':
      return { turn, type: 'placed', seat: colour(e.seat), tile: e.tile, x: e.x, y: e.y, rotation: e.r };
    case 'deployed':
      return {
        turn,
        type: 'deployed',
        seat: colour(e.seat),
        meeple: e.meeple,
        equipment: e.equipment,
        x: e.x,
        y: e.y,
        segment: segmentLabel(state, e.x, e.y, e.seg),
        attack: e.attack,
      };
    case 'battle':
      return {
        turn,
        type: 'battle',
        realm: realmJson(e.realm),
        participants: e.participants.map((p: Participant) => ({
          who: name(p.id),
          dice: p.dice,
          symbol: p.symbol,
          yellow: p.yellow,
          lightsaber: p.lightsaber,
        })),
      };
    case 'throw':
      return {
        turn,
        type: 'throw',
        realm: realmJson(e.realm),
        throw: e.throw,
        dice: Object.fromEntries(e.rolls.map((r) => [name(r.id), r.values])),
        best: Object.fromEntries(e.rolls.map((r) => [name(r.id), r.best])),
        modifiers: Object.fromEntries(
          e.rolls.filter((r) => r.yellow || r.lightsaber).map((r) => [name(r.id), { yellow: r.yellow, lightsaber: r.lightsaber }]),
        ),
        tied: e.tied.map(name),
        winner: e.winner === null ? null : name(e.winner),
        losers: e.losers.map((l) => ({ who: name(l.id), points: l.points })),
      };
    case 'returned':
      return { turn, type: 'returned', seat: colour(e.seat), meeple: e.meeple, equipment: e.equipment, x: e.x, y: e.y, reason: e.reason };
    case 'score':
      return {
        turn,
        type: 'score',
        reason: e.reason,
        who: name(e.scorer),
        points: e.points,
        ...(e.realm ? { realm: realmJson(e.realm) } : {}),
      };
    case 'completed':
      // A held realm's scoring is reported by its `score` event; this one reports empty realms.
      if (e.scorer !== null) return null;
      return {
        turn,
        type: 'completed',
        realm: realmJson(e.realm),
        final: e.final,
        who: e.scorer === null ? null : name(e.scorer),
        points: e.points,
      };
    case 'turn':
      return null;
    case 'over':
      return { turn, type: 'over', scores: Object.fromEntries(e.scores.map((s, i) => [name(i), s])) };
  }
}

function segmentLabel(state: GameState, x: number, y: number, seg: number): string {
  const t = state.board.tileAt(x, y);
  return state.board.defs[t].segments[seg].label;
}

function toDeployment(state: GameState, d: ScenarioDeploy): Deployment {
  if (d.attack) return { meeple: d.meeple, target: { attack: d.attack }, equipment: d.equipment };
  const def = state.board.defs[state.tiles.length - 1];
  const want = d.segment!;
  const seg = def.segments.find((s) => s.label === want || s.label.split('*')[0] === want);
  if (!seg)
    throw new RuleError(`${def.id} has no segment "${want}" (its segments: ${def.segments.map((s) => s.label).join(', ')})`, 'R5.2');
  return { meeple: d.meeple, target: { seg: seg.index }, equipment: d.equipment };
}

function throwValues(state: GameState, participants: Participant[], given: Record<string, number[]>, n: number): number[][] {
  const names = participants.map((p) => scorerName(state, p.id));
  for (const k of Object.keys(given))
    if (!names.includes(k)) throw new RuleError(`throw ${n}: ${k} takes no part in this battle (fighting: ${names.join(', ')})`, 'R6.1');
  return participants.map((p, i) => {
    const v = given[names[i]];
    if (!v) throw new RuleError(`throw ${n}: no values for ${names[i]}, who rolls ${p.dice} ${p.dice === 1 ? 'die' : 'dice'}`, 'R6.3');
    return v;
  });
}

function playTurn(state: GameState, turn: ScenarioTurn, events: GameEvent[]): void {
  if (state.phase === 'over') throw new RuleError('the game is already over', 'R8.1');
  applyInPlace(state, { type: 'draw', tile: turn.tile }, events);
  const drew = state.phase === 'place';
  if (turn.unplaceable) {
    if (drew) {
      const p = legalPlacements(state)[0];
      throw new RuleError(`${turn.tile} fits at (${p.x},${p.y}) r${p.r}, so it is not unplaceable`, 'R4.3');
    }
    return;
  }
  if (!drew) throw new RuleError(`${turn.tile} fits nowhere; mark the turn "unplaceable": true`, 'R4.3');
  applyInPlace(state, { type: 'place', x: turn.x, y: turn.y, r: turn.rotation }, events);
  applyInPlace(state, { type: 'deploy', deployment: turn.deploy ? toDeployment(state, turn.deploy) : null }, events);
  let n = 0;
  while (state.phase === 'battle') {
    const p = pending(state);
    if (p.kind !== 'throw') break;
    if (n >= turn.throws.length)
      throw new RuleError(
        `battle throw ${n + 1} is needed but only ${turn.throws.length} ${turn.throws.length === 1 ? 'is' : 'are'} given`,
        'R6.3',
      );
    const values = throwValues(state, p.participants, turn.throws[n], n + 1);
    n++;
    try {
      applyInPlace(state, { type: 'throw', values }, events);
    } catch (e) {
      if (e instanceof RuleError) throw new RuleError(`throw ${n}: ${e.message.replace(/ \(R[\d.]+\)$/, '')}`, e.rule);
      throw e;
    }
  }
  if (n < turn.throws.length)
    throw new RuleError(`${turn.throws.length} throws given but only ${n} ${n === 1 ? 'was' : 'were'} fought`, 'R6.3');
}

function rethrowWith(prefix: string, e: unknown): never {
  if (e instanceof RuleError || e instanceof ScenarioError) throw new ScenarioError(`${prefix}: ${e.message}`);
  throw e;
}

export function runScenario(s: Scenario): ScenarioResult {
  let state: GameState;
  try {
    state = newGame({ seats: s.seats, options: s.options });
  } catch (e) {
    rethrowWith('setup', e);
  }
  const out: Record<string, unknown>[] = [];
  const collect = (turn: number, events: GameEvent[]) => {
    for (const e of events) {
      const j = eventJson(state, turn, e);
      if (j) out.push(j);
    }
  };
  s.turns.forEach((turn, i) => {
    const events: GameEvent[] = [];
    try {
      playTurn(state, turn, events);
    } catch (e) {
      rethrowWith(`turn ${i + 1}`, e);
    }
    collect(i + 1, events);
  });
  if (s.final && state.phase !== 'over') {
    const events: GameEvent[] = [];
    try {
      endGame(state, events);
    } catch (e) {
      rethrowWith('final', e);
    }
    collect(s.turns.length, events);
  }
  const scorers = state.scores.map((_, i) => scorerName(state, i));
  const equipment = state.setup.options.expansion.equipment;
  return {
    scores: Object.fromEntries(scorers.map((n, i) => [n, state.scores[i]])),
    laps: Object.fromEntries(scorers.map((n, i) => [n, Math.floor(state.scores[i] / 50)])),
    reserve: Object.fromEntries(
      state.setup.seats.map((c, i) => {
        const r = state.reserves[i];
        return [
          c,
          equipment ? { small: r.small, large: r.large, lightsaber: r.lightsaber, blaster: r.blaster } : { small: r.small, large: r.large },
        ];
      }),
    ),
    events: out,
  };
}

export function runScenarioText(text: string | Uint8Array): ScenarioResult {
  return runScenario(parseScenario(text));
}
