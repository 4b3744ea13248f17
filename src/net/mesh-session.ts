// The networked session: deterministic lockstep over a full mesh of peers (P1–P4). Every
// peer holds a Replica of the one log and only its own secret; peers exchange only what
// seats author — commitments, reveals, moves, votes, chat — as signed, numbered items, and
// every peer derives everything else (draws, dice, bot moves, state hashes) itself.
//
// This file is the coordinator: it keeps the Session interface and one pump that feeds the
// log, run once per input and never re-entered from inside. Each job has a part under
// `lockstep/` that owns its state and returns verdicts (docs/lockstep.md, "Parts"):
//   links         handshake, early frames, flood budget, addresses, sending
//   item-pool     items by author and number, entry slots, equivocation evidence (P5.1)
//   seat-votes    drop and reclaim votes, vetoes, who must vote (P2.6)
//   wait-timer    the wait for a silent seat
//   desync-watch  state hashes compared every turn (P1.4)
//   lobby, chat, resync, mesh-save, replay-signatures, limits, views
import {
  deploymentError,
  pending,
  placementError,
  type Colour,
  type Deployment,
  type GameEvent,
  type GameSetup,
  type GameState,
  type Placement,
} from '../engine';
import {
  DEFAULT_CHAIN_LENGTH,
  DEFAULT_GAME_CLOCK,
  freshGameId,
  freshSecret,
  HashChain,
  readEntry,
  replayLog,
  type GameClock,
  type LogEntry,
  type SettingsEntry,
} from '../fair';
import { STAND_IN_BOT } from '../fair/bot-levels';
import { LocalChains } from '../fair/local-chains';
import { Replica } from '../fair/replica';
import type { BotChoice } from '../bots';
import { realClock, type Clock } from './clock';
import type { GameStore, StoredGame } from '../session/game-store';
import type { FastVerifier } from './fast-ed25519';
import { FastChecks, signaturesIn } from './lockstep/fast-checks';
import { fingerprint, freshIdentity, freshNonce, identityFromSecret, sign, type Identity } from './identity';
import { oneLine } from '../fair/one-line';
import { SessionCore, type CoreOptions } from '../session/session-core';
import type { BotLevel, Forfeit, SeatInfo, Session, SessionStatus, SessionStep } from '../session/session';
import type { PeerId, Transport } from './transport';
import {
  boundToPrefix,
  encodeFrame,
  itemSigningText,
  MAX_NAME_CHARS,
  NOT_IN_NAMES,
  parseFrame,
  startSigningText,
  WireError,
  type Frame,
  type Item,
  type ItemBody,
  type LobbySeat,
  type LobbyState,
  type StartRecord,
} from './wire';
import { ChatLog } from './lockstep/chat';
import { DesyncWatch } from './lockstep/desync-watch';
import { ItemPool, type Evidence, type PoolContext, type PoolVerdict } from './lockstep/item-pool';
import {
  clockOf,
  DISPUTE_MS,
  ENTRIES_BY_POSITION,
  EQUIVOCATOR_WINDOW,
  MAX_CHAT_PER_INDEX,
  MAX_CHAT_PER_SEAT,
  MAX_DISPUTES,
  PUSH_ITEMS,
  SIGNATURE_CHECKS_PER_SECOND,
  type Timeouts,
} from './lockstep/limits';
import { Links, who, type Link, type SelfIntro } from './lockstep/links';
import { admitsTicket, dialTicket, invitationProof, Lobby } from './lockstep/lobby';
import { MeshPersistence, meshSave, parseMeshSave, savedSecret } from './lockstep/mesh-save';
import { dropWitnesses, replayText } from './lockstep/replay-signatures';
import { Heartbeat, syncAnswer, syncDue } from './lockstep/resync';
import { eligibleVoters, SeatVotes, type VoteContext, type VoteKey } from './lockstep/seat-votes';
import { PrefixChain } from '../fair/prefix-hash';
import { carriesClaim } from '../fair/time-bank';
import { BankCount } from './lockstep/bank-count';
import { saysBehind } from './lockstep/behind';
import { controlsAt, entryOfSeat } from './lockstep/history';
import { forfeitsOf, peerViews, revealsMissing, seatInfos } from './lockstep/read-model';
import type { ChatLine, DesyncReport, MeshEvent, MeshPhase, PeerView, ReclaimView, StartingView, WaitingView } from './lockstep/views';
import { WaitTimer, type Wait } from './lockstep/wait-timer';

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

/** A seat's own entry where the log waits for its move: the move, or its resignation. */
const isMove = (e: LogEntry) => e.k === 'place' || e.k === 'deploy' || e.k === 'resign';

export class MeshSession extends SessionCore implements Session {
  readonly identity: Identity;
  readonly name: string;
  private readonly clock: Clock;
  private readonly transport: Transport;
  protected readonly links: Links;
  private readonly lobbyPart = new Lobby();
  private readonly votes = new SeatVotes();
  private readonly chatLog = new ChatLog();
  private readonly desync = new DesyncWatch((turn, hash) => this.reportedHash(turn, hash));
  private readonly wait: WaitTimer;
  /** Signature checks ahead of the replica (the page's WebCrypto), or null. */
  private readonly fastChecks: FastChecks | null;
  private readonly heartbeat: Heartbeat;
  private readonly meshListeners = new Set<(e: MeshEvent) => void>();
  private readonly persistence: MeshPersistence;
  /** The prefix hash of this log at every length (P6): what each signed entry and vote names. */
  protected readonly prefix = new PrefixChain(() => this.replica?.log.entries ?? []);
  /** Drop questions whose grace ends at a set time: a pump is due then. */
  private readonly graceTimers = new Map<number, unknown>();

  private role: Role;
  private startRecord: StartRecord | null = null;
  protected replica: Replica | null = null;
  protected pool: ItemPool | null = null;
  /** Each seat's time bank by this log's count (P6, bullet 5), once the game started. */
  private bank: BankCount | null = null;
  private chains: LocalChains | null = null;
  /** This peer's lobby seat, or null for a spectator. */
  protected mySeat: number | null = null;
  private mySecret: Uint8Array | null;
  /** The next sequence number this seat signs. */
  protected nextSeq = 0;
  private phaseNow: MeshPhase = 'connecting';
  private resignWanted = false;
  private reclaimWanted = false;
  /** Set while the pump runs: an intent a listener calls meanwhile is seen by the running pump. */
  private pumping = false;
  /** The timer that counts drop questions again when the soonest grace ends (armGraceRecount), and when. */
  private graceRecount: unknown = null;
  private graceRecountAt = Number.POSITIVE_INFINITY;
  private rejected = 0;
  private internalErrors = 0;
  /** Since when no majority can agree with this peer's state hash (null: it can, or no dispute). */
  private lostSince: number | null = null;
  /** When this peer began waiting for the commitments (its start, or its reload before the first draw). */
  private commitsSince = 0;
  /** Log indices whose entries this peer asked the others for, to settle a hash dispute. */
  private readonly askedAt = new Set<number>();

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
    this.fastChecks = opts.fastVerify
      ? new FastChecks(opts.fastVerify, (link, frame, bytes) => {
          const now = this.linkNowOf(link);
          if (now) this.handleSafely(now, frame, bytes);
        })
      : null;
    this.identity = opts.identity ?? freshIdentity();
    this.name = opts.name.replace(NOT_IN_NAMES, '').slice(0, MAX_NAME_CHARS) || 'player';
    this.role = role;
    this.mySecret = opts.secret ?? null;
    this.listen();
    // A player's dials carry a ticket from the lobby's invitation, so they never wait among strangers' channels.
    this.transport.admit?.({
      ticket: (peer) => (this.lobbyPart.invite ? dialTicket(this.lobbyPart.invite, this.transport.id, peer) : null),
      admits: (peer, ticket) => admitsTicket(this.lobbyPart.invite, peer, this.transport.id, ticket),
    });
    this.heartbeat = new Heartbeat(this.clock, opts.stallMs ?? 1500);
    this.armHeartbeat();
  }

  // ---------------------------------------------------------------- opening

  /** Creates a game as its host: `seats` gives each colour an open seat (null) or a bot level; the host sits in `hostColour`. */
  static host<T extends MeshSession>(
    this: new (
      opts: MeshOptions,
      role: Role,
    ) => T,
    opts: MeshOptions,
    plan: {
      options: GameSetup['options'];
      seats: { colour: Colour; bot: BotLevel | null }[];
      hostColour: Colour;
      shuffleSeats?: boolean;
      /** The game clock (P6, bullet 5); the default: this session's timeouts (`clockOf`). */
      clock?: GameClock;
      /** The bot for a dropped or resigned seat (default greedy: cheap enough for a phone). */
      standIn?: BotLevel;
      gameId?: string;
      rematchOf?: string | null;
    },
  ): T {
    const s = new this(opts, 'player');
    const seats: LobbySeat[] = plan.seats.map((x) => ({ colour: x.colour, bot: x.bot, pub: null, name: null }));
    const mine = seats.find((x) => x.colour === plan.hostColour && !x.bot);
    if (!mine) throw new Error(`the host's colour ${plan.hostColour} must be an open seat`);
    mine.pub = s.identity.publicKey;
    mine.name = s.name;
    const gameId = plan.gameId ?? freshGameId();
    s.lobbyPart.state = {
      gameId,
      host: s.identity.publicKey,
      options: plan.options,
      shuffleSeats: plan.shuffleSeats ?? false,
      clock: plan.clock ?? clockOf(opts.timeouts),
      ...(plan.standIn && plan.standIn !== STAND_IN_BOT ? { standIn: plan.standIn } : {}),
      seats,
      rematchOf: plan.rematchOf ?? null,
    };
    // The invitation the join link carries: knowing the host's address is not enough to take a seat.
    s.lobbyPart.invite = freshNonce();
    s.phaseNow = 'lobby';
    s.persist();
    return s;
  }

  /**
   * Joins the game whose host (or any of whose peers) has transport id `peer`; `watch` joins
   * as a spectator. A player needs the join link's `invite` to take a seat.
   */
  static join<T extends MeshSession>(
    this: new (
      opts: MeshOptions,
      role: Role,
    ) => T,
    opts: MeshOptions,
    peer: PeerId,
    watch = false,
    invite: string | null = null,
  ): T {
    const s = new this(opts, watch ? 'watch' : 'player');
    s.lobbyPart.hostPeer = peer;
    s.lobbyPart.invite = watch ? null : invite;
    s.transport.connect(peer);
    return s;
  }

  /** Returns to a game kept in the store after a reload or a crash, with a new transport (P1.6). */
  static resume<T extends MeshSession>(this: new (opts: MeshOptions, role: Role) => T, opts: MeshOptions, gameId: string): T {
    const text = opts.store?.load(gameId);
    if (!text) throw new Error(`no online game ${gameId} is kept on this device`);
    const saved = parseMeshSave(text, opts.store?.loadAux(gameId) ?? null);
    const s = new this(
      { ...opts, identity: identityFromSecret(saved.secretKey), name: saved.name },
      saved.seat === null && saved.start ? 'watch' : 'player',
    );
    s.lobbyPart.state = saved.lobby;
    s.lobbyPart.invite = saved.invite;
    s.mySeat = saved.seat;
    s.mySecret = savedSecret(saved);
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
    const voters = this.votes.votersOf({ what: 'drop', colour: w.colour, point: len, p: this.prefix.at(len) });
    const roster = this.startRecord!.roster;
    return {
      colour: w.colour,
      what: w.what,
      since: this.wait.since,
      deadline: this.wait.deadline(w.what),
      votes: [...voters].map((a) => roster[a].colour),
      bankLeft: this.wait.bankLeft(w.colour),
    };
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
    if (!r || r.state || this.phaseNow !== 'playing' || this.desync.report || r.awaiting().kind !== 'commit') return null;
    const chains = r.follower.chainSeatList;
    const roster = this.startRecord!.roster;
    const missing = chains.filter((a, i) => !this.authoredHere(a, 1 + i, (e) => e.k === 'commit')).map((a) => roster[a].colour);
    const deadline = this.commitsSince + this.gameClock.revealMs;
    return { missing, since: this.commitsSince, deadline, left: Math.max(0, deadline - this.clock.now()) };
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
    const r = this.replica;
    if (!r?.state || r.state.phase === 'over' || !this.startRecord) return [];
    const roster = this.startRecord.roster;
    return r.follower.lobby.flatMap((colour) => {
      if (r.follower.forfeited(colour) !== 'dropped' || r.follower.control(colour).by !== 'bot') return [];
      const target = roster.findIndex((x) => x.colour === colour);
      const voters = this.voters(colour);
      return this.votes
        .reclaimsOf(colour)
        .filter((q) => q.votes.has(target))
        .map((q) => ({
          colour,
          fromTurn: q.key.point,
          agreed: voters.filter((v) => q.votes.has(v)).map((v) => roster[v].colour),
          waitingFor: voters.filter((v) => !q.votes.has(v)).map((v) => roster[v].colour),
        }));
    });
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
    const out: Forfeit[] = forfeitsOf(this.replica);
    if (!out.some((f) => f.why === 'dropped') || !this.startRecord || !this.replica) return out;
    // A drop rests on the signed word of the seats that voted for it (issue 18): the results say whose.
    const words = dropWitnesses(this.startRecord, this.replica, (i) => this.prefix.at(i), this.votes);
    const entries = this.replica.log.entries;
    return out.map((f) => {
      if (f.why !== 'dropped') return f;
      let at = entries.length - 1;
      while (at >= 0 && !(entries[at].k === 'drop' && (entries[at] as { colour: Colour }).colour === f.colour)) at--;
      const by = words.get(at);
      return by ? { ...f, by } : f;
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
    else {
      this.lobbyPart.wanted = colour;
      const host = this.lobbyPart.hostPeer ? this.links.get(this.lobbyPart.hostPeer) : undefined;
      if (host) this.links.sendTo(host.peer, this.takeFrame(host, colour));
    }
  }

  /** The host frees a guest's seat before the start; that guest takes none again in this lobby. */
  freeSeat(colour: Colour): void {
    if (!this.isHost || this.phaseNow !== 'lobby' || !this.lobbyPart.state) throw new Error('only the host frees a seat, in the lobby');
    const v = this.lobbyPart.free(colour);
    if (v.kind === 'refused') throw new Error(v.reason);
    this.links.broadcast({ t: 'lobby', lobby: this.lobbyPart.state });
    this.persist();
    this.emitMesh({ kind: 'lobby' });
  }

  /** A take for the host on `host`, with the proof of the invitation bound to this key and the host's nonce on this link. */
  private takeFrame(host: Link, colour: Colour | null): Frame {
    const nonce = host.answered?.nonce;
    const invite = this.lobbyPart.invite;
    return { t: 'take', colour, proof: invite && nonce ? invitationProof(invite, this.identity.publicKey, nonce) : null };
  }

  /** The host starts the game once every open seat is taken. */
  startGame(): void {
    const l = this.lobbyPart.state;
    if (!l || !this.isHost || this.phaseNow !== 'lobby') throw new Error('only the host starts the game, from the lobby');
    if (l.seats.some((s) => !s.bot && !s.pub)) throw new Error('every seat must be taken first');
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
    const unsigned = { settings, roster: l.seats.map((s) => ({ ...s })), host: this.identity.publicKey };
    const start: StartRecord = { ...unsigned, sig: sign(this.identity, 'start', startSigningText(unsigned)) };
    // The settings go through the log's checker before anyone else sees them.
    const probe = new Replica().receive(settings);
    if (probe.kind !== 'applied') throw new Error(probe.kind === 'rejected' ? probe.reason : probe.why);
    this.links.broadcast({ t: 'start', start });
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
    const why = this.replica.follower.forfeited(this.myColour!);
    if (why) throw new Error(`this seat already forfeits (${why}): there is nothing to resign`);
    this.resignWanted = true;
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
    this.reclaimWanted = true;
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
    const mine = st.roster[this.mySeat!].colour;
    const next = this.sameKind().host(
      { ...this.opts, ...opts, identity: this.identity, secret: undefined, transport: this.transport },
      {
        options: st.settings.setup.options,
        seats: st.roster.map((r) => ({ colour: r.colour, bot: gone.has(r.colour) && absent === 'bot' ? ('greedy' as const) : r.bot })),
        hostColour: mine,
        shuffleSeats: st.settings.shuffleSeats,
        clock: st.settings.clock,
        standIn: st.settings.standIn,
        rematchOf: st.settings.gameId,
      },
    );
    // Every seat is reserved for the same player; the others accept by joining.
    const seats = next.lobbyPart.state!.seats;
    for (const [i, r] of st.roster.entries())
      if (r.pub && !gone.has(r.colour)) {
        seats[i].pub = r.pub;
        seats[i].name = r.name;
      }
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
        secret: this.mySecret,
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
    if (this.graceRecount !== null) this.clock.clearTimeout(this.graceRecount);
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
    const d = this.desync.report;
    if (d) return { kind: 'failed', message: `desync at turn ${d.turn}: ${d.peer} holds another state` };
    const r = this.replica;
    if (!r?.state) return { kind: 'waiting-remote', seat: 0 };
    const s = r.state;
    if (s.phase === 'over') return { kind: 'over' };
    const at = r.awaiting();
    if (at.kind === 'action') {
      if (at.control.by === 'bot') return { kind: 'bot-thinking', seat: at.seat };
      if (this.isMine(at.colour) && !this.ownSeatBot()) return { kind: 'your-move', seat: at.seat };
    }
    return { kind: 'waiting-remote', seat: s.seat };
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
    const seats = this.roster.map((r, i) => ({
      colour: r.colour,
      who: r.bot ? ('bot' as const) : i === this.mySeat ? ('me' as const) : ('remote' as const),
      label: r.bot ?? r.name ?? '',
    }));
    return { summary: { gameId: this.gameId, kind: 'online', turn: this.replica?.state?.turn ?? 0, seats }, text: this.saveText() };
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
    this.mySecret ??= freshSecret();
    HashChain.prepare(this.mySecret, DEFAULT_CHAIN_LENGTH);
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
    if (this.mySeat !== null) {
      // P2.1, P2.7: a fresh secret for this game, drawn here and kept only here.
      this.mySecret ??= freshSecret();
      this.chains = LocalChains.fresh([this.mySeat], start.settings.chainLength, [this.mySecret]);
    }
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
    this.voteOutOffender(a, len);
    const c = this.votes.count(colour, len, this.prefix.at(len), this.voteContext);
    if (c.verdict === 'drop') return this.dropNow(colour, len, steps);
    if (c.verdict === 'wait') {
      this.armGrace({ what: 'drop', colour, point: len, p: this.prefix.at(len) });
      return false;
    }
    return this.feedFrom(a, len, steps);
  }

  /** A pump when the grace of a drop question ends (a minority acts only then). */
  private armGrace(k: VoteKey): void {
    const ends = this.votes.graceEnds(k, this.voteContext);
    // A grace already over waits on this peer's own answer (its wait timer pumps then): a timer now would spin at one instant.
    if (ends === null || ends <= this.clock.now() || this.graceTimers.has(ends)) return;
    const timer = this.clock.setTimeout(
      () => {
        this.graceTimers.delete(ends);
        if (!this.disposed) this.pump();
      },
      Math.max(0, ends - this.clock.now()),
    );
    this.graceTimers.set(ends, timer);
  }

  /** Whether this seat already signed an entry for log index `at` of this history. */
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

  /** A seat caught equivocating, or whose state hash the majority contradicted, is voted out the moment the log next waits for it. */
  private voteOutOffender(a: number, len: number): void {
    if (!(this.pool!.isEquivocator(a) || this.desync.isProvenWrong(a)) || this.mySeat === null || this.mySeat === a) return;
    if (this.replica!.follower.control(this.myColour!).by !== 'player') return;
    this.castVote({ what: 'drop', colour: this.startRecord!.roster[a].colour, point: len, p: this.prefix.at(len) });
  }

  /**
   * Fresh equivocation (P6, bullet 4): two entries one seat signed for one slot of this
   * history, and this log took one of them. Every honest player votes the seat out at that
   * very slot, and the count there sends every peer back to it.
   */
  private voteOutAtDisputedSlot(): void {
    if (this.mySeat === null || this.replica!.follower.control(this.myColour!).by !== 'player') return;
    for (const e of this.pool!.evidence) {
      const { first, second } = e;
      if (e.a === this.mySeat || first.body.k !== 'entry' || second.body.k !== 'entry' || first.at !== second.at) continue;
      if (first.p !== second.p || first.at >= this.replica!.length || this.prefix.at(first.at) !== first.p) continue;
      // Fresh equivocation is caught within moments; an old slot re-signed later is voted out when next due instead
      // (so a seat cannot make the table go back further than this by signing an old move again).
      if (this.replica!.length - first.at > EQUIVOCATOR_WINDOW) continue;
      const colour = this.startRecord!.roster[e.a].colour;
      if (!entryOfSeat(this.replica!.log.entries[first.at], colour, this.replica!)) continue;
      this.castVote({ what: 'drop', colour, point: first.at, p: first.p });
    }
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
      if (f.chainSeatList.includes(me) && !this.authoredHere(me, pos, (e) => e.k === 'commit'))
        this.author({ k: 'entry', entry: this.chains.commitEntry(me, colour) }, pos);
      return;
    }
    if (at.kind === 'reveal' && at.chains.includes(me)) {
      const due = f.dueEvent!;
      const pos = due.openedAt + due.order.indexOf(me);
      // A reveal signed for this index on another history may be of another event: only this event's counts.
      if (!this.authoredHere(me, pos, (e) => (e.k === 'reveal' && e.event === due.event) || e.k === 'resign')) {
        if (this.resignWanted) {
          this.resignWanted = false;
          this.author({ k: 'entry', entry: { k: 'resign', colour } }, pos);
        } else this.author({ k: 'entry', entry: this.chains.revealsDue(r).find((e) => e.chain === me)! }, pos);
      }
      return;
    }
    if (
      at.kind === 'action' &&
      at.colour === colour &&
      at.control.by === 'player' &&
      this.resignWanted &&
      !this.authoredHere(me, r.length, isMove)
    ) {
      this.resignWanted = false;
      this.author({ k: 'entry', entry: { k: 'resign', colour } }, r.length);
    }
    if (this.reclaimWanted && f.forfeited(colour) === 'dropped' && f.control(colour).by === 'bot' && r.state) {
      this.reclaimWanted = false;
      // From a turn ahead, so every peer hears of it before it comes (or vetoes, and it is asked again).
      this.castVote({ what: 'reclaim', colour, point: r.state.turn + f.lobby.length, p: '' });
    }
  }

  /** Checks this seat's move with the engine (an illegal move is refused here instead of going out, P1.3) and signs it. */
  private authorMove(entry: Extract<LogEntry, { k: 'place' | 'deploy' }>): void {
    const r = this.replica!;
    const s = r.state!;
    const p = pending(s);
    const error =
      entry.k === 'place'
        ? p.kind === 'place'
          ? placementError(s, p.tile, entry.x, entry.y, entry.r)
          : null
        : entry.deployment
          ? deploymentError(s, entry.deployment)
          : null;
    if (error) throw error;
    this.author({ k: 'entry', entry }, r.length);
    this.pump();
  }

  private requireMyTurn(phase: 'place' | 'deploy'): number {
    if (this.disposed) throw new Error('the session is closed');
    const at = this.replica?.awaiting();
    if (!at || at.kind !== 'action' || at.phase !== phase) throw new Error(`it is not the moment to ${phase}`);
    if (!this.isMine(at.colour) || at.control.by !== 'player') throw new Error(`${at.colour} is not played on this device`);
    if (this.authoredHere(this.mySeat!, this.replica!.length, isMove)) throw new Error('this move was already sent');
    return at.seat;
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
      for (const l of this.links.values()) if (l.authed) this.requestSync(l, true);
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

  /**
   * The game clock every seat is timed by: the signed settings' once the game started (older
   * games without one: the defaults), the lobby's before; this page's own options only for a
   * lobby it has not heard yet. So a guest's own options never time anyone differently.
   */
  get gameClock(): GameClock {
    if (this.startRecord) return this.startRecord.settings.clock ?? DEFAULT_GAME_CLOCK;
    return this.lobbyPart.state?.clock ?? clockOf(this.opts.timeouts);
  }

  /** What the group decisions read of this peer's log, pool and clock. */
  private get voteContext(): VoteContext {
    const r = this.replica!;
    const roster = this.startRecord!.roster;
    const timeouts = this.gameClock;
    return {
      roster,
      myColour: this.myColour,
      length: r.length,
      prefix: (i) => this.prefix.at(i),
      entryFor: (a, at, p) => this.pool!.entryFor(a, at, p),
      tookEntry: (a, at) => this.pool!.tookEntry(a, at, r, this.prefix.at(at)),
      item: (a, n) => this.pool!.item(a, n),
      isEquivocator: (a) => this.pool!.isEquivocator(a),
      votersAt: (colour, point) => {
        const byPlayer = point >= r.length ? (c: Colour) => r.follower.control(c).by === 'player' : controlsAt(r.log.entries, point);
        return eligibleVoters(roster, colour, byPlayer);
      },
      dueAt: (colour, point) => (point < r.length ? entryOfSeat(r.log.entries[point], colour, r) : this.currentWait()?.colour === colour),
      now: this.clock.now(),
      graceMs: (_colour, point) => {
        const there = point < r.length ? r.log.entries[point] : null;
        const reveal = there ? there.k === 'reveal' || there.k === 'commit' : this.currentWait()?.what === 'reveal';
        return reveal ? timeouts.revealMs : timeouts.moveMs;
      },
    };
  }

  /** The pool's context for a frame from `link`: its signature checks come out of the link's budget (past it, the frame is deferred). */
  private checkedBy(link: Link): PoolContext {
    return { ...this.poolContext, mayCheck: () => this.links.spendCheck(link, this.clock.now()) === 'pass' };
  }

  /**
   * A frame whose signature check is past `link`'s budget for this second waits, in order,
   * for the budget to refill: an honest burst costs time, not a frame. Past the queue's
   * bound it is dropped (said once a second); sync brings back anything honest.
   */
  private defer(link: Link, f: Frame, bytes: number): void {
    const kept = this.links.defer(link, f, bytes, this.clock.now());
    if (kept === 'full-first')
      this.reject(`${this.who(link)} sends more than ${SIGNATURE_CHECKS_PER_SECOND} signatures a second to check; frames dropped`);
    if (link.draining) return;
    link.draining = true;
    this.clock.setTimeout(
      () => {
        link.draining = false;
        const frames = this.links.takeDeferred(link);
        // A link closed meanwhile takes its frames with it (its peer's sync brings back anything honest).
        const now = this.linkNowOf(link);
        if (now) this.handleDeferred(now, frames);
      },
      this.links.checksRefillIn(link, this.clock.now()),
    );
  }

  /**
   * Where frames that waited (for the check budget, for fast checks) are handled: the peer's
   * link as it is now, if it is the same identity's and proven (a redial keeps them); null once
   * the session is gone or the link closed.
   */
  private linkNowOf(link: Link): Link | null {
    const now = this.links.get(link.peer);
    return !this.disposed && now?.authed && now.pub === link.pub ? now : null;
  }

  /** Frames that waited for `link`'s check budget, handled in their order (some may wait again). */
  protected handleDeferred(link: Link, frames: readonly { frame: Frame; bytes: number }[]): void {
    for (const d of frames) this.handleSafely(link, d.frame, d.bytes);
  }

  private mayCheck(link: Link): boolean {
    const a = this.links.spendCheck(link, this.clock.now());
    if (a === 'drop-first')
      this.reject(`${this.who(link)} sends more than ${SIGNATURE_CHECKS_PER_SECOND} signatures a second to check; frames dropped`);
    return a === 'pass';
  }

  /** A sync request: the answer goes out frame by frame while the link's ratio of answer to request bytes (or its catch-up allowance) allows. */
  private answerSync(link: Link, f: Extract<Frame, { t: 'sync' }>, bytes: number): void {
    this.links.syncAsked(link, bytes, this.clock.now());
    const prefix = (i: number) => this.prefix.at(i);
    for (const answer of syncAnswer(
      this.startRecord!,
      this.pool!,
      this.replica,
      prefix,
      { have: f.have, len: f.len, dig: f.dig, bulk: this.opts.bulkCatchUp !== false },
      link.digestsAnswered,
    )) {
      const text = encodeFrame(answer);
      if (this.links.mayAnswer(link, text.length, this.clock.now())) {
        this.transport.send(link.peer, text);
        continue;
      }
      // A batch past what is left of the allowance goes item by item, as far as the ratio allows (slower, never stuck).
      if (answer.t === 'items')
        for (const item of answer.items) {
          const one = encodeFrame({ t: 'item', item });
          if (!this.links.mayAnswer(link, one.length, this.clock.now())) return;
          this.transport.send(link.peer, one);
        }
      return;
    }
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

  private voters(target: Colour): number[] {
    const f = this.replica!.follower;
    return eligibleVoters(this.startRecord!.roster, target, (c) => f.control(c).by === 'player');
  }

  /** Casts this seat's vote on `k` (never twice); whether it did. */
  private castVote(k: VoteKey): boolean {
    if (this.mySeat === null || !this.votes.cast(k)) return false;
    // A drop vote is signed for its point, so its prefix hash names the history it is about.
    this.author({ k: 'vote', what: k.what, colour: k.colour, point: k.point }, k.what === 'drop' ? k.point : this.replica!.length);
    return true;
  }

  /** This peer's answer to a question whose votes changed: a veto (with the entry it took, sent again), a vote, or nothing. */
  private answerVote(k: VoteKey): void {
    const r = this.replica!;
    if (this.mySeat === null) return;
    const f = r.follower;
    const at = r.awaiting();
    const reclaim = r.state && {
      turn: r.state.turn,
      placingNow: at.kind === 'action' && at.phase === 'place' && r.state.setup.seats[r.state.seat] === k.colour,
      dropped: f.forfeited(k.colour) === 'dropped',
      lobbySeats: f.lobby.length,
    };
    const answer = this.votes.answer(k, this.voteContext, reclaim);
    if (answer.kind === 'veto') {
      const took = answer.took && answer.took.sig ? { n: answer.took.n, sig: answer.took.sig } : null;
      if (k.what === 'drop' && !took) return;
      // A drop veto is signed for the point (its history) and names the entry it took, which goes out again beside it.
      this.author({ k: 'veto', what: k.what, colour: k.colour, point: k.point, took }, k.what === 'drop' ? k.point : r.length);
      if (answer.took) this.links.broadcast({ t: 'item', item: answer.took });
    } else if (answer.kind === 'vote') this.castVote(k);
  }

  /** At a dropped seat's placement: the reclaim every voter agreed to, if any (its key is kept for the replay). */
  private reclaimComplete(colour: Colour, turn: number, index: number): VoteKey | null {
    const target = this.startRecord!.roster.findIndex((r) => r.colour === colour);
    return this.votes.reclaimComplete(colour, turn, target, this.voters(colour), index);
  }

  /**
   * A drop question whose grace is still running is counted again when it ends: its count may
   * turn to the drop then with no new item (a withheld vote), and a peer whose log passed the
   * point with the seat's own entry (a silenced seat's own page) has no wait timer to look.
   */
  private armGraceRecount(): void {
    const at = this.votes.nextGraceEnd(this.voteContext);
    if (at === null || at >= this.graceRecountAt) return;
    if (this.graceRecount !== null) this.clock.clearTimeout(this.graceRecount);
    this.graceRecountAt = at;
    this.graceRecount = this.clock.setTimeout(
      () => {
        this.graceRecount = null;
        this.graceRecountAt = Number.POSITIVE_INFINITY;
        if (this.disposed || !this.replica) return;
        this.votes.touch();
        this.pump();
      },
      at - this.clock.now() + 1,
    );
  }

  /** If the group's count on a drop question says otherwise than this log at its point, the log goes back there (P6.1, P6.2). */
  private rewindIfDecided(): boolean {
    this.voteOutAtDisputedSlot();
    // This peer's own veto counts too: it is signed before the count is read, never after the log went back.
    for (const k of this.votes.changedDrops()) this.answerVote(k);
    const point = this.votes.rewindPoint(this.replica!.log.entries, this.voteContext);
    if (point === null) {
      this.armGraceRecount();
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
    const r = this.replica;
    if (!r?.state || this.desync.report || r.state.phase === 'over') return null;
    const at = r.awaiting();
    if (at.kind === 'reveal') return { colour: r.follower.lobby[at.chains[0]], what: 'reveal' };
    if (at.kind === 'action' && at.control.by === 'player') return { colour: at.colour, what: 'move' };
    return null;
  }

  /** The seat's time is up here: vote to drop it if this player asked to, or another already voted, or autoDrop is on. */
  private onWaitExpired(k: string, colour: Colour): void {
    if (this.disposed || !this.wait.isCurrent(k) || !this.replica) return;
    const point = this.replica.length;
    const key: VoteKey = { what: 'drop', colour, point, p: this.prefix.at(point) };
    const others = this.votes.votersOf(key).size > 0;
    const iVote = this.mySeat !== null && this.myColour !== colour && this.replica.follower.control(this.myColour!).by === 'player';
    if (iVote && !this.behind(colour, point) && (this.opts.autoDrop || this.votes.wasAsked(colour) || others)) {
      if (this.castVote(key)) this.pump();
    } else this.wait.retry(k, colour, (key, c) => this.onWaitExpired(key, c));
    this.refresh();
  }

  /**
   * Whether `colour`'s peer says, in a sync request of the last four beats, that its log has not
   * reached `point` of this history yet, and its bank is not spent: it is behind, not silent
   * (lockstep/behind.ts), so its time keeps running from its bank instead of a vote.
   */
  private behind(colour: Colour, point: number): boolean {
    const pub = this.roster.find((r) => r.colour === colour)?.pub;
    const said = pub ? this.links.linkOf(pub) : null;
    const fresh = 4 * this.heartbeat.stallMs;
    const log = { replica: this.replica!, pool: this.pool!, prefix: (i: number) => this.prefix.at(i), seats: this.roster.length };
    return saysBehind(said ?? null, this.clock.now(), fresh, point, log) && this.wait.bankLeft(colour) > 0;
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
    for (const at of v.disputed) this.askByPosition(at);
    if (!v.lost) {
      this.lostSince = null;
      return;
    }
    const now = this.clock.now();
    if (this.lostSince === null) {
      this.lostSince = now;
      this.clock.setTimeout(() => {
        if (this.disposed) return;
        this.checkHashes();
        this.pump();
      }, DISPUTE_MS);
      return;
    }
    if (now - this.lostSince < DISPUTE_MS) return;
    const seat = roster[v.lost.a];
    const report = this.desync.stop(v.lost, { name: seat.name ?? seat.colour, colour: seat.colour }, this.gameId, r.text());
    this.phaseNow = 'desync';
    this.emitMesh({ kind: 'desync', report });
    this.refresh();
  }

  /**
   * A move or vote signed on a history this log does not hold at a point it has passed: the two
   * histories parted before that point. The entries the others took just before it are asked for
   * by position (once per index), so a version of a move this peer never saw — two moves one seat
   * signed for one slot, shown to different peers (fresh equivocation, P6) — reaches it as evidence.
   */
  private noticeOtherHistory(item: Item, link: Link): void {
    const r = this.replica;
    if (!r || item.p === null || item.at >= r.length || item.p === this.prefix.at(item.at)) return;
    // Only a fresh parting (a split heals through the ordinary sync; its far-back items ask nothing), only of the sender.
    if (r.length - item.at > EQUIVOCATOR_WINDOW || this.askedAt.has(-1 - item.at) || this.askedAt.size >= MAX_DISPUTES) return;
    this.askedAt.add(-1 - item.at);
    for (let back = ENTRIES_BY_POSITION; back <= EQUIVOCATOR_WINDOW; back += ENTRIES_BY_POSITION)
      this.links.sendTo(link.peer, this.syncFrame(Math.max(0, item.at - back)));
  }

  /** Asks every peer for the entries its log took from log index `at` on (once per index): the disputed version may be there. */
  private askByPosition(at: number): void {
    if (this.askedAt.has(at) || this.askedAt.size >= MAX_DISPUTES) return;
    this.askedAt.add(at);
    for (const l of this.links.values()) if (l.authed) this.links.sendTo(l.peer, this.syncFrame(at));
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
    const link = this.links.get(peer);
    if (!link) return;
    const admission = this.links.admit(link, this.clock.now(), text.length);
    if (admission !== 'pass') {
      if (admission === 'drop-first') this.reject(`${this.who(link)} is sending too fast; frames dropped`);
      return;
    }
    link.heardAt = this.clock.now();
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
    if (this.fastChecks && this.startRecord) {
      const checks = signaturesIn(frame, this.gameId, this.startRecord.roster, (a, n) => this.pool?.item(a, n));
      const v = this.fastChecks.admit(link, frame, text.length, checks);
      if (v === 'dropped') this.reject(`${this.who(link)} sends signatures faster than they can be checked; a frame was dropped`);
      if (v !== 'now') return;
    }
    this.handleSafely(link, frame, text.length);
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
    if (f.t === 'hello') {
      const v = this.links.hello(link, f, this.identity, this.roster);
      if (v.kind === 'refused') this.reject(v.reason);
      return;
    }
    if (f.t === 'auth') {
      const v = this.links.auth(link, f, this.roster);
      if (v.kind === 'refused') this.reject(v.reason);
      if (v.kind !== 'authed') return;
      this.transport.proven?.(link.peer); // no longer a stranger's slot (transport.ts)
      this.onAuthed(link);
      for (const early of v.early) this.handle(link, early);
      return;
    }
    if (!link.authed) {
      if (!this.links.holdEarly(link, f)) this.reject(`${this.who(link)} sent ${f.t} before proving who it is`);
      return;
    }
    switch (f.t) {
      case 'lobby': {
        if (this.startRecord) {
          // Another game's lobby, offered after this one (a rematch, or this start begun again): kept for acceptRematch.
          if (f.lobby.gameId === this.gameId || this.lobbyPart.receive(f.lobby, link.pub!, false).kind !== 'offered') return;
          if (this.lobbyPart.offered(link.pub!, f.lobby.gameId))
            this.emitMesh({ kind: 'rematch', gameId: f.lobby.gameId, from: link.name });
          return;
        }
        const v = this.lobbyPart.receive(f.lobby, link.pub!, this.phaseNow === 'connecting');
        if (v.kind === 'refused') return this.reject(`${this.who(link)} ${v.reason}`);
        if (v.kind === 'adopted') {
          this.phaseNow = 'lobby';
          this.persist();
          this.emitMesh({ kind: 'lobby' });
        }
        return;
      }
      case 'take':
        if (this.startRecord) return; // a late copy from before the start
        if (!this.isHost || this.phaseNow !== 'lobby')
          return this.reject(`${this.who(link)} asked for a seat, but this peer hosts no lobby`);
        if (link.role === 'watch') return this.reject(`${this.who(link)} watches and cannot take a seat`);
        if (f.colour !== null && this.lobbyPart.wasSentAway(link.pub!)) return this.rejectOnce(link, 'was sent away by the host');
        if (f.colour !== null && !this.lobbyPart.admits(link.pub!, link.nonce, f.proof))
          return this.rejectOnce(link, "asked for a seat without this game's invitation");
        this.assignSeat(link.pub!, link.name, f.colour);
        return;
      case 'start':
        // Before the start its signature is checked: out of the link's budget.
        if (!this.startRecord && !this.mayCheck(link)) return;
        return this.onStart(link, f.start);
      case 'item': {
        if (!this.startRecord) return;
        if (link.deferred.length) return this.defer(link, f, bytes); // behind those waiting, in order
        const verdict = this.pool!.accept(f.item, this.checkedBy(link));
        if (verdict.overBudget) return this.defer(link, f, bytes);
        const reason = this.keep(verdict);
        if (reason) return this.reject(reason);
        if (verdict.kept && !this.started) this.relayAtStart(link, verdict.kept);
        if (f.item.n > this.pool!.sequences[f.item.a]) this.requestSync(link); // a gap: ask for what is missing
        this.noticeOtherHistory(f.item, link);
        this.pump();
        return;
      }
      case 'items':
        if (!this.startRecord) return;
        if (link.deferred.length) return this.defer(link, f, bytes);
        if (!this.links.mayTakeBatch(link, f.items.length))
          return this.reject(`${this.who(link)} sent a batch of ${f.items.length} items this peer did not ask for; not read`);
        return this.takeBatch(link, f.items, bytes);
      case 'evidence': {
        if (!this.startRecord) return;
        if (link.deferred.length) return this.defer(link, f, bytes);
        const verdict = this.pool!.takeEvidence(f.first, f.second, this.checkedBy(link));
        if (verdict.overBudget) return this.defer(link, f, bytes);
        const reason = this.keep(verdict);
        if (reason) this.reject(reason);
        this.pump();
        return;
      }
      case 'sync':
        if (!this.startRecord) return;
        link.saidLen = f.len;
        link.saidHave = f.have;
        link.saidLenAt = this.clock.now();
        // What it holds of this seat's items: where a push to it starts should it fall quiet.
        if (this.mySeat !== null) link.saidMine = f.have[this.mySeat] ?? 0;
        this.answerSync(link, f, bytes);
        return;
      case 'addr': {
        const roster = this.roster;
        const seated = (pub: string) => roster.some((r) => r.pub === pub);
        for (const id of this.links.learn(f.peers, this.identity.publicKey, seated)) if (this.startRecord) this.transport.connect(id);
        this.answerAddresses(link, f.peers);
        return;
      }
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
   * Until the game state is held (commitments, the first draw's reveals), a new item goes on
   * to every other peer this one is linked to, its author's own link aside: a guest whose link
   * to another guest is slow to form gets that guest's commitment through the peers it has,
   * not a heartbeat later. A few items per seat; a copy costs the receiver nothing.
   */
  private relayAtStart(from: Link, item: Item): void {
    const author = this.startRecord!.roster[item.a]?.pub;
    const text = encodeFrame({ t: 'item', item });
    for (const l of this.links.values())
      if (l.authed && l !== from && l.pub !== author && l.pub !== this.identity.publicKey) this.transport.send(l.peer, text);
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
        this.defer(link, { t: 'items', items: rest }, Math.ceil((bytes * rest.length) / items.length));
        break;
      }
      const reason = this.keep(verdict);
      if (reason) {
        if (refused === null) refused = reason;
        else more++;
        continue;
      }
      if (item.n > this.pool!.sequences[item.a]) gap = true;
      this.noticeOtherHistory(item, link);
    }
    if (refused !== null) this.reject(more ? `${refused} (and ${more} more items of one batch refused)` : refused);
    if (gap) this.requestSync(link); // a gap: ask for what is missing
    this.pump();
  }

  private onAuthed(link: Link): void {
    this.emitMesh({ kind: 'peers' });
    if (this.startRecord) {
      // Anyone who knows the game helps a newcomer or a returning peer catch up (P1.6, P3.5).
      this.links.sendTo(link.peer, { t: 'start', start: this.startRecord });
      this.sendAddresses();
      this.requestSync(link, true);
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
    this.sendAddresses();
    this.pump();
    for (const l of this.links.values()) if (l.authed) this.requestSync(l, true);
  }

  private assignSeat(pub: string, name: string, colour: Colour | null): void {
    const v = this.lobbyPart.assign(pub, name, colour);
    if (v.kind === 'refused') {
      if (pub === this.identity.publicKey) throw new Error(v.reason);
      this.reject(`${name} asked for ${colour}, which is not free`);
      return;
    }
    this.links.broadcast({ t: 'lobby', lobby: this.lobbyPart.state! });
    this.persist();
    this.emitMesh({ kind: 'lobby' });
  }

  private sendAddresses(): void {
    this.links.broadcast({ t: 'addr', peers: this.links.known() });
  }

  private requestSync(link: Link, force = false): void {
    if (!syncDue(link, this.clock.now(), force)) return;
    this.links.sendTo(link.peer, this.syncFrame(this.replica?.length ?? 0));
  }

  /** A sync request for the entries from log index `len` on: what this pool counts per seat, and the digests of it. */
  private syncFrame(len: number): Frame {
    return { t: 'sync', have: this.pool?.sequences.slice() ?? [], len, dig: this.pool?.tips ?? [] };
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
    const lobby = this.lobbyPart;
    if (!this.startRecord) {
      if (lobby.hostPeer && !this.links.has(lobby.hostPeer)) this.transport.connect(lobby.hostPeer);
      const host = lobby.hostPeer ? this.links.get(lobby.hostPeer) : null;
      if (host?.authed) {
        // A guest keeps asking until it sees its seat, and polls for a start it may have missed.
        if (lobby.wanted !== undefined && lobby.seatOf(this.identity.publicKey) !== lobby.wanted)
          this.links.sendTo(host.peer, this.takeFrame(host, lobby.wanted));
        this.links.sendTo(host.peer, this.syncFrame(0));
      }
      if (this.isHost && lobby.state) this.links.broadcast({ t: 'lobby', lobby: lobby.state });
      return;
    }
    const over = this.replica?.state?.phase === 'over';
    // While the log moves too, one light request per beat: its digests find a version of an item the numbers hide.
    const force = this.heartbeat.stalled || over;
    for (const l of this.links.values()) if (l.authed) this.requestSync(l, force);
    for (const [pub, id] of this.links.addresses) if (!this.links.linkOf(pub)) this.transport.connect(id);
    // An `addr` frame lost on the way leaves two guests that never meet: everything between them then passes through
    // a third peer, and a split that cuts that peer off cuts them apart too. While a seat has no link here, say whom
    // this peer reaches: a peer that reaches a seat missing from that list answers with its own (answerAddresses).
    if (this.roster.some((r) => r.pub && r.pub !== this.identity.publicKey && !this.links.linkOf(r.pub))) this.sendAddresses();
    this.pushToQuiet();
  }

  /**
   * A link that has said nothing for two beats may hear this peer but not be heard (a one-way
   * loss): its sync requests, the only way it gets what was lost on the way, never arrive. This
   * seat's own items from what its last request said it held go to it again, PUSH_ITEMS a beat
   * in a cycle (so a long silence is covered bit by bit, at a bounded cost); a link that speaks
   * again asks as usual.
   */
  private pushToQuiet(): void {
    if (this.mySeat === null || !this.pool) return;
    const now = this.clock.now();
    const mine = this.pool.sequences[this.mySeat] ?? 0;
    for (const l of this.links.values()) {
      if (!l.authed || now - l.heardAt < 2 * this.heartbeat.stallMs || l.saidMine >= mine) continue;
      const from = Math.max(l.saidMine, l.pushAt < mine ? l.pushAt : l.saidMine);
      const items = this.pool.itemsOf(this.mySeat, from, Math.min(mine, from + PUSH_ITEMS));
      l.pushAt = from + PUSH_ITEMS >= mine ? l.saidMine : from + PUSH_ITEMS;
      for (const item of items) this.links.sendTo(l.peer, { t: 'item', item });
    }
  }

  /**
   * A peer told whom it reaches; if that misses a seat this peer has a link to, tell it whom this peer reaches, at
   * most once a beat per link (two peers that each miss a seat the other has must not answer each other for ever).
   */
  private answerAddresses(link: Link, peers: readonly { pub: string }[]): void {
    if (!this.startRecord || !link.authed) return;
    const reached = new Set([link.pub, ...peers.map((p) => p.pub)]);
    const missing = this.roster.some((r) => r.pub && !reached.has(r.pub) && this.links.linkOf(r.pub));
    const now = this.clock.now();
    if (!missing || now - link.addrAnsweredAt < this.heartbeat.stallMs) return;
    link.addrAnsweredAt = now;
    this.links.sendTo(link.peer, { t: 'addr', peers: this.links.known() });
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
