// Not a speed figure: how far the evaluation's projections (src/bots/evaluate.ts) are from the
// final scores, by the tiles still face down. Greedy plays `games` games of `seats` seats
// (seeded, 5000 + g); at every placement the projection of each pair of scorers' margin is
// compared with their final margin. The spread (standard deviation) is what `winChance` in
// src/bots/expert.ts takes as σ (docs/bots.md).
//   npx tsx bench/projection-spread.ts [seats 2–5] [games 1–2000]
import { COLOURS, applyInPlace, defaultOptions, newGame, supplySize } from '../src/engine';
import { SeededChooser, botAction, greedyBot, randomEventAction } from '../src/bots';
import { position, project } from '../src/bots/evaluate';
import { winSigma } from '../src/bots/expert';
import { commandLineOrExit, parseFlags, UsageError, wholeInRange } from '../src/cli/args';

const USAGE = 'usage: npx tsx bench/projection-spread.ts [seats 2–5] [games 1–2000]';

function parse(argv: string[]): { seats: number; games: number } {
  const { positionals: p } = parseFlags(argv, {}, true);
  if (p.length > 2) throw new UsageError(`at most two arguments (seats, games), got ${p.length}`);
  return {
    seats: p[0] === undefined ? 4 : wholeInRange('seats', p[0], 2, 5),
    games: p[1] === undefined ? 100 : wholeInRange('games', p[1], 1, 2000),
  };
}

const { seats, games } = commandLineOrExit('projection-spread', USAGE, process.argv.slice(2), parse);
const setup = { seats: COLOURS.slice(0, seats), options: defaultOptions() };
/** Pairwise margin errors (final − projected), by tiles left in buckets of 8. */
const buckets = new Map<number, number[]>();
for (let g = 0; g < games; g++) {
  const rng = new SeededChooser(5000 + g);
  const s = newGame(setup);
  const seen: { left: number; values: number[] }[] = [];
  while (s.phase !== 'over') {
    const event = randomEventAction(s, rng);
    if (event) {
      applyInPlace(s, event);
      continue;
    }
    if (s.phase === 'place') seen.push({ left: supplySize(s), values: project(position(s, s.board)) });
    applyInPlace(s, botAction(s, greedyBot, { rng, budgetMs: Infinity }));
  }
  for (const { left, values } of seen)
    for (let i = 0; i < seats; i++)
      for (let j = i + 1; j < seats; j++) {
        const b = Math.floor(left / 8) * 8;
        if (!buckets.has(b)) buckets.set(b, []);
        buckets.get(b)!.push(s.scores[i] - s.scores[j] - (values[i] - values[j]));
      }
}
let worst = 0;
for (const [b, errors] of [...buckets].sort((x, y) => x[0] - y[0])) {
  const mean = errors.reduce((a, e) => a + e, 0) / errors.length;
  const sd = Math.sqrt(errors.reduce((a, e) => a + (e - mean) ** 2, 0) / errors.length);
  const model = winSigma(b + 4); // at the bucket's middle
  worst = Math.max(worst, Math.abs(sd - model));
  const bucket = `tiles left ${String(b).padStart(2)}–${String(b + 7).padEnd(2)}  pairs ${String(errors.length).padStart(5)}`;
  console.log(`${bucket}  mean ${mean.toFixed(2).padStart(6)}  spread ${sd.toFixed(1).padStart(5)}  winChance's σ ${model.toFixed(1)}`);
}
console.log(
  `projection-spread: ${games} games, ${seats} seats, the spread is within ${worst.toFixed(1)} points of winChance's σ in every bucket`,
);
