// The traffic that makes lossy links whole (P3.4, P1.6), on every link: sync requests (and the
// entries asked for by position when two histories parted or a hash is disputed, once per log
// index), answers within the link's ratio of answer to request bytes, this seat's own items
// pushed again to a link that has gone quiet, the items relayed before the game state is held,
// and the address book. It is the one writer of each link's sync bookkeeping (what its requests
// said, what was pushed to it, when its addresses were answered) and owns the positions asked.
import type { Replica } from '../../fair/replica';
import type { Clock } from '../clock';
import type { PeerId, Transport } from '../transport';
import { encodeFrame, type Frame, type Item, type LobbySeat, type StartRecord } from '../wire';
import type { ItemPool } from './item-pool';
import { ENTRIES_BY_POSITION, EQUIVOCATOR_WINDOW, MAX_DISPUTES, PUSH_ITEMS } from './limits';
import type { Link, Links } from './links';
import { syncAnswer, syncDue } from './resync';

/** What the sync traffic reads of this peer's game (before the start: no record, pool nor log). */
export interface SyncView {
  start: StartRecord | null;
  pool: ItemPool | null;
  replica: Replica | null;
  prefix: (i: number) => string;
  mySeat: number | null;
  /** The seats of the game, or of the lobby before the start. */
  roster: readonly LobbySeat[];
}

export class SyncTraffic {
  /** Log indices whose entries this peer asked the others for, to settle a hash dispute (a parted history: -1 - index). */
  private readonly askedAt = new Set<number>();

  /** `stallMs`: the heartbeat's gap; `bulk`: a catch-up is answered in one go (wire version 5). */
  constructor(
    private readonly links: Links,
    private readonly transport: Transport,
    private readonly clock: Clock,
    private readonly myPub: string,
    private readonly stallMs: number,
    private readonly bulk: boolean,
    private readonly view: () => SyncView,
  ) {}

  /** A sync request for the entries from log index `len` on: what this pool counts per seat, and the digests of it. */
  frame(len: number): Frame {
    const pool = this.view().pool;
    return { t: 'sync', have: pool?.sequences.slice() ?? [], len, dig: pool?.tips ?? [] };
  }

  request(link: Link, force = false): void {
    if (!syncDue(link, this.clock.now(), force)) return;
    this.links.sendTo(link.peer, this.frame(this.view().replica?.length ?? 0));
  }

  /** A request on every proven link. */
  requestAll(force: boolean): void {
    for (const l of this.links.values()) if (l.authed) this.request(l, force);
  }

  /** A sync request heard on `link` (after the start): what it says its peer holds is noted, and it is answered. */
  heard(link: Link, f: Extract<Frame, { t: 'sync' }>, bytes: number): void {
    const mySeat = this.view().mySeat;
    link.saidLen = f.len;
    link.saidHave = f.have;
    link.saidLenAt = this.clock.now();
    // What it holds of this seat's items: where a push to it starts should it fall quiet.
    if (mySeat !== null) link.saidMine = f.have[mySeat] ?? 0;
    this.answer(link, f, bytes);
  }

  /** A sync request: the answer goes out frame by frame while the link's ratio of answer to request bytes (or its catch-up allowance) allows. */
  private answer(link: Link, f: Extract<Frame, { t: 'sync' }>, bytes: number): void {
    this.links.syncAsked(link, bytes, this.clock.now());
    const v = this.view();
    for (const answer of syncAnswer(
      v.start!,
      v.pool!,
      v.replica,
      v.prefix,
      { have: f.have, len: f.len, dig: f.dig, bulk: this.bulk },
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

  /**
   * A move or vote signed on a history this log does not hold at a point it has passed: the two
   * histories parted before that point. The entries the others took just before it are asked for
   * by position (once per index), so a version of a move this peer never saw — two moves one seat
   * signed for one slot, shown to different peers (fresh equivocation, P6) — reaches it as evidence.
   */
  noticeOtherHistory(item: Item, link: Link): void {
    const { replica: r, prefix } = this.view();
    if (!r || item.p === null || item.at >= r.length || item.p === prefix(item.at)) return;
    // Only a fresh parting (a split heals through the ordinary sync; its far-back items ask nothing), only of the sender.
    if (r.length - item.at > EQUIVOCATOR_WINDOW || this.askedAt.has(-1 - item.at) || this.askedAt.size >= MAX_DISPUTES) return;
    this.askedAt.add(-1 - item.at);
    for (let back = ENTRIES_BY_POSITION; back <= EQUIVOCATOR_WINDOW; back += ENTRIES_BY_POSITION)
      this.links.sendTo(link.peer, this.frame(Math.max(0, item.at - back)));
  }

  /** Asks every peer for the entries its log took from log index `at` on (once per index): the disputed version may be there. */
  askByPosition(at: number): void {
    if (this.askedAt.has(at) || this.askedAt.size >= MAX_DISPUTES) return;
    this.askedAt.add(at);
    for (const l of this.links.values()) if (l.authed) this.links.sendTo(l.peer, this.frame(at));
  }

  /**
   * Until the game state is held (commitments, the first draw's reveals), a new item goes on
   * to every other peer this one is linked to, its author's own link aside: a guest whose link
   * to another guest is slow to form gets that guest's commitment through the peers it has,
   * not a heartbeat later. A few items per seat; a copy costs the receiver nothing.
   */
  relayAtStart(from: Link, item: Item): void {
    const author = this.view().start!.roster[item.a]?.pub;
    const text = encodeFrame({ t: 'item', item });
    for (const l of this.links.values())
      if (l.authed && l !== from && l.pub !== author && l.pub !== this.myPub) this.transport.send(l.peer, text);
  }

  /**
   * A beat of a started game: a request on every link (`force`: even one just sent), a dial to
   * every identity with no link, the address book while a seat has no link here, and the push to
   * quiet links.
   */
  beat(force: boolean): void {
    this.requestAll(force);
    for (const [pub, id] of this.links.addresses) if (!this.links.linkOf(pub)) this.transport.connect(id);
    // An `addr` frame lost on the way leaves two guests that never meet: everything between them then passes through
    // a third peer, and a split that cuts that peer off cuts them apart too. While a seat has no link here, say whom
    // this peer reaches: a peer that reaches a seat missing from that list answers with its own (answerAddresses).
    if (this.view().roster.some((r) => r.pub && r.pub !== this.myPub && !this.links.linkOf(r.pub))) this.sendAddresses();
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
    const { mySeat, pool } = this.view();
    if (mySeat === null || !pool) return;
    const now = this.clock.now();
    const mine = pool.sequences[mySeat] ?? 0;
    for (const l of this.links.values()) {
      if (!l.authed || now - l.heardAt < 2 * this.stallMs || l.saidMine >= mine) continue;
      const from = Math.max(l.saidMine, l.pushAt < mine ? l.pushAt : l.saidMine);
      const items = pool.itemsOf(mySeat, from, Math.min(mine, from + PUSH_ITEMS));
      l.pushAt = from + PUSH_ITEMS >= mine ? l.saidMine : from + PUSH_ITEMS;
      for (const item of items) this.links.sendTo(l.peer, { t: 'item', item });
    }
  }

  sendAddresses(): void {
    this.links.broadcast({ t: 'addr', peers: this.links.known() });
  }

  /**
   * An `addr` frame: the seated identities' addresses are kept, and dialled once the game has
   * started. A peer told whom it reaches; if that misses a seat this peer has a link to, tell it
   * whom this peer reaches, at most once a beat per link (two peers that each miss a seat the other
   * has must not answer each other for ever).
   */
  heardAddresses(link: Link, peers: readonly { pub: string; id: PeerId }[]): void {
    const { roster, start } = this.view();
    const seated = (pub: string) => roster.some((r) => r.pub === pub);
    for (const id of this.links.learn(peers, this.myPub, seated)) if (start) this.transport.connect(id);
    if (!start || !link.authed) return;
    const reached = new Set([link.pub, ...peers.map((p) => p.pub)]);
    const missing = roster.some((r) => r.pub && !reached.has(r.pub) && this.links.linkOf(r.pub));
    const now = this.clock.now();
    if (!missing || now - link.addrAnsweredAt < this.stallMs) return;
    link.addrAnsweredAt = now;
    this.links.sendTo(link.peer, { t: 'addr', peers: this.links.known() });
  }
}
