// The wire format between peers (P3.4): versioned JSON frames, each parsed and validated
// into a typed value before anything else sees it — shape (no unknown or missing fields),
// size (frame, names, chat, lists), ranges — or rejected with a one-line reason. The
// checks that need the game (sender seat, sequence, turn, legality) come after, in the
// mesh session; a frame that fails any of them changes nothing.
import { COLOURS, defaultOptions, type Colour, type GameOptions } from '../engine';
import { MAX_CHAIN_LENGTH } from '../fair/chain';
import { carriesClaim, MAX_BANK_CLAIM } from '../fair/time-bank';
import { isHex } from '../fair/hex';
import {
  BOT_LEVELS,
  DEFAULT_GAME_CLOCK,
  LogFormatError,
  MAX_LOG_INDEX,
  MAX_TURN,
  readEntry,
  type BotLevel,
  type GameClock,
  type LogEntry,
  type SettingsEntry,
} from '../fair/log';
import { parseStrictJson, StrictJsonError } from '../fair/strict-json';
import { MAX_FRAME_CHARS } from './transport';
import { MAX_CHAT_PER_SEAT } from './lockstep/limits';
import { BIDI_CONTROL, MAX_NAME_CHARS, ZERO_WIDTH } from './visible-text';

export { MAX_NAME_CHARS, NOT_IN_CHAT, NOT_IN_NAMES } from './visible-text';

/**
 * 2: items name the log prefix they extend (`p`), and a drop veto names the entry it took.
 * 3: a chat item carries its seat's chat number (`c`), and only a move carries a state hash.
 * 4: a sync request carries, per seat, the digest of the items it counts (`dig`).
 * 5: a catch-up answer packs its items in `items` frames (many per frame, few round trips).
 * 6: the lobby and the start's settings carry the game clock (`clock`: caps, bank, free parts).
 */
export const WIRE_VERSION = 7;
export const MAX_CHAT_CHARS = 200;
/** Items one sync answer carries at most; the asker asks again for the rest. */
export const MAX_ITEMS_PER_ANSWER = 64;
/**
 * Items a catch-up answer carries at most (an asker that lacks more than MAX_ITEMS_PER_ANSWER:
 * a late joiner, a reload, a return after a cut), packed in `items` frames; a whole game of
 * 6 seats fits in one or two answers.
 */
export const MAX_ITEMS_PER_CATCH_UP = 2048;
/** Items one `items` frame carries at most (the frame cap bounds it too). */
export const MAX_ITEMS_PER_FRAME = 512;
const MAX_SEQ = 1_000_000;
/** One bound with the replay's (log-entries.ts): every index an item names is one a replay keeps. */
const MAX_LOG = MAX_LOG_INDEX;

/** What a seat authors and signs, beside the log entries: votes, vetoes, chat (P2.6). */
export type ItemBody =
  | { k: 'entry'; entry: LogEntry }
  /** I agree to drop `colour` at log index `point`, or (reclaim) to let it back at the placement of turn `point`. */
  | { k: 'vote'; what: 'drop' | 'reclaim'; colour: Colour; point: number }
  /**
   * I already went past that point without the change (so it cannot pass). A drop veto names
   * the seat's own entry it took there (its number and signature); one that names none counts for nothing.
   */
  | { k: 'veto'; what: 'drop' | 'reclaim'; colour: Colour; point: number; took: { n: number; sig: string } | null }
  /** `c`: the seat's own chat number, 0, 1, 2… (the replay keeps a seat's lines 0..k-1, so a missing one is seen). */
  | { k: 'chat'; c: number; text: string };

/**
 * One authored item: author seat `a` (lobby index), its `n`-th item, written when the
 * author's log had `at` entries (for a log entry: the index it takes), with the author's
 * latest state hash piggybacked (P1.4) and a signature (none for a reveal, which its chain proves).
 */
export interface Item {
  a: number;
  n: number;
  at: number;
  body: ItemBody;
  h: { turn: number; state: string } | null;
  /** The hash of the author's log prefix of `at` entries (src/fair/prefix-hash.ts) where `boundToPrefix` says so, else null. */
  p: string | null;
  /** A move's time-bank claim: per lobby seat, the whole seconds of bank used by the author's clock (src/fair/time-bank.ts); else null. */
  w: number[] | null;
  sig: string | null;
}

export interface LobbySeat {
  colour: Colour;
  bot: BotLevel | null;
  pub: string | null;
  name: string | null;
}
export interface LobbyState {
  gameId: string;
  host: string;
  options: GameOptions;
  shuffleSeats: boolean;
  /** The game clock the start will sign (a lobby saved before wire version 6 has none: the defaults). */
  clock: GameClock;
  /** The bot that will play a dropped or resigned seat, when not the default (greedy). */
  standIn?: BotLevel;
  seats: LobbySeat[];
  rematchOf: string | null;
}

/** The start of a game: its settings (log entry 0) and who holds each seat, signed by the host. */
export interface StartRecord {
  settings: SettingsEntry;
  roster: LobbySeat[];
  host: string;
  sig: string;
}

export type Frame =
  | { t: 'hello'; v: number; pub: string; nonce: string; name: string; game: string | null; role: 'player' | 'watch' }
  | { t: 'auth'; sig: string }
  | { t: 'lobby'; lobby: LobbyState }
  /** A guest asks for a colour (null: leaves its seat), proving it holds the game's invitation (lobby.ts invitationProof). */
  | { t: 'take'; colour: Colour | null; proof: string | null }
  | { t: 'start'; start: StartRecord }
  | { t: 'item'; item: Item }
  /** A catch-up's batch: items by seat, then number, each seat's numbers consecutive; each is judged like an `item`. */
  | { t: 'items'; items: Item[] }
  /** Proof of equivocation (P5.1): two items one seat signed under one number, or for one log index; judged on signatures alone. */
  | { t: 'evidence'; first: Item; second: Item }
  /** `dig[a]`: the digest of seat a's first `have[a]` items (item-pool.ts), so a version the numbers hide is found. */
  | { t: 'sync'; have: number[]; len: number; dig: string[] }
  | { t: 'addr'; peers: { pub: string; id: string }[] }
  | { t: 'rematch'; gameId: string }
  | { t: 'bye' };

export class WireError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WireError';
  }
}

type Raw = Record<string, unknown>;

function fail(what: string): never {
  throw new WireError(what);
}

function obj(v: unknown, where: string, keys: readonly string[]): Raw {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) fail(`${where} must be an object`);
  const o = v as Raw;
  for (const k of Object.keys(o)) if (!keys.includes(k)) fail(`${where} has an unexpected field "${k.slice(0, 24)}"`);
  for (const k of keys) if (!(k in o)) fail(`${where} lacks "${k}"`);
  return o;
}

function int(v: unknown, where: string, min: number, max: number): number {
  if (typeof v !== 'number' || !Number.isSafeInteger(v) || v < min || v > max) fail(`${where} must be an integer from ${min} to ${max}`);
  return v;
}

function list(v: unknown, where: string, min: number, max: number): unknown[] {
  if (!Array.isArray(v) || v.length < min || v.length > max) fail(`${where} must be a list of ${min} to ${max}`);
  return v;
}

function hex(v: unknown, where: string, bytes: number): string {
  if (!isHex(v, bytes)) fail(`${where} must be ${bytes * 2} hex digits`);
  return v;
}

function text(v: unknown, where: string, max: number): string {
  if (typeof v !== 'string' || v.length > max) fail(`${where} must be text of at most ${max} characters`);
  // No control characters: names and chat are shown to people.
  if (/[\u0000-\u001f\u007f\u2028\u2029]/.test(v)) fail(`${where} holds a control character`);
  if (BIDI_CONTROL.test(v)) fail(`${where} holds a bidi control character`);
  return v;
}

/** A person's name: text, and nothing invisible. */
function name(v: unknown, where: string): string {
  const s = text(v, where, MAX_NAME_CHARS);
  if (ZERO_WIDTH.test(s)) fail(`${where} holds a zero-width character`);
  return s;
}

function colour(v: unknown, where: string): Colour {
  if (typeof v !== 'string' || !COLOURS.includes(v as Colour)) fail(`${where} must be a colour`);
  return v as Colour;
}

function gameId(v: unknown, where: string): string {
  if (typeof v !== 'string' || !/^[0-9A-Za-z_-]{1,64}$/.test(v)) fail(`${where} must be a game id`);
  return v;
}

function entry(v: unknown, where: string): LogEntry {
  try {
    return readEntry(v, 0);
  } catch (e) {
    if (e instanceof LogFormatError) fail(`${where}: ${e.message.replace(/^entry 0 ?/, '').slice(0, 120)}`);
    throw e;
  }
}

function readSeat(v: unknown, where: string): LobbySeat {
  const o = obj(v, where, ['colour', 'bot', 'pub', 'name']);
  const bot =
    o.bot === null ? null : BOT_LEVELS.includes(o.bot as BotLevel) ? (o.bot as BotLevel) : fail(`${where}.bot must be null or a bot level`);
  return {
    colour: colour(o.colour, `${where}.colour`),
    bot,
    pub: o.pub === null ? null : hex(o.pub, `${where}.pub`, 32),
    name: o.name === null ? null : name(o.name, `${where}.name`),
  };
}

function readSeats(v: unknown, where: string): LobbySeat[] {
  if (!Array.isArray(v) || v.length < 1 || v.length > COLOURS.length) fail(`${where} must list 1 to ${COLOURS.length} seats`);
  return v.map((s, i) => readSeat(s, `${where}[${i}]`));
}

/**
 * The parts of a lobby that go into the settings entry — options, clock, stand-in — are
 * checked by the log's own reader (one grammar for both, P1.3): `fields` in a settings entry
 * that is otherwise the smallest valid one.
 */
function viaSettings(fields: Raw, where: string): SettingsEntry {
  const base = {
    k: 'settings',
    setup: { seats: ['red'], options: defaultOptions() },
    gameId: 'x',
    chainLength: MAX_CHAIN_LENGTH,
    shuffleSeats: false,
  };
  return entry({ ...base, ...fields }, where) as SettingsEntry;
}

const readOptions = (v: unknown, where: string): GameOptions => viaSettings({ setup: { seats: ['red'], options: v } }, where).setup.options;

function readItem(v: unknown): Item {
  const o = obj(v, 'item', ['a', 'n', 'at', 'body', 'h', 'p', 'w', 'sig']);
  const b = obj(o.body, 'item.body', Object.keys((o.body ?? {}) as Raw).includes('k') ? bodyKeys((o.body as Raw).k) : ['k']);
  let body: ItemBody;
  switch (b.k) {
    case 'entry': {
      const e = entry(b.entry, 'item.body.entry');
      if (!['commit', 'reveal', 'place', 'deploy', 'resign'].includes(e.k)) fail(`item.body.entry: a peer cannot author a ${e.k} entry`);
      body = { k: 'entry', entry: e };
      break;
    }
    case 'vote':
    case 'veto': {
      if (b.what !== 'drop' && b.what !== 'reclaim') fail(`item.body.what must be "drop" or "reclaim"`);
      const what = b.what;
      const point = int(b.point, 'item.body.point', 0, MAX_LOG);
      // A drop is voted (and vetoed) at the point itself, so the prefix hash names the history it is about.
      if (what === 'drop' && point !== o.at) fail(`item.body: a drop ${b.k} is signed for its own point`);
      const c = colour(b.colour, 'item.body.colour');
      if (b.k === 'vote') body = { k: 'vote', what, colour: c, point };
      else {
        let took: { n: number; sig: string } | null = null;
        if (b.took !== null) {
          const t = obj(b.took, 'item.body.took', ['n', 'sig']);
          took = { n: int(t.n, 'item.body.took.n', 0, MAX_SEQ), sig: hex(t.sig, 'item.body.took.sig', 64) };
        }
        if ((what === 'drop') !== (took !== null)) fail('item.body.took: a drop veto names the entry it took, a reclaim veto none');
        body = { k: 'veto', what, colour: c, point, took };
      }
      break;
    }
    case 'chat':
      // A number past the seat's chat limit is refused here: no line the replay would not keep is ever held.
      body = { k: 'chat', c: int(b.c, 'item.body.c', 0, MAX_CHAT_PER_SEAT - 1), text: text(b.text, 'item.body.text', MAX_CHAT_CHARS) };
      break;
    default:
      fail('item.body.k must be entry, vote, veto or chat');
  }
  let h: Item['h'] = null;
  if (o.h !== null) {
    const ho = obj(o.h, 'item.h', ['turn', 'state']);
    // The replay keeps a state hash only on a move, of a turn the log can hold (one grammar with the replay's, P1.4).
    if (!(body.k === 'entry' && boundToPrefix(body))) fail('item.h: only a move carries a state hash');
    h = { turn: int(ho.turn, 'item.h.turn', 1, MAX_TURN), state: hex(ho.state, 'item.h.state', 32) };
  }
  const p = o.p === null ? null : hex(o.p, 'item.p', 32);
  if ((p !== null) !== boundToPrefix(body))
    fail('item.p: moves, votes and vetoes name their prefix hash; chat, commitments, reveals and resignations none');
  // One grammar with the replay's (version 5): a move carries a bank claim, nothing else does; its length is the roster's (item-pool.ts).
  const claims = body.k === 'entry' && carriesClaim(body.entry);
  if ((o.w !== null) !== claims) fail('item.w: a move carries a bank claim, nothing else does');
  const w = o.w === null ? null : list(o.w, 'item.w', 1, COLOURS.length).map((x, i) => int(x, `item.w[${i}]`, 0, MAX_BANK_CLAIM));
  return {
    a: int(o.a, 'item.a', 0, COLOURS.length - 1),
    n: int(o.n, 'item.n', 0, MAX_SEQ),
    at: int(o.at, 'item.at', 0, MAX_LOG),
    body,
    h,
    p,
    w,
    sig: o.sig === null ? null : hex(o.sig, 'item.sig', 64),
  };
}

/**
 * Whether an item names the log prefix it extends (P6): a move, a vote, a veto — choices,
 * always signed at the log's edge. A commitment or a reveal is fixed by the chain whatever
 * the history (one preimage per event) and is often signed before its slot, so it names
 * none; nor does a resignation (the same on every history) or a chat line.
 */
export function boundToPrefix(body: ItemBody): boolean {
  if (body.k === 'chat') return false;
  if (body.k === 'entry') return body.entry.k === 'place' || body.entry.k === 'deploy';
  return true;
}

/** The bank claim an item of `body` carries when no seat has used any bank: a 0 per seat on a move, null on anything else. */
export function unusedClaim(body: ItemBody, seats: number): Item['w'] {
  return body.k === 'entry' && carriesClaim(body.entry) ? Array.from({ length: seats }, () => 0) : null;
}

function bodyKeys(k: unknown): string[] {
  switch (k) {
    case 'entry':
      return ['k', 'entry'];
    case 'vote':
      return ['k', 'what', 'colour', 'point'];
    case 'veto':
      return ['k', 'what', 'colour', 'point', 'took'];
    case 'chat':
      return ['k', 'c', 'text'];
    default:
      return ['k'];
  }
}

/** Parses one frame from a peer; throws WireError with a one-line reason. */
export function parseFrame(frame: unknown): Frame {
  if (typeof frame !== 'string') fail('a frame must be text');
  if (frame.length > MAX_FRAME_CHARS) fail(`a frame of ${frame.length} characters is over the ${MAX_FRAME_CHARS} limit`);
  let raw: unknown;
  try {
    raw = parseStrictJson(frame, { maxBytes: MAX_FRAME_CHARS * 3, maxDepth: 8 });
  } catch (e) {
    if (e instanceof StrictJsonError) fail(`not a valid frame: ${e.message.slice(0, 120)}`);
    throw e;
  }
  const t = (raw as Raw | null)?.t;
  switch (t) {
    case 'hello': {
      const o = obj(raw, 'hello', ['t', 'v', 'pub', 'nonce', 'name', 'game', 'role']);
      if (o.v !== WIRE_VERSION)
        fail(
          `hello: wire version ${typeof o.v === 'number' ? String(o.v).slice(0, 12) : `of type ${Array.isArray(o.v) ? 'list' : typeof o.v}`} ` +
            `is not ${WIRE_VERSION} (update the page)`,
        );
      if (o.role !== 'player' && o.role !== 'watch') fail('hello.role must be "player" or "watch"');
      return {
        t,
        v: WIRE_VERSION,
        pub: hex(o.pub, 'hello.pub', 32),
        nonce: hex(o.nonce, 'hello.nonce', 16),
        name: name(o.name, 'hello.name'),
        game: o.game === null ? null : gameId(o.game, 'hello.game'),
        role: o.role,
      };
    }
    case 'auth': {
      const o = obj(raw, 'auth', ['t', 'sig']);
      return { t, sig: hex(o.sig, 'auth.sig', 64) };
    }
    case 'lobby': {
      const o = obj(raw, 'lobby', ['t', 'lobby']);
      const inner = o.lobby;
      const has = (k: string) => typeof inner === 'object' && inner !== null && k in inner;
      const withClock = has('clock');
      const withStandIn = has('standIn');
      const l = obj(inner, 'lobby.lobby', [
        'gameId',
        'host',
        'options',
        'shuffleSeats',
        ...(withClock ? ['clock'] : []),
        ...(withStandIn ? ['standIn'] : []),
        'seats',
        'rematchOf',
      ]);
      if (typeof l.shuffleSeats !== 'boolean') fail('lobby.shuffleSeats must be true or false');
      return {
        t,
        lobby: {
          gameId: gameId(l.gameId, 'lobby.gameId'),
          host: hex(l.host, 'lobby.host', 32),
          options: readOptions(l.options, 'lobby.options'),
          shuffleSeats: l.shuffleSeats,
          clock: withClock ? viaSettings({ clock: l.clock }, 'lobby.clock').clock! : { ...DEFAULT_GAME_CLOCK },
          ...(withStandIn ? { standIn: viaSettings({ standIn: l.standIn }, 'lobby.standIn').standIn } : {}),
          seats: readSeats(l.seats, 'lobby.seats'),
          rematchOf: l.rematchOf === null ? null : gameId(l.rematchOf, 'lobby.rematchOf'),
        },
      };
    }
    case 'take': {
      const o = obj(raw, 'take', ['t', 'colour', 'proof']);
      return {
        t,
        colour: o.colour === null ? null : colour(o.colour, 'take.colour'),
        proof: o.proof === null ? null : hex(o.proof, 'take.proof', 32),
      };
    }
    case 'start': {
      const o = obj(raw, 'start', ['t', 'start']);
      const s = obj(o.start, 'start.start', ['settings', 'roster', 'host', 'sig']);
      const settings = entry(s.settings, 'start.settings');
      if (settings.k !== 'settings') fail('start.settings must be a settings entry');
      return {
        t,
        start: {
          settings,
          roster: readSeats(s.roster, 'start.roster'),
          host: hex(s.host, 'start.host', 32),
          sig: hex(s.sig, 'start.sig', 64),
        },
      };
    }
    case 'item': {
      const o = obj(raw, 'item frame', ['t', 'item']);
      return { t, item: readItem(o.item) };
    }
    case 'items': {
      const o = obj(raw, 'items frame', ['t', 'items']);
      if (!Array.isArray(o.items) || o.items.length === 0 || o.items.length > MAX_ITEMS_PER_FRAME)
        fail(`items.items must list 1 to ${MAX_ITEMS_PER_FRAME} items`);
      const items = o.items.map((v, i) => {
        try {
          return readItem(v);
        } catch (e) {
          if (e instanceof WireError) fail(`items[${i}]: ${e.message}`);
          throw e;
        }
      });
      for (let i = 1; i < items.length; i++) {
        const [p, q] = [items[i - 1], items[i]];
        if (q.a < p.a || (q.a === p.a && q.n !== p.n + 1))
          fail(`items[${i}] is out of order: a batch lists items by seat, then number, with no gap`);
      }
      return { t, items };
    }
    case 'evidence': {
      const o = obj(raw, 'evidence', ['t', 'first', 'second']);
      return { t, first: readItem(o.first), second: readItem(o.second) };
    }
    case 'sync': {
      const o = obj(raw, 'sync', ['t', 'have', 'len', 'dig']);
      if (!Array.isArray(o.have) || o.have.length > COLOURS.length) fail(`sync.have must list at most ${COLOURS.length} counts`);
      if (!Array.isArray(o.dig) || o.dig.length !== o.have.length) fail('sync.dig must list one digest per count');
      const dig = o.dig.map((d, i) =>
        typeof d === 'string' && /^(|[0-9a-f]{16})$/.test(d) ? d : fail(`sync.dig[${i}] must be 16 hex digits or empty`),
      );
      return { t, have: o.have.map((n, i) => int(n, `sync.have[${i}]`, 0, MAX_SEQ)), len: int(o.len, 'sync.len', 0, MAX_LOG), dig };
    }
    case 'addr': {
      const o = obj(raw, 'addr', ['t', 'peers']);
      if (!Array.isArray(o.peers) || o.peers.length > 16) fail('addr.peers must list at most 16 peers');
      return {
        t,
        peers: o.peers.map((p, i) => {
          const q = obj(p, `addr.peers[${i}]`, ['pub', 'id']);
          return { pub: hex(q.pub, `addr.peers[${i}].pub`, 32), id: text(q.id, `addr.peers[${i}].id`, 64) };
        }),
      };
    }
    case 'rematch': {
      const o = obj(raw, 'rematch', ['t', 'gameId']);
      return { t, gameId: gameId(o.gameId, 'rematch.gameId') };
    }
    case 'bye':
      obj(raw, 'bye', ['t']);
      return { t };
    default:
      fail(`unknown frame type ${JSON.stringify(typeof t === 'string' ? t.slice(0, 16) : t) ?? 'none'}`);
  }
}

export function encodeFrame(frame: Frame): string {
  // "t" first, so the network's counters can read a frame's type without parsing it.
  const { t, ...rest } = frame;
  return JSON.stringify({ t, ...rest });
}

// ---------------------------------------------------------------- what signatures cover

// The item and start-record texts live in src/fair/signing.ts, which the offline verifier shares.
export { itemSigningText, startSigningText } from '../fair/signing';

/** What a peer signs to prove its identity on one link: the other side's fresh nonce and both transport ids. */
export function authSigningText(theirNonce: string, myTransport: string, theirTransport: string): string {
  return `${theirNonce}|${myTransport}|${theirTransport}`;
}
