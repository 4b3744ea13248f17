// An in-memory network for tests and `npm run chaos`: transports that talk through links
// which drop, duplicate, reorder and delay frames, partitions between groups of peers,
// and peers that crash without a goodbye. Everything is driven by a SimClock and a seeded
// generator, so a failing run is re-run exactly from its seed.
import type { SimClock } from './sim-clock';
import { MAX_FRAME_CHARS, strangerGivingWay, type Admission, type PeerId, type Transport, type TransportHandlers } from '../net/transport';

export interface Chaos {
  /** Probability that a frame is lost. */
  drop: number;
  /** Probability that a frame arrives twice. */
  duplicate: number;
  /** Delay of each frame, uniform in [minDelay, maxDelay] ms; differing delays reorder frames. */
  minDelay: number;
  maxDelay: number;
  /** Probability that a frame is held back by an extra `reorderDelay` ms. */
  reorder: number;
  reorderDelay: number;
}

/** No loss, no duplicates, no reordering: every frame takes exactly `ms`. */
export const steady = (ms: number): Chaos => ({ drop: 0, duplicate: 0, minDelay: ms, maxDelay: ms, reorder: 0, reorderDelay: 0 });
export const CALM: Chaos = steady(5);

import { mulberry32 } from '../fair/mulberry32';

export interface NetworkStats {
  /** Frames handed to send() (before chaos), and their characters. */
  frames: number;
  chars: number;
  /** Frames per message type (the frame's "t" field). */
  byType: Map<string, number>;
}

export class MemoryNetwork {
  private readonly peers = new Map<PeerId, MemoryTransport>();
  private readonly links = new Set<string>();
  private readonly opening = new Set<string>();
  private blocked: ((a: PeerId, b: PeerId) => boolean) | null = null;
  private counter = 0;
  readonly random: () => number;
  readonly stats: NetworkStats = { frames: 0, chars: 0, byType: new Map() };

  constructor(
    readonly clock: SimClock,
    seed: number,
    public chaos: Chaos = CALM,
  ) {
    this.random = mulberry32(seed);
  }

  /** A new transport with a fresh id (a restarted peer gets a new one, as with PeerJS). */
  createTransport(name = 'peer'): MemoryTransport {
    const t = new MemoryTransport(this, `${name}-${++this.counter}`);
    this.peers.set(t.id, t);
    return t;
  }

  /** The live transport with this id (tests inject frames through its handlers). */
  transport(id: PeerId): MemoryTransport | null {
    return this.peers.get(id) ?? null;
  }

  /** Proven or own links one transport holds at once (PeerJS's maxLinks); a dial past it is refused. */
  maxLinks = Number.POSITIVE_INFINITY;
  /** Incoming links not yet proven one transport holds beside those (PeerJS's maxUnproven); a new dial closes one, a silent one first. */
  maxUnproven = Number.POSITIVE_INFINITY;
  /** Per incoming link not yet proven ("to|from"): when it opened and whether `to` heard a frame on it. */
  private readonly strangers = new Map<string, { since: number; heard: boolean }>();

  /** Decides, frame by frame, whether a frame from `from` to `to` goes out at all (tests: a peer that lies or half-sends). */
  filter: ((from: PeerId, to: PeerId, frame: string) => boolean) | null = null;

  /** Cuts every link between the two groups (and refuses new ones) until heal(). */
  partition(a: PeerId[], b: PeerId[]): void {
    this.blocked = (x, y) => (a.includes(x) && b.includes(y)) || (a.includes(y) && b.includes(x));
    for (const key of [...this.links]) {
      const [x, y] = key.split('|');
      if (this.blocked(x, y)) this.cut(x, y);
    }
  }

  heal(): void {
    this.blocked = null;
  }

  /** The peer vanishes without a goodbye: its links close at the others after a short while. */
  crash(id: PeerId): void {
    const t = this.peers.get(id);
    if (!t) return;
    this.peers.delete(id);
    t.dead = true;
    for (const key of [...this.links]) {
      const [x, y] = key.split('|');
      if (x === id || y === id) this.cut(x, y);
    }
  }

  // ---------------------------------------------------------------- used by MemoryTransport

  key(a: PeerId, b: PeerId): string {
    return a < b ? `${a}|${b}` : `${b}|${a}`;
  }

  linksOf(id: PeerId): PeerId[] {
    const out: PeerId[] = [];
    for (const key of this.links) {
      const [a, b] = key.split('|');
      if (a === id) out.push(b);
      else if (b === id) out.push(a);
    }
    return out.sort();
  }

  isOpen(a: PeerId, b: PeerId): boolean {
    return this.links.has(this.key(a, b));
  }

  open(from: MemoryTransport, to: PeerId): void {
    const key = this.key(from.id, to);
    if (this.links.has(key) || this.opening.has(key)) return;
    this.opening.add(key);
    this.clock.setTimeout(() => {
      this.opening.delete(key);
      const other = this.peers.get(to);
      const full = this.counted(to) >= this.maxLinks || this.counted(from.id) >= this.maxLinks;
      if (from.dead || !other || other.dead || full || this.blocked?.(from.id, to)) {
        if (!from.dead) from.handlers?.close(to);
        return;
      }
      // A dial with the game's ticket (the session's Admission) is a player's: never a stranger.
      const ticket = from.admission?.ticket(to) ?? null;
      if (ticket === null || other.admission?.admits(from.id, ticket) !== true) {
        const waiting = [...this.strangers].filter(([k]) => k.startsWith(`${to}|`));
        if (waiting.length >= this.maxUnproven) this.cut(to, strangerGivingWay(waiting)!.slice(to.length + 1));
        this.strangers.set(`${to}|${from.id}`, { since: this.clock.now(), heard: false });
      }
      this.links.add(key);
      from.handlers?.open(to);
      other.handlers?.open(from.id);
    }, 20);
  }

  /** `to` proved `from` (the session's handshake): no longer a stranger's slot. */
  proven(to: PeerId, from: PeerId): void {
    this.strangers.delete(`${to}|${from}`);
  }

  /** The links of `id` that count toward maxLinks: all but the strangers' it holds. */
  private counted(id: PeerId): number {
    let n = this.linksOf(id).length;
    for (const k of this.strangers.keys()) if (k.startsWith(`${id}|`)) n--;
    return n;
  }

  cut(a: PeerId, b: PeerId): void {
    const key = this.key(a, b);
    this.strangers.delete(`${a}|${b}`);
    this.strangers.delete(`${b}|${a}`);
    if (!this.links.delete(key)) return;
    // Each side notices after a detection delay (as a keep-alive would).
    for (const [me, other] of [
      [a, b],
      [b, a],
    ] as const) {
      this.clock.setTimeout(() => {
        const t = this.peers.get(me);
        if (t && !t.dead && !this.isOpen(me, other)) t.handlers?.close(other);
      }, 50);
    }
  }

  deliver(from: PeerId, to: PeerId, frame: string): void {
    if (this.filter && !this.filter(from, to, frame)) return;
    this.stats.frames++;
    this.stats.chars += frame.length;
    const type = /^\{"t":"([a-z-]{1,16})"/.exec(frame)?.[1] ?? '?';
    this.stats.byType.set(type, (this.stats.byType.get(type) ?? 0) + 1);
    const c = this.chaos;
    const copies = this.random() < c.duplicate ? 2 : 1;
    for (let i = 0; i < copies; i++) {
      if (this.random() < c.drop) continue;
      let delay = c.minDelay + Math.floor(this.random() * (c.maxDelay - c.minDelay + 1));
      if (this.random() < c.reorder) delay += c.reorderDelay;
      this.clock.setTimeout(() => {
        const t = this.peers.get(to);
        if (!t || t.dead || !this.isOpen(from, to)) return;
        const stranger = this.strangers.get(`${to}|${from}`);
        if (stranger) stranger.heard = true;
        t.handlers?.message(from, frame);
      }, delay);
    }
  }
}

export class MemoryTransport implements Transport {
  handlers: TransportHandlers | null = null;
  admission: Admission | null = null;
  dead = false;

  constructor(
    private readonly net: MemoryNetwork,
    readonly id: PeerId,
  ) {}

  listen(handlers: TransportHandlers): void {
    this.handlers = handlers;
  }

  connect(peer: PeerId): void {
    if (this.dead || peer === this.id) return;
    this.net.open(this, peer);
  }

  disconnect(peer: PeerId): void {
    this.net.cut(this.id, peer);
  }

  proven(peer: PeerId): void {
    this.net.proven(this.id, peer);
  }

  admit(admission: Admission): void {
    this.admission = admission;
  }

  send(peer: PeerId, frame: string): boolean {
    if (this.dead || !this.net.isOpen(this.id, peer)) return false;
    if (frame.length > MAX_FRAME_CHARS) return false;
    this.net.deliver(this.id, peer, frame);
    return true;
  }

  connected(): PeerId[] {
    return this.dead ? [] : this.net.linksOf(this.id);
  }

  close(): void {
    if (this.dead) return;
    this.net.crash(this.id);
    this.handlers = null;
  }
}
