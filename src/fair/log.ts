// The game log (P4.1): the ordered list of entries that is at once the save file, the
// replay file and the crash report. Parsing turns untrusted JSON into typed entries and
// names the first malformed entry in a one-line error (P1.3, P4.2).
import { COLOURS, type Colour, type Deployment, type GameOptions, type GameSetup } from '../engine';
import { MAX_CHAIN_LENGTH } from './chain';
import { GAME_ID_PATTERN } from './derive';
import { isHex } from './hex';

export const REPLAY_FORMAT = 'carcassonne-star-wars-replay';
export const SAVE_FORMAT = 'carcassonne-star-wars-save';
/** Version 2 adds bot seats without a chain, drops, resignations and reclaims (P2.6); version 1 files still read. */
export const LOG_VERSION = 2;
export const READABLE_VERSIONS: readonly number[] = [1, 2];

export type BotLevel = 'random' | 'greedy' | 'strong';
const BOT_LEVELS: readonly BotLevel[] = ['random', 'greedy', 'strong'];

/**
 * Entry 0: what the game is. `setup.seats` is the lobby order, which is also chain order.
 * `bots` (networked games): per lobby seat, the level of the bot that plays it on every
 * peer, or null for a player's seat; a bot seat holds no chain. Absent: every seat has a chain.
 */
export interface SettingsEntry { k: 'settings'; setup: GameSetup; gameId: string; chainLength: number; shuffleSeats: boolean; bots?: (BotLevel | null)[] }
/** P2.1: chain i's commitment C_i = c_i[L]; one per chain seat, in lobby order, before any reveal. */
export interface CommitEntry { k: 'commit'; chain: number; colour: Colour; commitment: string }
/** P2.2: r_i[e] = c_i[L-1-e]. */
export interface RevealEntry { k: 'reveal'; chain: number; event: number; value: string }
/** R2.3: the seating derived from event 0 when the seat shuffle is on. */
export interface SeatsEntry { k: 'seats'; event: number; order: Colour[] }
/** A tile draw derived from event `event` (P2.4), for the seat that draws. */
export interface DrawEntry { k: 'draw'; event: number; seat: number; tile: string }
export interface PlaceEntry { k: 'place'; seat: number; x: number; y: number; r: number }
export interface DeployEntry { k: 'deploy'; seat: number; deployment: Deployment | null }
/** A battle throw derived from event `event` (P2.4): dice per participant in participant order. */
export interface ThrowEntry { k: 'throw'; event: number; values: number[][] }
/** P1.4: the engine's state hash once turn `turn` has ended. */
export interface HashEntry { k: 'hash'; turn: number; state: string }
/** The final scores (R8), one per seat or per team. */
export interface OverEntry { k: 'over'; scores: number[] }
/** P2.6: the other players dropped a silent seat; a bot plays it from here and it forfeits. */
export interface DropEntry { k: 'drop'; colour: Colour }
/** A player gave up; a bot plays the seat from here and it forfeits (ranks last). */
export interface ResignEntry { k: 'resign'; colour: Colour }
/** P2.6: a dropped seat's player takes its moves back (still forfeited; its chain stays out). */
export interface ReclaimEntry { k: 'reclaim'; colour: Colour }

export type LogEntry = SettingsEntry | CommitEntry | RevealEntry | SeatsEntry | DrawEntry | PlaceEntry | DeployEntry | ThrowEntry | HashEntry | OverEntry
  | DropEntry | ResignEntry | ReclaimEntry;
export type EntryKind = LogEntry['k'];

export interface GameLog { format: typeof REPLAY_FORMAT; version: number; entries: LogEntry[] }

/** A malformed file, or a malformed entry (`entry` is its index). */
export class LogFormatError extends Error {
  constructor(message: string, readonly entry: number | null) {
    super(message);
    this.name = 'LogFormatError';
  }
}

// ---------------------------------------------------------------- writing

/** The replay file: one entry per line so that a diff or a human can follow it. */
export function stringifyLog(log: GameLog): string {
  const lines = log.entries.map((e) => '  ' + JSON.stringify(e));
  return `{"format":${JSON.stringify(log.format)},"version":${log.version},"entries":[\n${lines.join(',\n')}\n]}\n`;
}

// ---------------------------------------------------------------- reading

type Raw = Record<string, unknown>;

class EntryReader {
  constructor(private readonly raw: Raw, private readonly index: number, private readonly kind: string) {}

  fail(what: string): never {
    throw new LogFormatError(`entry ${this.index} (${this.kind}): ${what}`, this.index);
  }

  keys(allowed: string[]): void {
    for (const k of Object.keys(this.raw)) if (!allowed.includes(k)) this.fail(`unexpected field "${k}"`);
    for (const k of allowed) if (!(k in this.raw)) this.fail(`missing field "${k}"`);
  }

  int(key: string, min: number, max: number): number {
    const v = this.raw[key];
    if (typeof v !== 'number' || !Number.isSafeInteger(v) || v < min || v > max) this.fail(`"${key}" must be an integer from ${min} to ${max}, got ${JSON.stringify(v)}`);
    return v;
  }

  hex(key: string, bytes: number): string {
    const v = this.raw[key];
    if (!isHex(v, bytes)) this.fail(`"${key}" must be ${bytes * 2} lowercase hex digits`);
    return v;
  }

  colour(v: unknown, where: string): Colour {
    if (typeof v !== 'string' || !COLOURS.includes(v as Colour)) this.fail(`${where} must be one of ${COLOURS.join(', ')}, got ${JSON.stringify(v)}`);
    return v as Colour;
  }

  bool(key: string): boolean {
    const v = this.raw[key];
    if (typeof v !== 'boolean') this.fail(`"${key}" must be true or false`);
    return v;
  }

  string(key: string, pattern: RegExp, what: string): string {
    const v = this.raw[key];
    if (typeof v !== 'string' || !pattern.test(v)) this.fail(`"${key}" must be ${what}, got ${JSON.stringify(v)}`);
    return v;
  }
}

function isObject(v: unknown): v is Raw {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function readSetup(r: EntryReader, raw: unknown): GameSetup {
  if (!isObject(raw)) r.fail('"setup" must be an object');
  const seatsRaw = raw.seats;
  if (!Array.isArray(seatsRaw) || seatsRaw.length < 1 || seatsRaw.length > COLOURS.length) r.fail(`"setup.seats" must be a list of 1 to ${COLOURS.length} colours`);
  const seats = seatsRaw.map((c, i) => r.colour(c, `setup.seats[${i}]`));
  const o = raw.options;
  if (!isObject(o)) r.fail('"setup.options" must be an object');
  const x = o.expansion;
  if (!isObject(x)) r.fail('"setup.options.expansion" must be an object');
  for (const k of Object.keys(raw)) if (k !== 'seats' && k !== 'options') r.fail(`unexpected field "setup.${k}"`);
  for (const k of Object.keys(o)) if (!['teams', 'unplaceable', 'expansion'].includes(k)) r.fail(`unexpected field "setup.options.${k}"`);
  for (const k of Object.keys(x)) if (!['tiles', 'blue', 'equipment', 'yellowDie'].includes(k)) r.fail(`unexpected field "setup.options.expansion.${k}"`);
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
  if (raw.equipment !== null && raw.equipment !== 'lightsaber' && raw.equipment !== 'blaster') r.fail('"deployment.equipment" must be null, "lightsaber" or "blaster"');
  const t = raw.target;
  const isInt = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v);
  let target: Deployment['target'];
  if (isObject(t) && Object.keys(t).length === 1 && isInt(t.seg) && t.seg >= 0) target = { seg: t.seg };
  else if (isObject(t) && Object.keys(t).length === 1 && isObject(t.attack) && Object.keys(t.attack).length === 2 && isInt(t.attack.x) && isInt(t.attack.y))
    target = { attack: { x: t.attack.x, y: t.attack.y } };
  else r.fail('"deployment.target" must be {"seg": n} or {"attack": {"x": n, "y": n}}');
  return { meeple: raw.meeple, target, equipment: raw.equipment };
}

const COORD = 1_000_000;
const TILE_ID = /^[A-Za-z0-9_.-]{1,32}$/;

/** Validates one raw entry into a typed value. */
export function readEntry(raw: unknown, index: number): LogEntry {
  if (!isObject(raw)) throw new LogFormatError(`entry ${index}: must be an object`, index);
  const k = raw.k;
  const kinds: EntryKind[] = ['settings', 'commit', 'reveal', 'seats', 'draw', 'place', 'deploy', 'throw', 'hash', 'over', 'drop', 'resign', 'reclaim'];
  if (typeof k !== 'string' || !kinds.includes(k as EntryKind))
    throw new LogFormatError(`entry ${index}: unknown kind ${JSON.stringify(k)} (expected one of ${kinds.join(', ')})`, index);
  const r: EntryReader = new EntryReader(raw, index, k);
  switch (k as EntryKind) {
    case 'settings': {
      const withBots = 'bots' in raw;
      r.keys(withBots ? ['k', 'setup', 'gameId', 'chainLength', 'shuffleSeats', 'bots'] : ['k', 'setup', 'gameId', 'chainLength', 'shuffleSeats']);
      const settings: SettingsEntry = {
        k: 'settings', setup: readSetup(r, raw.setup), gameId: r.string('gameId', GAME_ID_PATTERN, '1–64 characters of [0-9A-Za-z_-]'),
        chainLength: r.int('chainLength', 1, MAX_CHAIN_LENGTH), shuffleSeats: r.bool('shuffleSeats'),
      };
      if (withBots) {
        const b = raw.bots;
        if (!Array.isArray(b) || b.length !== settings.setup.seats.length || !b.every((x) => x === null || BOT_LEVELS.includes(x as BotLevel)))
          r.fail(`"bots" must list, per seat, null or one of ${BOT_LEVELS.join(', ')}`);
        settings.bots = (b as (BotLevel | null)[]).slice();
      }
      return settings;
    }
    case 'drop':
    case 'resign':
    case 'reclaim':
      r.keys(['k', 'colour']);
      return { k, colour: r.colour(raw.colour, '"colour"') } as DropEntry | ResignEntry | ReclaimEntry;
    case 'commit':
      r.keys(['k', 'chain', 'colour', 'commitment']);
      return { k: 'commit', chain: r.int('chain', 0, COLOURS.length - 1), colour: r.colour(raw.colour, '"colour"'), commitment: r.hex('commitment', 32) };
    case 'reveal':
      r.keys(['k', 'chain', 'event', 'value']);
      return { k: 'reveal', chain: r.int('chain', 0, COLOURS.length - 1), event: r.int('event', 0, MAX_CHAIN_LENGTH), value: r.hex('value', 32) };
    case 'seats': {
      r.keys(['k', 'event', 'order']);
      const order = raw.order;
      if (!Array.isArray(order)) r.fail('"order" must be a list of colours');
      return { k: 'seats', event: r.int('event', 0, MAX_CHAIN_LENGTH), order: order.map((c: unknown, i: number) => r.colour(c, `order[${i}]`)) };
    }
    case 'draw':
      r.keys(['k', 'event', 'seat', 'tile']);
      return { k: 'draw', event: r.int('event', 0, MAX_CHAIN_LENGTH), seat: r.int('seat', 0, COLOURS.length - 1), tile: r.string('tile', TILE_ID, 'a tile id') };
    case 'place':
      r.keys(['k', 'seat', 'x', 'y', 'r']);
      return { k: 'place', seat: r.int('seat', 0, COLOURS.length - 1), x: r.int('x', -COORD, COORD), y: r.int('y', -COORD, COORD), r: r.int('r', 0, 3) };
    case 'deploy':
      r.keys(['k', 'seat', 'deployment']);
      return { k: 'deploy', seat: r.int('seat', 0, COLOURS.length - 1), deployment: readDeployment(r, raw.deployment) };
    case 'throw': {
      r.keys(['k', 'event', 'values']);
      const v = raw.values;
      if (!Array.isArray(v) || !v.length || !v.every((dice) => Array.isArray(dice) && dice.length >= 1 && dice.length <= 3 && dice.every((d) => Number.isSafeInteger(d) && d >= 1 && d <= 8)))
        r.fail('"values" must be a list of 1 to 3 die values (1–8) per participant');
      return { k: 'throw', event: r.int('event', 0, MAX_CHAIN_LENGTH), values: (v as number[][]).map((dice) => dice.slice()) };
    }
    case 'hash':
      r.keys(['k', 'turn', 'state']);
      return { k: 'hash', turn: r.int('turn', 1, 1_000_000), state: r.hex('state', 32) };
    case 'over': {
      r.keys(['k', 'scores']);
      const s = raw.scores;
      if (!Array.isArray(s) || !s.length || !s.every((n) => Number.isSafeInteger(n) && n >= 0)) r.fail('"scores" must be a list of non-negative integers');
      return { k: 'over', scores: (s as number[]).slice() };
    }
  }
}

function parseJson(text: string, what: string): Raw {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (e) {
    throw new LogFormatError(`${what} is not JSON (${(e as Error).message.split('\n')[0]})`, null);
  }
  if (!isObject(raw)) throw new LogFormatError(`${what} must be a JSON object`, null);
  return raw;
}

/** Reads the log object inside a replay (or inside a save). */
export function readLog(raw: unknown): GameLog {
  if (!isObject(raw)) throw new LogFormatError('the replay must be a JSON object', null);
  if (raw.format !== REPLAY_FORMAT) throw new LogFormatError(`not a replay file: "format" must be "${REPLAY_FORMAT}", got ${JSON.stringify(raw.format) ?? 'nothing'}`, null);
  if (typeof raw.version !== 'number' || !READABLE_VERSIONS.includes(raw.version))
    throw new LogFormatError(`unsupported replay version ${JSON.stringify(raw.version) ?? '(missing)'}; this verifier reads versions ${READABLE_VERSIONS.join(' and ')}`, null);
  for (const k of Object.keys(raw)) if (!['format', 'version', 'entries'].includes(k)) throw new LogFormatError(`unexpected top-level field "${k}"`, null);
  if (!Array.isArray(raw.entries)) throw new LogFormatError('"entries" must be a list', null);
  const version = raw.version;
  const entries = raw.entries.map((e, i) => readEntry(e, i));
  if (version === 1) {
    const late = entries.findIndex((e) => e.k === 'drop' || e.k === 'resign' || e.k === 'reclaim' || (e.k === 'settings' && e.bots));
    if (late >= 0) throw new LogFormatError(`entry ${late}: a version-1 replay has no bot seats, drops, resignations or reclaims`, late);
  }
  return { format: REPLAY_FORMAT, version, entries };
}

export function parseLog(text: string): GameLog {
  return readLog(parseJson(text, 'the replay file'));
}

// ---------------------------------------------------------------- the save file

export interface SaveFile { log: GameLog; secrets: { chain: number; secret: string }[] }

export function stringifySave(log: GameLog, secrets: { chain: number; secret: string }[]): string {
  const replay = stringifyLog(log).trimEnd();
  return `{"format":${JSON.stringify(SAVE_FORMAT)},"version":${LOG_VERSION},"secrets":${JSON.stringify(secrets)},\n"replay":${replay}}\n`;
}

export function parseSave(text: string): SaveFile {
  return readSave(parseJson(text, 'the save'));
}

/** A replay file, or a save file (its replay and its secrets). */
export function parseReplayOrSave(text: string): { log: GameLog; secrets: SaveFile['secrets'] | null } {
  const raw = parseJson(text, 'the file');
  if (raw.format === SAVE_FORMAT) return readSave(raw);
  return { log: readLog(raw), secrets: null };
}

function readSave(raw: Raw): SaveFile {
  if (raw.format !== SAVE_FORMAT) throw new LogFormatError(`not a save file: "format" must be "${SAVE_FORMAT}"`, null);
  if (typeof raw.version !== 'number' || !READABLE_VERSIONS.includes(raw.version)) throw new LogFormatError(`unsupported save version ${JSON.stringify(raw.version) ?? '(missing)'}`, null);
  const secrets = raw.secrets;
  if (!Array.isArray(secrets) || !secrets.every((s) => isObject(s) && Number.isSafeInteger(s.chain) && isHex(s.secret, 32)))
    throw new LogFormatError('"secrets" must be a list of {"chain": n, "secret": 64 hex digits}', null);
  return { log: readLog(raw.replay), secrets: (secrets as { chain: number; secret: string }[]).map((s) => ({ chain: s.chain, secret: s.secret })) };
}
