// Plays a scripted game (the scenario format of the engine issue) and reports the result.
// Every input is validated into typed values first; any problem becomes one line naming
// the turn and the rule, never a stack trace.
import {
  RuleError,
  TILESET,
  applyInPlace,
  defaultOptions,
  endGame,
  newGame,
  pending,
  legalPlacements,
  scorerName,
  type Colour,
  type Deployment,
  type GameEvent,
  type GameOptions,
  type GameState,
  type Participant,
  type RealmSummary,
} from '../engine';
import { StrictJsonError, clip, parseStrictJson, quote, type JsonValue, type StrictJsonOptions } from '../fair/strict-json';

/** Largest scenario file accepted, in bytes. */
export const SCENARIO_MAX_BYTES = 1024 * 1024;
/** The one strict JSON grammar (src/fair/strict-json.ts) with the limits of scenario files. */
export const SCENARIO_JSON_LIMITS: StrictJsonOptions = { maxBytes: SCENARIO_MAX_BYTES, maxDepth: 8, maxStringChars: 64, maxItems: 10_000 };
/** Coordinates in a scenario lie in [-MAX_COORD, MAX_COORD]. */
const MAX_COORD = 1000;

export class ScenarioError extends Error {
  constructor(message: string) {
    super(clip(message, 200));
    this.name = 'ScenarioError';
  }
}

interface ScenarioDeploy {
  meeple: 'small' | 'large';
  segment?: string;
  attack?: { x: number; y: number };
  equipment: 'lightsaber' | 'blaster' | null;
}

type ScenarioTurn =
  | { tile: string; unplaceable: true }
  | {
      tile: string;
      unplaceable: false;
      x: number;
      y: number;
      rotation: number;
      deploy: ScenarioDeploy | null;
      throws: Record<string, number[]>[];
    };

export interface Scenario {
  seats: Colour[];
  options: GameOptions;
  turns: ScenarioTurn[];
  final: boolean;
}

export interface ScenarioResult {
  scores: Record<string, number>;
  laps: Record<string, number>;
  reserve: Record<string, { small: number; large: number; lightsaber?: boolean; blaster?: boolean }>;
  events: Record<string, unknown>[];
}

// ------------------------------------------------------------------ parsing

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isInt = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v);
const isCoord = (v: unknown): v is number => isInt(v) && v >= -MAX_COORD && v <= MAX_COORD;

function bool(where: string, v: unknown, fallback: boolean): boolean {
  if (v === undefined) return fallback;
  if (typeof v !== 'boolean') throw new ScenarioError(`${where} must be true or false`);
  return v;
}

function only(where: string, o: Record<string, unknown>, keys: string[]): void {
  for (const k of Object.keys(o)) if (!keys.includes(k)) throw new ScenarioError(`${where}: unknown field ${quote(k, 24)}`);
}

function parseOptions(v: unknown): GameOptions {
  const o = defaultOptions();
  if (v === undefined) return o;
  if (!isObject(v)) throw new ScenarioError('options must be an object');
  only('options', v, ['teams', 'unplaceable', 'expansion']);
  o.teams = bool('options.teams', v.teams, false);
  if (v.unplaceable !== undefined) {
    if (v.unplaceable !== 'remove' && v.unplaceable !== 'return')
      throw new ScenarioError('options.unplaceable must be "remove" or "return" (R4.3)');
    o.unplaceable = v.unplaceable;
  }
  if (v.expansion !== undefined) {
    const e = v.expansion;
    if (typeof e === 'boolean') {
      o.expansion = { tiles: e, blue: e, equipment: e, yellowDie: e };
    } else {
      if (!isObject(e)) throw new ScenarioError('options.expansion must be an object or a boolean');
      only('options.expansion', e, ['tiles', 'blue', 'equipment', 'yellowDie']);
      o.expansion = {
        tiles: bool('options.expansion.tiles', e.tiles, false),
        blue: bool('options.expansion.blue', e.blue, false),
        equipment: bool('options.expansion.equipment', e.equipment, false),
        yellowDie: bool('options.expansion.yellowDie', e.yellowDie, false),
      };
    }
  }
  return o;
}

function parseDeploy(where: string, v: unknown): ScenarioDeploy | null {
  if (v === null || v === undefined) return null;
  if (!isObject(v)) throw new ScenarioError(`${where}: deploy must be null or an object`);
  only(`${where}: deploy`, v, ['meeple', 'segment', 'attack', 'equipment']);
  if (v.meeple !== 'small' && v.meeple !== 'large') throw new ScenarioError(`${where}: deploy.meeple must be "small" or "large" (R1.4)`);
  let equipment: ScenarioDeploy['equipment'] = null;
  if (v.equipment !== undefined && v.equipment !== null) {
    if (v.equipment !== 'lightsaber' && v.equipment !== 'blaster')
      throw new ScenarioError(`${where}: deploy.equipment must be "lightsaber" or "blaster" (R1.6)`);
    equipment = v.equipment;
  }
  const hasSeg = v.segment !== undefined;
  const hasAttack = v.attack !== undefined;
  if (hasSeg === hasAttack) throw new ScenarioError(`${where}: deploy needs exactly one of "segment" or "attack" (R5.2, R5.4)`);
  if (hasSeg) {
    if (typeof v.segment !== 'string')
      throw new ScenarioError(`${where}: deploy.segment must be a segment as printed in tiles.json, e.g. "R:EW" or "P"`);
    return { meeple: v.meeple, segment: v.segment, equipment };
  }
  const a = v.attack;
  if (!isObject(a) || !isCoord(a.x) || !isCoord(a.y))
    throw new ScenarioError(`${where}: deploy.attack must be { "x": int, "y": int } with |x|, |y| ≤ ${MAX_COORD} (R5.4)`);
  only(`${where}: deploy.attack`, a, ['x', 'y']);
  return { meeple: v.meeple, attack: { x: a.x, y: a.y }, equipment };
}

function parseThrows(where: string, v: unknown): Record<string, number[]>[] {
  if (v === undefined) return [];
  if (!Array.isArray(v)) throw new ScenarioError(`${where}: throws must be a list`);
  return v.map((t, i) => {
    if (!isObject(t)) throw new ScenarioError(`${where}: throw ${i + 1} must be an object of participant → values`);
    const out: Record<string, number[]> = Object.create(null) as Record<string, number[]>;
    for (const [k, vals] of Object.entries(t)) {
      if (!Array.isArray(vals) || !vals.every(isInt))
        throw new ScenarioError(`${where}: throw ${i + 1}: values of ${quote(k, 24)} must be a list of integers (R6.3)`);
      out[k] = vals as number[];
    }
    return out;
  });
}

function parseTurn(i: number, v: unknown): ScenarioTurn {
  const where = `turn ${i + 1}`;
  if (!isObject(v)) throw new ScenarioError(`${where}: must be an object`);
  if (typeof v.tile !== 'string') throw new ScenarioError(`${where}: "tile" must be a tile id such as "SW22"`);
  if (!TILESET.byId.has(v.tile)) throw new ScenarioError(`${where}: unknown tile ${quote(v.tile, 24)} (R1.1)`);
  if (v.unplaceable === true) {
    only(where, v, ['tile', 'unplaceable']);
    return { tile: v.tile, unplaceable: true };
  }
  if (v.unplaceable !== undefined && v.unplaceable !== false) throw new ScenarioError(`${where}: "unplaceable" must be true or absent`);
  only(where, v, ['tile', 'x', 'y', 'rotation', 'deploy', 'throws', 'unplaceable']);
  if (!isCoord(v.x) || !isCoord(v.y)) throw new ScenarioError(`${where}: x and y must be integers from -${MAX_COORD} to ${MAX_COORD}`);
  // Absent means 0; present, it must be one of the four rotations (null is not a rotation).
  const rotation = 'rotation' in v ? v.rotation : 0;
  if (!isInt(rotation) || rotation < 0 || rotation > 3)
    throw new ScenarioError(`${where}: rotation must be 0, 1, 2 or 3 (R4.1), got ${quote(rotation, 12)}`);
  return {
    tile: v.tile,
    unplaceable: false,
    x: v.x,
    y: v.y,
    rotation,
    deploy: parseDeploy(where, v.deploy),
    throws: parseThrows(where, v.throws),
  };
}

/** Parses a scenario file (text, or its bytes as strict UTF-8) by the one strict grammar. */
export function parseScenario(text: string | Uint8Array): Scenario {
  let raw: JsonValue;
  try {
    raw = parseStrictJson(text, SCENARIO_JSON_LIMITS);
  } catch (e) {
    if (e instanceof StrictJsonError) throw new ScenarioError(`not valid JSON of this format: ${e.message}`);
    throw e;
  }
  if (!isObject(raw)) throw new ScenarioError('the scenario must be a JSON object');
  only('scenario', raw, ['seats', 'options', 'turns', 'final']);
  if (!Array.isArray(raw.seats) || raw.seats.length > 6 || !raw.seats.every((s) => typeof s === 'string'))
    throw new ScenarioError('"seats" must be a list of at most 6 colours (R1.3)');
  if (!Array.isArray(raw.turns)) throw new ScenarioError('"turns" must be a list');
  return {
    seats: raw.seats as Colour[],
    options: parseOptions(raw.options),
    turns: raw.turns.map((t, i) => parseTurn(i, t)),
    final: bool('final', raw.final, false),
  };
}

// ------------------------------------------------------------------ running

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
