// The tile atlas's pixels, painted in a worker (atlas-worker.ts) with every mipmap level: small and
// free of three.js, so the page starts the worker the moment the player heads to a game
// (lazy-tabletop.ts), while three.js and the table are still loading. The table takes the pixels
// from here (tile-atlas.ts); every table of the page takes the same ones.
import type { AtlasAsk, AtlasReply } from './atlas-worker';

export interface PaintedAtlas {
  /** RGBA rows, bottom row first (as WebGL reads them): the atlas, then each mipmap level down to 1 px. */
  levels: Uint8Array<ArrayBuffer>[];
  size: number;
  /** `cache`: the worker read the pixels kept from an earlier paint (atlas-worker.ts). */
  where: 'worker' | 'cache' | 'page';
  paintMs: number;
}

/** The atlas from a worker (painted, or kept from an earlier paint unless `fresh`); null where no worker or OffscreenCanvas can paint it. */
export function paintAtlasInWorker(ask: AtlasAsk = {}): Promise<PaintedAtlas | null> {
  if (typeof Worker === 'undefined' || typeof OffscreenCanvas === 'undefined') return Promise.resolve(null);
  let worker: Worker;
  try {
    worker = new Worker(new URL('./atlas-worker.ts', import.meta.url), { type: 'module' });
  } catch {
    return Promise.resolve(null);
  }
  return new Promise((resolve) => {
    worker.onmessage = (e: MessageEvent<AtlasReply>) => {
      // not terminated here: it ends itself once it has kept the atlas for the next time (atlas-worker.ts)
      const r = e.data;
      resolve('error' in r ? null : { levels: r.levels, size: r.size, where: r.cached ? 'cache' : 'worker', paintMs: r.paintMs });
    };
    worker.onerror = (e) => {
      e.preventDefault();
      worker.terminate();
      resolve(null);
    };
    worker.postMessage(ask);
  });
}

/** Where no worker can paint: the page does, its painter loaded only then. */
async function paintAtlasOnPage(): Promise<PaintedAtlas> {
  const [{ atlasSize, flippedPixels, mipChain, paintAtlas }, { DESIGNS }] = await Promise.all([
    import('./atlas-paint'),
    import('./tile-layout'),
  ]);
  const t0 = performance.now();
  const size = atlasSize(DESIGNS.length);
  const canvas = document.createElement('canvas');
  canvas.width = canvas.height = size;
  const ctx = canvas.getContext('2d', { willReadFrequently: true });
  if (!ctx) throw new Error('no 2D canvas to paint the tile atlas on');
  const levels = mipChain(flippedPixels(paintAtlas(ctx), size), size);
  return { levels, size, where: 'page', paintMs: performance.now() - t0 };
}

/** The atlas of this page, painted once: every table takes the same pixels. */
let painted: Promise<PaintedAtlas> | null = null;

/** Starts painting the atlas now (lazy-tabletop.ts, when the player heads to a game), for the tables to take. */
export function prepaintTileAtlas(): Promise<PaintedAtlas> {
  const p = (painted ??= paintAtlasInWorker()
    .then((w) => w ?? paintAtlasOnPage())
    .then((a) => {
      globalThis.performance?.mark?.(`atlas: painted (${a.where}, ${Math.round(a.paintMs)} ms)`);
      return a;
    }));
  p.catch(() => {
    if (painted === p) painted = null; // the next table asks again
  });
  return p;
}
