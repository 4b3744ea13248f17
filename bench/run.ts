// npm run bench [-- part ...]: prints every part's medians as a table (see README for figures).
// Parts: engine, bots, fair, signing, lockstep, net, catch-up, dead-peer, online, start, render, atlas, bundle (each a bench/<part>.ts module).
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { commandLineOrExit, parseFlags, UsageError } from '../src/cli/args';
import type { BenchRow } from './types';

const PARTS = [
  'engine',
  'bots',
  'fair',
  'signing',
  'lockstep',
  'net',
  'catch-up',
  'dead-peer',
  'online',
  'start',
  'render',
  'atlas',
  'bundle',
];
const USAGE = `usage: npm run bench -- [PART ...], parts: ${PARTS.join(', ')}`;

async function main(): Promise<number> {
  const asked = commandLineOrExit('bench', USAGE, process.argv.slice(2), (args) => {
    const { positionals } = parseFlags(args, {}, true);
    for (const a of positionals) if (!PARTS.includes(a)) throw new UsageError(`unknown bench part "${a}"; parts: ${PARTS.join(', ')}`);
    return positionals;
  });
  const parts = asked.length ? asked : PARTS;
  let failed = 0;
  for (const part of parts) {
    const file = fileURLToPath(new URL(`./${part}.ts`, import.meta.url));
    if (!existsSync(file)) {
      console.log(`\n## ${part}: not built yet`);
      continue;
    }
    console.log(`\n## ${part}`);
    try {
      const mod = (await import(`./${part}.ts`)) as { default: () => Promise<BenchRow[]> };
      for (const row of await mod.default()) {
        const v = row.value >= 100 ? row.value.toFixed(0) : row.value >= 1 ? row.value.toFixed(2) : row.value.toFixed(4);
        console.log(
          `${row.name.padEnd(58)} ${v.padStart(10)} ${row.unit.padEnd(8)} ${row.target ? `target ${row.target}` : ''}${row.note ? `  (${row.note})` : ''}`,
        );
      }
    } catch (e) {
      failed++;
      console.log(`${part} failed: ${(e as Error).message}`);
    }
  }
  return failed ? 1 : 0;
}

main().then((code) => {
  process.exitCode = code;
});
