// Connects an element to a Session: subscribes, and shows the session's updates one at a
// time, each after the table has played its events (dice, scoring), so the HUD and the
// table never run ahead of what the players have seen. `idle()` lets bots wait for it.
// Catching up is not replaying: only events at the live edge play (those since the last
// placement waiting, and none while the session says it is behind); every update before it is
// shown at once, all in the same task, so the screen draws the current board once. While the
// session says it is behind, its updates are not drawn one by one either (a catch-up that computes
// a bot seat's past moves yields between them): the host draws at most every CATCH_UP_DRAW_MS,
// and at once when an update at the live edge comes.
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { cloneState, type GameEvent, type GameState } from '../engine';
import type { Session, SessionStatus, SessionUpdate } from '../session/session';

/** How often, at most, the host draws while the session catches up (a long catch-up still shows progress). */
export const CATCH_UP_DRAW_MS = 500;

export type Animate = (events: GameEvent[], after: GameState) => Promise<void>;

export class SessionController implements ReactiveController {
  session: Session | null = null;
  /** The state the players currently see. */
  shown: GameState | null = null;
  status: SessionStatus | null = null;
  /** Every event shown so far, oldest first. */
  events: GameEvent[] = [];
  /** Events of the latest shown update (for "what just happened"). */
  latest: GameEvent[] = [];
  /** Set by the host: plays events on the table; resolves when done. */
  animate: Animate | null = null;

  private off: (() => void) | null = null;
  private queue: SessionUpdate[] = [];
  private pumping = false;
  private waiters: (() => void)[] = [];
  private connected = false;
  /** Bumped by a reset, so an update still animating when the replay jumped is not shown after it. */
  private generation = 0;
  /** A draw put off while the session catches up (see drawSoon). */
  private drawTimer: ReturnType<typeof setTimeout> | null = null;

  constructor(private readonly host: ReactiveControllerHost) {
    host.addController(this);
  }

  attach(session: Session | null): void {
    if (session === this.session) return;
    this.off?.();
    this.off = null;
    this.queue = [];
    this.session = session;
    this.shown = session ? cloneState(session.state) : null;
    this.status = session ? session.status : null;
    this.events = session ? [...session.history()] : [];
    this.latest = [];
    if (session && this.connected) this.off = session.subscribe((u) => this.receive(u));
    this.drawNow();
    this.release();
  }

  /** True while updates wait to be shown. */
  get busy(): boolean {
    return this.pumping || this.queue.length > 0;
  }

  /** Resolves once every received update has been shown. */
  idle(): Promise<void> {
    if (!this.busy) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  hostConnected(): void {
    this.connected = true;
    if (this.session && !this.off) this.off = this.session.subscribe((u) => this.receive(u));
  }

  hostDisconnected(): void {
    this.connected = false;
    this.off?.();
    this.off = null;
    this.cancelDraw();
    this.release();
  }

  private receive(update: SessionUpdate): void {
    if (update.reset && this.session) {
      // a jump (replays): drop what waits, show the new state and its history as they are
      this.generation++;
      this.queue = [];
      this.shown = cloneState(update.state);
      this.status = update.status;
      this.events = [...this.session.history()];
      this.latest = [];
      this.drawNow();
      if (!this.pumping) this.release();
      return;
    }
    this.queue.push(update);
    if (!this.pumping) void this.pump();
  }

  private async pump(): Promise<void> {
    this.pumping = true;
    try {
      while (this.queue.length) {
        const u = this.queue.shift()!;
        const generation = this.generation;
        const events = u.steps.flatMap((s) => s.events);
        const live = this.liveEvents(u);
        if (live.length && this.animate) {
          try {
            await this.animate(live, u.state);
          } catch {
            // an animation that fails must not stop the game; the state below is still shown
          }
        }
        if (generation !== this.generation) continue;
        this.shown = u.state;
        this.status = u.status;
        if (events.length) {
          this.events = this.events.concat(events);
          this.latest = events;
        }
        if (u.catchingUp) this.drawSoon();
        else this.drawNow();
      }
    } finally {
      this.pumping = false;
      this.release();
    }
  }

  /** The events of `u` that play on the table: those since its last placement, if no later placement waits behind it. */
  private liveEvents(u: SessionUpdate): GameEvent[] {
    if (u.catchingUp) return [];
    if (this.queue.some((later) => later.catchingUp || later.steps.some((s) => s.intent === 'place'))) return [];
    const lastPlace = u.steps.findLastIndex((s) => s.intent === 'place');
    return u.steps.slice(Math.max(0, lastPlace)).flatMap((s) => s.events);
  }

  /** The host draws what is shown now (and a draw put off is not needed any more). */
  private drawNow(): void {
    this.cancelDraw();
    this.host.requestUpdate();
  }

  /** The host draws within CATCH_UP_DRAW_MS, whatever is shown then, unless a draw comes first. */
  private drawSoon(): void {
    this.drawTimer ??= setTimeout(() => {
      this.drawTimer = null;
      this.host.requestUpdate();
    }, CATCH_UP_DRAW_MS);
  }

  private cancelDraw(): void {
    if (this.drawTimer !== null) clearTimeout(this.drawTimer);
    this.drawTimer = null;
  }

  private release(): void {
    if (this.busy) return;
    const w = this.waiters;
    this.waiters = [];
    for (const r of w) r();
  }
}
