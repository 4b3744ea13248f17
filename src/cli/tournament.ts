// npm run tournament -- --games 500 --seats strong,greedy [--expansion] [--teams] [--seed N]
//   [--strong-iterations N] [--expert-iterations N] [--expert-options k=v,…] [--progress]
// Plays bot-only games with the seats rotated so that each bot sits in each seat equally
// often, and prints win rates (95% Wilson interval), mean scores, and time per decision
// and per turn of each bot. Draws and dice come from a seeded chooser (src/bots/playout.ts),
// not from src/fair: this measures play, not fairness.
import { applyInPlace, defaultOptions, newGame, winners, type Colour, type GameSetup } from '../engine';
import {
  botByLevel,
  createExpertBot,
  createStrongBot,
  BOT_LEVELS,
  DEFAULT_EXPERT,
  LEARNED_WHERE,
  MANY_VALUES,
  type Bot,
  type BotLevel,
  type ExpertOptions,
} from '../bots';
import { SeededChooser } from '../bots/chooser';
import { botAction, randomEventAction } from '../bots/playout';
import { commandLineOrExit, parseFlags, UsageError } from './args';

export interface Args {
  games: number;
  seats: BotLevel[];
  expansion: boolean;
  teams: boolean;
  seed: number;
  strongIterations: number | null;
  expertIterations: number | null;
  /** `--expert-options`: settings of the expert other than its defaults (docs/bots.md screens variants with it). */
  expertOptions: Partial<ExpertOptions>;
  progress: boolean;
}

const USAGE =
  'usage: npm run tournament -- --games N --seats a,b[,…] [--expansion] [--teams] [--seed N] [--strong-iterations N]' +
  ' [--expert-iterations N] [--expert-options k=v,…] [--progress]';

function parseIntArg(name: string, v: string, min: number): number {
  if (!/^\d+$/.test(v)) throw new UsageError(`${name} needs a whole number, got ${JSON.stringify(v)}`);
  const n = Number(v);
  if (!Number.isSafeInteger(n) || n < min) throw new UsageError(`${name} must be at least ${min}, got ${v}`);
  return n;
}

const FLAGS = {
  games: { type: 'string' },
  seed: { type: 'string' },
  'strong-iterations': { type: 'string' },
  'expert-iterations': { type: 'string' },
  'expert-options': { type: 'string' },
  seats: { type: 'string' },
  expansion: { type: 'boolean' },
  teams: { type: 'boolean' },
  progress: { type: 'boolean' },
} as const;

export function parseArgs(argv: string[]): Args {
  const a: Args = {
    games: 100,
    seats: [],
    expansion: false,
    teams: false,
    seed: 1,
    strongIterations: null,
    expertIterations: null,
    expertOptions: {},
    progress: false,
  };
  const { values: f } = parseFlags(argv, FLAGS);
  if (f.games !== undefined) a.games = parseIntArg('--games', f.games, 1);
  if (f.seed !== undefined) a.seed = parseIntArg('--seed', f.seed, 0);
  if (f['strong-iterations'] !== undefined) a.strongIterations = parseIntArg('--strong-iterations', f['strong-iterations'], 0);
  if (f['expert-iterations'] !== undefined) a.expertIterations = parseIntArg('--expert-iterations', f['expert-iterations'], 0);
  if (f['expert-options'] !== undefined) a.expertOptions = parseExpertOptions(f['expert-options']);
  a.expansion = f.expansion ?? false;
  a.teams = f.teams ?? false;
  a.progress = f.progress ?? false;
  if (f.seats !== undefined) {
    if (!f.seats) throw new UsageError('--seats needs a list such as strong,greedy');
    a.seats = f.seats.split(',').map((s) => {
      if (!BOT_LEVELS.includes(s as BotLevel)) throw new UsageError(`--seats: unknown bot "${s}"; use ${BOT_LEVELS.join(', ')}`);
      return s as BotLevel;
    });
  }
  if (!a.seats.length) throw new UsageError('--seats is required, e.g. --seats strong,greedy');
  const max = a.expansion ? 6 : 5;
  if (a.teams) {
    if (a.seats.length !== 2 && a.seats.length !== 4) throw new UsageError('--teams takes 2 bots (one per team) or 4 (one per seat)');
  } else if (a.seats.length < 2 || a.seats.length > max)
    throw new UsageError(`--seats takes 2 to ${max} bots${a.expansion ? '' : ' (6 with --expansion)'}`);
  return a;
}

/** The expert's settings `--expert-options` may change: whole numbers and decimals with their bounds, and the `many` switches. */
const EXPERT_NUMBERS = {
  iterations: [1, 100_000, true],
  deployIterations: [1, 100_000, true],
  horizonTurns: [1, 64, true],
  rootCandidates: [1, 64, true],
  deployCandidates: [1, 64, true],
  widenBase: [1, 64, true],
  widenFactor: [0, 16, false],
  futures: [1, 4096, true],
  exploration: [0, 100, false],
  valueScale: [0.01, 1000, false],
  marginPoints: [0.01, 1000, false],
  winPoints: [0.01, 1000, false],
} as const satisfies Record<string, readonly [number, number, boolean]>;
/** The `many` settings (three or more scorers), by the defaults' own keys. */
const MANY_DEFAULTS: Readonly<Record<string, unknown>> = { ...DEFAULT_EXPERT.many };

/**
 * `--expert-options value=leader,deployCandidates=4`: comma-separated key=value pairs, each key
 * once; `learned` is where the learned completion chances judge (many, all, none); `value`,
 * `othersGreedy`, `paranoid`, `marginPoints` and `winPoints` are the `many` settings (three or
 * more scorers). Anything else is one line saying what and where.
 */
export function parseExpertOptions(text: string): Partial<ExpertOptions> {
  if (text.length > 500) throw new UsageError('--expert-options is longer than 500 characters');
  const top: Record<string, unknown> = {};
  const many: Record<string, unknown> = {};
  const seen = new Set<string>();
  for (const pair of text.split(',')) {
    const m = /^([A-Za-z]+)=(.*)$/.exec(pair);
    if (!m) throw new UsageError(`--expert-options: ${JSON.stringify(pair.slice(0, 40))} is not key=value`);
    const [, key, v] = m;
    if (seen.has(key)) throw new UsageError(`--expert-options: ${key} given twice`);
    seen.add(key);
    const into = Object.hasOwn(MANY_DEFAULTS, key) ? many : top;
    if (key === 'value' || key === 'learned') {
      const allowed: readonly string[] = key === 'value' ? MANY_VALUES : LEARNED_WHERE;
      if (!allowed.includes(v))
        throw new UsageError(`--expert-options: ${key} must be one of ${allowed.join(', ')}, got ${JSON.stringify(v.slice(0, 20))}`);
      into[key] = v;
    } else if (typeof MANY_DEFAULTS[key] === 'boolean') {
      if (v !== 'true' && v !== 'false')
        throw new UsageError(`--expert-options: ${key} must be true or false, got ${JSON.stringify(v.slice(0, 20))}`);
      into[key] = v === 'true';
    } else if (Object.hasOwn(EXPERT_NUMBERS, key)) {
      const [min, max, whole] = EXPERT_NUMBERS[key as keyof typeof EXPERT_NUMBERS];
      const n = /^\d+(\.\d+)?$/.test(v) ? Number(v) : Number.NaN;
      if (!(n >= min && n <= max) || (whole && !Number.isInteger(n)))
        throw new UsageError(
          `--expert-options: ${key} must be ${whole ? 'a whole number' : 'a number'} from ${min} to ${max}, got ${JSON.stringify(v.slice(0, 20))}`,
        );
      into[key] = n;
    } else throw new UsageError(`--expert-options: unknown setting ${JSON.stringify(key.slice(0, 40))}`);
  }
  const out: Partial<ExpertOptions> = { ...top };
  if (Object.keys(many).length) out.many = { ...DEFAULT_EXPERT.many, ...many };
  return out;
}

const COLOURS: Colour[] = ['red', 'black', 'green', 'white', 'orange', 'blue'];

/** Wilson score interval for a proportion p̂ = k/n at 95% (z = 1.96). */
export function wilson(k: number, n: number, z = 1.96): [number, number] {
  if (n === 0) return [0, 1];
  const p = k / n;
  const d = 1 + (z * z) / n;
  const c = (p + (z * z) / (2 * n)) / d;
  const h = (z * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n))) / d;
  return [Math.max(0, c - h), Math.min(1, c + h)];
}

function median(xs: number[]): number {
  if (!xs.length) return NaN;
  const s = xs.slice().sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

/** The 95th percentile (nearest rank). */
export function p95(xs: number[]): number {
  if (!xs.length) return NaN;
  const s = xs.slice().sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil(0.95 * s.length) - 1)];
}

interface Entry {
  label: string;
  bot: Bot;
  wins: number; // shared victories count 1/k each (R8.3)
  ties: number;
  score: number;
  games: number;
  decisionMs: number[];
  turnMs: number[];
  /** CPU time of this process per turn (user + system): unlike wall time, not inflated when
      other programs share the cores. The bots are single-threaded. */
  turnCpuMs: number[];
}

function cpuMs(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}

/** `--expert-iterations N`: N for a placement; the deployment search keeps its default share of it (64 of 288). */
function expertBudget(iterations: number): { iterations: number; deployIterations: number } {
  return { iterations, deployIterations: Math.ceil((iterations * 2) / 9) };
}

/** The bot a seat of `level` is played by, with the command line's settings. */
export function botFor(a: Args, level: BotLevel): Bot {
  if (level === 'strong' && a.strongIterations !== null)
    return createStrongBot({ iterations: a.strongIterations, deployIterations: Math.ceil(a.strongIterations / 3) });
  if (level === 'expert' && (a.expertIterations !== null || Object.keys(a.expertOptions).length)) {
    const budget = a.expertIterations === null ? {} : expertBudget(a.expertIterations);
    return createExpertBot({ ...budget, ...a.expertOptions });
  }
  return botByLevel(level);
}

export function runTournament(
  a: Args,
  log: (line: string) => void,
  makeBot: (level: BotLevel) => Bot = (level) => botFor(a, level),
): Entry[] {
  const count = new Map<string, number>();
  const entries: Entry[] = a.seats.map((level, i) => {
    const dup = a.seats.filter((s) => s === level).length > 1;
    count.set(level, (count.get(level) ?? 0) + 1);
    const bot = makeBot(level);
    return {
      label: dup ? `${level}#${i + 1}` : level,
      bot,
      wins: 0,
      ties: 0,
      score: 0,
      games: 0,
      decisionMs: [],
      turnMs: [],
      turnCpuMs: [],
    };
  });
  const n = entries.length;
  const options = defaultOptions();
  options.teams = a.teams;
  if (a.expansion) options.expansion = { tiles: true, blue: true, equipment: true, yellowDie: true };
  const seatCount = a.teams ? 4 : n;
  const setup: GameSetup = { seats: COLOURS.slice(0, seatCount), options };
  for (let g = 0; g < a.games; g++) {
    // Rotation: in game g, seat s is played by entry (s + g) mod n; with teams and 2 bots the
    // two teams swap each game (seats alternate Rebel/Empire, R9.1).
    const entryOfSeat = (s: number) => (a.teams && n === 2 ? (s + g) % 2 : (s + g) % n);
    const rng = new SeededChooser((a.seed * 1000003 + g) >>> 0);
    const botRng = Array.from({ length: seatCount }, (_, s) => new SeededChooser((a.seed * 7919 + g * 31 + s + 0x5bd1e995) >>> 0));
    const state = newGame(setup);
    let turnStart = -1;
    let turnMs = 0;
    let turnCpu = 0;
    for (let guard = 0; state.phase !== 'over'; guard++) {
      if (guard > 100000) throw new Error('game did not end');
      const event = randomEventAction(state, rng);
      if (event) {
        applyInPlace(state, event);
        continue;
      }
      const seat = state.seat;
      const entry = entries[entryOfSeat(seat)];
      if (state.turn !== turnStart) {
        turnStart = state.turn;
        turnMs = 0;
        turnCpu = 0;
      }
      const c0 = cpuMs();
      const t0 = performance.now();
      const action = botAction(state, entry.bot, { rng: botRng[seat], budgetMs: Infinity });
      const ms = performance.now() - t0;
      turnCpu += cpuMs() - c0;
      entry.decisionMs.push(ms);
      turnMs += ms;
      applyInPlace(state, action);
      if (action.type === 'deploy') {
        entry.turnMs.push(turnMs);
        entry.turnCpuMs.push(turnCpu);
      }
    }
    // R8.3: a shared victory counts 1/k for each of the k tied winners. Each entry is
    // credited once per game with the scorer it played (its seat, or its team: seat s is in
    // team s mod 2 because the colours alternate red, black, green, white, R9.1).
    const top = winners(state);
    const credited = new Set<number>();
    for (let s = 0; s < seatCount; s++) {
      const idx = entryOfSeat(s);
      if (credited.has(idx)) continue;
      credited.add(idx);
      const e = entries[idx];
      const sc = a.teams ? s % 2 : s;
      e.games++;
      e.score += state.scores[sc];
      if (top.includes(sc)) {
        e.wins += 1 / top.length;
        if (top.length > 1) e.ties++;
      }
    }
    if (a.progress && (g + 1) % 10 === 0)
      log(
        `… ${g + 1}/${a.games} games: ${entries.map((e) => `${e.label} ${((100 * e.wins) / Math.max(1, e.games)).toFixed(1)}%`).join(', ')}`,
      );
  }
  return entries;
}

export function report(a: Args, entries: Entry[]): string[] {
  const lines: string[] = [];
  const variant = [
    a.teams ? 'team variant' : `${a.seats.length} seats`,
    a.expansion ? 'Expansion 1 on (tiles, blue, equipment, yellow die)' : 'base game',
  ].join(', ');
  lines.push(
    `${a.games} games, ${variant}, seed ${a.seed}; seats rotated (balanced when games is a multiple of ${a.teams ? 2 : a.seats.length})`,
  );
  const expert = Object.entries(a.expertOptions).flatMap(([k, v]) =>
    k === 'many' ? Object.entries(v as object).map(([mk, mv]) => `many.${mk}=${mv}`) : [`${k}=${v}`],
  );
  if (a.expertIterations !== null) {
    const { iterations, deployIterations } = expertBudget(a.expertIterations);
    expert.unshift(`iterations=${iterations} (deployIterations ${deployIterations})`);
  }
  if (expert.length && a.seats.includes('expert')) lines.push(`expert settings beside the defaults: ${expert.join(', ')}`);
  lines.push('win = a game won; a shared victory (R8.3) counts 1/k for each of the k tied winners');
  lines.push('times: wall-clock ms per decision (a placement or a deployment) and per turn (both), and CPU ms per turn');
  lines.push(
    'bot        games  win rate  95% Wilson CI     shared  mean score  ms/decision (mean, median)  ms/turn (mean, median)  cpu ms/turn (mean, median, p95)',
  );
  for (const e of entries) {
    const [lo, hi] = wilson(e.wins, e.games);
    const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / Math.max(1, xs.length);
    lines.push(
      (
        `${e.label.padEnd(10)} ${String(e.games).padStart(5)}  ${((100 * e.wins) / Math.max(1, e.games)).toFixed(1).padStart(6)}%  ` +
        `[${(100 * lo).toFixed(1)}%, ${(100 * hi).toFixed(1)}%]`
      ).padEnd(52) +
        `${String(e.ties).padStart(6)}  ${(e.score / Math.max(1, e.games)).toFixed(1).padStart(10)}  ` +
        `${mean(e.decisionMs).toFixed(2).padStart(12)}, ${median(e.decisionMs).toFixed(2).padStart(9)}       ` +
        `${mean(e.turnMs).toFixed(2).padStart(10)}, ${median(e.turnMs).toFixed(2).padStart(9)}  ` +
        `${mean(e.turnCpuMs).toFixed(2).padStart(14)}, ${median(e.turnCpuMs).toFixed(2).padStart(9)}, ${p95(e.turnCpuMs).toFixed(2).padStart(9)}`,
    );
  }
  // The one plain line at the end: each bot's win rate with its interval.
  const rate = (e: Entry) => {
    const [lo, hi] = wilson(e.wins, e.games);
    return `${e.label} ${((100 * e.wins) / Math.max(1, e.games)).toFixed(1)}% [${(100 * lo).toFixed(1)}, ${(100 * hi).toFixed(1)}]`;
  };
  lines.push(`tournament: ${a.games} games, ${entries.map(rate).join(', ')}`);
  return lines;
}

function main(): void {
  const args = commandLineOrExit('tournament', USAGE, process.argv.slice(2), parseArgs);
  const entries = runTournament(args, (l) => process.stderr.write(l + '\n'));
  for (const l of report(args, entries)) console.log(l);
}

const invokedDirectly = typeof process !== 'undefined' && process.argv[1] !== undefined && /tournament\.ts$/.test(process.argv[1]);
if (invokedDirectly) main();
