// The game log (P4.1): the ordered list of entries that is at once the save file, the
// replay file and the crash report. Parsing turns untrusted JSON into typed entries and
// names the first malformed entry in a one-line error (P1.3, P4.2).
import { COLOURS, type Colour, type Deployment, type GameOptions, type GameSetup } from '../engine';
import { MAX_CHAIN_LENGTH } from './chain';
import { GAME_ID_PATTERN } from './derive';
import { isHex } from './hex';
import { StrictJsonError, clip, isJsonObject, parseStrictJson, quote, type JsonObject, type JsonValue, type StrictJsonOptions } from './strict-json';

export const REPLAY_FORMAT = 'carcassonne-star-wars-replay';
export const SAVE_FORMAT = 'carcassonne-star-wars-save';
/** The version this program writes for a one-device game. Version 2 added the participants of a throw (P4.2). */
export const LOG_VERSION = 2;
/** The version of a networked game's replay: version 2 plus every seat's key and signatures (P5.1). */
export const SIGNED_LOG_VERSION = 3;
/** Versions this program reads: every version-1 and version-2 replay still verifies (as unsigned). */
export const READABLE_VERSIONS: readonly LogVersion[] = [1, 2, 3];
export type LogVersion = 1 | 2 | 3;

/** Largest replay or save file accepted, in bytes (a full 6-seat Expansion 1 game is about 110 KB). */
export const MAX_FILE_BYTES = 4 * 1024 * 1024;
/** The strict JSON grammar (strict-json.ts) with the limits of replay and save files. */
export const LOG_JSON_LIMITS: StrictJsonOptions = { maxBytes: MAX_FILE_BYTES, maxDepth: 8, maxStringChars: 256, maxItems: 65_536 };
/** Longest error line any reader of these files prints. */
export const MAX_ERROR_LINE = 200;
/** Most seats (and so chains, secrets, participants, scores). */
export const MAX_SEATS = COLOURS.length;
/** Board coordinates in a placement lie in [-MAX_COORD, MAX_COORD] (a game has at most 94 tiles). */
export const MAX_COORD = 1000;
/** Turn numbers of hash entries lie in [1, MAX_TURN]. */
export const MAX_TURN = 4096;
/** Scores lie in [0, MAX_SCORE]. */
export const MAX_SCORE = 1_000_000;

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
/** One participant of a battle throw as the engine's pending(state) lists it (P4.2, version 2). */
export interface ThrowParticipant {
  /** The seat index (in seat order, after any seat shuffle), or the team index in the team variant (0 Rebel, 1 Empire). */
  scorer: number;
  /** How many dice it rolls (1–3, R6.2). */
  dice: number;
  /** Whether its last die is the yellow 3–8 die (R6.8). */
  yellow: boolean;
}
/**
 * A battle throw derived from event `event` (P2.4): dice per participant in participant
 * order. Version 2 names the participants, so the dice can be re-derived without the rules
 * engine; version-1 entries have no `participants`.
 */
export interface ThrowEntry { k: 'throw'; event: number; participants?: ThrowParticipant[]; values: number[][] }
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

/**
 * A chat line of a networked game: seat `colour`'s `n`-th item, written when its log had
 * `at` entries. Kept beside the entries, in one order (at, colour, n), so every peer writes
 * the same bytes whatever order the lines arrived in.
 */
export interface ChatEntry { colour: Colour; n: number; at: number; text: string; /** Version 3: the author's signature. */ sig?: string }
export const MAX_CHAT_TEXT = 200;
export const MAX_CHAT_LINES = 200 * MAX_SEATS;

export function compareChat(x: ChatEntry, y: ChatEntry): number {
  return x.at - y.at || (x.colour < y.colour ? -1 : x.colour > y.colour ? 1 : x.n - y.n);
}

export interface GameLog { format: typeof REPLAY_FORMAT; version: LogVersion; entries: LogEntry[]; chat?: ChatEntry[]; signed?: SignedSection }

/** A seat of the host-signed start record: its colour, its bot (or null) and its player's public key. */
export interface RosterSeat { colour: Colour; bot: BotLevel | null; pub: string | null; name: string | null }
/** The signed position of one authored log entry (P5.1): author lobby seat `a`, its `n`-th item, the state hash it carried. */
export interface EntrySignature { at: number; a: number; n: number; h: { turn: number; state: string } | null; sig: string }
/** One signed vote behind a drop or reclaim: seat `a`'s `n`-th item, written when its log had `at` entries. */
export interface VoteSignature { a: number; n: number; at: number; sig: string }
/** The votes behind the drop or reclaim entry at log index `at` (a drop's point is its index; a reclaim's, a turn). */
export interface VoteRecord { at: number; what: 'drop' | 'reclaim'; colour: Colour; point: number; by: VoteSignature[] }
/**
 * Version 3 (networked games): the host-signed start record (roster with every seat's
 * Ed25519 key), one signature per authored entry, the signed votes behind every drop and
 * reclaim; chat lines carry their signatures.
 */
export interface SignedSection { host: string; startSig: string; roster: RosterSeat[]; entries: EntrySignature[]; votes: VoteRecord[] }

/** A malformed file, or a malformed entry (`entry` is its index). The message is one line of at most MAX_ERROR_LINE characters. */
export class LogFormatError extends Error {
  constructor(message: string, readonly entry: number | null) {
    super(clip(message, MAX_ERROR_LINE));
    this.name = 'LogFormatError';
  }
}

// ---------------------------------------------------------------- writing

/** The replay file: one entry per line so that a diff or a human can follow it. */
export function stringifyLog(log: GameLog): string {
  const lines = log.entries.map((e) => '  ' + JSON.stringify(e));
  const chat = log.chat?.length ? `,"chat":[\n${log.chat.map((c) => '  ' + JSON.stringify(c.sig !== undefined ? { colour: c.colour, n: c.n, at: c.at, text: c.text, sig: c.sig } : { colour: c.colour, n: c.n, at: c.at, text: c.text })).join(',\n')}\n]` : '';
  return `{"format":${JSON.stringify(log.format)},"version":${log.version},"entries":[\n${lines.join(',\n')}\n]${chat}${log.signed ? stringifySigned(log.signed) : ''}}\n`;
}

function stringifySigned(g: SignedSection): string {
  const list = (xs: string[]) => (xs.length ? `[\n${xs.map((x) => '  ' + x).join(',\n')}\n]` : '[]');
  const roster = g.roster.map((r) => JSON.stringify({ colour: r.colour, bot: r.bot, pub: r.pub, name: r.name }));
  const entries = g.entries.map((e) => JSON.stringify({ at: e.at, a: e.a, n: e.n, h: e.h ? { turn: e.h.turn, state: e.h.state } : null, sig: e.sig }));
  const votes = g.votes.map((v) => JSON.stringify({ at: v.at, what: v.what, colour: v.colour, point: v.point, by: v.by.map((b) => ({ a: b.a, n: b.n, at: b.at, sig: b.sig })) }));
  return `,"host":${JSON.stringify(g.host)},"startSig":${JSON.stringify(g.startSig)},"roster":${list(roster)},"signed":${list(entries)},"votes":${list(votes)}`;
}

// ---------------------------------------------------------------- reading

type Raw = { [key: string]: unknown };

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
    if (typeof v !== 'number' || !Number.isSafeInteger(v) || v < min || v > max) this.fail(`"${key}" must be an integer from ${min} to ${max}, got ${quote(v)}`);
    return v;
  }

  hex(key: string, bytes: number): string {
    const v = this.raw[key];
    if (!isHex(v, bytes)) this.fail(`"${key}" must be ${bytes * 2} lowercase hex digits, got ${quote(v, 20)}`);
    return v;
  }

  colour(v: unknown, where: string): Colour {
    if (typeof v !== 'string' || !COLOURS.includes(v as Colour)) this.fail(`${where} must be one of ${COLOURS.join(', ')}, got ${quote(v, 20)}`);
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

function isObject(v: unknown): v is Raw {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

const isInt = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v);

function readSetup(r: EntryReader, raw: unknown): GameSetup {
  if (!isObject(raw)) r.fail('"setup" must be an object');
  const seatsRaw = raw.seats;
  if (!Array.isArray(seatsRaw) || seatsRaw.length < 1 || seatsRaw.length > MAX_SEATS) r.fail(`"setup.seats" must be a list of 1 to ${MAX_SEATS} colours`);
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
  const coord = (v: unknown): v is number => isInt(v) && v >= -MAX_COORD && v <= MAX_COORD;
  let target: Deployment['target'];
  if (isObject(t) && Object.keys(t).length === 1 && isInt(t.seg) && t.seg >= 0 && t.seg <= MAX_SEGMENT) target = { seg: t.seg };
  else if (isObject(t) && Object.keys(t).length === 1 && isObject(t.attack) && Object.keys(t.attack).length === 2 && coord(t.attack.x) && coord(t.attack.y))
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

/** Segment indices of a tile lie in [0, MAX_SEGMENT]. */
export const MAX_SEGMENT = 15;
const TILE_ID = /^[A-Za-z0-9_.-]{1,32}$/;

function readThrowParticipants(r: EntryReader, raw: unknown): ThrowParticipant[] {
  const shape = `"participants" must be a list of 1 to ${MAX_SEATS} {"scorer": 0–${MAX_SEATS - 1}, "dice": 1–3, "yellow": true|false}`;
  if (!Array.isArray(raw) || raw.length < 1 || raw.length > MAX_SEATS) r.fail(shape);
  return raw.map((p, i) => {
    if (!isObject(p)) r.fail(shape);
    for (const key of Object.keys(p)) if (key !== 'scorer' && key !== 'dice' && key !== 'yellow') r.fail(`unexpected field "participants[${i}].${key}"`);
    if (!isInt(p.scorer) || p.scorer < 0 || p.scorer >= MAX_SEATS || !isInt(p.dice) || p.dice < 1 || p.dice > 3 || typeof p.yellow !== 'boolean') r.fail(shape);
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
  const kinds: EntryKind[] = ['settings', 'commit', 'reveal', 'seats', 'draw', 'place', 'deploy', 'throw', 'hash', 'over', 'drop', 'resign', 'reclaim'];
  if (typeof k !== 'string' || !kinds.includes(k as EntryKind))
    throw new LogFormatError(`entry ${index}: unknown kind ${quote(k, 20)} (expected one of ${kinds.join(', ')})`, index);
  const r: EntryReader = new EntryReader(raw, index, k);
  switch (k as EntryKind) {
    case 'settings': {
      const withBots = 'bots' in raw;
      r.keys(withBots ? ['k', 'setup', 'gameId', 'chainLength', 'shuffleSeats', 'bots'] : ['k', 'setup', 'gameId', 'chainLength', 'shuffleSeats']);
      const settings: SettingsEntry = {
        k: 'settings', setup: readSetup(r, raw.setup), gameId: r.string('gameId', GAME_ID_PATTERN, '1–64 characters of [0-9A-Za-z_-]'),
        chainLength: readChainLength(r, raw.chainLength, version), shuffleSeats: r.bool('shuffleSeats'),
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
      return { k: 'commit', chain: r.int('chain', 0, MAX_SEATS - 1), colour: r.colour(raw.colour, '"colour"'), commitment: r.hex('commitment', 32) };
    case 'reveal':
      r.keys(['k', 'chain', 'event', 'value']);
      return { k: 'reveal', chain: r.int('chain', 0, MAX_SEATS - 1), event: r.int('event', 0, MAX_CHAIN_LENGTH - 1), value: r.hex('value', 32) };
    case 'seats': {
      r.keys(['k', 'event', 'order']);
      const order = raw.order;
      if (!Array.isArray(order) || order.length < 1 || order.length > MAX_SEATS) r.fail(`"order" must be a list of 1 to ${MAX_SEATS} colours`);
      return { k: 'seats', event: r.int('event', 0, MAX_CHAIN_LENGTH - 1), order: order.map((c: unknown, i: number) => r.colour(c, `order[${i}]`)) };
    }
    case 'draw':
      r.keys(['k', 'event', 'seat', 'tile']);
      return { k: 'draw', event: r.int('event', 0, MAX_CHAIN_LENGTH - 1), seat: r.int('seat', 0, MAX_SEATS - 1), tile: r.string('tile', TILE_ID, 'a tile id') };
    case 'place':
      r.keys(['k', 'seat', 'x', 'y', 'r']);
      return { k: 'place', seat: r.int('seat', 0, MAX_SEATS - 1), x: r.int('x', -MAX_COORD, MAX_COORD), y: r.int('y', -MAX_COORD, MAX_COORD), r: r.int('r', 0, 3) };
    case 'deploy':
      r.keys(['k', 'seat', 'deployment']);
      return { k: 'deploy', seat: r.int('seat', 0, MAX_SEATS - 1), deployment: readDeployment(r, raw.deployment) };
    case 'throw': {
      r.keys(version === 1 ? ['k', 'event', 'values'] : ['k', 'event', 'participants', 'values']);
      const event = r.int('event', 0, MAX_CHAIN_LENGTH - 1);
      const participants = version === 1 ? undefined : readThrowParticipants(r, raw.participants);
      const v = raw.values;
      if (!Array.isArray(v) || v.length < 1 || v.length > MAX_SEATS || !v.every((dice) => Array.isArray(dice) && dice.length >= 1 && dice.length <= 3 && dice.every((d) => isInt(d) && d >= 1 && d <= 8)))
        r.fail(`"values" must be a list of 1 to ${MAX_SEATS} lists of 1 to 3 die values (1–8)`);
      const values = (v as number[][]).map((dice) => dice.slice());
      if (!participants) return { k: 'throw', event, values };
      // Version 2: the values must fit the participants they are given for (R6.2, R1.5, R6.8).
      if (values.length !== participants.length) r.fail(`"values" must hold one list per participant (${participants.length}), got ${values.length}`);
      participants.forEach((p, i) => {
        if (values[i].length !== p.dice) r.fail(`"values[${i}]" must hold ${p.dice} dice, as "participants[${i}].dice" says, got ${values[i].length}`);
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

/** Text or bytes of a whole file, parsed by the strict grammar with the file limits. */
export type FileInput = string | Uint8Array;

function parseJson(input: FileInput, what: string): JsonObject {
  let raw: JsonValue;
  try {
    raw = parseStrictJson(input, LOG_JSON_LIMITS);
  } catch (e) {
    if (e instanceof StrictJsonError) throw new LogFormatError(`${what} is not JSON of this format: ${e.message}`, null);
    throw e;
  }
  if (!isJsonObject(raw)) throw new LogFormatError(`${what} must be a JSON object`, null);
  return raw;
}

function readVersion(raw: Raw, what: string): LogVersion {
  const v = raw.version;
  if (!READABLE_VERSIONS.includes(v as LogVersion))
    throw new LogFormatError(`unsupported ${what} version ${v === undefined ? '(missing)' : quote(v, 20)}; this verifier reads versions 1 and 2 (unsigned) and 3 (signed)`, null);
  return v as LogVersion;
}

/** Chat lines, in (at, colour, n) order, each from a seat of the game that is not a bot seat (a bot seat has no player to write). */
function readChat(raw: unknown, entries: number, settings: LogEntry | undefined, signed = false): ChatEntry[] {
  const players = settings?.k === 'settings' ? settings.setup.seats.filter((_, i) => !settings.bots?.[i]) : [];
  const shape = `"chat" must be a list of at most ${MAX_CHAT_LINES} {"colour", "n", "at", "text"${signed ? ', "sig"' : ''}} lines`;
  if (!Array.isArray(raw) || raw.length > MAX_CHAT_LINES) throw new LogFormatError(shape, null);
  const out = raw.map((c, i): ChatEntry => {
    const fields = signed ? ['colour', 'n', 'at', 'text', 'sig'] : ['colour', 'n', 'at', 'text'];
    if (!isObject(c) || Object.keys(c).length !== fields.length || !fields.every((k) => k in c)) throw new LogFormatError(`chat line ${i}: ${shape}`, null);
    const { colour, n, at, text } = c as Record<string, unknown>;
    if (signed && !isHex(c.sig, 64)) throw new LogFormatError(`chat line ${i}: "sig" must be 128 lowercase hex digits`, null);
    if (typeof colour !== 'string' || !COLOURS.includes(colour as Colour)) throw new LogFormatError(`chat line ${i}: "colour" must be a colour`, null);
    if (!players.includes(colour as Colour)) throw new LogFormatError(`chat line ${i}: "colour" must be a player's seat of this game (${players.join(', ') || 'none'}), got ${quote(colour, 20)}`, null);
    if (!isInt(n) || n < 0 || n > 1_000_000 || !isInt(at) || at < 0 || at > entries) throw new LogFormatError(`chat line ${i}: "n" and "at" must be integers within the log`, null);
    if (typeof text !== 'string' || text.length > MAX_CHAT_TEXT || /[\u0000-\u001f\u007f\u2028\u2029]/.test(text)) throw new LogFormatError(`chat line ${i}: "text" must be at most ${MAX_CHAT_TEXT} characters without control characters`, null);
    return signed ? { colour: colour as Colour, n, at, text, sig: c.sig as string } : { colour: colour as Colour, n, at, text };
  });
  for (let i = 1; i < out.length; i++) if (compareChat(out[i - 1], out[i]) >= 0) throw new LogFormatError(`chat line ${i}: lines must be in (at, colour, n) order, each once`, null);
  return out;
}

/** Reads the log object inside a replay (or inside a save). */
export function readLog(raw: unknown): GameLog {
  if (!isObject(raw)) throw new LogFormatError('the replay must be a JSON object', null);
  if (raw.format !== REPLAY_FORMAT) throw new LogFormatError(`not a replay file: "format" must be "${REPLAY_FORMAT}", got ${raw.format === undefined ? 'nothing' : quote(raw.format, 40)}`, null);
  const version = readVersion(raw, 'replay');
  const signedKeys = ['host', 'startSig', 'roster', 'signed', 'votes'];
  for (const k of Object.keys(raw)) if (!['format', 'version', 'entries', ...(version >= 2 ? ['chat'] : []), ...(version >= 3 ? signedKeys : [])].includes(k)) throw new LogFormatError(`unexpected top-level field ${quote(k, 20)}`, null);
  if (!Array.isArray(raw.entries)) throw new LogFormatError('"entries" must be a list', null);
  const entries = raw.entries.map((e, i) => readEntry(e, i, version));
  const chat = 'chat' in raw ? readChat(raw.chat, entries.length, entries[0], version >= 3) : undefined;
  if (version >= 3) {
    for (const k of signedKeys) if (!(k in raw)) throw new LogFormatError(`a version-3 replay lacks "${k}"`, null);
    const signed = readSigned(raw, entries.length);
    return chat ? { format: REPLAY_FORMAT, version, entries, chat, signed } : { format: REPLAY_FORMAT, version, entries, signed };
  }
  if (version === 1) {
    const late = entries.findIndex((e) => e.k === 'drop' || e.k === 'resign' || e.k === 'reclaim' || (e.k === 'settings' && e.bots));
    if (late >= 0) throw new LogFormatError(`entry ${late}: a version-1 replay has no bot seats, drops, resignations or reclaims`, late);
  }
  return chat ? { format: REPLAY_FORMAT, version, entries, chat } : { format: REPLAY_FORMAT, version, entries };
}

/** The version-3 signature sections, checked for shape here (the signatures themselves by src/fair/signatures.ts). */
function readSigned(raw: Raw, entries: number): SignedSection {
  const bad = (what: string): never => {
    throw new LogFormatError(`signatures: ${what}`, null);
  };
  const int = (v: unknown, where: string, max: number) => (isInt(v) && v >= 0 && v <= max ? v : bad(`${where} must be an integer from 0 to ${max}`));
  const hex = (v: unknown, where: string, bytes: number) => (isHex(v, bytes) ? v : bad(`${where} must be ${bytes * 2} lowercase hex digits`));
  const exact = (v: unknown, where: string, keys: string[]): Raw => {
    if (!isObject(v) || Object.keys(v).length !== keys.length || !keys.every((k) => k in v)) bad(`${where} must be {${keys.join(', ')}}`);
    return v as Raw;
  };
  const colour = (v: unknown, where: string): Colour => (typeof v === 'string' && COLOURS.includes(v as Colour) ? (v as Colour) : bad(`${where} must be a colour`));
  const list = (v: unknown, where: string, max: number): unknown[] => (Array.isArray(v) && v.length <= max ? v : bad(`${where} must be a list of at most ${max}`));
  const roster = list(raw.roster, '"roster"', MAX_SEATS).map((r, i): RosterSeat => {
    const o = exact(r, `roster[${i}]`, ['colour', 'bot', 'pub', 'name']);
    const bot = o.bot === null ? null : BOT_LEVELS.includes(o.bot as BotLevel) ? (o.bot as BotLevel) : bad(`roster[${i}].bot must be null or a bot level`);
    const name = o.name === null ? null : typeof o.name === 'string' && o.name.length <= 32 && !/[\u0000-\u001f\u007f\u2028\u2029]/.test(o.name) ? o.name : bad(`roster[${i}].name must be null or a short name`);
    return { colour: colour(o.colour, `roster[${i}].colour`), bot, pub: o.pub === null ? null : hex(o.pub, `roster[${i}].pub`, 32), name };
  });
  const signed = list(raw.signed, '"signed"', entries).map((e, i): EntrySignature => {
    const o = exact(e, `signed[${i}]`, ['at', 'a', 'n', 'h', 'sig']);
    let h: EntrySignature['h'] = null;
    if (o.h !== null) {
      const ho = exact(o.h, `signed[${i}].h`, ['turn', 'state']);
      h = { turn: int(ho.turn, `signed[${i}].h.turn`, MAX_TURN), state: hex(ho.state, `signed[${i}].h.state`, 32) };
    }
    return { at: int(o.at, `signed[${i}].at`, entries), a: int(o.a, `signed[${i}].a`, MAX_SEATS - 1), n: int(o.n, `signed[${i}].n`, 1_000_000), h, sig: hex(o.sig, `signed[${i}].sig`, 64) };
  });
  const votes = list(raw.votes, '"votes"', entries).map((v, i): VoteRecord => {
    const o = exact(v, `votes[${i}]`, ['at', 'what', 'colour', 'point', 'by']);
    if (o.what !== 'drop' && o.what !== 'reclaim') bad(`votes[${i}].what must be "drop" or "reclaim"`);
    const by = list(o.by, `votes[${i}].by`, MAX_SEATS).map((b, j): VoteSignature => {
      const q = exact(b, `votes[${i}].by[${j}]`, ['a', 'n', 'at', 'sig']);
      return { a: int(q.a, `votes[${i}].by[${j}].a`, MAX_SEATS - 1), n: int(q.n, `votes[${i}].by[${j}].n`, 1_000_000), at: int(q.at, `votes[${i}].by[${j}].at`, 1_000_000), sig: hex(q.sig, `votes[${i}].by[${j}].sig`, 64) };
    });
    return { at: int(o.at, `votes[${i}].at`, entries), what: o.what as 'drop' | 'reclaim', colour: colour(o.colour, `votes[${i}].colour`), point: int(o.point, `votes[${i}].point`, 1_000_000), by };
  });
  return { host: hex(raw.host, '"host"', 32), startSig: hex(raw.startSig, '"startSig"', 64), roster, entries: signed, votes };
}

export function parseLog(input: FileInput): GameLog {
  return readLog(parseJson(input, 'the replay file'));
}

// ---------------------------------------------------------------- the save file

export interface SaveFile { log: GameLog; secrets: { chain: number; secret: string }[] }

export function stringifySave(log: GameLog, secrets: { chain: number; secret: string }[]): string {
  const replay = stringifyLog(log).trimEnd();
  return `{"format":${JSON.stringify(SAVE_FORMAT)},"version":${log.version},"secrets":${JSON.stringify(secrets)},\n"replay":${replay}}\n`;
}

export function parseSave(input: FileInput): SaveFile {
  return readSave(parseJson(input, 'the save'));
}

/** A replay file, or a save file (its replay and its secrets). */
export function parseReplayOrSave(input: FileInput): { log: GameLog; secrets: SaveFile['secrets'] | null } {
  const raw = parseJson(input, 'the file');
  if (raw.format === SAVE_FORMAT) return readSave(raw);
  return { log: readLog(raw), secrets: null };
}

/**
 * The secrets of a save: at most one per chain, in increasing chain order, each chain one
 * the log commits to (checked by the verifier), so checking them costs at most
 * MAX_SEATS × MAX_CHAIN_LENGTH hashes whatever the file holds.
 */
function readSave(raw: Raw): SaveFile {
  if (raw.format !== SAVE_FORMAT) throw new LogFormatError(`not a save file: "format" must be "${SAVE_FORMAT}"`, null);
  const version = readVersion(raw, 'save');
  for (const k of Object.keys(raw)) if (!['format', 'version', 'secrets', 'replay'].includes(k)) throw new LogFormatError(`unexpected top-level field ${quote(k, 20)} in the save`, null);
  const secrets = raw.secrets;
  const shape = `"secrets" must be a list of at most ${MAX_SEATS} {"chain": n, "secret": 64 lowercase hex digits}, one per chain in increasing chain order`;
  if (!Array.isArray(secrets) || secrets.length > MAX_SEATS) throw new LogFormatError(shape, null);
  const out: SaveFile['secrets'] = [];
  secrets.forEach((s, i) => {
    if (!isObject(s) || Object.keys(s).length !== 2 || !isInt(s.chain) || s.chain < 0 || s.chain >= MAX_SEATS || !isHex(s.secret, 32)) throw new LogFormatError(`${shape} (secret ${i})`, null);
    if (i > 0 && s.chain <= out[i - 1].chain) throw new LogFormatError(`${shape} (secret ${i} repeats or reorders chain ${s.chain})`, null);
    out.push({ chain: s.chain, secret: s.secret });
  });
  const log = readLog(raw.replay);
  if (log.version !== version) throw new LogFormatError(`the save is version ${version} but its replay is version ${log.version}`, null);
  return { log, secrets: out };
}

/**
 * The same log as an unsigned version-2 replay (signatures, keys and votes left out):
 * what a log binds without signatures, for the mutation tests and the independent verifier.
 */
export function withoutSignatures(log: GameLog): GameLog {
  const plain: GameLog = { format: log.format, version: 2, entries: log.entries };
  if (log.chat?.length) plain.chat = log.chat.map(({ colour, n, at, text }) => ({ colour, n, at, text }));
  return plain;
}
