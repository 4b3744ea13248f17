// Behind is not silent (P6, docs/lockstep.md rule 5): whether the peer of a seat the log waits
// for says, in its recent sync requests, that its log has not reached the wait's point on this
// history. A one-way loss can hold an honest peer in a grace the voter does not see, and a peer
// that never heard this history's entries may be far along another; neither is silent, and
// neither is voted out while its bank lasts (its wait runs on, charged to its bank). The length
// a sync request says is unsigned, so a liar may claim to be behind: that costs it its bank.
import type { Replica } from '../../fair/replica';
import type { ItemPool } from './item-pool';
import { BEHIND_LOOKBACK } from './limits';

/** What the seat's peer last said of its log (links.ts), and when. */
export interface SaidSync {
  saidLen: number;
  saidHave: readonly number[];
  saidLenAt: number;
}

/** This peer's log as the check reads it: the replica, the items held, the prefix hashes, how many lobby seats. */
export interface HeldLog {
  replica: Replica;
  pool: ItemPool;
  prefix: (i: number) => string;
  seats: number;
}

/**
 * Whether the seat's peer, by what it said within `freshMs` before `now`, has not reached
 * `point` of this log's history: its log is shorter, or it lacks an entry item this log took
 * on the way there (chaos game 2933, seed 1: three seats no one heard dropped the one that spoke).
 */
export function saysBehind(said: SaidSync | null, now: number, freshMs: number, point: number, log: HeldLog): boolean {
  if (!said || now - said.saidLenAt > freshMs) return false;
  return said.saidLen < point || lacksEntryBefore(said.saidHave, point, log);
}

/**
 * Whether a peer holding `have[a]` items of each seat a lacks the entry item this log took
 * last before `point` of some seat — one this peer holds with every item before it (a seat that
 * left a gap in its numbers leaves every peer short) — looked for among the last
 * BEHIND_LOOKBACK entries (a round of every seat's reveals and moves).
 */
export function lacksEntryBefore(have: readonly number[], point: number, { replica, pool, prefix, seats }: HeldLog): boolean {
  const seen = new Set<number>();
  for (let j = point - 1; j >= Math.max(0, point - BEHIND_LOOKBACK) && seen.size < seats; j--)
    for (const a of pool.authors()) {
      if (seen.has(a)) continue;
      const it = pool.tookEntry(a, j, replica, prefix(j));
      if (!it) continue;
      seen.add(a);
      if ((have[a] ?? 0) <= it.n && pool.sequences[a] > it.n) return true;
    }
  return false;
}
