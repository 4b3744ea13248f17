// The wait for a silent seat (P2.6) and each seat's time bank (P6, bullet 5): which seat the
// log waits for since when, one timer that fires when its time is up, and per seat the time
// it has used beyond each wait's free part. A wait may last its free part plus what is left
// in the seat's bank, never more than the per-action cap; so a seat that releases every
// entry just before its deadline runs its bank dry and then has the free part alone. The
// bank is measured on this peer's clock (there is no shared clock to sign); peers differ by
// delivery delays only, and the drop it leads to is the group's count (seat-votes.ts).
import type { Colour } from '../../engine';
import type { Clock } from '../clock';
import type { GameClock } from '../../fair/log-entries';

export interface Wait {
  colour: Colour;
  what: 'move' | 'reveal';
}

export class WaitTimer {
  private key = '';
  private current: Wait | null = null;
  private sinceAt = 0;
  private timer: unknown = null;
  /** Per seat: the time used beyond the free part of its waits so far (ms). */
  private readonly used = new Map<Colour, number>();

  /** `clock`: the game clock in force (the signed settings' once the game started, so every peer times by one rule). */
  constructor(
    private readonly clock: Clock,
    private readonly gameClock: () => GameClock,
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
    let used = this.used.get(colour) ?? 0;
    if (this.current?.colour === colour) used += Math.max(0, this.clock.now() - this.sinceAt - this.free(this.current.what));
    return Math.max(0, this.gameClock().bankMs - used);
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

  /** The wait that ends now: its time beyond the free part goes from its seat's bank. */
  private charge(): void {
    const w = this.current;
    if (!w) return;
    const over = Math.max(0, this.clock.now() - this.sinceAt - this.free(w.what));
    if (over > 0) this.used.set(w.colour, (this.used.get(w.colour) ?? 0) + over);
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
    return Math.min(cap, free + Math.max(0, c.bankMs - (this.used.get(w.colour) ?? 0)));
  }
}
