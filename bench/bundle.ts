// Bundle size of the built app: the gzip size of the JavaScript the home screen loads (its
// module script and modulepreloads), then with the table (three.js, loaded when a game opens:
// src/render/lazy-tabletop.ts), then every JS file of the game page. The workers load later.
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

/** `file` and every chunk it imports statically, recursively (built chunks import as `from"./x.js"`). */
function withStaticImports(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  for (const m of readFileSync(file, 'utf8').matchAll(/(?:from|import)\s*"\.\/([\w.-]+\.js)"/g))
    withStaticImports(join(DIST, 'assets', m[1]), seen);
  return seen;
}

export default async function bench(): Promise<BenchRow[]> {
  ensureBuilt();
  const scripts = initialScripts(readFileSync(join(DIST, 'index.html'), 'utf8'));
  if (!scripts.length) throw new Error('dist/index.html loads no module script');
  const sum = (files: Iterable<string>) => [...files].reduce((n, f) => n + gz(f), 0) / 1024;
  const raw = (files: Iterable<string>) => [...files].reduce((n, f) => n + statSync(f).size, 0) / 1024;
  const assets = readdirSync(join(DIST, 'assets'));
  const worker = assets.find((f) => f.startsWith('bot-worker') && f.endsWith('.js'));
  // the chunk of src/render/table-module.ts, which lazy-tabletop.ts imports when a game opens
  const table = assets.find((f) => f.startsWith('table-module-') && f.endsWith('.js'));
  if (!table) throw new Error('no table-module-*.js chunk: is the table still loaded lazily (lazy-tabletop.ts)?');
  const withTable = new Set(scripts);
  for (const f of withStaticImports(join(DIST, 'assets', table))) withTable.add(f);
  const everything = assets.filter((f) => f.endsWith('.js') && !/worker|^verify-|^workbox/.test(f)).map((f) => join(DIST, 'assets', f));
  for (const f of scripts) if (!everything.includes(f)) everything.push(f);
  const rows: BenchRow[] = [
    {
      name: 'bundle: home screen JS, gzip',
      value: sum(scripts),
      unit: 'KB',
      target: '≤ 120 KB',
      note: `${scripts.length} file(s), ${raw(scripts).toFixed(0)} KB raw; no three.js`,
    },
    {
      name: 'bundle: home + the table (three.js), gzip',
      value: sum(withTable),
      unit: 'KB',
      note: `loaded when a game opens, ${withTable.size} file(s), ${raw(withTable).toFixed(0)} KB raw`,
    },
    {
      name: 'bundle: every JS file of the game page, gzip',
      value: sum(everything),
      unit: 'KB',
      note: `${everything.length} files incl. online, rules, verify report; not the workers`,
    },
  ];
  if (worker)
    rows.push({ name: 'bundle: bot worker (loaded after start), gzip', value: gz(join(DIST, 'assets', worker)) / 1024, unit: 'KB' });
  const atlasWorker = assets.find((f) => f.startsWith('atlas-worker') && f.endsWith('.js'));
  if (atlasWorker)
    rows.push({
      name: 'bundle: tile atlas worker (with the table), gzip',
      value: gz(join(DIST, 'assets', atlasWorker)) / 1024,
      unit: 'KB',
    });
  return rows;
}
