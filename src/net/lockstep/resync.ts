// Resending over lossy links (P3.4): what a sync answer holds, when to ask again, and the
// heartbeat timer. A peer asks when it sees a gap in an author's numbers, when it meets a
// peer, and whenever its log has stood still for a while (a lost last frame shows no gap).
import type { Replica } from '../../fair/replica';
import type { Clock } from '../clock';
import { MAX_FRAME_CHARS } from '../transport';
import { MAX_ITEMS_PER_ANSWER, MAX_ITEMS_PER_CATCH_UP, MAX_ITEMS_PER_FRAME, type Frame, type Item, type StartRecord } from '../wire';
import type { ItemPool } from './item-pool';
import { AFTER_END_FACTOR, END_SYNC_ROUNDS, ENTRIES_BY_POSITION, EQUIVOCATOR_WINDOW } from './limits';
import type { Link } from './links';

/** Disagreeing seat digests one link's requests get answered (each with blocks of a seat's items, latest first). */
const MAX_DIGEST_ANSWERS = 16;

/** The shortest gap between two sync requests on one link (unless forced). */
const SYNC_GAP_MS = 200;

/** The frames that answer a sync request: what the asker lacks, oldest first, a bounded batch at a time. */
export function syncAnswer(
  start: StartRecord,
  pool: ItemPool,
  replica: Replica | null,
  prefix: (i: number) => string,
  ask: { have: readonly number[]; len: number; dig: readonly string[]; bulk: boolean },
  answered: Map<string, number>,
): Frame[] {
  const { have: theirs, len, dig } = ask;
  const out: Frame[] = [];
  if (len === 0 && theirs.length === 0) out.push({ t: 'start', start });
  // An asker that lacks more than one answer's worth is catching up (a late joiner, a reload, a return after a cut):
  // it gets all it lacks at once, packed in large frames, so catching up is a few round trips whatever the game's length.
  const lacking = pool.missingFrom(theirs, ask.bulk ? MAX_ITEMS_PER_CATCH_UP : MAX_ITEMS_PER_ANSWER);
  if (lacking.length > MAX_ITEMS_PER_ANSWER) out.push(...packItems(lacking));
  else for (const item of lacking) out.push({ t: 'item', item });
  // As many items of a seat as this pool counts, but another digest: one of them differs here and there (a seat that
  // signed two items under one number, each shown to other peers). This pool's items of it go, so the asker holds both
  // versions — evidence (P5.1) — even where the numbers match and no history parted: the latest EQUIVOCATOR_WINDOW
  // first, then, each time the same digest is asked again (the difference is older), the block before, twice as long,
  // until the seat's first item: a few answers for any game.
  theirs.forEach((count, a) => {
    const mine = pool.digestAt(a, count);
    if (count === 0 || pool.isEquivocator(a) || mine === undefined || mine === dig[a]) return;
    const key = `${a}:${count}:${dig[a]}`;
    const sent = answered.get(key) ?? 0;
    if (!answered.has(key) && answered.size >= MAX_DIGEST_ANSWERS) return;
    const to = count - EQUIVOCATOR_WINDOW * (2 ** sent - 1);
    if (to <= 0) return;
    answered.set(key, sent + 1);
    const block = pool.itemsOf(a, Math.max(0, count - EQUIVOCATOR_WINDOW * (2 ** (sent + 1) - 1)), to);
    const consecutive = block.every((it, i) => i === 0 || it.n === block[i - 1].n + 1);
    if (block.length > 1 && consecutive) out.push(...packItems(block));
    else for (const item of block) out.push({ t: 'item', item });
  });
  // Evidence is not numbered like items, so it goes again with every answer (at most one per seat).
  for (const e of pool.evidence) out.push({ t: 'evidence', first: e.first, second: e.second });
  // By position too: the entries this log took from where the asker's log stands. A seat that
  // signed two items under one number leaves the asker holding a version the numbers cannot
  // tell apart; these let it find the one the log needs (judged as any item).
  if (!replica) return out;
  // A seat caught equivocating may have shown honest peers different moves for one slot (fresh equivocation, P6):
  // the moves of it this log took lately go along, so a peer that took the other version finds the disputed slot.
  for (const a of pool.authors()) {
    if (!pool.isEquivocator(a)) continue;
    for (let at = Math.max(0, replica.length - EQUIVOCATOR_WINDOW); at < replica.length; at++) {
      const it = pool.tookEntry(a, at, replica, prefix(at));
      if (it?.p) out.push({ t: 'item', item: it });
    }
  }
  if (len >= replica.length) return out;
  for (let at = len; at < Math.min(replica.length, len + ENTRIES_BY_POSITION); at++) {
    for (const a of pool.authors()) {
      const it = pool.tookEntry(a, at, replica, prefix(at));
      if (it) out.push({ t: 'item', item: it });
    }
  }
  return out;
}

/** Room a batch leaves for its frame's own text (`{"t":"items","items":[…]}`). */
const BATCH_OVERHEAD_CHARS = 32;

/**
 * Items (by seat, then number, each seat's numbers consecutive: as `missingFrom` lists them) in
 * `items` frames within the frame cap; an item too large to share a frame still fits one alone.
 */
export function packItems(items: readonly Item[]): Frame[] {
  const out: Frame[] = [];
  let batch: Item[] = [];
  let chars = BATCH_OVERHEAD_CHARS;
  for (const item of items) {
    const size = JSON.stringify(item).length + 1;
    if (batch.length && (chars + size > MAX_FRAME_CHARS || batch.length >= MAX_ITEMS_PER_FRAME)) {
      out.push({ t: 'items', items: batch });
      batch = [];
      chars = BATCH_OVERHEAD_CHARS;
    }
    batch.push(item);
    chars += size;
  }
  if (batch.length) out.push({ t: 'items', items: batch });
  return out;
}

/** Whether to send a sync request on `link` now (at most one per SYNC_GAP_MS unless forced); notes it sent. */
export function syncDue(link: Link, now: number, force: boolean): boolean {
  if (!force && now - link.lastSync < SYNC_GAP_MS) return false;
  link.lastSync = now;
  return true;
}

/**
 * The heartbeat that makes a lossy network reliable: every `stallMs` (sooner before the
 * start) it runs `beat`; after the game is over it beats END_SYNC_ROUNDS more times, then on
 * at a slower pace (AFTER_END_FACTOR × the gap): a split that healed after both sides had
 * finished must still bring the two histories together (P6.1).
 */
export class Heartbeat {
  private timer: unknown = null;
  private endRounds = END_SYNC_ROUNDS;
  /** When the log last grew. */
  private lastProgress: number;

  constructor(
    private readonly clock: Clock,
    readonly stallMs: number,
  ) {
    this.lastProgress = clock.now();
  }

  get stalled(): boolean {
    return this.clock.now() - this.lastProgress >= this.stallMs;
  }

  progressed(): void {
    this.lastProgress = this.clock.now();
  }

  /** The log went back from a finished game (the group's count said otherwise): the end rounds start again. */
  revive(): void {
    this.endRounds = END_SYNC_ROUNDS;
  }

  /** Arms the next beat; `beat` returns whether the game is over, or null when the session is gone. */
  arm(started: () => boolean, beat: () => boolean | null): void {
    this.stop();
    this.timer = this.clock.setTimeout(
      () => {
        this.timer = null;
        const over = beat();
        if (over === null) return;
        if (!over || this.endRounds-- > 0) this.arm(started, beat);
        else this.armSlow(started, beat);
      },
      started() ? this.stallMs : Math.min(this.stallMs, 300),
    );
  }

  private armSlow(started: () => boolean, beat: () => boolean | null): void {
    this.timer = this.clock.setTimeout(() => {
      this.timer = null;
      const over = beat();
      if (over === null) return;
      if (over) this.armSlow(started, beat);
      else this.arm(started, beat);
    }, this.stallMs * AFTER_END_FACTOR);
  }

  stop(): void {
    if (this.timer !== null) this.clock.clearTimeout(this.timer);
    this.timer = null;
  }
}
