// Online play in real Chromium pages over WebRTC on 127.0.0.1 (P3): the built app served
// with its PeerJS signalling (vite preview and the /peerjs plugin). Three players, each in
// a browser context of their own, meet through the UI by the join link; a bot takes the
// fourth seat; the humans play every move by clicks on the table. Mid-game one page
// reloads and gets its seat back, a fourth page watches, one page goes offline for 30 s.
// All end with the same scores on screen and the same downloaded replay, which
// `npm run verify` accepts. Screenshots land in tests/e2e/artifacts/. Last line: "N passed, M failed".
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { preview } from 'vite';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS } from './harness.mjs';
import { createOnlineGame, guestUrl as toGuestUrl, joinAndSit, WEBRTC_ARGS, WEBRTC_CONTEXT } from './online-steps.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const ARTIFACTS = join(ROOT, 'tests', 'e2e', 'artifacts');
mkdirSync(ARTIFACTS, { recursive: true });
const started = Date.now();
const log = (...a) => console.log(`[${((Date.now() - started) / 1000).toFixed(1)}s]`, ...a);
const results = [];
function check(ok, what) {
  log(`${ok ? 'ok  ' : 'FAIL'} ${what}`);
  results.push(ok);
  if (!ok) throw new Error(what);
}

if (!existsSync(join(ROOT, 'dist', 'index.html'))) {
  const b = spawnSync('npx', ['vite', 'build'], { cwd: ROOT, stdio: 'inherit' });
  if (b.status !== 0) process.exit(1);
}
const server = await preview({ root: ROOT, logLevel: 'warn', preview: { host: '127.0.0.1', port: 0, strictPort: false } });
const base = server.resolvedUrls.local[0];
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: [...CHROMIUM_ARGS, ...WEBRTC_ARGS],
});
const errors = [];

async function newPlayer(name, viewport = { width: 1280, height: 720 }) {
  const context = await browser.newContext({ viewport, ...WEBRTC_CONTEXT, acceptDownloads: true });
  const page = await context.newPage();
  opened.push({ name, page });
  page.on('pageerror', (e) => errors.push(`${name}: ${e.message}`));
  page.on('console', (m) => m.type() === 'error' && !/Failed to load resource|favicon/.test(m.text()) && errors.push(`${name}: ${m.text()}`));
  return { name, context, page };
}

const app = (page) => page.locator('sw-app');
const shot = (page, file) => page.screenshot({ path: join(ARTIFACTS, file) });

/** The page's point of a table cell, when visible and not under the HUD. */
async function cellPoint(page, x, y) {
  return page.evaluate(([cx, cy]) => {
    const table = window.__sw.tabletop();
    const p = table?.cellToScreen(cx, cy);
    if (!p) return null;
    const rect = table.canvas.getBoundingClientRect();
    const px = rect.left + p.x;
    const py = rect.top + p.y;
    if (px < rect.left + 4 || py < rect.top + 4 || px > rect.right - 4 || py > rect.bottom - 4) return null;
    let el = document.elementFromPoint(px, py);
    while (el && el.shadowRoot) {
      const inner = el.shadowRoot.elementFromPoint(px, py);
      if (!inner || inner === el) break;
      el = inner;
    }
    return el === table.canvas ? { x: px, y: py } : null;
  }, [x, y]);
}

/** One turn by clicks: hover a legal cell (the ghost), click it (a draft), End turn without a meeple. */
async function clickTurn(page) {
  await page.waitForFunction(() => !!window.__sw.tabletop(), null, { timeout: 20_000, polling: 50 });
  const mark = await page.evaluate(() => window.__sw.stateHash());
  const placements = await page.evaluate(() => window.__sw.legalPlacements());
  const cells = [...new Map(placements.map((p) => [`${p.x},${p.y}`, p])).values()];
  for (let attempt = 0; attempt < 5; attempt++) {
    for (const cell of cells) {
      const at = await cellPoint(page, cell.x, cell.y);
      if (!at) continue;
      await page.mouse.move(at.x, at.y);
      const ghost = await page.evaluate(() => window.__sw.tabletop().ghostPlacement());
      if (!ghost || ghost.x !== cell.x || ghost.y !== cell.y) continue;
      await page.mouse.click(at.x, at.y);
      await page.waitForFunction(() => !!window.__sw.draft(), null, { timeout: 10_000, polling: 20 });
      await page.locator('sw-turn-controls button[data-end-turn]').click();
      await page.waitForFunction((h) => window.__sw.stateHash() !== h, mark, { timeout: 20_000, polling: 20 });
      return;
    }
    // a battle panel may cover the cells: close it, as a player would, and frame the board
    const close = page.locator('sw-game .battle-now button.close');
    if (await close.count()) await close.first().click().catch(() => {});
    await page.evaluate(() => window.__sw.tabletop().frameBoard());
    await page.waitForTimeout(250);
  }
  throw new Error(`no legal cell of ${cells.length} could be clicked`);
}

const over = (page) => page.evaluate(() => window.__sw?.state()?.phase === 'over').catch(() => false);
const ready = (page) => page.evaluate(() => !!window.__sw?.ready?.()).catch(() => false);

let exitCode = 0;
const opened = [];
try {
  // ---------------------------------------------------------------- lobby through the UI
  const host = await newPlayer('host');
  const b = await newPlayer('b');
  const c = await newPlayer('c', { width: 390, height: 844 });
  // red: the host; black: a greedy bot; green and white: friends who join by the link
  const link = await createOnlineGame(host.page, base, ['human', 'greedy', 'human', 'human']);
  check(/#join=[A-Za-z0-9_-]+$/.test(link), `the lobby shows a join link (${link})`);
  const guestUrl = toGuestUrl(link);
  const seated = [await joinAndSit(b.page, host.page, link, 'Bea', 'green'), await joinAndSit(c.page, host.page, link, 'Cem', 'white')];
  const seatedMs = (seated[0] + seated[1]) / 2;
  check(true, `two guests joined by the link and took their seats (${seated.join(' and ')} ms)`);
  await shot(host.page, 'online-lobby-desktop.png');
  await shot(c.page, 'online-lobby-phone.png');
  const start = host.page.locator('sw-lobby [data-testid="lobby-start"]');
  check(await start.isEnabled(), 'the host can start once every seat is taken');
  await start.click();
  for (const p of [host, b, c]) await p.page.waitForFunction(() => window.__sw?.state()?.turn >= 1, null, { timeout: 30_000 });
  check(true, 'the game started on all three pages');

  // ---------------------------------------------------------------- play by clicks, with a reload, a watcher and an offline spell
  let watcher = null;
  let reloaded = false;
  let offline = false;
  const players = [host, b, c];
  const deadline = Date.now() + 12 * 60_000;
  let moves = 0;
  while (!(await Promise.all(players.map((p) => over(p.page)))).every(Boolean)) {
    if (Date.now() > deadline) throw new Error('the online game did not finish in 12 minutes');
    const turn = await host.page.evaluate(() => window.__sw.state().turn);
    if (!reloaded && turn >= 12) {
      reloaded = true;
      const t1 = Date.now();
      await b.page.reload();
      await b.page.waitForFunction(() => window.__sw?.state()?.turn >= 1, null, { timeout: 120_000 });
      check(true, `b reloaded at turn ${turn} and is back in the game, same seat, nothing asked (${Date.now() - t1} ms)`);
    }
    if (!watcher && turn >= 16) {
      watcher = await newPlayer('watcher');
      await watcher.page.goto(guestUrl);
      await watcher.page.locator('sw-join [data-testid="join-name"]').fill('Wes');
      await watcher.page.locator('sw-join [data-testid="join-watch"]').click();
      await watcher.page.waitForFunction(() => window.__sw?.state()?.turn >= 1, null, { timeout: 30_000 });
      check(true, `a spectator joined at turn ${turn}`);
      await shot(host.page, 'online-game-in-progress.png');
    }
    if (!offline && turn >= 22) {
      offline = true;
      await c.context.setOffline(true);
      log('c is offline for 30 s');
      setTimeout(() => void c.context.setOffline(false).then(() => log('c is back online')), 30_000);
    }
    let moved = false;
    for (const p of players) {
      if (await ready(p.page)) {
        await clickTurn(p.page);
        moves++;
        moved = true;
      }
    }
    if (!moved) await host.page.waitForTimeout(100);
  }
  check(reloaded && !!watcher && offline, `played to the end: ${moves} human turns by clicks, a bot seat, a reload, a spectator, 30 s offline`);

  // ---------------------------------------------------------------- the same end everywhere
  const everyone = [...players, watcher];
  for (const p of everyone) await p.page.waitForFunction(() => window.__sw.state().phase === 'over', null, { timeout: 60_000 });
  const scores = await Promise.all(everyone.map((p) => p.page.evaluate(() => JSON.stringify(window.__sw.state().scores))));
  check(scores.every((s) => s === scores[0]), `identical final scores on every page: ${scores[0]}`);
  const onScreen = await Promise.all(everyone.map((p) => p.page.locator('sw-results').innerText({ timeout: 10_000 })));
  const numbers = (text) => (text.match(/\d+/g) ?? []).join(',');
  check(onScreen.every((t) => numbers(t) === numbers(onScreen[0])), 'the results on screen are the same on every page');
  await shot(host.page, 'online-game-over.png');
  const replays = [];
  for (const p of everyone) {
    await p.page.evaluate(() => document.querySelector('sw-app').shadowRoot.querySelector('sw-game').shadowRoot.querySelector('sw-results')?.dispatchEvent(new CustomEvent('sw-close')));
    const [download] = await Promise.all([p.page.waitForEvent('download'), p.page.locator('sw-game button[data-save-replay]').first().click()]);
    const file = join(ARTIFACTS, `online-replay-${p.name}.json`);
    await download.saveAs(file);
    replays.push(file);
  }
  const texts = replays.map((f) => spawnSync('cat', [f], { encoding: 'utf8' }).stdout);
  check(texts.every((t) => t === texts[0]), 'every page downloaded the same replay, byte for byte');
  const v = spawnSync('npx', ['tsx', 'src/cli/verify.ts', replays[0]], { cwd: ROOT, encoding: 'utf8' });
  check(v.status === 0, `npm run verify accepts it: ${v.stdout.split('\n')[0]}`);
  check(errors.length === 0, `no page errors${errors.length ? `: ${errors.slice(0, 3).join(' | ')}` : ''}`);
  writeFileSync(join(ARTIFACTS, 'online-figures.json'), JSON.stringify({ joinToSeatedMs: seatedMs }, null, 2));
} catch (e) {
  log(`FAIL ${e instanceof Error ? e.message.split('\n')[0] : String(e)}`);
  for (const o of opened) await shot(o.page, `online-failure-${o.name}.png`).catch(() => {});
  if (errors.length) log(`page errors: ${errors.slice(0, 5).join(' | ')}`);
  results.push(false);
  exitCode = 1;
} finally {
  await browser.close();
  await server.close();
}
const passed = results.filter(Boolean).length;
console.log(`${passed} passed, ${results.length - passed} failed`);
process.exit(exitCode || (results.every(Boolean) ? 0 : 1));
