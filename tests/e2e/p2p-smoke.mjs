// The PeerJS transport between real Chromium pages over WebRTC on 127.0.0.1, with the
// signalling of `npm start` (the Vite dev server and its /peerjs plugin): same-origin
// settings found, three pages in a full mesh, frames both ways, a page that reloads comes
// back with a new id and is redialled, a closed page is seen as gone.
// Run: flock /tmp/browser.lock node tests/e2e/p2p-smoke.mjs
import { createServer } from 'vite';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS } from './harness.mjs';

const root = new URL('../..', import.meta.url).pathname;
const vite = await createServer({ root, logLevel: 'warn', server: { host: '127.0.0.1', port: 0 } });
await vite.listen();
const base = `http://127.0.0.1:${vite.httpServer.address().port}`;
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: [...CHROMIUM_ARGS, '--allow-loopback-in-peer-connection', '--disable-features=WebRtcHideLocalIpsWithMdns'],
});
const context = await browser.newContext({ permissions: ['camera', 'microphone'] });
const failures = [];
const check = (ok, what) => {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}`);
  if (!ok) failures.push(what);
};

async function openPage() {
  const page = await context.newPage();
  page.on('pageerror', (e) => console.log(`page error: ${e.message}`));
  await page.goto(`${base}/tests/e2e/p2p-page.html`);
  await page.waitForFunction(() => globalThis.p2p?.id, null, { timeout: 30_000 });
  return page;
}
const id = (page) => page.evaluate(() => globalThis.p2p.id);
const linked = (page, other) =>
  page
    .waitForFunction((o) => globalThis.p2p.connected().includes(o), other, { timeout: 20_000 })
    .then(
      () => true,
      () => false,
    );

try {
  const [a, b, c] = [await openPage(), await openPage(), await openPage()];
  const [ia, ib, ic] = [await id(a), await id(b), await id(c)];
  const source = await a.evaluate(() => [globalThis.p2p.source, globalThis.p2p.settings]);
  check(
    source[0] === 'same-origin' && source[1].path === '/peerjs' && source[1].iceServers.length === 0,
    `same-origin signalling found (${JSON.stringify(source)})`,
  );
  await a.evaluate(
    ([x, y]) => {
      globalThis.p2p.connect(x);
      globalThis.p2p.connect(y);
    },
    [ib, ic],
  );
  await b.evaluate((x) => globalThis.p2p.connect(x), ic);
  const mesh = await Promise.all([linked(a, ib), linked(a, ic), linked(b, ia), linked(b, ic), linked(c, ia), linked(c, ib)]);
  check(mesh.every(Boolean), 'three pages form a full mesh');

  const frames = ['{"k":"act"}', 'ünïcode ✓ 🚀', 'x'.repeat(64 * 1024)];
  for (const [from, to] of [
    [a, ib],
    [b, ic],
    [c, ia],
  ])
    await from.evaluate(([p, fs]) => fs.forEach((f) => globalThis.p2p.send(p, f)), [to, frames]);
  await Promise.all(
    [a, b, c].map((p) =>
      p.waitForFunction((n) => globalThis.p2p.log.frames.length >= n, frames.length, { timeout: 10_000 }).catch(() => {}),
    ),
  );
  for (const [page, from] of [
    [b, ia],
    [c, ib],
    [a, ic],
  ]) {
    const got = await page.evaluate((f) => globalThis.p2p.log.frames.filter(([p]) => p === f).map(([, x]) => x), from);
    check(JSON.stringify(got) === JSON.stringify(frames), `frames arrive untouched and in order (${got.length})`);
  }
  check(await a.evaluate((p) => globalThis.p2p.send(p, 'y'.repeat(64 * 1024 + 1)) === false, ib), 'a frame over the cap is refused');

  // c reloads: a new transport with a new id; a and b see the old one go, and redial the new one.
  await c.reload();
  await c.waitForFunction(() => globalThis.p2p?.id, null, { timeout: 30_000 });
  const ic2 = await id(c);
  check(ic2 !== ic, 'the reloaded page has a new id');
  const gone = await Promise.all(
    [a, b].map((p) =>
      p
        .waitForFunction((o) => globalThis.p2p.log.closed.includes(o), ic, { timeout: 10_000 })
        .then(
          () => true,
          () => false,
        ),
    ),
  );
  check(gone.every(Boolean), "the others see the reloaded page's old link close");
  await c.evaluate(
    ([x, y]) => {
      globalThis.p2p.connect(x);
      globalThis.p2p.connect(y);
    },
    [ia, ib],
  );
  check(
    (await Promise.all([linked(c, ia), linked(c, ib), linked(a, ic2), linked(b, ic2)])).every(Boolean),
    'the reloaded page rejoins the mesh',
  );

  // b's page closes: within the keep-alive bound the others know.
  await b.close();
  const t0 = Date.now();
  const closed = await Promise.all(
    [a, c].map((p) =>
      p
        .waitForFunction((o) => globalThis.p2p.log.closed.includes(o), ib, { timeout: 8_000 })
        .then(
          () => true,
          () => false,
        ),
    ),
  );
  check(closed.every(Boolean), `a closed page is seen as gone (${Date.now() - t0} ms)`);
} catch (e) {
  failures.push(String(e));
  console.log(`FAIL ${e.message}`);
} finally {
  await browser.close();
  await vite.close();
}
console.log(failures.length ? `${failures.length} failure(s)` : 'p2p smoke: all good');
process.exit(failures.length ? 1 : 0);
