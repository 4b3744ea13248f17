// The expert bot is the same on every peer (issue 21, P2.6): for a fixed set of positions,
// the move Chromium's bot worker chooses must be the move Node chooses, byte for byte (the
// search uses + − × ÷ and Math.sqrt only, and fixed iteration counts). For tests/e2e/run.mjs.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { tinyPageResult } from './harness.mjs';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const PAGE = `
import { createBotRunner } from '${repo}/src/bots/bot-runner';
import { parseState } from '${repo}/src/engine';
import { expertPositions } from '${repo}/tests/e2e/expert-positions';
const runner = createBotRunner();
const t0 = performance.now();
(async () => {
  const out = [];
  for (const p of expertPositions()) out.push({ name: p.name, choice: await runner.choose(parseState(p.stateText), 'expert', p.seed) });
  return out;
})().then((choices) => ((window as any).result = { choices, ms: Math.round(performance.now() - t0) }), (e) => ((window as any).result = { error: String(e) }));
`;

/** Throws unless Chromium's worker chooses as Node does; resolves to one line of what it measured. */
export async function expertBotCheck(browser) {
  const node = spawnSync(
    process.execPath,
    [path.join(repo, 'node_modules/tsx/dist/cli.mjs'), path.join(repo, 'tests/e2e/expert-node.ts')],
    {
      encoding: 'utf8',
      timeout: 300_000,
    },
  );
  if (node.status !== 0) throw new Error(`the Node side failed: ${node.stderr.split('\n')[0]}`);
  const expected = JSON.parse(node.stdout.trim().split('\n').pop());
  const r = await tinyPageResult(browser, PAGE, 'expert-bot', 'the expert bot in the worker');
  if (JSON.stringify(r.choices) !== JSON.stringify(expected))
    throw new Error(`Chromium's expert moves ${JSON.stringify(r.choices)} ≠ Node's ${JSON.stringify(expected)}`);
  return `the expert's ${expected.length} moves in Chromium's worker = Node's (${expected.map((c) => c.name).join('; ')}), ${r.ms} ms`;
}
