// A discrete-event clock for the simulated network: time moves only when the simulation runs
// the next timer, so whole networked games run fast and repeat from a seed.
import type { Clock } from '../net/clock';

/** A discrete-event clock: time moves only when the simulation runs the next timer. */
export class SimClock implements Clock {
  private time = 0;
  private seq = 0;
  private readonly timers = new Map<number, { at: number; seq: number; fn: () => void }>();

  now(): number {
    return this.time;
  }

  setTimeout(fn: () => void, ms: number): unknown {
    const id = ++this.seq;
    this.timers.set(id, { at: this.time + Math.max(0, Math.floor(ms)), seq: id, fn });
    return id;
  }

  clearTimeout(handle: unknown): void {
    this.timers.delete(handle as number);
  }

  get pending(): number {
    return this.timers.size;
  }

  /** Runs the earliest timer (ties in the order they were set); false when none is left. */
  step(): boolean {
    let best: { id: number; at: number; seq: number } | null = null;
    for (const [id, t] of this.timers)
      if (!best || t.at < best.at || (t.at === best.at && t.seq < best.seq)) best = { id, at: t.at, seq: t.seq };
    if (!best) return false;
    const t = this.timers.get(best.id)!;
    this.timers.delete(best.id);
    this.time = t.at;
    t.fn();
    return true;
  }
}
