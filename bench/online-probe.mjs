// Where one online moment's time goes, page by page, in headless Chromium with the bench's pages
// (bench/online-pages.mjs): `cd tests/e2e && PROBE_MODE=M node loopback-only.mjs ../../bench/online-probe.mjs`
// (the loopback-only namespace; needs dist/ from `npm run build`), M one of
//   seat      two guests join by the link: form shown, click, lobby, the host's answer, seated;
//   start     the host's Start: start record, state held, table, designs in, turn 1 drawn, sharp;
//   reload    a guest reloads at turns 10, 15, 20: state held, table, drawn;
//   spectate  a spectator opens the link at turns 15, 23, 31: linked, state held, table, drawn;
// each with the table's marks (gpu-ready.ts, tile-atlas.ts, spare-table.ts) and the long tasks,
// in ms from the moment's start. PROBE_ROUNDS (default 3) repeats it. PROBE_ROOT serves another
// build's dist/ (a worktree of an older commit, built): one 5-round bench run cannot tell a
// change of a few hundred ms on this machine, so compare builds by running this in turn on each.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { preview } from 'vite';
import { CHROMIUM_ARGS } from '../tests/e2e/harness.mjs';
import { createOnlineGame, guestUrl, joinAndSit, WEBRTC_ARGS } from '../tests/e2e/online-steps.mjs';
import { drawnAt, heldAt, newPage, playUntilTurn } from './online-helpers.mjs';

const MODES = ['seat', 'start', 'reload', 'spectate'];
const mode = process.env.PROBE_MODE ?? process.argv[2];
if (!MODES.includes(mode)) {
  process.stderr.write(`usage: PROBE_MODE=${MODES.join('|')} … online-probe.mjs (got ${mode ?? 'nothing'})\n`);
  process.exit(2);
}
const ROOT = process.env.PROBE_ROOT ?? fileURLToPath(new URL('..', import.meta.url));
const ROUNDS = Number(process.env.PROBE_ROUNDS ?? 3);
if (!existsSync(`${ROOT}/dist/index.html`)) throw new Error(`no ${ROOT}/dist: run \`npm run build\` there first`);

/** In every page: the first wall-clock time each moment is seen, polled every 10 ms (`__want`: the live state's hash). */
function recorder() {
  window.__tl = {};
  const mark = (k) => {
    if (!(k in window.__tl)) window.__tl[k] = Math.round(performance.timeOrigin + performance.now());
  };
  const Original = window.RTCPeerConnection;
  window.RTCPeerConnection = class extends Original {
    constructor(...args) {
      super(...args);
      this.addEventListener('connectionstatechange', () => this.connectionState === 'connected' && mark('linked'));
    }
  };
  const inShadow = (sel) => {
    for (const el of document.querySelector('sw-app')?.shadowRoot?.querySelectorAll('*') ?? []) {
      const hit = el.shadowRoot?.querySelector(sel);
      if (hit) return hit;
    }
    return null;
  };
  window.addEventListener(
    'click',
    (e) => {
      const t = e.composedPath().find((x) => x.dataset?.testid);
      if (t) mark(`click ${t.dataset.testid}`);
    },
    true,
  );
  const iv = setInterval(() => {
    const sw = window.__sw;
    if (!sw) return;
    mark('app');
    const app = sw.app;
    if (inShadow('[data-testid="join-name"]')) mark('join form');
    if (app.screen === 'lobby') mark('lobby');
    if (inShadow('[data-testid^="take-"]')) mark('seats offered');
    if (app.mesh?.phase === 'playing' || app.mesh?.started) mark('start record');
    if (app.mesh?.started) mark('state');
    const table = sw.tabletop();
    if (table) mark('table');
    if (table?.drawsBoard) mark('board drawn');
    const shown = sw.shown();
    if (shown?.turn >= 1 && shown.designs) mark('turn 1 drawn');
    if (shown?.sharp) mark('sharp');
    const want = window.__want;
    if (want && !('live state' in window.__tl) && sw.stateHash() === want) mark('live state');
    if (want && shown?.hash === want && shown.designs) mark('live drawn');
    if (Object.keys(window.__tl).length > 40) clearInterval(iv);
  }, 10);
}

/** One line per page: its moments, marks and long tasks, in ms from `t0` (wall clock). */
async function report(label, page, t0) {
  const info = await page.evaluate(() => ({
    tl: window.__tl ?? {},
    marks: performance.getEntriesByType('mark').map((m) => [m.name, Math.round(performance.timeOrigin + m.startTime)]),
    tasks: (window.__longtasks ?? []).map((t) => [Math.round(t.at), Math.round(t.ms)]),
  }));
  const rel = (pairs) =>
    pairs
      .filter(([, at]) => at >= t0 - 5_000)
      .sort((a, b) => a[1] - b[1])
      .map(([k, at]) => `${k} ${at - t0}`);
  process.stdout.write(`  ${label}: ${rel(Object.entries(info.tl)).join(', ')}\n`);
  process.stdout.write(`    marks: ${rel(info.marks).join(', ')}\n`);
  process.stdout.write(
    `    long tasks: ${info.tasks
      .filter(([at]) => at >= t0)
      .map(([at, ms]) => `${at - t0}+${ms}`)
      .join(', ')}\n`,
  );
}

const server = await preview({ root: ROOT, logLevel: 'silent', preview: { host: '127.0.0.1', port: 0 } });
const base = server.resolvedUrls.local[0];
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: [...CHROMIUM_ARGS, ...WEBRTC_ARGS] });
const probePage = async () => {
  const page = await newPage(browser);
  await page.context().addInitScript(recorder);
  return page;
};
try {
  for (let round = 0; round < (mode === 'reload' || mode === 'spectate' ? 1 : ROUNDS); round++) {
    const pages = [await probePage(), await probePage(), await probePage()];
    const [host, a, b] = pages;
    const link = await createOnlineGame(host, base, ['human', 'human', 'human', 'greedy'], 'Hana', 'bench');
    for (const [guest, name, colour] of [
      [a, 'Ana', 'black'],
      [b, 'Bo', 'green'],
    ]) {
      const t0 = Date.now();
      const ms = await joinAndSit(guest, host, link, name, colour, 'bench');
      if (mode !== 'seat') continue;
      process.stdout.write(`round ${round + 1}, ${name}: seated ${ms} ms\n`);
      await report(name, guest, t0);
    }
    if (mode === 'seat') {
      for (const p of pages) await p.context().close();
      continue;
    }
    const t0 = Date.now();
    await host.locator('sw-lobby [data-testid="lobby-start"]').click();
    const drawn = Math.max(...(await Promise.all(pages.map((p) => drawnAt(p, 1)))));
    if (mode === 'start') {
      await Promise.all(pages.map((p) => p.waitForFunction(() => window.__sw.shown()?.sharp ?? true, null, { timeout: 60_000 })));
      process.stdout.write(`round ${round + 1}: start ${drawn - t0} ms\n`);
      for (const [k, p] of pages.entries()) await report(['host', 'Ana', 'Bo'][k], p, t0);
      for (const p of pages) await p.context().close();
      continue;
    }
    for (let k = 0; k < ROUNDS; k++) {
      const turn = mode === 'reload' ? 10 + 5 * k : 15 + 8 * k;
      const live = await playUntilTurn(pages, host, turn);
      const hash = await host.evaluate(() => window.__sw.stateHash());
      const page = mode === 'reload' ? a : await probePage();
      const w0 = Date.now();
      if (mode === 'reload') {
        await page.evaluate((h) => sessionStorage.setItem('__want', h), hash);
        await page.context().addInitScript(() => (window.__want = sessionStorage.getItem('__want')));
        await page.reload();
      } else {
        await page.goto(guestUrl(link, 'bench'));
        await page.evaluate((h) => (window.__want = h), hash);
        await page.locator('sw-join [data-testid="join-name"]').fill('Wes');
        await page.locator('sw-join [data-testid="join-watch"]').click();
      }
      const [held, shown] = await Promise.all([heldAt(page, hash), drawnAt(page, hash)]);
      process.stdout.write(`${mode} ${k + 1} at turn ${live}: live state held ${held - w0} ms, drawn ${shown - w0} ms\n`);
      await report(mode === 'reload' ? 'Ana' : 'spectator', page, w0);
      if (mode === 'spectate') await page.context().close();
    }
    for (const p of pages) await p.context().close();
  }
} finally {
  await browser.close();
  await server.close();
}
process.exit(0);
