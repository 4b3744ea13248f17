// The long tasks of every page during an online start of three pages and a bot seat (as
// bench/online-pages.mjs plays it; needs dist/ from `npm run build`), and with TRACE=1 a Chromium
// trace of every process from the host's Start click to the tables drawn, for DevTools'
// Performance panel or a script over its events (CrRendererMain's ThreadControllerImpl::RunTask
// are the page's tasks, CrGpuMain's the GPU process's):
// `[TRACE=1] node tests/e2e/loopback-only.mjs ../../bench/trace-start.mjs [out.json]`.
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { preview } from 'vite';
import { CHROMIUM_ARGS } from '../tests/e2e/harness.mjs';
import { createOnlineGame, joinAndSit, WEBRTC_ARGS, WEBRTC_CONTEXT } from '../tests/e2e/online-steps.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const out = process.argv[2] ?? 'start.trace.json';
const server = await preview({ root: ROOT, logLevel: 'silent', preview: { host: '127.0.0.1', port: 0 } });
const base = server.resolvedUrls.local[0];
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: [...CHROMIUM_ARGS, ...WEBRTC_ARGS] });
const newPage = async () => {
  const context = await browser.newContext(WEBRTC_CONTEXT);
  await context.addInitScript(() => {
    window.__longtasks = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) window.__longtasks.push(Math.round(e.duration));
    }).observe({ type: 'longtask', buffered: true });
  });
  return context.newPage();
};
const pages = [await newPage(), await newPage(), await newPage()];
const [host, a, b] = pages;
const link = await createOnlineGame(host, base, ['human', 'human', 'human', 'greedy'], 'Hana', 'bench');
await joinAndSit(a, host, link, 'Ana', 'black', 'bench');
await joinAndSit(b, host, link, 'Bo', 'green', 'bench');
for (const p of pages) await p.evaluate(() => (window.__longtasks.length = 0));
const cdp = await browser.newBrowserCDPSession();
const events = [];
cdp.on('Tracing.dataCollected', (e) => events.push(...e.value));
const complete = new Promise((r) => cdp.on('Tracing.tracingComplete', r));
const tracing = process.env.TRACE === '1';
const categories = ['devtools.timeline', 'toplevel', 'gpu', 'cc', 'blink', 'v8.execute', 'disabled-by-default-devtools.timeline'];
if (tracing) await cdp.send('Tracing.start', { traceConfig: { includedCategories: categories } });
const t0 = Date.now();
await host.locator('sw-lobby [data-testid="lobby-start"]').click();
await Promise.all(pages.map((p) => p.waitForFunction(() => window.__sw?.shown()?.designs, null, { timeout: 60_000, polling: 20 })));
const drawn = Date.now() - t0;
await new Promise((r) => setTimeout(r, 1500)); // the frames after
const names = ['host', 'guest', 'guest'];
for (const [i, p] of pages.entries()) console.log(`${names[i]}: long tasks ${(await p.evaluate(() => window.__longtasks)).join(', ')} ms`);
if (tracing) {
  await cdp.send('Tracing.end');
  await complete;
  writeFileSync(out, JSON.stringify(events));
  console.log(`trace: ${out}`);
}
await browser.close();
await server.close();
console.log(`Start → every table drawn ${drawn} ms`);
process.exit(0);
