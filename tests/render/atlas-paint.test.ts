// The atlas's gutter pass (atlas-paint.ts): every gutter pixel repeats its cell's nearest edge
// pixel and no pixel inside a cell changes, so mipmaps never mix two designs.
import { describe, expect, it } from 'vitest';
import { ATLAS_COLUMNS, CELL_PX, GUTTER_PX, atlasSize, cellOrigin, fillGutters, mipChain } from '../../src/render/atlas-paint';

describe('atlas gutters', () => {
  const count = ATLAS_COLUMNS + 3; // two rows, the second partly filled
  const size = atlasSize(count);
  const inner = (i: number, x: number, y: number) => ((i + 1) << 24) | (y << 12) | x; // unique per pixel
  const painted = () => {
    const px = new Uint32Array(size * size);
    for (let i = 0; i < count; i++) {
      const o = cellOrigin(i);
      for (let y = GUTTER_PX; y < CELL_PX - GUTTER_PX; y++)
        for (let x = GUTTER_PX; x < CELL_PX - GUTTER_PX; x++) px[(o.y + y) * size + o.x + x] = inner(i, x, y);
    }
    return px;
  };
  const clamp = (v: number) => Math.min(CELL_PX - GUTTER_PX - 1, Math.max(GUTTER_PX, v));

  it('fills each gutter pixel with the nearest edge pixel of its own cell, corners included', () => {
    const px = painted();
    expect(px[0]).toBe(0); // the gutter starts empty
    fillGutters(px, size, count);
    for (const i of [0, ATLAS_COLUMNS - 1, count - 1]) {
      const o = cellOrigin(i);
      for (let y = 0; y < CELL_PX; y++)
        for (let x = 0; x < CELL_PX; x++) expect(px[(o.y + y) * size + o.x + x]).toBe(inner(i, clamp(x), clamp(y)));
    }
  });

  it('leaves cells past the last design untouched', () => {
    const px = painted();
    fillGutters(px, size, count);
    const o = cellOrigin(count);
    expect(px[o.y * size + o.x]).toBe(0);
    expect(px[(o.y + CELL_PX - 1) * size + o.x + CELL_PX - 1]).toBe(0);
  });
});

describe('atlas mipmaps (made in the worker, so the GPU only copies them)', () => {
  it('halves the image down to one pixel, each pixel the mean of its four parents in linear light, alpha as is', () => {
    const size = 4;
    const image = new Uint8Array(size * size * 4);
    for (let y = 0; y < size; y++)
      for (let x = 0; x < size; x++) {
        const o = (y * size + x) * 4;
        const on = (x + y) % 2 === 0; // a checkerboard of black and white
        image.set([on ? 255 : 0, on ? 255 : 0, on ? 255 : 0, x < 2 ? 255 : 0], o);
      }
    const levels = mipChain(image, size);
    expect(levels.map((l) => l.length)).toEqual([64, 16, 4]);
    expect(levels[0]).toBe(image);
    // half the light in sRGB is 188, not the bytes' mean 128 (how a GPU mips an sRGB texture)
    expect([...levels[1]]).toEqual([188, 188, 188, 255, 188, 188, 188, 0, 188, 188, 188, 255, 188, 188, 188, 0]);
    expect([...levels[2]]).toEqual([188, 188, 188, 128]);
  });

  it('keeps a flat colour exactly at every level', () => {
    const size = 8;
    const image = new Uint8Array(size * size * 4);
    for (let i = 0; i < size * size; i++) image.set([17, 99, 230, 200], i * 4);
    for (const level of mipChain(image, size).slice(1))
      for (let i = 0; i < level.length; i += 4) expect([...level.subarray(i, i + 4)]).toEqual([17, 99, 230, 200]);
  });
});
