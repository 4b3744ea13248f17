// Online play through a real TURN relay in Chromium (P3.3): Debian's coturn on 127.0.0.1
// with a long-term credential; two pages, each a browser context of its own, set it in the
// Connection settings panel as a player would (the ICE server line and "Relay only"), meet by
// the join link and play a game with two bots to the end by clicks. Every page's data
// channel runs over a relay-to-relay candidate pair (getStats), coturn logs both pages'
// allocations, scores and replays agree. A third page with a wrong credential is told why
// in its lobby within the connection timeout. Last line: "N passed, M failed".
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { preview } from 'vite';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS } from './harness.mjs';
import {
  clickTurn,
  createOnlineGame,
  guestUrl,
  joinAndSit,
  sessionFacts,
  checklist,
  WEBRTC_ARGS,
  WEBRTC_CONTEXT,
} from './online-steps.mjs';
import { startCoturn, turnserverPath } from '../net/support/coturn.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const CREDENTIAL = 'relay-s3cret';
const { log, check, failed, finish } = checklist();

if (!turnserverPath()) {
  if (process.env.CI) {
    console.log('coturn (turnserver) is not installed: apt-get install -y coturn');
    console.log('0 passed, 1 failed');
    process.exit(1);
  }
  console.warn('\n!!! coturn (turnserver) is not installed: the TURN e2e is SKIPPED (apt-get install -y coturn) !!!\n');
  console.log('0 passed, 0 failed');
  process.exit(0);
}
if (!existsSync(join(ROOT, 'dist', 'index.html'))) {
  const b = spawnSync('npx', ['vite', 'build'], { cwd: ROOT, stdio: 'inherit' });
  if (b.status !== 0) process.exit(1);
}

// Every RTCPeerConnection a page makes, kept where the test can ask it for its stats.
const RECORD_PEER_CONNECTIONS = () => {
  const Native = window.RTCPeerConnection;
  window.__pcs = [];
  window.RTCPeerConnection = class extends Native {
    constructor(...args) {
      super(...args);
      window.__pcs.push(this);
    }
  };
};

/** The candidate types of every connected peer connection's selected pair, and their ICE policy. */
const selectedPairs = (page) =>
  page.evaluate(async () => {
    const connected = window.__pcs.filter((pc) => pc.connectionState === 'connected');
    return Promise.all(
      connected.map(async (pc) => {
        const stats = [...(await pc.getStats()).values()];
        const transport = stats.find((s) => s.type === 'transport' && s.selectedCandidatePairId);
        const pair = stats.find((s) => s.id === transport?.selectedCandidatePairId);
        const type = (id) => stats.find((s) => s.id === id)?.candidateType ?? 'none';
        return `${pc.getConfiguration().iceTransportPolicy}:${type(pair?.localCandidateId)}-${type(pair?.remoteCandidateId)}`;
      }),
    );
  });

const turn = await startCoturn({ credential: CREDENTIAL });
log(`coturn pid ${turn.pid} on 127.0.0.1:${turn.port}`);
const server = await preview({ root: ROOT, logLevel: 'warn', preview: { host: '127.0.0.1', port: 0, strictPort: false } });
const base = server.resolvedUrls.local[0];
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: [...CHROMIUM_ARGS, ...WEBRTC_ARGS] });
const errors = [];

async function newPlayer(name) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 720 }, ...WEBRTC_CONTEXT, acceptDownloads: true });
  await context.addInitScript(RECORD_PEER_CONNECTIONS);
  const page = await context.newPage();
  page.on('pageerror', (e) => errors.push(`${name}: ${e.message}`));
  return { name, context, page };
}

/** The Connection settings panel (home or join screen): this TURN server, relay only, saved. */
async function setRelay(page, where, credential) {
  await page.locator(`${where} details summary`).first().click();
  const panel = page.locator('sw-net-settings');
  await panel.locator('textarea[name=ice]').fill(`${turn.url} ${turn.user} ${credential}`);
  await panel.locator('input[name=relay-only]').check();
  await panel.locator('button[data-save]').click();
  const status = await panel.locator('.status').innerText();
  check(/^Saved/.test(status), `${where}: the Connection settings saved "${turn.url} ${turn.user} …" with relay only (${status})`);
}

const over = (page) => page.evaluate(() => window.__sw?.state()?.phase === 'over').catch(() => false);
const ready = (page) => page.evaluate(() => !!window.__sw?.ready?.()).catch(() => false);
try {
  const host = await newPlayer('host');
  const guest = await newPlayer('guest');
  const stranger = await newPlayer('stranger');
  await host.page.goto(`${base}?e2e`);
  await setRelay(host.page, 'sw-home', CREDENTIAL);
  // red: the host; black and green: bots; white: the guest
  const link = await createOnlineGame(host.page, base, ['human', 'greedy', 'greedy', 'human']);

  // A wrong credential: the stranger's lobby says why, within the 15 s connection timeout.
  await stranger.page.goto(guestUrl(link));
  await setRelay(stranger.page, 'sw-join', 'not-the-secret');
  await stranger.page.locator('sw-join [data-testid="join-name"]').fill('Sam');
  await stranger.page.locator('sw-join [data-testid="join-play"]').click();
  const t0 = Date.now();
  const failure = await stranger.page.locator('sw-lobby [data-testid="lobby-link-failure"]').innerText({ timeout: 25_000 });
  const why = /(answered 401|relay only, and no TURN server gave a relay)/.source;
  const told = new RegExp(`(no WebRTC link to \\S+ within 15 s|the WebRTC link to \\S+ failed): .*${why}`);
  check(told.test(failure), `a wrong credential is told in the lobby after ${Date.now() - t0} ms: "${failure.trim()}"`);
  await stranger.context.close();

  await guest.page.goto(guestUrl(link));
  await setRelay(guest.page, 'sw-join', CREDENTIAL);
  await guest.page.goto('about:blank');
  const ms = await joinAndSit(guest.page, host.page, link, 'Gil', 'white');
  log(`the guest joined through the relay and took white (${ms} ms)`);
  await host.page.locator('sw-lobby [data-testid="lobby-start"]').click();
  for (const p of [host, guest]) await p.page.waitForFunction(() => window.__sw?.state()?.turn >= 1, null, { timeout: 30_000 });

  const deadline = Date.now() + 8 * 60_000;
  let moves = 0;
  while (!(await Promise.all([host, guest].map((p) => over(p.page)))).every(Boolean)) {
    if (Date.now() > deadline) throw new Error('the relayed game did not finish in 8 minutes');
    let moved = false;
    for (const p of [host, guest]) {
      if (await ready(p.page)) {
        await clickTurn(p.page);
        moves++;
        moved = true;
      }
    }
    if (!moved) await host.page.waitForTimeout(100);
  }
  const facts = await Promise.all([host, guest].map((p) => sessionFacts(p.page)));
  check(
    facts[0].gameId === facts[1].gameId && moves >= facts[0].turn / 3,
    `played to the end through the relay: ${moves} human turns by clicks of ${facts[0].turn}`,
  );

  const pairs = await Promise.all([host, guest].map((p) => selectedPairs(p.page)));
  check(
    pairs.every((list) => list.length >= 1 && list.every((x) => x === 'relay:relay-relay')),
    `every page's connections chose a relay-to-relay pair under the relay-only policy: ${pairs.map((l) => l.join(' ')).join(' | ')}`,
  );
  const allocated = /session (\d+): realm <[^>]*> user <[^>]*>: incoming packet ALLOCATE processed, success/g;
  const allocations = new Set([...turn.log().matchAll(allocated)].map((m) => m[1]));
  check(
    allocations.size >= 2 && /CHANNEL_BIND processed, success|CREATE_PERMISSION processed, success/.test(turn.log()),
    `coturn granted ${allocations.size} allocations on the long-term credential and relayed between them`,
  );
  const replays = await Promise.all([host, guest].map((p) => p.page.evaluate(() => window.__sw.session().replayText())));
  const scores = await Promise.all([host, guest].map((p) => p.page.evaluate(() => JSON.stringify(window.__sw.state().scores))));
  check(
    replays[0] === replays[1] && scores[0] === scores[1],
    `both pages hold the same replay (${replays[0].length} characters) and scores ${scores[0]}`,
  );
  check(errors.length === 0, `no page errors${errors.length ? `: ${errors.slice(0, 3).join(' | ')}` : ''}`);
} catch (e) {
  failed(e);
} finally {
  await browser.close();
  await server.close();
  await turn.stop();
}
finish();
