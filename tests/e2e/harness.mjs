// Browser-test plumbing: a tiny static server for dist/ on 127.0.0.1, a one-module page built
// with Vite from a source text (to run project modules in Chromium), and Debian's Chromium
// through playwright-core.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, extname, join, normalize, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const REPO = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
  '.png': 'image/png',
  '.wasm': 'application/wasm',
};

/**
 * Serves `root` on 127.0.0.1 at a free port; resolves to { url, requests, asked, cut, close }.
 * `cut(true)` makes the server unreachable as a real outage would: each request is counted and its
 * path kept (`asked()`), then its connection is dropped unanswered. (The browser's offline switch
 * does not cover the fetches the browser itself makes, such as a service worker's update check.)
 */
export function serveStatic(root) {
  const base = resolve(root);
  let requests = 0;
  let down = null; // while cut: the paths asked since
  const server = createServer(async (req, res) => {
    requests++;
    if (down) {
      if (down.length < 50) down.push(new URL(req.url, 'http://x').pathname);
      req.socket.destroy();
      return;
    }
    try {
      const path = decodeURIComponent(new URL(req.url, 'http://x').pathname);
      let file = normalize(join(base, path));
      if (!file.startsWith(base)) throw new Error('outside');
      if ((await stat(file).catch(() => null))?.isDirectory()) file = join(file, 'index.html');
      const body = await readFile(file);
      res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream', 'cache-control': 'no-store' });
      res.end(body);
    } catch {
      res.writeHead(404, { 'content-type': 'text/plain' });
      res.end('not found');
    }
  });
  return new Promise((ok) =>
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      ok({
        url: `http://127.0.0.1:${port}/`,
        requests: () => requests,
        cut: (on) => {
          down = on ? [] : null;
        },
        asked: () => [...(down ?? [])],
        close: () => new Promise((done) => server.close(done)),
      });
    }),
  );
}

/**
 * Builds a page whose one module is `source` (TypeScript; it may import the project's files by
 * absolute path) with Vite and serves it on 127.0.0.1; resolves to { url, close } (close also
 * removes the build).
 */
export async function tinyPage(source, label = 'page') {
  const dir = mkdtempSync(join(tmpdir(), `sw-${label}-`));
  try {
    const config = join(dir, 'vite.config.mjs');
    writeFileSync(join(dir, 'index.html'), '<!doctype html><html><body><script type="module" src="./main.ts"></script></body></html>');
    writeFileSync(join(dir, 'main.ts'), source);
    writeFileSync(config, `export default { root: ${JSON.stringify(dir)}, build: { outDir: 'dist' }, logLevel: 'warn' };`);
    symlinkSync(join(REPO, 'node_modules'), join(dir, 'node_modules'));
    execFileSync(process.execPath, [join(REPO, 'node_modules/vite/bin/vite.js'), 'build', '--config', config], { stdio: 'inherit' });
    const server = await serveStatic(join(dir, 'dist'));
    return {
      url: server.url,
      close: async () => {
        await server.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  } catch (e) {
    rmSync(dir, { recursive: true, force: true });
    throw e;
  }
}

/**
 * Builds `source` as a tiny page (tinyPage), opens it in a new context of `browser` and
 * resolves to the `window.result` it sets (within 120 s); throws with `what` if it set `{ error }`.
 */
export async function tinyPageResult(browser, source, label, what) {
  const page = await tinyPage(source, label);
  let context = null;
  try {
    context = await browser.newContext();
    const tab = await context.newPage();
    await tab.goto(page.url);
    await tab.waitForFunction(() => window.result, null, { timeout: 120_000 });
    const r = await tab.evaluate(() => window.result);
    if (r.error) throw new Error(`${what} failed: ${r.error}`);
    return r;
  } finally {
    await context?.close();
    await page.close();
  }
}

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export function launchChromium() {
  return chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
}
