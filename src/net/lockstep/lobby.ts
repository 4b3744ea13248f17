// The lobby before a game starts (P3.1, P3.2): the seats and who holds each, the host this
// guest dialled, the colour it asked for (asked again until the lobby shows it), and the
// rematch lobbies other peers offered. Returns verdicts; the session sends and reports.
import type { Colour } from '../../engine';
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
