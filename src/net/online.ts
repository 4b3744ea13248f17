// Opening an online game (P3): the signalling settings (net-settings.ts), a PeerJS
// transport with a fresh id, and a MeshSession that hosts, joins, watches, or returns to
// a stored game after a reload. PeerJS and the mesh session are loaded only here, when an
// online game is opened, so the game page's first load does not carry them.
import type { Colour, GameSetup } from '../engine';
import type { GameStore } from '../session/game-store';
import type { MeshSession } from './mesh-session';
import type { NetSettings } from './net-settings';
import type { PeerJsTransportOptions } from './peerjs-transport';
import type { SessionDeps } from '../session/session-factory';
import type { SeatController } from '../session/session';
import type { PeerId } from './transport';

export type OnlineRequest =
  /** Seats of human controllers become open seats, bot controllers bot seats; the host sits in the first open one. */
  | { kind: 'host'; name: string; setup: GameSetup; controllers: readonly SeatController[] }
  | { kind: 'join'; name: string; peer: PeerId; watch: boolean; invite: string | null }
  | { kind: 'resume'; gameId: string };

/**
 * The link that brings a friend into the game through this peer (P3.1): this page with the
 * peer's id and, for a player, the lobby's invitation (in the fragment, which no server
 * sees); without it, a link to watch only.
 */
export function joinLink(page: { origin: string; pathname: string }, peer: PeerId, invite: string | null = null): string {
  return `${page.origin}${page.pathname}#join=${encodeURIComponent(peer)}${invite ? `&invite=${invite}` : ''}`;
}

/** The peer id and the invitation (null: a link to watch) in a join link's fragment, or null. PeerJS ids: letters, digits, - and _. */
export function joinFromLink(hash: string): { peer: PeerId; invite: string | null } | null {
  const m = /^#join=([A-Za-z0-9_-]{1,64})(?:&invite=([0-9a-f]{32}))?$/.exec(hash);
  return m ? { peer: m[1], invite: m[2] ?? null } : null;
}

/** The PeerJS transport's options from the connection settings in force (as the player or the build set them). */
export function transportOptions(settings: NetSettings): PeerJsTransportOptions {
  const { host, port, path, secure, iceServers, relayOnly } = settings;
  return { host, port, path, secure, iceServers, relayOnly: relayOnly === true };
}

/** `onLinkFailure` hears why a WebRTC link failed before it opened (a wrong TURN credential, no path), to show the player. */
export async function openOnline(
  req: OnlineRequest,
  deps: SessionDeps & { store: GameStore; onLinkFailure?: (reason: string) => void },
): Promise<MeshSession> {
  const [{ MeshSession }, { createPeerJsTransport }, { resolveNetSettings }] = await Promise.all([
    import('./mesh-session'),
    import('./peerjs-transport'),
    import('./net-settings'),
  ]);
  const { settings } = await resolveNetSettings();
  const transport = await createPeerJsTransport(transportOptions(settings));
  const heard = deps.onLinkFailure;
  if (heard) transport.onLinkFailure((_peer, reason) => heard(reason));
  const base = { transport, store: deps.store, botRunner: deps.botRunner, pace: deps.pace };
  try {
    switch (req.kind) {
      case 'host': {
        const seats = req.setup.seats.map((colour: Colour, i) => {
          const c = req.controllers[i];
          return { colour, bot: c?.kind === 'bot' ? c.level : null };
        });
        const hostColour = seats.find((s) => !s.bot)?.colour;
        if (!hostColour) throw new Error('an online game needs at least one seat for a person');
        return MeshSession.host({ ...base, name: req.name }, { options: req.setup.options, seats, hostColour });
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
