// The session for one device: hotseat humans and bots around a FairMatch whose every seat
// chain lives here. Fair dice even in hotseat (P2): draws and throws are revealed from the
// chains, never from Math.random. Bots run through the bot runner (a Web Worker in the
// browser) with a seed derived from the game and the moment. The game in progress is kept
// in storage after every step, so a reload resumes it (P1.6).
import {
  cloneState, type Action, type Deployment, type GameEvent, type GameSetup, type GameState, type Placement,
} from '../engine';
import { FairMatch, replayLog } from '../fair';
import { createBotRunner, type BotRunner } from '../bots/bot-runner';
import { botSeed } from './bot-seed';
import { encodeLocalSave, isLocalSave, parseLocalSave } from './local-save';
import type { SeatController, SeatInfo, Session, SessionStatus, SessionStep, SessionUpdate } from './session';

/** The part of window.localStorage the session uses (injectable for tests). */
export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export const STORAGE_KEY = 'carcassonne-sw.game-in-progress';

export interface LocalSessionOptions {
  /** Where the game in progress is kept; null keeps nothing. */
  storage?: KeyValueStorage | null;
  botRunner?: BotRunner;
  /** Awaited before every bot move, so the UI can finish showing the previous one. */
  pace?: () => Promise<void>;
  /** Test-only: fixed seat secrets for FairMatch (P2.1). */
  secrets?: Uint8Array[];
}

function oneLine(e: unknown): string {
  return (e instanceof Error ? e.message : String(e)).split('\n')[0];
}

export class LocalSession implements Session {
  readonly seats: readonly SeatInfo[];
  private match: FairMatch;
  private listeners = new Set<(u: SessionUpdate) => void>();
  private events: GameEvent[];
  private currentStatus: SessionStatus;
  private runner: BotRunner;
  private ownsRunner: boolean;
  private disposed = false;
  private started = false;
  /** Intents and bot moves run one at a time, in order. */
  private queue: Promise<void> = Promise.resolve();

  readonly gameId: string;

  private constructor(
    match: FairMatch,
    controllers: readonly SeatController[],
    private readonly opts: LocalSessionOptions,
    history: GameEvent[],
  ) {
    this.match = match;
    this.gameId = match.gameId;
    this.seats = controllers.map((c, i) => ({ colour: match.state.setup.seats[i], controller: c, localHuman: c.kind === 'human' }));
    this.events = history;
    this.ownsRunner = !opts.botRunner;
    this.runner = opts.botRunner ?? createBotRunner();
    this.currentStatus = this.computeStatus();
  }

  /** A new game; throws the engine's RuleError for a bad setup (e.g. R9.3). */
  static create(setup: GameSetup, controllers: readonly SeatController[], opts: LocalSessionOptions = {}): LocalSession {
    if (controllers.length !== setup.seats.length) throw new Error(`${setup.seats.length} seats but ${controllers.length} seat controllers`);
    const match = FairMatch.create(setup, { secrets: opts.secrets });
    return new LocalSession(match, controllers, opts, []);
  }

  /** Resumes a save file: this app's local save, or a bare FairMatch save (every seat then a human). */
  static resume(text: string, opts: LocalSessionOptions = {}): LocalSession {
    if (isLocalSave(text)) {
      const save = parseLocalSave(text);
      const match = FairMatch.fromSave(save.match);
      if (save.seats.length !== match.state.setup.seats.length) throw new Error('save file: the seat list does not match the game');
      return new LocalSession(match, save.seats, opts, replayLog(match.replayText()).events.flat());
    }
    const match = FairMatch.fromSave(text);
    const controllers = match.state.setup.seats.map((): SeatController => ({ kind: 'human' }));
    return new LocalSession(match, controllers, opts, replayLog(match.replayText()).events.flat());
  }

  /** The game kept in storage, if one is in progress; a broken entry is dropped (and reported). */
  static resumeStored(opts: LocalSessionOptions & { storage: KeyValueStorage }): { session: LocalSession | null; error: string | null } {
    const text = opts.storage.getItem(STORAGE_KEY);
    if (!text) return { session: null, error: null };
    try {
      const session = LocalSession.resume(text, opts);
      if (session.state.phase === 'over') {
        opts.storage.removeItem(STORAGE_KEY);
        session.dispose();
        return { session: null, error: null };
      }
      return { session, error: null };
    } catch (e) {
      opts.storage.removeItem(STORAGE_KEY);
      return { session: null, error: oneLine(e) };
    }
  }

  get setup(): GameSetup {
    return this.match.state.setup;
  }

  get state(): GameState {
    return this.match.state;
  }

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

  start(): Promise<void> {
    if (this.started) return this.queue;
    this.started = true;
    return this.enqueue(async () => {
      const events = this.match.start();
      this.commit([{ seat: null, intent: 'start', events }]);
    });
  }

  place(p: Placement): Promise<void> {
    return this.enqueue(async () => {
      const seat = this.requireHumanTurn('place');
      this.apply(seat, 'place', { type: 'place', x: p.x, y: p.y, r: p.r });
    });
  }

  deploy(d: Deployment | null): Promise<void> {
    return this.enqueue(async () => {
      const seat = this.requireHumanTurn('deploy');
      this.apply(seat, 'deploy', { type: 'deploy', deployment: d });
    });
  }

  replayText(): string {
    return this.match.replayText();
  }

  saveText(): string {
    return encodeLocalSave(this.seats.map((s) => s.controller), this.match.saveText());
  }

  dispose(): void {
    this.disposed = true;
    this.listeners.clear();
    if (this.ownsRunner) this.runner.dispose();
  }

  // ---------------------------------------------------------------- internals

  private enqueue(job: () => Promise<void>): Promise<void> {
    const run = this.queue.then(job);
    // A rejected intent must not block the ones after it.
    this.queue = run.catch(() => undefined);
    return run;
  }

  private requireHumanTurn(phase: 'place' | 'deploy'): number {
    if (this.disposed) throw new Error('the session is closed');
    const state = this.match.state;
    if (state.phase !== phase) throw new Error(`it is not the moment to ${phase} (the game expects ${state.phase})`);
    if (!this.seats[state.seat].localHuman) throw new Error(`seat ${state.seat + 1} (${state.setup.seats[state.seat]}) is not played on this device`);
    return state.seat;
  }

  /** Applies one action through the match (RuleError propagates and nothing changes). */
  private apply(seat: number, intent: 'place' | 'deploy', action: Action): void {
    const events = this.match.act(action);
    this.commit([{ seat, intent, events }]);
  }

  private commit(steps: SessionStep[]): void {
    for (const s of steps) this.events.push(...s.events);
    this.persist();
    this.currentStatus = this.computeStatus();
    this.emit(steps);
    this.scheduleBot();
  }

  private persist(): void {
    const storage = this.opts.storage;
    if (!storage) return;
    if (this.match.state.phase === 'over') storage.removeItem(STORAGE_KEY);
    else storage.setItem(STORAGE_KEY, this.saveText());
  }

  private emit(steps: SessionStep[]): void {
    // A snapshot: the match mutates its state in place, and the UI may still be showing this one.
    const update: SessionUpdate = { state: cloneState(this.match.state), status: this.currentStatus, steps };
    for (const l of [...this.listeners]) l(update);
  }

  private computeStatus(): SessionStatus {
    const state = this.match.state;
    if (state.phase === 'over') return { kind: 'over' };
    const seat = state.seat;
    const c = this.seats[seat].controller;
    if (c.kind === 'human') return { kind: 'your-move', seat };
    if (c.kind === 'bot') return { kind: 'bot-thinking', seat };
    return { kind: 'waiting-remote', seat };
  }

  private scheduleBot(): void {
    const state = this.match.state;
    if (state.phase !== 'place' && state.phase !== 'deploy') return;
    const c = this.seats[state.seat].controller;
    if (c.kind !== 'bot') return;
    void this.enqueue(() => this.botMove(c.level)).catch((e) => this.fail(`bot ${c.level} failed: ${oneLine(e)}`));
  }

  private async botMove(level: 'random' | 'greedy' | 'strong'): Promise<void> {
    if (this.opts.pace) await this.opts.pace();
    if (this.disposed) return;
    const state = this.match.state;
    const seat = state.seat;
    if ((state.phase !== 'place' && state.phase !== 'deploy') || this.seats[seat].controller.kind !== 'bot') return;
    const choice = await this.runner.choose(state, level, botSeed(this.gameId, state));
    if (this.disposed) return;
    const action: Action = choice.type === 'place' ? { type: 'place', ...choice.placement } : { type: 'deploy', deployment: choice.deployment };
    this.apply(seat, choice.type, action);
  }

  private fail(message: string): void {
    if (this.disposed) return;
    this.currentStatus = { kind: 'failed', message };
    this.emit([]);
  }
}

