// The online bench's page helpers (bench/online-pages.mjs) and its probes (bench/online-probe.mjs):
// pages made with long-task, frame and data-channel watchers, the moments a page holds or draws a
// state, and first-legal play driven through the test hook (?bench).
import { WEBRTC_CONTEXT } from '../tests/e2e/online-steps.mjs';

/** Every long task of the page, in wall-clock ms (comparable with Date.now() here). */
export function watchLongTasks() {
  window.__longtasks = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__longtasks.push({ at: performance.timeOrigin + e.startTime, ms: e.duration });
  }).observe({ type: 'longtask', buffered: true });
}

/** The time of every animation frame the page ran (wall-clock ms): a blocked main thread runs none. */
export function watchFrames() {
  window.__frames = [];
  const tick = () => {
    if (window.__frames.length < 100_000) window.__frames.push(performance.timeOrigin + performance.now());
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
}

/** Counts the text frames every data channel of the page receives (its peer connections are wrapped before PeerJS loads). */
export function countFrames() {
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

export async function newPage(browser, counting = false) {
  const context = await browser.newContext(WEBRTC_CONTEXT);
  await context.addInitScript(watchLongTasks);
  await context.addInitScript(watchFrames);
  if (counting) await context.addInitScript(countFrames);
  return context.newPage();
}

/** Resolves to the wall-clock time at which `page` shows `want` (a turn number or a state hash) with its tile designs in. */
export async function drawnAt(page, want, timeout = 120_000) {
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
export async function heldAt(page, hash, timeout = 120_000) {
  await page.waitForFunction((h) => window.__sw?.stateHash() === h, hash, { timeout, polling: 10 });
  return Date.now();
}

/**
 * Resolves to the wall-clock times at which `page`'s online session first held the start
 * record (its phase 'playing') and then the game state (every commitment and the first draw):
 * the network part of the start, beside the drawing.
 */
export async function startStages(page, timeout = 120_000) {
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
export async function droppedFrames(pages, from, to) {
  let worst = 0;
  for (const p of pages) {
    const ran = (await p.evaluate(() => window.__frames ?? [])).filter((t) => t >= from && t <= to).length;
    worst = Math.max(worst, Math.round(((to - from) * 60) / 1000) - ran);
  }
  return Math.max(0, worst);
}

/** The longest task any of `pages` ran between `from` and `to` (wall-clock ms). */
export async function longestTask(pages, from, to) {
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
export async function timeAction(pages) {
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
export async function settled(pages) {
  for (const p of pages) {
    await p.waitForFunction(() => !window.__sw.app.game?.sessionController.busy && window.__sw.tabletop()?.drawsBoard, null, {
      timeout: 30_000,
      polling: 20,
    });
  }
  await pages[0].waitForTimeout(250);
}

/**
 * Times `count` human actions (timeAction) among the `players` and the `spectator` into `into`,
 * after `before(pages)` each, the players moving the game on a turn after each (a turn where
 * nobody could act is not counted; at most 50 tries).
 */
export async function timeActions(players, spectator, host, into, before = async () => {}, count = 5) {
  const pages = [...players, spectator];
  for (let k = 0, guard = 0; k < count && guard < 50; guard++) {
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
export async function playUntilTurn(pages, host, turn) {
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
