// Paints the tile atlas off the main thread: started by tile-atlas.ts, answers one message
// with the atlas's pixels, bottom row first as WebGL wants them. Plain pixels, not an ImageBitmap:
// WebGL uploads an ImageBitmap with the page waiting on the GPU process (~600 ms on SwiftShader),
// an array it copies and goes on.
import { atlasSize, flippedPixels, paintAtlas } from './atlas-paint';
import { DESIGNS } from './tile-layout';

export type AtlasReply = { pixels: Uint8Array<ArrayBuffer>; size: number; paintMs: number } | { error: string };

self.onmessage = () => {
  try {
    const t0 = performance.now();
    const size = atlasSize(DESIGNS.length);
    const canvas = new OffscreenCanvas(size, size);
    const pixels = flippedPixels(paintAtlas(canvas.getContext('2d')!), size);
    const reply: AtlasReply = { pixels, size, paintMs: performance.now() - t0 };
    (self as unknown as Worker).postMessage(reply, [pixels.buffer]);
  } catch (e) {
    (self as unknown as Worker).postMessage({ error: e instanceof Error ? e.message : String(e) } satisfies AtlasReply);
  }
};
