// npm run play:local -- --seats red,black,green --bots random --out game.json
//   [--expansion] [--teams] [--shuffle] [--unplaceable remove|return] [--seed N] [--save FILE]
// Plays a whole game in one process with bots in every seat and every seat's hash chain
// (P2.1) held locally (src/sim/local-game.ts), and writes the real replay log (P4.1). `--seed`
// seeds only the bots' choices; the chain secrets always come from crypto.getRandomValues.
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { COLOURS, RuleError, scorerName, type Colour } from '../engine';
import { BOT_LEVELS, type BotLevel } from '../bots';
import type { FairMatch } from '../fair';
import { playLocal, type PlayLocalOptions } from '../sim/local-game';
import { oneLine } from '../fair/one-line';
import { parseFlags, readCommandLine, UsageError } from './args';

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
  if (play.bots.length !== 1 && play.bots.length !== play.seats.length)
    throw new UsageError(`--bots takes one level or one per seat (${play.seats.length}), got ${play.bots.length}`);
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
    if (e instanceof RuleError) return { code: 2, stdout: '', stderr: `play:local: ${e.message}\n${USAGE}\n` };
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
