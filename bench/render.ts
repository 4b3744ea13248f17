// Tabletop benchmark: draw calls and median frame time of a full board (a whole game of six
// random bots with Expansion 1: 94 tiles, up to 30 meeples) against the empty board (start
// tile only), in headless Chromium through a Vite server this file starts and stops itself.
// Run directly for screenshots:  npx tsx bench/render.ts --screens /tmp/shots [query@file@WxH ...]
// and for a browser self-check of input, reduced motion and disposal:  npx tsx bench/render.ts --check
import { createServer, type ViteDevServer } from 'vite';
import { chromium, type Browser, type Page } from 'playwright-core';

import { median, type BenchRow } from './types';

const PORT = 5271;
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

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
  await page
    .waitForFunction(() => document.title.startsWith('ready'), null, { timeout: 120_000 })
    .catch(() => {
      throw new Error(`bench page did not get ready: ${errors.join('; ') || 'timeout'}`);
    });
  return page;
}

interface Measure {
  drawCalls: number;
  triangles: number;
  times: number[];
  medianMs: number;
  tiles: number;
  meeples: number;
}

async function measure(page: Page, frames: number): Promise<Measure> {
  return page
    .evaluate((n) => {
      const { table, state } = window.bench;
      const times: number[] = [];
      for (let i = 0; i < n; i++) times.push(table.renderFrameSync());
      const s = table.stats();
      return { drawCalls: s.drawCalls, triangles: s.triangles, times, tiles: state.tiles.length, meeples: state.meeples.length };
    }, frames)
    .then((r) => ({ ...r, medianMs: median(r.times) }));
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
      {
        name: 'render: draw calls, full board',
        value: f.drawCalls,
        unit: 'calls',
        target: '≤ 40',
        note: `${f.tiles} tiles, ${f.meeples} meeples, ${f.triangles} triangles`,
      },
      { name: 'render: draw calls, empty board', value: e.drawCalls, unit: 'calls', note: 'start tile only' },
      { name: 'render: draw calls, full / empty', value: round(f.drawCalls / e.drawCalls), unit: '×' },
      {
        name: 'render: frame time, full board',
        value: round(f.medianMs),
        unit: 'ms',
        note: `median of 60 frames incl. GPU sync, ${where}`,
      },
      { name: 'render: frame time, empty board', value: round(e.medianMs), unit: 'ms', note: 'median of 60 frames incl. GPU sync' },
      { name: 'render: frame time, full / empty', value: round(f.medianMs / e.medianMs), unit: '×' },
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

/** Drives the dev page like a player would and reports each check; exit code 1 on a failure. */
async function check(): Promise<boolean> {
  const { server, browser } = await start();
  const results: [string, boolean, string][] = [];
  const ok = (name: string, pass: boolean, detail = '') => results.push([name, pass, detail]);
  try {
    const url = baseUrl(server);
    // placement: hover a cell with several legal rotations, R cycles legal ones only, click places (R4.2, R10.1)
    let page = await openBoard(browser, `${url}?board=place&turns=14&seed=5`);
    const placements = await page.evaluate(() => window.bench.view.placements);
    const count = (c: { x: number; y: number }) => placements.filter((d) => d.x === c.x && d.y === c.y).length;
    const target = [...placements].sort((a, b) => count(b) - count(a))[0];
    const legal = placements.filter((d) => d.x === target.x && d.y === target.y).map((d) => d.r);
    const pt = await page.evaluate(([x, y]) => window.bench.table.cellToScreen(x, y), [target.x, target.y]);
    await page.mouse.move(pt!.x, pt!.y);
    const seen: number[] = [];
    for (let i = 0; i < 5; i++) {
      const g = await page.evaluate(() => window.bench.table.ghostPlacement());
      seen.push(g?.r ?? -1);
      await page.keyboard.press('r');
    }
    ok('ghost follows the pointer to the hovered legal cell', seen[0] !== -1, JSON.stringify(target));
    ok(
      'R cycles through the legal rotations only',
      seen.every((r) => legal.includes(r)) && new Set(seen).size === legal.length,
      `legal ${legal} seen ${seen}`,
    );
    const before = await page.evaluate(() => window.bench.table.ghostPlacement());
    await page.mouse.click(pt!.x, pt!.y, { button: 'right' });
    const afterRight = await page.evaluate(() => window.bench.table.ghostPlacement());
    ok('right-click turns the ghost', legal.length < 2 || afterRight!.r !== before!.r, `${before?.r} → ${afterRight?.r}`);
    await page.mouse.click(pt!.x, pt!.y);
    const placed = await page.evaluate(() => window.bench.intents);
    ok('click confirms the ghost placement', JSON.stringify(placed) === JSON.stringify([afterRight]), JSON.stringify(placed));
    // the board grows and the camera glides: a click right away still lands on the asked cell
    const camBefore = await page.evaluate(() => window.bench.table.camera.position.toArray());
    await page.evaluate(() => window.bench.advance());
    await page.waitForTimeout(900); // software WebGL draws a frame in ~0.2 s
    const camDuring = await page.evaluate(() => window.bench.table.camera.position.toArray());
    ok(
      'the camera re-frames (glides) when the board grows',
      camBefore.some((v, i) => Math.abs(v - camDuring[i]) > 1e-6),
      `${camBefore.map((v) => v.toFixed(2))} → ${camDuring.map((v) => v.toFixed(2))}`,
    );
    await page.evaluate(() => window.bench.advance()); // and once more, clicking while it glides
    const next = await page.evaluate(() => window.bench.view.placements[0]);
    const np = await page.evaluate(([x, y]) => window.bench.table.cellToScreen(x, y), [next.x, next.y]);
    await page.mouse.click(np!.x, np!.y);
    const placed2 = (await page.evaluate(() => window.bench.intents)) as { x: number; y: number }[];
    ok(
      'after the board grows, a click at cellToScreen places on that cell',
      placed2.length === 2 && placed2[1].x === next.x && placed2[1].y === next.y,
      JSON.stringify(placed2[1]),
    );
    const empty = await page.evaluate(() => window.bench.table.cellToScreen(50, 50));
    ok('cellToScreen of a far cell is off the canvas or null', !empty || empty.x < 0 || empty.x > 1280 || empty.y < 0 || empty.y > 720);
    await page.close();

    // deploy: clicking each spot sends a deployment with that target (R5.2, R10.2); skip() sends none
    // (Esc belongs to the game screen, which calls the session directly)
    page = await openBoard(browser, `${url}?board=deploy&turns=20&seed=4`);
    const deployments = await page.evaluate(() => window.bench.view.deployments);
    const spot = await page.evaluate((d) => window.bench.table.spotToScreen(d), deployments[0]);
    await page.mouse.move(spot!.x, spot!.y);
    await page.mouse.click(spot!.x, spot!.y);
    await page.evaluate(() => window.bench.table.skip());
    const intents = (await page.evaluate(() => window.bench.intents)) as unknown[];
    ok(
      'clicking a spot deploys onto its target',
      JSON.stringify((intents[0] as { target: unknown })?.target) === JSON.stringify(deployments[0].target),
      JSON.stringify(intents[0]),
    );
    ok('skip() sends no deployment', intents.length === 2 && intents[1] === null);
    const stats = await page.evaluate(() => window.bench.table.stats());
    ok('stats() reports draw calls', stats.drawCalls > 0, JSON.stringify(stats));
    // disposal frees every geometry and texture and removes the canvas
    const memory = await page.evaluate(() => {
      const t = window.bench.table as unknown as {
        renderer: { info: { memory: { geometries: number; textures: number } } };
        dispose(): void;
      };
      const info = t.renderer.info.memory;
      const was = { ...info };
      t.dispose();
      return { was, now: { ...info }, canvases: document.querySelectorAll('canvas').length };
    });
    ok(
      'dispose() frees geometries and textures and removes the canvas',
      memory.now.geometries === 0 && memory.now.textures === 0 && memory.canvases === 0,
      JSON.stringify(memory),
    );
    await page.close();

    // battle events: animate (takes time) and resolve; with reduced motion resolve at once
    page = await openBoard(browser, `${url}?board=battle&turns=10&seed=3`);
    const animated = await page.evaluate(async () => {
      const t0 = performance.now();
      await window.bench.play();
      return performance.now() - t0;
    });
    ok('a battle turn animates and resolves (≤ ~1.5 s per throw)', animated > 300 && animated < 8000, `${Math.round(animated)} ms`);
    await page.close();
    page = await browser.newPage({ viewport: { width: 1280, height: 720 }, reducedMotion: 'reduce' });
    await page.goto(`${url}?board=battle&turns=10&seed=3`);
    await page.waitForFunction(() => document.title.startsWith('ready'), null, { timeout: 120_000 });
    const reduced = await page.evaluate(async () => {
      const t0 = performance.now();
      await window.bench.play();
      return performance.now() - t0;
    });
    ok('prefers-reduced-motion: playEvents resolves at once', reduced < 100, `${Math.round(reduced)} ms`);
    await page.close();
  } finally {
    await browser.close();
    await server.close();
  }
  for (const [name, pass, detail] of results) console.log(`${pass ? 'ok  ' : 'FAIL'} ${name}${detail ? `  (${detail})` : ''}`);
  return results.every(([, pass]) => pass);
}

if (process.argv[1] && new URL(import.meta.url).pathname === process.argv[1]) {
  const args = process.argv.slice(2);
  if (args[0] === '--check') {
    process.exitCode = (await check()) ? 0 : 1;
  } else if (args[0] === '--screens') {
    const dir = args[1] ?? '/tmp';
    const specs = args.slice(2).length
      ? args.slice(2)
      : [
          'board=full&seed=7@render-full.png',
          'board=empty@render-empty.png',
          'board=place&turns=20@render-place.png',
          'board=deploy&turns=20@render-deploy.png',
        ];
    await screens(dir, specs);
  } else {
    const rows = await bench();
    const pad = Math.max(...rows.map((r) => r.name.length));
    for (const r of rows)
      console.log(`${r.name.padEnd(pad)}  ${String(r.value).padStart(8)} ${r.unit.padEnd(6)} ${r.target ?? ''}  ${r.note ?? ''}`);
  }
}
