// The bounds of the lockstep session (docs/lockstep.md "Limits"): every buffer a peer can
// fill has one, so nothing a peer sends can grow another without limit; and the default
// timeouts after which a silent seat may be dropped (P2.6).
import { DEFAULT_GAME_CLOCK, type GameClock } from '../../fair/log-entries';

/** Chat lines one seat may add to a game (the replay's bound: its chat numbers lie below it), and the shortest gap between two. */
export { MAX_CHAT_PER_SEAT } from '../../fair/log-entries';
export const CHAT_GAP_MS = 500;
/** Chat lines one seat may write at one log index (kept: the lowest-numbered, so every peer keeps the same). */
export const MAX_CHAT_PER_INDEX = 20;
/** Items held ahead of an author's contiguous sequence (anything further is dropped unread; sync brings it in order). */
export const SEQ_WINDOW = 256;
/**
 * Items one seat may number in one game (its n stays below this). Measured: the most one
 * seat authored in `npm run chaos -- --games 20` was 189 (a 2-seat game of 93 turns: its
 * commitment, a reveal per random event, two moves a turn). A seat alone with five bots
 * reveals every event (~250), plus MAX_CHAT_PER_SEAT chat lines and a few votes: about
 * 500 at most; twice that is the bound. With it, every item pool is bounded: at most
 * MAX_ITEMS_PER_SEAT items per seat, each under one frame.
 */
export const MAX_ITEMS_PER_SEAT = 1_000;
/** Frames one peer may send per second before the rest are dropped (flood limit). */
export const FRAMES_PER_SECOND = 400;
/**
 * Characters one link may send per second before the rest are dropped unread (a frame is
 * parsed whole before its type is known: 400 frames of 64 KiB a second kept a peer 44% busy in
 * `npm run fuzz`). A whole game's catch-up from one peer (about 154 KB for 5 seats) fits in a second.
 */
export const BYTES_PER_SECOND = 512 * 1024;
/**
 * Real Ed25519 checks one link may make this peer do per second (a copy of an item already
 * checked costs none). About 2 ms each in a browser: one link costs at most ~20% of a thread.
 * Frames past it that need a check wait in order for the next second (MAX_DEFERRED_FRAMES),
 * so an honest burst (a catch-up, a digest answer, a bot game at full speed through a relay)
 * is slowed, never dropped nor reported; only a flood past that queue is dropped (and said
 * once a second), and comes again by sync if it was honest after all.
 */
export const SIGNATURE_CHECKS_PER_SECOND = 100;
/** Frames one link may have waiting for their fast signature checks (WebCrypto) before the rest are dropped: a catch-up is a few. */
export const MAX_VERIFYING_FRAMES = 64;
/** Frames one link may have waiting for its check budget: a second's checks, and at most this many bytes. */
export const MAX_DEFERRED_FRAMES = SIGNATURE_CHECKS_PER_SECOND;
export const MAX_DEFERRED_BYTES = 256 * 1024;
/** A sync answer's bytes per request byte on one link, over any second (no amplification beyond it)... */
export const SYNC_AMPLIFICATION = 10;
/**
 * ...past a one-time allowance per link for the catch-up of a late joiner or a returning peer:
 * a whole game's items fit (a finished 5-seat game is about 154 KB of items, `bench -- catch-up`).
 */
export const CATCH_UP_BYTES = 512 * 1024;
/**
 * ...which refills at this rate: a peer that comes back from a split with a hundred items
 * the others lack (its own, signed while alone) must get them across in seconds, not at the
 * ratio's pace while the others' clocks run out on it (a 2-of-3 game once dropped both live
 * players so). 32 links at most, so a peer's answers past the ratio stay under 1 MiB a second.
 */
export const CATCH_UP_REFILL_PER_SECOND = 32 * 1024;
/** A link that has not proven who it is this long after opening is closed (and freed from the link cap). */
export const AUTH_TIMEOUT_MS = 5_000;
/** Log positions back from its end over which a sync answer sends the moves an equivocator made (fresh equivocation). */
export const EQUIVOCATOR_WINDOW = 32;
/** Entries a sync answer sends by log position, past the numbered items (see syncAnswer). */
export const ENTRIES_BY_POSITION = 8;
/** Drop votes for points ahead of this log, kept to be answered later (a seat's votes come only from players). */
export const MAX_LATER_VOTES = 256;
/** Frames that overtook the other side's proof of identity, kept per link until it arrives. */
export const MAX_EARLY_FRAMES = 32;
/** Transport addresses kept for identities that hold no seat (spectators met through `addr`). */
export const MAX_ADDRESSES = 64;
/** Rematch lobbies kept until one is accepted. */
export const MAX_PENDING_LOBBIES = 8;
/** Sync rounds after the end, so the last chat lines and entries reach everyone. */
export const END_SYNC_ROUNDS = 3;
/** After those, the sync goes on this many times slower for as long as the game is open. */
export const AFTER_END_FACTOR = 8;

export interface Timeouts {
  /** The longest one move (place or deploy) may take, ms. */
  moveMs: number;
  /** The longest one reveal may take once its event is due, ms. */
  revealMs: number;
  /** Each seat's time bank for the game: what its waits may use beyond their free parts, ms (wait-timer.ts). */
  bankMs?: number;
  /** The free part of each move and each reveal, not charged to the bank, ms. */
  freeMoveMs?: number;
  freeRevealMs?: number;
}
export const DEFAULT_TIMEOUTS: Timeouts = { moveMs: DEFAULT_GAME_CLOCK.moveMs, revealMs: DEFAULT_GAME_CLOCK.revealMs };
/**
 * The time bank's defaults: 30 s a move and 10 s a reveal are free, and 4 minutes a game
 * beyond them. A seat that waits until just before each 90 s deadline has its bank spent
 * after four moves, and 30 s a move from then on: a 3-seat game it stalls this way is
 * stretched by at most 4 minutes plus 30 s a move, not by 90 s a move (about 77 minutes).
 */
export const DEFAULT_BANK = {
  bankMs: DEFAULT_GAME_CLOCK.bankMs,
  freeMoveMs: DEFAULT_GAME_CLOCK.freeMoveMs,
  freeRevealMs: DEFAULT_GAME_CLOCK.freeRevealMs,
};

/** A session's timeouts as the game clock its settings carry: the defaults filled in, each free part within its cap. */
export function clockOf(t: Timeouts = DEFAULT_TIMEOUTS): GameClock {
  const freeMoveMs = Math.min(t.moveMs, t.freeMoveMs ?? DEFAULT_BANK.freeMoveMs);
  const freeRevealMs = Math.min(t.revealMs, t.freeRevealMs ?? DEFAULT_BANK.freeRevealMs);
  return { moveMs: t.moveMs, revealMs: t.revealMs, bankMs: t.bankMs ?? DEFAULT_BANK.bankMs, freeMoveMs, freeRevealMs };
}

/** The clocks a host may pick in the new-game form (the lobby shows the one chosen to every guest). */
export const CLOCK_PRESETS = {
  quick: { moveMs: 45_000, revealMs: 15_000, bankMs: 120_000, freeMoveMs: 15_000, freeRevealMs: 8_000 },
  standard: DEFAULT_GAME_CLOCK,
  relaxed: { moveMs: 180_000, revealMs: 30_000, bankMs: 600_000, freeMoveMs: 60_000, freeRevealMs: 15_000 },
} as const satisfies Record<string, GameClock>;
export type ClockPreset = keyof typeof CLOCK_PRESETS;
/** How long a peer that no majority agrees with keeps asking for the disputed entries before it stops (P6.3). */
export const DISPUTE_MS = 3_000;
/** Disputed log positions a peer asks the others for in one game. */
export const MAX_DISPUTES = 64;
/** Own items pushed a beat to a link that has been quiet for two beats (a one-way loss cannot ask for them). */
export const PUSH_ITEMS = 16;
/** How far back from a wait's point a peer looks for the entries a seat's sync says it lacks (behind, not silent): a round of six seats. */
export const BEHIND_LOOKBACK = 48;
