// Steps of online play through the UI, shared by the online e2es and the online bench:
// the host creates a game from the home form, a guest joins by the link and takes a colour,
// a player plays a turn by clicks on the table, and what a page's online session says of itself.

/**
 * On the home screen: seats as given ('human' or a bot level per seat after the first), the host's name, then Create an
 * online game; resolves to the join link. `query` 'bench' keeps animations and bot pauses (the test hook stays).
 */
export async function createOnlineGame(page, base, controllers, name = 'Hana', query = 'e2e') {
  await page.goto(`${base}?${query}`);
  for (let i = 2; i < controllers.length; i++) await page.locator('sw-home button[data-add-seat]').click();
  for (const [i, c] of controllers.entries())
    if (i > 0) await page.locator(`sw-home .seat[data-seat="${i}"] select[data-controller]`).selectOption(c);
  await page.locator('sw-home [data-online-name]').fill(name);
  await page.locator('sw-home button[data-start-online]').click();
  const input = page.locator('sw-lobby [data-testid="join-link"]');
  await input.waitFor({ timeout: 30_000 });
  return input.inputValue();
}

/** The page a guest opens: the join link with the test hook on. */
export const guestUrl = (link, query = 'e2e') => link.replace('#', `?${query}#`);

/** A guest opens the link, gives a name, joins as a player and takes `colour`; resolves once the host's lobby shows it (ms taken). */
export async function joinAndSit(guest, host, link, name, colour, query = 'e2e') {
  const t0 = Date.now();
  await guest.goto(guestUrl(link, query));
  await guest.locator('sw-join [data-testid="join-name"]').fill(name);
  await guest.locator('sw-join [data-testid="join-play"]').click();
  await guest.locator(`sw-lobby [data-testid="take-${colour}"]`).click({ timeout: 30_000 });
  await host.locator(`sw-lobby li[data-colour="${colour}"] .fp`).waitFor({ timeout: 30_000 });
  return Date.now() - t0;
}

/** Chromium flags and context options for WebRTC between pages on 127.0.0.1. */
export const WEBRTC_ARGS = ['--allow-loopback-in-peer-connection', '--disable-features=WebRtcHideLocalIpsWithMdns'];
export const WEBRTC_CONTEXT = { permissions: ['camera', 'microphone'] };

/** Resolves once the page's table has drawn its board: it is out of the page until its first frame (gpu-ready.ts). */
export async function tableDrawn(page, timeout = 30_000) {
  await page.waitForFunction(() => window.__sw.tabletop()?.drawsBoard, null, { timeout, polling: 20 });
}

/** The page's point of a table cell, when visible and not under the HUD. */
async function cellPoint(page, x, y) {
  return page.evaluate(
    ([cx, cy]) => {
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
    },
    [x, y],
  );
}

/** One turn by clicks: hover a legal cell (the ghost), click it (a draft), End turn without a meeple. */
export async function clickTurn(page) {
  await tableDrawn(page); // a player clicks what the table shows
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
    if (await close.count())
      await close
        .first()
        .click()
        .catch(() => {});
    await page.evaluate(() => window.__sw.tabletop().frameBoard());
    await page.waitForTimeout(250);
  }
  throw new Error(`no legal cell of ${cells.length} could be clicked`);
}

/** This page's own view of its online game: game id, seat, colour, public key; null before the game. */
export function sessionFacts(page) {
  return page.evaluate(() => {
    const s = window.__sw?.session();
    if (!s || !s.identity || !s.started) return null;
    const seat = s.seatIndex;
    return {
      gameId: s.gameId,
      seat,
      colour: seat === null ? null : s.state.setup.seats[seat],
      key: s.identity.publicKey,
      turn: s.state.turn,
    };
  });
}

/** The colours that a drop entry took from their players, in a downloaded replay's text. */
export const droppedSeats = (replayText) =>
  JSON.parse(replayText)
    .entries.filter((e) => e.k === 'drop')
    .map((e) => e.colour);

/**
 * The run's checklist: `log` prints with the time since the start, `check` prints ok or FAIL
 * and throws on FAIL, `failed` records an error that ended the run, and `finish` prints
 * "N passed, M failed" and exits 1 unless every check held.
 */
export function checklist() {
  const started = Date.now();
  const results = [];
  const log = (...a) => console.log(`[${((Date.now() - started) / 1000).toFixed(1)}s]`, ...a);
  const check = (ok, what) => {
    log(`${ok ? 'ok  ' : 'FAIL'} ${what}`);
    results.push(ok);
    if (!ok) throw new Error(what);
  };
  const failed = (e) => {
    log(`FAIL ${e instanceof Error ? e.message.split('\n')[0] : String(e)}`);
    results.push(false);
  };
  const finish = () => {
    const passed = results.filter(Boolean).length;
    console.log(`${passed} passed, ${results.length - passed} failed`);
    process.exit(results.every(Boolean) ? 0 : 1);
  };
  return { log, check, failed, finish };
}
