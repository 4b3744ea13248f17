// A hotseat game's start on one page in headless Chromium (SwiftShader WebGL, as a device whose
// GPU is blocklisted feels it): Start → the table drawn, the longest main-thread task meanwhile,
// and a still table's frame after. Medians and the worst of several rounds (START_RUNS, default 6).
// Runs bench/start-page.mjs in a child.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { BenchRow } from './types';

interface Figures {
  drawn: number[];
  longest: number[];
  frame: number[];
}

export default async function bench(): Promise<BenchRow[]> {
  const script = fileURLToPath(new URL('./start-page.mjs', import.meta.url));
  const r = spawnSync(process.execPath, [script], { encoding: 'utf8', timeout: 600_000 });
  const line = r.stdout.trim().split('\n').pop() ?? '';
  if (r.status !== 0 || !line.startsWith('{')) throw new Error(`start-page failed: ${(r.stderr || r.stdout).trim().split('\n').pop()}`);
  const m = JSON.parse(line) as Figures;
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
  const row = (name: string, xs: number[], target: string): BenchRow => ({
    name,
    value: median(xs),
    unit: 'ms',
    target,
    note: `median of ${xs.length}, worst ${Math.max(...xs)} ms`,
  });
  return [
    row('start: hotseat Start → table drawn with its designs', m.drawn, '—'),
    row('start: longest main-thread task meanwhile', m.longest, '≤ 200 ms'),
    row('start: longest task of a still table re-rendered', m.frame, '—'),
  ];
}
