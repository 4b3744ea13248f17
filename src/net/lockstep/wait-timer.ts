// The wait for a silent seat (P2.6) and each seat's time bank (P6, bullet 5): which seat the
// log waits for since when, one timer that fires when its time is up. A wait may last its
// free part plus what is left in the seat's bank, never more than the per-action cap; so a
// seat that releases every entry just before its deadline runs its bank dry and then has the
// free part alone. What a seat has used is the log's count (src/fair/time-bank.ts: the
// smallest claim of the other players, signed with their moves), so every peer gives a wait
// the same bank; this peer times the waits on its own clock only to sign its own claims, and
// the wait going on. The drop a spent bank leads to is the group's count (seat-votes.ts).
import type { Colour } from '../../engine';
import type { Clock } from '../clock';
import type { GameClock } from '../../fair/log-entries';
import type { Replica } from '../../fair/replica';
import { BANK_UNIT_MS, MAX_BANK_CLAIM } from '../../fair/time-bank';

export interface Wait {
  colour: Colour;
  what: 'move' | 'reveal';
}

/** The seat log `r` waits for now, if a person plays it (none before the start, once over, or once this peer `stopped`). */
export function waitOf(r: Replica | null, stopped: boolean): Wait | null {
  if (!r?.state || stopped || r.state.phase === 'over') return null;
  const at = r.awaiting();
  if (at.kind === 'reveal') return { colour: r.follower.lobby[at.chains[0]], what: 'reveal' };
  if (at.kind === 'action' && at.control.by === 'player') return { colour: at.colour, what: 'move' };
  return null;
}

export class WaitTimer {
  private key = '';
  private current: Wait | null = null;
  private sinceAt = 0;
  private timer: unknown = null;
  /** Per seat: the time beyond the free part of its waits this peer timed since its own last claim (ms). */
  private readonly timed = new Map<Colour, number>();

  /**
   * `gameClock`: the clock in force (the signed settings' once the game started, so every peer
   * times by one rule); `usedMs`: what a seat has used of its bank by the log's count.
   */
  constructor(
    private readonly clock: Clock,
    private readonly gameClock: () => GameClock,
    private readonly usedMs: (colour: Colour) => number,
  ) {}

  /** When the current wait began. */
  get since(): number {
    return this.sinceAt;
  }

  deadline(what: Wait['what']): number {
    return this.sinceAt + this.limit({ colour: this.current?.colour ?? 'red', what });
  }

  /** What is left in `colour`'s time bank now (the current wait's use beyond its free part counted). */
  bankLeft(colour: Colour): number {
    let used = this.usedMs(colour);
    if (this.current?.colour === colour) used += this.over(this.current);
    return Math.max(0, this.gameClock().bankMs - used);
  }

  /**
   * The claim this peer signs with a move (per seat of `seats`, in lobby order): its last claim
   * in the log (`last`, so a reload loses only the waits since) plus what it timed since, in
   * whole seconds; the remainder is kept for the next claim.
   */
  claim(seats: readonly Colour[], last: readonly number[] | null): number[] {
    return seats.map((c, i) => {
      const ms = (last?.[i] ?? 0) * BANK_UNIT_MS + (this.timed.get(c) ?? 0);
      const w = Math.min(MAX_BANK_CLAIM, Math.floor(ms / BANK_UNIT_MS));
      this.timed.set(c, Math.max(0, ms - w * BANK_UNIT_MS));
      return w;
    });
  }

  /** The log went back (P6.1): waits timed on the history it left are not charged to anyone. */
  forget(): void {
    this.timed.clear();
  }

  /** Whether `key` names the wait still going on. */
  isCurrent(key: string): boolean {
    return key === this.key;
  }

  /** Starts timing `wait` at log length `length` unless that is the wait already timed; `expired` gets its key. */
  arm(wait: Wait | null, length: number, expired: (key: string, colour: Colour) => void): void {
    const key = wait ? `${length}|${wait.colour}` : '';
    if (key === this.key) return;
    this.charge();
    this.key = key;
    this.current = wait;
    this.sinceAt = this.clock.now();
    this.clear();
    if (wait) this.timer = this.clock.setTimeout(() => this.fired(key, wait.colour, expired), this.limit(wait));
  }

  /** Not voting yet: look again in a second, since someone else's vote may arrive. */
  retry(key: string, colour: Colour, expired: (key: string, colour: Colour) => void): void {
    this.timer = this.clock.setTimeout(() => this.fired(key, colour, expired), 1000);
  }

  clear(): void {
    if (this.timer !== null) this.clock.clearTimeout(this.timer);
    this.timer = null;
  }

  /** The wait that ends now: its time beyond the free part goes into this peer's next claim. */
  private charge(): void {
    const w = this.current;
    if (!w) return;
    const over = this.over(w);
    if (over > 0) this.timed.set(w.colour, (this.timed.get(w.colour) ?? 0) + over);
  }

  /** How far the wait going on is past its free part (ms). */
  private over(w: Wait): number {
    return Math.max(0, this.clock.now() - this.sinceAt - this.free(w.what));
  }

  private fired(key: string, colour: Colour, expired: (key: string, colour: Colour) => void): void {
    this.timer = null;
    expired(key, colour);
  }

  private free(what: Wait['what']): number {
    const c = this.gameClock();
    return what === 'move' ? c.freeMoveMs : c.freeRevealMs;
  }

  /** The longest this wait may last: the free part and the seat's bank, within the per-action cap. */
  private limit(w: Wait): number {
    const c = this.gameClock();
    const cap = w.what === 'move' ? c.moveMs : c.revealMs;
    const free = Math.min(cap, this.free(w.what));
    return Math.min(cap, free + Math.max(0, c.bankMs - this.usedMs(w.colour)));
  }
}
