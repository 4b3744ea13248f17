// The entry reader: one raw log entry, as the strict grammar (strict-json.ts) parsed it,
// validated field by field into a typed entry, or refused in one line that names the
// entry and the field (P1.3, P4.2).
import { COLOURS, type Colour, type Deployment, type GameOptions, type GameSetup } from '../engine';
import { BOT_LEVELS, type BotLevel } from './bot-levels';
import { MAX_CHAIN_LENGTH } from './chain';
import { GAME_ID_PATTERN } from './derive';
import { isHex } from './hex';
import {
  CLOCK_BOUNDS,
  LOG_VERSION,
  LogFormatError,
  MAX_COORD,
  MAX_SCORE,
  MAX_SEATS,
  MAX_SEGMENT,
  MAX_TURN,
  type DropEntry,
  type EntryKind,
  type GameClock,
  type LogEntry,
  type LogVersion,
  type ReclaimEntry,
  type ResignEntry,
  type SettingsEntry,
  type ThrowParticipant,
} from './log-entries';
import { quote } from './strict-json';

export type Raw = { [key: string]: unknown };

class EntryReader {
  constructor(
    private readonly raw: Raw,
    private readonly index: number,
    private readonly kind: string,
  ) {}

  fail(what: string): never {
    throw new LogFormatError(`entry ${this.index} (${this.kind}): ${what}`, this.index);
  }

  keys(allowed: string[]): void {
    for (const k of Object.keys(this.raw)) if (!allowed.includes(k)) this.fail(`unexpected field "${k}"`);
    for (const k of allowed) if (!(k in this.raw)) this.fail(`missing field "${k}"`);
  }

  int(key: string, min: number, max: number): number {
    const v = this.raw[key];
    if (typeof v !== 'number' || !Number.isSafeInteger(v) || v < min || v > max)
      this.fail(`"${key}" must be an integer from ${min} to ${max}, got ${quote(v)}`);
    return v;
  }

  hex(key: string, bytes: number): string {
    const v = this.raw[key];
    if (!isHex(v, bytes)) this.fail(`"${key}" must be ${bytes * 2} lowercase hex digits, got ${quote(v, 20)}`);
    return v;
  }

  colour(v: unknown, where: string): Colour {
    if (typeof v !== 'string' || !COLOURS.includes(v as Colour))
      this.fail(`${where} must be one of ${COLOURS.join(', ')}, got ${quote(v, 20)}`);
    return v as Colour;
  }

  bool(key: string): boolean {
    const v = this.raw[key];
    if (typeof v !== 'boolean') this.fail(`"${key}" must be true or false`);
    return v;
  }

  string(key: string, pattern: RegExp, what: string): string {
    const v = this.raw[key];
    if (typeof v !== 'string' || !pattern.test(v)) this.fail(`"${key}" must be ${what}, got ${quote(v, 20)}`);
    return v;
  }
}

export function isObject(v: unknown): v is Raw {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

export const isInt = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v);

/** A settings entry's game clock: five whole-millisecond fields within CLOCK_BOUNDS, each free part within its cap. */
function readClock(raw: unknown, index: number): GameClock {
  if (!isObject(raw)) throw new LogFormatError(`entry ${index} (settings): "clock" must be an object`, index);
  const r = new EntryReader(raw, index, 'settings clock');
  r.keys(['moveMs', 'revealMs', 'bankMs', 'freeMoveMs', 'freeRevealMs']);
  const { minCapMs, maxCapMs, maxBankMs } = CLOCK_BOUNDS;
  const moveMs = r.int('moveMs', minCapMs, maxCapMs);
  const revealMs = r.int('revealMs', minCapMs, maxCapMs);
  return {
    moveMs,
    revealMs,
    bankMs: r.int('bankMs', 0, maxBankMs),
    freeMoveMs: r.int('freeMoveMs', 0, moveMs),
    freeRevealMs: r.int('freeRevealMs', 0, revealMs),
  };
}

function readSetup(r: EntryReader, raw: unknown): GameSetup {
  if (!isObject(raw)) r.fail('"setup" must be an object');
  const seatsRaw = raw.seats;
  if (!Array.isArray(seatsRaw) || seatsRaw.length < 1 || seatsRaw.length > MAX_SEATS)
    r.fail(`"setup.seats" must be a list of 1 to ${MAX_SEATS} colours`);
  const seats = seatsRaw.map((c, i) => r.colour(c, `setup.seats[${i}]`));
  const o = raw.options;
  if (!isObject(o)) r.fail('"setup.options" must be an object');
  const x = o.expansion;
  if (!isObject(x)) r.fail('"setup.options.expansion" must be an object');
  for (const k of Object.keys(raw)) if (k !== 'seats' && k !== 'options') r.fail(`unexpected field "setup.${k}"`);
  for (const k of Object.keys(o)) if (!['teams', 'unplaceable', 'expansion'].includes(k)) r.fail(`unexpected field "setup.options.${k}"`);
  for (const k of Object.keys(x))
    if (!['tiles', 'blue', 'equipment', 'yellowDie'].includes(k)) r.fail(`unexpected field "setup.options.expansion.${k}"`);
  const flag = (obj: Raw, k: string, path: string) => {
    if (typeof obj[k] !== 'boolean') r.fail(`"${path}" must be true or false`);
    return obj[k] as boolean;
  };
  if (o.unplaceable !== 'remove' && o.unplaceable !== 'return') r.fail('"setup.options.unplaceable" must be "remove" or "return"');
  const options: GameOptions = {
    teams: flag(o, 'teams', 'setup.options.teams'),
    unplaceable: o.unplaceable,
    expansion: {
      tiles: flag(x, 'tiles', 'setup.options.expansion.tiles'),
      blue: flag(x, 'blue', 'setup.options.expansion.blue'),
      equipment: flag(x, 'equipment', 'setup.options.expansion.equipment'),
      yellowDie: flag(x, 'yellowDie', 'setup.options.expansion.yellowDie'),
    },
  };
  return { seats, options };
}

function readDeployment(r: EntryReader, raw: unknown): Deployment | null {
  if (raw === null) return null;
  if (!isObject(raw)) r.fail('"deployment" must be an object or null');
  for (const k of Object.keys(raw)) if (!['meeple', 'target', 'equipment'].includes(k)) r.fail(`unexpected field "deployment.${k}"`);
  if (raw.meeple !== 'small' && raw.meeple !== 'large') r.fail('"deployment.meeple" must be "small" or "large"');
  if (raw.equipment !== null && raw.equipment !== 'lightsaber' && raw.equipment !== 'blaster')
    r.fail('"deployment.equipment" must be null, "lightsaber" or "blaster"');
  const t = raw.target;
  const coord = (v: unknown): v is number => isInt(v) && v >= -MAX_COORD && v <= MAX_COORD;
  let target: Deployment['target'];
  if (isObject(t) && Object.keys(t).length === 1 && isInt(t.seg) && t.seg >= 0 && t.seg <= MAX_SEGMENT) target = { seg: t.seg };
  else if (
    isObject(t) &&
    Object.keys(t).length === 1 &&
    isObject(t.attack) &&
    Object.keys(t.attack).length === 2 &&
    coord(t.attack.x) &&
    coord(t.attack.y)
  )
    target = { attack: { x: t.attack.x, y: t.attack.y } };
  else r.fail(`"deployment.target" must be {"seg": 0–${MAX_SEGMENT}} or {"attack": {"x": n, "y": n}} with |n| ≤ ${MAX_COORD}`);
  return { meeple: raw.meeple, target, equipment: raw.equipment };
}

/**
 * Version 1 declared any chain length from 1 to 4096. Nothing binds that number (the
 * commitment fixes a chain's end, not its length), so an edited one could not be caught:
 * version 2 has one chain length, 4096, and the field must say so.
 */
function readChainLength(r: EntryReader, v: unknown, version: LogVersion): number {
  if (version === 1) return r.int('chainLength', 1, MAX_CHAIN_LENGTH);
  if (v !== MAX_CHAIN_LENGTH) r.fail(`"chainLength" must be ${MAX_CHAIN_LENGTH} in version 2, got ${quote(v, 20)}`);
  return MAX_CHAIN_LENGTH;
}

const TILE_ID = /^[A-Za-z0-9_.-]{1,32}$/;

function readThrowParticipants(r: EntryReader, raw: unknown): ThrowParticipant[] {
  const shape = `"participants" must be a list of 1 to ${MAX_SEATS} {"scorer": 0–${MAX_SEATS - 1}, "dice": 1–3, "yellow": true|false}`;
  if (!Array.isArray(raw) || raw.length < 1 || raw.length > MAX_SEATS) r.fail(shape);
  return raw.map((p, i) => {
    if (!isObject(p)) r.fail(shape);
    for (const key of Object.keys(p))
      if (key !== 'scorer' && key !== 'dice' && key !== 'yellow') r.fail(`unexpected field "participants[${i}].${key}"`);
    if (
      !isInt(p.scorer) ||
      p.scorer < 0 ||
      p.scorer >= MAX_SEATS ||
      !isInt(p.dice) ||
      p.dice < 1 ||
      p.dice > 3 ||
      typeof p.yellow !== 'boolean'
    )
      r.fail(shape);
    return { scorer: p.scorer, dice: p.dice, yellow: p.yellow };
  });
}

/**
 * Validates one raw entry of a log of version `version` into a typed value. `raw` is what
 * the strict grammar (strict-json.ts) or the program itself produced.
 */
export function readEntry(raw: unknown, index: number, version: LogVersion = LOG_VERSION): LogEntry {
  if (!isObject(raw)) throw new LogFormatError(`entry ${index}: must be an object`, index);
  const k = raw.k;
  const kinds: EntryKind[] = [
    'settings',
    'commit',
    'reveal',
    'seats',
    'draw',
    'place',
    'deploy',
    'throw',
    'hash',
    'over',
    'drop',
    'resign',
    'reclaim',
  ];
  if (typeof k !== 'string' || !kinds.includes(k as EntryKind))
    throw new LogFormatError(`entry ${index}: unknown kind ${quote(k, 20)} (expected one of ${kinds.join(', ')})`, index);
  const r: EntryReader = new EntryReader(raw, index, k);
  switch (k as EntryKind) {
    case 'settings': {
      const withBots = 'bots' in raw;
      // The game clock of an online game (from version 2 on, like `bots`); a version-1 log has none.
      const withClock = 'clock' in raw && version >= 2;
      const withStandIn = 'standIn' in raw && version >= 2;
      r.keys([
        'k',
        'setup',
        'gameId',
        'chainLength',
        'shuffleSeats',
        ...(withBots ? ['bots'] : []),
        ...(withStandIn ? ['standIn'] : []),
        ...(withClock ? ['clock'] : []),
      ]);
      const settings: SettingsEntry = {
        k: 'settings',
        setup: readSetup(r, raw.setup),
        gameId: r.string('gameId', GAME_ID_PATTERN, '1–64 characters of [0-9A-Za-z_-]'),
        chainLength: readChainLength(r, raw.chainLength, version),
        shuffleSeats: r.bool('shuffleSeats'),
      };
      if (withBots) {
        const b = raw.bots;
        if (
          !Array.isArray(b) ||
          b.length !== settings.setup.seats.length ||
          !b.every((x) => x === null || BOT_LEVELS.includes(x as BotLevel))
        )
          r.fail(`"bots" must list, per seat, null or one of ${BOT_LEVELS.join(', ')}`);
        settings.bots = (b as (BotLevel | null)[]).slice();
      }
      if (withStandIn) {
        if (!BOT_LEVELS.includes(raw.standIn as BotLevel)) r.fail(`"standIn" must be one of ${BOT_LEVELS.join(', ')}`);
        settings.standIn = raw.standIn as BotLevel;
      }
      if (withClock) settings.clock = readClock(raw.clock, index);
      return settings;
    }
    case 'drop':
    case 'resign':
    case 'reclaim':
      r.keys(['k', 'colour']);
      return { k, colour: r.colour(raw.colour, '"colour"') } as DropEntry | ResignEntry | ReclaimEntry;
    case 'commit':
      r.keys(['k', 'chain', 'colour', 'commitment']);
      return {
        k: 'commit',
        chain: r.int('chain', 0, MAX_SEATS - 1),
        colour: r.colour(raw.colour, '"colour"'),
        commitment: r.hex('commitment', 32),
      };
    case 'reveal':
      r.keys(['k', 'chain', 'event', 'value']);
      return {
        k: 'reveal',
        chain: r.int('chain', 0, MAX_SEATS - 1),
        event: r.int('event', 0, MAX_CHAIN_LENGTH - 1),
        value: r.hex('value', 32),
      };
    case 'seats': {
      r.keys(['k', 'event', 'order']);
      const order = raw.order;
      if (!Array.isArray(order) || order.length < 1 || order.length > MAX_SEATS)
        r.fail(`"order" must be a list of 1 to ${MAX_SEATS} colours`);
      return {
        k: 'seats',
        event: r.int('event', 0, MAX_CHAIN_LENGTH - 1),
        order: order.map((c: unknown, i: number) => r.colour(c, `order[${i}]`)),
      };
    }
    case 'draw':
      r.keys(['k', 'event', 'seat', 'tile']);
      return {
        k: 'draw',
        event: r.int('event', 0, MAX_CHAIN_LENGTH - 1),
        seat: r.int('seat', 0, MAX_SEATS - 1),
        tile: r.string('tile', TILE_ID, 'a tile id'),
      };
    case 'place':
      r.keys(['k', 'seat', 'x', 'y', 'r']);
      return {
        k: 'place',
        seat: r.int('seat', 0, MAX_SEATS - 1),
        x: r.int('x', -MAX_COORD, MAX_COORD),
        y: r.int('y', -MAX_COORD, MAX_COORD),
        r: r.int('r', 0, 3),
      };
    case 'deploy':
      r.keys(['k', 'seat', 'deployment']);
      return { k: 'deploy', seat: r.int('seat', 0, MAX_SEATS - 1), deployment: readDeployment(r, raw.deployment) };
    case 'throw': {
      r.keys(version === 1 ? ['k', 'event', 'values'] : ['k', 'event', 'participants', 'values']);
      const event = r.int('event', 0, MAX_CHAIN_LENGTH - 1);
      const participants = version === 1 ? undefined : readThrowParticipants(r, raw.participants);
      const v = raw.values;
      if (
        !Array.isArray(v) ||
        v.length < 1 ||
        v.length > MAX_SEATS ||
        !v.every((dice) => Array.isArray(dice) && dice.length >= 1 && dice.length <= 3 && dice.every((d) => isInt(d) && d >= 1 && d <= 8))
      )
        r.fail(`"values" must be a list of 1 to ${MAX_SEATS} lists of 1 to 3 die values (1–8)`);
      const values = (v as number[][]).map((dice) => dice.slice());
      if (!participants) return { k: 'throw', event, values };
      // Version 2: the values must fit the participants they are given for (R6.2, R1.5, R6.8).
      if (values.length !== participants.length)
        r.fail(`"values" must hold one list per participant (${participants.length}), got ${values.length}`);
      participants.forEach((p, i) => {
        if (values[i].length !== p.dice)
          r.fail(`"values[${i}]" must hold ${p.dice} dice, as "participants[${i}].dice" says, got ${values[i].length}`);
        values[i].forEach((d, j) => {
          const yellow = p.yellow && j === p.dice - 1;
          if (yellow ? d < 3 : d > 6) r.fail(`"values[${i}][${j}]" must be ${yellow ? 'a yellow die 3–8' : 'a normal die 1–6'}, got ${d}`);
        });
      });
      return { k: 'throw', event, participants, values };
    }
    case 'hash':
      r.keys(['k', 'turn', 'state']);
      return { k: 'hash', turn: r.int('turn', 1, MAX_TURN), state: r.hex('state', 32) };
    case 'over': {
      r.keys(['k', 'scores']);
      const s = raw.scores;
      if (!Array.isArray(s) || s.length < 1 || s.length > MAX_SEATS || !s.every((n) => isInt(n) && n >= 0 && n <= MAX_SCORE))
        r.fail(`"scores" must be a list of 1 to ${MAX_SEATS} integers from 0 to ${MAX_SCORE}`);
      return { k: 'over', scores: (s as number[]).slice() };
    }
  }
}
