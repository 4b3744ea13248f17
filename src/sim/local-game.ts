// A whole fair game in one process: bots in every seat, every seat's hash chain (P2.1) held
// locally, the real replay log (P4.1) at the end. `npm run play:local`, `npm run mutate`, the
// fair bench and the tests play their games with it. `seed` seeds only the bots' choices; the
// chain secrets come from crypto.getRandomValues unless `match` fixes them.
import { defaultOptions, type Colour, type GameOptions } from '../engine';
import { botByLevel, type BotLevel } from '../bots';
import { SeededChooser } from '../bots/chooser';
import { FairMatch, type MatchOptions } from '../fair';

export interface PlayLocalOptions {
  seats: Colour[];
  /** One level for every seat, or one per seat. */
  bots: BotLevel[];
  expansion?: boolean;
  teams?: boolean;
  shuffle?: boolean;
  unplaceable?: GameOptions['unplaceable'];
  /** Seeds the bots' choices (not the chains). */
  seed?: number;
  /** Passed to FairMatch (tests give fixed secrets and game ids). */
  match?: Omit<MatchOptions, 'shuffleSeats'>;
}

/** Plays a full game and returns the finished match. Throws RangeError on a bad bots list, RuleError on a bad setup. */
export function playLocal(o: PlayLocalOptions): FairMatch {
  if (o.bots.length !== 1 && o.bots.length !== o.seats.length)
    throw new RangeError(`bots: one level or one per seat (${o.seats.length}), got ${o.bots.length}`);
  const options = defaultOptions();
  options.teams = o.teams ?? false;
  options.unplaceable = o.unplaceable ?? 'remove';
  if (o.expansion) options.expansion = { tiles: true, blue: true, equipment: true, yellowDie: true };
  const match = FairMatch.create({ seats: o.seats, options }, { ...o.match, shuffleSeats: o.shuffle ?? false });
  match.start();
  // Bots follow their lobby colour even when the seats are shuffled.
  const levelOf = (colour: Colour) => (o.bots.length === 1 ? o.bots[0] : o.bots[o.seats.indexOf(colour)]);
  const seed = o.seed ?? 1;
  const choosers = new Map<Colour, SeededChooser>(o.seats.map((c, i) => [c, new SeededChooser((seed * 7919 + i * 104729) >>> 0)]));
  for (let n = 0; match.state.phase !== 'over'; n++) {
    if (n > 100_000) throw new Error('internal: the game did not end');
    const colour = match.state.setup.seats[match.state.seat];
    const choice = botByLevel(levelOf(colour)).choose(match.state, { rng: choosers.get(colour)!, budgetMs: 1000 });
    match.act(choice.type === 'place' ? { type: 'place', ...choice.placement } : { type: 'deploy', deployment: choice.deployment });
  }
  return match;
}
