// What the UI reads of a networked game, built from the parts' state: each seat and who
// controls it, every peer and its link, the reveals still missing, the forfeits. Pure
// functions of what they are given; the session hands them its current state.
import type { Colour } from '../../engine';
import type { Replica } from '../../fair/replica';
import type { SeatInfo } from '../../session/session';
import { fingerprint } from '../identity';
import type { LobbySeat, StartRecord } from '../wire';
import type { Links } from './links';
import type { PeerView } from './views';

/** Each seat in play order: a bot, this device's person (unless a bot plays it here), or a remote player. */
export function seatInfos(start: StartRecord, replica: Replica, mySeat: number | null, ownSeatBot: boolean): SeatInfo[] {
  const f = replica.follower;
  return replica.state!.setup.seats.map((colour) => {
    const lobbyIndex = start.roster.findIndex((r) => r.colour === colour);
    const r = start.roster[lobbyIndex];
    const mine = lobbyIndex === mySeat && f.control(colour).by === 'player' && !ownSeatBot;
    return {
      colour,
      controller: r.bot
        ? { kind: 'bot' as const, level: r.bot }
        : mine
          ? { kind: 'human' as const }
          : { kind: 'remote' as const, name: r.name ?? colour },
      localHuman: mine,
    };
  });
}

/** Every peer known: the seated ones (connected, reconnecting, or gone once forfeited), then watchers and others linked. */
export function peerViews(roster: readonly LobbySeat[], links: Links, replica: Replica | null, myPub: string): PeerView[] {
  const out: PeerView[] = [];
  const seen = new Set<string>();
  for (const r of roster) {
    if (!r.pub || r.pub === myPub) continue;
    seen.add(r.pub);
    const link = links.linkOf(r.pub);
    const gone = replica ? replica.follower.forfeited(r.colour) !== null && !link : false;
    const state = link ? 'connected' : gone ? 'gone' : 'reconnecting';
    out.push({ pub: r.pub, name: r.name ?? r.colour, colour: r.colour, state, fingerprint: fingerprint(r.pub), watcher: false });
  }
  for (const l of links.values())
    if (l.authed && l.pub && !seen.has(l.pub))
      out.push({
        pub: l.pub,
        name: l.name,
        colour: null,
        state: 'connected',
        fingerprint: fingerprint(l.pub),
        watcher: l.role === 'watch',
      });
  return out;
}

/** Reveals still missing for the event due now, by colour ("waiting for 2 reveals"). */
export function revealsMissing(replica: Replica | null): Colour[] {
  const at = replica?.awaiting();
  if (!replica || !at || at.kind !== 'reveal') return [];
  return at.chains.map((c) => replica.follower.lobby[c]);
}

/** Forfeited seats (dropped or resigned): they rank last whatever their score (P2.6). */
export function forfeitsOf(replica: Replica | null): { colour: Colour; why: 'dropped' | 'resigned' }[] {
  const f = replica?.follower;
  if (!f) return [];
  return f.lobby.flatMap((colour) => {
    const why = f.forfeited(colour);
    return why ? [{ colour, why }] : [];
  });
}
