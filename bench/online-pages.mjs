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
import { createOnlineGame, guestUrl, joinAndSit, WEBRTC_ARGS, WEBRTC_CONTEXT } from '../tests/e2e/online-steps.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const RUNS = Number(process.env.ONLINE_RUNS ?? 5);
const RELOAD_AT = 15;
const SPECTATE_AT = 30;
/** Human actions timed browser to browser per round, after the spectator's catch-up. */
const ACTIONS = 5;
if (!existsSync(`${ROOT}/dist/index.html`)) throw new Error('run `npm run build` first');

/** Every long task of the page, in wall-clock ms (comparable with Date.now() here). */
function watchLongTasks() {
  window.__longtasks = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__longtasks.push({ at: performance.timeOrigin + e.startTime, ms: e.duration });
  }).observe({ type: 'longtask', buffered: true });
}

/** The time of every animation frame the page ran (wall-clock ms): a blocked main thread runs none. */
function watchFrames() {
  window.__frames = [];
  const tick = () => {
    if (window.__frames.length < 100_000) window.__frames.push(performance.timeOrigin + performance.now());
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
}

/** Counts the text frames every data channel of the page receives (its peer connections are wrapped before PeerJS loads). */
function countFrames() {
  window.__rx = { frames: 0, chars: 0 };
  const count = (channel) =>
    channel.addEventListener('message', (e) => {
      if (typeof e.data !== 'string') return;
      window.__rx.frames++;
      window.__rx.chars += e.data.length;
    });
  const Original = window.RTCPeerConnection;
  window.RTCPeerConnection = class extends Original {
    constructor(...args) {
      super(...args);
      this.addEventListener('datachannel', (e) => count(e.channel));
    }
    createDataChannel(...args) {
      const channel = super.createDataChannel(...args);
      count(channel);
      return channel;
    }
  };
}

async function newPage(browser, counting = false) {
  const context = await browser.newContext(WEBRTC_CONTEXT);
  await context.addInitScript(watchLongTasks);
  await context.addInitScript(watchFrames);
  if (counting) await context.addInitScript(countFrames);
  return context.newPage();
}

/** Resolves to the wall-clock time at which `page` shows `want` (a turn number or a state hash) with its tile designs in. */
async function drawnAt(page, want, timeout = 120_000) {
  await page.waitForFunction(
    (w) => {
      const s = window.__sw?.shown();
      if (!s?.table || !s.designs) return false;
      return typeof w === 'number' ? s.turn >= w : s.hash === w;
    },
    want,
    { timeout, polling: 20 },
  );
  return Date.now();
}

/** Resolves to the wall-clock time at which `page`'s session holds the state `hash` (the network and the engine's part, before drawing). */
async function heldAt(page, hash, timeout = 120_000) {
  await page.waitForFunction((h) => window.__sw?.stateHash() === h, hash, { timeout, polling: 10 });
  return Date.now();
}

/**
 * Resolves to the wall-clock times at which `page`'s online session first held the start
 * record (its phase 'playing') and then the game state (every commitment and the first draw):
 * the network part of the start, beside the drawing.
 */
async function startStages(page, timeout = 120_000) {
  const at = async (check) => {
    await page.waitForFunction(check, null, { timeout, polling: 10 });
    return Date.now();
  };
  const record = await at(() => {
    const m = window.__sw?.app?.mesh;
    return !!m && (m.phase === 'playing' || m.phase === 'over' || m.started);
  });
  const held = await at(() => !!window.__sw?.app?.mesh?.started);
  return { record, held };
}

/**
 * Frames dropped between `from` and `to` on the worst of `pages`: the 60 Hz frames the window
 * holds less those the page ran (a frame late by a whole interval or more is one dropped or more).
 */
async function droppedFrames(pages, from, to) {
  let worst = 0;
  for (const p of pages) {
    const ran = (await p.evaluate(() => window.__frames ?? [])).filter((t) => t >= from && t <= to).length;
    worst = Math.max(worst, Math.round(((to - from) * 60) / 1000) - ran);
  }
  return Math.max(0, worst);
}

/** The longest task any of `pages` ran between `from` and `to` (wall-clock ms). */
async function longestTask(pages, from, to) {
  let longest = 0;
  for (const p of pages) {
    const tasks = await p.evaluate(() => window.__longtasks ?? []);
    for (const t of tasks) if (t.at + t.ms >= from && t.at <= to) longest = Math.max(longest, t.ms);
  }
  return longest;
}

/**
 * One human action timed browser to browser: the page whose turn it is places its first legal
 * tile, and every other page of `pages` notes (a listener of its session, in the task that applies it) when it reaches
 * the state the mover is in after it; the slowest page's delay from the click, in ms (null:
 * nobody could move, or a page never got there within 10 s).
 */
async function timeAction(pages) {
  const ready = await Promise.all(pages.map((p) => p.evaluate(() => window.__sw.ready() && window.__sw.state().phase === 'place')));
  const mover = pages[ready.indexOf(true)];
  if (!mover) return null;
  const others = pages.filter((p) => p !== mover);
  // Noted by a listener of the session, in the task that applies the move: a timer polling the state
  // would run only after the frame the page draws for it (100–300 ms on a software WebGL).
  const watch = () => {
    const key = (s) => (s ? `${s.turn}:${s.phase}:${s.tiles.length}` : '');
    let last = key(window.__sw.state());
    window.__keys = [];
    window.__keyOff = window.__sw.session().subscribe((u) => {
      const k = key(u.state);
      if (k === last || window.__keys.length >= 100) return;
      last = k;
      window.__keys.push({ k, at: performance.timeOrigin + performance.now() });
    });
  };
  for (const p of others) await p.evaluate(watch);
  const { sent, after } = await mover.evaluate(async () => {
    const at = performance.timeOrigin + performance.now();
    await window.__sw.session().place(window.__sw.legalPlacements()[0]);
    const s = window.__sw.state();
    return { sent: at, after: `${s.turn}:${s.phase}:${s.tiles.length}` };
  });
  let slowest = 0;
  for (const p of others) {
    const at = await p
      .waitForFunction((k) => window.__keys.find((e) => e.k === k)?.at, after, { timeout: 10_000, polling: 20 })
      .then((h) => h.jsonValue())
      .catch(() => null);
    await p.evaluate(() => window.__keyOff());
    if (at === null) return null;
    slowest = Math.max(slowest, at - sent);
  }
  return slowest;
}

/** Resolves once every page shows all its session holds (no animation queued or playing), drawn, and 250 ms more have passed. */
async function settled(pages) {
  for (const p of pages) {
    await p.waitForFunction(() => !window.__sw.app.game?.sessionController.busy && window.__sw.tabletop()?.drawsBoard, null, {
      timeout: 30_000,
      polling: 20,
    });
  }
  await pages[0].waitForTimeout(250);
}

/**
 * Times ACTIONS human actions (timeAction) among the `players` and the `spectator` into `into`,
 * after `before(pages)` each, the players moving the game on a turn after each (a turn where
 * nobody could act is not counted; at most 50 tries).
 */
async function timeActions(players, spectator, host, into, before = async () => {}) {
  const pages = [...players, spectator];
  for (let k = 0, guard = 0; k < ACTIONS && guard < 50; guard++) {
    await before(pages);
    const ms = await timeAction(pages);
    if (ms !== null) {
      into.push(ms);
      k++;
    }
    await playUntilTurn(players, host, (await host.evaluate(() => window.__sw.state().turn)) + 1);
  }
}

/** Plays first-legal moves for every page whose turn it is, until the live turn reaches `turn` at a human's move. */
async function playUntilTurn(pages, host, turn) {
  for (let guard = 0; guard < 2000; guard++) {
    const live = await host.evaluate(() => window.__sw.state()?.turn ?? 0);
    let moved = false;
    for (const p of pages) {
      moved =
        (await p.evaluate(async (stop) => {
          const sw = window.__sw;
          if (!sw.ready()) return false;
          const s = sw.session();
          if (s.state.turn >= stop && s.state.phase === 'place') return false;
          if (s.state.phase === 'place') await s.place(sw.legalPlacements()[0]);
          else if (s.state.phase === 'deploy') await s.deploy(null);
          return true;
        }, turn)) || moved;
    }
    if (!moved && live >= turn) {
      const waiting = await Promise.all(pages.map((p) => p.evaluate(() => window.__sw.ready())));
      if (waiting.some(Boolean)) return live;
    }
    if (!moved) await host.waitForTimeout(50);
  }
  throw new Error(`the game did not reach turn ${turn}`);
}

const server = await preview({ root: ROOT, logLevel: 'silent', preview: { host: '127.0.0.1', port: 0 } });
const base = server.resolvedUrls.local[0];
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: [...CHROMIUM_ARGS, ...WEBRTC_ARGS] });
const out = {
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
    await timeActions(pages, w, host, out.action);
    await timeActions(pages, w, host, out.actionIdle, settled);
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
