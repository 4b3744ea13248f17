// Run by bench/online.ts: builds nothing (needs dist/ from `npm run build`), serves it with
// the signalling plugin, and times joins by link and reloads in headless Chromium. Prints one JSON line.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { preview } from 'vite';
import { CHROMIUM_ARGS } from '../tests/e2e/harness.mjs';
import { createOnlineGame, joinAndSit, WEBRTC_ARGS, WEBRTC_CONTEXT } from '../tests/e2e/online-steps.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
if (!existsSync(`${ROOT}/dist/index.html`)) throw new Error('run `npm run build` first');
const server = await preview({ root: ROOT, logLevel: 'silent', preview: { host: '127.0.0.1', port: 0 } });
const base = server.resolvedUrls.local[0];
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: [...CHROMIUM_ARGS, ...WEBRTC_ARGS] });
const seated = [];
const reload = [];
try {
  for (let round = 0; round < 3; round++) {
    const pages = [];
    for (let i = 0; i < 3; i++) pages.push(await (await browser.newContext(WEBRTC_CONTEXT)).newPage());
    const [host, a, b] = pages;
    const link = await createOnlineGame(host, base, ['human', 'human', 'human']);
    seated.push(await joinAndSit(a, host, link, 'Ana', 'black'));
    seated.push(await joinAndSit(b, host, link, 'Bo', 'green'));
    await host.locator('sw-lobby [data-testid="lobby-start"]').click();
    for (const p of pages) await p.waitForFunction(() => window.__sw?.state()?.turn >= 1, null, { timeout: 60_000 });
    const t0 = Date.now();
    await a.reload();
    await a.waitForFunction(() => window.__sw?.state()?.turn >= 1 && !!window.__sw.tabletop(), null, { timeout: 60_000 });
    reload.push(Date.now() - t0);
    for (const p of pages) await p.context().close();
  }
} finally {
  await browser.close();
  await server.close();
}
process.stdout.write(`${JSON.stringify({ seated, reload })}\n`, () => process.exit(0));
