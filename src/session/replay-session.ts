// A Session over a recorded game (P4.2 replay file): the game screen shows it like a live
// game, and the player steps through it one game action at a time (draw, placement,
// deployment, throw). Nothing can be played: place and deploy reject. One step forward is
// sent as a step (so the table plays it: dice, scoring); any other jump is a reset.
import { replayLog, type GameLog } from '../fair';
import { checkSignatures } from '../fair/signatures';
import type { Colour, Deployment, GameEvent, GameSetup, GameState, Placement } from '../engine';
import type { Forfeit, ReplayControl, SeatInfo, Session, SessionStatus, SessionUpdate } from './session';

export class ReplaySession implements Session, ReplayControl {
  readonly gameId: string;
  readonly seats: readonly SeatInfo[];
  readonly setup: GameSetup;
  readonly canAct = false;
  private readonly states: GameState[];
  private readonly events: GameEvent[][];
  /** Log entries that changed the game; commitments and reveals do not. */
  private readonly stops: number[];
  private current = 0;
  private readonly log: GameLog;
  /** The drops' signed voters (checked once, when first asked); null where the file's signatures do not hold. */
  private dropWords: Map<number, Colour[]> | null | undefined;
  private readonly listeners = new Set<(u: SessionUpdate) => void>();

  /** Parses and replays the file; throws an Error with a one-line reason when it is not a replay. */
  constructor(private readonly text: string) {
    const { states, events, log } = replayLog(text);
    if (!states.length) throw new Error('the replay holds no game');
    this.states = states;
    this.events = events;
    this.log = log;
    this.stops = events.map((ev, i) => (ev.length ? i : -1)).filter((i) => i >= 0);
    const settings = log.entries[0]?.k === 'settings' ? log.entries[0] : null;
    this.gameId = settings?.gameId ?? 'replay';
    const last = states[states.length - 1];
    this.setup = last.setup;
    // who played each seat is recorded only for bot seats of networked games, and their players' names in the signed roster
    const bots = settings?.bots;
    // (the file's reader has checked each name: at most 32 printable characters)
    const names = new Map((log.signed?.roster ?? []).flatMap((r) => (r.name ? [[r.colour, r.name] as const] : [])));
    this.seats = last.setup.seats.map((colour, i) => {
      const level = bots?.[i];
      const name = names.get(colour);
      if (level) return { colour, controller: { kind: 'bot', level }, localHuman: false };
      if (name) return { colour, controller: { kind: 'remote', name }, localHuman: false };
      return { colour, controller: { kind: 'human' }, localHuman: false, controllerUnknown: !bots };
    });
    this.current = this.stops.length ? 1 : 0;
  }

  get replay(): ReplayControl {
    return this;
  }

  get step(): number {
    return this.current;
  }

  get steps(): number {
    return this.stops.length;
  }

  get state(): GameState {
    return this.current === 0 ? this.states[0] : this.states[this.stops[this.current - 1]];
  }

  get status(): SessionStatus {
    const s = this.state;
    return s.phase === 'over' ? { kind: 'over' } : { kind: 'waiting-remote', seat: s.seat };
  }

  /**
   * The seats forfeited by the step shown (dropped or resigned: they rank last), each drop with
   * the seats on whose signed votes it rests, as `npm run verify` says (issue 18). A file whose
   * signatures do not hold names no one: its word is worth nothing.
   */
  forfeitWords(): Forfeit[] {
    const upTo = this.current === 0 ? 0 : this.stops[this.current - 1];
    const entries = this.log.entries;
    const out = new Map<Colour, Forfeit>();
    for (let i = 0; i <= upTo && i < entries.length; i++) {
      const e = entries[i];
      if (e.k !== 'drop' && e.k !== 'resign') continue;
      const by = e.k === 'drop' ? this.dropsSigned()?.get(i) : undefined;
      out.set(e.colour, { colour: e.colour, why: e.k === 'drop' ? 'dropped' : 'resigned', ...(by ? { by } : {}) });
    }
    const lobby = this.log.entries[0]?.k === 'settings' ? this.log.entries[0].setup.seats : [];
    return [...out.values()].sort((a, b) => lobby.indexOf(a.colour) - lobby.indexOf(b.colour));
  }

  private dropsSigned(): Map<number, Colour[]> | null {
    if (this.dropWords !== undefined) return this.dropWords;
    try {
      this.dropWords = new Map(checkSignatures(this.log).drops.map((d) => [d.at, d.by]));
    } catch {
      this.dropWords = null;
    }
    return this.dropWords;
  }

  history(): readonly GameEvent[] {
    return this.events.slice(0, this.current === 0 ? 1 : this.stops[this.current - 1] + 1).flat();
  }

  go(step: number): void {
    const k = Math.max(0, Math.min(this.stops.length, Math.round(step)));
    if (k === this.current) return;
    const forward = k === this.current + 1;
    this.current = k;
    const update: SessionUpdate = forward
      ? { state: this.state, status: this.status, steps: [{ seat: null, intent: 'start', events: this.events[this.stops[k - 1]] }] }
      : { state: this.state, status: this.status, steps: [], reset: true };
    for (const l of [...this.listeners]) l(update);
  }

  subscribe(listener: (update: SessionUpdate) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  start(): Promise<void> {
    return Promise.resolve();
  }

  place(_placement: Placement): Promise<void> {
    return Promise.reject(new Error('a replay takes no moves'));
  }

  deploy(_deployment: Deployment | null): Promise<void> {
    return Promise.reject(new Error('a replay takes no moves'));
  }

  replayText(): string {
    return this.text;
  }

  /** A replay resumes nothing: the file itself is what can be saved. */
  saveText(): string {
    return this.text;
  }

  dispose(): void {
    this.listeners.clear();
  }
}
