// Run by bench/online.ts: builds nothing (needs dist/ from `npm run build`), serves it with
// the signalling plugin, and times an online game of three pages and a bot seat in headless
// Chromium, as players get it (?bench: the test hook, but animations and bot pauses on):
// join link → seated; host's Start → turn 1 drawn on every page (tile designs in; and at full
// resolution, their finer mipmaps coming after the first frame) and the
// longest main-thread task meanwhile (PerformanceObserver 'longtask') and the frames dropped on
// the worst page (60 a second less the animation frames it ran); a reload at turn 15 →
// the live turn drawn; a spectator opening the link at turn 30 → the live turn drawn, with the
// frames and characters its data channels received meanwhile (for both, when the session held the
// live state, before drawing it); then human actions, each timed
// until applied on every page: five right after the spectator's catch-up, as the game goes on
// (a page may still be animating the move before), five from settled pages (nothing left to show). ONLINE_RUNS=N sets the rounds
// (default 5). Prints one JSON line.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { preview } from 'vite';
import { CHROMIUM_ARGS } from '../tests/e2e/harness.mjs';
import { createOnlineGame, guestUrl, joinAndSit, WEBRTC_ARGS } from '../tests/e2e/online-steps.mjs';
import {
  drawnAt,
  droppedFrames,
  heldAt,
  longestTask,
  newPage,
  playUntilTurn,
  settled,
  startStages,
  timeActions,
} from './online-helpers.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const RUNS = Number(process.env.ONLINE_RUNS ?? 5);
const RELOAD_AT = 15;
const SPECTATE_AT = 30;
/** Human actions timed browser to browser per round, after the spectator's catch-up. */
const ACTIONS = 5;
if (!existsSync(`${ROOT}/dist/index.html`)) throw new Error('run `npm run build` first');

const server = await preview({ root: ROOT, logLevel: 'silent', preview: { host: '127.0.0.1', port: 0 } });
const base = server.resolvedUrls.local[0];
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: [...CHROMIUM_ARGS, ...WEBRTC_ARGS] });
const out = {
  browser: browser.version(),
  seated: [],
  start: [],
  startRecord: [],
  startHeld: [],
  startSharp: [],
  startLongest: [],
  startDropped: [],
  reload: [],
  reloadHeld: [],
  reloadLongest: [],
  reloadTurn: [],
  spectate: [],
  spectateHeld: [],
  spectateLongest: [],
  spectateTurn: [],
  spectateFrames: [],
  spectateChars: [],
  action: [],
  actionIdle: [],
};
try {
  for (let round = 0; round < RUNS; round++) {
    const pages = [await newPage(browser), await newPage(browser), await newPage(browser)];
    const [host, a, b] = pages;
    const link = await createOnlineGame(host, base, ['human', 'human', 'human', 'greedy'], 'Hana', 'bench');
    out.seated.push(await joinAndSit(a, host, link, 'Ana', 'black', 'bench'));
    out.seated.push(await joinAndSit(b, host, link, 'Bo', 'green', 'bench'));
    const t0 = Date.now();
    await host.locator('sw-lobby [data-testid="lobby-start"]').click();
    const [stages, drawn] = await Promise.all([
      Promise.all(pages.map((p) => startStages(p))),
      Promise.all(pages.map((p) => drawnAt(p, 1))),
    ]);
    const t1 = Math.max(...drawn);
    out.start.push(t1 - t0);
    out.startRecord.push(Math.max(...stages.map((x) => x.record)) - t0);
    out.startHeld.push(Math.max(...stages.map((x) => x.held)) - t0);
    out.startLongest.push(await longestTask(pages, t0, t1));
    out.startDropped.push(await droppedFrames(pages, t0, t1));
    // the table draws from the atlas's coarse levels first, the finer ones after its first frame (tile-atlas.ts)
    await Promise.all(pages.map((p) => p.waitForFunction(() => window.__sw.shown()?.sharp, null, { timeout: 60_000, polling: 20 })));
    out.startSharp.push(Date.now() - t0);

    const live = await playUntilTurn(pages, host, RELOAD_AT);
    const hash = await host.evaluate(() => window.__sw.stateHash());
    const r0 = Date.now();
    await a.reload();
    const [rh, r1] = await Promise.all([heldAt(a, hash), drawnAt(a, hash)]);
    out.reload.push(r1 - r0);
    out.reloadHeld.push(rh - r0);
    out.reloadLongest.push(await longestTask([a], r0, r1));
    out.reloadTurn.push(live);
    process.stderr.write(
      `round ${round + 1}: start ${t1 - t0} ms (start record on every page ${out.startRecord.at(-1)} ms, ` +
        `state held ${out.startHeld.at(-1)} ms; longest task ${out.startLongest.at(-1).toFixed(0)} ms, ${out.startDropped.at(-1)} frames dropped), ` +
        `reload at turn ${live} ${r1 - r0} ms (state held ${rh - r0} ms; longest task ${out.reloadLongest.at(-1).toFixed(0)} ms)\n`,
    );

    const now = await playUntilTurn(pages, host, SPECTATE_AT);
    const state = await host.evaluate(() => window.__sw.stateHash());
    const w = await newPage(browser, true);
    const w0 = Date.now();
    await w.goto(guestUrl(link, 'bench'));
    await w.locator('sw-join [data-testid="join-name"]').fill('Wes');
    await w.locator('sw-join [data-testid="join-watch"]').click();
    const [wh, w1] = await Promise.all([heldAt(w, state), drawnAt(w, state)]);
    out.spectateHeld.push(wh - w0);
    const rx = await w.evaluate(() => window.__rx);
    out.spectate.push(w1 - w0);
    out.spectateLongest.push(await longestTask([w], w0, w1));
    out.spectateTurn.push(now);
    out.spectateFrames.push(rx.frames);
    out.spectateChars.push(rx.chars);
    process.stderr.write(
      `round ${round + 1}: spectator at turn ${now} ${w1 - w0} ms (state held ${wh - w0} ms; longest task ${out.spectateLongest.at(-1).toFixed(0)} ms, ` +
        `${rx.frames} frames, ${rx.chars} characters received)\n`,
    );
    // Human actions, browser to browser: each applied on every page (the spectator's too), as play
    // goes on; then the same, each from a settled table (every page shows all it holds and has drawn it).
    await timeActions(pages, w, host, out.action, undefined, ACTIONS);
    await timeActions(pages, w, host, out.actionIdle, settled, ACTIONS);
    process.stderr.write(
      `round ${round + 1}: action → applied on every page ${out.action.slice(-ACTIONS).map(Math.round).join(', ')} ms; ` +
        `from settled pages ${out.actionIdle.slice(-ACTIONS).map(Math.round).join(', ')} ms\n`,
    );
    await w.context().close();
    for (const p of pages) await p.context().close();
  }
} finally {
  await browser.close();
  await server.close();
}
process.stdout.write(`${JSON.stringify(out)}\n`, () => process.exit(0));
