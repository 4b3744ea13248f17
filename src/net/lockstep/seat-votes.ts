// Silent seats (P2.6): the votes to drop a seat at one log index or to give a dropped seat
// back from a turn on, the vetoes of voters that already took the seat's late entry, and who
// must vote. It owns every vote map under one typed key, and answers with verdicts (vote,
// veto, drop now, rewind to a point); the session authors and applies them.
import type { Colour } from '../../engine';
import { Replica } from '../../fair/replica';
import type { Item, ItemBody, LobbySeat } from '../wire';
import { MAX_LATER_VOTES } from './limits';

export type VoteWhat = 'drop' | 'reclaim';
/** One question put to the voters: drop `colour` at log index `point`, or give it back from turn `point`. */
export interface VoteKey {
  readonly what: VoteWhat;
  readonly colour: Colour;
  readonly point: number;
}

/** The one spelling of a vote key as a map key. */
function spell(k: VoteKey): string {
  return `${k.what}|${k.colour}|${k.point}`;
}

/** What this peer must do about a question it was asked. */
export type VoteAnswer = { kind: 'none' } | { kind: 'vote'; key: VoteKey } | { kind: 'veto'; key: VoteKey; resend: Item | null };

/** What the votes need to know of this peer's log and seat. */
export interface VoteContext {
  replica: Replica;
  roster: readonly LobbySeat[];
  myColour: Colour;
  /** Author `a`'s entry item that the log took at index `at`, if any. */
  tookEntry: (a: number, at: number) => Item | null;
}

/** Player seats that vote on a change to `target` in this log: every seat still played by a person, but the target. */
export function votersIn(replica: Replica, roster: readonly LobbySeat[], target: Colour): number[] {
  const f = replica.follower;
  return roster.flatMap((r, i) => (r.pub && r.colour !== target && f.control(r.colour).by === 'player' ? [i] : []));
}

export class SeatVotes {
  private readonly keys = new Map<string, VoteKey>();
  private readonly votes = new Map<string, Set<number>>();
  private readonly vetoes = new Set<string>();
  private readonly mine = new Set<string>();
  /** Points this peer already vetoed (one veto each is enough). */
  private readonly myVetoes = new Set<string>();
  /** The signed vote items, per key and voter seat (the first-numbered of each voter). */
  private readonly voteItems = new Map<string, Map<number, Item>>();
  /** The vote key behind the reclaim entry at each log index. */
  private readonly reclaimAt = new Map<number, VoteKey>();
  /** Keys whose set changed since the session last looked (to answer, or to rewind). */
  private readonly dirty = new Set<string>();
  /** Others' drop votes for a point this log had not reached when they came: answered once it passes it. */
  private readonly later = new Set<string>();
  /** Seats this player asked to drop. */
  private readonly asked = new Set<Colour>();

  private intern(k: VoteKey): string {
    const s = spell(k);
    if (!this.keys.has(s)) this.keys.set(s, { what: k.what, colour: k.colour, point: k.point });
    return s;
  }

  /** A signed vote or veto by seat `a` (this seat's own included). */
  note(a: number, body: Extract<ItemBody, { k: 'vote' | 'veto' }>, item: Item, mySeat: number | null): void {
    const k = this.intern(body);
    if (body.k === 'veto') {
      this.vetoes.add(k);
      return;
    }
    // The signed vote behind a drop or reclaim goes into the replay (P5.1): per voter, its first-numbered one.
    let by = this.voteItems.get(k);
    if (!by) this.voteItems.set(k, (by = new Map()));
    const prior = by.get(a);
    if (!prior || item.n < prior.n) by.set(a, item);
    if (a === mySeat) this.mine.add(k); // after a restart: never vote twice on one question
    let set = this.votes.get(k);
    if (!set) this.votes.set(k, (set = new Set()));
    set.add(a);
    this.dirty.add(k);
  }

  /** Whether this peer should cast its vote on `k` now (never twice); marks it cast. */
  cast(k: VoteKey): boolean {
    const s = this.intern(k);
    if (this.mine.has(s)) return false;
    this.mine.add(s);
    return true;
  }

  askDrop(colour: Colour): void {
    this.asked.add(colour);
  }

  wasAsked(colour: Colour): boolean {
    return this.asked.has(colour);
  }

  /** The seats that voted on `k` so far. */
  votersOf(k: VoteKey): ReadonlySet<number> {
    return this.votes.get(spell(k)) ?? new Set();
  }

  /** The signed votes behind `k`, per voter seat. */
  signedVotes(k: VoteKey): ReadonlyMap<number, Item> | undefined {
    return this.voteItems.get(spell(k));
  }

  /** The reclaim questions of `colour` not vetoed, with the seats that agreed so far (for the UI's progress line). */
  reclaimsOf(colour: Colour): { key: VoteKey; votes: ReadonlySet<number> }[] {
    return [...this.votes].flatMap(([s, votes]) => {
      const key = this.keys.get(s)!;
      return key.what === 'reclaim' && key.colour === colour && !this.vetoes.has(s) ? [{ key, votes }] : [];
    });
  }

  reclaimKeyAt(index: number): VoteKey | undefined {
    return this.reclaimAt.get(index);
  }

  /** The keys to answer after a pump: those that changed, and the later drop votes whose point this log has passed. */
  takeChanged(logLength: number): VoteKey[] {
    const out = [...this.dirty];
    this.dirty.clear();
    for (const k of this.later) if (this.keys.get(k)!.point < logLength && !out.includes(k)) out.push(k);
    return out.map((k) => this.keys.get(k)!);
  }

  /** Every voter agreed to drop `colour` at `point` and nobody vetoed. */
  dropComplete(colour: Colour, point: number, voters: readonly number[]): boolean {
    const k = spell({ what: 'drop', colour, point });
    const votes = this.votes.get(k);
    if (!votes || this.vetoes.has(k)) return false;
    return voters.length > 0 && voters.every((v) => votes.has(v));
  }

  /** After voting to drop a seat at this point, its late entry waits: either every vote comes, or a veto lets it in. */
  heldByVote(colour: Colour, point: number): boolean {
    const k = spell({ what: 'drop', colour, point });
    return this.mine.has(k) && !this.vetoes.has(k);
  }

  /**
   * At a dropped seat's placement: the reclaim every voter agreed to (the earliest point
   * first; only one the seat's own player asked for), recorded as the key of the reclaim
   * entry about to go at `index`.
   */
  reclaimComplete(colour: Colour, turn: number, target: number, voters: readonly number[], index: number): VoteKey | null {
    let best: VoteKey | null = null;
    for (const [s, votes] of this.votes) {
      const k = this.keys.get(s)!;
      if (k.what !== 'reclaim' || k.colour !== colour || k.point > turn || this.vetoes.has(s)) continue;
      if (!votes.has(target)) continue; // only the seat's own player asks
      if (voters.every((v) => votes.has(v)) && (!best || k.point < best.point)) best = k;
    }
    if (best) this.reclaimAt.set(index, best);
    return best;
  }

  /** A reclaim this peer agreed to (or, for the seat's own player, asked for) is still open: the bot waits. */
  waitingOnReclaim(colour: Colour, turn: number, isMine: boolean): boolean {
    const open = (s: string) => {
      const k = this.keys.get(s)!;
      return k.what === 'reclaim' && k.colour === colour && k.point <= turn && !this.vetoes.has(s);
    };
    for (const s of this.mine) if (open(s)) return true;
    if (isMine) for (const s of this.votes.keys()) if (open(s)) return true;
    return false;
  }

  /**
   * If this log took a seat's entry at a point where every voter agreed to drop it before
   * any of them took it (its own late entry, or a spectator's view), the log it must go
   * back to: the prefix before that point.
   */
  rewindFor(replica: Replica, roster: readonly LobbySeat[]): { point: number; prefix: Replica } | null {
    for (const s of this.dirty) {
      const k = this.keys.get(s)!;
      const votes = this.votes.get(s);
      if (k.what !== 'drop' || !votes || k.point >= replica.length || this.vetoes.has(s)) continue;
      const there = replica.log.entries[k.point];
      if (!there || there.k === 'drop') continue;
      const prefix = Replica.fromEntries(replica.log.entries.slice(0, k.point));
      const at = prefix.awaiting();
      const lobby = prefix.follower.lobby.indexOf(k.colour);
      const theirSlot = (at.kind === 'reveal' && at.chains[0] === lobby) || (at.kind === 'action' && at.colour === k.colour);
      const voters = votersIn(prefix, roster, k.colour);
      if (!theirSlot || !voters.length || !voters.every((v) => votes.has(v))) continue;
      return { point: k.point, prefix };
    }
    return null;
  }

  /**
   * This peer's answer to question `k` (it never answers about its own seat): a drop vote
   * for a point this log passed with the seat's own entry is vetoed, with that entry sent
   * again; a reclaim is agreed while its turn is still ahead here and vetoed once past.
   */
  answer(k: VoteKey, ctx: VoteContext): VoteAnswer {
    const r = ctx.replica;
    const f = r.follower;
    if (ctx.myColour === k.colour) return { kind: 'none' };
    const s = spell(k);
    if (k.what === 'drop') {
      if (this.mine.has(s) || this.vetoes.has(s)) {
        this.later.delete(s);
        return { kind: 'none' };
      }
      // Not there yet: answered once this log passes the point (if it does so with the seat's own entry).
      if (r.length <= k.point) {
        if (this.later.size < MAX_LATER_VOTES) this.later.add(this.intern(k));
        return { kind: 'none' };
      }
      this.later.delete(s);
      // Only where this log took the seat's own entry (anything else could not be dropped there):
      // so a peer's votes cannot make this one author more than one veto per entry of that seat.
      const filled = ctx.tookEntry(f.lobby.indexOf(k.colour), k.point);
      if (!filled || this.myVetoes.has(s)) return { kind: 'none' };
      this.myVetoes.add(s);
      return { kind: 'veto', key: k, resend: filled };
    }
    // A reclaim: only for a dropped seat whose own player asked, a few turns ahead at most (bounded answers).
    if (!r.state) return { kind: 'none' };
    const target = f.lobby.indexOf(k.colour);
    if (f.forfeited(k.colour) !== 'dropped' || !this.votes.get(s)?.has(target) || k.point > r.state.turn + 2 * f.lobby.length)
      return { kind: 'none' };
    const at = r.awaiting();
    const placingNow = at.kind === 'action' && at.phase === 'place' && r.state.setup.seats[r.state.seat] === k.colour;
    const passed = r.state.turn > k.point || (r.state.turn === k.point && !placingNow);
    if (passed && !this.mine.has(s) && !this.myVetoes.has(s)) {
      this.myVetoes.add(s);
      return { kind: 'veto', key: k, resend: null };
    }
    if (!passed) return { kind: 'vote', key: k };
    return { kind: 'none' };
  }
}
