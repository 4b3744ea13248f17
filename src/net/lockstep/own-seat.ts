// This peer's own seat and what it owes the log (P2.3, P2.6): its chain secret (drawn for this
// game and kept only here, P2.1, P2.7) and its chain, its commitment, its reveal once the event is
// due, a resignation once its player gave up, a request to take the seat back after a drop; and
// the checks on a move of its own before it is signed (P1.3: an illegal move is refused here
// instead of going out). It owns the secret, the chain and the player's two wishes (resign,
// reclaim) until they are signed, and returns what to sign; the session signs it.
import { deploymentError, pending, placementError, type Colour, type GameState, type RuleError } from '../../engine';
import { DEFAULT_CHAIN_LENGTH, freshSecret, HashChain, type LogEntry } from '../../fair';
import { LocalChains } from '../../fair/local-chains';
import type { Replica } from '../../fair/replica';
import type { ItemBody } from '../wire';
import type { VoteKey } from './seat-votes';

/** A seat's own entry where the log waits for its move: the move, or its resignation. */
export const isMove = (e: LogEntry) => e.k === 'place' || e.k === 'deploy' || e.k === 'resign';

/** Whether seat `a` already signed an entry `fits` accepts for log index `at` of this history (or one that names none). */
export type Authored = (a: number, at: number, fits: (e: LogEntry) => boolean) => boolean;

/** What this seat owes now: an item to sign for log index `at`, or its vote on a question. */
export type Owed = { kind: 'item'; body: ItemBody; at: number } | { kind: 'vote'; key: VoteKey };

export class OwnSeat {
  private resignWanted = false;
  private reclaimWanted = false;
  /** This seat's chain once the game started with this peer seated. */
  private chains: LocalChains | null = null;

  /** `secret`: a chain secret fixed from outside (a simulation's), else none until one is drawn. */
  constructor(private chainSecret: Uint8Array | null) {}

  /** The chain secret, null until drawn: kept in this device's save only. */
  get secret(): Uint8Array | null {
    return this.chainSecret;
  }

  /** A reload: the secret the save kept. */
  restore(secret: Uint8Array | null): void {
    this.chainSecret = secret;
  }

  /**
   * A player waiting in the lobby builds its hash chain ahead (`HashChain.prepare`): the secret is
   * drawn now, for this game (P2.1, P2.7), and kept only here as before; nothing is sent.
   */
  prepare(): void {
    this.chainSecret ??= freshSecret();
    HashChain.prepare(this.chainSecret, DEFAULT_CHAIN_LENGTH);
  }

  /** The game started with this peer in lobby seat `seat`: its chain. */
  seated(seat: number, chainLength: number): void {
    // P2.1, P2.7: a fresh secret for this game, drawn here and kept only here.
    this.chainSecret ??= freshSecret();
    this.chains = LocalChains.fresh([seat], chainLength, [this.chainSecret]);
  }

  /** The player gave up: the seat's next entry is a resignation. */
  wantResign(): void {
    this.resignWanted = true;
  }

  /** The player of a dropped seat wants its moves back. */
  wantReclaim(): void {
    this.reclaimWanted = true;
  }

  /** What seat `me` (of `colour`) owes the log `r` now, in the order to sign it (nothing before it has a chain). */
  owed(r: Replica, me: number, colour: Colour, authored: Authored): Owed[] {
    const chains = this.chains;
    if (!chains) return [];
    const at = r.awaiting();
    const f = r.follower;
    if (at.kind === 'commit') {
      const pos = 1 + f.chainSeatList.indexOf(me);
      if (f.chainSeatList.includes(me) && !authored(me, pos, (e) => e.k === 'commit'))
        return [{ kind: 'item', body: { k: 'entry', entry: chains.commitEntry(me, colour) }, at: pos }];
      return [];
    }
    if (at.kind === 'reveal' && at.chains.includes(me)) {
      const due = f.dueEvent!;
      const pos = due.openedAt + due.order.indexOf(me);
      // A reveal signed for this index on another history may be of another event: only this event's counts.
      if (authored(me, pos, (e) => (e.k === 'reveal' && e.event === due.event) || e.k === 'resign')) return [];
      if (this.resignWanted) {
        this.resignWanted = false;
        return [{ kind: 'item', body: { k: 'entry', entry: { k: 'resign', colour } }, at: pos }];
      }
      return [{ kind: 'item', body: { k: 'entry', entry: chains.revealsDue(r).find((e) => e.chain === me)! }, at: pos }];
    }
    const out: Owed[] = [];
    if (
      at.kind === 'action' &&
      at.colour === colour &&
      at.control.by === 'player' &&
      this.resignWanted &&
      !authored(me, r.length, isMove)
    ) {
      this.resignWanted = false;
      out.push({ kind: 'item', body: { k: 'entry', entry: { k: 'resign', colour } }, at: r.length });
    }
    if (this.reclaimWanted && f.forfeited(colour) === 'dropped' && f.control(colour).by === 'bot' && r.state) {
      this.reclaimWanted = false;
      // From a turn ahead, so every peer hears of it before it comes (or vetoes, and it is asked again).
      out.push({ kind: 'vote', key: { what: 'reclaim', colour, point: r.state.turn + f.lobby.length, p: '' } });
    }
    return out;
  }
}

/** This seat's move checked with the engine (P1.3): the error that refuses it, or null. */
export function moveError(s: GameState, entry: Extract<LogEntry, { k: 'place' | 'deploy' }>): RuleError | null {
  const p = pending(s);
  if (entry.k === 'place') return p.kind === 'place' ? placementError(s, p.tile, entry.x, entry.y, entry.r) : null;
  return entry.deployment ? deploymentError(s, entry.deployment) : null;
}

/** The seat whose `phase` this device may play now on log `r` (its turn, a person's, not sent yet); throws why not. */
export function seatToMove(r: Replica | null, phase: 'place' | 'deploy', myColour: Colour | null, sent: () => boolean): number {
  const at = r?.awaiting();
  if (!at || at.kind !== 'action' || at.phase !== phase) throw new Error(`it is not the moment to ${phase}`);
  if (myColour !== at.colour || at.control.by !== 'player') throw new Error(`${at.colour} is not played on this device`);
  if (sent()) throw new Error('this move was already sent');
  return at.seat;
}
