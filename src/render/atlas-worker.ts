// Paints the tile atlas off the main thread: started by tile-atlas.ts, answers one message
// with the atlas's pixels, bottom row first as WebGL wants them, and every mipmap level below.
// Plain pixels, not an ImageBitmap: WebGL uploads an ImageBitmap with the page waiting on the GPU
// process (~600 ms on SwiftShader), an array in bands the page copies a few at a time (tile-atlas.ts).
import { atlasSize, flippedPixels, mipChain, paintAtlas } from './atlas-paint';
import { DESIGNS } from './tile-layout';

/** `levels`: the atlas, then each mipmap level down to 1 px. */
export type AtlasReply = { levels: Uint8Array<ArrayBuffer>[]; size: number; paintMs: number } | { error: string };

self.onmessage = () => {
  try {
    const t0 = performance.now();
    const size = atlasSize(DESIGNS.length);
    const canvas = new OffscreenCanvas(size, size);
    const levels = mipChain(flippedPixels(paintAtlas(canvas.getContext('2d')!), size), size);
    const reply: AtlasReply = { levels, size, paintMs: performance.now() - t0 };
    (self as unknown as Worker).postMessage(
      reply,
      levels.map((l) => l.buffer),
    );
  } catch (e) {
    (self as unknown as Worker).postMessage({ error: e instanceof Error ? e.message : String(e) } satisfies AtlasReply);
  }
};
