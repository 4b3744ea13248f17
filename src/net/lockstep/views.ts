// What the UI reads of a networked game besides the Session interface: the peers and their
// links, who the game waits for, chat lines, the desync report, and the events it emits.
import type { Colour } from '../../engine';
import type { ChatEntry } from '../../fair/log';

export type PeerState = 'connected' | 'reconnecting' | 'gone';
export interface PeerView {
  pub: string;
  name: string;
  colour: Colour | null;
  state: PeerState;
  fingerprint: string;
  watcher: boolean;
}

export interface WaitingView {
  colour: Colour;
  what: 'move' | 'reveal';
  /** Clock time when the wait began and when the seat may be dropped. */
  since: number;
  deadline: number;
  /** The players who voted to drop it so far. */
  votes: Colour[];
  /** What is left in the waited-for seat's time bank (ms), the current wait counted. */
  bankLeft: number;
}

/**
 * Before the first draw (P2.6 for the start): the seats whose signed commitment has not come,
 * since when this peer waits for them, and from when the others may start again without them.
 */
export interface StartingView {
  missing: Colour[];
  since: number;
  deadline: number;
  /** Milliseconds to the deadline on the session's clock (0 once it is over). */
  left: number;
}

/** A dropped seat's player asked for it back (P2.6): from which turn, who agreed, who still must. */
export interface ReclaimView {
  colour: Colour;
  fromTurn: number;
  agreed: Colour[];
  waitingFor: Colour[];
}

export type ChatLine = ChatEntry;

export interface DesyncReport {
  gameId: string;
  turn: number;
  mine: string;
  theirs: string;
  peer: string;
  colour: Colour | null;
  log: string;
}

export type MeshPhase = 'connecting' | 'lobby' | 'playing' | 'over' | 'desync' | 'failed';

export type MeshEvent =
  | { kind: 'lobby' }
  | { kind: 'peers' }
  | { kind: 'chat'; line: ChatLine }
  | { kind: 'rejected'; line: string }
  /** A save this device could not write (`problem`), or null once one went through again. */
  | { kind: 'save'; problem: string | null }
  | { kind: 'rematch'; gameId: string; from: string }
  | { kind: 'desync'; report: DesyncReport }
  /** The log went back from `from` entries to `point`: the group's count on a drop there said otherwise (P6.1). */
  | { kind: 'rewound'; point: number; from: number };
