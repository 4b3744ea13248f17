// A CPU profile of the host's page from its Start click to its table drawn, in an online game
// of three pages and a bot seat (as bench/online-pages.mjs plays it; needs dist/ from
// `npm run build`): `node bench/prof-start.mjs [out.cpuprofile]` inside a namespace with only
// lo (see tests/e2e/loopback-only.mjs). Open the file in Chromium's DevTools (Performance).
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { preview } from 'vite';
import { CHROMIUM_ARGS } from '../tests/e2e/harness.mjs';
import { createOnlineGame, joinAndSit, WEBRTC_ARGS, WEBRTC_CONTEXT } from '../tests/e2e/online-steps.mjs';
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const server = await preview({ root: ROOT, logLevel: 'silent', preview: { host: '127.0.0.1', port: 0 } });
const base = server.resolvedUrls.local[0];
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: [...CHROMIUM_ARGS, ...WEBRTC_ARGS] });
const newPage = async () => (await browser.newContext(WEBRTC_CONTEXT)).newPage();
const pages = [await newPage(), await newPage(), await newPage()];
const [host, a, b] = pages;
const link = await createOnlineGame(host, base, ['human', 'human', 'human', 'greedy'], 'Hana', 'bench');
await joinAndSit(a, host, link, 'Ana', 'black', 'bench');
await joinAndSit(b, host, link, 'Bo', 'green', 'bench');
const cdp = await host.context().newCDPSession(host);
await cdp.send('Profiler.enable');
await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
await cdp.send('Profiler.start');
const t0 = Date.now();
await host.locator('sw-lobby [data-testid="lobby-start"]').click();
await host.waitForFunction(() => window.__sw?.shown()?.designs, null, { timeout: 60000, polling: 20 });
console.log(`host: Start → its table drawn ${Date.now() - t0} ms`);
const { profile } = await cdp.send('Profiler.stop');
const out = process.argv[2] ?? 'start.cpuprofile';
writeFileSync(out, JSON.stringify(profile));
console.log(`profile: ${out}`);
await browser.close();
await server.close();
process.exit(0);
