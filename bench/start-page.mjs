// One page, a hotseat game, in headless Chromium (SwiftShader WebGL): Start → the table drawn
// with its designs, the longest main-thread task meanwhile (PerformanceObserver 'longtask'),
// then four re-renders of the still table 400 ms apart and the longest task among them (a
// frame's cost: software compositing reads every WebGL frame back). START_RUNS=N rounds
// (default 6), a fresh context each. Needs dist/ (`npm run build`). Prints one JSON line.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { launchChromium, serveStatic } from '../tests/e2e/harness.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const RUNS = Number(process.env.START_RUNS ?? 6);
if (!existsSync(`${ROOT}/dist/index.html`)) throw new Error('run `npm run build` first');

const server = await serveStatic(process.env.DIST ?? `${ROOT}/dist`);
const browser = await launchChromium();
const out = { drawn: [], longest: [], frame: [] };
try {
  for (let round = 0; round < RUNS; round++) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
    const page = await context.newPage();
    await page.addInitScript(() => {
      window.__longtasks = [];
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) window.__longtasks.push({ at: e.startTime, ms: e.duration });
      }).observe({ type: 'longtask', buffered: true });
    });
    await page.goto(`${server.url}?e2e`);
    await page.locator('sw-home button[data-start]').waitFor();
    await page.waitForTimeout(1500); // the home screen settled, the table's code and atlas warmed
    const t0 = await page.evaluate(() => performance.now());
    await page.locator('sw-home button[data-start]').click();
    await page.waitForFunction(() => window.__sw?.shown()?.designs, null, { timeout: 60_000, polling: 20 });
    const drawn = await page.evaluate(() => performance.now());
    await page.waitForTimeout(1000); // the frame that drew the designs, and any after it
    const t1 = await page.evaluate(() => performance.now());
    for (let k = 0; k < 4; k++) {
      await page.evaluate(() => window.__sw.tabletop().requestRender());
      await page.waitForTimeout(400);
    }
    const tasks = await page.evaluate(() => window.__longtasks);
    const longest = (from, to) => Math.max(0, ...tasks.filter((t) => t.at + t.ms >= from && t.at <= to).map((t) => t.ms));
    out.drawn.push(Math.round(drawn - t0));
    out.longest.push(Math.round(longest(t0, t1)));
    out.frame.push(Math.round(longest(t1, t1 + 1600)));
    console.log(
      `round ${round + 1}: table drawn ${out.drawn.at(-1)} ms, longest task ${out.longest.at(-1)} ms, longest frame task after ${out.frame.at(-1)} ms`,
    );
    await context.close();
  }
} finally {
  await browser.close();
  await server.close();
}
console.log(JSON.stringify(out));
