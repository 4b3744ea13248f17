// Silent seats (P2.6, P6.2): when this seat votes another out, and the timers that count a
// drop question again. It owns the timers of the drop questions' graces (a pump when one
// ends), the one recount timer for the soonest grace still running, and returns the votes
// this seat owes: an equivocator or a seat the majority proved wrong at its point, a slot one
// seat signed twice (fresh equivocation), and at the end of a wait a vote or a look again a
// second later (behind is not silent, behind.ts). The session casts them and pumps.
import type { Colour } from '../../engine';
import type { GameClock } from '../../fair/log-entries';
import type { Replica } from '../../fair/replica';
import type { Clock } from '../clock';
import type { Item, ItemBody, LobbySeat } from '../wire';
import { saysBehind } from './behind';
import { controlsAt, entryOfSeat } from './history';
import type { ItemPool } from './item-pool';
import { EQUIVOCATOR_WINDOW } from './limits';
import type { Links } from './links';
import { eligibleVoters, type SeatVotes, type VoteContext, type VoteKey } from './seat-votes';
import type { Wait, WaitTimer } from './wait-timer';

/** What the verdicts on seats read of this peer's game (once it started). */
export interface HeldGame {
  roster: readonly LobbySeat[];
  replica: Replica;
  pool: ItemPool;
  prefix: (i: number) => string;
  mySeat: number | null;
  myColour: Colour | null;
}

/** What the group decisions read of this peer's log, pool and clock (seat-votes.ts); `wait`: the seat the log waits for now. */
export function voteContextOf(g: HeldGame, wait: () => Wait | null, timeouts: GameClock, now: number): VoteContext {
  const { replica: r, pool, prefix, roster } = g;
  return {
    roster,
    myColour: g.myColour,
    length: r.length,
    prefix,
    entryFor: (a, at, p) => pool.entryFor(a, at, p),
    tookEntry: (a, at) => pool.tookEntry(a, at, r, prefix(at)),
    item: (a, n) => pool.item(a, n),
    isEquivocator: (a) => pool.isEquivocator(a),
    votersAt: (colour, point) => {
      const byPlayer = point >= r.length ? (c: Colour) => r.follower.control(c).by === 'player' : controlsAt(r.log.entries, point);
      return eligibleVoters(roster, colour, byPlayer);
    },
    dueAt: (colour, point) => (point < r.length ? entryOfSeat(r.log.entries[point], colour, r) : wait()?.colour === colour),
    now,
    graceMs: (_colour, point) => {
      const there = point < r.length ? r.log.entries[point] : null;
      const reveal = there ? there.k === 'reveal' || there.k === 'commit' : wait()?.what === 'reveal';
      return reveal ? timeouts.revealMs : timeouts.moveMs;
    },
  };
}

/** This seat's answer to a question whose votes changed: a veto to sign for log index `at` (and the entry it names, sent again), a vote, or none. */
export type Answer =
  | { kind: 'none' }
  | { kind: 'vote'; key: VoteKey }
  | { kind: 'veto'; body: Extract<ItemBody, { k: 'veto' }>; at: number; resend: Item | null };

/** The verdict when a wait is up here: vote to drop the seat, or look again in a second. */
export type ExpiryVerdict = { kind: 'vote'; key: VoteKey } | { kind: 'retry' };

export class SilentSeats {
  /** Drop questions whose grace ends at a set time: a pump is due then. */
  private readonly graceTimers = new Map<number, unknown>();
  /** The timer that counts drop questions again when the soonest grace ends (armGraceRecount), and when. */
  private recount: unknown = null;
  private recountAt = Number.POSITIVE_INFINITY;

  /**
   * `graceOver`: a grace ended (the session pumps); `recountDue`: the soonest grace ended (the
   * session marks the drop questions changed and pumps); `stallMs`: the heartbeat's gap.
   */
  constructor(
    private readonly clock: Clock,
    private readonly links: Links,
    private readonly wait: WaitTimer,
    private readonly stallMs: number,
    private readonly graceOver: () => void,
    private readonly recountDue: () => void,
  ) {}

  /** A pump when the grace of a drop question ends at `ends` (a minority acts only then). */
  armGrace(ends: number | null): void {
    // A grace already over waits on this peer's own answer (its wait timer pumps then): a timer now would spin at one instant.
    if (ends === null || ends <= this.clock.now() || this.graceTimers.has(ends)) return;
    const timer = this.clock.setTimeout(
      () => {
        this.graceTimers.delete(ends);
        this.graceOver();
      },
      Math.max(0, ends - this.clock.now()),
    );
    this.graceTimers.set(ends, timer);
  }

  /**
   * A drop question whose grace is still running (the soonest ends `at`) is counted again when
   * it ends: its count may turn to the drop then with no new item (a withheld vote), and a peer
   * whose log passed the point with the seat's own entry (a silenced seat's own page) has no
   * wait timer to look.
   */
  armGraceRecount(at: number | null): void {
    if (at === null || at >= this.recountAt) return;
    if (this.recount !== null) this.clock.clearTimeout(this.recount);
    this.recountAt = at;
    this.recount = this.clock.setTimeout(
      () => {
        this.recount = null;
        this.recountAt = Number.POSITIVE_INFINITY;
        this.recountDue();
      },
      at - this.clock.now() + 1,
    );
  }

  /** The session stops timing (it may serve a rematch): no recount from now on. */
  stop(): void {
    if (this.recount !== null) this.clock.clearTimeout(this.recount);
  }

  /** A seat caught equivocating, or whose state hash the majority contradicted, is voted out the moment the log next waits for it. */
  offender(g: HeldGame, a: number, len: number, provenWrong: boolean): VoteKey | null {
    if (!(g.pool.isEquivocator(a) || provenWrong) || g.mySeat === null || g.mySeat === a) return null;
    if (g.replica.follower.control(g.myColour!).by !== 'player') return null;
    return { what: 'drop', colour: g.roster[a].colour, point: len, p: g.prefix(len) };
  }

  /**
   * Fresh equivocation (P6, bullet 4): two entries one seat signed for one slot of this
   * history, and this log took one of them. Every honest player votes the seat out at that
   * very slot, and the count there sends every peer back to it.
   */
  disputedSlots(g: HeldGame): VoteKey[] {
    const r = g.replica;
    if (g.mySeat === null || r.follower.control(g.myColour!).by !== 'player') return [];
    const out: VoteKey[] = [];
    for (const e of g.pool.evidence) {
      const { first, second } = e;
      if (e.a === g.mySeat || first.body.k !== 'entry' || second.body.k !== 'entry' || first.at !== second.at) continue;
      if (first.p !== second.p || first.at >= r.length || g.prefix(first.at) !== first.p) continue;
      // Fresh equivocation is caught within moments; an old slot re-signed later is voted out when next due instead
      // (so a seat cannot make the table go back further than this by signing an old move again).
      if (r.length - first.at > EQUIVOCATOR_WINDOW) continue;
      const colour = g.roster[e.a].colour;
      if (!entryOfSeat(r.log.entries[first.at], colour, r)) continue;
      out.push({ what: 'drop', colour, point: first.at, p: first.p });
    }
    return out;
  }

  /** This seated peer's answer to question `k` (seat-votes.ts): a drop veto names the entry it took, a reclaim is agreed or vetoed by its turn. */
  answer(g: HeldGame, k: VoteKey, votes: SeatVotes, ctx: VoteContext): Answer {
    const r = g.replica;
    const f = r.follower;
    const at = r.awaiting();
    const reclaim = r.state && {
      turn: r.state.turn,
      placingNow: at.kind === 'action' && at.phase === 'place' && r.state.setup.seats[r.state.seat] === k.colour,
      dropped: f.forfeited(k.colour) === 'dropped',
      lobbySeats: f.lobby.length,
    };
    const answer = votes.answer(k, ctx, reclaim);
    if (answer.kind === 'vote') return { kind: 'vote', key: k };
    if (answer.kind !== 'veto') return { kind: 'none' };
    const took = answer.took && answer.took.sig ? { n: answer.took.n, sig: answer.took.sig } : null;
    if (k.what === 'drop' && !took) return { kind: 'none' };
    // A drop veto is signed for the point (its history) and names the entry it took, which goes out again beside it.
    const body = { k: 'veto' as const, what: k.what, colour: k.colour, point: k.point, took };
    return { kind: 'veto', body, at: k.what === 'drop' ? k.point : r.length, resend: answer.took };
  }

  /** `colour`'s time is up here: vote to drop it if this player asked to, or another already voted, or `autoDrop` is on. */
  expired(g: HeldGame, colour: Colour, votes: SeatVotes, autoDrop: boolean): ExpiryVerdict {
    const point = g.replica.length;
    const key: VoteKey = { what: 'drop', colour, point, p: g.prefix(point) };
    const others = votes.votersOf(key).size > 0;
    const iVote = g.mySeat !== null && g.myColour !== colour && g.replica.follower.control(g.myColour!).by === 'player';
    if (iVote && !this.behind(g, colour, point) && (autoDrop || votes.wasAsked(colour) || others)) return { kind: 'vote', key };
    return { kind: 'retry' };
  }

  /**
   * Whether `colour`'s peer says, in a sync request of the last four beats, that its log has not
   * reached `point` of this history yet, and its bank is not spent: it is behind, not silent
   * (behind.ts), so its time keeps running from its bank instead of a vote.
   */
  private behind(g: HeldGame, colour: Colour, point: number): boolean {
    const pub = g.roster.find((r) => r.colour === colour)?.pub;
    const said = pub ? this.links.linkOf(pub) : null;
    const fresh = 4 * this.stallMs;
    const log = { replica: g.replica, pool: g.pool, prefix: g.prefix, seats: g.roster.length };
    return saysBehind(said ?? null, this.clock.now(), fresh, point, log) && this.wait.bankLeft(colour) > 0;
  }
}
