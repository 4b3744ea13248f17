// A hotseat game's start on one page in headless Chromium (SwiftShader WebGL, as a device whose
// GPU is blocklisted feels it): Start → the table drawn, the longest main-thread task meanwhile,
// and a still table's frame after. Medians and the worst of several rounds (START_RUNS, default 6).
// Runs bench/start-page.mjs in a child.
import { childFigures, msRow as row } from './browser-child';
import type { BenchRow } from './types';

interface Figures {
  drawn: number[];
  longest: number[];
  frame: number[];
}

export default async function bench(): Promise<BenchRow[]> {
  const m = childFigures<Figures>('start-page.mjs', 600_000);
  return [
    row('start: hotseat Start → table drawn with its designs', m.drawn, '—'),
    row('start: longest main-thread task meanwhile', m.longest, '≤ 200 ms'),
    row('start: longest task of a still table re-rendered', m.frame, '—'),
  ];
}
