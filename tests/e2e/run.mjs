// Browser tests of the whole app (npm run test:e2e): builds dist/, serves it on
// 127.0.0.1, and drives Debian's Chromium through the real UI: a 2-seat hotseat game
// and a solo game against a bot, both to the end, with clicks on the legal cells and
// spots the 3D table reports (R10.1, R10.2) and the keys R / Enter / Esc. Checks that the
// scores on screen equal the engine's (R8), that WebGL drew, that the replay verifies
// (P1.5), that a reload resumes the game (P1.6), that the bot runner's Web Worker answers as
// the page would (bot-worker.mjs), and that no console error happened. E2E_ONLY=TEXT runs
// the tests whose name holds TEXT (none matching: exit 2).
// Screenshots go to tests/e2e/artifacts/. Prints "N passed, M failed"; exits 1 on failure.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { botWorkerCheck } from './bot-worker.mjs';
import { expertBotCheck } from './expert-bot.mjs';
import { ed25519Check } from './ed25519.mjs';
import { launchChromium, serveStatic } from './harness.mjs';
import { trackCovered } from './track-check.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const ARTIFACTS = join(ROOT, 'tests', 'e2e', 'artifacts');
mkdirSync(ARTIFACTS, { recursive: true });
const started = Date.now();
const log = (...a) => console.log(`[${((Date.now() - started) / 1000).toFixed(1)}s]`, ...a);

/** A small deterministic PRNG so a run's choices can be reproduced (mulberry32). */
function prng(seed) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = Math.imul(s ^ (s >>> 15), s | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function assert(cond, message) {
  if (!cond) throw new Error(message);
}

// ---------------------------------------------------------------- page helpers

/** Installs helpers in the page: where a table point is on the page, and whether a click there reaches the canvas. */
async function installPageHelpers(page) {
  await page.evaluate(() => {
    const deepHit = (x, y) => {
      let el = document.elementFromPoint(x, y);
      while (el && el.shadowRoot) {
        const inner = el.shadowRoot.elementFromPoint(x, y);
        if (!inner || inner === el) break;
        el = inner;
      }
      return el;
    };
    window.__e2e = {
      /** Page coordinates of a point given relative to the table host, or null when hidden under the HUD or not drawn yet. */
      pagePoint(p) {
        const table = window.__sw.tabletop();
        // a player clicks what the table shows: it is out of the page until its first frame (gpu-ready.ts)
        if (!p || !table?.drawsBoard) return null;
        const rect = table.canvas.getBoundingClientRect();
        const x = rect.left + p.x;
        const y = rect.top + p.y;
        if (x < rect.left + 4 || y < rect.top + 4 || x > rect.right - 4 || y > rect.bottom - 4) return null;
        return deepHit(x, y) === table.canvas ? { x, y } : null;
      },
      cellPoint(x, y) {
        return this.pagePoint(window.__sw.tabletop()?.cellToScreen(x, y) ?? null);
      },
      spotPoint(d) {
        return this.pagePoint(window.__sw.tabletop()?.spotToScreen(d) ?? null);
      },
    };
  });
}

/** Every score-track slot framed on the table, none under the top bar, the Menu button or a panel (issue 20). */
async function checkTrackVisible(page, what) {
  const hidden = await trackCovered(page);
  assert(hidden.length === 0, `${what}: ${hidden.length} of 50 score-track slots hidden: ${hidden.slice(0, 4).join('; ')}`);
  log(`${what}: every score-track slot visible`);
}

/** Waits until the UI waits for a local human on a drawn table, or the game is over. */
async function waitForTurn(page, timeout = 30_000) {
  await page.waitForFunction(
    () => window.__sw.state()?.phase === 'over' || (window.__sw.ready() && window.__sw.tabletop()?.drawsBoard),
    null,
    { timeout, polling: 20 },
  );
  return page.evaluate(() => ({
    phase: window.__sw.state().phase,
    turn: window.__sw.state().turn,
    tiles: window.__sw.state().tiles.length,
    seat: window.__sw.state().seat,
    history: window.__sw.session().history().length,
  }));
}

/** The battle panel on the table can cover legal cells (most on small screens): close it, as a player would. */
async function closeBattlePanel(page) {
  const close = page.locator('sw-game .battle-now button.close');
  if (await close.count())
    await close
      .first()
      .click()
      .catch(() => {});
}

/** Places the drawn tile through the UI: hover a legal cell, maybe press R, then Enter or click (a draft unless one-click play). */
async function placeTile(page, rnd, oneClick = false) {
  const placements = await page.evaluate(() => window.__sw.legalPlacements());
  assert(placements.length > 0, 'no legal placement offered in the place phase');
  const cells = [...new Map(placements.map((p) => [`${p.x},${p.y}`, p])).values()];
  for (let attempt = 0; attempt < 5; attempt++) {
    // Try the cells in a shuffled order until one is visible on the table.
    const order = cells
      .map((c) => [rnd(), c])
      .sort((a, b) => a[0] - b[0])
      .map(([, c]) => c);
    for (const cell of order) {
      const at = await page.evaluate(([x, y]) => window.__e2e.cellPoint(x, y), [cell.x, cell.y]);
      if (!at) continue;
      await page.mouse.move(at.x, at.y);
      const ghost = await page.evaluate(() => window.__sw.tabletop().ghostPlacement());
      if (!ghost || ghost.x !== cell.x || ghost.y !== cell.y) continue;
      const before = await page.evaluate(() => window.__sw.state().tiles.length);
      const turns = Math.floor(rnd() * 3);
      for (let i = 0; i < turns; i++) await page.keyboard.press('r');
      const chosen = await page.evaluate(() => window.__sw.tabletop().ghostPlacement());
      // The 2D preview of the drawn tile turns like the ghost.
      const previewRotation = () =>
        page.evaluate(
          () =>
            document.querySelector('sw-app').shadowRoot.querySelector('sw-game').shadowRoot.querySelector('.drawn sw-tile-preview')
              ?.rotation,
        );
      await page
        .waitForFunction(
          (r) =>
            document.querySelector('sw-app').shadowRoot.querySelector('sw-game').shadowRoot.querySelector('.drawn sw-tile-preview')
              ?.rotation === r,
          chosen.r,
          { timeout: 5_000, polling: 20 },
        )
        .catch(async () => {
          throw new Error(
            `the drawn-tile preview shows rotation ${await previewRotation()}, the ghost ${JSON.stringify(chosen)} (${turns} R presses)`,
          );
        });
      if (rnd() < 0.5) await page.keyboard.press('Enter');
      else {
        // Aim again just before the click: the camera may have re-framed since the hover.
        const again = await page.evaluate(([x, y]) => window.__e2e.cellPoint(x, y), [chosen.x, chosen.y]);
        if (!again) continue;
        await page.mouse.move(again.x, again.y);
        await page.mouse.click(again.x, again.y);
      }
      if (oneClick) {
        await page.waitForFunction((n) => window.__sw.state().tiles.length > n, before, { timeout: 10_000, polling: 20 });
        const placed = await page.evaluate(() => window.__sw.state().tiles.at(-1));
        assert(
          placed.x === chosen.x && placed.y === chosen.y && placed.r === chosen.r,
          `placed ${JSON.stringify(placed)} but the ghost showed ${JSON.stringify(chosen)}`,
        );
        return placed;
      }
      // The placement is only drafted: nothing reaches the session before End turn.
      await page.waitForFunction(() => !!window.__sw.draft(), null, { timeout: 10_000, polling: 20 });
      const drafted = await page.evaluate(() => window.__sw.draft().placement);
      assert(
        drafted.x === chosen.x && drafted.y === chosen.y && drafted.r === chosen.r,
        `drafted ${JSON.stringify(drafted)} but the ghost showed ${JSON.stringify(chosen)}`,
      );
      assert(
        (await page.evaluate(() => window.__sw.state().tiles.length)) === before,
        'a drafted placement reached the session before End turn',
      );
      return drafted;
    }
    // No legal cell was visible: close a battle panel that may cover them, frame the board and try again.
    await closeBattlePanel(page);
    await page.evaluate(() => window.__sw.tabletop().frameBoard());
    await page.waitForTimeout(250);
  }
  throw new Error(`none of ${cells.length} legal cells could be clicked on the table`);
}

/** Deploys through the UI (maybe a large meeple, clicking a spot), or skips; a draft is then sent with End turn. */
async function deployOrSkip(page, rnd, deployRate) {
  const drafting = await page.evaluate(() => !!window.__sw.draft());
  const legal = await page.evaluate(() => window.__sw.draft()?.deployments ?? window.__sw.legalDeployments());
  const mark = await page.evaluate(() => window.__sw.stateHash());
  if (legal.length && rnd() < deployRate) {
    const sizes = [...new Set(legal.map((d) => d.meeple))];
    const size = sizes.includes('large') && (rnd() < 0.25 || !sizes.includes('small')) ? 'large' : 'small';
    await page.locator(`sw-deploy-controls button[data-meeple="${size}"]`).click();
    // Expansion 1 (R5.5): sometimes attach a card still in reserve.
    const cards = [...new Set(legal.filter((d) => d.meeple === size && d.equipment).map((d) => d.equipment))];
    const equipment = cards.length && rnd() < 0.5 ? cards[Math.floor(rnd() * cards.length)] : null;
    const card = page.locator(`sw-deploy-controls button[data-equipment="${equipment ?? 'none'}"]`);
    if (await card.count()) await card.click();
    const options = legal.filter((d) => d.meeple === size && d.equipment === equipment);
    const order = options
      .map((d) => [rnd(), d])
      .sort((a, b) => a[0] - b[0])
      .map(([, d]) => d);
    for (const d of order) {
      const at = await page.evaluate((dep) => window.__e2e.spotPoint(dep), d);
      if (!at) continue;
      await page.mouse.move(at.x, at.y);
      const historyMark = await page.evaluate(() => window.__sw.session().history().length);
      await page.mouse.click(at.x, at.y);
      if (drafting) {
        await page.waitForFunction((t) => JSON.stringify(window.__sw.draft()?.target) === JSON.stringify(t), d.target, {
          timeout: 5_000,
          polling: 20,
        });
        await page.locator('sw-turn-controls button[data-end-turn]').click();
      }
      await page.waitForFunction((h) => window.__sw.stateHash() !== h, mark, { timeout: 10_000, polling: 20 });
      // The first deployment after the click is ours (a bot may already have moved after it).
      const last = await page.evaluate(
        (from) =>
          window.__sw
            .session()
            .history()
            .slice(from)
            .find((e) => e.type === 'deployed') ?? null,
        historyMark,
      );
      assert(last, 'a click on a legal spot deployed nothing');
      assert(
        last.meeple === size && last.equipment === equipment,
        `deployed a ${last.meeple} meeple with ${last.equipment} but the HUD chose ${size} with ${equipment}`,
      );
      return equipment ? 'equipped' : 'deployed';
    }
  }
  if (drafting) {
    // No meeple: End turn sends the placement and no deployment (R5.1); Enter does it too when the tile offers no spot.
    if (!legal.length && rnd() < 0.5) await page.keyboard.press('Enter');
    else await page.locator('sw-turn-controls button[data-end-turn]').click();
  } else {
    // Esc skips (the game screen's one handler).
    await page.locator('sw-game').evaluate(() => window.__sw.tabletop()?.canvas.focus());
    await page.keyboard.press('Escape');
  }
  await page.waitForFunction((h) => window.__sw.stateHash() !== h, mark, { timeout: 10_000, polling: 20 });
  return 'skipped';
}

/** Counts pixels of a screenshot that differ from its most common colour, in the page. */
async function drawnPixelRatio(page, png) {
  return page.evaluate(async (b64) => {
    const img = new Image();
    img.src = `data:image/png;base64,${b64}`;
    await img.decode();
    const c = document.createElement('canvas');
    c.width = img.width;
    c.height = img.height;
    const ctx = c.getContext('2d');
    ctx.drawImage(img, 0, 0);
    const data = ctx.getImageData(0, 0, c.width, c.height).data;
    const counts = new Map();
    for (let i = 0; i < data.length; i += 16) {
      const key = ((data[i] >> 3) << 10) | ((data[i + 1] >> 3) << 5) | (data[i + 2] >> 3);
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    const total = data.length / 16;
    const top = Math.max(...counts.values());
    return { ratio: (total - top) / total, colours: counts.size };
  }, png.toString('base64'));
}

async function checkWebGlDrew(page, name) {
  // WebGL here is SwiftShader (on the CPU): the table draws without multisampling (gpu-tier.ts).
  const attributes = await page.evaluate(() => window.__sw.tabletop().canvas.getContext('webgl2').getContextAttributes());
  assert(attributes.antialias === false, `the table multisamples on a software WebGL (${JSON.stringify(attributes)})`);
  const canvas = page.locator('sw-table canvas').first();
  const png = await canvas.screenshot();
  const { ratio, colours } = await drawnPixelRatio(page, png);
  log(`${name}: ${(ratio * 100).toFixed(1)}% of the table differs from its background, ${colours} colours`);
  assert(ratio > 0.02 && colours > 20, `the WebGL table looks blank (${(ratio * 100).toFixed(2)}% drawn, ${colours} colours)`);
}

/** Scores on screen (results table and scoreboard) against the engine's final state (R8). */
async function checkFinalScores(page) {
  await page.locator('sw-results td[data-final-score]').first().waitFor({ timeout: 15_000 });
  const engine = await page.evaluate(() => window.__sw.state().scores);
  const shown = await page.evaluate(() => {
    const results = document.querySelector('sw-app').shadowRoot.querySelector('sw-game').shadowRoot.querySelector('sw-results').shadowRoot;
    return [...results.querySelectorAll('tr[data-result]')].map((tr) => [
      Number(tr.dataset.result),
      Number(/^\s*(-?\d+)/.exec(tr.querySelector('td.total').textContent)?.[1]),
    ]);
  });
  const board = await page.evaluate(() => {
    const panel = document.querySelector('sw-app').shadowRoot.querySelector('sw-game').shadowRoot.querySelector('sw-side-panel').shadowRoot;
    const sb = panel.querySelector('sw-scoreboard').shadowRoot;
    return [...sb.querySelectorAll('[data-scorer]')].map((el) => [
      Number(el.dataset.scorer),
      Number(el.querySelector('[data-score]').textContent),
    ]);
  });
  assert(shown.length === engine.length, `results table shows ${shown.length} rows for ${engine.length} scores`);
  for (const [i, v] of shown) assert(engine[i] === v, `results show ${v} for scorer ${i}, the engine says ${engine[i]}`);
  for (const [i, v] of board) assert(engine[i] === v, `scoreboard shows ${v} for scorer ${i}, the engine says ${engine[i]}`);
  const over = await page.evaluate(
    () =>
      window.__sw
        .session()
        .history()
        .filter((e) => e.type === 'over')
        .at(-1)?.scores,
  );
  assert(JSON.stringify(over) === JSON.stringify(engine), 'the over event disagrees with the state');
  log(`final scores on screen = engine: ${JSON.stringify(engine)}`);
  return engine;
}

async function newPage(browser, errors, viewport = { width: 1280, height: 720 }) {
  const context = await browser.newContext({ viewport, reducedMotion: 'reduce', acceptDownloads: true });
  const page = await context.newPage();
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`console error: ${m.text()}`);
  });
  page.on('pageerror', (e) => errors.push(`page error: ${e.message}`));
  return { context, page };
}

async function startGame(page, url, controllers, options = [], homeShot = null) {
  await page.goto(`${url}?e2e`);
  await page.locator('sw-home button[data-start]').waitFor();
  if (homeShot) await page.screenshot({ path: join(ARTIFACTS, homeShot) });
  const selects = page.locator('sw-home select[data-controller]');
  for (let i = 0; i < controllers.length; i++) await selects.nth(i).selectOption(controllers[i]);
  for (const name of options) await page.locator(`sw-home input[name="${name}"]`).check();
  await page.locator('sw-home button[data-start]').click();
  await page.waitForFunction(() => !!window.__sw?.tabletop() && window.__sw.state()?.phase !== 'draw', null, { timeout: 20_000 });
  await installPageHelpers(page);
}

/** The first time a battle panel shows on the table, a screenshot of it (battle-<name>.png). */
const battleShots = new Set();
async function shootBattle(page, name) {
  if (battleShots.has(name)) return;
  const panel = page.locator('sw-game [data-battle-now]');
  if (!(await panel.count())) return;
  battleShots.add(name);
  // who fights with how many dice (the panel's content is in <sw-battle-view>'s shadow root)
  const sides = page.locator('sw-game [data-battle-now] sw-battle-view [data-participant]');
  assert((await sides.count()) >= 2, `the battle panel shows ${await sides.count()} sides`);
  const first = await sides.first().textContent();
  assert(/\d/.test(first), `the battle panel does not say the dice of a side: ${first}`);
  await page.screenshot({ path: join(ARTIFACTS, `battle-${name}.png`) });
  log(`${name}: battle panel on the table (screenshot battle-${name}.png)`);
}

/** Plays every local human move through the UI until the game is over. */
async function playToEnd(page, rnd, name, { midShot, deployRate, onTurn, onDraft, oneClick = false }) {
  let moves = 0;
  let deployed = 0;
  let equipped = 0;
  let shotMid = false;
  for (;;) {
    const s = await waitForTurn(page);
    if (s.phase === 'over') break;
    if (onTurn) await onTurn(s);
    await shootBattle(page, name);
    if (!shotMid && s.turn >= midShot) {
      shotMid = true;
      await page.screenshot({ path: join(ARTIFACTS, `${name}-mid.png`) });
    }
    if (s.phase === 'place' && !oneClick) {
      if (onDraft) await onDraft(s);
      const chosen = await placeTile(page, rnd);
      const outcome = await deployOrSkip(page, rnd, deployRate);
      const placed = await page.evaluate(
        ([from, seat]) =>
          window.__sw
            .session()
            .history()
            .slice(from)
            .find((e) => e.type === 'placed' && e.seat === seat),
        [s.history, s.seat],
      );
      assert(
        placed && placed.x === chosen.x && placed.y === chosen.y && placed.r === chosen.r,
        `End turn placed ${JSON.stringify(placed)}, the draft was ${JSON.stringify(chosen)}`,
      );
      if (outcome !== 'skipped') deployed++;
      if (outcome === 'equipped') equipped++;
    } else if (s.phase === 'place') await placeTile(page, rnd, true);
    else if (s.phase === 'deploy') {
      const outcome = await deployOrSkip(page, rnd, deployRate);
      if (outcome !== 'skipped') deployed++;
      if (outcome === 'equipped') equipped++;
    } else throw new Error(`unexpected phase ${s.phase}`);
    moves++;
  }
  return { moves, deployed, equipped };
}

/**
 * Undo within a turn: a drafted tile (and a chosen spot) can be taken back with the Take back
 * button and with Esc, and nothing reaches the session until End turn. True once checked.
 */
async function undoWithinTurn(page, rnd) {
  const hash = await page.evaluate(() => window.__sw.stateHash());
  const history = await page.evaluate(() => window.__sw.session().history().length);
  const unchanged = async (what) => {
    assert((await page.evaluate(() => window.__sw.stateHash())) === hash, `${what}: the session's state changed before End turn`);
    assert(
      (await page.evaluate(() => window.__sw.session().history().length)) === history,
      `${what}: the session logged an action before End turn`,
    );
  };
  const first = await placeTile(page, rnd);
  await unchanged('a drafted placement');
  await page.screenshot({ path: join(ARTIFACTS, 'draft-placed.png') });
  await page.locator('sw-turn-controls button[data-cancel]').click();
  await page.waitForFunction(() => window.__sw.draft() === null, null, { timeout: 5_000, polling: 20 });
  await unchanged('Take back');
  // the ghost returns where the tile was, so the player can adjust it
  const ghost = await page.evaluate(() => window.__sw.tabletop().ghostPlacement());
  assert(
    ghost && ghost.x === first.x && ghost.y === first.y,
    `after Take back the ghost is at ${JSON.stringify(ghost)}, not ${JSON.stringify(first)}`,
  );
  // again, with a spot chosen, and Esc twice: the spot first, then the tile
  await placeTile(page, rnd);
  const spots = await page.evaluate(() => window.__sw.draft().deployments);
  let chose = false;
  for (const d of spots) {
    const at = await page.evaluate((dep) => window.__e2e.spotPoint(dep), d);
    if (!at) continue;
    await page.mouse.move(at.x, at.y);
    await page.mouse.click(at.x, at.y);
    await page.waitForFunction(() => !!window.__sw.draft()?.target, null, { timeout: 5_000, polling: 20 });
    chose = true;
    await page.screenshot({ path: join(ARTIFACTS, 'draft-spot.png') });
    await page.keyboard.press('Escape');
    await page.waitForFunction(() => window.__sw.draft() && window.__sw.draft().target === null, null, { timeout: 5_000, polling: 20 });
    break;
  }
  await page.keyboard.press('Escape');
  await page.waitForFunction(() => window.__sw.draft() === null, null, { timeout: 5_000, polling: 20 });
  await unchanged('Esc');
  log(`undo within a turn: Take back and Esc (${chose ? 'spot, then tile' : 'tile'}) left the session untouched`);
  return true;
}

// ---------------------------------------------------------------- tests

async function hotseatGame(browser, url, errors) {
  const { context, page } = await newPage(browser, errors);
  const rnd = prng(20261130);
  await startGame(page, url, ['human', 'human'], [], 'home.png');
  // Every string goes through the i18n module: switching to Czech changes the status line.
  await page.locator('sw-game sw-language-picker button[data-lang="cs"]').click();
  assert(
    (await page.locator('sw-game [data-status]').textContent()).includes('přilož kartičku'),
    'the status line did not switch to Czech',
  );
  await page.locator('sw-game sw-language-picker button[data-lang="en"]').click();
  await page.screenshot({ path: join(ARTIFACTS, 'hotseat-start.png') });
  await checkWebGlDrew(page, 'hotseat start');
  // The keys are the table's again after a click on a control, even one made before the table's first
  // frame (a canvas still out of the page cannot take the focus then: it takes it with that frame).
  await page.waitForFunction(
    () => {
      let active = document.activeElement;
      while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
      return active === window.__sw.tabletop().canvas;
    },
    null,
    { timeout: 5_000, polling: 20 },
  );
  await checkTrackVisible(page, 'hotseat start');
  let undone = false;
  const { moves, deployed } = await playToEnd(page, rnd, 'hotseat', {
    midShot: 36,
    deployRate: 0.6,
    onDraft: async (s) => {
      if (undone || s.turn < 4) return;
      undone = await undoWithinTurn(page, rnd);
    },
  });
  assert(undone, 'the undo within a turn was never tried');
  log(`hotseat: ${moves} moves through the UI, ${deployed} meeples deployed`);
  assert(deployed > 3, `only ${deployed} meeples were deployed through the UI`);
  const finalScores = await checkFinalScores(page);
  await page.screenshot({ path: join(ARTIFACTS, 'hotseat-end.png') });
  // The battles of the game (if any) are explained throw by throw (R10.3).
  const battles = await page.evaluate(
    () =>
      window.__sw
        .session()
        .history()
        .filter((e) => e.type === 'throw').length,
  );
  log(`hotseat: ${battles} battle throws in the game`);
  await checkWebGlDrew(page, 'hotseat end');

  // P1.5: the downloaded replay verifies in the app, and the replay viewer reaches the same scores.
  await page.locator('sw-results button').first().click();
  const [download] = await Promise.all([page.waitForEvent('download'), page.locator('sw-game button[data-save-replay]').click()]);
  const replayPath = join(ARTIFACTS, 'hotseat-replay.json');
  await download.saveAs(replayPath);
  await page.locator('sw-game button[data-menu]').click();
  await page.locator('sw-home input[data-file="verify"]').setInputFiles(replayPath);
  await page.locator('sw-verify-report [data-verdict]').waitFor();
  const verdict = await page.locator('sw-verify-report [data-verdict]').getAttribute('data-verdict');
  assert(verdict === 'ok', `the replay saved from the game does not verify: ${await page.locator('sw-verify-report').textContent()}`);
  await page.screenshot({ path: join(ARTIFACTS, 'verify-report.png') });
  await page.locator('sw-verify-report button').first().click();
  await page.locator('sw-home input[data-file="replay"]').setInputFiles(replayPath);
  // the replay is a session the game screen shows: step forward, then jump to the end
  await page.locator('sw-game sw-replay-controls button[data-next]').click();
  await page.locator('sw-game sw-replay-controls [data-step="2"]').waitFor();
  await page.locator('sw-game sw-replay-controls button[data-last]').click();
  await page.locator('sw-game sw-results td[data-final-score]').first().waitFor();
  const replayed = await page.evaluate(() => window.__sw.session().state.scores);
  assert(
    JSON.stringify(replayed) === JSON.stringify(finalScores),
    `the replay ends at ${JSON.stringify(replayed)}, the game at ${JSON.stringify(finalScores)}`,
  );
  assert((await page.locator('sw-game button[data-save-game]').count()) === 0, 'a replay offers Save game');
  await page.waitForTimeout(300);
  await page.screenshot({ path: join(ARTIFACTS, 'replay-end.png') });
  log('hotseat: the saved replay verifies and replays to the end');
  await context.close();
}

async function soloGame(browser, url, errors) {
  // A phone held in landscape: the whole game must stay playable at this size.
  const { context, page } = await newPage(browser, errors, { width: 844, height: 390 });
  const rnd = prng(7);
  // With every part of Expansion 1 except the blue seat (R2.4): 18 more tiles, equipment, the yellow die.
  // One-click play (a setting): placements and deployments go to the session at once.
  await startGame(page, url, ['human', 'greedy'], ['exp-tiles', 'exp-equipment', 'exp-yellow', 'one-click'], 'home-phone.png');
  await page.screenshot({ path: join(ARTIFACTS, 'solo-start.png') });
  let reloaded = false;
  const { moves, equipped } = await playToEnd(page, rnd, 'solo', {
    oneClick: true,
    midShot: 40,
    deployRate: 0.5,
    onTurn: async (s) => {
      if (reloaded || s.turn < 12 || s.phase !== 'place') return;
      // P1.6: leaving and reopening the page resumes the game in progress.
      reloaded = true;
      const before = await page.evaluate(() => window.__sw.stateHash());
      await page.reload();
      await page.waitForFunction(() => !!window.__sw?.tabletop() && window.__sw.ready(), null, { timeout: 20_000 });
      await installPageHelpers(page);
      const after = await page.evaluate(() => window.__sw.stateHash());
      assert(before === after, 'the game resumed after a reload is not the same game');
      log(`solo: reload at turn ${s.turn} resumed the same state`);
      // Save game downloads a resumable file; Load a saved game resumes it.
      const [download] = await Promise.all([page.waitForEvent('download'), page.locator('sw-game button[data-save-game]').click()]);
      const savePath = join(ARTIFACTS, 'solo-save.json');
      await download.saveAs(savePath);
      await page.locator('sw-game button[data-menu]').click();
      await page.locator('sw-home input[data-file="load"]').setInputFiles(savePath);
      await page.waitForFunction(() => !!window.__sw?.tabletop() && window.__sw.ready(), null, { timeout: 20_000 });
      await installPageHelpers(page);
      assert((await page.evaluate(() => window.__sw.stateHash())) === before, 'the loaded save is not the same game');
      log('solo: the downloaded save loads back into the same game');
    },
  });
  assert(reloaded, 'the game ended before the reload check');
  const bots = await page.evaluate(
    () =>
      window.__sw
        .session()
        .history()
        .filter((e) => e.type === 'placed' && e.seat === 1).length,
  );
  log(`solo: ${moves} human moves through the UI (${equipped} meeples sent with equipment), the bot placed ${bots} tiles`);
  assert(equipped > 0, 'no equipment was ever attached through the deploy controls');
  assert(bots > 20, 'the bot did not play its seat');
  await checkFinalScores(page);
  await page.screenshot({ path: join(ARTIFACTS, 'solo-end.png') });
  await context.close();
}

/** Plays the human turns through the UI until `n` turns were played or the game is over. */
async function playTurns(page, rnd, n) {
  for (let i = 0; i < n; i++) {
    const s = await waitForTurn(page);
    if (s.phase !== 'place') return;
    await placeTile(page, rnd);
    await deployOrSkip(page, rnd, 0.5);
  }
}

/** Starts a new game from the home screen already open, with the given controllers. */
async function startFromHome(page, controllers) {
  const selects = page.locator('sw-home select[data-controller]');
  for (let i = 0; i < controllers.length; i++) await selects.nth(i).selectOption(controllers[i]);
  await page.locator('sw-home button[data-start]').click();
  await page.waitForFunction(() => !!window.__sw?.tabletop() && window.__sw.ready(), null, { timeout: 20_000 });
  await installPageHelpers(page);
}

/**
 * Two games in progress side by side on the home screen (seats, turn, resume, delete after a
 * question), the rules page from home and in game, then offline: the game page and the
 * verify page load with no network (service worker), and the verify page checks a replay
 * and a tampered one in Czech.
 */
async function gamesAndPages(browser, url, errors, server) {
  const { context, page } = await newPage(browser, errors);
  const rnd = prng(99);
  await page.goto(`${url}?e2e`);
  await page.locator('sw-home button[data-start]').waitFor();
  await startFromHome(page, ['human', 'human']);
  await playTurns(page, rnd, 3);
  const a = await page.evaluate(() => ({
    id: window.__sw.session().gameId,
    hash: window.__sw.stateHash(),
    turn: window.__sw.state().turn,
  }));
  await page.locator('sw-game button[data-menu]').click();
  await startFromHome(page, ['human', 'greedy']);
  await playTurns(page, rnd, 1);
  const b = await page.evaluate(() => ({
    id: window.__sw.session().gameId,
    hash: window.__sw.stateHash(),
    turn: window.__sw.state().turn,
  }));
  assert(a.id !== b.id, "the second game reused the first game's id");
  await page.locator('sw-game button[data-menu]').click();
  const rows = page.locator('sw-home li[data-game]');
  await rows.first().waitFor();
  assert((await rows.count()) === 2, `the home screen lists ${await rows.count()} games in progress, not 2`);
  const rowA = page.locator(`sw-home li[data-game="${a.id}"]`);
  assert(
    (await rowA.textContent()).includes(`Turn ${a.turn}`),
    `the first game's row does not say turn ${a.turn}: ${await rowA.textContent()}`,
  );
  assert(
    (await page.locator(`sw-home li[data-game="${b.id}"]`).textContent()).includes('Bot: greedy'),
    "the second game's row does not show its bot seat",
  );
  await page.screenshot({ path: join(ARTIFACTS, 'home-games.png') });
  // Resume the first: the very same game comes back
  await page.locator(`sw-home button[data-resume="${a.id}"]`).click();
  await page.waitForFunction(() => !!window.__sw?.tabletop() && window.__sw.ready(), null, { timeout: 20_000 });
  assert((await page.evaluate(() => window.__sw.stateHash())) === a.hash, 'Resume opened another state than the first game');
  // the rules, in game (? button), Esc closes them
  await page.locator('sw-game button[data-rules]').click();
  await page.locator('sw-game sw-rules [data-section="battles"]').waitFor();
  await page.screenshot({ path: join(ARTIFACTS, 'rules-in-game.png') });
  await page.keyboard.press('Escape');
  await page.locator('sw-game sw-rules').waitFor({ state: 'detached' });
  assert((await page.evaluate(() => window.__sw.stateHash())) === a.hash, 'closing the rules with Esc changed the game');
  await page.locator('sw-game button[data-menu]').click();
  // Delete the second, after the question
  await page.locator(`sw-home button[data-delete="${b.id}"]`).click();
  assert((await rows.count()) === 2, 'Delete removed the game without asking');
  await page.screenshot({ path: join(ARTIFACTS, 'home-delete-question.png') });
  await page.locator(`sw-home li[data-game="${b.id}"] button[data-delete-yes]`).click();
  await page.waitForFunction(
    () => document.querySelector('sw-app').shadowRoot.querySelector('sw-home').shadowRoot.querySelectorAll('li[data-game]').length === 1,
  );
  // the rules page from home
  await page.locator('sw-home button[data-rules]').click();
  await page.locator('sw-rules [data-section="expansion"]').waitFor();
  await page.screenshot({ path: join(ARTIFACTS, 'rules.png') });
  await page.locator('sw-rules button[data-close]').click();
  log('two games in progress: listed with seats and turn, resumed by id, deleted after a question; rules from home and in game');

  // Offline after the first visit: the service worker serves the pages.
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
  // The cut is real before anything is asserted of it: the browser is switched offline and the
  // server drops every connection unanswered (the switch alone leaves the browser's own fetches,
  // a service worker's update check, going through); the page says it is offline, a fetch of the
  // server that got there a moment before now fails, and until the end of this part nothing but
  // that update check even tries the server (the pages come from the service worker alone).
  assert((await probeServer(context, url)) === 'reached', 'the server probe fails even online');
  await context.setOffline(true);
  assert((await page.evaluate(() => navigator.onLine)) === false, 'setOffline(true) left the page online');
  assert((await probeServer(context, url)) === 'failed', 'a fetch of the server got there while offline: the cut is not real');
  server.cut(true);
  await page.goto(`${url}?e2e`);
  await page.locator('sw-home li[data-game]').first().waitFor({ timeout: 15_000 });
  await page.locator(`sw-home button[data-resume="${a.id}"]`).click();
  await page.waitForFunction(() => !!window.__sw?.tabletop() && window.__sw.ready(), null, { timeout: 20_000 });
  await installPageHelpers(page);
  await playTurns(page, rnd, 1);
  await page.screenshot({ path: join(ARTIFACTS, 'offline-game.png') });
  // a finished game's replay, played by the CLI (a replay saved mid-game is another engineer's open bug)
  const replayPath = join(ARTIFACTS, 'offline-replay.json');
  const played = spawnSync(
    process.execPath,
    [
      join(ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs'),
      join(ROOT, 'src', 'cli', 'play-local.ts'),
      '--seats',
      'red,black',
      '--bots',
      'random',
      '--seed',
      '5',
      '--out',
      replayPath,
    ],
    { cwd: ROOT, encoding: 'utf8' },
  );
  assert(played.status === 0, `play:local failed: ${played.stderr}`);
  const log0 = JSON.parse(readFileSync(replayPath, 'utf8'));
  const entries = log0.entries ?? log0.log?.entries;
  const reveal = entries?.find((e) => e.k === 'reveal');
  assert(reveal, 'no reveal entry found in the replay to tamper with');
  const key = Object.keys(reveal).find((k) => typeof reveal[k] === 'string' && /^[0-9a-f]{64}$/.test(reveal[k]));
  reveal[key] = (reveal[key][0] === '0' ? '1' : '0') + reveal[key].slice(1);
  const tamperedPath = join(ARTIFACTS, 'offline-replay-tampered.json');
  writeFileSync(tamperedPath, JSON.stringify(log0));
  await page.goto(`${url}verify.html`);
  await page.locator('sw-verify-page sw-language-picker button[data-lang="cs"]').click();
  await page.locator('sw-verify-page input[data-file]').setInputFiles(replayPath);
  await page.locator('sw-verify-page sw-verify-report [data-verdict]').waitFor();
  assert(
    (await page.locator('sw-verify-page sw-verify-report [data-verdict]').getAttribute('data-verdict')) === 'ok',
    'the verify page rejects the replay',
  );
  await page.screenshot({ path: join(ARTIFACTS, 'verify-page-cs.png') });
  await page.locator('sw-verify-page input[data-file]').setInputFiles(tamperedPath);
  await page.waitForFunction(
    () =>
      document.querySelector('sw-verify-page').shadowRoot.querySelector('sw-verify-report').shadowRoot.querySelector('[data-verdict]')
        ?.dataset.verdict === 'bad',
  );
  const explained = await page.locator('sw-verify-page sw-verify-report [data-explain]').textContent();
  assert(/záznam|soubor/i.test(explained), `the tamper report is not in Czech: ${explained}`);
  await page.screenshot({ path: join(ARTIFACTS, 'verify-tampered-cs.png') });
  await page.locator('sw-verify-page sw-language-picker button[data-lang="en"]').first().click();
  // The browser checks the service worker's script (and its import) for an update now and then: it
  // fails while offline, as it should. Any other path asked is a page part that did not come from the cache.
  const asked = server.asked().filter((p) => p !== '/offline-probe');
  const notUpdateChecks = asked.filter((p) => !/^\/(sw|workbox-[\w-]+)\.js$/.test(p));
  assert(
    notUpdateChecks.length === 0,
    `${notUpdateChecks.length} requests tried the server while offline (${notUpdateChecks.slice(0, 5).join(', ')}): ` +
      'the pages did not come from the service worker alone',
  );
  server.cut(false);
  await context.setOffline(false);
  log('offline: the game page resumed and played a turn, the verify page checked a replay and a tampered one (in Czech)');
  await context.close();
}

/**
 * 'reached' or 'failed': a fetch of the server from a page of `context` that no service worker
 * controls (about:blank; no-cors, so the answer is opaque but arrives), its console kept apart.
 */
async function probeServer(context, url) {
  const prober = await context.newPage();
  try {
    return await prober.evaluate(
      (u) =>
        fetch(`${u}offline-probe`, { mode: 'no-cors', cache: 'no-store' }).then(
          () => 'reached',
          () => 'failed',
        ),
      url,
    );
  } finally {
    await prober.close();
  }
}

/** A turn by taps only: tap a legal cell (the ghost goes there), maybe turn it with the on-screen buttons, place, maybe choose a spot, End turn. */
async function touchTurn(page, rnd) {
  const placements = await page.evaluate(() => window.__sw.legalPlacements());
  const cells = [...new Map(placements.map((p) => [`${p.x},${p.y}`, p])).values()];
  const mark = await page.evaluate(() => window.__sw.stateHash());
  const order = cells
    .map((c) => [rnd(), c])
    .sort((a, b) => a[0] - b[0])
    .map(([, c]) => c);
  let chosen = null;
  for (let attempt = 0; attempt < 5 && !chosen; attempt++) {
    for (const cell of order) {
      const at = await page.evaluate(([x, y]) => window.__e2e.cellPoint(x, y), [cell.x, cell.y]);
      if (!at) continue;
      // a tap on the cell the ghost already stands on would place it: tap only to move it
      const before = await page.evaluate(() => window.__sw.tabletop().ghostPlacement());
      if (!before || before.x !== cell.x || before.y !== cell.y) await page.touchscreen.tap(at.x, at.y);
      const ghost = await page.evaluate(() => window.__sw.tabletop().ghostPlacement());
      if (!ghost || ghost.x !== cell.x || ghost.y !== cell.y) continue;
      const rotate = page.locator('sw-turn-controls button[data-rotate="' + (rnd() < 0.5 ? '1' : '-1') + '"]');
      const turns = Math.floor(rnd() * 3);
      for (let i = 0; i < turns && (await rotate.isEnabled()); i++) await rotate.tap();
      chosen = await page.evaluate(() => window.__sw.tabletop().ghostPlacement());
      if (rnd() < 0.5) await page.locator('sw-turn-controls button[data-confirm]').tap();
      else {
        const again = await page.evaluate(([x, y]) => window.__e2e.cellPoint(x, y), [chosen.x, chosen.y]);
        if (again)
          await page.touchscreen.tap(again.x, again.y); // a second tap on the ghost places it
        else await page.locator('sw-turn-controls button[data-confirm]').tap();
      }
      break;
    }
    if (!chosen) {
      await closeBattlePanel(page);
      await page.evaluate(() => window.__sw.tabletop().frameBoard(true));
      await page.waitForTimeout(250);
    }
  }
  if (!chosen) await page.screenshot({ path: join(ARTIFACTS, 'failed-tap.png') });
  assert(chosen, `none of ${cells.length} legal cells could be tapped`);
  await page.waitForFunction(() => !!window.__sw.draft(), null, { timeout: 10_000, polling: 20 });
  const drafted = await page.evaluate(() => window.__sw.draft().placement);
  assert(JSON.stringify(drafted) === JSON.stringify(chosen), `tapped ${JSON.stringify(chosen)}, drafted ${JSON.stringify(drafted)}`);
  const spots = await page.evaluate(() => window.__sw.draft().deployments.filter((d) => d.meeple === 'small' && !d.equipment));
  let target = null;
  if (spots.length && rnd() < 0.5) {
    const d = spots[Math.floor(rnd() * spots.length)];
    const at = await page.evaluate((dep) => window.__e2e.spotPoint(dep), d);
    if (at && rnd() < 0.5) await page.touchscreen.tap(at.x, at.y);
    else {
      const key = 'seg' in d.target ? `seg:${d.target.seg}` : `attack:${d.target.attack.x},${d.target.attack.y}`;
      await page.locator(`sw-deploy-controls button[data-spot="${key}"]`).tap();
    }
    await page.waitForFunction((t) => JSON.stringify(window.__sw.draft()?.target) === JSON.stringify(t), d.target, {
      timeout: 5_000,
      polling: 20,
    });
    target = d.target;
  }
  const from = await page.evaluate(() => window.__sw.session().history().length);
  const seat = await page.evaluate(() => window.__sw.state().seat);
  const draftTarget = await page.evaluate(() => window.__sw.draft()?.target ?? null);
  await page.locator('sw-turn-controls button[data-end-turn]').tap();
  await page.waitForFunction((h) => window.__sw.stateHash() !== h, mark, { timeout: 10_000, polling: 20 });
  const sent = await page.evaluate((f) => window.__sw.session().history().slice(f), from);
  const placed = sent.find((e) => e.type === 'placed' && e.seat === seat);
  assert(
    placed && placed.x === chosen.x && placed.y === chosen.y && placed.r === chosen.r,
    `End turn placed ${JSON.stringify(placed)}, the draft was ${JSON.stringify(chosen)}`,
  );
  const deployed = sent.find((e) => e.type === 'deployed' && e.seat === seat);
  assert(
    !!deployed === !!target,
    `chose ${JSON.stringify(target)} (draft: ${JSON.stringify(draftTarget)}) but the session deployed ${JSON.stringify(deployed)}`,
  );
  return !!deployed;
}

/** Layout checks of a phone held upright: the table takes the width, nothing overlaps, the status reads on one or two lines. */
async function checkPortraitLayout(page) {
  const box = await page.evaluate(() => {
    const game = document.querySelector('sw-app').shadowRoot.querySelector('sw-game').shadowRoot;
    const status = game.querySelector('sw-status-line').shadowRoot;
    const panel = game.querySelector('sw-side-panel');
    const box = (el) => {
      const b = el?.getBoundingClientRect();
      return b ? { top: b.top, bottom: b.bottom, left: b.left, right: b.right, width: b.width, height: b.height } : null;
    };
    const canvas = window.__sw.tabletop().canvas.getBoundingClientRect().width;
    return {
      canvas,
      view: innerWidth,
      status: box(status.querySelector('.who')),
      topbar: box(game.querySelector('.topbar')),
      aside: box(panel),
      scoreboard: box(panel.shadowRoot.querySelector('sw-scoreboard')),
    };
  });
  assert(box.canvas >= box.view * 0.95, `portrait: the table is ${box.canvas} px wide of ${box.view}`);
  assert(box.status.height < 60, `portrait: the status line is ${box.status.height} px high (wrapping word by word?)`);
  assert(box.topbar.bottom <= box.scoreboard.top, 'portrait: the top bar overlaps the scoreboard');
  assert(box.aside.top > box.view * 0.5, 'portrait: the panel is not a bottom sheet');
  log(
    `portrait layout: table ${box.canvas}/${box.view} px wide, status ${Math.round(box.status.height)} px high, sheet from y=${Math.round(box.aside.top)}`,
  );
}

async function touchGame(browser, url, errors, viewport, name) {
  const context = await browser.newContext({ viewport, hasTouch: true, isMobile: true, reducedMotion: 'reduce' });
  const page = await context.newPage();
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`console error: ${m.text()}`);
  });
  page.on('pageerror', (e) => errors.push(`page error: ${e.message}`));
  const rnd = prng(viewport.width * 7 + viewport.height);
  await page.goto(`${url}?e2e`);
  await page.locator('sw-home button[data-start]').waitFor();
  await page.locator('sw-home select[data-controller]').nth(1).selectOption('random');
  await page.locator('sw-home button[data-start]').tap();
  await page.waitForFunction(() => !!window.__sw?.tabletop() && window.__sw.state()?.phase !== 'draw', null, { timeout: 20_000 });
  await installPageHelpers(page);
  let turns = 0;
  let deployed = 0;
  for (;;) {
    const s = await waitForTurn(page);
    if (s.phase === 'over') break;
    assert(s.phase === 'place', `a touch turn starts in phase ${s.phase}`);
    if (turns === 0) {
      if (viewport.height > viewport.width) await checkPortraitLayout(page);
      await page.screenshot({ path: join(ARTIFACTS, `${name}-start.png`) });
    }
    if (turns === 1) {
      // the on-screen controls, with a ghost on the table
      const cell = (await page.evaluate(() => window.__sw.legalPlacements()))[0];
      const at = await page.evaluate(([x, y]) => window.__e2e.cellPoint(x, y), [cell.x, cell.y]);
      if (at) await page.touchscreen.tap(at.x, at.y);
      await page.screenshot({ path: join(ARTIFACTS, `${name}-controls.png`) });
    }
    await shootBattle(page, name);
    if (await touchTurn(page, rnd)) deployed++;
    turns++;
    if (turns === 20) {
      // A battle panel covers the table until it is closed (by design): close it, as a player would, then look.
      await closeBattlePanel(page);
      await page.locator('sw-game .battle-now').first().waitFor({ state: 'hidden', timeout: 5_000 });
      await checkTrackVisible(page, `${name} at turn 20`);
      await page.screenshot({ path: join(ARTIFACTS, `${name}-mid.png`) });
    }
  }
  log(`${name}: ${turns} turns by taps only, ${deployed} meeples deployed`);
  assert(turns > 25 && deployed > 2, `${name}: only ${turns} turns and ${deployed} deployments`);
  await checkFinalScores(page);
  await page.screenshot({ path: join(ARTIFACTS, `${name}-end.png`) });
  await context.close();
}

// ---------------------------------------------------------------- runner

async function main() {
  const tests = [
    ['hotseat game to the end through the UI, with an undo within a turn', hotseatGame],
    ['solo game against a bot to the end (one-click play)', soloGame],
    ['two games in progress, rules, offline pages', gamesAndPages],
    ['touch-only game at 390×844 (portrait phone)', (b, u, e) => touchGame(b, u, e, { width: 390, height: 844 }, 'touch-portrait')],
    ['touch-only game at 844×390 (landscape phone)', (b, u, e) => touchGame(b, u, e, { width: 844, height: 390 }, 'touch-landscape')],
    ["bot runner in a Web Worker: the page's own choice, the main thread free", async (b) => log(await botWorkerCheck(b))],
    ['Ed25519 in Chromium: WebCrypto confirms only what noble accepts', async (b) => log(await ed25519Check(b))],
    ["expert bot: Chromium's worker chooses as Node does", async (b) => log(await expertBotCheck(b))],
  ];
  const only = process.env.E2E_ONLY;
  if (only) tests.splice(0, tests.length, ...tests.filter(([name]) => name.includes(only)));
  if (only && tests.length === 0) {
    console.log(`E2E_ONLY=${JSON.stringify(only)} matches no test`);
    process.exit(2);
  }
  log('building the app (vite build)…');
  const build = spawnSync(process.execPath, [join(ROOT, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--logLevel', 'warn'], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  if (build.status !== 0) {
    console.log('vite build failed');
    console.log('0 passed, 1 failed');
    process.exit(1);
  }
  const server = await serveStatic(join(ROOT, 'dist'));
  const browser = await launchChromium();
  let passed = 0;
  let failed = 0;
  try {
    for (const [name, run] of tests) {
      const errors = [];
      const t0 = Date.now();
      try {
        await run(browser, server.url, errors, server);
        if (errors.length) throw new Error(errors.slice(0, 5).join('\n'));
        passed++;
        log(`PASS ${name} (${((Date.now() - t0) / 1000).toFixed(1)}s)`);
      } catch (e) {
        failed++;
        log(`FAIL ${name}: ${e instanceof Error ? e.stack : e}`);
        if (errors.length) log(errors.slice(0, 5).join('\n'));
      }
    }
  } finally {
    await browser.close();
    await server.close();
  }
  writeFileSync(join(ARTIFACTS, 'summary.txt'), `${passed} passed, ${failed} failed\n`);
  console.log(`${passed} passed, ${failed} failed`);
  process.exit(failed ? 1 : 0);
}

main().catch((e) => {
  console.error(e);
  console.log('0 passed, 1 failed');
  process.exit(1);
});
