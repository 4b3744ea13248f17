// The game log (P4.1): the ordered list of entries that is at once the save file, the
// replay file and the crash report. Here: its formats, versions and limits, the entry types,
// chat lines, and the one-line error every reader of these files throws (P1.3, P4.2).
import { COLOURS, type Colour, type Deployment, type GameSetup } from '../engine';
import type { BotLevel } from './bot-levels';
import { clip, type StrictJsonOptions } from './strict-json';

export const REPLAY_FORMAT = 'carcassonne-star-wars-replay';
export const SAVE_FORMAT = 'carcassonne-star-wars-save';
/** The version this program writes for a one-device game. Version 2 added the participants of a throw (P4.2). */
export const LOG_VERSION = 2;
/**
 * The version of a networked game's replay: version 2 plus every seat's key and signatures
 * (P5.1, version 3); version 4 binds every signed entry and vote to the hash of the log
 * prefix it extends, and a drop needs the signed vote of at least one eligible seat, not
 * every one (the group's count, P6.2); version 5 adds to every signed move its author's
 * claim of each seat's time bank used (src/fair/time-bank.ts, P6 bullet 5).
 */
export const SIGNED_LOG_VERSION = 5;
/** Versions this program reads: every version-1 and version-2 replay still verifies (as unsigned), versions 3 and 4 with their own rules. */
export const READABLE_VERSIONS: readonly LogVersion[] = [1, 2, 3, 4, 5];
export type LogVersion = 1 | 2 | 3 | 4 | 5;

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
/**
 * The largest log index a signed item may name (the wire's bound, src/net/wire.ts): a
 * version-4 replay keeps a chat line signed for any index up to it, even past the log's end
 * (a line written on a longer history cut back after a split is an honest one).
 */
export const MAX_LOG_INDEX = 1_000_000;
/** Turn numbers of hash entries lie in [1, MAX_TURN]. */
export const MAX_TURN = 4096;
/** Scores lie in [0, MAX_SCORE]. */
export const MAX_SCORE = 1_000_000;
/** Segment indices of a tile lie in [0, MAX_SEGMENT]. */
export const MAX_SEGMENT = 15;

/**
 * Entry 0: what the game is. `setup.seats` is the lobby order, which is also chain order.
 * `bots` (networked games): per lobby seat, the level of the bot that plays it on every
 * peer, or null for a player's seat; a bot seat holds no chain. Absent: every seat has a chain.
 */
export interface SettingsEntry {
  k: 'settings';
  setup: GameSetup;
  gameId: string;
  chainLength: number;
  shuffleSeats: boolean;
  bots?: (BotLevel | null)[];
  /** The bot that plays a dropped or resigned seat (P2.6; absent in older logs: STAND_IN_BOT, greedy). */
  standIn?: BotLevel;
  /** The game clock every peer times the seats by (absent in older logs: DEFAULT_GAME_CLOCK). Not read by the engine. */
  clock?: GameClock;
}
/**
 * The game clock of an online game (P6, bullet 5), in whole milliseconds: the longest a move
 * and a reveal may take, each seat's time bank for the game, and the free part of each move
 * and reveal that the bank is not charged for. Signed with the settings, so every peer times
 * every seat by the same rule.
 */
export interface GameClock {
  moveMs: number;
  revealMs: number;
  bankMs: number;
  freeMoveMs: number;
  freeRevealMs: number;
}
/** 90 s a move, 20 s a reveal; 30 s and 10 s of them free, and a 4-minute bank beyond (docs/lockstep.md, rule 5). */
export const DEFAULT_GAME_CLOCK: GameClock = {
  moveMs: 90_000,
  revealMs: 20_000,
  bankMs: 240_000,
  freeMoveMs: 30_000,
  freeRevealMs: 10_000,
};
/** The bounds a clock must keep: a cap from 1 s to 1 h, a bank up to 2 h, a free part within its cap. */
export const CLOCK_BOUNDS = { minCapMs: 1_000, maxCapMs: 3_600_000, maxBankMs: 7_200_000 };
/** P2.1: chain i's commitment C_i = c_i[L]; one per chain seat, in lobby order, before any reveal. */
export interface CommitEntry {
  k: 'commit';
  chain: number;
  colour: Colour;
  commitment: string;
}
/** P2.2: r_i[e] = c_i[L-1-e]. */
export interface RevealEntry {
  k: 'reveal';
  chain: number;
  event: number;
  value: string;
}
/** R2.3: the seating derived from event 0 when the seat shuffle is on. */
export interface SeatsEntry {
  k: 'seats';
  event: number;
  order: Colour[];
}
/** A tile draw derived from event `event` (P2.4), for the seat that draws. */
export interface DrawEntry {
  k: 'draw';
  event: number;
  seat: number;
  tile: string;
}
export interface PlaceEntry {
  k: 'place';
  seat: number;
  x: number;
  y: number;
  r: number;
}
export interface DeployEntry {
  k: 'deploy';
  seat: number;
  deployment: Deployment | null;
}
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
export interface ThrowEntry {
  k: 'throw';
  event: number;
  participants?: ThrowParticipant[];
  values: number[][];
}
/** P1.4: the engine's state hash once turn `turn` has ended. */
export interface HashEntry {
  k: 'hash';
  turn: number;
  state: string;
}
/** The final scores (R8), one per seat or per team. */
export interface OverEntry {
  k: 'over';
  scores: number[];
}
/** P2.6: the other players dropped a silent seat; a bot plays it from here and it forfeits. */
export interface DropEntry {
  k: 'drop';
  colour: Colour;
}
/** A player gave up; a bot plays the seat from here and it forfeits (ranks last). */
export interface ResignEntry {
  k: 'resign';
  colour: Colour;
}
/** P2.6: a dropped seat's player takes its moves back (still forfeited; its chain stays out). */
export interface ReclaimEntry {
  k: 'reclaim';
  colour: Colour;
}

export type LogEntry =
  | SettingsEntry
  | CommitEntry
  | RevealEntry
  | SeatsEntry
  | DrawEntry
  | PlaceEntry
  | DeployEntry
  | ThrowEntry
  | HashEntry
  | OverEntry
  | DropEntry
  | ResignEntry
  | ReclaimEntry;
export type EntryKind = LogEntry['k'];

/**
 * A chat line of a networked game: seat `colour`'s `n`-th item, written when its log had
 * `at` entries. Kept beside the entries, in one order (at, colour, n), so every peer writes
 * the same bytes whatever order the lines arrived in.
 */
export interface ChatEntry {
  colour: Colour;
  n: number;
  /**
   * Version 4: the seat's own chat number, 0, 1, 2… (signed in the chat item): a seat's
   * lines in a replay are exactly its numbers 0..k-1, so a line deleted from the middle is seen.
   */
  c?: number;
  at: number;
  text: string /** Version 3: the author's signature. */;
  sig?: string;
}
export const MAX_CHAT_TEXT = 200;
/** Chat lines one seat may write in a game: chat numbers lie in [0, MAX_CHAT_PER_SEAT) (the wire refuses others). */
export const MAX_CHAT_PER_SEAT = 200;
export const MAX_CHAT_LINES = MAX_CHAT_PER_SEAT * MAX_SEATS;

export function compareChat(x: ChatEntry, y: ChatEntry): number {
  return x.at - y.at || (x.colour < y.colour ? -1 : x.colour > y.colour ? 1 : x.n - y.n);
}

export interface GameLog {
  format: typeof REPLAY_FORMAT;
  version: LogVersion;
  entries: LogEntry[];
  chat?: ChatEntry[];
  signed?: SignedSection;
}

/** A malformed file, or a malformed entry (`entry` is its index). The message is one line of at most MAX_ERROR_LINE characters. */
export class LogFormatError extends Error {
  constructor(
    message: string,
    readonly entry: number | null,
  ) {
    super(clip(message, MAX_ERROR_LINE));
    this.name = 'LogFormatError';
  }
}

// ---------------------------------------------------------------- the signed section's types (version 3, read by signed-section.ts)

/** A seat of the host-signed start record: its colour, its bot (or null) and its player's public key. */
export interface RosterSeat {
  colour: Colour;
  bot: BotLevel | null;
  pub: string | null;
  name: string | null;
}
/** The signed position of one authored log entry (P5.1): author lobby seat `a`, its `n`-th item, the state hash it carried. */
export interface EntrySignature {
  at: number;
  a: number;
  n: number;
  h: { turn: number; state: string } | null;
  /**
   * Version 5: a move's claim of the time bank each lobby seat had used, in whole seconds, by
   * its author's clock (src/fair/time-bank.ts); null on any other entry. Absent before version 5.
   */
  w?: number[] | null;
  sig: string;
}
/** One signed vote behind a drop or reclaim: seat `a`'s `n`-th item, written when its log had `at` entries. */
export interface VoteSignature {
  a: number;
  n: number;
  at: number;
  sig: string;
}
/** The votes behind the drop or reclaim entry at log index `at` (a drop's point is its index; a reclaim's, a turn). */
export interface VoteRecord {
  at: number;
  what: 'drop' | 'reclaim';
  colour: Colour;
  point: number;
  by: VoteSignature[];
}
/**
 * Version 3 (networked games): the host-signed start record (roster with every seat's
 * Ed25519 key), one signature per authored entry, the signed votes behind every drop and
 * reclaim; chat lines carry their signatures.
 */
export interface SignedSection {
  host: string;
  startSig: string;
  roster: RosterSeat[];
  entries: EntrySignature[];
  votes: VoteRecord[];
}
