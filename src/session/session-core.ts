// What every session does whatever its seats are: intents and bot moves one at a time in
// order, the history of engine events, the status line, persistence after every step, and
// bot seats played through the bot runner with a seed from the game and the moment (so a
// bot seat plays the same on every device, P2.6). LocalSession and MeshSession add only
// where moves come from and go to.
import { cloneState, type GameEvent, type GameState } from '../engine';
import { createBotRunner, type BotRunner } from '../bots/bot-runner';
import type { BotChoice } from '../bots';
import { botSeed } from './bot-seed';
import { oneLine } from '../fair/one-line';
import type { BotLevel, SessionStatus, SessionStep, SessionUpdate } from './session';

export interface CoreOptions {
  botRunner?: BotRunner;
  /** Awaited before every bot move, so the UI can finish showing the previous one. */
  pace?: () => Promise<void>;
}

export abstract class SessionCore {
  private listeners = new Set<(u: SessionUpdate) => void>();
  protected events: GameEvent[];
  protected currentStatus: SessionStatus = { kind: 'over' };
  protected disposed = false;
  private runner: BotRunner;
  private ownsRunner: boolean;
  /** Intents and bot moves run one at a time, in order. */
  private queue: Promise<void> = Promise.resolve();
  /** The bot move being computed (seat and moment), so one is never asked twice. */
  private botBusy: string | null = null;

  protected constructor(opts: CoreOptions, history: GameEvent[]) {
    this.events = history;
    this.ownsRunner = !opts.botRunner;
    this.runner = opts.botRunner ?? createBotRunner();
    this.pace = opts.pace;
  }

  private readonly pace?: () => Promise<void>;

  abstract readonly gameId: string;
  abstract get state(): GameState;
  protected abstract computeStatus(): SessionStatus;
  /** False while there is no game state yet (a networked lobby): nothing is emitted then. */
  protected get ready(): boolean {
    return true;
  }
  protected abstract persist(): void;

  /** True while moves past the current state are known here (a networked session catching up). */
  get catchingUp(): boolean {
    return false;
  }
  /** The bot seat that must move now, if any. */
  protected abstract botToMove(): { seat: number; level: BotLevel } | null;
  /** Applies a bot's choice for `seat` (it still goes through every check). */
  protected abstract applyBotChoice(seat: number, choice: BotChoice): void;

  get status(): SessionStatus {
    return this.currentStatus;
  }

  history(): readonly GameEvent[] {
    return this.events;
  }

  subscribe(listener: (u: SessionUpdate) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  dispose(): void {
    this.disposed = true;
    this.listeners.clear();
    if (this.ownsRunner) this.runner.dispose();
  }

  protected enqueue(job: () => Promise<void>): Promise<void> {
    const run = this.queue.then(job);
    // A rejected intent must not block the ones after it.
    this.queue = run.catch(() => undefined);
    return run;
  }

  /** The queue's tail: resolves once every job queued so far has run. */
  protected get idleQueue(): Promise<void> {
    return this.queue;
  }

  /** After accepted steps: history, storage, status, listeners, then the next bot move. */
  protected commit(steps: SessionStep[]): void {
    for (const s of steps) this.events.push(...s.events);
    this.persist();
    this.refresh(steps);
    this.scheduleBot();
  }

  /** Recomputes the status and tells the listeners (steps may be empty for a pure status change). */
  protected refresh(steps: SessionStep[] = []): void {
    if (this.disposed || !this.ready) return;
    this.currentStatus = this.computeStatus();
    // A snapshot: the state mutates in place, and the UI may still be showing this one.
    const update: SessionUpdate = { state: cloneState(this.state), status: this.currentStatus, steps };
    if (this.catchingUp) update.catchingUp = true;
    for (const l of [...this.listeners]) l(update);
  }

  protected scheduleBot(): void {
    const bot = this.botToMove();
    if (!bot || this.disposed) return;
    const s = this.state;
    const moment = `${s.turn}|${s.seat}|${s.phase}|${this.events.length}`;
    if (this.botBusy === moment) return;
    this.botBusy = moment;
    void this.enqueue(() => this.botMove(bot.seat, bot.level, moment)).catch((e) => this.fail(`bot ${bot.level} failed: ${oneLine(e)}`));
  }

  private async botMove(seat: number, level: BotLevel, moment: string): Promise<void> {
    try {
      if (this.pace) await this.pace();
      if (this.disposed) return;
      const now = this.botToMove();
      if (!now || now.seat !== seat) return;
      const choice = await this.runner.choose(this.state, level, botSeed(this.gameId, this.state));
      if (this.disposed) return;
      this.applyBotChoice(seat, choice);
    } finally {
      if (this.botBusy === moment) this.botBusy = null;
    }
  }

  protected fail(message: string): void {
    if (this.disposed) return;
    this.currentStatus = { kind: 'failed', message };
    if (!this.ready) return;
    const update: SessionUpdate = { state: cloneState(this.state), status: this.currentStatus, steps: [] };
    for (const l of [...this.listeners]) l(update);
  }
}
