// Tabletop benchmark: draw calls and median frame time of a full board (a whole game of six
// random bots with Expansion 1: 94 tiles, up to 30 meeples) against the empty board (start
// tile only), in headless Chromium through a Vite server this file starts and stops itself.
// Run directly for screenshots:  npx tsx bench/render.ts --screens /tmp/shots [query@file@WxH ...]
import { createServer, type ViteDevServer } from 'vite';
import { chromium, type Browser, type Page } from 'playwright-core';

type BenchRow = { name: string; value: number; unit: string; target?: string; note?: string };

const PORT = 5271;
const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

async function start(): Promise<{ server: ViteDevServer; browser: Browser }> {
  const server = await createServer({
    root: new URL('..', import.meta.url).pathname,
    configFile: false,
    logLevel: 'error',
    server: { port: PORT, host: '127.0.0.1', strictPort: false },
  });
  await server.listen();
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  return { server, browser };
}

function baseUrl(server: ViteDevServer): string {
  const addr = server.httpServer?.address();
  const port = addr && typeof addr === 'object' ? addr.port : PORT;
  return `http://127.0.0.1:${port}/bench/render-bench.html`;
}

async function openBoard(browser: Browser, url: string, width = 1280, height = 720): Promise<Page> {
  const page = await browser.newPage({ viewport: { width, height } });
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(url);
  await page.waitForFunction(() => document.title.startsWith('ready') , null, { timeout: 120_000 }).catch(() => {
    throw new Error(`bench page did not get ready: ${errors.join('; ') || 'timeout'}`);
  });
  return page;
}

interface Measure { drawCalls: number; triangles: number; medianMs: number; tiles: number; meeples: number }

async function measure(page: Page, frames: number): Promise<Measure> {
  return page.evaluate((n) => {
    const { table, state } = window.bench;
    const times: number[] = [];
    for (let i = 0; i < n; i++) times.push(table.renderFrameSync());
    times.sort((a, b) => a - b);
    const s = table.stats();
    return { drawCalls: s.drawCalls, triangles: s.triangles, medianMs: times[Math.floor(times.length / 2)], tiles: state.tiles.length, meeples: state.meeples.length };
  }, frames);
}

export default async function bench(): Promise<BenchRow[]> {
  const { server, browser } = await start();
  try {
    const url = baseUrl(server);
    const full = await openBoard(browser, `${url}?board=full&seed=7`);
    await full.waitForTimeout(300);
    const f = await measure(full, 60);
    const empty = await openBoard(browser, `${url}?board=empty`);
    await empty.waitForTimeout(300);
    const e = await measure(empty, 60);
    const where = 'headless Chromium, SwiftShader (CPU) WebGL, 1280×720';
    return [
      { name: 'render: draw calls, full board', value: f.drawCalls, unit: 'calls', target: '≤ 40', note: `${f.tiles} tiles, ${f.meeples} meeples, ${f.triangles} triangles` },
      { name: 'render: draw calls, empty board', value: e.drawCalls, unit: 'calls', note: `start tile only; full/empty ${(f.drawCalls / e.drawCalls).toFixed(2)}×` },
      { name: 'render: frame time, full board', value: round(f.medianMs), unit: 'ms', note: `median of 60 frames, ${where}` },
      { name: 'render: frame time, empty board', value: round(e.medianMs), unit: 'ms', note: `median of 60 frames; full/empty ${(f.medianMs / e.medianMs).toFixed(2)}×` },
    ];
  } finally {
    await browser.close();
    await server.close();
  }
}

const round = (x: number) => Math.round(x * 100) / 100;

async function screens(dir: string, specs: string[]): Promise<void> {
  const { server, browser } = await start();
  try {
    const url = baseUrl(server);
    for (const spec of specs) {
      const [query, file, size = '1280x720'] = spec.split('@');
      const [w, h] = size.split('x').map(Number);
      const page = await openBoard(browser, `${url}?${query}`, w, h);
      page.on('console', (m) => console.log('  console:', m.text()));
      await page.waitForTimeout(400);
      const s = await page.evaluate(() => window.bench.table.stats());
      await page.screenshot({ path: `${dir}/${file}` });
      console.log(`${dir}/${file}: ${query} ${await page.title()} draw calls ${s.drawCalls}`);
      await page.close();
    }
  } finally {
    await browser.close();
    await server.close();
  }
}

if (process.argv[1] && new URL(import.meta.url).pathname === process.argv[1]) {
  const args = process.argv.slice(2);
  if (args[0] === '--screens') {
    const dir = args[1] ?? '/tmp';
    const specs = args.slice(2).length ? args.slice(2) : ['board=full&seed=7@render-full.png', 'board=empty@render-empty.png', 'board=place&turns=20@render-place.png', 'board=deploy&turns=20@render-deploy.png'];
    await screens(dir, specs);
  } else {
    const rows = await bench();
    const pad = Math.max(...rows.map((r) => r.name.length));
    for (const r of rows) console.log(`${r.name.padEnd(pad)}  ${String(r.value).padStart(8)} ${r.unit.padEnd(6)} ${r.target ?? ''}  ${r.note ?? ''}`);
  }
}
