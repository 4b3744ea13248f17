// The tile atlas, each way the table could get it, side by side in headless Chromium: painted on
// the page as before (gutters by self-copy), painted on the page with the pixel gutter pass, painted
// in a worker (what the table does), or decoded from an encoded image (a baked file in public/ or a
// cached copy); then uploaded to WebGL each way, until the GPU process has it. Each reports the wall
// time until usable and the longest main-thread task.
import { createServer } from 'vite';
import { chromium } from 'playwright-core';
import { median, type BenchRow } from './types';

const RUNS = 5;

export default async function bench(): Promise<BenchRow[]> {
  const root = new URL('..', import.meta.url).pathname;
  const server = await createServer({ root, configFile: false, logLevel: 'silent', server: { port: 0, host: '127.0.0.1' } });
  await server.listen();
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
  try {
    const page = await browser.newPage();
    await page.goto(`${server.resolvedUrls!.local[0]}bench/atlas-bench.html`);
    await page.waitForFunction(() => document.title === 'ready', null, { timeout: 120_000 });
    const sizes = (await page.evaluate(() => window.atlasBench.encode())) as Record<string, number>;
    const rows: BenchRow[] = [];
    const run = async (label: string, call: string, arg?: string, runs = RUNS) => {
      const ms: number[] = [];
      const longest: number[] = [];
      for (let i = 0; i < runs; i++) {
        const r = await page.evaluate(([c, a]) => window.atlasBench[c](a), [call, arg] as const);
        ms.push(r.ms);
        longest.push(r.longestTaskMs);
      }
      rows.push({
        name: `atlas: ${label}`,
        value: median(ms),
        unit: 'ms',
        note: `longest task ${median(longest).toFixed(0)} ms, median of ${runs}`,
      });
    };
    await run('painted on the page, self-copy gutters (before)', 'selfCopies', undefined, 3);
    await run('painted on the page, pixel gutter pass', 'page');
    await run('painted in a worker, mipmaps made there (the table the first time)', 'worker');
    await run('read by the worker from IndexedDB, kept from the paint (the table after)', 'cached');
    await page.evaluate(() => window.atlasBench.prepareUpload());
    await run('WebGL upload + mipmaps made by the GPU, from a canvas, until the GPU has it', 'upload', 'canvas');
    await run('… from pixels, raw WebGL (texImage2D)', 'upload', 'pixels');
    await run('… from pixels through three in one task (the table before)', 'whole');
    await run("… the worker's mipmaps too, in bands of 2 MB, a task each (the table today)", 'bands');
    await run(`decoded from PNG (${(sizes.png / 1024).toFixed(0)} KB), baked or cached`, 'decode', 'png');
    await run(`decoded from WebP (${(sizes.webp / 1024).toFixed(0)} KB), baked or cached`, 'decode', 'webp');
    for (const gutters of [false, true]) {
      const same = await page.evaluate((g) => window.atlasBench.compareWorkerToOldPaint([0, 13, 27, 59], g), gutters);
      rows.push({
        name: `atlas: worker vs old paint, ${gutters ? 'whole cells' : 'inside the gutters'}, max Δ`,
        value: same.maxDiff,
        unit: '/255',
        note: `mean Δ ${same.meanDiff.toFixed(3)} per channel, ${same.cells} cells`,
      });
    }
    return rows;
  } finally {
    await browser.close();
    await server.close();
  }
}

declare global {
  interface Window {
    // biome-ignore lint/suspicious/noExplicitAny: the bench page's hook, typed in atlas-bench.ts
    atlasBench: any;
  }
}
