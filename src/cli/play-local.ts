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

export class UsageError extends Error {}

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
  const levelOf = (colour: Colour) => o.bots.length === 1 ? o.bots[0] : o.bots[o.seats.indexOf(colour)];
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

interface CliArgs { play: PlayLocalOptions; out: string; save: string | null }

const USAGE = 'usage: npm run play:local -- --seats red,black[,…] --bots random|greedy|strong[,…] --out FILE [--expansion] [--teams] [--shuffle] [--unplaceable remove|return] [--seed N] [--save FILE]';

export function parseArgs(argv: string[]): CliArgs {
  const play: PlayLocalOptions = { seats: [], bots: ['random'] };
  let out: string | null = null;
  let save: string | null = null;
  const value = (name: string, v: string | undefined) => {
    if (v === undefined || v.startsWith('--')) throw new UsageError(`${name} needs a value`);
    return v;
  };
  for (let i = 0; i < argv.length; i++) {
    const k = argv[i];
    switch (k) {
      case '--seats':
        play.seats = value(k, argv[++i]).split(',').map((c) => {
          if (!COLOURS.includes(c as Colour)) throw new UsageError(`--seats: unknown colour "${c}"; use ${COLOURS.join(', ')}`);
          return c as Colour;
        });
        break;
      case '--bots':
        play.bots = value(k, argv[++i]).split(',').map((b) => {
          if (!BOT_LEVELS.includes(b as BotLevel)) throw new UsageError(`--bots: unknown bot "${b}"; use ${BOT_LEVELS.join(', ')}`);
          return b as BotLevel;
        });
        break;
      case '--out': out = value(k, argv[++i]); break;
      case '--save': save = value(k, argv[++i]); break;
      case '--seed': {
        const v = value(k, argv[++i]);
        if (!/^\d{1,9}$/.test(v)) throw new UsageError(`--seed needs a whole number below 10^9, got "${v}"`);
        play.seed = Number(v);
        break;
      }
      case '--unplaceable': {
        const v = value(k, argv[++i]);
        if (v !== 'remove' && v !== 'return') throw new UsageError(`--unplaceable must be remove or return, got "${v}"`);
        play.unplaceable = v;
        break;
      }
      case '--expansion': play.expansion = true; break;
      case '--teams': play.teams = true; break;
      case '--shuffle': play.shuffle = true; break;
      default: throw new UsageError(`unknown argument ${JSON.stringify(k)}`);
    }
  }
  if (!play.seats.length) throw new UsageError('--seats is required, e.g. --seats red,black,green');
  if (!out) throw new UsageError('--out FILE is required');
  return { play, out, save };
}

export interface PlayLocalCliResult { code: number; stdout: string; stderr: string }

/** The CLI as a function (tests call it): exit code and output instead of process side effects. */
export function runPlayLocal(argv: string[]): PlayLocalCliResult {
  let args: CliArgs;
  let match: FairMatch;
  try {
    args = parseArgs(argv);
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
    return { code: 2, stdout: '', stderr: `play:local: cannot write: ${(e as Error).message.split('\n')[0]}\n` };
  }
  const s = match.state;
  const scores = s.scores.map((v, i) => `${scorerName(s, i)} ${v}`).join(', ');
  return { code: 0, stdout: `wrote ${args.out}: ${match.log.entries.length} entries, ${s.turn} turns; final scores ${scores}\n`, stderr: '' };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const r = runPlayLocal(process.argv.slice(2));
  process.stdout.write(r.stdout);
  process.stderr.write(r.stderr);
  process.exitCode = r.code;
}
