// Short tweens driven by the table's render-on-demand loop: each runs from its first frame
// for its duration, with a timer fallback so a hidden page (no frames) never blocks the game.
// Also the easing curves the animations use.

interface Tween {
  start: number;
  duration: number;
  step: (t: number) => void;
  done: () => void;
  timer: ReturnType<typeof setTimeout>;
}

/** How long after its end a tween that got no frames is finished by its timer. */
const TIMER_GRACE_MS = 400;

export class Tweens {
  private running: Tween[] = [];
  private disposed = false;
  /** Animation speed factor (dev pages slow it down to inspect frames). */
  speed = 1;

  /** `requestFrame` asks the table for a frame (it calls `update` from its loop). */
  constructor(private readonly requestFrame: () => void) {}

  /** Runs `step(t)` for t from 0 to 1 over `ms`; resolves once `step(1)` has run. */
  tween(ms: number, step: (t: number) => void): Promise<void> {
    if (this.disposed) return Promise.resolve();
    return new Promise((resolve) => {
      const duration = ms / this.speed;
      const tw: Tween = { start: -1, duration, step, done: resolve, timer: setTimeout(() => this.finish(tw), duration + TIMER_GRACE_MS) };
      // a hidden page gets no frames: the timer still ends the tween so the game never waits
      this.running.push(tw);
      this.requestFrame();
    });
  }

  /** Advances every running tween; true while any is still running. */
  update(now: number): boolean {
    for (const tw of this.running.slice()) {
      if (tw.start < 0) tw.start = now;
      const t = Math.min(1, (now - tw.start) / tw.duration);
      tw.step(t);
      if (t >= 1) this.finish(tw);
    }
    return this.running.length > 0;
  }

  /** Ends every tween at once (each takes its last step) and starts no more. */
  dispose(): void {
    this.disposed = true;
    for (const tw of this.running.slice()) this.finish(tw);
  }

  private finish(tw: Tween): void {
    const i = this.running.indexOf(tw);
    if (i < 0) return;
    this.running.splice(i, 1);
    clearTimeout(tw.timer);
    tw.step(1);
    tw.done();
  }
}

export const easeOutCubic = (t: number) => 1 - Math.pow(1 - t, 3);
export const easeInOut = (t: number) => (t < 0.5 ? 2 * t * t : 1 - Math.pow(-2 * t + 2, 2) / 2);
export function easeOutBounce(t: number): number {
  const n = 7.5625,
    d = 2.75;
  if (t < 1 / d) return n * t * t;
  if (t < 2 / d) return n * (t -= 1.5 / d) * t + 0.75;
  if (t < 2.5 / d) return n * (t -= 2.25 / d) * t + 0.9375;
  return n * (t -= 2.625 / d) * t + 0.984375;
}
