// Online play in headless Chromium, local signalling (vite preview and its /peerjs plugin), three
// pages and a bot seat as players get them (animations and bot pauses on): join link → seated;
// host's Start → turn 1 drawn on every page (and with its designs at full resolution), and the longest main-thread task meanwhile; a reload
// at turn 15 → the live turn drawn; a spectator at turn 30 → the live turn drawn, and the frames
// and characters of its catch-up. Medians and the worst of several rounds (ONLINE_RUNS, default 5).
// Runs bench/online-pages.mjs in a child.
import { childFigures, middle as median, msRow as row } from './browser-child';
import type { BenchRow } from './types';

interface Figures {
  /** The browser's version: the figures move with it (SwiftShader, the compositor). */
  browser: string;
  seated: number[];
  start: number[];
  startRecord: number[];
  startHeld: number[];
  startSharp: number[];
  startLongest: number[];
  startDropped: number[];
  reload: number[];
  reloadHeld: number[];
  reloadLongest: number[];
  reloadTurn: number[];
  spectate: number[];
  spectateHeld: number[];
  spectateLongest: number[];
  spectateTurn: number[];
  spectateFrames: number[];
  spectateChars: number[];
  action: number[];
  actionIdle: number[];
}

const p95 = (xs: number[]) => Math.round([...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.95)]);

/** The first row names the browser measured: the figures move with it (its SwiftShader, its compositor), not only with the code. */
const withBrowser = (r: BenchRow, browser: string): BenchRow => ({ ...r, note: `${r.note}; Chromium ${browser}` });

export default async function bench(): Promise<BenchRow[]> {
  const m = childFigures<Figures>('online-pages.mjs', 1_800_000);
  return [
    withBrowser(row('online: Start → turn 1 drawn on every page', m.start, '≤ 2000 ms'), m.browser),
    row('online: … with the tile designs at full resolution on every page (the finer mipmaps follow the first frame)', m.startSharp, '—'),
    row('online: Start → the start record on every page', m.startRecord, '—'),
    row('online: Start → the game state held on every page (commitments, first draw)', m.startHeld, '—'),
    row('online: longest main-thread task during the start', m.startLongest, '≤ 200 ms'),
    {
      ...row('online: frames dropped during the start, on the worst page (of 60 a second)', m.startDropped, '—'),
      unit: 'frames',
      note: `median of ${m.startDropped.length}, worst ${Math.max(...m.startDropped)}`,
    },
    row(`online: reload at turn ${median(m.reloadTurn)} → live turn drawn`, m.reload, '≤ 2000 ms'),
    row('online: … of which reload → the live state held (network, engine)', m.reloadHeld, '—'),
    row('online: longest main-thread task during the reload', m.reloadLongest, '≤ 200 ms'),
    row(`online: spectator opens the link at turn ${median(m.spectateTurn)} → live turn drawn`, m.spectate, '≤ 3000 ms'),
    row('online: … of which link opened → the live state held (network, engine)', m.spectateHeld, '—'),
    row('online: longest main-thread task while the spectator catches up', m.spectateLongest, '≤ 200 ms'),
    {
      ...row('online: frames the spectator received until live', m.spectateFrames, '—'),
      unit: '',
      note: `median of ${m.spectateFrames.length}`,
    },
    {
      ...row('online: characters the spectator received until live', m.spectateChars, '—'),
      unit: 'chars',
      note: `median of ${m.spectateChars.length}`,
    },
    row('online: join link opened → seated in the lobby', m.seated, '≤ 1500 ms'),
    {
      ...row('online: a human action → applied on every page (browser to browser), as play goes on, p50', m.action, '—'),
      note: `median of ${m.action.length}, p95 ${p95(m.action)} ms`,
    },
    {
      ...row('online: … from settled pages (no animation left on any), p50', m.actionIdle, '—'),
      note: `median of ${m.actionIdle.length}, p95 ${p95(m.actionIdle)} ms`,
    },
  ];
}
