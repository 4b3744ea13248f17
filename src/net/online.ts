// Opening an online game (P3): the signalling settings (net-settings.ts), a PeerJS
// transport with a fresh id, and a MeshSession that hosts, joins, watches, or returns to
// a stored game after a reload. PeerJS and the mesh session are loaded only here, when an
// online game is opened, so the game page's first load does not carry them.
import type { Colour, GameSetup } from '../engine';
import type { GameStore } from '../session/game-store';
import type { FastVerifier } from './fast-ed25519';
import type { MeshSession } from './mesh-session';
import type { NetSettings, ResolvedNetSettings } from './net-settings';
import type { PeerJsTransport, PeerJsTransportOptions } from './peerjs-transport';
import type { SessionDeps } from '../session/session-factory';
import type { BotLevel, SeatController } from '../session/session';
import type { PeerId } from './transport';
import { CLOCK_PRESETS, type ClockPreset } from './lockstep/limits';

export type OnlineRequest =
  /** Seats of human controllers become open seats, bot controllers bot seats; the host sits in the first open one. */
  | { kind: 'host'; name: string; setup: GameSetup; controllers: readonly SeatController[]; clock?: ClockPreset; standIn?: BotLevel }
  /** `signalling`: the host's server from the join link, when the player chose to use it. */
  | { kind: 'join'; name: string; peer: PeerId; watch: boolean; invite: string | null; signalling?: LinkSignalling | null }
  | { kind: 'resume'; gameId: string };

/** The signalling server a join link names (P3.1): where the host's page is, never any credential. */
export interface LinkSignalling {
  host: string;
  port: number;
  path: string;
  secure: boolean;
}

/** The signalling as a URL (wss://host:port/path), as a join link carries it and the page shows it. */
export function signallingUrl(s: LinkSignalling): string {
  return `${s.secure ? 'wss' : 'ws'}://${s.host}:${s.port}${s.path}`;
}

/** A signalling URL from a link, strictly: ws(s), a plain host name or IPv4, a port, a short path; nothing else. */
export function parseSignallingUrl(text: string): LinkSignalling | null {
  const m = /^(wss?):\/\/([A-Za-z0-9.-]{1,253}):(\d{1,5})(\/[A-Za-z0-9._~/-]{0,100})$/.exec(text);
  if (!m) return null;
  const port = Number(m[3]);
  if (port < 1 || port > 65535) return null;
  return { secure: m[1] === 'wss', host: m[2], port, path: m[4] };
}

/**
 * The link that brings a friend into the game through this peer (P3.1): this page, the
 * peer's id, for a player the lobby's invitation (without it, a link to watch only), and the
 * host's signalling — all in the fragment, which no server sees.
 */
export function joinLink(
  page: { origin: string; pathname: string },
  peer: PeerId,
  extra: { invite?: string | null; signalling?: LinkSignalling | null } = {},
): string {
  const invite = extra.invite ? `&invite=${extra.invite}` : '';
  const sig = extra.signalling ? `&sig=${encodeURIComponent(signallingUrl(extra.signalling))}` : '';
  return `${page.origin}${page.pathname}#join=${encodeURIComponent(peer)}${invite}${sig}`;
}

/**
 * What a join link's fragment holds: the peer id (PeerJS ids: letters, digits, - and _), the
 * invitation (null: a link to watch) and the signalling it names, if valid.
 */
export function parseJoinLink(hash: string): { peer: PeerId; invite: string | null; signalling: LinkSignalling | null } | null {
  const m = /^#join=([A-Za-z0-9_-]{1,64})(?:&invite=([0-9a-f]{32}))?(?:&sig=([^&]{1,400}))?$/.exec(hash);
  if (!m) return null;
  let signalling: LinkSignalling | null = null;
  try {
    signalling = m[3] ? parseSignallingUrl(decodeURIComponent(m[3])) : null;
  } catch {
    signalling = null; // a malformed escape: the link still names the peer
  }
  return { peer: m[1], invite: m[2] ?? null, signalling };
}

/** The peer id in a join link's fragment, or null. */
export function peerFromLink(hash: string): PeerId | null {
  return parseJoinLink(hash)?.peer ?? null;
}

let inUse: LinkSignalling | null = null;

/** The signalling server the last online game opened on this page uses (the lobby puts it in the join link). */
export function signallingInUse(): LinkSignalling | null {
  return inUse;
}

/**
 * The join link of this page through `peer`, with the signalling in use: to play with the
 * lobby's `invite`, to watch without one.
 */
export function joinLinkHere(peer: PeerId, invite: string | null = null): string {
  return joinLink(globalThis.location ?? { origin: '', pathname: '/' }, peer, { invite, signalling: signallingInUse() });
}

/** The PeerJS transport's options from the connection settings in force (as the player or the build set them). */
export function transportOptions(settings: NetSettings): PeerJsTransportOptions {
  const { host, port, path, secure, iceServers, relayOnly } = settings;
  return { host, port, path, secure, iceServers, relayOnly: relayOnly === true };
}

let fastVerifier: Promise<FastVerifier | null> | undefined;
let warmed: Promise<unknown> | null = null;

/**
 * On the way to an online game (a join link's form, the new-game form): its code (the mesh
 * session, PeerJS), the WebCrypto probe, and Ed25519's tables (a first key costs noble ~110 ms
 * here), so the click that opens the game waits on the network, not on these. Once a page.
 */
export function warmOnline(): Promise<unknown> {
  warmed ??= Promise.all([
    import('./mesh-session'),
    import('./peerjs-transport').then((m) => m.loadPeer()),
    import('./net-settings'),
    import('./fast-ed25519').then((m) => (fastVerifier ??= m.webCryptoEd25519())),
    import('./identity').then((m) => new Promise((r) => setTimeout(() => r(m.freshIdentity()), 0))), // a throwaway key: the tables stay
  ]).catch(() => {}); // openOnline loads again and says what failed
  return warmed;
}

/**
 * The server a join uses before the player is asked (sw-join shows the question, the
 * signalling opened ahead follows the answer): `page` when the link names none or this page's
 * own; `link` when it names another and this page has no settings of its own (the public
 * default); `ask` when both the link and this page name a server of their own.
 */
export function joinServer(link: LinkSignalling | null, resolved: ResolvedNetSettings): 'page' | 'link' | 'ask' {
  if (!link || signallingUrl(link) === signallingUrl(resolved.settings)) return 'page';
  return resolved.source === 'public' ? 'link' : 'ask';
}

/** A transport opened ahead of the click that needs it, with the options it was opened with (null: nothing opened). */
let ahead: { options: Promise<PeerJsTransportOptions | null>; transport: Promise<PeerJsTransport> } | null = null;

/**
 * Opens the signalling ahead (a join link's form is on screen, P3.1): a transport with a fresh
 * id, unused until `openOnline` takes it, so the click on Play or Watch waits for the links
 * and the lobby, not for the server's socket too (0.2–0.3 s here). `link`: the server the join
 * link names. The server is the one the form uses without asking (`joinServer`); when the
 * player is to be asked, nothing is opened. One at a time; a failure stays silent here (the
 * click opens again and says what failed).
 */
export function openTransportAhead(link: LinkSignalling | null): void {
  if (ahead) return;
  const options = import('./net-settings').then(async (m) => {
    const resolved = await m.resolveNetSettings();
    const server = joinServer(link, resolved);
    if (server === 'ask') return null;
    return transportOptions(server === 'link' && link ? { ...resolved.settings, ...link } : resolved.settings);
  });
  const transport = Promise.all([options, import('./peerjs-transport')]).then(([o, m]) => {
    if (!o) throw new Error('the player chooses the server');
    return m.createPeerJsTransport(o);
  });
  options.catch(() => {});
  transport.catch(() => {});
  ahead = { options, transport };
}

/**
 * The transport opened ahead, if it was opened with these `options` and its signalling is
 * still open; otherwise it is closed and null comes back (a new one is made). Taken once.
 */
async function takeTransportAhead(options: PeerJsTransportOptions): Promise<PeerJsTransport | null> {
  const spare = ahead;
  ahead = null;
  if (!spare) return null;
  const opened = await spare.options.catch(() => null);
  if (!opened || JSON.stringify(opened) !== JSON.stringify(options)) {
    void spare.transport.then(
      (t) => t.close(),
      () => {},
    );
    return null;
  }
  const t = await spare.transport.catch(() => null);
  if (t && t.signalling() === 'open') return t;
  t?.close();
  return null;
}

/** `onLinkFailure` hears why a WebRTC link failed before it opened (a wrong TURN credential, no path), to show the player. */
export async function openOnline(
  req: OnlineRequest,
  deps: SessionDeps & {
    store: GameStore;
    onLinkFailure?: (reason: string) => void;
    /** Whether the signalling server is reachable now (the host's friends join through it; a dropped peer returns through it). */
    onSignalling?: (state: 'open' | 'reconnecting' | 'closed', server: string) => void;
  },
): Promise<MeshSession> {
  const [{ MeshSession }, { createPeerJsTransport }, { resolveNetSettings }, { webCryptoEd25519 }] = await Promise.all([
    import('./mesh-session'),
    import('./peerjs-transport'),
    import('./net-settings'),
    import('./fast-ed25519'),
  ]);
  // The page's WebCrypto checks signatures off the main thread where it can (noble decides the rest); probed once.
  fastVerifier ??= webCryptoEd25519();
  const { settings: resolved } = await resolveNetSettings();
  // A join link's server replaces this page's for this game only; the ICE servers stay this page's.
  const link = req.kind === 'join' ? req.signalling : null;
  const settings = link ? { ...resolved, ...link } : resolved;
  const options = transportOptions(settings);
  // The signalling opens while the WebCrypto probe runs, or was opened ahead (a join link's form).
  const [fastVerify, transport] = await Promise.all([
    fastVerifier,
    takeTransportAhead(options).then((ahead) => ahead ?? createPeerJsTransport(options)),
  ]);
  inUse = { host: settings.host, port: settings.port, path: settings.path, secure: settings.secure };
  const heard = deps.onLinkFailure;
  if (heard) transport.onLinkFailure((_peer, reason) => heard(reason));
  const signalling = deps.onSignalling;
  if (signalling) transport.onSignalling((state) => signalling(state, signallingUrl(settings)));
  const base = { transport, store: deps.store, botRunner: deps.botRunner, pace: deps.pace, fastVerify };
  try {
    switch (req.kind) {
      case 'host': {
        const seats = req.setup.seats.map((colour: Colour, i) => {
          const c = req.controllers[i];
          return { colour, bot: c?.kind === 'bot' ? c.level : null };
        });
        const hostColour = seats.find((s) => !s.bot)?.colour;
        if (!hostColour) throw new Error('an online game needs at least one seat for a person');
        const clock = { ...CLOCK_PRESETS[req.clock ?? 'standard'] };
        return MeshSession.host(
          { ...base, name: req.name },
          { options: req.setup.options, seats, hostColour, clock, standIn: req.standIn },
        );
      }
      case 'join':
        return MeshSession.join({ ...base, name: req.name }, req.peer, req.watch, req.invite);
      case 'resume':
        return MeshSession.resume({ ...base, name: '' }, req.gameId);
    }
  } catch (e) {
    transport.close();
    throw e;
  }
}
