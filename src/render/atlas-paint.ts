// Paints the tile atlas onto any 2D canvas (a page's or a worker's OffscreenCanvas): each design
// in its cell, then every gutter filled from its cell's edge pixels in one pass over the pixels.
// The gutters were once self-copies (drawImage of the atlas onto itself, 4 per design), which
// made Chromium snapshot the whole 2048 px canvas each time: 4.2 s of the 4.3 s paint.
import { DESIGNS, tileLayout } from './tile-layout';
import { paintTile } from './tile-painter';

export const ATLAS_COLUMNS = 8;
export const CELL_PX = 256;
/** Pixels around each cell copied from its border, so mipmaps do not bleed between designs. */
export const GUTTER_PX = 6;

type Ctx2D = CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D;

/** Side of the square atlas holding `count` designs. */
export function atlasSize(count: number): number {
  return CELL_PX * Math.max(ATLAS_COLUMNS, Math.ceil(count / ATLAS_COLUMNS));
}

/** Top-left pixel of design `i`'s cell, gutter included. */
export function cellOrigin(i: number): { x: number; y: number } {
  return { x: (i % ATLAS_COLUMNS) * CELL_PX, y: Math.floor(i / ATLAS_COLUMNS) * CELL_PX };
}

/** Paints every design of `designs` into ctx (a canvas of atlasSize(designs.length) px); returns the painted rows' pixels. */
export function paintAtlas(ctx: Ctx2D, designs: readonly string[] = DESIGNS): ImageData {
  const size = atlasSize(designs.length);
  const inner = CELL_PX - 2 * GUTTER_PX;
  designs.forEach((id, i) => {
    const { x, y } = cellOrigin(i);
    paintTile(ctx, tileLayout(id), x + GUTTER_PX, y + GUTTER_PX, inner);
  });
  const height = Math.ceil(designs.length / ATLAS_COLUMNS) * CELL_PX;
  const image = ctx.getImageData(0, 0, size, height);
  fillGutters(new Uint32Array(image.data.buffer), size, designs.length);
  ctx.putImageData(image, 0, 0);
  return image;
}

/** The atlas's pixels bottom row first, as WebGL reads them (`painted` holds the top rows, the rest stays clear). */
export function flippedPixels(painted: ImageData, size: number): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(size * size * 4);
  const row = size * 4;
  for (let y = 0; y < painted.height; y++) out.set(painted.data.subarray(y * row, (y + 1) * row), (size - 1 - y) * row);
  return out;
}

/** Stretches each cell's outermost pixels into its gutter (rows of `width` pixels, RGBA as u32). */
export function fillGutters(px: Uint32Array, width: number, count: number): void {
  const g = GUTTER_PX;
  const last = CELL_PX - g - 1;
  for (let i = 0; i < count; i++) {
    const { x, y } = cellOrigin(i);
    for (let r = g; r <= last; r++) {
      const row = (y + r) * width + x;
      px.fill(px[row + g], row, row + g);
      px.fill(px[row + last], row + last + 1, row + CELL_PX);
    }
    // the top and bottom gutters copy whole rows, so the corners take the corner pixels
    const top = (y + g) * width + x;
    const bottom = (y + last) * width + x;
    for (let r = 0; r < g; r++) {
      px.copyWithin((y + r) * width + x, top, top + CELL_PX);
      px.copyWithin((y + last + 1 + r) * width + x, bottom, bottom + CELL_PX);
    }
  }
}

/** sRGB byte → linear light, and linear light (4096 steps) → sRGB byte: mipmaps average light, not bytes. */
const TO_LINEAR = new Float32Array(256);
const TO_SRGB = new Uint8Array(4097);
for (let i = 0; i < 256; i++) {
  const c = i / 255;
  TO_LINEAR[i] = c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}
for (let i = 0; i <= 4096; i++) {
  const l = i / 4096;
  TO_SRGB[i] = Math.round(255 * (l <= 0.0031308 ? l * 12.92 : 1.055 * l ** (1 / 2.4) - 0.055));
}

/**
 * Every mipmap level of a square sRGB RGBA image of `size` px (a power of two), the image itself
 * first: each pixel the mean of its four parents in linear light (alpha as is), as a GPU makes them
 * for an sRGB texture. Made in the atlas's worker, so a software WebGL (SwiftShader) has only to
 * copy them: making them there took the GPU process 200–400 ms for this atlas (bench -- atlas).
 */
export function mipChain(image: Uint8Array<ArrayBuffer>, size: number): Uint8Array<ArrayBuffer>[] {
  const levels = [image];
  for (let s = size; s > 1; s >>= 1) {
    const src = levels[levels.length - 1];
    const n = s >> 1;
    const out = new Uint8Array(n * n * 4);
    const row = s * 4;
    for (let y = 0; y < n; y++) {
      for (let x = 0; x < n; x++) {
        const i = 2 * y * row + 8 * x;
        const o = (y * n + x) * 4;
        for (let c = 0; c < 3; c++) {
          const l = TO_LINEAR[src[i + c]] + TO_LINEAR[src[i + 4 + c]] + TO_LINEAR[src[i + row + c]] + TO_LINEAR[src[i + row + 4 + c]];
          out[o + c] = TO_SRGB[Math.round(l * 1024)];
        }
        out[o + 3] = (src[i + 3] + src[i + 7] + src[i + row + 3] + src[i + row + 7] + 2) >> 2;
      }
    }
    levels.push(out);
  }
  return levels;
}
