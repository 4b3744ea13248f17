// Not a speed figure: does a change of the evaluation's weights (src/bots/evaluate.ts) make the
// greedy bot better? One greedy with the changed weights plays against seats − 1 greedies with
// the defaults, its seat rotated; each deal is also played by defaults only (the control, the
// same seat and seed), so the two rates and the paired margin compare like with like.
// Greedy games are fast (about 25 a second on one core), so a few thousand games per variant
// can tell apart what a tournament of the searching bots cannot (docs/bots.md, "4-seat weights").
// `npx tsx bench/weight-screen.ts --help` gives the usage; completion=learned judges by the
// completion chances of src/bots/completion-table.ts instead of the hand-set formula.
import { COLOURS, applyInPlace, defaultOptions, newGame, winners, type GameSetup } from '../src/engine';
import { SeededChooser, botAction, createGreedyBot, randomEventAction } from '../src/bots';
import { DEFAULT_WEIGHTS, type Weights } from '../src/bots/evaluate';
import { LEARNED_COMPLETION } from '../src/bots/completion-table';
import { commandLineOrExit, parseFlags, UsageError, wholeInRange } from '../src/cli/args';
import { wilson } from '../src/cli/tournament';

type NumberKey = Exclude<keyof Weights, 'completion'>;
/** The weights a key=value may change: the number fields of the defaults. */
const NUMBER_KEYS = Object.keys(DEFAULT_WEIGHTS).filter((k) => typeof DEFAULT_WEIGHTS[k as keyof Weights] === 'number') as NumberKey[];

const USAGE =
  'usage: npx tsx bench/weight-screen.ts [--seats 2–5] [--games 1–20000] [--seed 0–999999] [--base-learned] [key=value …]\n' +
  `  keys: ${NUMBER_KEYS.join(', ')} (values from 0 to 100); completion=learned`;

interface Screen {
  seats: number;
  games: number;
  seed: number;
  /** The other seats and the control judge by the learned completion table too (a change screened on top of it). */
  baseLearned: boolean;
  changed: Partial<Record<NumberKey, number>> & { completion?: typeof LEARNED_COMPLETION };
}

function parse(argv: string[]): Screen {
  const flags = {
    seats: { type: 'string' },
    games: { type: 'string' },
    seed: { type: 'string' },
    'base-learned': { type: 'boolean' },
  } as const;
  const { values: f, positionals } = parseFlags(argv, flags, true);
  const changed: Screen['changed'] = {};
  for (const a of positionals) {
    if (a === 'completion=learned') {
      changed.completion = LEARNED_COMPLETION;
      continue;
    }
    const m = /^([a-zA-Z]{1,20})=(\d{1,3}(\.\d{1,4})?)$/.exec(a);
    if (!m) throw new UsageError(`expected key=value, got ${JSON.stringify(a.slice(0, 30))}`);
    const key = m[1] as NumberKey;
    if (!NUMBER_KEYS.includes(key)) throw new UsageError(`${key} is not a weight; the weights are ${NUMBER_KEYS.join(', ')}`);
    if (Object.hasOwn(changed, key)) throw new UsageError(`${key} is given twice`);
    const v = Number(m[2]);
    if (v > 100) throw new UsageError(`${key} must be from 0 to 100, got ${m[2]}`);
    changed[key] = v;
  }
  return {
    seats: f.seats === undefined ? 4 : wholeInRange('--seats', f.seats, 2, 5),
    games: f.games === undefined ? 2000 : wholeInRange('--games', f.games, 1, 20000),
    seed: f.seed === undefined ? 7 : wholeInRange('--seed', f.seed, 0, 999999),
    baseLearned: f['base-learned'] ?? false,
    changed,
  };
}

const { seats, games, seed, baseLearned, changed } = commandLineOrExit('weight-screen', USAGE, process.argv.slice(2), parse);
const setup: GameSetup = { seats: COLOURS.slice(0, seats), options: defaultOptions() };
const baseWeights: Weights = baseLearned ? { ...DEFAULT_WEIGHTS, completion: LEARNED_COMPLETION } : DEFAULT_WEIGHTS;
const variant = createGreedyBot({ ...baseWeights, ...changed });
const base = createGreedyBot(baseWeights);

/** One deal: the seat `vs` played by `bot`, the others by the defaults; its share of the win and its margin over the others' mean. */
function play(g: number, vs: number, bot: typeof base): { win: number; margin: number } {
  const events = new SeededChooser(seed * 1000003 + g);
  const ties = new SeededChooser(seed * 7919 + g);
  const s = newGame(setup);
  while (s.phase !== 'over')
    applyInPlace(s, randomEventAction(s, events) ?? botAction(s, s.seat === vs ? bot : base, { rng: ties, budgetMs: 1e9 }));
  const won = winners(s);
  const others = (s.scores.reduce((a, c) => a + c, 0) - s.scores[vs]) / (seats - 1);
  return { win: won.includes(vs) ? 1 / won.length : 0, margin: s.scores[vs] - others };
}

let wins = 0;
let controlWins = 0;
let sum = 0;
let sumSq = 0;
for (let g = 0; g < games; g++) {
  const vs = g % seats;
  const v = play(g, vs, variant);
  const c = play(g, vs, base);
  wins += v.win;
  controlWins += c.win;
  const d = v.margin - c.margin;
  sum += d;
  sumSq += d * d;
}
const name =
  Object.entries(changed)
    .map(([k, v]) => `${k}=${typeof v === 'number' ? v : 'learned'}`)
    .join(' ') || 'the defaults';
const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
const [lo, hi] = wilson(wins, games);
const mean = sum / games;
const se = Math.sqrt(Math.max(0, sumSq / games - mean * mean) / games);
const sign = mean < 0 ? '−' : '+';
const others = `${seats - 1} ${baseLearned ? 'learned-table' : 'default'} greedies`;
const control = `${baseLearned ? 'the base' : 'the defaults'} on the same deals ${pct(controlWins / games)}`;
console.log(
  `weight-screen: ${name} wins ${pct(wins / games)} [${pct(lo)}, ${pct(hi)}] of ${games} ${seats}-seat games against ${others}; ${control};` +
    ` margin ${sign}${Math.abs(mean).toFixed(2)} ± ${(1.96 * se).toFixed(2)} points`,
);
