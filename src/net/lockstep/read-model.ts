// What the UI reads of a networked game, built from the parts' state: each seat and who
// controls it, every peer and its link, who the game waits for (the start's commitments, a
// silent seat, the reveals still missing), the open reclaims, the forfeits and whose votes a
// drop rests on, the session's status. Pure functions of what they are given; the session
// hands them its current state.
import type { Colour } from '../../engine';
import type { Replica } from '../../fair/replica';
import type { Forfeit, SeatInfo, SessionStatus } from '../../session/session';
import { fingerprint } from '../identity';
import type { LobbySeat, StartRecord } from '../wire';
import type { Links } from './links';
import type { Authored } from './own-seat';
import { dropWitnesses } from './replay-signatures';
import { eligibleVoters, type SeatVotes } from './seat-votes';
import type { DesyncReport, PeerView, ReclaimView, StartingView, WaitingView } from './views';
import type { Wait, WaitTimer } from './wait-timer';

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

/** Who the game waits for (`w`, at log index `point` of history `p`), since when, and the drop votes so far (P2.6). */
export function waitingView(
  w: Wait,
  timer: WaitTimer,
  votes: SeatVotes,
  roster: readonly LobbySeat[],
  point: number,
  p: string,
): WaitingView {
  const voters = votes.votersOf({ what: 'drop', colour: w.colour, point, p });
  return {
    colour: w.colour,
    what: w.what,
    since: timer.since,
    deadline: timer.deadline(w.what),
    votes: [...voters].map((a) => roster[a].colour),
    bankLeft: timer.bankLeft(w.colour),
  };
}

/**
 * Before the first draw: whose commitment the start still waits for (`authored`: whether a seat
 * signed one), since when, and from when a player may start again without them.
 */
export function startingView(
  r: Replica,
  roster: readonly LobbySeat[],
  authored: Authored,
  since: number,
  revealMs: number,
  now: number,
): StartingView | null {
  if (r.state || r.awaiting().kind !== 'commit') return null;
  const chains = r.follower.chainSeatList;
  const missing = chains.filter((a, i) => !authored(a, 1 + i, (e) => e.k === 'commit')).map((a) => roster[a].colour);
  const deadline = since + revealMs;
  return { missing, since, deadline, left: Math.max(0, deadline - now) };
}

/** The open requests of dropped seats to come back, with the vote so far (shown to everyone). */
export function reclaimViews(r: Replica | null, start: StartRecord | null, votes: SeatVotes): ReclaimView[] {
  if (!r?.state || r.state.phase === 'over' || !start) return [];
  const roster = start.roster;
  const f = r.follower;
  return f.lobby.flatMap((colour) => {
    if (f.forfeited(colour) !== 'dropped' || f.control(colour).by !== 'bot') return [];
    const target = roster.findIndex((x) => x.colour === colour);
    const voters = eligibleVoters(roster, colour, (c) => f.control(c).by === 'player');
    return votes
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

/** The forfeits, each drop with the seats on whose signed votes it rests (issue 18: the results say whose word). */
export function forfeitsWithVoters(
  start: StartRecord | null,
  replica: Replica | null,
  prefix: (i: number) => string,
  votes: SeatVotes,
): Forfeit[] {
  const out: Forfeit[] = forfeitsOf(replica);
  if (!out.some((f) => f.why === 'dropped') || !start || !replica) return out;
  // A drop rests on the signed word of the seats that voted for it (issue 18): the results say whose.
  const words = dropWitnesses(start, replica, prefix, votes);
  const entries = replica.log.entries;
  return out.map((f) => {
    if (f.why !== 'dropped') return f;
    let at = entries.length - 1;
    while (at >= 0 && !(entries[at].k === 'drop' && (entries[at] as { colour: Colour }).colour === f.colour)) at--;
    const by = words.get(at);
    return by ? { ...f, by } : f;
  });
}

/** The session's status: stopped on a desync, waiting for the start, over, a bot's or this device's move, or another's. */
export function sessionStatus(
  report: DesyncReport | null,
  r: Replica | null,
  myColour: Colour | null,
  ownSeatBot: () => boolean,
): SessionStatus {
  if (report) return { kind: 'failed', message: `desync at turn ${report.turn}: ${report.peer} holds another state` };
  if (!r?.state) return { kind: 'waiting-remote', seat: 0 };
  const s = r.state;
  if (s.phase === 'over') return { kind: 'over' };
  const at = r.awaiting();
  if (at.kind === 'action') {
    if (at.control.by === 'bot') return { kind: 'bot-thinking', seat: at.seat };
    if (myColour === at.colour && !ownSeatBot()) return { kind: 'your-move', seat: at.seat };
  }
  return { kind: 'waiting-remote', seat: s.seat };
}
