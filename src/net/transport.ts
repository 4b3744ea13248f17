// The transport: how one peer's bytes reach another. The lockstep session (mesh-session.ts)
// only ever sees this interface, so the same protocol runs over the in-memory network of
// the tests (memory-network.ts) and over PeerJS/WebRTC data channels (peerjs-transport.ts).
//
// A transport moves opaque text frames between transport ids. It promises nothing about
// delivery: frames may be lost, duplicated, reordered or delayed, and links may drop at
// any time. Everything above it (sequence numbers, resend, validation, P3.4) is the
// session's job, and every frame that arrives is untrusted input.

/** A transport-level address: a PeerJS id, or a name on the in-memory network. Not an identity. */
export type PeerId = string;

/** The largest frame a session sends or accepts (characters); larger frames are dropped unread. */
export const MAX_FRAME_CHARS = 64 * 1024;

export interface TransportHandlers {
  /** A link to `peer` is open (we dialled it, or it dialled us). */
  open(peer: PeerId): void;
  /** The link to `peer` is gone (closed, timed out, or the peer vanished). */
  close(peer: PeerId): void;
  /** A frame from `peer`, exactly as sent (untrusted). */
  message(peer: PeerId, frame: string): void;
}

/**
 * A ticket each dial carries (in the signalling's offer, before any channel opens): an
 * incoming dial whose ticket the session admits is one of the game's players and never waits
 * among the strangers, whatever a flood of them does.
 */
export interface Admission {
  /** What a dial to `peer` carries; null: nothing. */
  ticket(peer: PeerId): string | null;
  /** Whether `ticket` (untrusted) on a dial from `peer` is the game's. */
  admits(peer: PeerId, ticket: string): boolean;
}

export interface Transport {
  /** This peer's transport id, fixed for the transport's life (a new transport gets a new id). */
  readonly id: PeerId;
  /** Installs the handlers; frames that arrive before this are dropped. */
  listen(handlers: TransportHandlers): void;
  /** Opens a link to `peer` if none is open or opening; `open` fires when it is up. Idempotent. */
  connect(peer: PeerId): void;
  /** Closes the link to `peer`, if any. */
  disconnect(peer: PeerId): void;
  /** Sends one frame; false when no link to `peer` is open (nothing is queued). */
  send(peer: PeerId, frame: string): boolean;
  /** The peers with an open link, sorted. */
  connected(): PeerId[];
  /**
   * The session says the link to `peer` proved who it is (its handshake). Until then an
   * incoming link holds one of a few slots for strangers, a silent one giving way to a new
   * dial, so silent channels cannot fill the page; proven links count toward its cap.
   */
  proven?(peer: PeerId): void;
  /** How dials are told apart from strangers' before any frame (the session's invitation). */
  admit?(admission: Admission): void;
  /** Closes every link and releases the transport; no handler fires afterwards. */
  close(): void;
}

/** The signalling server could not be reached or refused: which server was tried and why, for the player to act on. */
export class SignallingError extends Error {
  override readonly name = 'SignallingError';
  constructor(
    readonly server: string,
    readonly why: string,
  ) {
    super(`signalling server ${server}: ${why}`);
  }
}

/**
 * Which of the strangers' links gives way to a new dial when their slots are full: a silent
 * one first (a player says hello as its channel opens), the oldest among them. `since` is
 * when each link came; the key of the one chosen is returned (undefined: none).
 */
export function strangerGivingWay<K>(strangers: readonly (readonly [K, { heard: boolean; since: number }])[]): K | undefined {
  let best: readonly [K, { heard: boolean; since: number }] | undefined;
  for (const s of strangers) {
    const [, l] = s;
    if (!best || Number(l.heard) < Number(best[1].heard) || (l.heard === best[1].heard && l.since < best[1].since)) best = s;
  }
  return best?.[0];
}
