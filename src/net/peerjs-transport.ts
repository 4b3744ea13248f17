// The PeerJS transport (P3.1): one reliable, ordered WebRTC data channel per peer, text
// frames passed through untouched ('raw' serialization: PeerJS never parses them), a
// transport-level keep-alive that closes a silent link within a bounded time, and the
// signalling socket re-opened when it drops. PeerJS itself is imported lazily, so the
// game page's initial JavaScript does not carry it.
import type { DataConnection, Peer, PeerOptions } from 'peerjs';
import {
  MAX_FRAME_CHARS,
  SignallingError,
  strangerGivingWay,
  type Admission,
  type PeerId,
  type Transport,
  type TransportHandlers,
} from './transport';

/** Where the signalling server is and which ICE servers WebRTC may use. */
export interface PeerJsTransportOptions {
  host: string;
  port: number;
  path: string;
  secure: boolean;
  /** RTCPeerConnection ICE servers; `null` keeps PeerJS's own defaults. */
  iceServers: RTCIceServer[] | null;
  /** Only TURN relays, never a direct or STUN path (iceTransportPolicy 'relay'). */
  relayOnly?: boolean;
  /** How often each open link is pinged (ms). */
  pingIntervalMs?: number;
  /** A link that has heard nothing for this long is closed (ms). */
  deadAfterMs?: number;
  /** A dial that has not opened within this time is given up (ms). */
  dialTimeoutMs?: number;
  /** How long the factory waits for the signalling server to give an id (ms). */
  signallingTimeoutMs?: number;
  /** Links beyond this many proven or dialled by this side are refused (seats plus spectators). */
  maxLinks?: number;
  /**
   * Incoming links not yet proven (`proven`) this transport holds at once, beside those: a new
   * dial past it closes one of them, a silent one first (strangerGivingWay), so strangers'
   * silent channels cannot fill the page.
   */
  maxUnproven?: number;
  /** PeerJS's own console logging: 0 none … 3 all. */
  debug?: 0 | 1 | 2 | 3;
}

export type SignallingState = 'open' | 'reconnecting' | 'closed';

const DEFAULTS = {
  pingIntervalMs: 2_000,
  deadAfterMs: 10_000,
  dialTimeoutMs: 15_000,
  signallingTimeoutMs: 15_000,
  maxLinks: 32,
  maxUnproven: 8,
};
/** A send is refused (returns false) while this much is still waiting in the channel. */
const MAX_BUFFERED_BYTES = 1 << 20;
const RECONNECT_MIN_MS = 1_000;
const FAILED_DIAL_PAUSE_MS = 1_000;
const RECONNECT_MAX_MS = 10_000;
/** The keep-alive is one binary byte: session frames are always strings, so the two never mix. */
const PING = new Uint8Array([0]).buffer;

interface Link {
  conn: DataConnection;
  open: boolean;
  since: number;
  lastHeard: number;
  lastPing: number;
  /** Types of the local ICE candidates gathered (host, srflx, relay): why a dial failed. */
  gathered: Set<string>;
  /** What STUN/TURN servers answered when gathering failed (icecandidateerror), a few at most. */
  iceErrors: string[];
  /** Dialled by the other side and not yet proven by the session: one of the strangers' slots. */
  stranger: boolean;
  /** A frame came on it. */
  heard: boolean;
}

type Timing = typeof DEFAULTS & { relayOnly: boolean };
const MAX_ICE_ERRORS = 3;

type PeerConstructor = new (options: PeerOptions) => Peer;

/** PeerJS itself, loaded on first use (warmOnline loads it ahead). */
export async function loadPeer(): Promise<PeerConstructor> {
  const mod = (await import('peerjs')) as unknown as { Peer?: PeerConstructor; default?: PeerConstructor | { Peer?: PeerConstructor } };
  const def = mod.default as { Peer?: PeerConstructor } | PeerConstructor | undefined;
  const ctor = mod.Peer ?? (typeof def === 'function' ? def : def?.Peer);
  if (!ctor) throw new Error('PeerJS did not load (no Peer export)');
  return ctor;
}

/** Opens a PeerJS peer with a fresh id from the signalling server; resolves once it has one. */
export async function createPeerJsTransport(options: PeerJsTransportOptions): Promise<PeerJsTransport> {
  if (options.relayOnly && !options.iceServers?.length) throw new Error('relay only needs ICE servers with a TURN server');
  const Peer = await loadPeer();
  const timing = {
    pingIntervalMs: options.pingIntervalMs ?? DEFAULTS.pingIntervalMs,
    deadAfterMs: options.deadAfterMs ?? DEFAULTS.deadAfterMs,
    dialTimeoutMs: options.dialTimeoutMs ?? DEFAULTS.dialTimeoutMs,
    signallingTimeoutMs: options.signallingTimeoutMs ?? DEFAULTS.signallingTimeoutMs,
    maxLinks: options.maxLinks ?? DEFAULTS.maxLinks,
    maxUnproven: options.maxUnproven ?? DEFAULTS.maxUnproven,
  };
  const peer = new Peer({
    host: options.host,
    port: options.port,
    path: options.path,
    secure: options.secure,
    debug: options.debug ?? 0,
    ...(options.iceServers || options.relayOnly ? { config: rtcConfiguration(options) } : {}),
  });
  const server = `${options.secure ? 'wss' : 'ws'}://${options.host}:${options.port}${options.path}`;
  const id = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => fail(new SignallingError(server, `no answer within ${timing.signallingTimeoutMs} ms`)),
      timing.signallingTimeoutMs,
    );
    const onOpen = (given: string) => {
      clearTimeout(timer);
      peer.off('error', onError);
      resolve(given);
    };
    // PeerJS's server-error often comes with an empty message: say what the type means instead.
    const onError = (e: { type?: string; message?: string }) =>
      fail(new SignallingError(server, e.message?.trim() || `${e.type ?? 'error'} (unreachable or refused)`));
    function fail(e: Error) {
      clearTimeout(timer);
      peer.off('open', onOpen);
      peer.off('error', onError);
      peer.destroy();
      reject(e);
    }
    peer.once('open', onOpen);
    peer.on('error', onError);
  });
  return new PeerJsTransport(peer, id, { ...timing, relayOnly: options.relayOnly === true });
}

/** What PeerJS hands to every RTCPeerConnection: our ICE servers (or its own) and the path policy. */
function rtcConfiguration(options: Pick<PeerJsTransportOptions, 'iceServers' | 'relayOnly'>): RTCConfiguration {
  return {
    ...(options.iceServers ? { iceServers: options.iceServers } : {}),
    ...(options.relayOnly ? { iceTransportPolicy: 'relay' as const } : {}),
  };
}

export class PeerJsTransport implements Transport {
  private handlers: TransportHandlers | null = null;
  private admission: Admission | null = null;
  private readonly links = new Map<PeerId, Link>();
  private closed = false;
  private readonly ticker: ReturnType<typeof setInterval>;
  private reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  private readonly timers = new Set<ReturnType<typeof setTimeout>>();
  private reconnectDelay = RECONNECT_MIN_MS;
  private signallingListener: ((state: SignallingState) => void) | null = null;
  private linkFailureListener: ((peer: PeerId, reason: string) => void) | null = null;

  constructor(
    private readonly peer: Peer,
    readonly id: PeerId,
    private readonly timing: Timing,
  ) {
    peer.on('connection', (conn) => this.incoming(conn));
    peer.on('disconnected', () => this.signallingLost());
    peer.on('open', () => {
      this.reconnectDelay = RECONNECT_MIN_MS;
      this.signallingListener?.('open');
    });
    peer.on('error', (e) => this.peerError(e));
    this.ticker = setInterval(() => this.tick(), Math.min(timing.pingIntervalMs, 1_000));
  }

  listen(handlers: TransportHandlers): void {
    this.handlers = handlers;
  }

  /** Called whenever the signalling socket opens, drops or is given up. */
  onSignalling(listener: ((state: SignallingState) => void) | null): void {
    this.signallingListener = listener;
  }

  /** Called with a reason a person can act on whenever a WebRTC link fails before it opens (ICE, TURN credential). */
  onLinkFailure(listener: ((peer: PeerId, reason: string) => void) | null): void {
    this.linkFailureListener = listener;
  }

  signalling(): SignallingState {
    if (this.closed || this.peer.destroyed) return 'closed';
    return this.peer.disconnected || !this.peer.open ? 'reconnecting' : 'open';
  }

  connect(peer: PeerId): void {
    if (this.closed || peer === this.id || this.links.has(peer) || !validPeerId(peer)) return;
    if (this.peer.disconnected) {
      // No dial without signalling: reported as a failed dial, after a pause so that a
      // session redialling on `close` does not spin while the server is away.
      const timer = setTimeout(() => {
        this.timers.delete(timer);
        if (!this.closed && !this.links.has(peer)) this.handlers?.close(peer);
      }, FAILED_DIAL_PAUSE_MS);
      this.timers.add(timer);
      return;
    }
    const ticket = this.admission?.ticket(peer) ?? null;
    const conn = this.peer.connect(peer, { reliable: true, serialization: 'raw', ...(ticket ? { metadata: { ticket } } : {}) });
    if (conn) this.adopt(peer, conn);
  }

  admit(admission: Admission): void {
    this.admission = admission;
  }

  proven(peer: PeerId): void {
    const link = this.links.get(peer);
    if (link) link.stranger = false;
  }

  disconnect(peer: PeerId): void {
    const link = this.links.get(peer);
    if (!link) return;
    this.links.delete(peer);
    link.conn.close();
  }

  send(peer: PeerId, frame: string): boolean {
    const link = this.links.get(peer);
    if (this.closed || !link?.open || typeof frame !== 'string' || frame.length > MAX_FRAME_CHARS) return false;
    const channel = link.conn.dataChannel as RTCDataChannel | undefined;
    if (!channel || channel.readyState !== 'open' || channel.bufferedAmount > MAX_BUFFERED_BYTES) return false;
    try {
      link.conn.send(frame);
      return true;
    } catch {
      return false;
    }
  }

  connected(): PeerId[] {
    return [...this.links]
      .filter(([, l]) => l.open)
      .map(([p]) => p)
      .sort();
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.handlers = null;
    this.signallingListener = null;
    this.linkFailureListener = null;
    clearInterval(this.ticker);
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    for (const link of this.links.values()) link.conn.close();
    this.links.clear();
    this.peer.destroy();
  }

  private incoming(conn: DataConnection): void {
    const peer = conn.peer;
    // Only our own kind of channel: a 'json' or 'binary' one would have PeerJS parse untrusted bytes.
    if (this.closed || conn.serialization !== 'raw' || !conn.reliable || !validPeerId(peer) || peer === this.id) {
      conn.close();
      return;
    }
    const existing = this.links.get(peer);
    const meta = conn.metadata as unknown; // the dialler's, untrusted
    const ticket = meta && typeof meta === 'object' ? (meta as { ticket?: unknown }).ticket : undefined;
    const admitted = typeof ticket === 'string' && ticket.length <= 64 && this.admission?.admits(peer, ticket) === true;
    if (!existing && !this.roomFor(admitted)) {
      conn.close(); // the page's links are full of proven peers
      return;
    }
    if (existing && !existing.open && this.id < peer) {
      // Both dialled at once: the dial of the smaller id wins, on both sides alike.
      conn.close();
      return;
    }
    if (existing) {
      // Our dial lost the race, or the other side redialled because it saw our link die first.
      this.links.delete(peer);
      existing.conn.close();
      if (existing.open) this.handlers?.close(peer);
    }
    this.adopt(peer, conn, !admitted);
  }

  /**
   * Whether a new incoming link fits: proven links (and this side's dials) up to maxLinks; a
   * stranger's, past maxUnproven of them, sends one of them away (strangerGivingWay).
   */
  private roomFor(admitted: boolean): boolean {
    const strangers = [...this.links].filter(([, l]) => l.stranger);
    if (this.links.size - strangers.length >= this.timing.maxLinks) return false;
    if (!admitted && strangers.length >= this.timing.maxUnproven) {
      const peer = strangerGivingWay(strangers)!;
      this.drop(peer, this.links.get(peer)!);
    }
    return true;
  }

  private adopt(peer: PeerId, conn: DataConnection, stranger = false): void {
    const now = Date.now();
    const link: Link = {
      conn,
      open: false,
      since: now,
      lastHeard: now,
      lastPing: now,
      gathered: new Set(),
      iceErrors: [],
      stranger,
      heard: false,
    };
    this.links.set(peer, link);
    const current = () => this.links.get(peer) === link;
    conn.on('open', () => {
      if (!current() || this.closed) return;
      link.open = true;
      link.lastHeard = Date.now();
      this.handlers?.open(peer);
    });
    conn.on('data', (data: unknown) => {
      if (!current() || !link.open) return;
      link.lastHeard = Date.now();
      link.heard = true;
      // Binary messages are keep-alives; oversized frames are dropped unread.
      if (typeof data !== 'string' || data.length > MAX_FRAME_CHARS) return;
      this.handlers?.message(peer, data);
    });
    conn.on('close', () => this.drop(peer, link));
    conn.on('error', () => this.drop(peer, link));
    // PeerJS closes a channel that never opened without a 'close' event; a failed ICE or
    // DTLS handshake is seen here instead, so the session can redial at once.
    const pc = conn.peerConnection as RTCPeerConnection | undefined;
    pc?.addEventListener?.('connectionstatechange', () => {
      if (pc.connectionState === 'failed') this.drop(peer, link, 'failed');
      else if (pc.connectionState === 'closed') this.drop(peer, link);
    });
    pc?.addEventListener?.('icecandidate', (e: Event) => {
      const type = / typ ([a-z]+)/.exec((e as RTCPeerConnectionIceEvent).candidate?.candidate ?? '')?.[1];
      if (type) link.gathered.add(type);
    });
    pc?.addEventListener?.('icecandidateerror', (e: Event) => {
      const { url, errorCode, errorText } = e as RTCPeerConnectionIceErrorEvent;
      const text = (errorText ?? '').replace(/\.$/, ''); // Chromium's "Unauthorized."
      const said = `${url ?? 'an ICE server'} answered ${errorCode}${text ? ` ${text}` : ''}`;
      if (link.iceErrors.length < MAX_ICE_ERRORS && !link.iceErrors.includes(said)) link.iceErrors.push(said);
    });
  }

  /** Why `link` never opened, in words that point at the setting to check. */
  private failureReason(peer: PeerId, link: Link, how: 'timeout' | 'failed'): string {
    const seconds = Math.round(this.timing.dialTimeoutMs / 1000);
    const head = how === 'timeout' ? `no WebRTC link to ${peer} within ${seconds} s` : `the WebRTC link to ${peer} failed`;
    if (link.iceErrors.length) return `${head}: ${link.iceErrors.join('; ')}`;
    if (this.timing.relayOnly && !link.gathered.has('relay')) {
      return `${head}: relay only, and no TURN server gave a relay address (check its address, username and credential)`;
    }
    const state = (link.conn.peerConnection as RTCPeerConnection | undefined)?.iceConnectionState ?? 'unknown';
    return `${head}: no path between the two found (ICE ${state}; a TURN server may be needed)`;
  }

  /** Forgets `link` if it is still the one for `peer`, and says so once; `failed` says a dial gave up, and why. */
  private drop(peer: PeerId, link: Link, failed?: 'timeout' | 'failed'): void {
    if (this.links.get(peer) !== link) return;
    const reason = failed && !link.open && !this.closed ? this.failureReason(peer, link, failed) : null; // before close() resets ICE
    this.links.delete(peer);
    link.conn.close();
    if (this.closed) return;
    if (reason) this.linkFailureListener?.(peer, reason);
    this.handlers?.close(peer);
  }

  private tick(): void {
    const now = Date.now();
    for (const [peer, link] of [...this.links]) {
      if (!link.open) {
        if (now - link.since > this.timing.dialTimeoutMs) this.drop(peer, link, 'timeout');
        continue;
      }
      if (now - link.lastHeard > this.timing.deadAfterMs) {
        this.drop(peer, link);
        continue;
      }
      const channel = link.conn.dataChannel as RTCDataChannel | undefined;
      if (!channel || channel.readyState !== 'open') {
        this.drop(peer, link);
        continue;
      }
      if (now - link.lastPing >= this.timing.pingIntervalMs && channel.bufferedAmount < MAX_BUFFERED_BYTES) {
        link.lastPing = now;
        try {
          channel.send(PING);
        } catch {
          this.drop(peer, link);
        }
      }
    }
  }

  private peerError(e: { type?: string; message?: string }): void {
    if (this.closed) return;
    if (e.type === 'peer-unavailable') {
      // "Could not connect to peer <id>": that dial will never open.
      const target = /peer (\S+)$/.exec(e.message ?? '')?.[1];
      const link = target ? this.links.get(target) : undefined;
      if (target && link && !link.open) this.drop(target, link);
      return;
    }
    if (e.type === 'network' || e.type === 'socket-closed' || e.type === 'socket-error' || e.type === 'server-error') this.signallingLost();
  }

  private signallingLost(): void {
    if (this.closed || this.peer.destroyed || this.reconnectTimer) return;
    this.signallingListener?.('reconnecting');
    const delay = this.reconnectDelay;
    this.reconnectDelay = Math.min(RECONNECT_MAX_MS, delay * 2);
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      if (this.closed || this.peer.destroyed) return;
      if (!this.peer.disconnected) return;
      try {
        this.peer.reconnect();
      } catch {
        this.signallingListener?.('closed');
        return;
      }
      // If the socket fails again PeerJS reports 'disconnected' or an error, which lands here again.
    }, delay);
  }
}

/** PeerJS ids: alphanumerics, with - and _ inside (what the server hands out). */
export function validPeerId(id: unknown): id is PeerId {
  return typeof id === 'string' && id.length <= 64 && /^[A-Za-z0-9](?:[A-Za-z0-9_-]*[A-Za-z0-9])?$/.test(id);
}
