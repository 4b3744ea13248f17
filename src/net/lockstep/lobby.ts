// The lobby before a game starts (P3.1, P3.2): the seats and who holds each, the host this
// guest dialled, the colour it asked for (asked again until the lobby shows it), the
// invitation (a secret the host draws and the join link carries: a seat is taken only with
// a proof of it, bound to the guest's key and the host's nonce, never the secret itself),
// the guests the host sent away, and the rematch lobbies other peers offered; the start
// record the host signs, and the lobby after a game. Returns verdicts; a guest's asks and a
// host's repeated lobby go out on the links it is given, the session sends the rest and reports.
import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { utf8ToBytes } from '@noble/hashes/utils.js';
import type { Colour, GameSetup } from '../../engine';
import { DEFAULT_CHAIN_LENGTH, freshGameId, readEntry, type GameClock, type SettingsEntry } from '../../fair';
import { STAND_IN_BOT, type BotLevel } from '../../fair/bot-levels';
import { fromHex, isHex, toHex } from '../../fair/hex';
import { Replica } from '../../fair/replica';
import type { PeerId } from '../transport';
import { freshNonce, sign, verifySignature, type Identity } from '../identity';
import { startSigningText, type Frame, type LobbySeat, type LobbyState, type StartRecord } from '../wire';
import { clockOf, MAX_PENDING_LOBBIES, type Timeouts } from './limits';
import type { Link, Links } from './links';

/** A lobby a host opens: each colour an open seat (bot null) or a bot's; the host sits in `hostColour`. */
export interface HostPlan {
  options: GameSetup['options'];
  seats: { colour: Colour; bot: BotLevel | null }[];
  hostColour: Colour;
  shuffleSeats?: boolean;
  /** The game clock (P6, bullet 5); the default: the host's timeouts (`clockOf`). */
  clock?: GameClock;
  /** The bot for a dropped or resigned seat (default greedy: cheap enough for a phone). */
  standIn?: BotLevel;
  gameId?: string;
  rematchOf?: string | null;
}

/** How a take of a seat is judged: the seat is assigned, or refused (`once`: said once per link, a guest's heartbeat repeats it). */
export type TakeVerdict = { kind: 'assign' } | { kind: 'refused'; reason: string; once: boolean };

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

  /** Opens the lobby of `plan`, hosted by `me`, and draws its invitation (the join link carries it). */
  open(plan: HostPlan, me: { pub: string; name: string }, timeouts: Timeouts | undefined): void {
    const seats: LobbySeat[] = plan.seats.map((x) => ({ colour: x.colour, bot: x.bot, pub: null, name: null }));
    const mine = seats.find((x) => x.colour === plan.hostColour && !x.bot);
    if (!mine) throw new Error(`the host's colour ${plan.hostColour} must be an open seat`);
    mine.pub = me.pub;
    mine.name = me.name;
    const gameId = plan.gameId ?? freshGameId();
    this.state = {
      gameId,
      host: me.pub,
      options: plan.options,
      shuffleSeats: plan.shuffleSeats ?? false,
      clock: plan.clock ?? clockOf(timeouts),
      ...(plan.standIn && plan.standIn !== STAND_IN_BOT ? { standIn: plan.standIn } : {}),
      seats,
      rematchOf: plan.rematchOf ?? null,
    };
    // The invitation the join link carries: knowing the host's address is not enough to take a seat.
    this.invite = freshNonce();
  }

  /** Every seat of the game before (`roster`) reserved for the same player, but those of `gone`: the others accept by joining. */
  reserve(roster: readonly LobbySeat[], gone: ReadonlySet<Colour>): void {
    const seats = this.state!.seats;
    for (const [i, r] of roster.entries())
      if (r.pub && !gone.has(r.colour)) {
        seats[i].pub = r.pub;
        seats[i].name = r.name;
      }
  }

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

  /** A take on a link from `from` (`hosting`: this peer hosts the lobby now). */
  judgeTake(
    hosting: boolean,
    from: { pub: string | null; role: string; nonce: string },
    colour: Colour | null,
    proof: string | null,
  ): TakeVerdict {
    if (!hosting) return { kind: 'refused', reason: 'asked for a seat, but this peer hosts no lobby', once: false };
    if (from.role === 'watch') return { kind: 'refused', reason: 'watches and cannot take a seat', once: false };
    if (colour !== null && this.sentAway.has(from.pub!)) return { kind: 'refused', reason: 'was sent away by the host', once: true };
    if (colour !== null && !this.admits(from.pub!, from.nonce, proof))
      return { kind: 'refused', reason: "asked for a seat without this game's invitation", once: true };
    return { kind: 'assign' };
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

  /** This guest asks the host for `colour` (null: to leave its seat), and asks again on every beat until the lobby shows it. */
  ask(colour: Colour | null, links: Links, myPub: string): void {
    this.wanted = colour;
    const host = this.hostPeer ? links.get(this.hostPeer) : undefined;
    if (host) links.sendTo(host.peer, this.takeFrame(host, colour, myPub));
  }

  /**
   * A beat before the start: a guest dials its host until linked, then asks again for its seat
   * until the lobby shows it and polls with `poll` for a start it may have missed; a host sends its lobby again.
   */
  beat(links: Links, myPub: string, poll: Frame, dial: (peer: PeerId) => void): void {
    if (this.hostPeer && !links.has(this.hostPeer)) dial(this.hostPeer);
    const host = this.hostPeer ? links.get(this.hostPeer) : null;
    if (host?.authed) {
      if (this.wanted !== undefined && this.seatOf(myPub) !== this.wanted)
        links.sendTo(host.peer, this.takeFrame(host, this.wanted, myPub));
      links.sendTo(host.peer, poll);
    }
    if (this.isHostedBy(myPub) && this.state) links.broadcast({ t: 'lobby', lobby: this.state });
  }

  /** A take for the host on `host`'s link, with the proof of the invitation bound to `myPub` and the host's nonce on that link. */
  private takeFrame(host: Link, colour: Colour | null, myPub: string): Frame {
    const nonce = host.answered?.nonce;
    const invite = this.invite;
    return { t: 'take', colour, proof: invite && nonce ? invitationProof(invite, myPub, nonce) : null };
  }

  /**
   * A lobby frame from `from`. Before the start (`playing` null): the lobby this guest waits in, or
   * a refusal. After it (`playing`: this game's id): another game's lobby offered after this one (a
   * rematch, or this start begun again), kept for acceptRematch; 'offered' once `from` offered it too.
   */
  heard(lobby: LobbyState, from: string, playing: string | null, connecting: boolean): LobbyVerdict {
    if (playing === null) {
      const v = this.receive(lobby, from, connecting);
      return v.kind === 'offered' ? { kind: 'ignored' } : v;
    }
    if (lobby.gameId === playing || this.receive(lobby, from, false).kind !== 'offered') return { kind: 'ignored' };
    return this.offered(from, lobby.gameId) ? { kind: 'offered' } : { kind: 'ignored' };
  }

  /** A lobby sent by `from`: the one this guest waits in, a rematch offered, or nothing of ours. */
  private receive(lobby: LobbyState, from: string, connecting: boolean): LobbyVerdict {
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

/** The start record the host signs for lobby `l`, its settings read back through the log's own reader and checked first. */
export function signedStart(l: LobbyState, identity: Identity): StartRecord {
  // Read back through the log's own reader, so the host's log holds the bytes (field order included) every guest reads.
  const settings = readEntry(
    {
      k: 'settings',
      setup: { seats: l.seats.map((s) => s.colour), options: l.options },
      gameId: l.gameId,
      chainLength: DEFAULT_CHAIN_LENGTH,
      shuffleSeats: l.shuffleSeats,
      bots: l.seats.map((s) => s.bot),
      ...(l.standIn ? { standIn: l.standIn } : {}),
      clock: l.clock,
    },
    0,
  ) as SettingsEntry;
  const unsigned = { settings, roster: l.seats.map((s) => ({ ...s })), host: identity.publicKey };
  const start: StartRecord = { ...unsigned, sig: sign(identity, 'start', startSigningText(unsigned)) };
  // The settings go through the log's checker before anyone else sees them.
  const probe = new Replica().receive(settings);
  if (probe.kind !== 'applied') throw new Error(probe.kind === 'rejected' ? probe.reason : probe.why);
  return start;
}

/** The lobby after game `st` (a rematch, or its start begun again), hosted by seat `mySeat`: the seats of `gone` free or a bot's. */
export function nextLobbyPlan(st: StartRecord, mySeat: number, gone: ReadonlySet<Colour>, absent: 'free' | 'bot'): HostPlan {
  return {
    options: st.settings.setup.options,
    seats: st.roster.map((r) => ({ colour: r.colour, bot: gone.has(r.colour) && absent === 'bot' ? ('greedy' as const) : r.bot })),
    hostColour: st.roster[mySeat].colour,
    shuffleSeats: st.settings.shuffleSeats,
    clock: st.settings.clock,
    standIn: st.settings.standIn,
    rematchOf: st.settings.gameId,
  };
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
