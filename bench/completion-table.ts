// Not a speed figure: learns the evaluation's completion chances (src/bots/completion-table.ts)
// from greedy self-play. Games of 2, 3, 4 and 5 seats in turn (seeded, 31000 + g); at a third
// of the placements (seeded) every realm a meeple holds that is still open is noted — its kind,
// its open edges (1, 2, 3, 4 or more), the seat's own turns left (routes, fields) or the tiles
// left (planets) — and at the game's end whether it completed. Each row is made to rise with
// time (pooling adjacent buckets that fall, weighted by their counts) and a realm with more
// open edges never gets a better chance than one with fewer.
// Generation 1 is learned from greedy judging by the hand-set formula, generation k from greedy
// judging by generation k − 1; the table in src/bots is generation 2 (docs/bots.md).
// `npx tsx bench/completion-table.ts --help` gives the usage; --write rewrites the table.
import { writeFileSync } from 'node:fs';
import { COLOURS, STRIDE, applyInPlace, defaultOptions, newGame } from '../src/engine';
import { SeededChooser, botAction, createGreedyBot, randomEventAction } from '../src/bots';
import { DEFAULT_WEIGHTS, position, rootOf, type CompletionTable } from '../src/bots/evaluate';
import { commandLineOrExit, parseFlags, wholeInRange } from '../src/cli/args';

const RA_EDGES = [0, 1, 2, 3, 4, 6, 8, 10, 13, 16, 20, 25, 30, 37];
const P_EDGES = [0, 4, 8, 12, 16, 24, 32, 40, 48, 56, 64, 73];
const KINDS = ['R', 'A', 'P'] as const;
type Kind = (typeof KINDS)[number];

const USAGE = 'usage: npx tsx bench/completion-table.ts [--games 100–5000] [--generations 1–4] [--write]';

function parse(argv: string[]): { games: number; generations: number; write: boolean } {
  const flags = { games: { type: 'string' }, generations: { type: 'string' }, write: { type: 'boolean' } } as const;
  const { values: f } = parseFlags(argv, flags);
  return {
    games: f.games === undefined ? 800 : wholeInRange('--games', f.games, 100, 5000),
    generations: f.generations === undefined ? 2 : wholeInRange('--generations', f.generations, 1, 4),
    write: f.write ?? false,
  };
}

const { games, generations, write } = commandLineOrExit('completion-table', USAGE, process.argv.slice(2), parse);

interface Cell {
  n: number;
  done: number;
}

/** Counts of realms seen and completed, by kind, open edges − 1 and time bucket, with greedy judging by `table`. */
function observe(table: CompletionTable | null): Record<Kind, Cell[][]> {
  const bot = createGreedyBot({ ...DEFAULT_WEIGHTS, completion: table });
  const counts = {} as Record<Kind, Cell[][]>;
  for (const k of KINDS)
    counts[k] = Array.from({ length: 4 }, () =>
      Array.from({ length: (k === 'P' ? P_EDGES : RA_EDGES).length - 1 }, () => ({ n: 0, done: 0 })),
    );
  const bucket = (edges: number[], x: number) => {
    let i = edges.length - 2;
    while (i > 0 && x < edges[i]) i--;
    return i;
  };
  for (let g = 0; g < games; g++) {
    const seats = 2 + (g % 4);
    const rng = new SeededChooser(31000 + g);
    const s = newGame({ seats: COLOURS.slice(0, seats), options: defaultOptions() });
    const seen: { kind: Kind; open: number; x: number; node: number }[] = [];
    while (s.phase !== 'over') {
      const event = randomEventAction(s, rng);
      if (event) {
        applyInPlace(s, event);
        continue;
      }
      if (s.phase === 'place' && rng.int(3) === 0) {
        const pos = position(s, s.board);
        for (const root of new Set(pos.meeples.map((m) => m.root))) {
          const st = pos.stats.get(root)!;
          if (st.open > 0)
            seen.push({ kind: st.kind, open: st.open, x: st.kind === 'P' ? pos.tilesLeft : pos.tilesLeft / seats, node: root });
        }
      }
      applyInPlace(s, botAction(s, bot, { rng, budgetMs: Number.POSITIVE_INFINITY }));
    }
    const b = s.board;
    for (const r of seen) {
      const t = Math.floor(r.node / STRIDE);
      // A planet completes with its eight neighbours (R7.3); a route or field when no edge is open (R7.1, R7.2).
      const done = r.kind === 'P' ? b.neighbours8(b.xs[t], b.ys[t]) === 8 : b.open[rootOf(b, r.node)] <= 0;
      const cell = counts[r.kind][Math.min(r.open, 4) - 1][bucket(r.kind === 'P' ? P_EDGES : RA_EDGES, r.x)];
      cell.n++;
      if (done) cell.done++;
    }
  }
  return counts;
}

/** A row's rates, made to rise with time: adjacent buckets that fall are pooled (a prior of 0.1 in 1 for empty buckets). */
function rising(cells: Cell[]): number[] {
  const blocks: { n: number; done: number; len: number }[] = [];
  for (const c of cells) {
    blocks.push({ n: c.n + 1, done: c.done + 0.1, len: 1 });
    for (;;) {
      const [a, b] = blocks.slice(-2);
      if (!b || a.done / a.n <= b.done / b.n) break;
      blocks.splice(-2, 2, { n: a.n + b.n, done: a.done + b.done, len: a.len + b.len });
    }
  }
  return blocks.flatMap((b) => Array<number>(b.len).fill(Math.round((1000 * b.done) / b.n) / 1000));
}

function learn(counts: Record<Kind, Cell[][]>): CompletionTable {
  const table: CompletionTable = { raEdges: RA_EDGES, pEdges: P_EDGES, R: [], A: [], P: [] };
  for (const k of KINDS) {
    const rows = counts[k].map(rising);
    for (let o = 1; o < 4; o++) rows[o] = rows[o].map((v, i) => Math.min(v, rows[o - 1][i]));
    table[k] = rows;
  }
  return table;
}

let table: CompletionTable | null = null;
let seenCount = 0;
for (let gen = 1; gen <= generations; gen++) {
  const counts = observe(table);
  table = learn(counts);
  seenCount = KINDS.reduce((a, k) => a + counts[k].flat().reduce((x, c) => x + c.n, 0), 0);
  for (const k of KINDS)
    table[k].forEach((row, o) =>
      console.log(`generation ${gen}  ${k} open ${o + 1}${o === 3 ? '+' : ' '}  ${row.map((v) => v.toFixed(2)).join(' ')}`),
    );
}
const t = table!;
const rows = (k: Kind) => t[k].map((r) => `    [${r.join(', ')}],`).join('\n');
const text = `// Generated by \`npx tsx bench/completion-table.ts --games ${games} --generations ${generations} --write\`: do not edit by hand.
// The chance that a held realm completes before the game ends, learned from greedy self-play (docs/bots.md).
import type { CompletionTable } from './evaluate';

export const LEARNED_COMPLETION: CompletionTable = {
  raEdges: [${t.raEdges.join(', ')}],
  pEdges: [${t.pEdges.join(', ')}],
  R: [
${rows('R')}
  ],
  A: [
${rows('A')}
  ],
  P: [
${rows('P')}
  ],
};
`;
if (write) writeFileSync(new URL('../src/bots/completion-table.ts', import.meta.url), text);
console.log(
  `completion-table: ${games} games a generation, ${generations} generation${generations === 1 ? '' : 's'}, ${seenCount} held realms seen in the last;` +
    ` ${write ? 'src/bots/completion-table.ts written' : 'not written (--write writes it)'}`,
);
