// Paints the tile atlas off the main thread: started by tile-atlas.ts, answers one message
// with the atlas as an ImageBitmap flipped for WebGL (ImageBitmaps ignore UNPACK_FLIP_Y).
import { atlasSize, paintAtlas } from './atlas-paint';
import { DESIGNS } from './tile-layout';

export type AtlasReply = { bitmap: ImageBitmap; paintMs: number } | { error: string };

self.onmessage = async () => {
  try {
    const t0 = performance.now();
    const size = atlasSize(DESIGNS.length);
    const canvas = new OffscreenCanvas(size, size);
    paintAtlas(canvas.getContext('2d')!);
    const bitmap = await createImageBitmap(canvas, { imageOrientation: 'flipY' });
    const reply: AtlasReply = { bitmap, paintMs: performance.now() - t0 };
    (self as unknown as Worker).postMessage(reply, [bitmap]);
  } catch (e) {
    (self as unknown as Worker).postMessage({ error: e instanceof Error ? e.message : String(e) } satisfies AtlasReply);
  }
};
