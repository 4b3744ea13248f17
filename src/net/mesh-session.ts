// The networked session: deterministic lockstep over a full mesh of peers (P1–P4). Every
// peer holds a Replica of the one log and only its own secret; peers exchange only what
// seats author — commitments, reveals, moves, votes, chat — as signed, numbered items, and
// every peer derives everything else (draws, dice, bot moves, state hashes) itself.
//
//   lobby     the creator (host) sets options and seats; peers join and take seats; the
//             host signs the start record (settings + roster). After that it has no power
//             the others lack (P3.2).
//   items     author seat a's n-th item, written at log index `at`, signed with the seat's
//             Ed25519 key (a reveal is proven by its chain instead). Any peer serves any
//             item it holds, so relaying cannot forge, and a gap or a stall asks for a
//             resend (`sync`). Items wait in a pool until the log reaches their slot.
//   order     the log takes items in the order the rules need them; the reveals of one
//             event in chain order (P4.2); so every peer writes the same bytes.
//   hashes    every item carries its author's latest state hash; a mismatch stops play
//             with a desync report (P1.4).
//   silence   a seat that neither moves nor reveals in time can be dropped (P2.6) by the
//             votes of every other player seat at that exact log index; a voter that
//             already took the seat's late entry vetoes instead, so honest peers agree;
//             the dropped seat forfeits and a bot plays it on every peer from then on.
import { canonicalJson, deploymentError, pending, placementError, type Colour, type Deployment, type GameEvent, type GameSetup, type GameState, type Placement } from '../engine';
import { DEFAULT_CHAIN_LENGTH, EntryError, freshGameId, replayLog, type LogEntry } from '../fair';
import { LocalChains } from '../fair/local-chains';
import { Replica } from '../fair/replica';
import type { Awaiting } from '../fair/follower';
import { compareChat, SIGNED_LOG_VERSION, stringifyLog, type ChatEntry, type EntrySignature, type SignedSection, type VoteRecord } from '../fair/log';
import { signatureSlots } from '../fair/signatures';
import { parseStrictJson } from '../fair/strict-json';
import type { BotChoice } from '../bots';
import { realClock, type Clock } from './clock';
import type { GameStore } from '../session/game-store';
import { fingerprint, freshIdentity, freshNonce, identityFromSecret, sign, verifySignature, type Identity } from './identity';
import { SessionCore, oneLine, type CoreOptions } from '../session/session-core';
import type { BotLevel, SeatInfo, Session, SessionStatus, SessionStep } from '../session/session';
import type { PeerId, Transport } from './transport';
import {
  authSigningText, encodeFrame, itemSigningText, MAX_CHAT_CHARS, MAX_ITEMS_PER_ANSWER, MAX_NAME_CHARS, parseFrame, startSigningText, WIRE_VERSION,
  WireError, type Frame, type Item, type ItemBody, type LobbySeat, type LobbyState, type StartRecord,
} from './wire';

export const MESH_SAVE_FORMAT = 'carcassonne-sw-mesh-save';
const MESH_SAVE_VERSION = 1;
/** Chat lines one seat may add to a game, and the shortest gap between two of them. */
export const MAX_CHAT_PER_SEAT = 200;
export const CHAT_GAP_MS = 500;
/** Items held ahead of an author's contiguous sequence (anything further is dropped unread). */
export const SEQ_WINDOW = 4096;
/**
 * Items one seat may number in one game (its n stays below this). An honest seat authors
 * one commitment, at most one reveal per random event (a game has a few hundred), two moves
 * a turn, MAX_CHAT_PER_SEAT chat lines and a few votes: far below. With it, every item
 * pool is bounded: at most MAX_ITEMS_PER_SEAT items per seat, each under one frame.
 */
export const MAX_ITEMS_PER_SEAT = 12_000;
/** Chat lines one seat may write at one log index (kept: the lowest-numbered, so every peer keeps the same). */
export const MAX_CHAT_PER_INDEX = 20;
/** Frames one peer may send per second before the rest are dropped (flood limit). */
export const FRAMES_PER_SECOND = 400;
/** Entries a sync answer sends by log position, past the numbered items (see answerSync). */
const ENTRIES_BY_POSITION = 8;
/** Drop votes for points ahead of this log, kept to be answered later (a seat's votes come only from players). */
const MAX_LATER_VOTES = 256;

export interface Timeouts {
  /** A seat's move (place or deploy), ms. */
  moveMs: number;
  /** A seat's reveal once its event is due, ms. */
  revealMs: number;
}
export const DEFAULT_TIMEOUTS: Timeouts = { moveMs: 90_000, revealMs: 20_000 };

export interface MeshOptions extends CoreOptions {
  transport: Transport;
  /** This player's name as others see it. */
  name: string;
  store?: GameStore | null;
  clock?: Clock;
  timeouts?: Timeouts;
  /** Vote to drop a silent seat as soon as its time is up (tests, chaos, bots-only tables). */
  autoDrop?: boolean;
  /** A bot that makes this peer's own seat's moves (tests and `npm run chaos`). */
  autopilot?: BotLevel | null;
  /** How long the log may stand still before this peer asks the others to resend (ms). */
  stallMs?: number;
  /** Every rejected frame or item, as one line (the UI shows them as toasts). */
  onReject?: (line: string) => void;
  /** Test double: a peer whose engine is perturbed reports this instead of its real state hash. */
  tamperHash?: (turn: number, hash: string) => string;
  /** Test-only fixed identity / chain secret. */
  identity?: Identity;
  secret?: Uint8Array;
}

export type PeerState = 'connected' | 'reconnecting' | 'gone';
export interface PeerView { pub: string; name: string; colour: Colour | null; state: PeerState; fingerprint: string; watcher: boolean }
export interface WaitingView {
  colour: Colour;
  what: 'move' | 'reveal';
  /** Clock time when the wait began and when the seat may be dropped. */
  since: number;
  deadline: number;
  /** The players who voted to drop it so far. */
  votes: Colour[];
}
export type ChatLine = ChatEntry;
export interface DesyncReport { gameId: string; turn: number; mine: string; theirs: string; peer: string; colour: Colour | null; log: string }
export type MeshPhase = 'connecting' | 'lobby' | 'playing' | 'over' | 'desync' | 'failed';

export type MeshEvent =
  | { kind: 'lobby' }
  | { kind: 'peers' }
  | { kind: 'chat'; line: ChatLine }
  | { kind: 'rejected'; line: string }
  | { kind: 'rematch'; gameId: string; from: string }
  | { kind: 'desync'; report: DesyncReport };

interface Link {
  peer: PeerId; nonce: string; pub: string | null; name: string; role: 'player' | 'watch'; authed: boolean;
  budget: number; budgetAt: number; lastSync: number;
  /** Frames that overtook the other side's proof of identity, handled once it arrives (a few at most). */
  early: Frame[];
}
const MAX_EARLY_FRAMES = 32;
/** Transport addresses kept for identities that hold no seat (spectators met through `addr`). */
const MAX_ADDRESSES = 64;

interface SavedMesh {
  format: string; version: number; gameId: string; secretKey: string; name: string;
  seat: number | null; secret: string | null; start: StartRecord | null; lobby: LobbyState | null;
  items: Item[]; peers: { pub: string; id: string }[];
}

const key = (what: string, colour: Colour, point: number) => `${what}|${colour}|${point}`;

export class MeshSession extends SessionCore implements Session {
  readonly identity: Identity;
  private readonly clock: Clock;
  private readonly timeouts: Timeouts;
  private readonly transport: Transport;
  private readonly links = new Map<PeerId, Link>();
  /** Last known transport id of every identity we have met (P1.6: identity is not the transport id). */
  private readonly addresses = new Map<string, PeerId>();
  private readonly names = new Map<string, string>();

  private lobbyState: LobbyState | null = null;
  private hostPeer: PeerId | null = null;
  private role: 'player' | 'watch';
  private startRecord: StartRecord | null = null;
  private replica: Replica | null = null;
  private chains: LocalChains | null = null;
  /** This peer's lobby seat, or null for a spectator. */
  private mySeat: number | null = null;
  private mySecret: Uint8Array | null;

  /** Every item held, per author seat, by sequence number; and the entry items by log index. */
  private readonly items = new Map<number, Map<number, Item>>();
  private readonly entryAt = new Map<number, Map<number, Item>>();
  private readonly have: number[] = [];
  private nextSeq = 0;
  private readonly votes = new Map<string, Set<number>>();
  private readonly vetoes = new Set<string>();
  private readonly myVotes = new Set<string>();
  /** Points this peer already vetoed (one veto each is enough). */
  private readonly myVetoes = new Set<string>();
  /** The signed vote items, per vote key and voter seat. */
  private readonly voteItems = new Map<string, Map<number, Item>>();
  /** The vote key behind the reclaim entry at each log index. */
  private readonly reclaimKeyAt = new Map<number, string>();
  /** Vote keys whose set changed since the pump last looked (to answer, or to rewind). */
  private readonly dirtyVotes = new Set<string>();
  /** Others' drop votes for a point this log had not reached when they came: answered (vetoed if need be) once it passes it. */
  private readonly laterVotes = new Set<string>();
  /** This log's state hash per turn (as this peer reports it). */
  private readonly myHashes = new Map<number, string>();
  private readonly dropAsked = new Set<Colour>();
  private readonly chatLines: ChatLine[] = [];
  private lastChatAt = -Infinity;
  private resignWanted = false;
  private reclaimWanted = false;
  private readonly theirHashes = new Map<string, { turn: number; state: string; a: number }>();
  private lastHashSent = 0;
  private desync: DesyncReport | null = null;
  private readonly meshListeners = new Set<(e: MeshEvent) => void>();
  private phaseNow: MeshPhase = 'connecting';

  private waitKey = '';
  private waitSince = 0;
  private waitTimer: unknown = null;
  private stallTimer: unknown = null;
  private lastProgress = 0;
  private persistTimer: unknown = null;
  /** This seat's items since the last full save. */
  private journal: Item[] = [];
  private pumping = false;
  private rejected = 0;
  /** Log indices below this were checked for held entries that do not match the log (early or misplaced ones). */
  private sweptTo = 0;
  /** Seats caught signing two different items for one number or one log index (P5.1): both kept as evidence. */
  private readonly equivocators = new Set<number>();
  private readonly evidenceList: { a: number; first: Item; second: Item }[] = [];

  readonly name: string;

  private constructor(private readonly opts: MeshOptions, role: 'player' | 'watch') {
    super(opts, []);
    this.clock = opts.clock ?? realClock;
    this.timeouts = opts.timeouts ?? DEFAULT_TIMEOUTS;
    this.transport = opts.transport;
    this.identity = opts.identity ?? freshIdentity();
    this.name = opts.name.slice(0, MAX_NAME_CHARS).replace(/[\u0000-\u001f\u007f\u2028\u2029]/g, '') || 'player';
    this.role = role;
    this.mySecret = opts.secret ?? null;
    this.transport.listen({
      open: (p) => this.onOpen(p),
      close: (p) => this.onClose(p),
      message: (p, f) => this.onFrame(p, f),
    });
    this.lastProgress = this.clock.now();
    this.armTick();
  }

  // ---------------------------------------------------------------- opening

  /** Creates a game as its host: `seats` gives each colour an open seat (null) or a bot level; the host sits in `hostColour`. */
  static host(opts: MeshOptions, plan: { options: GameSetup['options']; seats: { colour: Colour; bot: BotLevel | null }[]; hostColour: Colour; shuffleSeats?: boolean; gameId?: string; rematchOf?: string | null }): MeshSession {
    const s = new MeshSession(opts, 'player');
    const seats: LobbySeat[] = plan.seats.map((x) => ({ colour: x.colour, bot: x.bot, pub: null, name: null }));
    const mine = seats.find((x) => x.colour === plan.hostColour && !x.bot);
    if (!mine) throw new Error(`the host's colour ${plan.hostColour} must be an open seat`);
    mine.pub = s.identity.publicKey;
    mine.name = s.name;
    s.lobbyState = { gameId: plan.gameId ?? freshGameId(), host: s.identity.publicKey, options: plan.options, shuffleSeats: plan.shuffleSeats ?? false, seats, rematchOf: plan.rematchOf ?? null };
    s.phaseNow = 'lobby';
    s.persist();
    return s;
  }

  /** Joins the game whose host (or any of whose peers) has transport id `peer`; `watch` joins as a spectator. */
  static join(opts: MeshOptions, peer: PeerId, watch = false): MeshSession {
    const s = new MeshSession(opts, watch ? 'watch' : 'player');
    s.hostPeer = peer;
    s.transport.connect(peer);
    return s;
  }

  /** Returns to a game kept in the store after a reload or a crash, with a new transport (P1.6). */
  static resume(opts: MeshOptions, gameId: string): MeshSession {
    const text = opts.store?.load(gameId);
    if (!text) throw new Error(`no online game ${gameId} is kept on this device`);
    const saved = parseMeshSave(text, opts.store?.loadAux(gameId) ?? null);
    const s = new MeshSession({ ...opts, identity: identityFromSecret(saved.secretKey), name: saved.name }, saved.seat === null && saved.start ? 'watch' : 'player');
    s.lobbyState = saved.lobby;
    s.mySeat = saved.seat;
    s.mySecret = saved.secret ? hexBytes(saved.secret) : null;
    for (const p of saved.peers) if (p.pub !== s.identity.publicKey) s.addresses.set(p.pub, p.id);
    if (saved.start) {
      s.begin(saved.start, false);
      for (const item of saved.items) s.store(item);
      s.nextSeq = s.have[s.mySeat ?? -1] ?? 0;
      s.pump();
    } else s.phaseNow = 'lobby';
    for (const id of s.addresses.values()) s.transport.connect(id);
    return s;
  }

  // ---------------------------------------------------------------- what the UI reads

  get phase(): MeshPhase {
    return this.phaseNow;
  }

  get gameId(): string {
    return this.startRecord?.settings.gameId ?? this.lobbyState?.gameId ?? '';
  }

  get transportId(): PeerId {
    return this.transport.id;
  }

  get lobby(): LobbyState | null {
    return this.lobbyState;
  }

  get isHost(): boolean {
    return !!this.lobbyState && this.lobbyState.host === this.identity.publicKey;
  }

  get seatIndex(): number | null {
    return this.mySeat;
  }

  get setup(): GameSetup {
    return this.state.setup;
  }

  get started(): boolean {
    return !!this.replica?.state;
  }

  get state(): GameState {
    const s = this.replica?.state;
    if (!s) throw new Error('the game has not started yet');
    return s;
  }

  get seats(): readonly SeatInfo[] {
    const st = this.startRecord;
    if (!st || !this.replica?.state) return [];
    const f = this.replica.follower;
    return this.replica.state.setup.seats.map((colour) => {
      const lobbyIndex = st.roster.findIndex((r) => r.colour === colour);
      const r = st.roster[lobbyIndex];
      const control = f.control(colour);
      const mine = lobbyIndex === this.mySeat && control.by === 'player' && !this.opts.autopilot;
      return {
        colour,
        controller: r.bot ? { kind: 'bot' as const, level: r.bot } : mine ? { kind: 'human' as const } : { kind: 'remote' as const, name: r.name ?? colour },
        localHuman: mine,
      };
    });
  }

  /** Every peer we know of and its link, for the connection list. */
  get peers(): PeerView[] {
    const out: PeerView[] = [];
    const roster = this.startRecord?.roster ?? this.lobbyState?.seats ?? [];
    const seen = new Set<string>();
    for (const r of roster) {
      if (!r.pub || r.pub === this.identity.publicKey) continue;
      seen.add(r.pub);
      const link = this.linkOf(r.pub);
      const gone = this.replica ? this.replica.follower.forfeited(r.colour) !== null && !link : false;
      out.push({ pub: r.pub, name: r.name ?? r.colour, colour: r.colour, state: link ? 'connected' : gone ? 'gone' : 'reconnecting', fingerprint: fingerprint(r.pub), watcher: false });
    }
    for (const l of this.links.values())
      if (l.authed && l.pub && !seen.has(l.pub)) out.push({ pub: l.pub, name: l.name, colour: null, state: 'connected', fingerprint: fingerprint(l.pub), watcher: l.role === 'watch' });
    return out;
  }

  /** Who the game waits for, since when, and the drop votes so far (P2.6). */
  get waiting(): WaitingView | null {
    const w = this.currentWait();
    if (!w) return null;
    const voters = this.votes.get(key('drop', w.colour, this.replica!.length)) ?? new Set();
    const roster = this.startRecord!.roster;
    return { colour: w.colour, what: w.what, since: this.waitSince, deadline: this.waitSince + (w.what === 'move' ? this.timeouts.moveMs : this.timeouts.revealMs), votes: [...voters].map((a) => roster[a].colour) };
  }

  /** Reveals still missing for the event due now, by colour ("waiting for 2 reveals"). */
  get revealsMissing(): Colour[] {
    const at = this.replica?.awaiting();
    if (!at || at.kind !== 'reveal') return [];
    return at.chains.map((c) => this.replica!.follower.lobby[c]);
  }

  get chat(): readonly ChatLine[] {
    return this.chatLines;
  }

  get desyncReport(): DesyncReport | null {
    return this.desync;
  }

  get rejectedCount(): number {
    return this.rejected;
  }

  /** Exceptions that a frame caused inside this session (caught and reported, never thrown): zero unless there is a bug. */
  get internalErrorCount(): number {
    return this.internalErrors;
  }
  private internalErrors = 0;

  /** Equivocation caught so far: per seat, the first two signed items that contradict each other. */
  get evidence(): readonly { a: number; first: Item; second: Item }[] {
    return this.evidenceList;
  }

  /** Items held from the network (every seat's pool, the log's own included): bounded by MAX_ITEMS_PER_SEAT per seat. */
  get heldItems(): number {
    let n = 0;
    for (const byN of this.items.values()) n += byN.size;
    return n;
  }

  /** Frames held per link until the other side proves who it is (at most MAX_EARLY_FRAMES each). */
  get heldEarlyFrames(): number {
    let n = 0;
    for (const l of this.links.values()) n += l.early.length;
    return n;
  }

  /** Entries in this peer's log so far. */
  get logLength(): number {
    return this.replica?.length ?? 0;
  }

  /**
   * Where this peer's next authored item would go: its lobby seat, next sequence number,
   * the log length, the next random event's number and what the log waits for. Read by
   * the lying peer of the simulations (src/sim/liar.ts) to forge lies that look real.
   */
  get authoring(): { a: number; n: number; at: number; nextEvent: number; awaiting: Awaiting } | null {
    if (this.mySeat === null || !this.replica) return null;
    return { a: this.mySeat, n: this.nextSeq, at: this.replica.length, nextEvent: this.replica.follower.nextEvent, awaiting: this.replica.awaiting() };
  }

  /** Forfeited seats (dropped or resigned): they rank last whatever their score (P2.6). */
  forfeits(): { colour: Colour; why: 'dropped' | 'resigned' }[] {
    const f = this.replica?.follower;
    if (!f) return [];
    return f.lobby.flatMap((colour) => {
      const why = f.forfeited(colour);
      return why ? [{ colour, why }] : [];
    });
  }

  onEvent(listener: (e: MeshEvent) => void): () => void {
    this.meshListeners.add(listener);
    return () => this.meshListeners.delete(listener);
  }

  /** A seat's short key fingerprint, shown in the lobby so players can compare. */
  static fingerprint(pub: string): string {
    return fingerprint(pub);
  }

  // ---------------------------------------------------------------- lobby intents

  /** Takes a free colour in the lobby (null leaves the seat). */
  takeSeat(colour: Colour | null): void {
    if (this.phaseNow !== 'lobby' || !this.lobbyState) throw new Error('there is no lobby to take a seat in');
    if (this.isHost) this.assignSeat(this.identity.publicKey, this.name, colour);
    else {
      this.wantColour = colour;
      if (this.hostPeer) this.sendTo(this.hostPeer, { t: 'take', colour });
    }
  }

  /** The colour this guest asked for, asked again until the lobby shows it (frames get lost). */
  private wantColour: Colour | null | undefined = undefined;

  /** The host starts the game once every open seat is taken. */
  startGame(): void {
    const l = this.lobbyState;
    if (!l || !this.isHost || this.phaseNow !== 'lobby') throw new Error('only the host starts the game, from the lobby');
    if (l.seats.some((s) => !s.bot && !s.pub)) throw new Error('every seat must be taken first');
    const settings: LogEntry = {
      k: 'settings', setup: { seats: l.seats.map((s) => s.colour), options: l.options }, gameId: l.gameId,
      chainLength: DEFAULT_CHAIN_LENGTH, shuffleSeats: l.shuffleSeats, bots: l.seats.map((s) => s.bot),
    };
    const unsigned = { settings, roster: l.seats.map((s) => ({ ...s })), host: this.identity.publicKey };
    const start: StartRecord = { ...unsigned, sig: sign(this.identity, 'start', startSigningText(unsigned)) };
    // The settings go through the log's checker before anyone else sees them.
    const probe = new Replica().receive(settings);
    if (probe.kind !== 'applied') throw new Error(probe.kind === 'rejected' ? probe.reason : probe.why);
    this.broadcast({ t: 'start', start });
    this.begin(start, true);
    this.sendAddresses();
  }

  // ---------------------------------------------------------------- game intents (Session)

  start(): Promise<void> {
    return this.enqueue(async () => this.pump());
  }

  place(p: Placement): Promise<void> {
    return this.enqueue(async () => this.authorMove({ k: 'place', seat: this.requireMyTurn('place'), x: p.x, y: p.y, r: p.r }));
  }

  deploy(d: Deployment | null): Promise<void> {
    return this.enqueue(async () => this.authorMove({ k: 'deploy', seat: this.requireMyTurn('deploy'), deployment: d }));
  }

  /** Gives up: the seat's next entry is a resignation; a bot plays it from there and it ranks last. */
  resign(): void {
    if (this.mySeat === null || !this.replica) throw new Error('only a seated player can resign');
    this.resignWanted = true;
    this.pump();
  }

  /** Asks to drop the silent seat the game waits for; the vote is cast once its time is up here too. */
  dropSeat(colour: Colour): void {
    this.dropAsked.add(colour);
    this.pump();
  }

  /** A dropped player who is back asks for its moves back from its next turn (still forfeited). */
  reclaimSeat(): void {
    if (this.mySeat === null || !this.replica) throw new Error('only a seated player can take a seat back');
    const colour = this.startRecord!.roster[this.mySeat].colour;
    if (this.replica.follower.forfeited(colour) !== 'dropped') throw new Error('this seat was not dropped');
    this.reclaimWanted = true;
    this.pump();
  }

  sendChat(text: string): void {
    if (this.mySeat === null || !this.replica) throw new Error('only seated players chat');
    const line = text.replace(/[\u0000-\u001f\u007f\u2028\u2029]/g, ' ').trim().slice(0, MAX_CHAT_CHARS);
    if (!line) return;
    const mine = this.chatLines.filter((c) => c.colour === this.myColour).length;
    if (mine >= MAX_CHAT_PER_SEAT) throw new Error(`at most ${MAX_CHAT_PER_SEAT} chat lines per player and game`);
    if (this.clock.now() - this.lastChatAt < CHAT_GAP_MS) throw new Error('one chat line every half second at most');
    if (this.chatLines.filter((c) => c.colour === this.myColour && c.at === this.replica!.length).length >= MAX_CHAT_PER_INDEX)
      throw new Error(`at most ${MAX_CHAT_PER_INDEX} chat lines while the game stands still`);
    this.lastChatAt = this.clock.now();
    this.author({ k: 'chat', text: line }, this.replica.length);
  }

  /** After the game: a new lobby with the same peers and seats, fresh secrets (this peer hosts it). */
  rematch(opts: Partial<MeshOptions> = {}): MeshSession {
    const st = this.startRecord;
    if (!st || this.phaseNow !== 'over' || this.mySeat === null) throw new Error('a rematch is offered once the game is over, by a player');
    const mine = st.roster[this.mySeat].colour;
    const next = MeshSession.host({ ...this.opts, ...opts, identity: this.identity, secret: undefined, transport: this.transport },
      { options: st.settings.setup.options, seats: st.roster.map((r) => ({ colour: r.colour, bot: r.bot })), hostColour: mine, shuffleSeats: st.settings.shuffleSeats, rematchOf: st.settings.gameId });
    // Every seat is reserved for the same player; the others accept by joining.
    for (const [i, r] of st.roster.entries()) if (r.pub) { next.lobbyState!.seats[i].pub = r.pub; next.lobbyState!.seats[i].name = r.name; }
    for (const l of this.links.values()) if (l.authed) next.adoptLink(l);
    next.broadcast({ t: 'rematch', gameId: next.gameId });
    next.broadcast({ t: 'lobby', lobby: next.lobbyState! });
    this.detach();
    return next;
  }

  /** Accepts a rematch offered by `hostPub`: a session for the new game over the same transport. */
  acceptRematch(gameId: string, opts: Partial<MeshOptions> = {}): MeshSession {
    const host = [...this.links.values()].find((l) => l.authed && l.pub && this.pendingRematch.get(l.pub) === gameId);
    if (!host) throw new Error('no rematch with that id was offered');
    const next = new MeshSession({ ...this.opts, ...opts, identity: this.identity, secret: undefined, transport: this.transport }, 'player');
    next.hostPeer = host.peer;
    for (const l of this.links.values()) if (l.authed) next.adoptLink(l);
    next.lobbyState = this.pendingLobby.get(gameId) ?? null;
    next.phaseNow = next.lobbyState ? 'lobby' : 'connecting';
    this.detach();
    return next;
  }

  private readonly pendingRematch = new Map<string, string>();
  private readonly pendingLobby = new Map<string, LobbyState>();

  /**
   * The replay file (P4.1, P5.1): every entry, the chat lines in their one order, and the
   * signatures that prove who wrote what: the host-signed roster of keys, one signature per
   * authored entry, the signed votes behind every drop and reclaim, every chat line's.
   */
  replayText(): string {
    if (!this.replica || !this.startRecord) return '';
    const chat = this.chatLines.map((c) => {
      const sig = this.items.get(this.startRecord!.roster.findIndex((r) => r.colour === c.colour))?.get(c.n)?.sig;
      return sig ? { ...c, sig } : { ...c };
    });
    const log = { ...this.replica.log, version: SIGNED_LOG_VERSION as typeof SIGNED_LOG_VERSION, signed: this.signedSection() };
    return stringifyLog(chat.length ? { ...log, chat } : log);
  }

  private signedSection(): SignedSection {
    const st = this.startRecord!;
    const entries = this.replica!.log.entries;
    const slots = signatureSlots(entries, st.roster.map((r) => r.pub !== null));
    const signed: EntrySignature[] = [];
    const votes: VoteRecord[] = [];
    slots.forEach((slot, i) => {
      if (!slot) return;
      if (slot.kind === 'author') {
        const item = this.entryAt.get(slot.a)?.get(i);
        if (item?.sig) signed.push({ at: i, a: item.a, n: item.n, h: item.h ? { ...item.h } : null, sig: item.sig });
        return;
      }
      const target = st.roster.findIndex((r) => r.colour === slot.colour);
      const need = slot.what === 'reclaim' ? [...slot.voters, target].sort((x, y) => x - y) : slot.voters;
      const k = slot.what === 'drop' ? key('drop', slot.colour, i) : this.reclaimKeyAt.get(i) ?? '';
      const by = this.voteItems.get(k);
      const point = Number(k.split('|')[2] ?? i);
      votes.push({ at: i, what: slot.what, colour: slot.colour, point, by: need.flatMap((a) => {
        const v = by?.get(a);
        return v?.sig ? [{ a, n: v.n, at: v.at, sig: v.sig }] : [];
      }) });
    });
    return { host: st.host, startSig: st.sig, roster: st.roster.map((r) => ({ ...r })), entries: signed, votes };
  }

  saveText(): string {
    return JSON.stringify(this.saved());
  }

  /** Leaves the game: says goodbye, closes the links and keeps nothing running. The game stays in storage to return to. */
  leave(): void {
    this.broadcast({ t: 'bye' });
    this.dispose();
    this.transport.close();
  }

  override dispose(): void {
    this.flushPersist();
    this.detach();
    super.dispose();
  }

  /** Stops listening and timing without closing the transport (it may serve a rematch). */
  private detach(): void {
    for (const t of [this.waitTimer, this.stallTimer, this.persistTimer]) if (t !== null) this.clock.clearTimeout(t);
    this.waitTimer = this.stallTimer = this.persistTimer = null;
    this.disposed = true;
    this.meshListeners.clear();
  }

  private adoptLink(l: Link): void {
    this.links.set(l.peer, { ...l });
    if (l.pub) this.addresses.set(l.pub, l.peer);
    this.transport.listen({ open: (p) => this.onOpen(p), close: (p) => this.onClose(p), message: (p, f) => this.onFrame(p, f) });
  }

  // ---------------------------------------------------------------- SessionCore

  protected override get ready(): boolean {
    return !!this.replica?.state;
  }

  protected computeStatus(): SessionStatus {
    if (this.desync) return { kind: 'failed', message: `desync at turn ${this.desync.turn}: ${this.desync.peer} holds another state` };
    const r = this.replica;
    if (!r?.state) return { kind: 'waiting-remote', seat: 0 };
    const s = r.state;
    if (s.phase === 'over') return { kind: 'over' };
    const at = r.awaiting();
    if (at.kind === 'action') {
      if (at.control.by === 'bot') return { kind: 'bot-thinking', seat: at.seat };
      if (this.isMine(at.colour) && !this.opts.autopilot) return { kind: 'your-move', seat: at.seat };
    }
    return { kind: 'waiting-remote', seat: s.seat };
  }

  protected persist(): void {
    if (!this.opts.store || this.persistTimer !== null) return;
    // Coalesced: one write per burst of steps, not one per entry.
    this.persistTimer = this.clock.setTimeout(() => {
      this.persistTimer = null;
      this.flushPersist();
    }, 1000);
  }

  private flushPersist(): void {
    const store = this.opts.store;
    if (!store || !this.gameId) return;
    if (this.persistTimer !== null) {
      this.clock.clearTimeout(this.persistTimer);
      this.persistTimer = null;
    }
    const roster = this.startRecord?.roster ?? this.lobbyState?.seats ?? [];
    store.save({
      gameId: this.gameId, kind: 'online', turn: this.replica?.state?.turn ?? 0,
      seats: roster.map((r, i) => ({ colour: r.colour, who: r.bot ? 'bot' : i === this.mySeat ? 'me' : 'remote', label: r.bot ?? r.name ?? '' })),
    }, this.saveText());
    this.journal = [];
    store.saveAux(this.gameId, '[]');
  }

  protected botToMove(): { seat: number; level: BotLevel } | null {
    const r = this.replica;
    if (!r?.state || this.desync) return null;
    const at = r.awaiting();
    if (at.kind !== 'action') return null;
    if (at.control.by === 'bot') {
      if (this.waitingOnReclaim(at.colour)) return null;
      return { seat: at.seat, level: at.control.level };
    }
    if (this.isMine(at.colour) && this.opts.autopilot && !this.authoredAt(this.mySeat!, r.length)) return { seat: at.seat, level: this.opts.autopilot };
    return null;
  }

  protected applyBotChoice(seat: number, choice: BotChoice): void {
    const r = this.replica!;
    const at = r.awaiting();
    if (at.kind !== 'action' || at.seat !== seat || at.phase !== choice.type) return;
    const entry: LogEntry = choice.type === 'place' ? { k: 'place', seat, ...choice.placement } : { k: 'deploy', seat, deployment: choice.deployment };
    if (at.control.by === 'bot') {
      // A bot seat has no owner: every peer derives the same move from the log (P2.6).
      this.apply(entry, seat, choice.type);
      this.pump();
    } else this.authorMove(entry as Extract<LogEntry, { k: 'place' | 'deploy' }>);
  }

  // ---------------------------------------------------------------- the game's start

  private begin(start: StartRecord, fresh: boolean): void {
    this.startRecord = start;
    this.lobbyState = null;
    this.replica = new Replica();
    const applied = this.replica.receive(start.settings);
    if (applied.kind !== 'applied') throw new Error(`the game's settings do not hold: ${applied.kind === 'rejected' ? applied.reason : applied.why}`);
    const n = start.roster.length;
    for (let a = 0; a < n; a++) {
      this.items.set(a, new Map());
      this.entryAt.set(a, new Map());
      this.have[a] = 0;
    }
    if (this.role === 'player') {
      const idx = start.roster.findIndex((r) => r.pub === this.identity.publicKey);
      this.mySeat = idx >= 0 ? idx : null;
    }
    for (const r of start.roster) if (r.pub && r.name) this.names.set(r.pub, r.name);
    if (this.mySeat !== null) {
      // P2.1, P2.7: a fresh secret for this game, drawn here and kept only here.
      if (!this.mySecret) {
        const s = new Uint8Array(32);
        globalThis.crypto.getRandomValues(s);
        this.mySecret = s;
      }
      this.chains = LocalChains.fresh([this.mySeat], start.settings.chainLength, [this.mySecret]);
    }
    this.phaseNow = 'playing';
    if (fresh) this.flushPersist();
    this.emitMesh({ kind: 'lobby' });
  }

  // ---------------------------------------------------------------- the pump: items → log

  /** Feeds the log every item whose slot has come, authors what this peer owes, and arms the timers. */
  private pump(): void {
    if (this.pumping || this.disposed || !this.replica || this.desync) return;
    this.pumping = true;
    const steps: SessionStep[] = [];
    try {
      for (let guard = 0; guard < 100_000; guard++) if (!this.pumpOnce(steps)) break;
      this.sweepPassed();
      // Still inside the pump: a veto or vote written here must not start another pump.
      const dirty = [...this.dirtyVotes];
      this.dirtyVotes.clear();
      // With the drop votes this log has passed the point of since they came.
      const len = this.replica.length;
      for (const k of this.laterVotes) if (Number(k.split('|')[2]) < len && !dirty.includes(k)) dirty.push(k);
      this.answerVotes(dirty);
    } finally {
      this.pumping = false;
    }
    if (steps.length) {
      this.lastProgress = this.clock.now();
      this.commit(steps);
    } else {
      this.refresh();
      // A vote or veto may have freed a bot seat's move without any new entry.
      this.scheduleBot();
    }
    if (this.replica.state?.phase === 'over' && this.phaseNow === 'playing') {
      this.phaseNow = 'over';
      this.flushPersist();
    }
    this.armWait();
  }

  private pumpOnce(steps: SessionStep[]): boolean {
    const r = this.replica!;
    const at = r.awaiting();
    const len = r.length;
    this.authorOwed();
    if (this.rollbackIfDropped()) return true;
    switch (at.kind) {
      case 'commit':
        return this.feedFrom(at.chain, len, steps);
      case 'reveal': {
        const chain = at.chains[0];
        const colour = r.follower.lobby[chain];
        this.voteOutEquivocator(chain, len);
        if (this.dropComplete(colour, len)) return this.dropNow(colour, len, steps);
        if (this.heldByVote(colour, len)) return false;
        return this.feedFrom(chain, len, steps);
      }
      case 'action': {
        if (at.control.by === 'bot') {
          const rk = at.phase === 'place' ? this.reclaimComplete(at.colour, r.state!.turn) : null;
          if (rk) {
            this.reclaimKeyAt.set(len, rk);
            return this.apply({ k: 'reclaim', colour: at.colour }, null, 'start', steps);
          }
          return false; // the bot move comes through SessionCore's bot scheduling
        }
        const lobby = r.follower.lobby.indexOf(at.colour);
        this.voteOutEquivocator(lobby, len);
        if (this.dropComplete(at.colour, len)) return this.dropNow(at.colour, len, steps);
        if (this.heldByVote(at.colour, len)) return false;
        return this.feedFrom(lobby, len, steps);
      }
      default:
        return false;
    }
  }

  /** The entry item author `a` wrote for log index `at`, if it is here: applied, or rejected and dropped. */
  private feedFrom(a: number, at: number, steps: SessionStep[]): boolean {
    const item = this.entryAt.get(a)?.get(at);
    if (!item || item.body.k !== 'entry') return false;
    const entry = item.body.entry;
    const seat = entry.k === 'place' || entry.k === 'deploy' ? entry.seat : null;
    const intent = entry.k === 'place' || entry.k === 'deploy' ? entry.k : 'start';
    const res = this.replica!.receive(entry);
    if (res.kind === 'applied') {
      steps.push({ seat, intent, events: res.events });
      this.noteDerived(res.derived);
      // P1.4: the author's state hash counts once its entry took its place here, i.e. on the same log prefix.
      if (item.h) this.noteHash(item.a, item.h);
      this.checkHashes();
      return true;
    }
    this.entryAt.get(a)!.delete(at);
    this.reject(`${this.colourOf(a)}'s entry ${item.n} was refused: ${res.kind === 'rejected' ? res.reason : res.why}`);
    return true;
  }

  /** A seat caught equivocating is voted out the moment the log next waits for it (no timeout). */
  private voteOutEquivocator(a: number, len: number): void {
    if (!this.equivocators.has(a) || this.mySeat === null || this.mySeat === a) return;
    const colour = this.startRecord!.roster[a].colour;
    if (this.replica!.follower.control(this.myColour!).by !== 'player') return;
    this.castVote('drop', colour, len);
  }

  private dropNow(colour: Colour, len: number, steps: SessionStep[]): boolean {
    const a = this.startRecord!.roster.findIndex((r) => r.colour === colour);
    const why = this.equivocators.has(a) ? 'for equivocation' : 'after its time ran out';
    this.reject(`${colour} is dropped at log index ${len} ${why}: a bot plays it from here and it forfeits`);
    return this.apply({ k: 'drop', colour }, null, 'start', steps);
  }

  /** Appends an entry this peer derived itself (a bot seat's move, an agreed drop or reclaim). */
  private apply(entry: LogEntry, seat: number | null, intent: SessionStep['intent'], steps?: SessionStep[]): boolean {
    const res = this.replica!.receive(entry);
    if (res.kind !== 'applied') {
      this.fail(`internal: a derived ${entry.k} was refused: ${res.kind === 'rejected' ? res.reason : res.why}`);
      return false;
    }
    const step = { seat, intent, events: res.events };
    this.noteDerived(res.derived);
    if (steps) steps.push(step);
    else this.commit([step]);
    this.checkHashes();
    return true;
  }

  /** What this peer owes the log now: its commitment, its reveal, a resignation or a reclaim request. */
  private authorOwed(): void {
    const r = this.replica!;
    if (this.mySeat === null || !this.chains) return;
    const me = this.mySeat;
    const colour = this.myColour!;
    const at = r.awaiting();
    const f = r.follower;
    if (at.kind === 'commit') {
      const pos = 1 + f.chainSeatList.indexOf(me);
      if (f.chainSeatList.includes(me) && !this.authoredAt(me, pos)) this.author({ k: 'entry', entry: this.chains.commitEntry(me, colour) }, pos);
      return;
    }
    if (at.kind === 'reveal' && at.chains.includes(me)) {
      const due = f.dueEvent!;
      const pos = due.openedAt + due.order.indexOf(me);
      if (!this.authoredAt(me, pos)) {
        if (this.resignWanted) {
          this.resignWanted = false;
          this.author({ k: 'entry', entry: { k: 'resign', colour } }, pos);
        } else this.author({ k: 'entry', entry: this.chains.revealsDue(r).find((e) => e.chain === me)! }, pos);
      }
      return;
    }
    if (at.kind === 'action' && at.colour === colour) {
      if (at.control.by === 'player' && this.resignWanted && !this.authoredAt(me, r.length)) {
        this.resignWanted = false;
        this.author({ k: 'entry', entry: { k: 'resign', colour } }, r.length);
      }
    }
    if (this.reclaimWanted && f.forfeited(colour) === 'dropped' && f.control(colour).by === 'bot' && r.state) {
      this.reclaimWanted = false;
      // From a turn ahead, so every peer hears of it before it comes (or vetoes, and it is asked again).
      this.castVote('reclaim', colour, r.state.turn + f.lobby.length);
    }
  }

  private authorMove(entry: Extract<LogEntry, { k: 'place' | 'deploy' }>): void {
    const r = this.replica!;
    const s = r.state!;
    // Checked by the engine first, so an illegal move is refused here instead of going out (P1.3).
    const p = pending(s);
    const error = entry.k === 'place'
      ? p.kind === 'place' ? placementError(s, p.tile, entry.x, entry.y, entry.r) : null
      : entry.deployment ? deploymentError(s, entry.deployment) : null;
    if (error) throw error;
    this.author({ k: 'entry', entry }, r.length);
  }

  private requireMyTurn(phase: 'place' | 'deploy'): number {
    if (this.disposed) throw new Error('the session is closed');
    const at = this.replica?.awaiting();
    if (!at || at.kind !== 'action' || at.phase !== phase) throw new Error(`it is not the moment to ${phase}`);
    if (!this.isMine(at.colour) || at.control.by !== 'player') throw new Error(`${at.colour} is not played on this device`);
    if (this.authoredAt(this.mySeat!, this.replica!.length)) throw new Error('this move was already sent');
    return at.seat;
  }

  // ---------------------------------------------------------------- authoring and holding items

  /** Signs, keeps and sends one item of this seat's. */
  private author(body: ItemBody, at: number): void {
    const a = this.mySeat!;
    const latest = body.k === 'entry' ? this.latestHash() : null;
    const h = latest && latest.turn > this.lastHashSent ? latest : null;
    if (h) this.lastHashSent = h.turn;
    const unsigned = { a, n: this.nextSeq++, at, body, h };
    // Everything a seat authors is signed, reveals included (P5.1): the replay then proves who revealed what.
    const item: Item = { ...unsigned, sig: sign(this.identity, 'item', itemSigningText(this.gameId, unsigned)) };
    this.store(item);
    // This seat's own items are kept before they leave (in a small journal beside the full
    // save): after a crash it must never write a different item under the same number.
    this.journal.push(item);
    this.opts.store?.saveAux(this.gameId, JSON.stringify(this.journal));
    this.persist();
    this.broadcast({ t: 'item', item });
    if (!this.pumping) this.pump();
  }

  /** Checks an item against its author's key and what is already held; keeps it if it is new. Returns a reason when refused. */
  private accept(item: Item): string | null {
    const st = this.startRecord!;
    const seat = st.roster[item.a];
    if (!seat || !seat.pub) return `item from seat ${item.a}, which no player holds`;
    // A copy of an item already held (a duplicate, a resend, a relay) costs no signature check.
    const held = this.items.get(item.a)!.get(item.n);
    if (held && itemSigningText(this.gameId, held) === itemSigningText(this.gameId, item) && held.sig === item.sig) {
      // A copy of an entry held but not in its slot (the slot was taken by another signed
      // version, since refused): it takes the free slot now, so the log does not stall on it.
      this.takeFreeSlot(held);
      return null;
    }
    if (!item.sig) return `an unsigned item claiming to be ${seat.colour}'s`;
    if (item.n >= MAX_ITEMS_PER_SEAT) return `${seat.colour}'s item ${item.n} is numbered beyond the ${MAX_ITEMS_PER_SEAT} one seat may send in a game`;
    if (!verifySignature(seat.pub, 'item', itemSigningText(this.gameId, item), item.sig)) return `an item claiming to be ${seat.colour}'s is not signed by ${seat.colour}'s key`;
    // Another signed item under a number already held is equivocation whatever it says (P5.1):
    // judged on the signatures alone, before legality, so every peer holding both concludes alike.
    if (held) return this.store(item);
    if (item.body.k === 'entry' && item.body.entry.k === 'reveal' && item.body.entry.chain !== item.a) return `${seat.colour} sent a reveal of another seat's chain`;
    if (item.body.k === 'entry') {
      const e = item.body.entry;
      const r = this.replica!;
      if ((e.k === 'commit' && (e.chain !== item.a || e.colour !== seat.colour)) || (e.k === 'resign' && e.colour !== seat.colour))
        return `${seat.colour} wrote an entry for another seat`;
      // Before the seating is known (a peer catching up) the log's own checks judge the move at its slot.
      if ((e.k === 'place' || e.k === 'deploy') && r.state) {
        const owner = r.state.setup.seats[e.seat];
        if (owner !== seat.colour) return `${seat.colour} sent a move for ${owner}'s seat`;
        const at = r.awaiting();
        if (item.at === r.length && (at.kind !== 'action' || at.colour !== seat.colour || at.phase !== e.k)) return `${seat.colour} sent a ${e.k} out of turn`;
      }
      // Its signed position is already filled by something else: a late or misplaced entry (a replayed one is a copy, above).
      if (item.at < r.length && !this.entryAt.get(item.a)?.has(item.at)) return `${seat.colour}'s ${e.k} for log index ${item.at} comes after that point was filled`;
      // Signed for the slot the log is at now: judged now, by the log's own checker on a copy (P1.3, P2.3).
      if (item.at === r.length && !this.entryAt.get(item.a)?.has(item.at)) {
        const why = this.tryAtSlot(item.a, e);
        if (why) return `${seat.colour}'s ${e.k} for log index ${item.at} is refused: ${why}`;
      }
    }
    return this.store(item);
  }

  /**
   * Whether the entry author `a` signed for the log's current slot may go there: the log
   * must await it from that seat now (a reveal only once its event is due and in chain
   * order, P2.3, P4.2), and the log's checker, on a copy, must take it (a reveal must be
   * the chain's next preimage; a move legal). Null when it may; else why not.
   */
  private tryAtSlot(a: number, e: LogEntry): string | null {
    const r = this.replica!;
    const at = r.awaiting();
    if (e.k === 'reveal') {
      if (at.kind !== 'reveal' || !at.chains.includes(a)) return `a reveal of event ${e.event} before it is due (P2.3)`;
      if (at.event !== e.event) return `a reveal of event ${e.event} where event ${at.event} is due`;
      if (at.chains[0] !== a) return `not its chain-order slot (P4.2)`;
    }
    if (e.k === 'commit' && (at.kind !== 'commit' || at.chain !== a)) return 'not the slot of its commitment';
    if (e.k === 'resign' && !((at.kind === 'reveal' && at.chains[0] === a) || (at.kind === 'action' && at.colour === r.follower.lobby[a]))) return 'not its own slot';
    try {
      r.follower.clone().apply(e);
    } catch (err) {
      if (err instanceof EntryError) return `${err.found} where the log expects ${err.expected}`;
      throw err;
    }
    return null;
  }

  /** Keeps an item (already checked); returns a reason for a conflicting copy. */
  private store(item: Item): string | null {
    const byN = this.items.get(item.a)!;
    const old = byN.get(item.n);
    if (old) {
      if (itemSigningText(this.gameId, old) === itemSigningText(this.gameId, item)) return null; // a duplicate: ignored
      // The seat signed two different items under one number. If the second is an entry whose
      // slot is free (the first was no entry, or an entry for another slot, or one the log
      // already refused), it still takes its slot: the log must not stall on it.
      if (this.takeFreeSlot(item) && old.body.k === 'chat') this.unChat(item.a, old.n);
      return this.equivocation(old, item, `two different items numbered ${item.n}`);
    }
    if (item.n >= this.have[item.a] + SEQ_WINDOW) return `${this.colourOf(item.a)}'s item ${item.n} is too far ahead`;
    if (item.body.k === 'entry') {
      const slot = this.entryAt.get(item.a)!;
      const prior = slot.get(item.at);
      if (prior && itemSigningText(this.gameId, prior) !== itemSigningText(this.gameId, item)) {
        // Two entries for one log index: the number is kept (so the sequence has no gap), the slot keeps the first.
        byN.set(item.n, item);
        while (byN.has(this.have[item.a])) this.have[item.a]++;
        return this.equivocation(prior, item, `two different entries for log index ${item.at}`);
      }
      slot.set(item.at, item);
    }
    byN.set(item.n, item);
    while (byN.has(this.have[item.a])) this.have[item.a]++;
    if (item.body.k === 'vote' || item.body.k === 'veto') this.noteVote(item.a, item.body, item);
    if (item.body.k === 'chat') this.noteChat(item.a, item.n, item.at, item.body.text);
    return null;
  }

  /**
   * Equivocation (P5.1): seat `a` signed both items, which contradict each other. Both are
   * kept as evidence and sent to every peer (so each honest peer learns it and holds the
   * same proof); from then on the honest players vote to drop the seat the next time the
   * log waits for it, through the ordinary vote, so the drop sits at one definite point.
   */
  private equivocation(first: Item, second: Item, what: string): string | null {
    const a = first.a;
    if (this.equivocators.has(a)) return null; // reported once; later copies change nothing
    this.equivocators.add(a);
    this.evidenceList.push({ a, first, second });
    this.broadcast({ t: 'evidence', first, second });
    if (!this.pumping) queueMicrotask(() => this.pump());
    return `${this.colourOf(a)} signed ${what} (equivocation): both kept as evidence; the others drop ${this.colourOf(a)} when it is next due`;
  }

  /**
   * Evidence relayed by another peer: two items one seat signed under one number, or two
   * different entries for one log index. Only the signatures are judged (not whether either
   * item is legal, nor which came first), so each honest peer that sees it concludes alike.
   */
  private takeEvidence(first: Item, second: Item): string | null {
    const st = this.startRecord!;
    const seat = st.roster[first.a];
    if (!seat?.pub || second.a !== first.a || !first.sig || !second.sig) return 'evidence of equivocation that names no signed seat';
    if (this.equivocators.has(first.a)) return null;
    const t1 = itemSigningText(this.gameId, first), t2 = itemSigningText(this.gameId, second);
    const sameSlot = first.body.k === 'entry' && second.body.k === 'entry' && first.at === second.at;
    if (t1 === t2 || (first.n !== second.n && !sameSlot)) return `${seat.colour}'s evidence of equivocation shows no contradiction`;
    if (first.n >= MAX_ITEMS_PER_SEAT || second.n >= MAX_ITEMS_PER_SEAT) return `${seat.colour}'s evidence is numbered beyond the ${MAX_ITEMS_PER_SEAT} one seat may send in a game`;
    if (!verifySignature(seat.pub, 'item', t1, first.sig) || !verifySignature(seat.pub, 'item', t2, second.sig))
      return `evidence against ${seat.colour} is not signed by ${seat.colour}'s key`;
    return this.equivocation(first, second, first.n === second.n ? `two different items numbered ${first.n}` : `two different entries for log index ${first.at}`);
  }

  /** An entry item whose signed log slot is still ahead and empty goes into it; whether it did. */
  private takeFreeSlot(item: Item): boolean {
    const slot = this.entryAt.get(item.a)!;
    if (item.body.k !== 'entry' || item.at < this.replica!.length || slot.has(item.at)) return false;
    slot.set(item.at, item);
    return true;
  }

  /** Author `a`'s entry item that this log took at index `at` (the held item whose entry is the log's there), if any. */
  private tookEntry(a: number, at: number): Item | null {
    const it = this.entryAt.get(a)?.get(at);
    const there = this.replica!.log.entries[at];
    return it && there && it.body.k === 'entry' && canonicalJson(it.body.entry) === canonicalJson(there) ? it : null;
  }

  private unChat(a: number, n: number): void {
    const colour = this.startRecord!.roster[a].colour;
    const i = this.chatLines.findIndex((c) => c.colour === colour && c.n === n);
    if (i >= 0) this.chatLines.splice(i, 1);
  }

  /** Held entries whose signed slot the log has passed with something else (sent early, or out of place): refused and let go. */
  private sweepPassed(): void {
    const r = this.replica!;
    for (; this.sweptTo < r.length; this.sweptTo++) {
      const i = this.sweptTo;
      let there: string | null = null;
      for (const [a, slot] of this.entryAt) {
        const it = slot.get(i);
        if (!it || it.body.k !== 'entry') continue;
        there ??= canonicalJson(r.log.entries[i]);
        if (canonicalJson(it.body.entry) === there) continue;
        slot.delete(i);
        this.reject(`${this.colourOf(a)}'s ${it.body.entry.k} signed for log index ${i} is not what the log holds there (sent before it was due, or out of place)`);
      }
    }
  }

  private authoredAt(a: number, at: number): boolean {
    return this.entryAt.get(a)?.has(at) ?? false;
  }

  // ---------------------------------------------------------------- silent seats: votes, vetoes, drops (P2.6)

  /** Player seats that vote on a change to `target` at this moment: every seat still played by a person, but the target. */
  private voters(target: Colour): number[] {
    const f = this.replica!.follower;
    return this.startRecord!.roster.flatMap((r, i) => (r.pub && r.colour !== target && f.control(r.colour).by === 'player' ? [i] : []));
  }

  private castVote(what: 'drop' | 'reclaim', colour: Colour, point: number): void {
    const k = key(what, colour, point);
    if (this.myVotes.has(k) || this.mySeat === null) return;
    this.myVotes.add(k);
    this.author({ k: 'vote', what, colour, point }, this.replica!.length);
  }

  private noteVote(a: number, body: Extract<ItemBody, { k: 'vote' | 'veto' }>, item: Item): void {
    const k = key(body.what, body.colour, body.point);
    if (body.k === 'veto') {
      this.vetoes.add(k);
      return;
    }
    // The signed vote behind a drop or reclaim goes into the replay (P5.1): per voter, its first-numbered one.
    let by = this.voteItems.get(k);
    if (!by) this.voteItems.set(k, (by = new Map()));
    const prior = by.get(a);
    if (!prior || item.n < prior.n) by.set(a, item);
    if (a === this.mySeat) this.myVotes.add(k); // after a restart: never vote twice on one question
    let set = this.votes.get(k);
    if (!set) this.votes.set(k, (set = new Set()));
    set.add(a);
    this.dirtyVotes.add(k);
  }

  /** After the pump: veto what this peer went past, and agree to reclaims still ahead. */
  private answerVotes(keys: readonly string[]): void {
    for (const k of keys) {
      const [what, colour, p] = k.split('|');
      this.answerVote(what as 'drop' | 'reclaim', colour as Colour, Number(p));
    }
  }

  /** A vote for a point this peer already passed without the change: veto, and resend the entry that filled it. */
  private answerVote(what: 'drop' | 'reclaim', colour: Colour, point: number): void {
    const r = this.replica!;
    if (this.mySeat === null) return;
    const f = r.follower;
    const myColour = this.myColour!;
    if (myColour === colour) return; // the seat in question never votes on itself
    const k = key(what, colour, point);
    if (what === 'drop') {
      if (this.myVotes.has(k) || this.vetoes.has(k)) {
        this.laterVotes.delete(k);
        return;
      }
      // Not there yet: answered once this log passes the point (if it does so with the seat's own entry).
      if (r.length <= point) {
        if (this.laterVotes.size < MAX_LATER_VOTES) this.laterVotes.add(k);
        return;
      }
      this.laterVotes.delete(k);
      // Only where this log took the seat's own entry (anything else could not be dropped there):
      // so a peer's votes cannot make this one author more than one veto per entry of that seat.
      const filled = this.tookEntry(f.lobby.indexOf(colour), point);
      if (filled && !this.myVetoes.has(k)) {
        this.myVetoes.add(k);
        this.author({ k: 'veto', what, colour, point }, r.length);
        this.broadcast({ t: 'item', item: filled });
      }
      return;
    }
    // reclaim: agree while its turn is still ahead here, veto once this peer went past it; only
    // for a dropped seat whose own player asked, a few turns ahead at most (bounded answers).
    if (!r.state) return;
    const target = f.lobby.indexOf(colour);
    if (f.forfeited(colour) !== 'dropped' || !this.votes.get(k)?.has(target) || point > r.state.turn + 2 * f.lobby.length) return;
    const passed = r.state.turn > point || (r.state.turn === point && !(r.awaiting().kind === 'action' && (r.awaiting() as { phase: string }).phase === 'place' && r.state.setup.seats[r.state.seat] === colour));
    if (passed && !this.myVotes.has(k) && !this.myVetoes.has(k)) {
      this.myVetoes.add(k);
      this.author({ k: 'veto', what, colour, point }, r.length);
    }
    else if (!passed) this.castVote('reclaim', colour, point);
  }

  private dropComplete(colour: Colour, point: number): boolean {
    const k = key('drop', colour, point);
    const votes = this.votes.get(k);
    if (!votes || this.vetoes.has(k)) return false;
    const voters = this.voters(colour);
    return voters.length > 0 && voters.every((v) => votes.has(v));
  }

  /** After voting to drop a seat at this point, its late entry waits: either every vote comes, or a veto lets it in. */
  private heldByVote(colour: Colour, point: number): boolean {
    const k = key('drop', colour, point);
    return this.myVotes.has(k) && !this.vetoes.has(k);
  }

  /** At a dropped seat's placement: a reclaim every voter agreed to takes effect (its vote key, the earliest point first); one this peer agreed to waits for the rest. */
  private reclaimComplete(colour: Colour, turn: number): string | null {
    let best: { k: string; p: number } | null = null;
    for (const [k, votes] of this.votes) {
      const [what, c, p] = k.split('|');
      if (what !== 'reclaim' || c !== colour || Number(p) > turn || this.vetoes.has(k)) continue;
      const a = this.startRecord!.roster.findIndex((r) => r.colour === colour);
      if (!votes.has(a)) continue; // only the seat's own player asks
      const voters = this.voters(colour);
      if (voters.every((v) => votes.has(v)) && (!best || Number(p) < best.p)) best = { k, p: Number(p) };
    }
    return best?.k ?? null;
  }

  private waitingOnReclaim(colour: Colour): boolean {
    const turn = this.replica!.state!.turn;
    for (const k of this.myVotes) {
      const [what, c, p] = k.split('|');
      if (what === 'reclaim' && c === colour && Number(p) <= turn && !this.vetoes.has(k)) return true;
    }
    // The seat's own player, asking, waits for the answer too.
    if (this.myColour === colour) for (const k of this.votes.keys()) {
      const [what, c, p] = k.split('|');
      if (what === 'reclaim' && c === colour && Number(p) <= turn && !this.vetoes.has(k)) return true;
    }
    return false;
  }

  /** If this peer took a seat's entry at a point where every voter agreed to drop it (its own late entry, or a spectator's), it rewinds to there. */
  private rollbackIfDropped(): boolean {
    const r = this.replica!;
    for (const k of this.dirtyVotes) {
      const [what, colour, p] = k.split('|') as [string, Colour, string];
      const point = Number(p);
      const votes = this.votes.get(k);
      if (what !== 'drop' || !votes || point >= r.length || this.vetoes.has(k)) continue;
      const there = r.log.entries[point];
      if (!there || there.k === 'drop') continue;
      const prefix = Replica.fromEntries(r.log.entries.slice(0, point));
      const at = prefix.awaiting();
      const lobby = prefix.follower.lobby.indexOf(colour);
      const theirSlot = (at.kind === 'reveal' && at.chains[0] === lobby) || (at.kind === 'action' && at.colour === colour);
      const voters = this.voterSetAt(prefix, colour);
      if (!theirSlot || !voters.length || !voters.every((v) => votes.has(v))) continue;
      // Every voter agreed before any of them took the seat's entry: the drop stands, and this log goes back to it.
      this.replica = prefix;
      this.sweptTo = Math.min(this.sweptTo, point);
      this.events = replayLog(prefix.text()).events.flat();
      this.myHashes.clear();
      for (const e of prefix.log.entries) if (e.k === 'hash') this.myHashes.set(e.turn, e.state);
      return true;
    }
    return false;
  }

  private voterSetAt(replica: Replica, target: Colour): number[] {
    const f = replica.follower;
    return this.startRecord!.roster.flatMap((r, i) => (r.pub && r.colour !== target && f.control(r.colour).by === 'player' ? [i] : []));
  }

  /** The seat the log waits for now, if a person plays it. */
  private currentWait(): { colour: Colour; what: 'move' | 'reveal' } | null {
    const r = this.replica;
    if (!r?.state || this.desync || r.state.phase === 'over') return null;
    const at = r.awaiting();
    if (at.kind === 'reveal') return { colour: r.follower.lobby[at.chains[0]], what: 'reveal' };
    if (at.kind === 'action' && at.control.by === 'player') return { colour: at.colour, what: 'move' };
    return null;
  }

  private armWait(): void {
    const w = this.currentWait();
    const k = w ? `${this.replica!.length}|${w.colour}` : '';
    if (k === this.waitKey) return;
    this.waitKey = k;
    this.waitSince = this.clock.now();
    if (this.waitTimer !== null) this.clock.clearTimeout(this.waitTimer);
    this.waitTimer = null;
    if (!w) return;
    const ms = w.what === 'move' ? this.timeouts.moveMs : this.timeouts.revealMs;
    this.waitTimer = this.clock.setTimeout(() => this.onWaitExpired(k, w.colour), ms);
  }

  /** The seat's time is up here: vote to drop it if this player asked to, or another already voted, or autoDrop is on. */
  private onWaitExpired(k: string, colour: Colour): void {
    this.waitTimer = null;
    if (this.disposed || k !== this.waitKey || !this.replica) return;
    const point = this.replica.length;
    const others = (this.votes.get(key('drop', colour, point))?.size ?? 0) > 0;
    if (this.mySeat !== null && this.myColour !== colour && this.replica.follower.control(this.myColour!).by === 'player'
      && (this.opts.autoDrop || this.dropAsked.has(colour) || others)) this.castVote('drop', colour, point);
    else {
      // Not voting (yet): look again soon, since someone else's vote may arrive.
      this.waitTimer = this.clock.setTimeout(() => this.onWaitExpired(k, colour), 1000);
    }
    this.refresh();
  }

  // ---------------------------------------------------------------- state hashes and desync (P1.4)

  private latestHash(): { turn: number; state: string } | null {
    const entries = this.replica?.log.entries ?? [];
    for (let i = entries.length - 1; i >= 0; i--) {
      const e = entries[i];
      if (e.k === 'hash') return { turn: e.turn, state: this.opts.tamperHash ? this.opts.tamperHash(e.turn, e.state) : e.state };
    }
    return null;
  }

  private noteHash(a: number, h: { turn: number; state: string }): void {
    if (a === this.mySeat) return;
    this.theirHashes.set(`${a}|${h.turn}`, { ...h, a });
    if (!this.pumping) this.checkHashes();
  }

  private hashOfTurn(turn: number): string | null {
    const h = this.myHashes.get(turn);
    if (h === undefined) return null;
    return this.opts.tamperHash ? this.opts.tamperHash(turn, h) : h;
  }

  private noteDerived(entries: readonly LogEntry[]): void {
    for (const e of entries) if (e.k === 'hash') this.myHashes.set(e.turn, e.state);
  }

  private checkHashes(): void {
    if (this.desync || !this.replica) return;
    for (const [k, h] of this.theirHashes) {
      const mine = this.hashOfTurn(h.turn);
      if (mine === null) continue;
      this.theirHashes.delete(k);
      if (mine === h.state) continue;
      const seat = this.startRecord!.roster[h.a];
      this.desync = { gameId: this.gameId, turn: h.turn, mine, theirs: h.state, peer: seat.name ?? seat.colour, colour: seat.colour, log: this.replica.text() };
      this.phaseNow = 'desync';
      this.emitMesh({ kind: 'desync', report: this.desync });
      this.refresh();
      return;
    }
  }

  /** The desync report as a file: turn, both hashes, both peers, and this peer's log. */
  desyncReportText(): string {
    const d = this.desync;
    if (!d) return '';
    return JSON.stringify({ format: 'carcassonne-sw-desync-report', gameId: d.gameId, turn: d.turn, mine: { peer: this.name, colour: this.myColour, hash: d.mine }, theirs: { peer: d.peer, colour: d.colour, hash: d.theirs }, log: d.log });
  }

  // ---------------------------------------------------------------- chat

  /**
   * Chat is bounded per seat (MAX_CHAT_PER_SEAT lines a game, MAX_CHAT_PER_INDEX at one log
   * index). Over a bound, the highest-numbered line goes: the rule looks only at signed
   * numbers, so every peer that holds the same items keeps the same lines, whatever order they came in.
   */
  private noteChat(a: number, n: number, at: number, text: string): void {
    const colour = this.startRecord!.roster[a].colour;
    const line: ChatLine = { colour, n, at, text };
    this.chatLines.push(line);
    this.chatLines.sort(compareChat);
    const highest = (xs: ChatLine[]) => xs.reduce((x, y) => (y.n > x.n ? y : x));
    const here = this.chatLines.filter((c) => c.colour === colour && c.at === at);
    const all = this.chatLines.filter((c) => c.colour === colour);
    const evicted = here.length > MAX_CHAT_PER_INDEX ? highest(here) : all.length > MAX_CHAT_PER_SEAT ? highest(all) : null;
    if (evicted) this.chatLines.splice(this.chatLines.indexOf(evicted), 1);
    if (evicted) this.reject(`${colour} is over the chat limit (${MAX_CHAT_PER_INDEX} lines at one point, ${MAX_CHAT_PER_SEAT} a game); a line was not kept`);
    if (evicted !== line) this.emitMesh({ kind: 'chat', line });
  }

  // ---------------------------------------------------------------- the network

  private onOpen(peer: PeerId): void {
    if (this.disposed) return;
    const link: Link = { peer, nonce: freshNonce(), pub: null, name: '', role: 'player', authed: false, budget: FRAMES_PER_SECOND, budgetAt: this.clock.now(), lastSync: -Infinity, early: [] };
    this.links.set(peer, link);
    this.sendTo(peer, { t: 'hello', v: WIRE_VERSION, pub: this.identity.publicKey, nonce: link.nonce, name: this.name, game: this.gameId || null, role: this.role });
  }

  private onClose(peer: PeerId): void {
    if (this.disposed) return;
    this.links.delete(peer);
    this.emitMesh({ kind: 'peers' });
    this.refresh();
  }

  private onFrame(peer: PeerId, text: string): void {
    if (this.disposed) return;
    const link = this.links.get(peer);
    if (!link) return;
    // Flood limit per peer: a budget of frames per second, the rest dropped unread.
    const now = this.clock.now();
    if (now - link.budgetAt >= 1000) {
      link.budget = FRAMES_PER_SECOND;
      link.budgetAt = now;
    }
    if (link.budget-- <= 0) {
      if (link.budget === -1) this.reject(`${this.who(link)} is sending too fast; frames dropped`);
      return;
    }
    let frame: Frame;
    try {
      frame = parseFrame(text);
    } catch (e) {
      if (e instanceof WireError) {
        this.reject(`${this.who(link)}: ${e.message}`);
        return;
      }
      throw e;
    }
    try {
      this.handle(link, frame);
    } catch (e) {
      // Nothing a peer sends may crash this one; an internal failure is reported, not thrown (and counted: the fuzzer calls it a crash).
      this.internalErrors++;
      this.reject(`${this.who(link)}: ${oneLine(e)}`);
    }
  }

  private handle(link: Link, f: Frame): void {
    if (f.t === 'hello') {
      if (link.pub && link.pub !== f.pub) return this.reject(`${this.who(link)} changed its key mid-link`);
      if (f.pub === this.identity.publicKey) return this.reject('a peer presented this device\'s own key');
      link.pub = f.pub;
      link.name = f.name;
      link.role = f.role;
      this.sendTo(link.peer, { t: 'auth', sig: sign(this.identity, 'auth', authSigningText(f.nonce, this.transport.id, link.peer)) });
      return;
    }
    if (f.t === 'auth') {
      // An answer that overtook the other side's hello: the heartbeat says hello again and it comes back.
      if (!link.pub) return;
      if (link.authed) return;
      if (!verifySignature(link.pub, 'auth', authSigningText(link.nonce, link.peer, this.transport.id), f.sig))
        return this.reject(`${this.who(link)} failed to prove its identity`);
      link.authed = true;
      this.addresses.set(link.pub, link.peer);
      this.names.set(link.pub, link.name);
      this.onAuthed(link);
      for (const early of link.early.splice(0)) this.handle(link, early);
      return;
    }
    if (!link.authed) {
      // Reordering lets a frame overtake the proof it follows; keep a few, refuse the rest.
      if (link.early.length < MAX_EARLY_FRAMES) link.early.push(f);
      else this.reject(`${this.who(link)} sent ${f.t} before proving who it is`);
      return;
    }
    switch (f.t) {
      case 'lobby':
        if (this.startRecord) return;
        if (this.phaseNow === 'connecting' || (this.lobbyState && this.lobbyState.host === link.pub && this.lobbyState.gameId === f.lobby.gameId)) {
          if (f.lobby.host !== link.pub) return this.reject(`${this.who(link)} sent a lobby it does not host`);
          this.lobbyState = f.lobby;
          this.phaseNow = 'lobby';
          this.persist();
          this.emitMesh({ kind: 'lobby' });
        } else if (f.lobby.host === link.pub) {
          // A rematch's lobby, kept until accepted; a few at most.
          if (!this.pendingLobby.has(f.lobby.gameId) && this.pendingLobby.size >= 8) this.pendingLobby.delete(this.pendingLobby.keys().next().value!);
          this.pendingLobby.set(f.lobby.gameId, f.lobby);
        }
        return;
      case 'take':
        if (this.startRecord) return; // a late copy from before the start
        if (!this.isHost || this.phaseNow !== 'lobby') return this.reject(`${this.who(link)} asked for a seat, but this peer hosts no lobby`);
        if (link.role === 'watch') return this.reject(`${this.who(link)} watches and cannot take a seat`);
        this.assignSeat(link.pub!, link.name, f.colour);
        return;
      case 'start':
        return this.onStart(link, f.start);
      case 'item': {
        if (!this.startRecord) return;
        const reason = this.accept(f.item);
        if (reason) return this.reject(reason);
        const held = this.have[f.item.a];
        if (f.item.n > held) this.requestSync(link); // a gap: ask for what is missing
        this.pump();
        return;
      }
      case 'evidence': {
        if (!this.startRecord) return;
        const reason = this.takeEvidence(f.first, f.second);
        if (reason) this.reject(reason);
        this.pump();
        return;
      }
      case 'sync':
        return this.answerSync(link, f.have, f.len);
      case 'addr':
        for (const p of f.peers) {
          if (p.pub === this.identity.publicKey || this.linkOf(p.pub)) continue;
          // Bounded: the seats' addresses always, anyone else's only while few are known (a peer may send any list).
          const seated = (this.startRecord?.roster ?? this.lobbyState?.seats ?? []).some((r) => r.pub === p.pub);
          if (!seated && !this.addresses.has(p.pub) && this.addresses.size >= MAX_ADDRESSES) continue;
          this.addresses.set(p.pub, p.id);
          if (this.startRecord) this.transport.connect(p.id);
        }
        return;
      case 'rematch':
        this.pendingRematch.set(link.pub!, f.gameId);
        this.emitMesh({ kind: 'rematch', gameId: f.gameId, from: link.name });
        return;
      case 'bye':
        this.links.delete(link.peer);
        this.transport.disconnect(link.peer);
        this.emitMesh({ kind: 'peers' });
        return;
    }
  }

  private onAuthed(link: Link): void {
    this.emitMesh({ kind: 'peers' });
    if (this.startRecord) {
      // Anyone who knows the game helps a newcomer or a returning peer catch up (P1.6, P3.5).
      this.sendTo(link.peer, { t: 'start', start: this.startRecord });
      this.sendAddresses();
      this.requestSync(link, true);
    } else if (this.isHost && this.lobbyState) {
      this.sendTo(link.peer, { t: 'lobby', lobby: this.lobbyState });
    }
    this.refresh();
  }

  private onStart(link: Link, start: StartRecord): void {
    if (this.startRecord) {
      if (startSigningText(this.startRecord) !== startSigningText(start)) this.reject(`${this.who(link)} sent the start of another game`);
      return;
    }
    const expectedHost = this.lobbyState?.host ?? start.host;
    if (this.lobbyState && start.settings.gameId !== this.lobbyState.gameId) return this.reject(`${this.who(link)} sent the start of another game`);
    if (start.host !== expectedHost || !verifySignature(start.host, 'start', startSigningText(start), start.sig))
      return this.reject(`${this.who(link)} sent a start record the host did not sign`);
    const s = start.settings;
    if (!s.bots || s.bots.length !== start.roster.length || start.roster.some((r, i) => r.colour !== s.setup.seats[i] || (r.bot ?? null) !== s.bots![i] || (!r.bot && !r.pub)))
      return this.reject(`${this.who(link)} sent a start record whose roster does not match its settings`);
    this.begin(start, true);
    this.sendAddresses();
    this.pump();
    for (const l of this.links.values()) if (l.authed) this.requestSync(l, true);
  }

  private assignSeat(pub: string, name: string, colour: Colour | null): void {
    const l = this.lobbyState!;
    const target = colour ? l.seats.find((s) => s.colour === colour) : null;
    if (colour && (!target || target.bot || (target.pub && target.pub !== pub))) {
      if (pub !== this.identity.publicKey) this.reject(`${name} asked for ${colour}, which is not free`);
      else throw new Error(`${colour} is not free`);
      return;
    }
    for (const s of l.seats) if (s.pub === pub) { s.pub = null; s.name = null; }
    if (target) { target.pub = pub; target.name = name; }
    this.broadcast({ t: 'lobby', lobby: l });
    this.persist();
    this.emitMesh({ kind: 'lobby' });
  }

  private sendAddresses(): void {
    const peers = [...this.links.values()].filter((l) => l.authed && l.pub).map((l) => ({ pub: l.pub!, id: l.peer })).slice(0, 16);
    this.broadcast({ t: 'addr', peers });
  }

  private requestSync(link: Link, force = false): void {
    const now = this.clock.now();
    if (!force && now - link.lastSync < 200) return;
    link.lastSync = now;
    this.sendTo(link.peer, { t: 'sync', have: this.have.slice(), len: this.replica?.length ?? 0 });
  }

  /** Sends the asker what it lacks, oldest first, a bounded batch at a time (P3.4). */
  private answerSync(link: Link, theirs: number[], len: number): void {
    if (!this.startRecord) return;
    if (len === 0 && theirs.length === 0) this.sendTo(link.peer, { t: 'start', start: this.startRecord });
    let budget = MAX_ITEMS_PER_ANSWER;
    for (let a = 0; a < this.have.length && budget > 0; a++) {
      const byN = this.items.get(a)!;
      for (let n = theirs[a] ?? 0; n < this.have[a] && budget > 0; n++) {
        const item = byN.get(n);
        if (!item) break;
        this.sendTo(link.peer, { t: 'item', item });
        budget--;
      }
    }
    // Evidence is not numbered like items, so it goes again with every answer (at most one per seat).
    for (const e of this.evidenceList) this.sendTo(link.peer, { t: 'evidence', first: e.first, second: e.second });
    // By position too: the entries this log took from where the asker's log stands. A seat that
    // signed two items under one number leaves the asker holding a version the numbers cannot
    // tell apart; these let it find the one the log needs (judged as any item).
    const r = this.replica;
    if (!r || len >= r.length) return;
    for (let at = len; at < Math.min(r.length, len + ENTRIES_BY_POSITION); at++) {
      for (const a of this.entryAt.keys()) {
        const it = this.tookEntry(a, at);
        if (it) this.sendTo(link.peer, { t: 'item', item: it });
      }
    }
  }

  /**
   * The heartbeat that makes a lossy network reliable: say hello again on links that have
   * not proven who they are, ask again for a lobby seat, and while the log stands still ask
   * everyone for what may have been lost (a lost last frame shows no gap).
   */
  private armTick(): void {
    const ms = this.opts.stallMs ?? 1500;
    if (this.stallTimer !== null) this.clock.clearTimeout(this.stallTimer);
    this.stallTimer = this.clock.setTimeout(() => {
      this.stallTimer = null;
      if (this.disposed) return;
      this.tick(ms);
      const over = this.replica?.state?.phase === 'over';
      if (!over || this.endRounds-- > 0) this.armTick();
    }, this.startRecord ? ms : Math.min(ms, 300));
  }

  private tick(ms: number): void {
    for (const l of this.links.values()) {
      if (!l.authed) this.sendTo(l.peer, { t: 'hello', v: WIRE_VERSION, pub: this.identity.publicKey, nonce: l.nonce, name: this.name, game: this.gameId || null, role: this.role });
    }
    if (!this.startRecord) {
      if (this.hostPeer && !this.links.has(this.hostPeer)) this.transport.connect(this.hostPeer);
      const host = this.hostPeer ? this.links.get(this.hostPeer) : null;
      if (host?.authed) {
        // A guest keeps asking until it sees its seat, and polls for a start it may have missed.
        const mine = this.lobbyState?.seats.find((x) => x.pub === this.identity.publicKey)?.colour ?? null;
        if (this.wantColour !== undefined && mine !== this.wantColour) this.sendTo(host.peer, { t: 'take', colour: this.wantColour });
        this.sendTo(host.peer, { t: 'sync', have: [], len: 0 });
      }
      if (this.isHost && this.lobbyState) this.broadcast({ t: 'lobby', lobby: this.lobbyState });
      return;
    }
    const over = this.replica?.state?.phase === 'over';
    if (this.clock.now() - this.lastProgress >= ms || over) for (const l of this.links.values()) if (l.authed) this.requestSync(l, true);
    for (const [pub, id] of this.addresses) if (!this.linkOf(pub)) this.transport.connect(id);
  }

  /** Sync rounds after the end, so the last chat lines and entries reach everyone. */
  private endRounds = 3;

  private broadcast(f: Frame): void {
    const text = encodeFrame(f);
    for (const l of this.links.values()) if (l.authed || f.t === 'hello') this.transport.send(l.peer, text);
  }

  private sendTo(peer: PeerId, f: Frame): void {
    this.transport.send(peer, encodeFrame(f));
  }

  private linkOf(pub: string): Link | null {
    for (const l of this.links.values()) if (l.authed && l.pub === pub) return l;
    return null;
  }

  private who(link: Link): string {
    if (link.pub) {
      const seat = (this.startRecord?.roster ?? this.lobbyState?.seats ?? []).find((r) => r.pub === link.pub);
      if (seat) return `${seat.name ?? seat.colour} (${seat.colour})`;
      return link.name ? `${link.name} (${fingerprint(link.pub)})` : fingerprint(link.pub);
    }
    return `peer ${link.peer.slice(0, 12)}`;
  }

  private reject(line: string): void {
    this.rejected++;
    const text = line.slice(0, 200);
    this.opts.onReject?.(text);
    this.emitMesh({ kind: 'rejected', line: text });
  }

  private emitMesh(e: MeshEvent): void {
    for (const l of [...this.meshListeners]) l(e);
  }

  private get myColour(): Colour | null {
    return this.mySeat === null || !this.startRecord ? null : this.startRecord.roster[this.mySeat].colour;
  }

  private isMine(colour: Colour): boolean {
    return this.myColour === colour;
  }

  private colourOf(a: number): string {
    return this.startRecord?.roster[a]?.colour ?? `seat ${a}`;
  }

  private saved(): SavedMesh {
    const items: Item[] = [];
    for (const byN of this.items.values()) for (const it of byN.values()) items.push(it);
    items.sort((x, y) => x.a - y.a || x.n - y.n);
    return {
      format: MESH_SAVE_FORMAT, version: MESH_SAVE_VERSION, gameId: this.gameId, secretKey: this.identity.secretKey, name: this.name,
      seat: this.mySeat, secret: this.mySecret ? bytesHex(this.mySecret) : null, start: this.startRecord, lobby: this.lobbyState,
      items, peers: [...this.addresses].map(([pub, id]) => ({ pub, id })),
    };
  }

  /** History for the UI (engine events since the start). */
  override history(): readonly GameEvent[] {
    return this.events;
  }
}

function hexBytes(hex: string): Uint8Array {
  const out = new Uint8Array(hex.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(hex.slice(2 * i, 2 * i + 2), 16);
  return out;
}

function bytesHex(b: Uint8Array): string {
  return [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
}

/** A mesh save from this device's storage; its items are checked again as they are replayed. */
export function parseMeshSave(text: string, journal: string | null = null): SavedMesh {
  const raw = parseStrictJson(text, { maxBytes: 16 * 1024 * 1024, maxDepth: 12 }) as unknown as SavedMesh;
  if (!raw || raw.format !== MESH_SAVE_FORMAT || raw.version !== MESH_SAVE_VERSION) throw new Error('not an online game of this app');
  if (!/^[0-9a-f]{64}$/.test(raw.secretKey)) throw new Error('the stored identity is damaged');
  if (raw.secret !== null && !/^[0-9a-f]{64}$/.test(raw.secret)) throw new Error('the stored secret is damaged');
  // Items and the start record pass the wire's own grammar again.
  const start = raw.start ? (parseFrame(encodeFrame({ t: 'start', start: raw.start })) as Extract<Frame, { t: 'start' }>).start : null;
  let extra: Item[] = [];
  try {
    extra = journal ? (parseStrictJson(journal, { maxBytes: 1024 * 1024, maxDepth: 10 }) as unknown as Item[]) : [];
  } catch {
    extra = []; // a torn journal write: those items come back from the other peers
  }
  const items = [...(raw.items ?? []), ...(Array.isArray(extra) ? extra : [])].map((it) => (parseFrame(encodeFrame({ t: 'item', item: it })) as Extract<Frame, { t: 'item' }>).item);
  const lobby = raw.lobby ? (parseFrame(encodeFrame({ t: 'lobby', lobby: raw.lobby })) as Extract<Frame, { t: 'lobby' }>).lobby : null;
  const peers = Array.isArray(raw.peers) ? raw.peers.filter((p) => p && /^[0-9a-f]{64}$/.test(p.pub) && typeof p.id === 'string' && p.id.length <= 64) : [];
  const seat = raw.seat === null || (Number.isSafeInteger(raw.seat) && raw.seat >= 0 && raw.seat < 6) ? raw.seat : null;
  return { ...raw, seat, start, items, lobby, peers, name: typeof raw.name === 'string' ? raw.name.slice(0, MAX_NAME_CHARS) : 'player' };
}
