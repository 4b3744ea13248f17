// The bounds of the lockstep session (docs/lockstep.md "Limits"): every buffer a peer can
// fill has one, so nothing a peer sends can grow another without limit; and the default
// timeouts after which a silent seat may be dropped (P2.6).

/** Chat lines one seat may add to a game, and the shortest gap between two of them. */
export const MAX_CHAT_PER_SEAT = 200;
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
 * Real Ed25519 checks one link may make this peer do per second (a copy of an item already
 * checked costs none); frames past it that need a check are dropped, once reported, and come
 * again by sync. About 2 ms each in a browser: one link costs at most ~12% of a thread.
 */
export const SIGNATURE_CHECKS_PER_SECOND = 60;
/** A sync answer's bytes per request byte on one link, over any second (no amplification beyond it)... */
export const SYNC_AMPLIFICATION = 10;
/** ...past a one-time allowance per link for the catch-up of a late joiner or a returning peer (a long game's items fit). */
export const CATCH_UP_BYTES = 256 * 1024;
/** A link that has not proven who it is this long after opening is closed (and freed from the link cap). */
export const AUTH_TIMEOUT_MS = 5_000;
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

export interface Timeouts {
  /** A seat's move (place or deploy), ms. */
  moveMs: number;
  /** A seat's reveal once its event is due, ms. */
  revealMs: number;
}
export const DEFAULT_TIMEOUTS: Timeouts = { moveMs: 90_000, revealMs: 20_000 };
