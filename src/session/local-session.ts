// The session for one device: hotseat humans and bots around a FairMatch whose every seat
// chain lives here. Fair dice even in hotseat (P2): draws and throws are revealed from the
// chains, never from Math.random. The game in progress is kept in the GameStore after every
// step, keyed by its game id, so a reload resumes it and several can be in progress (P1.6).
import type { Action, Deployment, GameEvent, GameSetup, GameState, Placement } from '../engine';
import { FairMatch, replayLog } from '../fair';
import type { BotChoice } from '../bots';
import type { GameStore, StoredSeat } from './game-store';
import { encodeLocalSave, isLocalSave, parseLocalSave } from './local-save';
import { SessionCore, type CoreOptions } from './session-core';
import type { BotLevel, SeatController, SeatInfo, Session, SessionStatus } from './session';

export type { KeyValueStorage } from './game-store';

export interface LocalSessionOptions extends CoreOptions {
  /** Where the game in progress is kept; null keeps nothing. */
  store?: GameStore | null;
  /** Test-only: fixed seat secrets for FairMatch (P2.1). */
  secrets?: Uint8Array[];
}

export class LocalSession extends SessionCore implements Session {
  readonly seats: readonly SeatInfo[];
  readonly gameId: string;
  private started = false;

  private constructor(
    private readonly match: FairMatch,
    controllers: readonly SeatController[],
    private readonly opts: LocalSessionOptions,
    history: GameEvent[],
  ) {
    super(opts, history);
    this.gameId = match.gameId;
    this.seats = controllers.map((c, i) => ({ colour: match.state.setup.seats[i], controller: c, localHuman: c.kind === 'human' }));
    this.currentStatus = this.computeStatus();
  }

  /** A new game; throws the engine's RuleError for a bad setup (e.g. R9.3). */
  static create(setup: GameSetup, controllers: readonly SeatController[], opts: LocalSessionOptions = {}): LocalSession {
    if (controllers.length !== setup.seats.length)
      throw new Error(`${setup.seats.length} seats but ${controllers.length} seat controllers`);
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

  get setup(): GameSetup {
    return this.match.state.setup;
  }

  get state(): GameState {
    return this.match.state;
  }

  start(): Promise<void> {
    if (this.started) return this.idleQueue;
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
    return encodeLocalSave(
      this.seats.map((s) => s.controller),
      this.match.saveText(),
    );
  }

  // ---------------------------------------------------------------- internals

  private requireHumanTurn(phase: 'place' | 'deploy'): number {
    if (this.disposed) throw new Error('the session is closed');
    const state = this.match.state;
    if (state.phase !== phase) throw new Error(`it is not the moment to ${phase} (the game expects ${state.phase})`);
    if (!this.seats[state.seat].localHuman)
      throw new Error(`seat ${state.seat + 1} (${state.setup.seats[state.seat]}) is not played on this device`);
    return state.seat;
  }

  /** Applies one action through the match (RuleError propagates and nothing changes). */
  private apply(seat: number, intent: 'place' | 'deploy', action: Action): void {
    const events = this.match.act(action);
    this.commit([{ seat, intent, events }]);
  }

  protected persist(): void {
    const store = this.opts.store;
    if (!store) return;
    if (this.match.state.phase === 'over') store.remove(this.gameId);
    else store.save({ gameId: this.gameId, kind: 'local', seats: storedSeats(this.seats), turn: this.match.state.turn }, this.saveText());
  }

  protected computeStatus(): SessionStatus {
    const state = this.match.state;
    if (state.phase === 'over') return { kind: 'over' };
    const seat = state.seat;
    const c = this.seats[seat].controller;
    if (c.kind === 'human') return { kind: 'your-move', seat };
    if (c.kind === 'bot') return { kind: 'bot-thinking', seat };
    return { kind: 'waiting-remote', seat };
  }

  protected botToMove(): { seat: number; level: BotLevel } | null {
    const state = this.match.state;
    if (state.phase !== 'place' && state.phase !== 'deploy') return null;
    const c = this.seats[state.seat].controller;
    return c.kind === 'bot' ? { seat: state.seat, level: c.level } : null;
  }

  protected applyBotChoice(seat: number, choice: BotChoice): void {
    const action: Action =
      choice.type === 'place' ? { type: 'place', ...choice.placement } : { type: 'deploy', deployment: choice.deployment };
    this.apply(seat, choice.type, action);
  }
}

export function storedSeats(seats: readonly SeatInfo[]): StoredSeat[] {
  return seats.map((s) => ({
    colour: s.colour,
    who: s.controller.kind,
    label: s.controller.kind === 'bot' ? s.controller.level : s.controller.kind === 'remote' ? s.controller.name.slice(0, 64) : 'human',
  }));
}
