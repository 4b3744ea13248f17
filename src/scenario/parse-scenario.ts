// The scenario format (the engine issue's scripted games): a JSON file of seats, options and
// turns with fixed dice, read by the one strict grammar into typed values. Any problem becomes
// one ScenarioError line naming the turn and the rule, never a stack trace.
import { TILESET, defaultOptions, type Colour, type GameOptions } from '../engine';
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

export interface ScenarioDeploy {
  meeple: 'small' | 'large';
  segment?: string;
  attack?: { x: number; y: number };
  equipment: 'lightsaber' | 'blaster' | null;
}

export type ScenarioTurn =
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
