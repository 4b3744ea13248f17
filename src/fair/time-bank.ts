// The time bank as the log counts it (P6, bullet 5; log version 5, wire version 7). There is
// no shared clock anyone could sign, so every player's move carries its author's signed
// claim: per lobby seat, the whole seconds of bank that seat had used by the author's clock.
// The log's count for a seat is the smallest latest claim of the other live player seats —
// every peer reads it from the same signed entries, so every peer gives a wait the same bank;
// one seat that lies can only lower another's count (it is the smallest), never raise it, and
// its own claim about itself counts for nothing. Only the wait going on is timed on each
// peer's own clock. Read by the peers (mesh-session.ts) and by verify (signatures.ts).
import { CLOCK_BOUNDS, type LogEntry } from './log-entries';
import type { SignatureSlot } from './signatures';

/** Claims are whole seconds, so a claim of one seat reads the same on every peer and in every replay. */
export const BANK_UNIT_MS = 1000;
/** The largest claim: the largest bank a game clock may have (log-entries.ts CLOCK_BOUNDS). */
export const MAX_BANK_CLAIM = CLOCK_BOUNDS.maxBankMs / BANK_UNIT_MS;

/** Whether a signed entry carries a bank claim: a player's move (place or deploy) does, nothing else. */
export function carriesClaim(e: LogEntry): boolean {
  return e.k === 'place' || e.k === 'deploy';
}

/** A claim's shape: one integer in [0, MAX_BANK_CLAIM] per lobby seat (null if it is not one; `seats` lobby seats). */
export function claimError(w: unknown, seats: number): string | null {
  if (!Array.isArray(w) || w.length !== seats) return `a list of ${seats} bank claims (one per seat)`;
  const bad = w.findIndex((x) => !Number.isSafeInteger(x) || x < 0 || x > MAX_BANK_CLAIM);
  return bad < 0 ? null : `bank claims of whole seconds from 0 to ${MAX_BANK_CLAIM} (claim ${bad} is not)`;
}

/**
 * The log's count, fed entry by entry with each entry's signature slot (signatures.ts) and,
 * for an authored move, the claim it carried. A seat is live from the start if a player holds
 * it (a key, no bot), not after a drop or a resignation, again after a reclaim: only live seats'
 * claims count (a dropped seat's last claim would hold every count down for the rest of the game).
 */
export class BankBook {
  private readonly latest: (readonly number[] | null)[];
  private readonly live: boolean[];
  private readonly lobby: readonly string[];

  constructor(lobby: readonly string[], player: readonly boolean[]) {
    this.lobby = lobby;
    this.latest = lobby.map(() => null);
    this.live = player.slice();
  }

  /** Entry `e` at its slot; `claim`: the claim its author signed with it (an authored move), else null. */
  take(e: LogEntry, slot: SignatureSlot, claim: readonly number[] | null): void {
    if (slot?.kind === 'author' && claim && claim.length === this.lobby.length && carriesClaim(e)) this.latest[slot.a] = claim.slice();
    if (e.k === 'resign' || e.k === 'drop' || e.k === 'reclaim') {
      const a = this.lobby.indexOf(e.colour);
      if (a >= 0) this.live[a] = e.k === 'reclaim';
    }
  }

  /** Seconds of bank lobby seat `a` has used by the log's count: the smallest latest claim of the other live seats, 0 if none claimed. */
  used(a: number): number {
    let least: number | null = null;
    for (let b = 0; b < this.latest.length; b++) {
      const w = this.latest[b];
      if (b === a || !this.live[b] || !w) continue;
      if (least === null || w[a] < least) least = w[a];
    }
    return least ?? 0;
  }

  /** The latest claim lobby seat `a` signed in this log (null: none yet): where its own count goes on from after a reload. */
  claimOf(a: number): readonly number[] | null {
    return this.latest[a];
  }
}
