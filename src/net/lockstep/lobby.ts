// The lobby before a game starts (P3.1, P3.2): the seats and who holds each, the host this
// guest dialled, the colour it asked for (asked again until the lobby shows it), the
// invitation (a secret the host draws and the join link carries: a seat is taken only with
// a proof of it, bound to the guest's key and the host's nonce, never the secret itself),
// the guests the host sent away, and the rematch lobbies other peers offered. Returns
// verdicts; the session sends and reports.
import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { utf8ToBytes } from '@noble/hashes/utils.js';
import type { Colour } from '../../engine';
import { fromHex, isHex, toHex } from '../../fair/hex';
import type { PeerId } from '../transport';
import { verifySignature } from '../identity';
import { startSigningText, type LobbyState, type StartRecord } from '../wire';
import { MAX_PENDING_LOBBIES } from './limits';

export type SeatVerdict = { kind: 'changed' } | { kind: 'refused'; reason: string };
export type LobbyVerdict = { kind: 'adopted' } | { kind: 'offered' } | { kind: 'ignored' } | { kind: 'refused'; reason: string };

export class Lobby {
  state: LobbyState | null = null;
  /** The peer a guest dialled to join. */
  hostPeer: PeerId | null = null;
  /** The colour this guest asked for (undefined: none asked; null: to leave its seat). */
  wanted: Colour | null | undefined = undefined;
  /** The invitation secret (16 bytes, hex): drawn by the host, carried by the join link to a guest; null for a watcher. */
  invite: string | null = null;
  /** Identities whose seat the host freed: they take none again in this lobby. */
  private readonly sentAway = new Set<string>();
  /** Rematches offered, by the offering identity, and their lobbies until one is accepted. */
  private readonly offers = new Map<string, string>();
  private readonly offeredLobbies = new Map<string, LobbyState>();

  isHostedBy(pub: string): boolean {
    return !!this.state && this.state.host === pub;
  }

  /** The colour `pub` sits in, if any. */
  seatOf(pub: string): Colour | null {
    return this.state?.seats.find((x) => x.pub === pub)?.colour ?? null;
  }

  /** Whether a guest's take holds the proof of this lobby's invitation (the host's check). */
  admits(guestPub: string, hostNonce: string, proof: string | null): boolean {
    if (!this.invite || !proof) return false;
    return invitationProof(this.invite, guestPub, hostNonce) === proof;
  }

  /** The host frees the seat of `colour` (before the start); its holder takes none again. */
  free(colour: Colour): SeatVerdict {
    const seat = this.state?.seats.find((s) => s.colour === colour);
    if (!seat?.pub || seat.pub === this.state!.host) return { kind: 'refused', reason: `${colour} holds no guest` };
    this.sentAway.add(seat.pub);
    seat.pub = null;
    seat.name = null;
    return { kind: 'changed' };
  }

  wasSentAway(pub: string): boolean {
    return this.sentAway.has(pub);
  }

  /** The host gives `pub` the colour it asked for (null: leaves its seat), if that colour is free. */
  assign(pub: string, name: string, colour: Colour | null): SeatVerdict {
    const l = this.state!;
    const target = colour ? l.seats.find((s) => s.colour === colour) : null;
    if (colour && (!target || target.bot || (target.pub && target.pub !== pub)))
      return { kind: 'refused', reason: `${colour} is not free` };
    for (const s of l.seats)
      if (s.pub === pub) {
        s.pub = null;
        s.name = null;
      }
    if (target) {
      target.pub = pub;
      target.name = name;
    }
    return { kind: 'changed' };
  }

  /** A lobby sent by `from`: the one this guest waits in, a rematch offered, or nothing of ours. */
  receive(lobby: LobbyState, from: string, connecting: boolean): LobbyVerdict {
    if (connecting || (this.state && this.state.host === from && this.state.gameId === lobby.gameId)) {
      if (lobby.host !== from) return { kind: 'refused', reason: 'sent a lobby it does not host' };
      this.state = lobby;
      return { kind: 'adopted' };
    }
    if (lobby.host !== from) return { kind: 'ignored' };
    // A rematch's lobby, kept until accepted; a few at most.
    if (!this.offeredLobbies.has(lobby.gameId) && this.offeredLobbies.size >= MAX_PENDING_LOBBIES)
      this.offeredLobbies.delete(this.offeredLobbies.keys().next().value!);
    this.offeredLobbies.set(lobby.gameId, lobby);
    return { kind: 'offered' };
  }

  offerRematch(from: string, gameId: string): void {
    this.offers.set(from, gameId);
  }

  /** Whether `from` offered the rematch `gameId`. */
  offered(from: string, gameId: string): boolean {
    return this.offers.get(from) === gameId;
  }

  offeredLobby(gameId: string): LobbyState | null {
    return this.offeredLobbies.get(gameId) ?? null;
  }

  /**
   * Why a start record that arrives may not start this game (null: it may): it must be for
   * this lobby's game, signed by its host (P3.2), and its roster must match its settings.
   */
  judgeStart(start: StartRecord): string | null {
    const lobby = this.state;
    if (lobby && start.settings.gameId !== lobby.gameId) return 'sent the start of another game';
    if (start.host !== (lobby?.host ?? start.host) || !verifySignature(start.host, 'start', startSigningText(start), start.sig))
      return 'sent a start record the host did not sign';
    const s = start.settings;
    const bots = s.bots;
    const matches = (r: StartRecord['roster'][number], i: number) =>
      r.colour === s.setup.seats[i] && (r.bot ?? null) === bots![i] && (!!r.bot || !!r.pub);
    if (!bots || bots.length !== start.roster.length || !start.roster.every(matches))
      return 'sent a start record whose roster does not match its settings';
    return null;
  }
}

/**
 * A guest's proof that it holds the invitation: an HMAC of its key and the host's nonce on
 * this link under the secret, so the secret never crosses the wire and a proof seen once is
 * worth nothing on another link or for another key.
 */
export function invitationProof(invite: string, guestPub: string, hostNonce: string): string {
  return inviteMac(invite, `carcassonne-sw/take/v1|${guestPub}|${hostNonce}`);
}

/** HMAC-SHA-256 of `text` under the invitation secret, in hex. */
function inviteMac(invite: string, text: string): string {
  if (!isHex(invite, 16)) throw new Error('an invitation is 32 hex digits');
  return toHex(hmac(sha256, fromHex(invite, 16, 'invitation'), utf8ToBytes(text)));
}

/**
 * What a dial from `dialer` to `dialee` carries to say it comes from someone holding the
 * lobby's invitation (every player of the game): an HMAC of the two transport ids under the
 * secret, so it is worth nothing for another pair. A dial with it skips the strangers' slots
 * (transport.ts `Admission`); a watcher's dial carries none and waits among the strangers.
 */
export function dialTicket(invite: string, dialer: PeerId, dialee: PeerId): string {
  return inviteMac(invite, `carcassonne-sw/dial/v1|${dialer}|${dialee}`).slice(0, 32);
}

/** Whether `ticket` (untrusted, from a dial) is the one `dialer` should carry to `dialee` under `invite`. */
export function admitsTicket(invite: string | null, dialer: PeerId, dialee: PeerId, ticket: string): boolean {
  if (!invite || ticket.length !== 32) return false;
  const want = dialTicket(invite, dialer, dialee);
  let diff = 0;
  for (let i = 0; i < 32; i++) diff |= want.charCodeAt(i) ^ ticket.charCodeAt(i);
  return diff === 0;
}
