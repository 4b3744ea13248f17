// What a past point of this log says about the seats, read from the entries alone (no
// replay of the game): who was played by a person at log index i, and whether an entry is
// a given seat's own (so the log waited for that seat there). The group decisions ask both
// about points the log has passed (docs/lockstep.md, "Group decisions").
import type { Colour } from '../../engine';
import type { LogEntry } from '../../fair';
import type { Replica } from '../../fair/replica';

/** Whether each colour was played by its person just before log index `point` (bots, resignations, drops, reclaims). */
export function controlsAt(entries: readonly LogEntry[], point: number): (c: Colour) => boolean {
  const settings = entries[0];
  const bot = new Map<Colour, boolean>();
  if (settings?.k === 'settings') settings.setup.seats.forEach((c, i) => bot.set(c, !!settings.bots?.[i]));
  for (let i = 1; i < point && i < entries.length; i++) {
    const e = entries[i];
    if (e.k === 'resign' || e.k === 'drop') bot.set(e.colour, true);
    else if (e.k === 'reclaim') bot.set(e.colour, false);
  }
  return (c) => bot.get(c) === false;
}

/** Whether `e` is `colour`'s own entry (its commitment, reveal, move or resignation) or its drop: the log waited for it there. */
export function entryOfSeat(e: LogEntry | undefined, colour: Colour, replica: Replica): boolean {
  if (!e) return false;
  const lobby = replica.follower.lobby;
  switch (e.k) {
    case 'commit':
    case 'reveal':
      return lobby[e.chain] === colour;
    case 'resign':
    case 'drop':
      return e.colour === colour;
    case 'place':
    case 'deploy':
      return replica.state?.setup.seats[e.seat] === colour;
    default:
      return false;
  }
}
