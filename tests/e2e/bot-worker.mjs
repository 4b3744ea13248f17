// The bot runner's real Web Worker path in Chromium, for tests/e2e/run.mjs: builds a tiny
// page with Vite that asks the runner for a strong and a greedy move while a 10 ms timer
// runs on the main thread. The greedy choice must equal the in-page direct call (same
// seed, P2.6), the strong one must be a placement, and the timer must keep ticking while
// the strong bot thinks (the work is off the main thread).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { tinyPageResult } from './harness.mjs';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const PAGE = `
import { createBotRunner } from '${repo}/src/bots/bot-runner';
import { SeededChooser, randomEventAction, greedyBot } from '${repo}/src/bots';
import { applyInPlace, defaultOptions, newGame } from '${repo}/src/engine';
const state = newGame({ seats: ['red', 'black'], options: defaultOptions() });
applyInPlace(state, randomEventAction(state, new SeededChooser(3))!);
const runner = createBotRunner();
const t0 = performance.now();
let ticks = 0;
const timer = setInterval(() => ticks++, 10);
Promise.all([runner.choose(state, 'strong', 7), runner.choose(state, 'greedy', 7)]).then(([strong, greedy]) => {
  clearInterval(timer);
  const direct = greedyBot.choose(state, { rng: new SeededChooser(7), budgetMs: Infinity });
  (window as any).result = { strong, greedy, direct, ms: Math.round(performance.now() - t0), ticks };
}, (e) => ((window as any).result = { error: String(e) }));
`;

/** Throws unless the worker path holds; resolves to one line of what it measured. */
export async function botWorkerCheck(browser) {
  const r = await tinyPageResult(browser, PAGE, 'bot-worker', 'the bot runner');
  const [greedy, direct] = [JSON.stringify(r.greedy), JSON.stringify(r.direct)];
  if (greedy !== direct) throw new Error(`the worker's greedy move ${greedy} ≠ the direct call's ${direct}`);
  if (r.strong?.type !== 'place') throw new Error(`the strong bot answered ${JSON.stringify(r.strong)}, not a placement`);
  if (r.ticks < r.ms / 20) throw new Error(`the main thread stalled: ${r.ticks} ticks of 10 ms in ${r.ms} ms`);
  return `greedy in the worker = direct call; ${r.ticks} ticks of 10 ms in ${r.ms} ms while the strong bot thought`;
}
