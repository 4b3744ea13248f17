// Online play in real Chromium pages over WebRTC on 127.0.0.1 (P3): the built app served
// with its PeerJS signalling (vite preview and the /peerjs plugin). Three players, each in
// a browser context of their own, meet through the UI by the join link; a bot takes the
// fourth seat; the humans play every move by clicks on the table. Mid-game one page
// reloads and gets its seat back, a fourth page watches, one page's UDP is cut for 12 s (a real cut, tc on lo).
// All end with the same scores on screen and the same downloaded replay, which
// `npm run verify` accepts. Screenshots land in tests/e2e/artifacts/. Last line: "N passed, M failed".
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { preview } from 'vite';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS } from './harness.mjs';
import { cutUdp, links, recordPeerConnections } from './udp-cut.mjs';
import {
  checklist,
  clickTurn,
  createOnlineGame,
  droppedSeats,
  guestUrl as toGuestUrl,
  joinAndSit,
  sessionFacts,
  WEBRTC_ARGS,
  WEBRTC_CONTEXT,
} from './online-steps.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const ARTIFACTS = join(ROOT, 'tests', 'e2e', 'artifacts');
mkdirSync(ARTIFACTS, { recursive: true });
const { log, check, failed, finish } = checklist();
/** How long c's UDP is cut: past the 10 s after which a silent link is declared dead, within a reveal's 20 s cap. */
const CUT_MS = 12_000;
/** What the host's screen says of c while cut: its link reconnecting, and its countdown (c is Cem, white). */
const COUNTDOWN = /Cem( \(white\))? has \d+ s left|Cem( \(white\))? is silent/;
const SAID = /reconnecting…[^.]{0,40}|Cem( \(white\))? has \d+ s left\.|Cem( \(white\))? is silent\.|Waiting for Cem[^.]*\./g;

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
/** Every alert, confirm or prompt a page raised, by player: a reload must ask nothing. */
const dialogs = [];

async function newPlayer(name, viewport = { width: 1280, height: 720 }) {
  const context = await browser.newContext({ viewport, ...WEBRTC_CONTEXT, acceptDownloads: true });
  await recordPeerConnections(context);
  const page = await context.newPage();
  opened.push({ name, page });
  page.on('pageerror', (e) => errors.push(`${name}: ${e.message}`));
  page.on('dialog', (d) => {
    dialogs.push(`${name}: ${d.type()} "${d.message()}"`);
    void d.dismiss();
  });
  page.on(
    'console',
    (m) => m.type() === 'error' && !/Failed to load resource|favicon/.test(m.text()) && errors.push(`${name}: ${m.text()}`),
  );
  return { name, context, page };
}

const shot = (page, file) => page.screenshot({ path: join(ARTIFACTS, file) });

/** Every text on the page, through its shadow roots (what a person can read, hidden panels included). */
const deepText = (page) =>
  page.evaluate(() => {
    const out = [];
    const walk = (n) => {
      if (n.shadowRoot) walk(n.shadowRoot);
      for (const c of n.childNodes)
        if (c.nodeType === 3) out.push(c.textContent);
        else walk(c);
    };
    walk(document.body);
    return out.join(' ').replace(/\s+/g, ' ');
  });
const over = (page) => page.evaluate(() => window.__sw?.state()?.phase === 'over').catch(() => false);
const ready = (page) => page.evaluate(() => !!window.__sw?.ready?.()).catch(() => false);

const opened = [];
try {
  // ---------------------------------------------------------------- lobby through the UI
  const host = await newPlayer('host');
  const b = await newPlayer('b');
  const c = await newPlayer('c', { width: 390, height: 844 });
  // red: the host; black: a greedy bot; green and white: friends who join by the link
  const link = await createOnlineGame(host.page, base, ['human', 'greedy', 'human', 'human']);
  check(
    /#join=[A-Za-z0-9_-]+&invite=[0-9a-f]{32}&sig=wss?%3A%2F%2F[^&]+$/.test(link),
    `the lobby shows a join link with its invitation and the host's signalling (${link})`,
  );
  const guestUrl = toGuestUrl(link);
  const seated = [await joinAndSit(b.page, host.page, link, 'Bea', 'green'), await joinAndSit(c.page, host.page, link, 'Cem', 'white')];
  const seatedMs = (seated[0] + seated[1]) / 2;
  // The host's lobby shows each guest by name in the colour taken, with the key the guest's own lobby shows as theirs.
  const seatRow = async (page, colour) => (await page.locator(`sw-lobby li[data-colour="${colour}"]`).innerText()).replace(/\s+/g, ' ');
  const ownKey = (page) => page.locator('sw-lobby li.mine .fp').innerText();
  const rows = [await seatRow(host.page, 'green'), await seatRow(host.page, 'white')];
  const keys = [await ownKey(b.page), await ownKey(c.page)];
  check(
    rows[0].includes('Bea') && rows[0].includes(keys[0]) && rows[1].includes('Cem') && rows[1].includes(keys[1]),
    `two guests joined by the link and hold their seats in the host's lobby: "${rows[0]}", "${rows[1]}" (${seated.join(' and ')} ms)`,
  );
  await shot(host.page, 'online-lobby-desktop.png');
  await shot(c.page, 'online-lobby-phone.png');
  const start = host.page.locator('sw-lobby [data-testid="lobby-start"]');
  check(await start.isEnabled(), 'the host can start once every seat is taken');
  await start.click();
  for (const p of [host, b, c]) await p.page.waitForFunction(() => window.__sw?.state()?.turn >= 1, null, { timeout: 30_000 });
  const begun = await Promise.all([host, b, c].map((p) => sessionFacts(p.page)));
  check(
    begun.every((f) => f && f.gameId === begun[0].gameId) && begun.map((f) => f?.colour).join() === 'red,green,white',
    `the game started on all three pages: one game ${begun[0]?.gameId}, seats ${begun.map((f) => f?.colour).join(', ')}`,
  );
  const bBefore = begun[1];

  // ---------------------------------------------------------------- play by clicks, with a reload, a watcher and a cut of one page's UDP
  let watcher = null;
  let reloaded = false;
  /** The cut of c's UDP (P6.1): its heal, when it began, whether the fault was seen. */
  let cut = null;
  const players = [host, b, c];
  const deadline = Date.now() + 12 * 60_000;
  let moves = 0;
  while (!(await Promise.all(players.map((p) => over(p.page)))).every(Boolean)) {
    if (Date.now() > deadline) throw new Error('the online game did not finish in 12 minutes');
    const turn = await host.page.evaluate(() => window.__sw.state().turn);
    if (!reloaded && turn >= 12) {
      reloaded = true;
      const t1 = Date.now();
      const before = await sessionFacts(b.page);
      await b.page.reload();
      await b.page.waitForFunction(() => window.__sw?.session()?.started && window.__sw.state().turn >= 1, null, { timeout: 120_000 });
      const after = await sessionFacts(b.page);
      const screens = await b.page.evaluate(() => {
        const root = document.querySelector('sw-app').shadowRoot;
        return ['sw-game', 'sw-join', 'sw-home', 'sw-lobby'].filter((tag) => root.querySelector(tag)).join();
      });
      const same = after && ['gameId', 'seat', 'colour', 'key'].every((k) => after[k] === before[k]);
      check(
        same && screens === 'sw-game' && !dialogs.some((d) => d.startsWith('b:')),
        `b reloaded at turn ${turn} and is back in game ${after?.gameId}: seat ${after?.seat} (${after?.colour}), same key, ` +
          `on the table (${screens}) with no dialog (${Date.now() - t1} ms)`,
      );
    }
    if (!watcher && turn >= 16) {
      watcher = await newPlayer('watcher');
      await watcher.page.goto(guestUrl);
      await watcher.page.locator('sw-join [data-testid="join-name"]').fill('Wes');
      await watcher.page.locator('sw-join [data-testid="join-watch"]').click();
      const caughtUp = (t) => window.__sw?.session()?.started && window.__sw.state().turn >= t;
      await watcher.page.waitForFunction(caughtUp, turn, { timeout: 30_000 });
      const seen = await sessionFacts(watcher.page);
      check(
        seen?.gameId === bBefore.gameId && seen.seat === null,
        `a spectator joined at turn ${turn}: the same game, no seat, its table caught up to turn ${seen?.turn}`,
      );
      await shot(host.page, 'online-game-in-progress.png');
    }
    // The cut starts on c's own turn, before c moves: the others must wait for c, so their countdown runs.
    const cToMove = await host.page.evaluate((colour) => {
      const st = window.__sw.state();
      return st.phase === 'place' && st.setup.seats[st.seat] === colour;
    }, begun[2].colour);
    if (!cut && turn >= 22 && cToMove) {
      // A real cut of c's WebRTC links: UDP to and from c's ports shaped to nothing on lo; signalling stays up.
      const cPorts = new Set((await links(c.page)).map((l) => l.local));
      const keep = [];
      for (const p of [host, b, watcher].filter(Boolean))
        for (const l of await links(p.page)) if (!cPorts.has(l.local) && !cPorts.has(l.remote)) keep.push([l.local, l.remote]);
      cut = { heal: cutUdp(keep), at: Date.now(), turn, down: false, shown: false, healed: false };
      log(`c's UDP cut at turn ${turn} for ${CUT_MS / 1000} s (${cPorts.size} links of c; ${keep.length} links between the others kept)`);
    }
    if (cut && !cut.healed) {
      // The fault really happened: c's page declares every link dead (no ping for 10 s), and the host sees c's link down.
      const cLinked = await c.page.evaluate(() => window.__sw.session().peers.filter((p) => p.state === 'connected').length);
      const hostSeesC = await host.page.evaluate(
        (colour) => window.__sw.session().peers.find((p) => p.colour === colour)?.state,
        begun[2].colour,
      );
      if (cLinked === 0 && hostSeesC === 'reconnecting') cut.down = true;
      // What the host's screen says meanwhile: Cem's link reconnecting, and Cem's countdown.
      const hostText = await deepText(host.page);
      if (cut.down && /reconnecting…/.test(hostText) && COUNTDOWN.test(hostText)) cut.shown = hostText;
      cut.lastText = hostText;
      if (Date.now() - cut.at >= CUT_MS) {
        cut.heal();
        cut.healed = true;
        check(
          cut.down,
          `c lost every link during the cut, and the host saw c's link "reconnecting" (UDP really cut for ${CUT_MS / 1000} s)`,
        );
        check(
          !!cut.shown,
          `meanwhile the host's screen said so: ${(cut.shown ?? cut.lastText).match(SAID)?.join(' / ') ?? 'nothing of it'}`,
        );
        const t0 = Date.now();
        await c.page.waitForFunction(() => window.__sw.session().peers.some((p) => p.state === 'connected'), null, { timeout: 30_000 });
        const linked = Date.now() - t0;
        // The catch-up: c's log reaches where the host's stood when the cut healed.
        const hostLen = await host.page.evaluate(() => window.__sw.session().logLength);
        await c.page.waitForFunction((n) => window.__sw.session().logLength >= n, hostLen, { timeout: 30_000 });
        check(true, `the cut healed: c linked again in ${linked} ms and caught up to log index ${hostLen} in ${Date.now() - t0} ms`);
      }
    }
    let moved = false;
    // Once the cut is due, c waits to be cut before its move (else it moves the moment its turn comes, unseen here).
    const holdC = !cut && turn >= 22;
    for (const p of players) {
      if (p === c && holdC) continue;
      if (await ready(p.page)) {
        await clickTurn(p.page);
        moves++;
        moved = true;
      }
    }
    if (!moved) await host.page.waitForTimeout(100);
  }
  const turns = await host.page.evaluate(() => window.__sw.state().turn);
  check(moves >= turns / 2, `played to the end: ${moves} human turns by clicks of ${turns} (three humans and a bot)`);

  // ---------------------------------------------------------------- the same end everywhere
  const everyone = [...players, watcher];
  for (const p of everyone) await p.page.waitForFunction(() => window.__sw.state().phase === 'over', null, { timeout: 60_000 });
  const scores = await Promise.all(everyone.map((p) => p.page.evaluate(() => JSON.stringify(window.__sw.state().scores))));
  check(
    scores.every((s) => s === scores[0]),
    `identical final scores on every page: ${scores[0]}`,
  );
  const onScreen = await Promise.all(everyone.map((p) => p.page.locator('sw-results').innerText({ timeout: 10_000 })));
  const numbers = (text) => (text.match(/\d+/g) ?? []).join(',');
  check(
    onScreen.every((t) => numbers(t) === numbers(onScreen[0])),
    'the results on screen are the same on every page',
  );
  await shot(host.page, 'online-game-over.png');
  const replays = [];
  for (const p of everyone) {
    await p.page.evaluate(() =>
      document
        .querySelector('sw-app')
        .shadowRoot.querySelector('sw-game')
        .shadowRoot.querySelector('sw-results')
        ?.dispatchEvent(new CustomEvent('sw-close')),
    );
    const [download] = await Promise.all([
      p.page.waitForEvent('download'),
      p.page.locator('sw-game button[data-save-replay]').first().click(),
    ]);
    const file = join(ARTIFACTS, `online-replay-${p.name}.json`);
    await download.saveAs(file);
    replays.push(file);
  }
  const texts = replays.map((f) => spawnSync('cat', [f], { encoding: 'utf8' }).stdout);
  check(
    texts.every((t) => t === texts[0]),
    'every page downloaded the same replay, byte for byte',
  );
  const drops = droppedSeats(texts[0]);
  check(
    drops.length === 0,
    `no seat was dropped (not b's ${bBefore.colour} over its reload, nor c's over its ${CUT_MS / 1000} s cut)${drops.length ? `: ${drops}` : ''}`,
  );
  const v = spawnSync('npx', ['tsx', 'src/cli/verify.ts', replays[0]], { cwd: ROOT, encoding: 'utf8' });
  check(v.status === 0, `npm run verify accepts it: ${v.stdout.split('\n')[0]}`);
  check(errors.length === 0, `no page errors${errors.length ? `: ${errors.slice(0, 3).join(' | ')}` : ''}`);
  writeFileSync(join(ARTIFACTS, 'online-figures.json'), JSON.stringify({ joinToSeatedMs: seatedMs }, null, 2));
} catch (e) {
  failed(e);
  for (const o of opened) await shot(o.page, `online-failure-${o.name}.png`).catch(() => {});
  if (errors.length) log(`page errors: ${errors.slice(0, 5).join(' | ')}`);
} finally {
  await browser.close();
  await server.close();
}
finish();
