// Online play in headless Chromium, local signalling (vite preview and its /peerjs plugin):
// the time from opening a join link to being seated in the lobby, and from a reload to
// being back in the game, medians of several tries. Runs bench/online-pages.mjs in a child.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { BenchRow } from './types';

export default async function bench(): Promise<BenchRow[]> {
  const script = fileURLToPath(new URL('./online-pages.mjs', import.meta.url));
  const r = spawnSync(process.execPath, [script], { encoding: 'utf8', timeout: 600_000 });
  const line = r.stdout.trim().split('\n').pop() ?? '';
  if (r.status !== 0 || !line.startsWith('{')) throw new Error(`online-pages failed: ${(r.stderr || r.stdout).trim().split('\n').pop()}`);
  const m = JSON.parse(line) as { seated: number[]; reload: number[] };
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
  return [
    {
      name: 'online: join link opened → seated in the lobby (Chromium)',
      value: median(m.seated),
      unit: 'ms',
      note: `median of ${m.seated.length}`,
    },
    {
      name: 'online: reload → back in the game, same seat (Chromium)',
      value: median(m.reload),
      unit: 'ms',
      note: `median of ${m.reload.length}`,
    },
  ];
}
