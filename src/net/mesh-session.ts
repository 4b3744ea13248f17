// The networked session: deterministic lockstep over a full mesh of peers (P1–P4). Every
// peer holds a Replica of the one log and only its own secret; peers exchange only what
// seats author — commitments, reveals, moves, votes, chat — as signed, numbered items, and
// every peer derives everything else (draws, dice, bot moves, state hashes) itself.
//
// This file is the coordinator: it keeps the Session interface and one pump that feeds the
// log, run once per input and never re-entered from inside. Each job has a part under
// `lockstep/` that owns its state and returns verdicts (docs/lockstep.md, "Parts"):
//   links         handshake, early frames, flood budget, addresses, sending
//   intake        a frame on its way in: flood budget, parse, fast checks, the check budget's queue
//   sync-traffic  sync requests and answers, pushes to quiet links, addresses, entries asked by position
//   item-pool     items by author and number, entry slots, equivocation evidence (P5.1)
//   seat-votes    drop and reclaim votes, vetoes, who must vote (P2.6)
//   silent-seats  the votes this seat owes on others, the grace and recount timers (P2.6, P6.2)
//   own-seat      what this seat owes the log, its moves checked before they are signed
//   wait-timer    the wait for a silent seat
//   desync-watch  state hashes compared every turn (P1.4); hash-dispute: a dispute as time goes
//   lobby, chat, resync, mesh-save, replay-signatures, read-model, limits, views
import type { Colour, Deployment, GameEvent, GameSetup, GameState, Placement } from '../engine';
import { DEFAULT_GAME_CLOCK, replayLog, type GameClock, type LogEntry } from '../fair';
import { Replica } from '../fair/replica';
import type { BotChoice } from '../bots';
import { realClock, type Clock } from './clock';
import type { GameStore, StoredGame } from '../session/game-store';
import type { FastVerifier } from './fast-ed25519';
import { signaturesIn } from './lockstep/fast-checks';
import { fingerprint, freshIdentity, identityFromSecret, sign, type Identity } from './identity';
import { oneLine } from '../fair/one-line';
import { SessionCore, type CoreOptions } from '../session/session-core';
import type { BotLevel, Forfeit, SeatInfo, Session, SessionStatus, SessionStep } from '../session/session';
import type { PeerId, Transport } from './transport';
import { boundToPrefix, itemSigningText, MAX_NAME_CHARS, NOT_IN_NAMES, startSigningText } from './wire';
import type { Frame, Item, ItemBody, LobbySeat, LobbyState, StartRecord } from './wire';
import { ChatLog } from './lockstep/chat';
import { DesyncWatch } from './lockstep/desync-watch';
import { HashDispute } from './lockstep/hash-dispute';
import { FrameIntake } from './lockstep/intake';
import { ItemPool, type Evidence, type PoolContext, type PoolVerdict } from './lockstep/item-pool';
import { clockOf, MAX_CHAT_PER_INDEX, MAX_CHAT_PER_SEAT, type Timeouts } from './lockstep/limits';
import { Links, who, type Link, type SelfIntro } from './lockstep/links';
import { admitsTicket, dialTicket, Lobby, nextLobbyPlan, signedStart, type HostPlan } from './lockstep/lobby';
import { loadMeshSave, MeshPersistence, meshSave, savedSecret, saveSummary } from './lockstep/mesh-save';
import { isMove, moveError, OwnSeat, seatToMove } from './lockstep/own-seat';
import { replayText } from './lockstep/replay-signatures';
import { Heartbeat } from './lockstep/resync';
import { eligibleVoters, SeatVotes, type VoteContext, type VoteKey } from './lockstep/seat-votes';
import { SilentSeats, voteContextOf, type HeldGame } from './lockstep/silent-seats';
import { SyncTraffic, type SyncView } from './lockstep/sync-traffic';
import { PrefixChain } from '../fair/prefix-hash';
import { carriesClaim } from '../fair/time-bank';
import { BankCount } from './lockstep/bank-count';
import {
  forfeitsOf,
  forfeitsWithVoters,
  peerViews,
  reclaimViews,
  revealsMissing,
  seatInfos,
  sessionStatus,
  startingView,
  waitingView,
} from './lockstep/read-model';
import type { ChatLine, DesyncReport, MeshEvent, MeshPhase, PeerView, ReclaimView, StartingView, WaitingView } from './lockstep/views';
import { waitOf, WaitTimer, type Wait } from './lockstep/wait-timer';

export type {
  ChatLine,
  DesyncReport,
  MeshEvent,
  MeshPhase,
  PeerState,
  PeerView,
  ReclaimView,
  StartingView,
  WaitingView,
} from './lockstep/views';
export type { Timeouts } from './lockstep/limits';
export type { HostPlan } from './lockstep/lobby';

export interface MeshOptions extends CoreOptions {
  transport: Transport;
  /** This player's name as others see it. */
  name: string;
  store?: GameStore | null;
  clock?: Clock;
  timeouts?: Timeouts;
  /** Vote to drop a silent seat as soon as its time is up (tests, chaos, bots-only tables). */
  autoDrop?: boolean;
  /** How long the log may stand still before this peer asks the others to resend (ms). */
  stallMs?: number;
  /** Every rejected frame or item, as one line (the UI shows them as toasts). */
  onReject?: (line: string) => void;
  /** A fixed identity / chain secret (a rematch keeps its identity; simulations fix both). */
  identity?: Identity;
  secret?: Uint8Array;
  /**
   * Signature checks ahead of the synchronous one (the page's WebCrypto, src/net/fast-ed25519.ts):
   * item frames wait, in order per link, for their checks off the main thread; noble decides what it does not confirm.
   */
  fastVerify?: FastVerifier | null;
  /** false: answer a catch-up 64 items at a time, as before wire version 5 (the bench's side-by-side figure only). */
  bulkCatchUp?: boolean;
}

export type Role = 'player' | 'watch';

/** This class or a simulation's subclass, as the openers (`host`, `join`, `resume`) make them. */
type MeshKind<T> = new (opts: MeshOptions, role: Role) => T;

export class MeshSession extends SessionCore implements Session {
  readonly identity: Identity;
  readonly name: string;
  private readonly clock: Clock;
  private readonly transport: Transport;
  protected readonly links: Links;
  private readonly lobbyPart = new Lobby();
  private readonly votes = new SeatVotes();
  private readonly own: OwnSeat;
  private readonly chatLog = new ChatLog();
  private readonly desync = new DesyncWatch((turn, hash) => this.reportedHash(turn, hash));
  private readonly wait: WaitTimer;
  private readonly intake: FrameIntake;
  private readonly heartbeat: Heartbeat;
  private readonly sync: SyncTraffic;
  private readonly silent: SilentSeats;
  private readonly dispute: HashDispute;
  private readonly meshListeners = new Set<(e: MeshEvent) => void>();
  private readonly persistence: MeshPersistence;
  /** The prefix hash of this log at every length (P6): what each signed entry and vote names. */
  protected readonly prefix = new PrefixChain(() => this.replica?.log.entries ?? []);

  private role: Role;
  private startRecord: StartRecord | null = null;
  protected replica: Replica | null = null;
  protected pool: ItemPool | null = null;
  /** Each seat's time bank by this log's count (P6, bullet 5), once the game started. */
  private bank: BankCount | null = null;
  /** This peer's lobby seat, or null for a spectator. */
  protected mySeat: number | null = null;
  /** The next sequence number this seat signs. */
  protected nextSeq = 0;
  private phaseNow: MeshPhase = 'connecting';
  /** Set while the pump runs: an intent a listener calls meanwhile is seen by the running pump. */
  private pumping = false;
  private rejected = 0;
  private internalErrors = 0;
  /** When this peer began waiting for the commitments (its start, or its reload before the first draw). */
  private commitsSince = 0;

  /** Wires the parts only: a session is opened by `host`, `join` or `resume` (on this class or a simulation's subclass). */
  constructor(
    private readonly opts: MeshOptions,
    role: Role,
  ) {
    super(opts, []);
    this.clock = opts.clock ?? realClock;
    this.transport = opts.transport;
    this.links = new Links(this.transport);
    this.persistence = new MeshPersistence(
      this.clock,
      opts.store,
      () => this.snapshot(),
      (line) => this.emitMesh({ kind: 'save', problem: line }),
    );
    this.wait = new WaitTimer(
      this.clock,
      () => this.gameClock,
      (c) => this.bank?.usedMs(c) ?? 0,
    );
    this.intake = new FrameIntake(this.links, this.clock, opts.fastVerify, {
      live: () => !this.disposed,
      handle: (link, frame, bytes) => this.handleSafely(link, frame, bytes),
      drained: (link, frames) => this.handleDeferred(link, frames),
      signatures: (frame) =>
        this.startRecord ? signaturesIn(frame, this.gameId, this.startRecord.roster, (a, n) => this.pool?.item(a, n)) : null,
      reject: (line) => this.reject(line),
      who: (link) => this.who(link),
    });
    this.identity = opts.identity ?? freshIdentity();
    this.name = opts.name.replace(NOT_IN_NAMES, '').slice(0, MAX_NAME_CHARS) || 'player';
    this.role = role;
    this.own = new OwnSeat(opts.secret ?? null);
    const stallMs = opts.stallMs ?? 1500;
    this.sync = new SyncTraffic(this.links, this.transport, this.clock, this.identity.publicKey, stallMs, opts.bulkCatchUp !== false, () =>
      this.syncView(),
    );
    this.silent = new SilentSeats(
      this.clock,
      this.links,
      this.wait,
      stallMs,
      () => {
        if (!this.disposed) this.pump();
      },
      () => {
        if (this.disposed || !this.replica) return;
        this.votes.touch();
        this.pump();
      },
    );
    this.dispute = new HashDispute(this.clock, () => {
      if (this.disposed) return;
      this.checkHashes();
      this.pump();
    });
    this.listen();
    // A player's dials carry a ticket from the lobby's invitation, so they never wait among strangers' channels.
    this.transport.admit?.({
      ticket: (peer) => (this.lobbyPart.invite ? dialTicket(this.lobbyPart.invite, this.transport.id, peer) : null),
      admits: (peer, ticket) => admitsTicket(this.lobbyPart.invite, peer, this.transport.id, ticket),
    });
    this.heartbeat = new Heartbeat(this.clock, stallMs);
    this.armHeartbeat();
  }

  // ---------------------------------------------------------------- opening

  /** Creates a game as its host: `seats` gives each colour an open seat (null) or a bot level; the host sits in `hostColour`. */
  static host<T extends MeshSession>(this: MeshKind<T>, opts: MeshOptions, plan: HostPlan): T {
    const s = new this(opts, 'player');
    s.lobbyPart.open(plan, { pub: s.identity.publicKey, name: s.name }, opts.timeouts);
    s.phaseNow = 'lobby';
    s.persist();
    return s;
  }

  /**
   * Joins the game whose host (or any of whose peers) has transport id `peer`; `watch` joins
   * as a spectator. A player needs the join link's `invite` to take a seat.
   */
  static join<T extends MeshSession>(this: MeshKind<T>, opts: MeshOptions, peer: PeerId, watch = false, invite: string | null = null): T {
    const s = new this(opts, watch ? 'watch' : 'player');
    s.lobbyPart.hostPeer = peer;
    s.lobbyPart.invite = watch ? null : invite;
    s.transport.connect(peer);
    return s;
  }

  /** Returns to a game kept in the store after a reload or a crash, with a new transport (P1.6). */
  static resume<T extends MeshSession>(this: MeshKind<T>, opts: MeshOptions, gameId: string): T {
    const saved = loadMeshSave(opts.store, gameId);
    const s = new this(
      { ...opts, identity: identityFromSecret(saved.secretKey), name: saved.name },
      saved.seat === null && saved.start ? 'watch' : 'player',
    );
    s.lobbyPart.state = saved.lobby;
    s.lobbyPart.invite = saved.invite;
    s.mySeat = saved.seat;
    s.own.restore(savedSecret(saved));
    for (const p of saved.peers) if (p.pub !== s.identity.publicKey) s.links.remember(p.pub, p.id);
    if (saved.start) {
      s.begin(saved.start, false);
      for (const item of saved.items) s.keep(s.pool!.keep(item, s.poolContext));
      s.nextSeq = s.pool!.sequences[s.mySeat ?? -1] ?? 0;
      s.pump();
    } else s.phaseNow = 'lobby';
    for (const id of s.links.addresses.values()) s.transport.connect(id);
    return s;
  }

  // ---------------------------------------------------------------- what the UI reads

  get phase(): MeshPhase {
    return this.phaseNow;
  }

  get gameId(): string {
    return this.startRecord?.settings.gameId ?? this.lobbyPart.state?.gameId ?? '';
  }

  get transportId(): PeerId {
    return this.transport.id;
  }

  get lobby(): LobbyState | null {
    return this.lobbyPart.state;
  }

  get isHost(): boolean {
    return this.lobbyPart.isHostedBy(this.identity.publicKey);
  }

  /** The host's invitation secret, for the join link (null for a guest, or after the start). */
  get invitation(): string | null {
    return this.isHost && this.phaseNow === 'lobby' ? this.lobbyPart.invite : null;
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
    if (!this.startRecord || !this.replica?.state) return [];
    return seatInfos(this.startRecord, this.replica, this.mySeat, !!this.ownSeatBot());
  }

  /** Every peer we know of and its link, for the connection list. */
  get peers(): PeerView[] {
    return peerViews(this.roster, this.links, this.replica, this.identity.publicKey);
  }

  /** Who the game waits for, since when, and the drop votes so far (P2.6). */
  get waiting(): WaitingView | null {
    const w = this.currentWait();
    if (!w) return null;
    const len = this.replica!.length;
    return waitingView(w, this.wait, this.votes, this.startRecord!.roster, len, this.prefix.at(len));
  }

  /** What `colour` has used of its time bank by this log's count (ms; P6, bullet 5): the same on every peer holding this log. */
  bankUsedMs(colour: Colour): number {
    return this.bank?.usedMs(colour) ?? 0;
  }

  /**
   * Before the first draw: whose commitment the start still waits for, since when (this peer's
   * start, or its reload), and from when a player may start again without them (restartWithout).
   */
  get starting(): StartingView | null {
    const r = this.replica;
    if (!r || this.phaseNow !== 'playing' || this.desync.report) return null;
    const authored = (a: number, at: number, fits: (e: LogEntry) => boolean) => this.authoredHere(a, at, fits);
    return startingView(r, this.startRecord!.roster, authored, this.commitsSince, this.gameClock.revealMs, this.clock.now());
  }

  /** Entries past the log's next index are held: this peer is catching up (the UI plays none of it).
      A seat that signs one far ahead only turns others' animations off until the log passes it (swept then). */
  override get catchingUp(): boolean {
    return !!this.replica && !!this.pool?.holdsEntryPast(this.replica.length);
  }

  /** This peer's own colour (null for a spectator or before the start), whoever plays the seat now. */
  get ownColour(): Colour | null {
    return this.myColour;
  }

  /** The open requests of dropped seats to come back, with the vote so far (shown to everyone). */
  get reclaims(): ReclaimView[] {
    return reclaimViews(this.replica, this.startRecord, this.votes);
  }

  /** Reveals still missing for the event due now, by colour ("waiting for 2 reveals"). */
  get revealsMissing(): Colour[] {
    return revealsMissing(this.replica);
  }

  get chat(): readonly ChatLine[] {
    return this.chatLog.lines;
  }

  get desyncReport(): DesyncReport | null {
    return this.desync.report;
  }

  /** Why this device could not keep the game lately (storage full…), or null: the UI shows it until a save goes through. */
  get saveProblem(): string | null {
    return this.persistence.problem;
  }

  get rejectedCount(): number {
    return this.rejected;
  }

  /** Exceptions that a frame caused inside this session (caught and reported, never thrown): zero unless there is a bug. */
  get internalErrorCount(): number {
    return this.internalErrors;
  }

  /** Equivocation caught so far: per seat, the first two signed items that contradict each other. */
  get evidence(): readonly Evidence[] {
    return this.pool?.evidence ?? [];
  }

  /** Items held from the network (every seat's pool, the log's own included): bounded by MAX_ITEMS_PER_SEAT per seat. */
  get heldItems(): number {
    return this.pool?.size ?? 0;
  }

  /** Frames held per link until the other side proves who it is (at most MAX_EARLY_FRAMES each). */
  get heldEarlyFrames(): number {
    return this.links.heldEarlyFrames;
  }

  /** Frames waiting on every link for its signature check budget (each queue bounded). */
  get deferredFrames(): number {
    return this.links.deferredFrames;
  }

  /** Entries in this peer's log so far. */
  get logLength(): number {
    return this.replica?.length ?? 0;
  }

  /** Forfeited seats (dropped or resigned): they rank last whatever their score (P2.6). */
  forfeits(): { colour: Colour; why: 'dropped' | 'resigned' }[] {
    return forfeitsOf(this.replica);
  }

  /** The forfeits, each drop with the seats on whose signed votes it rests (issue 18: the results say whose word). */
  forfeitWords(): Forfeit[] {
    return forfeitsWithVoters(this.startRecord, this.replica, (i) => this.prefix.at(i), this.votes);
  }

  onEvent(listener: (e: MeshEvent) => void): () => void {
    this.meshListeners.add(listener);
    return () => this.meshListeners.delete(listener);
  }

  /** A seat's short key fingerprint, shown in the lobby so players can compare. */
  static fingerprint(pub: string): string {
    return fingerprint(pub);
  }

  // ---------------------------------------------------------------- seams for simulations (overridden from the test side, src/sim)

  /** A bot level that plays this peer's own seat instead of its person (none in the app). */
  protected ownSeatBot(): BotLevel | null {
    return null;
  }

  /** The state hash this peer reports for a turn (its real one in the app). */
  protected reportedHash(_turn: number, hash: string): string {
    return hash;
  }

  /** The bank claim this peer signs with a move (its real one in the app). */
  protected signedClaim(w: number[]): number[] {
    return w;
  }

  // ---------------------------------------------------------------- lobby intents

  /** Takes a free colour in the lobby (null leaves the seat). */
  takeSeat(colour: Colour | null): void {
    if (this.phaseNow !== 'lobby' || !this.lobbyPart.state) throw new Error('there is no lobby to take a seat in');
    if (this.isHost) this.assignSeat(this.identity.publicKey, this.name, colour);
    else this.lobbyPart.ask(colour, this.links, this.identity.publicKey);
  }

  /** The host frees a guest's seat before the start; that guest takes none again in this lobby. */
  freeSeat(colour: Colour): void {
    if (!this.isHost || this.phaseNow !== 'lobby' || !this.lobbyPart.state) throw new Error('only the host frees a seat, in the lobby');
    const v = this.lobbyPart.free(colour);
    if (v.kind === 'refused') throw new Error(v.reason);
    this.lobbyChanged();
  }

  /** The host starts the game once every open seat is taken. */
  startGame(): void {
    const l = this.lobbyPart.state;
    if (!l || !this.isHost || this.phaseNow !== 'lobby') throw new Error('only the host starts the game, from the lobby');
    if (l.seats.some((s) => !s.bot && !s.pub)) throw new Error('every seat must be taken first');
    const start = signedStart(l, this.identity);
    this.links.broadcast({ t: 'start', start });
    this.begin(start, true);
    this.sync.sendAddresses();
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
    const why = this.replica.follower.forfeited(this.myColour!);
    if (why) throw new Error(`this seat already forfeits (${why}): there is nothing to resign`);
    this.own.wantResign();
    this.pump();
  }

  /** Asks to drop the silent seat the game waits for; the vote is cast once its time is up here too. */
  dropSeat(colour: Colour): void {
    this.votes.askDrop(colour);
    this.pump();
  }

  /** A dropped player who is back asks for its moves back from its next turn (still forfeited). */
  reclaimSeat(): void {
    if (this.mySeat === null || !this.replica) throw new Error('only a seated player can take a seat back');
    const colour = this.startRecord!.roster[this.mySeat].colour;
    if (this.replica.follower.forfeited(colour) !== 'dropped') throw new Error('this seat was not dropped');
    this.own.wantReclaim();
    this.pump();
  }

  sendChat(text: string): void {
    if (this.mySeat === null || !this.replica) throw new Error('only seated players chat');
    const line = this.chatLog.outgoing(text, this.myColour!, this.clock.now(), this.replica.length);
    if (!line) return;
    this.author({ k: 'chat', c: this.chatLog.nextNumber(this.myColour!), text: line }, this.replica.length);
    this.pump();
  }

  /** The players of this game with no link now (they left): a rematch offers their seats free or to a bot. */
  get departed(): Colour[] {
    const roster = this.startRecord?.roster ?? [];
    return roster.filter((r) => r.pub && r.pub !== this.identity.publicKey && !this.links.linkOf(r.pub)).map((r) => r.colour);
  }

  /**
   * After the game: a new lobby with the same peers and seats, fresh secrets (this peer hosts it). The seat of a
   * player who left is free for anyone (`absent: 'free'`) or a bot's (`'bot'`): it never waits for someone gone.
   */
  rematch(opts: Partial<MeshOptions> = {}, absent: 'free' | 'bot' = 'free'): this {
    if (!this.startRecord || this.phaseNow !== 'over' || this.mySeat === null)
      throw new Error('a rematch is offered once the game is over, by a player');
    return this.nextLobby(new Set(this.departed), absent, opts);
  }

  /**
   * The start waited past its deadline for the commitments of `starting.missing`: a new lobby
   * of this game's options, hosted by this player, with those seats free or a bot's, the other
   * seats kept for the same players (who take it up with acceptRematch). The game never began
   * (no draw was made, nothing is lost), so nobody forfeits and the silent seat holds nobody up.
   */
  restartWithout(opts: Partial<MeshOptions> = {}, absent: 'free' | 'bot' = 'free'): this {
    const st = this.starting;
    if (!st || this.mySeat === null) throw new Error('a start is begun again by a player, while it waits for commitments');
    if (st.missing.includes(this.myColour!)) throw new Error('this peer has not sent its own commitment yet');
    if (st.left > 0) throw new Error('the start still waits: their time is not up yet');
    return this.nextLobby(new Set(st.missing), absent, opts);
  }

  /** Whether the offered lobby `gameId` is this unstarted game begun again (it names this game; one of its players offers it). */
  offersRestart(gameId: string): boolean {
    const lobby = this.lobbyPart.offeredLobby(gameId);
    const host = lobby && this.startRecord?.roster.find((r) => r.pub === lobby.host);
    return !!this.starting && !!host && lobby.rematchOf === this.gameId && this.lobbyPart.offered(lobby.host, gameId);
  }

  /** A new lobby after this game (a rematch, or the start begun again): the seats of `gone` free or bots', the others reserved. */
  private nextLobby(gone: ReadonlySet<Colour>, absent: 'free' | 'bot', opts: Partial<MeshOptions>): this {
    const st = this.startRecord!;
    const next = this.sameKind().host(
      { ...this.opts, ...opts, identity: this.identity, secret: undefined, transport: this.transport },
      nextLobbyPlan(st, this.mySeat!, gone, absent),
    );
    // Every seat is reserved for the same player; the others accept by joining.
    next.lobbyPart.reserve(st.roster, gone);
    for (const l of this.links.values()) if (l.authed) next.adoptLink(l);
    next.links.broadcast({ t: 'rematch', gameId: next.gameId });
    next.links.broadcast({ t: 'lobby', lobby: next.lobbyPart.state! });
    this.detach();
    return next as this;
  }

  /** Accepts a rematch offered by another peer: a session for the new game over the same transport. */
  acceptRematch(gameId: string, opts: Partial<MeshOptions> = {}): this {
    const host = [...this.links.values()].find((l) => l.authed && l.pub && this.lobbyPart.offered(l.pub, gameId));
    if (!host) throw new Error('no rematch with that id was offered');
    const next = new (this.sameKind())(
      { ...this.opts, ...opts, identity: this.identity, secret: undefined, transport: this.transport },
      'player',
    );
    next.lobbyPart.hostPeer = host.peer;
    for (const l of this.links.values()) if (l.authed) next.adoptLink(l);
    next.lobbyPart.state = this.lobbyPart.offeredLobby(gameId);
    next.phaseNow = next.lobbyPart.state ? 'lobby' : 'connecting';
    this.detach();
    return next as this;
  }

  /** This session's own class (a simulation's subclass makes rematches of its kind). */
  private sameKind(): typeof MeshSession {
    return this.constructor as typeof MeshSession;
  }

  /** The replay file (P4.1, P5.1): every entry, the chat, and every signature that proves who wrote what. */
  replayText(): string {
    if (!this.replica || !this.startRecord) return '';
    return replayText(this.startRecord, this.replica, (i) => this.prefix.at(i), this.pool!, this.votes, this.chatLog.lines);
  }

  saveText(): string {
    return JSON.stringify(
      meshSave({
        gameId: this.gameId,
        secretKey: this.identity.secretKey,
        name: this.name,
        seat: this.mySeat,
        secret: this.own.secret,
        start: this.startRecord,
        lobby: this.lobbyPart.state,
        items: this.pool?.all() ?? [],
        addresses: this.links.addresses,
        invite: this.lobbyPart.invite,
      }),
    );
  }

  /** The desync report as a file: turn, both hashes, both peers, and this peer's log. */
  desyncReportText(): string {
    return this.desync.reportText(this.name, this.myColour);
  }

  /** Leaves the game: says goodbye, closes the links and keeps nothing running. The game stays in storage to return to. */
  leave(): void {
    this.links.broadcast({ t: 'bye' });
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
    this.wait.clear();
    this.silent.stop();
    this.heartbeat.stop();
    this.persistence.stop();
    this.disposed = true;
    this.meshListeners.clear();
  }

  private listen(): void {
    this.transport.listen({ open: (p) => this.onOpen(p), close: (p) => this.onClose(p), message: (p, f) => this.onFrame(p, f) });
  }

  private adoptLink(l: Link): void {
    this.links.adopt(l);
    this.listen();
  }

  // ---------------------------------------------------------------- SessionCore

  protected override get ready(): boolean {
    return !!this.replica?.state;
  }

  protected computeStatus(): SessionStatus {
    return sessionStatus(this.desync.report, this.replica, this.myColour, () => !!this.ownSeatBot());
  }

  protected persist(): void {
    this.persistence.schedule();
  }

  private flushPersist(): void {
    this.persistence.flush();
  }

  /** What a full save holds now: the summary the home screen lists and the save text (none before there is a game id). */
  private snapshot(): { summary: Omit<StoredGame, 'updatedAt'>; text: string } | null {
    if (!this.gameId) return null;
    return { summary: saveSummary(this.gameId, this.roster, this.mySeat, this.replica?.state?.turn ?? 0), text: this.saveText() };
  }

  protected botToMove(): { seat: number; level: BotLevel } | null {
    const r = this.replica;
    if (!r?.state || this.desync.report) return null;
    const at = r.awaiting();
    if (at.kind !== 'action') return null;
    if (at.control.by === 'bot') {
      if (this.votes.waitingOnReclaim(at.colour, r.state.turn, this.myColour === at.colour)) return null;
      return { seat: at.seat, level: at.control.level };
    }
    const own = this.ownSeatBot();
    if (this.isMine(at.colour) && own && !this.authoredHere(this.mySeat!, r.length, isMove)) return { seat: at.seat, level: own };
    return null;
  }

  protected applyBotChoice(seat: number, choice: BotChoice): void {
    const r = this.replica!;
    const at = r.awaiting();
    if (at.kind !== 'action' || at.seat !== seat || at.phase !== choice.type) return;
    const entry: LogEntry =
      choice.type === 'place' ? { k: 'place', seat, ...choice.placement } : { k: 'deploy', seat, deployment: choice.deployment };
    // A bot seat has no owner: every peer derives the same move from the log (P2.6).
    if (at.control.by === 'bot') {
      this.apply(entry, seat, choice.type);
      this.pump();
    } else this.authorMove(entry as Extract<LogEntry, { k: 'place' | 'deploy' }>);
  }

  // ---------------------------------------------------------------- the game's start

  /**
   * A player waiting in the lobby builds its hash chain ahead (`HashChain.prepare`), so that the
   * task that starts the game does not hash 4,096 times (40–50 ms of a page's main thread here).
   * The secret is drawn now, for this game (P2.1, P2.7), and kept only here as before; nothing
   * is sent, and a start that comes first simply builds the chain itself. No-op for a spectator
   * and once the game has started.
   */
  prepareChain(): void {
    if (this.role !== 'player' || this.startRecord) return;
    this.own.prepare();
  }

  private begin(start: StartRecord, fresh: boolean): void {
    this.startRecord = start;
    this.commitsSince = this.clock.now();
    this.lobbyPart.state = null;
    this.replica = new Replica();
    const applied = this.replica.receive(start.settings);
    if (applied.kind !== 'applied')
      throw new Error(`the game's settings do not hold: ${applied.kind === 'rejected' ? applied.reason : applied.why}`);
    this.pool = new ItemPool(start.roster.length);
    this.bank = new BankCount(
      start.roster,
      () => this.replica!,
      () => this.pool!,
      (i) => this.prefix.at(i),
    );
    if (this.role === 'player') {
      const idx = start.roster.findIndex((r) => r.pub === this.identity.publicKey);
      this.mySeat = idx >= 0 ? idx : null;
    }
    for (const r of start.roster) if (r.pub && r.name) this.links.names.set(r.pub, r.name);
    if (this.mySeat !== null) this.own.seated(this.mySeat, start.settings.chainLength);
    this.phaseNow = 'playing';
    if (fresh) this.flushPersist();
    this.emitMesh({ kind: 'lobby' });
  }

  // ---------------------------------------------------------------- the pump: items → log

  /** Feeds the log every item whose slot has come, authors what this peer owes, answers votes, and arms the timers. */
  private pump(): void {
    if (this.pumping || this.disposed || !this.replica || this.desync.report) return;
    this.pumping = true;
    const steps: SessionStep[] = [];
    try {
      for (let guard = 0; guard < 100_000; guard++) if (!this.pumpOnce(steps)) break;
      for (const line of this.pool!.sweepPassed(
        this.replica,
        (i) => this.prefix.at(i),
        (a) => this.colourOf(a),
      ))
        this.reject(line);
      // The questions whose votes changed, and the drop votes this log has passed the point of since they came.
      for (const k of this.votes.takeChanged(this.replica.length)) this.answerVote(k);
    } finally {
      this.pumping = false;
    }
    if (steps.length) {
      this.heartbeat.progressed();
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
    this.wait.arm(this.currentWait(), this.replica.length, (k, colour) => this.onWaitExpired(k, colour));
  }

  /** One step of the pump: whether the log moved (or went back), so the pump looks again. */
  private pumpOnce(steps: SessionStep[]): boolean {
    const r = this.replica!;
    const at = r.awaiting();
    const len = r.length;
    this.authorOwed();
    if (this.rewindIfDecided()) return true;
    switch (at.kind) {
      case 'commit':
        return this.feedFrom(at.chain, len, steps);
      case 'reveal': {
        const chain = at.chains[0];
        return this.feedSeat(chain, r.follower.lobby[chain], len, steps);
      }
      case 'action': {
        if (at.control.by === 'bot') {
          const rk = at.phase === 'place' ? this.reclaimComplete(at.colour, r.state!.turn, len) : null;
          // The bot move itself comes through SessionCore's bot scheduling.
          return rk ? this.apply({ k: 'reclaim', colour: at.colour }, null, 'start', steps) : false;
        }
        return this.feedSeat(r.follower.lobby.indexOf(at.colour), at.colour, len, steps);
      }
      default:
        return false;
    }
  }

  /**
   * The log waits for a person's seat: an equivocator is voted out; then the group's count
   * on dropping it here (P6.2) says the drop, a wait for more votes or the grace, or its entry.
   */
  private feedSeat(a: number, colour: Colour, len: number, steps: SessionStep[]): boolean {
    const offender = this.silent.offender(this.held, a, len, this.desync.isProvenWrong(a));
    if (offender) this.castVote(offender);
    const c = this.votes.count(colour, len, this.prefix.at(len), this.voteContext);
    if (c.verdict === 'drop') return this.dropNow(colour, len, steps);
    if (c.verdict === 'wait') {
      // A pump when the grace of this drop question ends (a minority acts only then).
      this.silent.armGrace(this.votes.graceEnds({ what: 'drop', colour, point: len, p: this.prefix.at(len) }, this.voteContext));
      return false;
    }
    return this.feedFrom(a, len, steps);
  }

  /** Whether seat `a` already signed an entry `fits` accepts for log index `at` of this history (or one that names none). */
  private authoredHere(a: number, at: number, fits: (e: LogEntry) => boolean): boolean {
    // Beyond the log only entries that name no history can be held (commitments and reveals signed early).
    const p = at <= this.replica!.length ? this.prefix.at(at) : '';
    return this.pool!.entriesAt(a, at, p).some((it) => it.body.k === 'entry' && fits(it.body.entry));
  }

  /** The entry item author `a` wrote for log index `at`, if it is here: applied, or rejected and dropped. */
  private feedFrom(a: number, at: number, steps: SessionStep[]): boolean {
    const p = this.prefix.at(at);
    const item = this.pool!.entryFor(a, at, p);
    if (!item || item.body.k !== 'entry') return false;
    const entry = item.body.entry;
    const seat = entry.k === 'place' || entry.k === 'deploy' ? entry.seat : null;
    const intent = entry.k === 'place' || entry.k === 'deploy' ? entry.k : 'start';
    const res = this.replica!.receive(entry);
    if (res.kind === 'applied') {
      steps.push({ seat, intent, events: res.events });
      this.desync.noteDerived(res.derived);
      // P1.4: the author's state hash counts once its entry took its place here, i.e. on the same log prefix.
      // Only a move's hash (it names its history): a reveal signed on a history since left would carry another history's hash.
      if (item.h && item.p !== null && item.a !== this.mySeat) this.desync.noteTheirs(item.a, item.h, at);
      this.checkHashes();
      return true;
    }
    this.pool!.forget(item);
    this.votes.touch(this.colourOf(a) as Colour, at);
    this.reject(`${this.colourOf(a)}'s entry ${item.n} was refused: ${res.kind === 'rejected' ? res.reason : res.why}`);
    return true;
  }

  private dropNow(colour: Colour, len: number, steps: SessionStep[]): boolean {
    const a = this.startRecord!.roster.findIndex((r) => r.colour === colour);
    const why = this.pool!.isEquivocator(a) ? 'for equivocation' : 'after its time ran out';
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
    this.desync.noteDerived(res.derived);
    if (steps) steps.push(step);
    else this.commit([step]);
    this.checkHashes();
    return true;
  }

  /** What this peer owes the log now (own-seat.ts): its commitment, its reveal, a resignation or a reclaim request. */
  private authorOwed(): void {
    if (this.mySeat === null) return;
    const authored = (a: number, at: number, fits: (e: LogEntry) => boolean) => this.authoredHere(a, at, fits);
    for (const o of this.own.owed(this.replica!, this.mySeat, this.myColour!, authored))
      if (o.kind === 'item') this.author(o.body, o.at);
      else this.castVote(o.key);
  }

  /** Checks this seat's move with the engine (an illegal move is refused here instead of going out, P1.3) and signs it. */
  private authorMove(entry: Extract<LogEntry, { k: 'place' | 'deploy' }>): void {
    const r = this.replica!;
    const error = moveError(r.state!, entry);
    if (error) throw error;
    this.author({ k: 'entry', entry }, r.length);
    this.pump();
  }

  private requireMyTurn(phase: 'place' | 'deploy'): number {
    if (this.disposed) throw new Error('the session is closed');
    return seatToMove(this.replica, phase, this.myColour, () => this.authoredHere(this.mySeat!, this.replica!.length, isMove));
  }

  // ---------------------------------------------------------------- authoring and keeping items

  /** Signs, keeps and sends one item of this seat's (the caller pumps, if outside the pump). */
  private author(body: ItemBody, at: number): void {
    // The state hash rides on moves only: they name the history the hash is of (P1.4, P6).
    const h = body.k === 'entry' && boundToPrefix(body) ? this.desync.toSend(this.replica!.log.entries) : null;
    // A move carries this seat's claim of every seat's time bank used (P6, bullet 5; src/fair/time-bank.ts).
    const w =
      body.k === 'entry' && carriesClaim(body.entry)
        ? this.signedClaim(
            this.wait.claim(
              this.roster.map((r) => r.colour),
              this.bank!.claimOf(this.mySeat!),
            ),
          )
        : null;
    const unsigned = { a: this.mySeat!, n: this.nextSeq++, at, body, h, p: boundToPrefix(body) ? this.prefix.at(at) : null, w };
    // Everything a seat authors is signed, reveals included (P5.1): the replay then proves who revealed what.
    const item: Item = { ...unsigned, sig: sign(this.identity, 'item', itemSigningText(this.gameId, unsigned)) };
    this.keep(this.pool!.keep(item, this.poolContext));
    // This seat's own items are kept before they leave (in a small journal beside the full
    // save): after a crash it must never write a different item under the same number.
    this.persistence.journalItem(this.gameId, item);
    this.persist();
    this.links.broadcast({ t: 'item', item });
  }

  /** Carries out what the pool's verdict says (evidence out, votes and chat noted); returns the reason to report, if any. */
  private keep(v: PoolVerdict): string | null {
    if (v.unchat) this.chatLog.remove(this.startRecord!.roster[v.unchat.a].colour, v.unchat.n);
    if (v.evidence) {
      // Every peer learns it and holds the same proof; the next pump votes the seat out (a new input, not a re-entry).
      this.links.broadcast({ t: 'evidence', first: v.evidence.first, second: v.evidence.second });
      queueMicrotask(() => this.pump());
      // Ask everyone at once: a peer that took another version of one of its moves answers with it (fresh equivocation).
      this.sync.requestAll(true);
    }
    const item = v.kept;
    if (item?.body.k === 'vote' || item?.body.k === 'veto') {
      const contradiction = this.votes.note(item.a, item, this.mySeat, this.clock.now());
      // A vote and a veto by one seat on one question: equivocation, proven by the two signed items (P6.2).
      if (contradiction) this.keep(this.pool!.voteAndVeto(contradiction.vote, contradiction.veto, this.poolContext));
    } else if (item?.body.k === 'chat') this.noteChat(item.a, item.n, item.body.c, item.at, item.body.text);
    else if (item?.body.k === 'entry') this.votes.touch(this.colourOf(item.a) as Colour, item.at);
    if (v.evidence) this.votes.touch();
    return v.reason;
  }

  private get poolContext(): PoolContext {
    return { gameId: this.gameId, roster: this.startRecord!.roster, replica: this.replica!, prefix: (i) => this.prefix.at(i) };
  }

  /** The pool's context for a frame from `link`: its signature checks come out of the link's budget. */
  private checkedBy(link: Link): PoolContext {
    return this.intake.checkedBy(link, this.poolContext);
  }

  /**
   * The game clock every seat is timed by: the signed settings' once the game started (older
   * games without one: the defaults), the lobby's before; this page's own options only for a
   * lobby it has not heard yet. So a guest's own options never time anyone differently.
   */
  get gameClock(): GameClock {
    if (this.startRecord) return this.startRecord.settings.clock ?? DEFAULT_GAME_CLOCK;
    return this.lobbyPart.state?.clock ?? clockOf(this.opts.timeouts);
  }

  /** What the verdicts on seats read of this peer's game (once it started). */
  private get held(): HeldGame {
    const roster = this.startRecord!.roster;
    return {
      roster,
      replica: this.replica!,
      pool: this.pool!,
      prefix: (i) => this.prefix.at(i),
      mySeat: this.mySeat,
      myColour: this.myColour,
    };
  }

  /** What the group decisions read of this peer's log, pool and clock. */
  private get voteContext(): VoteContext {
    return voteContextOf(this.held, () => this.currentWait(), this.gameClock, this.clock.now());
  }

  /** What the sync traffic reads of this peer's game. */
  private syncView(): SyncView {
    const prefix = (i: number) => this.prefix.at(i);
    return { start: this.startRecord, pool: this.pool, replica: this.replica, prefix, mySeat: this.mySeat, roster: this.roster };
  }

  /** Frames that waited for `link`'s check budget, handled in their order (some may wait again). */
  protected handleDeferred(link: Link, frames: readonly { frame: Frame; bytes: number }[]): void {
    for (const d of frames) this.handleSafely(link, d.frame, d.bytes);
  }

  private noteChat(a: number, n: number, c: number, at: number, text: string): void {
    const colour = this.startRecord!.roster[a].colour;
    const v = this.chatLog.note(colour, n, c, at, text);
    if (v.evicted) this.pool!.mute(a, v.evicted.n);
    if (v.evicted)
      this.reject(
        `${colour} is over the chat limit (${MAX_CHAT_PER_INDEX} lines at one point, ${MAX_CHAT_PER_SEAT} a game); a line was not kept`,
      );
    if (v.shown) this.emitMesh({ kind: 'chat', line: v.shown });
  }

  // ---------------------------------------------------------------- silent seats: votes, vetoes, drops (P2.6)

  /** Casts this seat's vote on `k` (never twice); whether it did. */
  private castVote(k: VoteKey): boolean {
    if (this.mySeat === null || !this.votes.cast(k)) return false;
    // A drop vote is signed for its point, so its prefix hash names the history it is about.
    this.author({ k: 'vote', what: k.what, colour: k.colour, point: k.point }, k.what === 'drop' ? k.point : this.replica!.length);
    return true;
  }

  /** This peer's answer to a question whose votes changed: a veto (with the entry it took, sent again), a vote, or nothing. */
  private answerVote(k: VoteKey): void {
    if (this.mySeat === null) return;
    const a = this.silent.answer(this.held, k, this.votes, this.voteContext);
    if (a.kind === 'veto') {
      this.author(a.body, a.at);
      if (a.resend) this.links.broadcast({ t: 'item', item: a.resend });
    } else if (a.kind === 'vote') this.castVote(a.key);
  }

  /** At a dropped seat's placement: the reclaim every voter agreed to, if any (its key is kept for the replay). */
  private reclaimComplete(colour: Colour, turn: number, index: number): VoteKey | null {
    const roster = this.startRecord!.roster;
    const target = roster.findIndex((r) => r.colour === colour);
    const f = this.replica!.follower;
    return this.votes.reclaimComplete(
      colour,
      turn,
      target,
      eligibleVoters(roster, colour, (c) => f.control(c).by === 'player'),
      index,
    );
  }

  /** If the group's count on a drop question says otherwise than this log at its point, the log goes back there (P6.1, P6.2). */
  private rewindIfDecided(): boolean {
    // Fresh equivocation (P6, bullet 4): every honest player votes the seat out at the very slot it signed twice.
    for (const k of this.silent.disputedSlots(this.held)) this.castVote(k);
    // This peer's own veto counts too: it is signed before the count is read, never after the log went back.
    for (const k of this.votes.changedDrops()) this.answerVote(k);
    const point = this.votes.rewindPoint(this.replica!.log.entries, this.voteContext);
    if (point === null) {
      // A grace still running is counted again when it ends: the count may turn to the drop then with no new item.
      this.silent.armGraceRecount(this.votes.nextGraceEnd(this.voteContext));
      return false;
    }
    const before = this.replica!.length;
    const prefix = Replica.fromEntries(this.replica!.log.entries.slice(0, point));
    this.replica = prefix;
    this.prefix.cut(point);
    this.pool!.rewoundTo(point);
    this.votes.rewoundTo(point);
    this.wait.forget();
    this.events = replayLog(prefix.text()).events.flat();
    this.desync.resetTo(prefix.log.entries, point);
    // A game that had ended on the history left goes on: the phase, and the heartbeat that had stopped.
    if (this.phaseNow === 'over') this.phaseNow = 'playing';
    this.heartbeat.revive();
    this.armHeartbeat();
    this.emitMesh({ kind: 'rewound', point, from: before });
    return true;
  }

  /** The seat the log waits for now, if a person plays it. */
  private currentWait(): Wait | null {
    return waitOf(this.replica, !!this.desync.report);
  }

  /** The seat's time is up here: vote to drop it if this player asked to, or another already voted, or autoDrop is on. */
  private onWaitExpired(k: string, colour: Colour): void {
    if (this.disposed || !this.wait.isCurrent(k) || !this.replica) return;
    const v = this.silent.expired(this.held, colour, this.votes, !!this.opts.autoDrop);
    if (v.kind === 'vote') {
      if (this.castVote(v.key)) this.pump();
    } else this.wait.retry(k, colour, (key, c) => this.onWaitExpired(key, c));
    this.refresh();
  }

  // ---------------------------------------------------------------- state hashes and desync (P1.4)

  /**
   * Judges the state hashes heard (P6.3): a seat the majority contradicts is voted out when
   * next due; a dispute not settled yet sends for the disputed entries by position; this
   * peer stops only when no majority can agree with it, DISPUTE_MS after it first saw that.
   */
  private checkHashes(): void {
    const r = this.replica;
    if (!r || this.desync.report) return;
    const roster = this.startRecord!.roster;
    const players = roster.flatMap((s, i) => (s.pub && r.follower.control(s.colour).by === 'player' ? [i] : []));
    const v = this.desync.judge(players, this.mySeat, (a) => this.pool!.isEquivocator(a));
    for (const a of v.wrong)
      this.reject(`${this.colourOf(a)} signed a state hash the other players contradict: the others vote it out when it is next due`);
    for (const at of v.disputed) this.sync.askByPosition(at);
    const lost = v.lost;
    // P6.3: a dispute stops this peer only DISPUTE_MS after it began (the entries asked for had time to come).
    if (this.dispute.settle(lost !== null) !== 'stop' || !lost) return;
    const seat = roster[lost.a];
    const report = this.desync.stop(lost, { name: seat.name ?? seat.colour, colour: seat.colour }, this.gameId, r.text());
    this.phaseNow = 'desync';
    this.emitMesh({ kind: 'desync', report });
    this.refresh();
  }

  // ---------------------------------------------------------------- the network

  private get intro(): SelfIntro {
    return { identity: this.identity, name: this.name, gameId: this.gameId, role: this.role };
  }

  /** The seats of the game (or of the lobby before the start). */
  private get roster(): readonly LobbySeat[] {
    return this.startRecord?.roster ?? this.lobbyPart.state?.seats ?? [];
  }

  private onOpen(peer: PeerId): void {
    if (this.disposed) return;
    this.links.open(peer, this.clock.now(), this.intro);
  }

  private onClose(peer: PeerId): void {
    if (this.disposed) return;
    this.links.close(peer);
    this.emitMesh({ kind: 'peers' });
    this.refresh();
  }

  private onFrame(peer: PeerId, text: string): void {
    if (this.disposed) return;
    const now = this.intake.receive(peer, text);
    if (now) this.handleSafely(now.link, now.frame, now.bytes);
  }

  protected handleSafely(link: Link, frame: Frame, bytes: number): void {
    try {
      this.handle(link, frame, bytes);
    } catch (e) {
      // Nothing a peer sends may crash this one; an internal failure is reported, not thrown (and counted: the fuzzer calls it a crash).
      this.internalErrors++;
      this.reject(`${this.who(link)}: ${oneLine(e)}`);
    }
  }

  private handle(link: Link, f: Frame, bytes = 0): void {
    const v = this.links.judge(link, f, this.identity, this.roster);
    if (v.kind === 'refused') this.reject(v.reason);
    if (v.kind === 'authed') {
      this.onAuthed(link);
      for (const early of v.early) this.handle(link, early);
    }
    if (v.kind !== 'proven') return;
    switch (f.t) {
      case 'lobby': {
        const v = this.lobbyPart.heard(f.lobby, link.pub!, this.startRecord ? this.gameId : null, this.phaseNow === 'connecting');
        if (v.kind === 'refused') return this.reject(`${this.who(link)} ${v.reason}`);
        // Another game's lobby, offered after this one (a rematch, or this start begun again): kept for acceptRematch.
        if (v.kind === 'offered') this.emitMesh({ kind: 'rematch', gameId: f.lobby.gameId, from: link.name });
        if (v.kind === 'adopted') {
          this.phaseNow = 'lobby';
          this.persist();
          this.emitMesh({ kind: 'lobby' });
        }
        return;
      }
      case 'take': {
        if (this.startRecord) return; // a late copy from before the start
        const v = this.lobbyPart.judgeTake(this.isHost && this.phaseNow === 'lobby', link, f.colour, f.proof);
        if (v.kind === 'refused') return v.once ? this.rejectOnce(link, v.reason) : this.reject(`${this.who(link)} ${v.reason}`);
        return this.assignSeat(link.pub!, link.name, f.colour);
      }
      case 'start':
        // Before the start its signature is checked: out of the link's budget.
        if (!this.startRecord && !this.intake.mayCheck(link)) return;
        return this.onStart(link, f.start);
      case 'item': {
        if (!this.startRecord) return;
        if (link.deferred.length) return this.intake.defer(link, f, bytes); // behind those waiting, in order
        const verdict = this.pool!.accept(f.item, this.checkedBy(link));
        if (verdict.overBudget) return this.intake.defer(link, f, bytes);
        const reason = this.keep(verdict);
        if (reason) return this.reject(reason);
        if (verdict.kept && !this.started) this.sync.relayAtStart(link, verdict.kept);
        if (f.item.n > this.pool!.sequences[f.item.a]) this.sync.request(link); // a gap: ask for what is missing
        this.sync.noticeOtherHistory(f.item, link);
        this.pump();
        return;
      }
      case 'items':
        if (!this.startRecord) return;
        if (link.deferred.length) return this.intake.defer(link, f, bytes);
        if (!this.links.mayTakeBatch(link, f.items.length))
          return this.reject(`${this.who(link)} sent a batch of ${f.items.length} items this peer did not ask for; not read`);
        return this.takeBatch(link, f.items, bytes);
      case 'evidence': {
        if (!this.startRecord) return;
        if (link.deferred.length) return this.intake.defer(link, f, bytes);
        const verdict = this.pool!.takeEvidence(f.first, f.second, this.checkedBy(link));
        if (verdict.overBudget) return this.intake.defer(link, f, bytes);
        const reason = this.keep(verdict);
        if (reason) this.reject(reason);
        this.pump();
        return;
      }
      case 'sync':
        if (this.startRecord) this.sync.heard(link, f, bytes);
        return;
      case 'addr':
        this.sync.heardAddresses(link, f.peers);
        return;
      case 'rematch':
        this.lobbyPart.offerRematch(link.pub!, f.gameId);
        this.emitMesh({ kind: 'rematch', gameId: f.gameId, from: link.name });
        return;
      case 'bye':
        this.links.close(link.peer);
        this.transport.disconnect(link.peer);
        this.emitMesh({ kind: 'peers' });
        return;
    }
  }

  /**
   * A catch-up's batch: each item judged as an `item` frame would be, the log moved once at
   * the end. Past the link's check budget the rest waits, in order, as a smaller batch; a
   * refused item is said once for the batch (with how many more were refused), and the rest is judged.
   */
  private takeBatch(link: Link, items: readonly Item[], bytes: number): void {
    let refused: string | null = null;
    let more = 0;
    let gap = false;
    for (let i = 0; i < items.length; i++) {
      const item = items[i];
      const verdict = this.pool!.accept(item, this.checkedBy(link));
      if (verdict.overBudget) {
        const rest = items.slice(i);
        this.links.returnBatchRoom(link, rest.length); // judged when it comes back from the queue
        this.intake.defer(link, { t: 'items', items: rest }, Math.ceil((bytes * rest.length) / items.length));
        break;
      }
      const reason = this.keep(verdict);
      if (reason) {
        if (refused === null) refused = reason;
        else more++;
        continue;
      }
      if (item.n > this.pool!.sequences[item.a]) gap = true;
      this.sync.noticeOtherHistory(item, link);
    }
    if (refused !== null) this.reject(more ? `${refused} (and ${more} more items of one batch refused)` : refused);
    if (gap) this.sync.request(link); // a gap: ask for what is missing
    this.pump();
  }

  private onAuthed(link: Link): void {
    this.emitMesh({ kind: 'peers' });
    if (this.startRecord) {
      // Anyone who knows the game helps a newcomer or a returning peer catch up (P1.6, P3.5).
      this.links.sendTo(link.peer, { t: 'start', start: this.startRecord });
      this.sync.sendAddresses();
      this.sync.request(link, true);
    } else if (this.isHost && this.lobbyPart.state) {
      this.links.sendTo(link.peer, { t: 'lobby', lobby: this.lobbyPart.state });
    }
    this.refresh();
  }

  private onStart(link: Link, start: StartRecord): void {
    if (this.startRecord) {
      if (startSigningText(this.startRecord) !== startSigningText(start)) this.reject(`${this.who(link)} sent the start of another game`);
      return;
    }
    const refusal = this.lobbyPart.judgeStart(start);
    if (refusal) return this.reject(`${this.who(link)} ${refusal}`);
    this.begin(start, true);
    this.sync.sendAddresses();
    this.pump();
    this.sync.requestAll(true);
  }

  private assignSeat(pub: string, name: string, colour: Colour | null): void {
    const v = this.lobbyPart.assign(pub, name, colour);
    if (v.kind === 'refused') {
      if (pub === this.identity.publicKey) throw new Error(v.reason);
      this.reject(`${name} asked for ${colour}, which is not free`);
      return;
    }
    this.lobbyChanged();
  }

  /** The host's lobby changed: every guest hears it, it is kept, and the UI redraws it. */
  private lobbyChanged(): void {
    this.links.broadcast({ t: 'lobby', lobby: this.lobbyPart.state! });
    this.persist();
    this.emitMesh({ kind: 'lobby' });
  }

  private armHeartbeat(): void {
    this.heartbeat.arm(
      () => !!this.startRecord,
      () => {
        if (this.disposed) return null;
        this.beat();
        return this.replica?.state?.phase === 'over';
      },
    );
  }

  /**
   * One heartbeat: say hello again on links that have not proven who they are, ask again
   * for a lobby seat, and while the log stands still ask everyone for what may have been lost.
   */
  private beat(): void {
    // A link that has not proven who it is in time is closed: silent channels must not fill the transport's link slots.
    const overdue = this.links.overdue(this.clock.now());
    for (const peer of overdue) this.transport.disconnect(peer);
    if (overdue.length) this.emitMesh({ kind: 'peers' });
    this.links.helloAgain(this.intro);
    // Before the start: a guest asks for its seat and polls for the start, a host sends its lobby again.
    if (!this.startRecord)
      return this.lobbyPart.beat(this.links, this.identity.publicKey, this.sync.frame(0), (p) => this.transport.connect(p));
    // While the log moves too, one light request per beat: its digests find a version of an item the numbers hide.
    this.sync.beat(this.heartbeat.stalled || this.replica?.state?.phase === 'over');
  }

  private who(link: Link): string {
    return who(link, this.roster);
  }

  /** A refusal a guest's heartbeat would repeat: said once per link. */
  private rejectOnce(link: Link, what: string): void {
    if (link.refusedTake) return;
    link.refusedTake = true;
    this.reject(`${this.who(link)} ${what}`);
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

  protected get myColour(): Colour | null {
    return this.mySeat === null || !this.startRecord ? null : this.startRecord.roster[this.mySeat].colour;
  }

  private isMine(colour: Colour): boolean {
    return this.myColour === colour;
  }

  private colourOf(a: number): string {
    return this.startRecord?.roster[a]?.colour ?? `seat ${a}`;
  }

  /** History for the UI (engine events since the start). */
  override history(): readonly GameEvent[] {
    return this.events;
  }
}
