// An online start whose commitment never comes (issue 20: "its start has the same countdown and
// drop path as any wait"), in real Chromium pages over WebRTC on 127.0.0.1. Hana hosts, Bea and
// Cem join by the link; Cem's UDP is cut (tc on lo, tests/e2e/udp-cut.mjs) just before Hana
// clicks Start, so the start record never reaches Cem and Cem's commitment never comes. Both
// other pages must name Cem with a countdown; once it is over, the start-again card offers the
// seat free or to a bot; Hana gives it to a bot, Bea's page follows into the new lobby by itself,
// and the new game is played by clicks for a few turns with the bot in Cem's seat and nobody
// dropped. Screenshots land in tests/e2e/artifacts/. Last line: "N passed, M failed".
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { preview } from 'vite';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS } from './harness.mjs';
import { cutUdp, links, recordPeerConnections } from './udp-cut.mjs';
import { checklist, clickTurn, createOnlineGame, joinAndSit, sessionFacts, WEBRTC_ARGS, WEBRTC_CONTEXT } from './online-steps.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const ARTIFACTS = join(ROOT, 'tests', 'e2e', 'artifacts');
mkdirSync(ARTIFACTS, { recursive: true });
const { log, check, failed, finish } = checklist();
/** Turns of the new game played by clicks before the run ends (the bot seat moves among them). */
const TURNS = 6;

if (!existsSync(join(ROOT, 'dist', 'index.html'))) {
  const b = spawnSync('npx', ['vite', 'build'], { cwd: ROOT, stdio: 'inherit' });
  if (b.status !== 0) process.exit(1);
}
const server = await preview({ root: ROOT, logLevel: 'warn', preview: { host: '127.0.0.1', port: 0, strictPort: false } });
const base = server.resolvedUrls.local[0];
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: [...CHROMIUM_ARGS, ...WEBRTC_ARGS] });
const errors = [];

async function newPlayer(name) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 720 }, ...WEBRTC_CONTEXT });
  await recordPeerConnections(context);
  const page = await context.newPage();
  page.on('pageerror', (e) => errors.push(`${name}: ${e.message}`));
  page.on(
    'console',
    (m) => m.type() === 'error' && !/Failed to load resource|favicon/.test(m.text()) && errors.push(`${name}: ${m.text()}`),
  );
  return { name, context, page };
}

/** What the page's online session says of its start: the colours it waits for, and the ms left. */
const starting = (page) =>
  page.evaluate(() => {
    const st = window.__sw.app.mesh?.starting;
    return st ? { missing: st.missing.slice(), left: st.left } : null;
  });
const shot = (page, file) => page.screenshot({ path: join(ARTIFACTS, file) });

let heal = null;
try {
  const host = await newPlayer('Hana');
  const bea = await newPlayer('Bea');
  const cem = await newPlayer('Cem');
  // red: Hana; black and green: the guests (the new-game form's colours, in order)
  const link = await createOnlineGame(host.page, base, ['human', 'human', 'human']);
  const cemColour = 'green';
  await joinAndSit(bea.page, host.page, link, 'Bea', 'black');
  await joinAndSit(cem.page, host.page, link, 'Cem', cemColour);

  // A real cut of Cem's WebRTC links, the links between Hana and Bea kept; signalling stays up.
  const cemPorts = new Set((await links(cem.page)).map((l) => l.local));
  const keep = [];
  for (const p of [host, bea])
    for (const l of await links(p.page)) if (!cemPorts.has(l.local) && !cemPorts.has(l.remote)) keep.push([l.local, l.remote]);
  check(
    cemPorts.size >= 1 && keep.length >= 1,
    `Cem's page has ${cemPorts.size} links; ${keep.length} ports pairs between Hana and Bea are kept`,
  );
  heal = cutUdp(keep);
  const start = host.page.locator('sw-lobby [data-testid="lobby-start"]');
  check(await start.isEnabled(), "Hana can start: Cem's link is not yet known to be dead (that takes 10 s)");
  await start.click();
  log(`Cem's UDP cut, then Hana clicked Start`);

  // The fault happened: Hana's and Bea's starts wait for Cem's commitment alone, and Cem's page never began the game.
  for (const p of [host, bea])
    await p.page.waitForFunction((c) => window.__sw.app.mesh?.starting?.missing.join() === c, cemColour, { timeout: 30_000, polling: 100 });
  const waiting = await Promise.all([host, bea].map((p) => starting(p.page)));
  const cemBegan = await cem.page.evaluate(() => !!window.__sw.app.mesh?.started);
  check(
    waiting.every((w) => w?.missing.join() === cemColour && w.left > 0) && !cemBegan,
    `both starts wait for ${cemColour} alone (${waiting.map((w) => Math.ceil(w.left / 1000)).join(' s and ')} s left); Cem's page did not begin`,
  );
  // Every page that waits says whom, by name, and until when.
  const line = await host.page.locator('sw-lobby [data-testid="start-countdown"]').innerText();
  const beaLine = await bea.page.locator('sw-lobby [data-testid="start-countdown"]').innerText();
  check(/Cem/.test(line) && /\d+ s left/.test(line) && /Cem/.test(beaLine), `the countdown names Cem: "${line}" / "${beaLine}"`);
  // Before the deadline nobody can leave Cem out.
  check((await host.page.locator('sw-lobby button[data-start-again]').count()) === 0, 'no start-again button before the countdown is over');
  await shot(host.page, 'start-again-countdown.png');

  const again = host.page.locator('sw-lobby button[data-start-again="bot"]');
  await again.waitFor({ timeout: 40_000 });
  const silentLine = await host.page.locator('sw-lobby [data-testid="start-countdown"]').innerText();
  check(
    /Cem/.test(silentLine) && (await host.page.locator('sw-lobby button[data-start-again="free"]').isVisible()),
    `after the countdown: "${silentLine}", with both ways to start again (seat free, or a bot's)`,
  );
  await shot(host.page, 'start-again-card.png');
  const oldGame = await host.page.evaluate(() => window.__sw.app.mesh.gameId);
  await again.click();

  // A new lobby: Cem's seat a bot's, Bea's page in it on its own; Hana starts it.
  const newStart = host.page.locator('sw-lobby [data-testid="lobby-start"]');
  await newStart.waitFor({ timeout: 30_000 });
  await bea.page.waitForFunction((old) => (window.__sw.app.mesh?.gameId ?? old) !== old, oldGame, { timeout: 30_000 });
  const ids = await Promise.all([host, bea].map((p) => p.page.evaluate(() => window.__sw.app.mesh?.lobby?.gameId ?? null)));
  const cemSeat = await host.page.evaluate((c) => window.__sw.app.mesh.lobby.seats.find((s) => s.colour === c), cemColour);
  check(
    ids[0] !== oldGame && ids[0] === ids[1] && cemSeat?.bot && !cemSeat.pub,
    `the new lobby (${ids[0]}) holds Hana and Bea, ${cemColour} a ${cemSeat?.bot} bot's seat; Bea followed by herself`,
  );
  await newStart.waitFor({ state: 'visible' });
  await host.page.waitForFunction(
    () =>
      !document.querySelector('sw-app').shadowRoot.querySelector('sw-lobby')?.shadowRoot.querySelector('[data-testid="lobby-start"]')
        ?.disabled,
    null,
    { timeout: 30_000 },
  );
  await newStart.click();
  for (const p of [host, bea]) await p.page.waitForFunction(() => window.__sw?.state()?.turn >= 1, null, { timeout: 30_000 });

  // The new game is played by clicks, the bot moving for the seat Cem never took up.
  const deadline = Date.now() + 4 * 60_000;
  while ((await host.page.evaluate(() => window.__sw.state().turn)) <= TURNS) {
    if (Date.now() > deadline) throw new Error(`the new game did not reach turn ${TURNS + 1} in 4 minutes`);
    let acted = false;
    for (const p of [host, bea])
      if (await p.page.evaluate(() => !!window.__sw?.ready?.())) {
        await clickTurn(p.page);
        acted = true;
      }
    if (!acted) await host.page.waitForTimeout(200);
  }
  const facts = await Promise.all([host, bea].map((p) => sessionFacts(p.page)));
  const forfeits = await host.page.evaluate(() => window.__sw.app.mesh.forfeits());
  // the bot's placements for Cem's seat, in the log every page holds
  const botPlaces = await host.page.evaluate((c) => {
    const seat = window.__sw.state().setup.seats.indexOf(c);
    return JSON.parse(window.__sw.app.mesh.replayText()).entries.filter((e) => e.k === 'place' && e.seat === seat).length;
  }, cemColour);
  const botMoved = botPlaces > 0;
  check(
    botMoved && facts[0]?.gameId === facts[1]?.gameId && facts[0].gameId === ids[0] && forfeits.length === 0,
    `the new game ${facts[0]?.gameId} reached turn ${facts[0]?.turn} on both pages (Bea's ${facts[1]?.gameId}), ` +
      `the bot placed ${botPlaces} tiles for ${cemColour}, forfeits: ${forfeits.map((f) => f.colour).join(', ') || 'none'}`,
  );
  await shot(host.page, 'start-again-game.png');
  check(errors.length === 0, `no page error (${errors.slice(0, 3).join(' | ') || 'none'})`);
} catch (e) {
  failed(e);
} finally {
  if (heal) heal();
  await browser.close();
  await server.close();
}
finish();
