// npm run play:local -- --seats red,black,green --bots random --out game.json
//   [--expansion] [--teams] [--shuffle] [--unplaceable remove|return] [--seed N] [--save FILE]
// Plays a whole game in one process with bots in every seat and every seat's hash chain
// (P2.1) held locally, and writes the real replay log (P4.1). `--seed` seeds only the
// bots' choices; the chain secrets always come from crypto.getRandomValues.
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { COLOURS, defaultOptions, RuleError, scorerName, type Colour, type GameOptions } from '../engine';
import { BOT_LEVELS, botByLevel, type BotLevel } from '../bots';
import { SeededChooser } from '../bots/chooser';
import { FairMatch, type MatchOptions } from '../fair';
import { oneLine } from '../fair/one-line';
import { parseFlags, readCommandLine, UsageError } from './args';

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

export { UsageError };

/** Plays a full game and returns the finished match. Throws UsageError/RuleError on a bad setup. */
export function playLocal(o: PlayLocalOptions): FairMatch {
  if (o.bots.length !== 1 && o.bots.length !== o.seats.length)
    throw new UsageError(`--bots takes one level or one per seat (${o.seats.length}), got ${o.bots.length}`);
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

interface CliArgs {
  play: PlayLocalOptions;
  out: string;
  save: string | null;
}

const USAGE =
  'usage: npm run play:local -- --seats red,black[,…] --bots random|greedy|strong[,…] --out FILE [--expansion] [--teams] [--shuffle] ' +
  '[--unplaceable remove|return] [--seed N] [--save FILE]';

const FLAGS = {
  seats: { type: 'string' },
  bots: { type: 'string' },
  out: { type: 'string' },
  save: { type: 'string' },
  seed: { type: 'string' },
  unplaceable: { type: 'string' },
  expansion: { type: 'boolean' },
  teams: { type: 'boolean' },
  shuffle: { type: 'boolean' },
} as const;

export function parseArgs(argv: string[]): CliArgs {
  const play: PlayLocalOptions = { seats: [], bots: ['random'] };
  const { values: f } = parseFlags(argv, FLAGS);
  if (f.seats !== undefined) {
    play.seats = f.seats.split(',').map((c) => {
      if (!COLOURS.includes(c as Colour)) throw new UsageError(`--seats: unknown colour "${c}"; use ${COLOURS.join(', ')}`);
      return c as Colour;
    });
  }
  if (f.bots !== undefined) {
    play.bots = f.bots.split(',').map((b) => {
      if (!BOT_LEVELS.includes(b as BotLevel)) throw new UsageError(`--bots: unknown bot "${b}"; use ${BOT_LEVELS.join(', ')}`);
      return b as BotLevel;
    });
  }
  if (f.seed !== undefined) {
    if (!/^\d{1,9}$/.test(f.seed)) throw new UsageError(`--seed needs a whole number below 10^9, got "${f.seed}"`);
    play.seed = Number(f.seed);
  }
  if (f.unplaceable !== undefined) {
    const v = f.unplaceable;
    if (v !== 'remove' && v !== 'return') throw new UsageError(`--unplaceable must be remove or return, got "${v}"`);
    play.unplaceable = v;
  }
  if (f.expansion) play.expansion = true;
  if (f.teams) play.teams = true;
  if (f.shuffle) play.shuffle = true;
  if (!play.seats.length) throw new UsageError('--seats is required, e.g. --seats red,black,green');
  if (!f.out) throw new UsageError('--out FILE is required');
  return { play, out: f.out, save: f.save ?? null };
}

export interface PlayLocalCliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** The CLI as a function (tests call it): exit code and output instead of process side effects. */
export function runPlayLocal(argv: string[]): PlayLocalCliResult {
  const read = readCommandLine('play:local', USAGE, argv, parseArgs);
  if (!read.ok) return { code: read.code, stdout: read.stdout, stderr: read.stderr };
  const args = read.args;
  let match: FairMatch;
  try {
    match = playLocal(args.play);
  } catch (e) {
    if (e instanceof UsageError || e instanceof RuleError) return { code: 2, stdout: '', stderr: `play:local: ${e.message}\n${USAGE}\n` };
    throw e;
  }
  try {
    // npm runs scripts from the package root; INIT_CWD is where the user typed the command.
    const here = process.env.INIT_CWD ?? process.cwd();
    writeFileSync(resolve(here, args.out), match.replayText());
    if (args.save) writeFileSync(resolve(here, args.save), match.saveText());
  } catch (e) {
    return { code: 2, stdout: '', stderr: `play:local: cannot write: ${oneLine(e)}\n` };
  }
  const s = match.state;
  const scores = s.scores.map((v, i) => `${scorerName(s, i)} ${v}`).join(', ');
  return {
    code: 0,
    stdout: `wrote ${args.out}: ${match.log.entries.length} entries, ${s.turn} turns; final scores ${scores}\n`,
    stderr: '',
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const r = runPlayLocal(process.argv.slice(2));
  process.stdout.write(r.stdout);
  process.stderr.write(r.stderr);
  process.exitCode = r.code;
}
