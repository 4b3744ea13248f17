// Bundle size of the built app: the gzip size of the JavaScript the game page loads at
// start (its module script and modulepreloads; the bot worker loads later, in parallel).
// Builds dist/ first when it is missing or older than the sources.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import type { BenchRow } from './types';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const DIST = join(ROOT, 'dist');

function newestMtime(path: string): number {
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let t = st.mtimeMs;
  for (const name of readdirSync(path)) t = Math.max(t, newestMtime(join(path, name)));
  return t;
}

function ensureBuilt(): void {
  const index = join(DIST, 'index.html');
  const sources = Math.max(
    newestMtime(join(ROOT, 'src')),
    newestMtime(join(ROOT, 'index.html')),
    newestMtime(join(ROOT, 'vite.config.ts')),
  );
  if (existsSync(index) && statSync(index).mtimeMs >= sources) return;
  const r = spawnSync(process.execPath, [join(ROOT, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--logLevel', 'error'], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  if (r.status !== 0) throw new Error('vite build failed');
}

/** Paths of the JS files index.html loads at start. */
function initialScripts(html: string): string[] {
  const out = new Set<string>();
  for (const m of html.matchAll(/<script[^>]*type="module"[^>]*src="([^"]+)"/g)) out.add(m[1]);
  for (const m of html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g)) out.add(m[1]);
  return [...out].map((p) => join(DIST, p.replace(/^\.?\//, '')));
}

const gz = (file: string) => gzipSync(readFileSync(file), { level: 9 }).length;

export default async function bench(): Promise<BenchRow[]> {
  ensureBuilt();
  const scripts = initialScripts(readFileSync(join(DIST, 'index.html'), 'utf8'));
  if (!scripts.length) throw new Error('dist/index.html loads no module script');
  const gzip = scripts.reduce((n, f) => n + gz(f), 0);
  const raw = scripts.reduce((n, f) => n + statSync(f).size, 0);
  const assets = readdirSync(join(DIST, 'assets'));
  const worker = assets.find((f) => f.startsWith('bot-worker') && f.endsWith('.js'));
  const rows: BenchRow[] = [
    {
      name: 'bundle: initial JS of the game page, gzip',
      value: gzip / 1024,
      unit: 'KB',
      target: '≤ 250 KB',
      note: `${scripts.length} file(s), ${(raw / 1024).toFixed(0)} KB raw`,
    },
  ];
  if (worker)
    rows.push({ name: 'bundle: bot worker (loaded after start), gzip', value: gz(join(DIST, 'assets', worker)) / 1024, unit: 'KB' });
  return rows;
}
