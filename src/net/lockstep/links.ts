// The links to other peers (P1.6: identity is a key, not a transport id): the handshake
// (hello, then a signed answer to the other side's nonce), frames that overtook it, the
// flood budget per link, every identity's last known address, and sending. It returns
// verdicts for the session to report; it never reads the game.
import { fingerprint, freshNonce, sign, verifySignature, type Identity } from '../identity';
import type { PeerId, Transport } from '../transport';
import { authSigningText, encodeFrame, MAX_ITEMS_PER_CATCH_UP, WIRE_VERSION, type Frame, type LobbySeat } from '../wire';
import {
  AUTH_TIMEOUT_MS,
  CATCH_UP_BYTES,
  CATCH_UP_REFILL_PER_SECOND,
  BYTES_PER_SECOND,
  FRAMES_PER_SECOND,
  MAX_ADDRESSES,
  MAX_DEFERRED_BYTES,
  MAX_DEFERRED_FRAMES,
  MAX_EARLY_FRAMES,
  SIGNATURE_CHECKS_PER_SECOND,
  SYNC_AMPLIFICATION,
} from './limits';

export interface Link {
  peer: PeerId;
  nonce: string;
  pub: string | null;
  name: string;
  role: 'player' | 'watch';
  authed: boolean;
  /** Frames and characters left this second (FRAMES_PER_SECOND, BYTES_PER_SECOND), since when, and whether a refusal was said. */
  budget: number;
  bytesLeft: number;
  budgetAt: number;
  floodSaid: boolean;
  /** Real signature checks left this second (SIGNATURE_CHECKS_PER_SECOND), and since when. */
  checks: number;
  checksAt: number;
  /** This second's sync request and answer bytes, since when, and the catch-up allowance left (CATCH_UP_BYTES). */
  syncAsked: number;
  syncAnswered: number;
  syncAt: number;
  catchUp: number;
  catchUpAt: number;
  /** Answer bytes that came out of the catch-up allowance so far (the fuzzer's cost view leaves them out of its ratio). */
  catchUpSpent: number;
  /** The nonce this peer answered on this link and its signature (a repeated hello gets the same, never a new one). */
  answered: { nonce: string; sig: string } | null;
  openedAt: number;
  /** A take of a seat was refused on this link already (said once; the guest's heartbeat asks again). */
  refusedTake: boolean;
  lastSync: number;
  /** Frames that overtook the other side's proof of identity, handled once it arrives (a few at most). */
  early: Frame[];
  /** When a frame last came in on this link (a link quiet for a beat may not be able to ask for what it lacks). */
  heardAt: number;
  /** How many of this seat's items the link's last sync request said it held, and the next of them to push while it is quiet. */
  saidMine: number;
  pushAt: number;
  /** The log length this link's last sync request said its peer holds, and when it came (unsigned: a hint, bounded by the bank). */
  saidLen: number;
  /** How many items of each seat that request said its peer holds (its `have`, validated by the wire). */
  saidHave: readonly number[];
  saidLenAt: number;
  /** When this peer last answered an `addr` frame on this link that lacked seats it knows (once per beat at most). */
  addrAnsweredAt: number;
  /** Seat digests this link's requests disagreed with, and how many blocks of items each got ("a:count:digest"; a few at most). */
  digestsAnswered: Map<string, number>;
  /** Frames waiting for their fast (WebCrypto) signature checks, handled in order after them (MAX_VERIFYING_FRAMES). */
  verifying: number;
  verifyChain: Promise<void>;
  /** Batch items (`items` frames) this link may still send: room opened by this peer's last sync request on it. */
  batchRoom: number;
  /**
   * Frames that needed a signature check past this second's budget, in the order they came,
   * handled when it refills (at most MAX_DEFERRED_FRAMES and MAX_DEFERRED_BYTES), their
   * bytes, whether a timer will handle them, and when a full queue was last reported.
   */
  deferred: { frame: Frame; bytes: number }[];
  deferredBytes: number;
  draining: boolean;
  fullSaidAt: number;
}

/** What this peer says of itself in a hello. */
export interface SelfIntro {
  identity: Identity;
  name: string;
  gameId: string;
  role: 'player' | 'watch';
}

/** The flood verdict for one frame: pass it, drop it (and say so the first time), or drop it quietly. */
export type Admission = 'pass' | 'drop-first' | 'drop';

/** The verdict on a handshake frame. */
export type HandshakeVerdict =
  | { kind: 'refused'; reason: string }
  | { kind: 'answered' }
  | { kind: 'ignored' }
  | { kind: 'authed'; early: Frame[] };

/** The verdict on any frame before the session reads it: the handshake's, held until the link is proven, or the session's. */
export type LinkVerdict = HandshakeVerdict | { kind: 'held' } | { kind: 'proven' };

export class Links {
  private readonly byPeer = new Map<PeerId, Link>();
  /** Last known transport id of every identity met. */
  private readonly addressOf = new Map<string, PeerId>();
  /** Names of the identities met, as they gave them. */
  readonly names = new Map<string, string>();

  constructor(private readonly transport: Transport) {}

  get(peer: PeerId): Link | undefined {
    return this.byPeer.get(peer);
  }

  values(): IterableIterator<Link> {
    return this.byPeer.values();
  }

  has(peer: PeerId): boolean {
    return this.byPeer.has(peer);
  }

  get addresses(): ReadonlyMap<string, PeerId> {
    return this.addressOf;
  }

  remember(pub: string, peer: PeerId): void {
    this.addressOf.set(pub, peer);
  }

  /** Frames held per link until the other side proves who it is. */
  get heldEarlyFrames(): number {
    let n = 0;
    for (const l of this.byPeer.values()) n += l.early.length;
    return n;
  }

  /** A new link: says hello on it. */
  open(peer: PeerId, now: number, me: SelfIntro): void {
    const link: Link = {
      peer,
      nonce: freshNonce(),
      pub: null,
      name: '',
      role: 'player',
      authed: false,
      budget: FRAMES_PER_SECOND,
      bytesLeft: BYTES_PER_SECOND,
      budgetAt: now,
      floodSaid: false,
      checks: SIGNATURE_CHECKS_PER_SECOND,
      checksAt: now,
      syncAsked: 0,
      syncAnswered: 0,
      syncAt: now,
      catchUp: CATCH_UP_BYTES,
      catchUpAt: now,
      catchUpSpent: 0,
      answered: null,
      openedAt: now,
      refusedTake: false,
      lastSync: -Infinity,
      early: [],
      addrAnsweredAt: Number.NEGATIVE_INFINITY,
      heardAt: now,
      saidMine: 0,
      pushAt: 0,
      saidLen: 0,
      saidHave: [],
      saidLenAt: Number.NEGATIVE_INFINITY,
      digestsAnswered: new Map(),
      batchRoom: 0,
      verifying: 0,
      verifyChain: Promise.resolve(),
      ...noneDeferred(),
    };
    this.byPeer.set(peer, link);
    this.sendTo(peer, helloFrame(link, me));
  }

  /** Puts `link` itself back as the link to its peer (a simulation that keeps one link open). */
  put(link: Link): void {
    this.byPeer.set(link.peer, link);
  }

  close(peer: PeerId): void {
    this.byPeer.delete(peer);
  }

  /** A link of another session over the same transport (a rematch), taken over as it is. */
  adopt(l: Link): void {
    this.byPeer.set(l.peer, { ...l, ...noneDeferred() });
    if (l.pub) this.addressOf.set(l.pub, l.peer);
  }

  /**
   * The flood limit per link: a budget of frames and of characters per second (reading a
   * frame costs by its size: a large one is parsed whole before its type is known), the rest
   * dropped unread: 'pass', the first refusal of the second (to report once), or a quiet one.
   */
  admit(link: Link, now: number, chars: number): Admission {
    if (now - link.budgetAt >= 1000) {
      link.budget = FRAMES_PER_SECOND;
      link.bytesLeft = BYTES_PER_SECOND;
      link.budgetAt = now;
      link.floodSaid = false;
    }
    if (link.budget > 0 && link.bytesLeft >= chars) {
      link.budget--;
      link.bytesLeft -= chars;
      return 'pass';
    }
    if (link.floodSaid) return 'drop';
    link.floodSaid = true;
    return 'drop-first';
  }

  /**
   * One real signature check on `link`, if its budget for this second allows (a check costs
   * far more than a frame): 'pass', or the first refusal of the second (to report), or quiet.
   */
  spendCheck(link: Link, now: number): Admission {
    if (now - link.checksAt >= 1000) {
      link.checks = SIGNATURE_CHECKS_PER_SECOND;
      link.checksAt = now;
    }
    if (link.checks-- > 0) return 'pass';
    return link.checks === -1 ? 'drop-first' : 'drop';
  }

  /**
   * Keeps `frame` (of `bytes`) to be handled when `link`'s check budget refills: 'kept', or
   * 'full' (dropped: the queue is at its bound), 'full-first' the first time in a second (to report).
   */
  defer(link: Link, frame: Frame, bytes: number, now: number): 'kept' | 'full' | 'full-first' {
    if (link.deferred.length < MAX_DEFERRED_FRAMES && link.deferredBytes + bytes <= MAX_DEFERRED_BYTES) {
      link.deferred.push({ frame, bytes });
      link.deferredBytes += bytes;
      return 'kept';
    }
    if (now - link.fullSaidAt < 1000) return 'full';
    link.fullSaidAt = now;
    return 'full-first';
  }

  /** The frames deferred on `link`, taken out to be handled (in their order). */
  takeDeferred(link: Link): { frame: Frame; bytes: number }[] {
    const frames = link.deferred;
    link.deferred = [];
    link.deferredBytes = 0;
    return frames;
  }

  /** Milliseconds until `link`'s signature check budget refills (at least 1). */
  checksRefillIn(link: Link, now: number): number {
    return Math.max(1, link.checksAt + 1000 - now);
  }

  /** Frames deferred on every link (each queue bounded). */
  get deferredFrames(): number {
    let n = 0;
    for (const l of this.byPeer.values()) n += l.deferred.length;
    return n;
  }

  /** A sync request of `bytes` on `link`: from now on this second, answers may add up to SYNC_AMPLIFICATION times as much. */
  syncAsked(link: Link, bytes: number, now: number): void {
    if (now - link.syncAt >= 1000) {
      link.syncAsked = 0;
      link.syncAnswered = 0;
      link.syncAt = now;
    }
    link.syncAsked += bytes;
  }

  /**
   * Whether an answer frame of `bytes` may go on `link` now (within the ratio, else from the
   * catch-up allowance, which refills at CATCH_UP_REFILL_PER_SECOND up to CATCH_UP_BYTES); spends it.
   */
  mayAnswer(link: Link, bytes: number, now: number): boolean {
    link.catchUp = Math.min(CATCH_UP_BYTES, link.catchUp + Math.floor(((now - link.catchUpAt) * CATCH_UP_REFILL_PER_SECOND) / 1000));
    link.catchUpAt = now;
    if (link.syncAnswered + bytes <= SYNC_AMPLIFICATION * link.syncAsked) link.syncAnswered += bytes;
    else if (bytes <= link.catchUp) {
      link.catchUp -= bytes;
      link.catchUpSpent += bytes;
    } else return false;
    return true;
  }

  /** Links that have not proven who they are within AUTH_TIMEOUT_MS: forgotten here, for the caller to close. */
  overdue(now: number): PeerId[] {
    const late = [...this.byPeer.values()].filter((l) => !l.authed && now - l.openedAt >= AUTH_TIMEOUT_MS).map((l) => l.peer);
    for (const peer of late) this.byPeer.delete(peer);
    return late;
  }

  /**
   * Any frame on `link`: `hello` and `auth` are the handshake's; before the other side proves
   * who it is a few other frames are held (the rest refused); after, a frame is the session's.
   */
  judge(link: Link, f: Frame, me: Identity, roster: readonly LobbySeat[]): LinkVerdict {
    if (f.t === 'hello') return this.hello(link, f, me, roster);
    if (f.t === 'auth') {
      const v = this.auth(link, f, roster);
      if (v.kind === 'authed') this.transport.proven?.(link.peer); // no longer a stranger's slot (transport.ts)
      return v;
    }
    if (link.authed) return { kind: 'proven' };
    if (this.holdEarly(link, f)) return { kind: 'held' };
    return { kind: 'refused', reason: `${who(link, roster)} sent ${f.t} before proving who it is` };
  }

  /**
   * The other side's hello: remember who it says it is and prove who this peer is. The proof
   * is signed once per link: the same hello again gets the same answer, another nonce none
   * (an honest side keeps its nonce for the link's life), so nobody makes this peer sign on demand.
   */
  private hello(link: Link, f: Extract<Frame, { t: 'hello' }>, me: Identity, roster: readonly LobbySeat[]): HandshakeVerdict {
    if (link.pub && link.pub !== f.pub) return { kind: 'refused', reason: `${who(link, roster)} changed its key mid-link` };
    if (f.pub === me.publicKey) return { kind: 'refused', reason: "a peer presented this device's own key" };
    if (link.answered && link.answered.nonce !== f.nonce) return { kind: 'ignored' };
    link.pub = f.pub;
    link.name = f.name;
    link.role = f.role;
    link.answered ??= { nonce: f.nonce, sig: sign(me, 'auth', authSigningText(f.nonce, this.transport.id, link.peer)) };
    this.sendTo(link.peer, { t: 'auth', sig: link.answered.sig });
    return { kind: 'answered' };
  }

  /** The other side's proof: the link is authenticated, and the frames that overtook it are handed back. */
  private auth(link: Link, f: Extract<Frame, { t: 'auth' }>, roster: readonly LobbySeat[]): HandshakeVerdict {
    // An answer that overtook the other side's hello: the heartbeat says hello again and it comes back.
    if (!link.pub || link.authed) return { kind: 'ignored' };
    if (!verifySignature(link.pub, 'auth', authSigningText(link.nonce, link.peer, this.transport.id), f.sig))
      return { kind: 'refused', reason: `${who(link, roster)} failed to prove its identity` };
    link.authed = true;
    this.addressOf.set(link.pub, link.peer);
    this.names.set(link.pub, link.name);
    return { kind: 'authed', early: link.early.splice(0) };
  }

  /** Reordering lets a frame overtake the proof it follows: keep a few (true), refuse the rest. */
  private holdEarly(link: Link, f: Frame): boolean {
    if (link.early.length >= MAX_EARLY_FRAMES) return false;
    link.early.push(f);
    return true;
  }

  /** Says hello again on every link that has not proven who it is (frames get lost). */
  helloAgain(me: SelfIntro): void {
    for (const l of this.byPeer.values()) if (!l.authed) this.sendTo(l.peer, helloFrame(l, me));
  }

  /**
   * Addresses another peer told of: kept for seated identities always, for anyone else only
   * while few are known (a peer may send any list). Returns the ones to dial.
   */
  learn(peers: readonly { pub: string; id: PeerId }[], myPub: string, seated: (pub: string) => boolean): PeerId[] {
    const dial: PeerId[] = [];
    for (const p of peers) {
      if (p.pub === myPub || this.linkOf(p.pub)) continue;
      if (!seated(p.pub) && !this.addressOf.has(p.pub) && this.addressOf.size >= MAX_ADDRESSES) continue;
      this.addressOf.set(p.pub, p.id);
      dial.push(p.id);
    }
    return dial;
  }

  /** The authenticated links' identities and addresses (at most 16), for an `addr` frame. */
  known(): { pub: string; id: PeerId }[] {
    return [...this.byPeer.values()]
      .filter((l) => l.authed && l.pub)
      .map((l) => ({ pub: l.pub!, id: l.peer }))
      .slice(0, 16);
  }

  linkOf(pub: string): Link | null {
    for (const l of this.byPeer.values()) if (l.authed && l.pub === pub) return l;
    return null;
  }

  broadcast(f: Frame): void {
    const text = encodeFrame(f);
    for (const l of this.byPeer.values()) if (l.authed || f.t === 'hello') this.transport.send(l.peer, text);
  }

  sendTo(peer: PeerId, f: Frame): void {
    // A request opens room for one catch-up's batches on its link (not more: room does not add up).
    const link = f.t === 'sync' ? this.byPeer.get(peer) : undefined;
    if (link) link.batchRoom = MAX_ITEMS_PER_CATCH_UP;
    this.transport.send(peer, encodeFrame(f));
  }

  /**
   * Whether a batch of `items` may be judged on `link`: batches answer this peer's own
   * requests, at most MAX_ITEMS_PER_CATCH_UP items per request, so a peer cannot make another
   * compare hundreds of items per frame at the frame rate. Spends the room.
   */
  mayTakeBatch(link: Link, items: number): boolean {
    if (items > link.batchRoom) return false;
    link.batchRoom -= items;
    return true;
  }

  /** Room for the rest of a batch that waits for the check budget (it is judged, and charged, when it comes back). */
  returnBatchRoom(link: Link, items: number): void {
    link.batchRoom = Math.min(MAX_ITEMS_PER_CATCH_UP, link.batchRoom + items);
  }
}

/** The one hello frame, on a new link and said again by the heartbeat. */
function helloFrame(link: Link, me: SelfIntro): Frame {
  return {
    t: 'hello',
    v: WIRE_VERSION,
    pub: me.identity.publicKey,
    nonce: link.nonce,
    name: me.name,
    game: me.gameId || null,
    role: me.role,
  };
}

/** How the players see the peer on a link: its seat's name and colour, else its name and key fingerprint. */
export function who(link: Link, roster: readonly LobbySeat[]): string {
  if (link.pub) {
    const seat = roster.find((r) => r.pub === link.pub);
    if (seat) return `${seat.name ?? seat.colour} (${seat.colour})`;
    return link.name ? `${link.name} (${fingerprint(link.pub)})` : fingerprint(link.pub);
  }
  return `peer ${link.peer.slice(0, 12)}`;
}

function noneDeferred(): Pick<Link, 'deferred' | 'deferredBytes' | 'draining' | 'fullSaidAt'> {
  return { deferred: [], deferredBytes: 0, draining: false, fullSaidAt: -Infinity };
}
