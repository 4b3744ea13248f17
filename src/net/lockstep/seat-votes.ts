// Group decisions on seats (P2.6, P6.2): the votes to drop a seat at one log index of one
// history, the vetoes of voters that took the seat's own entry there, the votes to give a
// dropped seat back from a turn on, and the one rule every peer applies to the same signed
// evidence (docs/lockstep.md, "Group decisions"):
//   D = the eligible voters that signed "drop X here", K = X itself if its entry for that
//   slot is held, plus the eligible voters whose veto names that entry; a seat caught
//   equivocating counts in neither. The drop wins when |D| ≥ |K| and |D| > 0; the entry wins otherwise.
// A peer acts on a drop at once when |D| reaches a majority of the eligible voters, else
// only once one more timeout has passed since it first saw a vote (so a voter that
// withholds cannot stall, and any number of silent seats can go); the final word is the
// count alone, so peers that saw the evidence in another order end alike. It owns every
// vote map and answers with verdicts; the session authors and applies them.
import type { Colour } from '../../engine';
import type { LogEntry } from '../../fair';
import type { Item, ItemBody, LobbySeat } from '../wire';
import { MAX_LATER_VOTES } from './limits';

export type VoteWhat = 'drop' | 'reclaim';
/**
 * One question put to the voters: drop `colour` at log index `point` of the history whose
 * prefix hash there is `p`, or give it back from turn `point` (a reclaim: `p` is '').
 */
export interface VoteKey {
  readonly what: VoteWhat;
  readonly colour: Colour;
  readonly point: number;
  readonly p: string;
}

/** The one spelling of a vote key as a map key. */
function spell(k: VoteKey): string {
  return `${k.what}|${k.colour}|${k.point}|${k.p}`;
}

/** The key a signed vote or veto item speaks to. */
export function keyOf(item: Item & { body: Extract<ItemBody, { k: 'vote' | 'veto' }> }): VoteKey {
  const b = item.body;
  return { what: b.what, colour: b.colour, point: b.point, p: b.what === 'drop' ? (item.p ?? '') : '' };
}

/** What this peer must do about a question it was asked. */
export type VoteAnswer = { kind: 'none' } | { kind: 'vote'; key: VoteKey } | { kind: 'veto'; key: VoteKey; took: Item | null };

/** The count on one drop question, and what it says. */
export interface DropCount {
  /** Eligible voters for the drop, and the seat with those of K (its entry, the vetoes that name it). */
  d: number[];
  k: number[];
  /** The eligible voters and the majority that acts at once. */
  voters: number;
  quorum: number;
  /** 'drop': the drop goes in; 'entry': the seat's entry does (if held); 'wait': the count favours the drop, but not yet. */
  verdict: 'drop' | 'entry' | 'wait';
}

/** What the votes need to know of this peer's log, pool and clock. */
export interface VoteContext {
  roster: readonly LobbySeat[];
  myColour: Colour | null;
  /** This log's length and the prefix hash at index i ≤ length. */
  length: number;
  prefix: (i: number) => string;
  /** Author `a`'s entry item for log index `at` on the history with prefix hash `p`, if held. */
  entryFor: (a: number, at: number, p: string) => Item | undefined;
  /** Author `a`'s entry item that this log took at index `at`, if any. */
  tookEntry: (a: number, at: number) => Item | null;
  /** A held item by author and number. */
  item: (a: number, n: number) => Item | undefined;
  isEquivocator: (a: number) => boolean;
  /** Seats a drop of `colour` at `point` needs: every seat still played by a person there, but the target. */
  votersAt: (colour: Colour, point: number) => number[];
  /** Whether the log at `point` waited for `colour` (a drop is possible only there). */
  dueAt: (colour: Colour, point: number) => boolean;
  now: number;
  /** How long one more timeout is, for the seat's wait at that point. */
  graceMs: (colour: Colour, point: number) => number;
}

/** Player seats that vote on a change to `target`: every seat still played by a person (per `byPlayer`), but the target. */
export function eligibleVoters(roster: readonly LobbySeat[], target: Colour, byPlayer: (c: Colour) => boolean): number[] {
  return roster.flatMap((r, i) => (r.pub && r.colour !== target && byPlayer(r.colour) ? [i] : []));
}

/** The majority of `n` eligible voters. */
export function quorumOf(n: number): number {
  return Math.floor(n / 2) + 1;
}

/** A vote and a veto one seat signed on one question (equivocation, P6.2). */
export interface VoteContradiction {
  a: number;
  vote: Item;
  veto: Item;
}

export class SeatVotes {
  private readonly keys = new Map<string, VoteKey>();
  /** Signed votes and vetoes per question and seat (the first-numbered of each seat). */
  private readonly votes = new Map<string, Map<number, Item>>();
  private readonly vetoes = new Map<string, Map<number, Item>>();
  private readonly mine = new Set<string>();
  /** Questions this peer already vetoed (one veto each is enough). */
  private readonly myVetoes = new Set<string>();
  /** When this peer first saw a vote on each drop question (the grace before a minority acts). */
  private readonly firstSeen = new Map<string, number>();
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
    if (!this.keys.has(s)) this.keys.set(s, { what: k.what, colour: k.colour, point: k.point, p: k.p });
    return s;
  }

  /**
   * A signed vote or veto by seat `a` (this seat's own included), noted at time `now`. A vote
   * and a veto by one seat on one question contradict each other: returned as evidence.
   */
  note(a: number, item: Item, mySeat: number | null, now: number): VoteContradiction | null {
    const body = item.body;
    if (body.k !== 'vote' && body.k !== 'veto') return null;
    const k = this.intern(keyOf(item as Item & { body: typeof body }));
    const into = body.k === 'vote' ? this.votes : this.vetoes;
    let by = into.get(k);
    if (!by) into.set(k, (by = new Map()));
    const prior = by.get(a);
    if (!prior || item.n < prior.n) by.set(a, item);
    if (a === mySeat) (body.k === 'vote' ? this.mine : this.myVetoes).add(k); // after a restart: never answer twice
    if (body.k === 'vote' && !this.firstSeen.has(k)) this.firstSeen.set(k, now);
    this.dirty.add(k);
    const vote = this.votes.get(k)?.get(a);
    const veto = this.vetoes.get(k)?.get(a);
    return vote && veto ? { a, vote, veto } : null;
  }

  /** Whether this peer should cast its vote on `k` now (never twice, never after its own veto); marks it cast. */
  cast(k: VoteKey): boolean {
    const s = this.intern(k);
    if (this.mine.has(s) || this.myVetoes.has(s)) return false;
    this.mine.add(s);
    return true;
  }

  hasVoted(k: VoteKey): boolean {
    return this.mine.has(spell(k));
  }

  askDrop(colour: Colour): void {
    this.asked.add(colour);
  }

  wasAsked(colour: Colour): boolean {
    return this.asked.has(colour);
  }

  /** The seats that voted on `k` so far. */
  votersOf(k: VoteKey): ReadonlySet<number> {
    return new Set(this.votes.get(spell(k))?.keys() ?? []);
  }

  /** The signed votes behind `k`, per voter seat. */
  signedVotes(k: VoteKey): ReadonlyMap<number, Item> | undefined {
    return this.votes.get(spell(k));
  }

  /** The reclaim questions of `colour` not vetoed, with the seats that agreed so far (for the UI's progress line). */
  reclaimsOf(colour: Colour): { key: VoteKey; votes: ReadonlySet<number> }[] {
    return [...this.votes].flatMap(([s, votes]) => {
      const key = this.keys.get(s)!;
      return key.what === 'reclaim' && key.colour === colour && !this.vetoes.has(s) ? [{ key, votes: new Set(votes.keys()) }] : [];
    });
  }

  reclaimKeyAt(index: number): VoteKey | undefined {
    return this.reclaimAt.get(index);
  }

  /** When the grace of drop question `k` ends here (null: nobody voted yet). */
  graceEnds(k: VoteKey, ctx: VoteContext): number | null {
    const seen = this.firstSeen.get(spell(k));
    return seen === undefined ? null : seen + ctx.graceMs(k.colour, k.point);
  }

  /**
   * The soonest moment after `ctx.now` at which a drop question's grace ends: the count on it
   * may change then with no new item (a minority acts after the grace), so it must be counted
   * again — on a peer whose log already passed the point, no wait timer would do it.
   */
  nextGraceEnd(ctx: VoteContext): number | null {
    let soonest: number | null = null;
    for (const [s, seen] of this.firstSeen) {
      const k = this.keys.get(s);
      if (!k || k.what !== 'drop') continue;
      const end = seen + ctx.graceMs(k.colour, k.point);
      if (end > ctx.now && (soonest === null || end < soonest)) soonest = end;
    }
    return soonest;
  }

  /** The keys to answer after a pump: those that changed, and the later drop votes whose point this log has passed. */
  takeChanged(logLength: number): VoteKey[] {
    const out = [...this.dirty];
    this.dirty.clear();
    for (const k of this.later) if (this.keys.get(k)!.point < logLength && !out.includes(k)) out.push(k);
    return out.map((k) => this.keys.get(k)!);
  }

  /** The log went back to `point`: a reclaim that went in from there on is open again. */
  rewoundTo(point: number): void {
    for (const index of [...this.reclaimAt.keys()]) if (index >= point) this.reclaimAt.delete(index);
  }

  /** The drop questions that changed since the session last looked, without taking them (it answers them before counting). */
  changedDrops(): VoteKey[] {
    return [...this.dirty].map((s) => this.keys.get(s)!).filter((k) => k.what === 'drop');
  }

  /** Marks every drop question about `colour` at `point` changed (its entry came, or a voter was caught equivocating). */
  touch(colour?: Colour, point?: number): void {
    for (const [s, k] of this.keys)
      if (k.what === 'drop' && (colour === undefined || (k.colour === colour && k.point === point))) this.dirty.add(s);
  }

  /**
   * The count on dropping `colour` at `point` of the history `p` (P6.2): D against K, a
   * majority to act at once, the grace for a minority; the equivocator's own entry never counts.
   */
  count(colour: Colour, point: number, p: string, ctx: VoteContext): DropCount {
    const s = spell({ what: 'drop', colour, point, p });
    const target = ctx.roster.findIndex((r) => r.colour === colour);
    const eligible = ctx.votersAt(colour, point);
    const honest = (a: number) => eligible.includes(a) && !ctx.isEquivocator(a);
    const d = [...(this.votes.get(s)?.keys() ?? [])].filter(honest).sort((x, y) => x - y);
    const entry = ctx.entryFor(target, point, p);
    const k: number[] = [];
    if (!ctx.isEquivocator(target)) {
      if (entry) k.push(target);
      for (const [a, veto] of this.vetoes.get(s) ?? []) {
        if (!honest(a) || veto.body.k !== 'veto' || !veto.body.took) continue;
        const named = ctx.item(target, veto.body.took.n);
        // A veto counts only with the entry it names here: the seat's own, signed for this slot of this history.
        const fits = named?.p === p || named?.p === null; // a reveal or resignation names no history: it fits every one
        if (named?.sig === veto.body.took.sig && named.body.k === 'entry' && named.at === point && fits) k.push(a);
      }
    }
    k.sort((x, y) => x - y);
    const quorum = quorumOf(eligible.length);
    let verdict: DropCount['verdict'] = 'entry';
    // A tie goes to the drop: a vote is cast only once the seat's time is up on the voter's clock, so an entry nobody
    // else vouches for in time (no veto) cannot outweigh it — else in a two-player game a late entry always won.
    if (d.length > 0 && d.length >= k.length) {
      const key: VoteKey = { what: 'drop', colour, point, p };
      const ends = this.graceEnds(key, ctx);
      // A minority acts after the grace, and only once this peer has answered the question itself (voted or vetoed) or
      // may not vote on it: one seat's early vote cannot drop a seat this peer has not yet seen silent for its timeout.
      const me = ctx.roster.findIndex((r) => r.colour === ctx.myColour);
      const answered = this.mine.has(s) || this.myVetoes.has(s) || !eligible.includes(me);
      const acts = ctx.isEquivocator(target) || d.length >= quorum || (ends !== null && ctx.now >= ends && answered);
      verdict = acts ? 'drop' : 'wait';
    }
    return { d, k, voters: eligible.length, quorum, verdict };
  }

  /**
   * At a dropped seat's placement: the reclaim every voter agreed to (the earliest point
   * first; only one the seat's own player asked for), recorded as the key of the reclaim
   * entry about to go at `index`.
   */
  reclaimComplete(colour: Colour, turn: number, target: number, voters: readonly number[], index: number): VoteKey | null {
    let best: VoteKey | null = null;
    const used = new Set([...this.reclaimAt.values()].map(spell));
    for (const [s, votes] of this.votes) {
      const k = this.keys.get(s)!;
      if (k.what !== 'reclaim' || k.colour !== colour || k.point > turn || this.vetoes.has(s) || used.has(s)) continue;
      if (!votes.has(target)) continue; // only the seat's own player asks
      if (voters.every((v) => votes.has(v)) && (!best || k.point < best.point)) best = k;
    }
    if (best) this.reclaimAt.set(index, best);
    return best;
  }

  /** A reclaim this peer agreed to (or, for the seat's own player, asked for) is still open: the bot waits. */
  waitingOnReclaim(colour: Colour, turn: number, isMine: boolean): boolean {
    const used = new Set([...this.reclaimAt.values()].map(spell));
    const open = (s: string) => {
      const k = this.keys.get(s)!;
      // One that already gave the seat back is spent: a later drop of the seat must not leave its bot waiting on it.
      return k.what === 'reclaim' && k.colour === colour && k.point <= turn && !this.vetoes.has(s) && !used.has(s);
    };
    for (const s of this.mine) if (open(s)) return true;
    if (isMine) for (const s of this.votes.keys()) if (open(s)) return true;
    return false;
  }

  /**
   * Whether this log must go back to a drop question's point: the count there says the drop,
   * and the log holds something else there, or says the seat's entry (held), and the log
   * holds the drop. The earliest such point of the questions that changed.
   */
  rewindPoint(entries: readonly LogEntry[], ctx: VoteContext): number | null {
    let best: number | null = null;
    for (const s of this.dirty) {
      const k = this.keys.get(s)!;
      if (k.what !== 'drop' || k.point >= entries.length || (best !== null && k.point >= best)) continue;
      if (ctx.prefix(k.point) !== k.p) continue; // a question about another history
      const there = entries[k.point];
      const dropped = there.k === 'drop' && there.colour === k.colour;
      const c = this.count(k.colour, k.point, k.p, ctx);
      const target = ctx.roster.findIndex((r) => r.colour === k.colour);
      if (c.verdict === 'drop' && !dropped && ctx.dueAt(k.colour, k.point)) best = k.point;
      else if (c.verdict === 'entry' && dropped && ctx.entryFor(target, k.point, k.p)) best = k.point;
    }
    return best;
  }

  /**
   * This peer's answer to question `k` (it never answers about its own seat): a drop vote
   * for a point this log passed with the seat's own entry is vetoed, naming that entry (sent
   * again); a reclaim is agreed while its turn is still ahead here and vetoed once past.
   */
  answer(
    k: VoteKey,
    ctx: VoteContext,
    reclaim: { turn: number; placingNow: boolean; dropped: boolean; lobbySeats: number } | null,
  ): VoteAnswer {
    if (ctx.myColour === k.colour) return { kind: 'none' };
    const s = spell(k);
    if (k.what === 'drop') {
      if (this.mine.has(s) || this.myVetoes.has(s)) {
        this.later.delete(s);
        return { kind: 'none' };
      }
      // Not there yet: answered once this log passes the point (if it does so with the seat's own entry).
      if (ctx.length <= k.point) {
        if (this.later.size < MAX_LATER_VOTES) this.later.add(this.intern(k));
        return { kind: 'none' };
      }
      this.later.delete(s);
      if (ctx.prefix(k.point) !== k.p) return { kind: 'none' }; // another history's question
      // Only where this log took the seat's own entry (anything else could not be dropped there):
      // so a peer's votes cannot make this one author more than one veto per entry of that seat.
      const target = ctx.roster.findIndex((r) => r.colour === k.colour);
      const took = ctx.tookEntry(target, k.point);
      if (!took || ctx.isEquivocator(target)) return { kind: 'none' };
      this.myVetoes.add(s);
      return { kind: 'veto', key: k, took };
    }
    // A reclaim: only for a dropped seat whose own player asked, a few turns ahead at most (bounded answers).
    if (!reclaim) return { kind: 'none' };
    const target = ctx.roster.findIndex((r) => r.colour === k.colour);
    if (!reclaim.dropped || !this.votes.get(s)?.has(target) || k.point > reclaim.turn + 2 * reclaim.lobbySeats) return { kind: 'none' };
    const passed = reclaim.turn > k.point || (reclaim.turn === k.point && !reclaim.placingNow);
    if (passed && !this.mine.has(s) && !this.myVetoes.has(s)) {
      this.myVetoes.add(s);
      return { kind: 'veto', key: k, took: null };
    }
    if (!passed) return { kind: 'vote', key: k };
    return { kind: 'none' };
  }
}
