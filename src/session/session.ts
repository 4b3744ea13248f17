// The Session: the one thing the UI talks to while a game runs. Intents go in (place,
// deploy); states and per-action engine events come out through subscribe(). The local
// session (hotseat, solo), the mesh session (online, src/net) and the replay session share
// this interface, so the UI never knows where a seat's moves come from.
import type { Colour, Deployment, GameEvent, GameSetup, GameState, Placement } from '../engine';
import { BOT_LEVELS, type BotLevel } from '../fair/bot-levels';

export { BOT_LEVELS, type BotLevel };

/** Who moves for a seat. `remote` seats belong to other peers (networked sessions). */
export type SeatController = { kind: 'human' } | { kind: 'bot'; level: BotLevel } | { kind: 'remote'; name: string };

/** A seat that forfeits; `by`: for a drop, the seats on whose signed votes it rests (issue 18). */
export interface Forfeit {
  colour: Colour;
  why: 'dropped' | 'resigned';
  by?: Colour[];
}

export interface SeatInfo {
  colour: Colour;
  controller: SeatController;
  /** True when this device takes the seat's moves from its own UI (a local human). */
  localHuman: boolean;
  /** True when nobody can tell who played the seat (a replay of a local game records no bot seats). */
  controllerUnknown?: boolean;
}

/** What a session is doing right now, for the UI's status line. */
export type SessionStatus =
  | { kind: 'your-move'; seat: number } // a local human must place or deploy
  | { kind: 'bot-thinking'; seat: number } // a local bot seat is choosing
  | { kind: 'waiting-remote'; seat: number } // another peer must act
  | { kind: 'over' }
  | { kind: 'failed'; message: string }; // the session cannot go on (e.g. a bot crashed)

/** One accepted action and everything the engine said about it (and the random events it made due). */
export interface SessionStep {
  seat: number | null; // null for the random events that start the game
  intent: 'start' | 'place' | 'deploy';
  events: GameEvent[];
}

export interface SessionUpdate {
  state: GameState;
  status: SessionStatus;
  /** The steps applied since the previous update, in order (empty for a pure status change). */
  steps: SessionStep[];
  /** The state replaces the one shown, with history() anew, without playing steps (a replay jumped). */
  reset?: boolean;
  /** The session knows it is behind the game (a reload, a late spectator): show the steps, play none. */
  catchingUp?: boolean;
}

/** A session over a recorded log that the player steps through (a replay file, P4.3). */
export interface ReplayControl {
  /** 0: the first recorded state; k: after the k-th game action. */
  readonly step: number;
  readonly steps: number;
  go(step: number): void;
}

export interface Session {
  readonly gameId: string;
  /** False when no seat takes moves here at all (a replay, a spectator); absent means true. */
  readonly canAct?: boolean;
  /** Present when the session steps through a recorded game. */
  readonly replay?: ReplayControl;
  /** True while the session holds moves past its own state that it cannot apply yet (catching up). */
  readonly catchingUp?: boolean;
  readonly seats: readonly SeatInfo[];
  readonly setup: GameSetup;
  /** Current engine state; callers never mutate it. */
  readonly state: GameState;
  readonly status: SessionStatus;
  /** Every engine event since the game began (rebuilt from the log on resume). */
  history(): readonly GameEvent[];
  /** Calls `listener` on every change; returns the unsubscribe function. */
  subscribe(listener: (update: SessionUpdate) => void): () => void;
  /** Resolves the random events due at the start (the first draw) and lets bots play. Idempotent. */
  start(): Promise<void>;
  /** Places the drawn tile for the local human whose turn it is. Rejects with a one-line message when illegal. */
  place(placement: Placement): Promise<void>;
  /** Deploys (or skips with null) for the local human whose turn it is. */
  deploy(deployment: Deployment | null): Promise<void>;
  /** Seats that left a networked game (dropped or resigned): they forfeit, ranking last (P2.6). */
  forfeits?(): { colour: Colour; why: 'dropped' | 'resigned' }[];
  /** The same, each drop with the seats on whose signed votes it rests (a networked game). */
  forfeitWords?(): Forfeit[];
  /** The replay file (P4.2), no secrets. */
  replayText(): string;
  /** A file that resumes this game on this device (replay + local secrets + seat controllers). */
  saveText(): string;
  dispose(): void;
}
