// The item pool: every signed item held, per author seat by sequence number, and the entry
// items by the log index they were signed for. It judges each item that arrives (signature,
// numbering, seat, slot — P1.3, P2.3, P4.2, P5.1) and returns a verdict; it never sends or
// applies anything itself. An entry's slot is its log index on the history its prefix hash
// names (P6): an honest seat that went back after a fork signs a new entry for an index it
// signed before, on another history, and that is no contradiction. Equivocation — one seat
// signing two different items under one number, two entries for one slot, or a vote and a
// veto on one question — is judged on the signatures alone and kept as evidence, so every
// honest peer holding both concludes alike.
import { sha256 } from '@noble/hashes/sha2.js';
import { utf8ToBytes } from '@noble/hashes/utils.js';
import { canonicalJson } from '../../engine';
import { EntryError, type LogEntry } from '../../fair';
import { toHex } from '../../fair/hex';
import type { Replica } from '../../fair/replica';
import { checkSignature } from '../identity';
import { itemSigningText, type Item, type LobbySeat } from '../wire';
import { MAX_ITEMS_PER_SEAT, SEQ_WINDOW } from './limits';

export interface Evidence {
  a: number;
  first: Item;
  second: Item;
}

/**
 * What keeping an item did. `reason`: why it was refused (or what it proved), for the
 * players; `kept`: a new item to note (votes, chat); `unchat`: a chat line to let go;
 * `evidence`: equivocation found just now (to send to every peer).
 */
export interface PoolVerdict {
  reason: string | null;
  kept?: Item;
  unchat?: { a: number; n: number };
  evidence?: Evidence;
  /** The link's budget of signature checks is spent: dropped unread (it comes again by sync). */
  overBudget?: true;
}

const refused = (reason: string): PoolVerdict => ({ reason });
const NOTHING: PoolVerdict = { reason: null };

/** What the pool needs to know of the game to judge an item. */
export interface PoolContext {
  gameId: string;
  roster: readonly LobbySeat[];
  replica: Replica;
  /** The hash of this log's prefix of i ≤ length entries. */
  prefix: (i: number) => string;
  /** Asked before each real signature check (a copy of one already checked costs none): whether the sender's budget allows it. */
  mayCheck?: () => boolean;
}

type Slots = Map<number, Map<string, Item>>;

const OVER_BUDGET: PoolVerdict = { reason: null, overBudget: true };

export class ItemPool {
  private readonly byAuthor = new Map<number, Map<number, Item>>();
  /** Entry items per author, by log index and prefix hash. */
  private readonly entryAt = new Map<number, Slots>();
  /** Per author: every number below this is held (its contiguous sequence). */
  private readonly have: number[] = [];
  /**
   * Per author: the digest of its first k items held, for every k ≤ have (element k). Two peers
   * holding as many items of a seat with different digests hold different versions of one of
   * them: a seat that signed two items under one number and showed each to other peers.
   */
  private readonly digests: string[][] = [];
  private readonly equivocators = new Set<number>();
  private readonly evidenceList: Evidence[] = [];
  /** Chat items over the chat limits ("a:n"): still numbered and relayed, never saved nor counted as held. */
  private readonly muted = new Set<string>();
  /** Log indices below this were checked for held entries that do not match the log (early or misplaced ones). */
  private sweptTo = 0;

  constructor(seats: number) {
    for (let a = 0; a < seats; a++) {
      this.byAuthor.set(a, new Map());
      this.entryAt.set(a, new Map());
      this.have[a] = 0;
      this.digests[a] = [''];
    }
  }

  /** Per author, how many items in a row from 0 are held (what a sync request says). */
  get sequences(): readonly number[] {
    return this.have;
  }

  get evidence(): readonly Evidence[] {
    return this.evidenceList;
  }

  get size(): number {
    let n = 0;
    for (const byN of this.byAuthor.values()) n += byN.size;
    return n - this.muted.size;
  }

  /** A chat item the chat log let go (over its limits): it has no effect, so it is not saved (its number still counts). */
  mute(a: number, n: number): void {
    if (this.byAuthor.get(a)?.get(n)?.body.k === 'chat') this.muted.add(`${a}:${n}`);
  }

  isEquivocator(a: number): boolean {
    return this.equivocators.has(a);
  }

  item(a: number, n: number): Item | undefined {
    return this.byAuthor.get(a)?.get(n);
  }

  /**
   * The entry item author `a` signed for log index `at` of the history whose prefix hash
   * there is `p`, if held. An entry that names no history (a commitment, a reveal, a
   * resignation) fits every one; several such may be held for one index (signed on several
   * histories, for different events): the lowest-numbered is tried first, then the next.
   */
  entryFor(a: number, at: number, p: string): Item | undefined {
    const byP = this.entryAt.get(a)?.get(at);
    if (!byP) return undefined;
    const bound = byP.get(p);
    if (bound) return bound;
    let first: Item | undefined;
    for (const [key, it] of byP) if (key.startsWith('~') && (!first || it.n < first.n)) first = it;
    return first;
  }

  /** Every entry item author `a` holds for log index `at` (this history's move, and the entries that name none). */
  entriesAt(a: number, at: number, p: string): Item[] {
    const byP = this.entryAt.get(a)?.get(at);
    return byP ? [...byP].filter(([key]) => key === p || key.startsWith('~')).map(([, it]) => it) : [];
  }

  /** Whether some author's entry for a log index past `at` is held (the log is behind what is known). */
  holdsEntryPast(at: number): boolean {
    for (const byAt of this.entryAt.values()) for (const i of byAt.keys()) if (i > at) return true;
    return false;
  }

  /** The log refused this entry in its slot: let it go. */
  forget(item: Item): void {
    const byP = this.entryAt.get(item.a)?.get(item.at);
    byP?.delete(slotKey(item));
    if (byP?.size === 0) this.entryAt.get(item.a)!.delete(item.at);
  }

  private slot(item: Item): Map<string, Item> {
    const slots = this.entryAt.get(item.a)!;
    let byP = slots.get(item.at);
    if (!byP) slots.set(item.at, (byP = new Map()));
    return byP;
  }

  /** Every item that has an effect, by author and number (the save). */
  all(): Item[] {
    const items: Item[] = [];
    for (const byN of this.byAuthor.values()) for (const it of byN.values()) if (!this.muted.has(`${it.a}:${it.n}`)) items.push(it);
    return items.sort((x, y) => x.a - y.a || x.n - y.n);
  }

  /** Author `a`'s entry item that this log took at index `at` (the held item whose entry is the log's there), if any. */
  tookEntry(a: number, at: number, replica: Replica, p: string): Item | null {
    const there = replica.log.entries[at];
    if (!there) return null;
    const text = canonicalJson(there);
    let best: Item | null = null;
    for (const it of this.entriesAt(a, at, p))
      if (it.body.k === 'entry' && canonicalJson(it.body.entry) === text && (!best || it.n < best.n)) best = it;
    return best;
  }

  /** Items author by author from the numbers `theirs` holds, oldest first, at most `budget` (a sync answer, P3.4). */
  missingFrom(theirs: readonly number[], budget: number): Item[] {
    const out: Item[] = [];
    for (let a = 0; a < this.have.length && out.length < budget; a++) {
      const byN = this.byAuthor.get(a)!;
      for (let n = theirs[a] ?? 0; n < this.have[a] && out.length < budget; n++) {
        const item = byN.get(n);
        if (!item) break;
        out.push(item);
      }
    }
    return out;
  }

  /** The authors whose entry slots are tracked, in seat order. */
  authors(): Iterable<number> {
    return this.entryAt.keys();
  }

  /** Checks an item from the network against its author's key and what is held; keeps it if it is new. */
  accept(item: Item, ctx: PoolContext): PoolVerdict {
    const seat = ctx.roster[item.a];
    if (!seat || !seat.pub) return refused(`item from seat ${item.a}, which no player holds`);
    // A copy of an item already held (a duplicate, a resend, a relay) costs no signature check.
    const held = this.byAuthor.get(item.a)!.get(item.n);
    if (held && itemSigningText(ctx.gameId, held) === itemSigningText(ctx.gameId, item) && held.sig === item.sig) {
      // A copy of an entry held but not in its slot (the slot was taken by another signed
      // version, since refused): it takes the free slot now, so the log does not stall on it.
      this.takeFreeSlot(held, ctx);
      return NOTHING;
    }
    // Every cheap check before the signature's (a check costs far more than a frame).
    if (!item.sig) return refused(`an unsigned item claiming to be ${seat.colour}'s`);
    if (item.n >= MAX_ITEMS_PER_SEAT)
      return refused(`${seat.colour}'s item ${item.n} is numbered beyond the ${MAX_ITEMS_PER_SEAT} one seat may send in a game`);
    if (!held && item.n >= this.have[item.a] + SEQ_WINDOW) return refused(`${seat.colour}'s item ${item.n} is too far ahead`);
    // The wire bounds a bank claim's length by the most seats; the replay asks for exactly one per lobby seat.
    if (item.w && item.w.length !== ctx.roster.length)
      return refused(`${seat.colour}'s bank claim names ${item.w.length} seats, not the game's ${ctx.roster.length}`);
    const signedBy = checkSignature(seat.pub, 'item', itemSigningText(ctx.gameId, item), item.sig, ctx.mayCheck ?? null);
    if (signedBy === 'over-budget') return OVER_BUDGET;
    if (!signedBy) return refused(`an item claiming to be ${seat.colour}'s is not signed by ${seat.colour}'s key`);
    // Another signed item under a number already held is equivocation whatever it says (P5.1):
    // judged on the signatures alone, before legality, so every peer holding both concludes alike.
    if (held) return this.keep(item, ctx);
    if (item.body.k === 'entry') {
      const why = this.entryRefusal(item, item.body.entry, seat.colour, ctx);
      if (why) {
        // A late reveal or commitment (it names no history) is numbered all the same: signed in good time on another
        // history, it must not leave a gap the sync asks for again and again (P6.1: after a split, the other side's
        // reveals for slots this history filled otherwise). A late move names this history: a lie, refused outright.
        if (why.endsWith(LATE) && item.p === null && item.n < this.have[item.a] + SEQ_WINDOW) this.number(item);
        return refused(why);
      }
    }
    return this.keep(item, ctx);
  }

  /** Why an entry item may not be kept where it is signed for (null: it may). */
  private entryRefusal(item: Item, e: LogEntry, colour: string, ctx: PoolContext): string | null {
    const r = ctx.replica;
    if (e.k === 'reveal' && e.chain !== item.a) return `${colour} sent a reveal of another seat's chain`;
    if ((e.k === 'commit' && (e.chain !== item.a || e.colour !== colour)) || (e.k === 'resign' && e.colour !== colour))
      return `${colour} wrote an entry for another seat`;
    // Before the seating is known (a peer catching up) the log's own checks judge the move at its slot.
    if ((e.k === 'place' || e.k === 'deploy') && r.state) {
      const owner = r.state.setup.seats[e.seat];
      if (owner !== colour) return `${colour} sent a move for ${owner}'s seat`;
      const at = r.awaiting();
      if (item.at === r.length && (at.kind !== 'action' || at.colour !== colour || at.phase !== e.k))
        return `${colour} sent a ${e.k} out of turn`;
    }
    // Signed on another history (a fork this peer does not follow): kept, unjudged, in case the group's count moves it there.
    if (item.p !== null && item.at <= r.length && item.p !== ctx.prefix(item.at)) return null;
    const slotTaken = item.p === null ? this.entriesAt(item.a, item.at, '').length > 0 : this.slotOf(item) !== undefined;
    const there = r.log.entries[item.at];
    // The seat's own entry where this log dropped it: kept, since it counts against the drop (P6.2).
    if (item.at < r.length && there?.k === 'drop' && there.colour === colour) return null;
    // Its signed position is already filled by something else: a late or misplaced entry (a replayed one is a copy, above).
    if (item.at < r.length && !slotTaken) return `${colour}'s ${e.k} for log index ${item.at} ${LATE}`;
    // Signed for the slot the log is at now: judged now, by the log's own checker on a copy (P1.3, P2.3).
    if (item.at === r.length && !slotTaken) {
      const why = tryAtSlot(item.a, e, r);
      if (why) return `${colour}'s ${e.k} for log index ${item.at} is refused: ${why}`;
    }
    return null;
  }

  /** Keeps an item already checked (or this seat's own); the verdict says what else it did. */
  keep(item: Item, ctx: PoolContext): PoolVerdict {
    const byN = this.byAuthor.get(item.a)!;
    const old = byN.get(item.n);
    if (old) {
      if (itemSigningText(ctx.gameId, old) === itemSigningText(ctx.gameId, item)) return NOTHING; // a duplicate: ignored
      // The seat signed two different items under one number. If the second is an entry whose
      // slot is free (the first was no entry, or an entry for another slot, or one the log
      // already refused), it still takes its slot: the log must not stall on it.
      const unchat = this.takeFreeSlot(item, ctx) && old.body.k === 'chat' ? { a: item.a, n: old.n } : undefined;
      return { ...this.equivocation(old, item, `two different items numbered ${item.n}`, ctx), unchat };
    }
    if (item.n >= this.have[item.a] + SEQ_WINDOW) return refused(`${colourOf(ctx, item.a)}'s item ${item.n} is too far ahead`);
    if (item.body.k === 'entry') {
      const prior = this.slotOf(item);
      if (prior && itemSigningText(ctx.gameId, prior) !== itemSigningText(ctx.gameId, item)) {
        // Two moves for one slot of one history: the number is kept (so the sequence has no gap), the slot keeps the first.
        this.number(item);
        return this.equivocation(prior, item, `two different entries for log index ${item.at}`, ctx);
      }
      this.slot(item).set(slotKey(item), item);
    }
    this.number(item);
    return { reason: null, kept: item };
  }

  private number(item: Item): void {
    const byN = this.byAuthor.get(item.a)!;
    byN.set(item.n, item);
    const digests = this.digests[item.a];
    while (byN.has(this.have[item.a])) {
      const next = byN.get(this.have[item.a])!;
      // A reveal carries no signature (its chain proves it): its whole text stands for it.
      digests.push(chainDigest(digests[digests.length - 1], next.sig ?? canonicalJson(next)));
      this.have[item.a]++;
    }
  }

  /** The digest of author `a`'s first `count` items, if this pool holds that many ('' for none). */
  digestAt(a: number, count: number): string | undefined {
    return this.digests[a]?.[count];
  }

  /** The digests of every author's items held, as far as the sequences say (what a sync request carries). */
  get tips(): string[] {
    return this.have.map((n, a) => this.digests[a][n]);
  }

  /** Author `a`'s items numbered from `from` up to (not including) `to`, those held. */
  itemsOf(a: number, from: number, to: number): Item[] {
    const byN = this.byAuthor.get(a);
    const out: Item[] = [];
    for (let n = Math.max(0, from); n < to && byN; n++) {
      const it = byN.get(n);
      if (it) out.push(it);
    }
    return out;
  }

  /**
   * Equivocation (P5.1): seat `a` signed both items, which contradict each other. Both are
   * kept as evidence (sent to every peer, so each honest peer holds the same proof); the
   * honest players then vote the seat out the next time the log waits for it.
   */
  private equivocation(first: Item, second: Item, what: string, ctx: PoolContext): PoolVerdict {
    const a = first.a;
    const evidence = { a, first, second };
    if (this.equivocators.has(a)) {
      // Reported once; later copies change nothing — except two moves for one slot of one history, which every peer
      // must learn of even from a seat already caught (honest peers may have taken different ones: they go back there).
      const slot = sameSlotMoves(first, second);
      if (!slot || this.evidenceList.some((e) => sameSlotMoves(e.first, e.second) === slot) || this.evidenceList.length >= 8)
        return NOTHING;
      this.evidenceList.push(evidence);
      return { reason: null, evidence };
    }
    this.equivocators.add(a);
    this.evidenceList.push(evidence);
    const c = colourOf(ctx, a);
    return { reason: `${c} signed ${what} (equivocation): both kept as evidence; the others drop ${c} when it is next due`, evidence };
  }

  /**
   * Evidence relayed by another peer: two items one seat signed under one number, or two
   * different entries for one log index. Only the signatures are judged (not whether either
   * item is legal, nor which came first), so each honest peer that sees it concludes alike.
   */
  takeEvidence(first: Item, second: Item, ctx: PoolContext): PoolVerdict {
    const seat = ctx.roster[first.a];
    if (!seat?.pub || second.a !== first.a || !first.sig || !second.sig)
      return refused('evidence of equivocation that names no signed seat');
    if (this.equivocators.has(first.a)) {
      // Known already, unless it is a disputed slot not known yet (checked like any evidence, then kept).
      const slot = sameSlotMoves(first, second);
      if (!slot || this.evidenceList.some((e) => sameSlotMoves(e.first, e.second) === slot)) return NOTHING;
    }
    const t1 = itemSigningText(ctx.gameId, first),
      t2 = itemSigningText(ctx.gameId, second);
    const sameSlot = first.body.k === 'entry' && second.body.k === 'entry' && first.at === second.at && first.p === second.p;
    const voteAndVeto = contradictoryAnswers(first, second);
    if (t1 === t2 || (first.n !== second.n && !sameSlot && !voteAndVeto))
      return refused(`${seat.colour}'s evidence of equivocation shows no contradiction`);
    if (first.n >= MAX_ITEMS_PER_SEAT || second.n >= MAX_ITEMS_PER_SEAT)
      return refused(`${seat.colour}'s evidence is numbered beyond the ${MAX_ITEMS_PER_SEAT} one seat may send in a game`);
    const may = ctx.mayCheck ?? null;
    const one = checkSignature(seat.pub, 'item', t1, first.sig, may);
    const two = one === true ? checkSignature(seat.pub, 'item', t2, second.sig, may) : one;
    if (one === 'over-budget' || two === 'over-budget') return OVER_BUDGET;
    if (!one || !two) return refused(`evidence against ${seat.colour} is not signed by ${seat.colour}'s key`);
    const what =
      first.n === second.n
        ? `two different items numbered ${first.n}`
        : voteAndVeto
          ? `a vote and a veto on one question`
          : `two different entries for log index ${first.at}`;
    return this.equivocation(first, second, what, ctx);
  }

  /** A vote and a veto seat `a` signed on one question, found by the votes (both items already checked and held). */
  voteAndVeto(vote: Item, veto: Item, ctx: PoolContext): PoolVerdict {
    return this.equivocation(vote, veto, 'a vote and a veto on one question', ctx);
  }

  private slotOf(item: Item): Item | undefined {
    return this.entryAt.get(item.a)?.get(item.at)?.get(slotKey(item));
  }

  /** An entry item whose signed log slot is still ahead (or this history's and the seat's drop) and empty goes into it. */
  private takeFreeSlot(item: Item, ctx: PoolContext): boolean {
    if (item.body.k !== 'entry' || item.at < ctx.replica.length || this.slotOf(item)) return false;
    this.slot(item).set(slotKey(item), item);
    return true;
  }

  /**
   * Held entries whose signed slot the log has passed with something else (sent early, or
   * out of place) are let go; returns the refusal line of each.
   */
  sweepPassed(replica: Replica, prefix: (i: number) => string, colourOfSeat: (a: number) => string): string[] {
    const lines: string[] = [];
    for (; this.sweptTo < replica.length; this.sweptTo++) {
      const i = this.sweptTo;
      const e = replica.log.entries[i];
      let there: string | null = null;
      for (const [a, slots] of this.entryAt) {
        if (!slots.has(i)) continue;
        // The seat's entry where this log dropped it stays: it counts against the drop (P6.2).
        if (e.k === 'drop' && e.colour === colourOfSeat(a)) continue;
        for (const it of this.entriesAt(a, i, prefix(i))) {
          if (it.body.k !== 'entry') continue;
          there ??= canonicalJson(e);
          if (canonicalJson(it.body.entry) === there) continue;
          this.forget(it);
          lines.push(
            `${colourOfSeat(a)}'s ${it.body.entry.k} signed for log index ${i} is not what the log holds there (sent before it was due, or out of place)`,
          );
        }
      }
    }
    return lines;
  }

  /** The log went back to `point`: entries from there on are checked again as the log passes them. */
  rewoundTo(point: number): void {
    this.sweptTo = Math.min(this.sweptTo, point);
    // Entries let go while the log passed their slot on the history left may fit the one kept: back into their free slots.
    for (const byN of this.byAuthor.values())
      for (const it of byN.values()) if (it.body.k === 'entry' && it.at >= point && !this.slotOf(it)) this.slot(it).set(slotKey(it), it);
  }
}

const LATE = 'comes after that point was filled';

/** One more item in a seat's digest chain: 16 hex digits of SHA-256 over the digest so far and the item's signature (or text). */
function chainDigest(prev: string, sig: string): string {
  return toHex(sha256(utf8ToBytes(`${prev}|${sig}`))).slice(0, 16);
}

/** An entry's key in its slot: its history's prefix hash, or (naming none) its own number, so several may wait side by side. */
function slotKey(item: Item): string {
  return item.p ?? `~${item.n}`;
}

/** The slot two different moves of one seat share (author, index, prefix), or null when they are not that. */
function sameSlotMoves(x: Item, y: Item): string | null {
  if (x.body.k !== 'entry' || y.body.k !== 'entry' || x.at !== y.at || x.p === null || x.p !== y.p) return null;
  return `${x.a}|${x.at}|${x.p}`;
}

/** Whether two items are a vote and a veto on one question (P6.2): a contradiction whatever their numbers. */
function contradictoryAnswers(x: Item, y: Item): boolean {
  const [vote, veto] = x.body.k === 'vote' ? [x, y] : [y, x];
  if (vote.body.k !== 'vote' || veto.body.k !== 'veto') return false;
  const same = vote.body.what === veto.body.what && vote.body.colour === veto.body.colour && vote.body.point === veto.body.point;
  return same && (vote.body.what === 'reclaim' || vote.p === veto.p);
}

function colourOf(ctx: PoolContext, a: number): string {
  return ctx.roster[a]?.colour ?? `seat ${a}`;
}

/**
 * Whether the entry author `a` signed for the log's current slot may go there: the log
 * must await it from that seat now (a reveal only once its event is due and in chain
 * order, P2.3, P4.2), and the log's checker, on a copy, must take it (a reveal must be
 * the chain's next preimage; a move legal). Null when it may; else why not.
 */
function tryAtSlot(a: number, e: LogEntry, r: Replica): string | null {
  const at = r.awaiting();
  if (e.k === 'reveal') {
    if (at.kind !== 'reveal' || !at.chains.includes(a)) return `a reveal of event ${e.event} before it is due (P2.3)`;
    if (at.event !== e.event) return `a reveal of event ${e.event} where event ${at.event} is due`;
    if (at.chains[0] !== a) return `not its chain-order slot (P4.2)`;
  }
  if (e.k === 'commit' && (at.kind !== 'commit' || at.chain !== a)) return 'not the slot of its commitment';
  if (e.k === 'resign' && !((at.kind === 'reveal' && at.chains[0] === a) || (at.kind === 'action' && at.colour === r.follower.lobby[a])))
    return 'not its own slot';
  try {
    r.follower.clone().apply(e);
  } catch (err) {
    if (err instanceof EntryError) return `${err.found} where the log expects ${err.expected}`;
    throw err;
  }
  return null;
}
