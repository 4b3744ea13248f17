// Manual check (not part of `npm test`): builds a tiny page with Vite that asks the bot runner
// for a strong and a greedy move, opens it in Chromium, and prints the result. It shows the
// real Web Worker path: the greedy choice equals the in-page direct call (same seed, P2.6),
// and a 10 ms timer keeps ticking on the main thread while the strong bot thinks.
// Run: node tests/bots/browser-worker-check.mjs
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sw-bot-worker-'));
fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><html><body><script type="module" src="./main.ts"></script></body></html>');
fs.writeFileSync(path.join(dir, 'main.ts'), `
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
`);
fs.writeFileSync(path.join(dir, 'vite.config.mjs'), `export default { root: ${JSON.stringify(dir)}, build: { outDir: 'dist' }, logLevel: 'warn' };`);
fs.symlinkSync(path.join(repo, 'node_modules'), path.join(dir, 'node_modules'));
execFileSync(path.join(repo, 'node_modules/.bin/vite'), ['build', '--config', path.join(dir, 'vite.config.mjs')], { stdio: 'inherit' });
const root = path.join(dir, 'dist');
const server = http.createServer((req, res) => {
  const f = path.join(root, req.url === '/' ? 'index.html' : req.url);
  if (!f.startsWith(root) || !fs.existsSync(f)) return void res.writeHead(404).end();
  res.writeHead(200, { 'content-type': f.endsWith('.js') ? 'text/javascript' : 'text/html' }).end(fs.readFileSync(f));
}).listen(0, '127.0.0.1');
await new Promise((r) => server.once('listening', r));
const { chromium } = await import(path.join(repo, 'node_modules/playwright-core/index.mjs'));
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
try {
  const page = await browser.newPage();
  await page.goto(`http://127.0.0.1:${server.address().port}/`);
  await page.waitForFunction(() => window.result, null, { timeout: 120000 });
  const result = await page.evaluate(() => window.result);
  console.log(JSON.stringify(result));
  const ok = !result.error && JSON.stringify(result.greedy) === JSON.stringify(result.direct) && result.ticks >= result.ms / 20; // the timer kept running
  console.log(ok ? 'worker path OK' : 'worker path FAILED');
  process.exitCode = ok ? 0 : 1;
} finally {
  await browser.close();
  server.close();
  fs.rmSync(dir, { recursive: true, force: true });
}
