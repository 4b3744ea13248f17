// The wait for a silent seat (P2.6): which seat the log waits for since when, and one timer
// that fires when its time is up. The session decides what to do then (vote, or look again).
import type { Colour } from '../../engine';
import type { Clock } from '../clock';
import type { Timeouts } from './limits';

export interface Wait {
  colour: Colour;
  what: 'move' | 'reveal';
}

export class WaitTimer {
  private key = '';
  private sinceAt = 0;
  private timer: unknown = null;

  constructor(
    private readonly clock: Clock,
    private readonly timeouts: Timeouts,
  ) {}

  /** When the current wait began. */
  get since(): number {
    return this.sinceAt;
  }

  deadline(what: Wait['what']): number {
    return this.sinceAt + this.limit(what);
  }

  /** Whether `key` names the wait still going on. */
  isCurrent(key: string): boolean {
    return key === this.key;
  }

  /** Starts timing `wait` at log length `length` unless that is the wait already timed; `expired` gets its key. */
  arm(wait: Wait | null, length: number, expired: (key: string, colour: Colour) => void): void {
    const key = wait ? `${length}|${wait.colour}` : '';
    if (key === this.key) return;
    this.key = key;
    this.sinceAt = this.clock.now();
    this.clear();
    if (wait) this.timer = this.clock.setTimeout(() => this.fired(key, wait.colour, expired), this.limit(wait.what));
  }

  /** Not voting yet: look again in a second, since someone else's vote may arrive. */
  retry(key: string, colour: Colour, expired: (key: string, colour: Colour) => void): void {
    this.timer = this.clock.setTimeout(() => this.fired(key, colour, expired), 1000);
  }

  clear(): void {
    if (this.timer !== null) this.clock.clearTimeout(this.timer);
    this.timer = null;
  }

  private fired(key: string, colour: Colour, expired: (key: string, colour: Colour) => void): void {
    this.timer = null;
    expired(key, colour);
  }

  private limit(what: Wait['what']): number {
    return what === 'move' ? this.timeouts.moveMs : this.timeouts.revealMs;
  }
}
