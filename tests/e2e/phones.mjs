// Phones (issue 20): at 360×740 and 390×844, touch only, every screen a person meets fits the width without
// horizontal scrolling: the home form (en, ro), the rules page, the join card, a bots-only game's final results dialog (its TOTAL column
// and "New game") and the scoreboard (the last seat's whole score). Builds dist/ unless E2E_NO_BUILD is set;
// screenshots go to tests/e2e/artifacts/phone-<width>-*.png. Prints "N passed, M failed"; exits 1 on failure.
import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchChromium, serveStatic } from './harness.mjs';
import { trackCovered } from './track-check.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const ARTIFACTS = join(ROOT, 'tests', 'e2e', 'artifacts');
mkdirSync(ARTIFACTS, { recursive: true });
const started = Date.now();
const log = (...a) => console.log(`[${((Date.now() - started) / 1000).toFixed(1)}s]`, ...a);

/** In the page: the elements (through shadow roots) under `selector`'s match that stick out of the viewport or scroll sideways. */
function overflowIn(selector) {
  const find = (root, sel) => {
    const hit = root.querySelector(sel);
    if (hit) return hit;
    for (const el of root.querySelectorAll('*'))
      if (el.shadowRoot) {
        const inner = find(el.shadowRoot, sel);
        if (inner) return inner;
      }
    return null;
  };
  const top = find(document, selector);
  if (!top) return [`${selector}: not on the page`];
  const width = window.innerWidth;
  const out = [];
  const walk = (el) => {
    const style = getComputedStyle(el);
    if (style.display === 'none' || style.visibility === 'hidden') return;
    const r = el.getBoundingClientRect();
    const name = `${el.tagName.toLowerCase()}${el.className && typeof el.className === 'string' ? `.${el.className.split(' ')[0]}` : ''}`;
    if (r.width > 0 && (r.left < -1 || r.right > width + 1))
      out.push(`${name} spans ${Math.round(r.left)}…${Math.round(r.right)} of ${width}`);
    const scrolls = style.overflowX === 'auto' || style.overflowX === 'scroll';
    if (scrolls && el.scrollWidth > el.clientWidth + 1) out.push(`${name} scrolls sideways (${el.scrollWidth} > ${el.clientWidth})`);
    // text cut without a sign of it (an ellipsis is a choice: the full text is in its title)
    const cut = style.textOverflow !== 'ellipsis' && el.scrollWidth > el.clientWidth + 1;
    if (!scrolls && style.overflowX !== 'visible' && cut && el.children.length === 0)
      out.push(`${name} clips its text "${el.textContent.trim().slice(0, 20)}" (${el.scrollWidth} > ${el.clientWidth})`);
    for (const c of el.children) walk(c);
    if (el.shadowRoot) for (const c of el.shadowRoot.children) walk(c);
  };
  walk(top);
  if (document.scrollingElement.scrollWidth > width + 1) out.push(`the page scrolls sideways (${document.scrollingElement.scrollWidth})`);
  return out.slice(0, 8);
}

async function fits(page, selector, shot) {
  await page.screenshot({ path: join(ARTIFACTS, shot) });
  const problems = await page.evaluate(overflowIn, selector);
  if (problems.length) throw new Error(`${selector} does not fit ${page.viewportSize().width} px:\n  ${problems.join('\n  ')}`);
  log(`${selector} fits (${shot})`);
}

async function phone(browser, url, viewport) {
  const context = await browser.newContext({ viewport, hasTouch: true, isMobile: true, reducedMotion: 'reduce' });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  const w = viewport.width;
  await page.goto(`${url}?e2e`);
  await page.locator('sw-home button[data-start]').waitFor();
  await fits(page, 'sw-home', `phone-${w}-home.png`);
  // Romanian's longer words, then the rules page (back to English after)
  await page.locator('sw-home sw-language-picker button[data-lang="ro"]').tap();
  await fits(page, 'sw-home', `phone-${w}-home-ro.png`);
  await page.locator('sw-home button[data-rules]').tap();
  await page.locator('sw-rules button[data-close]').waitFor();
  await fits(page, 'sw-rules', `phone-${w}-rules-ro.png`);
  await page.locator('sw-rules button[data-close]').tap();
  await page.locator('sw-home sw-language-picker button[data-lang="en"]').tap();
  // four bots, so the game ends on its own and the scoreboard holds four seats
  for (let i = 2; i < 4; i++) await page.locator('sw-home button[data-add-seat]').click();
  const selects = page.locator('sw-home select[data-controller]');
  for (let i = 0; i < 4; i++) await selects.nth(i).selectOption('random');
  await page.locator('sw-home button[data-start]').click();
  await page.waitForFunction(() => window.__sw?.state()?.phase === 'over', null, { timeout: 240_000 });
  await page.locator('sw-results .card').waitFor({ timeout: 30_000 });
  await fits(page, 'sw-results', `phone-${w}-results.png`);
  const newGame = await page.locator('sw-results .actions button.primary').boundingBox();
  if (!newGame || newGame.x + newGame.width > w + 1) throw new Error(`"New game" is cut off at ${w} px`);
  await page.locator('sw-results .actions button:not(.primary)').tap();
  await fits(page, 'sw-scoreboard', `phone-${w}-scoreboard.png`);
  // the score track framed with the board: no slot under the top bar, the Menu button or the bottom sheet
  const hidden = await trackCovered(page);
  await page.screenshot({ path: join(ARTIFACTS, `phone-${w}-track.png`) });
  if (hidden.length) throw new Error(`${hidden.length} of 50 score-track slots are hidden at ${w} px: ${hidden.slice(0, 4).join('; ')}`);
  log(`every score-track slot visible at ${w} px (phone-${w}-track.png)`);
  const scores = await page.evaluate(() => window.__sw.state().scores);
  const shown = await page.locator('sw-scoreboard [data-score]').allTextContents();
  if (shown.join(',') !== scores.join(',')) throw new Error(`the scoreboard shows ${shown} for ${scores}`);
  // A player's link (with an invitation): the join card offers Play and Watch.
  await page.goto(`${url}?e2e#join=phone-test-peer&invite=${'ab'.repeat(16)}`);
  await page.locator('sw-join [data-testid="join-play"]').waitFor();
  await fits(page, 'sw-join', `phone-${w}-join.png`);
  if (errors.length) throw new Error(errors.slice(0, 3).join('\n'));
  await context.close();
}

async function main() {
  if (!process.env.E2E_NO_BUILD) {
    log('building the app (vite build)…');
    const vite = join(ROOT, 'node_modules', 'vite', 'bin', 'vite.js');
    const build = spawnSync(process.execPath, [vite, 'build', '--logLevel', 'warn'], { cwd: ROOT, stdio: 'inherit' });
    if (build.status !== 0) {
      console.log('0 passed, 1 failed');
      process.exit(1);
    }
  }
  const server = await serveStatic(join(ROOT, 'dist'));
  const browser = await launchChromium();
  let passed = 0;
  let failed = 0;
  try {
    for (const viewport of [
      { width: 360, height: 740 },
      { width: 390, height: 844 },
    ]) {
      try {
        await phone(browser, server.url, viewport);
        passed++;
        log(`PASS phone ${viewport.width}×${viewport.height}`);
      } catch (e) {
        failed++;
        log(`FAIL phone ${viewport.width}×${viewport.height}: ${e instanceof Error ? e.message : e}`);
      }
    }
  } finally {
    await browser.close();
    await server.close();
  }
  console.log(`${passed} passed, ${failed} failed`);
  process.exit(failed ? 1 : 0);
}

main().catch((e) => {
  console.error(e);
  console.log('0 passed, 1 failed');
  process.exit(1);
});
