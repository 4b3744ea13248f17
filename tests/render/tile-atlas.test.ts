// The tile atlas goes to the GPU coarse levels first (src/render/tile-atlas.ts): the 512 px level
// and every smaller one in one band, in use at once (TEXTURE_BASE_LEVEL 2: the board draws its
// designs), then each finer level once the table has drawn its first frame, every row of every
// level exactly once; a recording WebGL stands in for the GPU here.
import type * as THREE from 'three';
import { describe, expect, it, vi } from 'vitest';
import { atlasSize } from '../../src/render/atlas-paint';
import { DESIGNS } from '../../src/render/tile-layout';

const size = atlasSize(DESIGNS.length);
const count = Math.log2(size) + 1;
vi.mock('../../src/render/atlas-pixels', () => ({
  prepaintTileAtlas: async () => ({
    levels: Array.from({ length: count }, (_, i) => new Uint8Array(4 * (size >> i) ** 2)),
    size,
    where: 'worker',
    paintMs: 1,
  }),
}));
const { createTileAtlas, uploadPlan } = await import('../../src/render/tile-atlas');

/** What the atlas asked of WebGL, in order: uploads of rows and base-level changes. */
function recordingRenderer() {
  const calls: string[] = [];
  const gl = {
    TEXTURE_2D: 1,
    TEXTURE_BASE_LEVEL: 2,
    RGBA: 3,
    UNSIGNED_BYTE: 4,
    UNPACK_FLIP_Y_WEBGL: 5,
    UNPACK_PREMULTIPLY_ALPHA_WEBGL: 6,
    UNPACK_ALIGNMENT: 7,
    isContextLost: () => false,
    texSubImage2D: (_t: number, level: number, _x: number, y: number, _w: number, rows: number) => calls.push(`rows ${level}:${y}+${rows}`),
    texParameteri: (_t: number, p: number, v: number) => calls.push(p === 2 ? `base ${v}` : `param ${p}`),
  };
  const handle = {};
  const renderer = {
    capabilities: { getMaxAnisotropy: () => 1 },
    initTexture: () => calls.push('storage'),
    properties: { get: () => ({ __webglTexture: handle }) },
    getContext: () => gl,
    state: { bindTexture: () => {}, pixelStorei: () => {} },
  };
  return { renderer: renderer as unknown as THREE.WebGLRenderer, calls };
}

const settle = () => new Promise((r) => setTimeout(r, 0));

describe('tile atlas upload', () => {
  it('plans every row of every level once: the coarse levels in one band, then each finer level in bands of at most 2 MB', () => {
    const plan = uploadPlan(size, count);
    expect(plan.map((s) => s.level)).toEqual([2, 1, 0]);
    expect(plan[0].bands).toHaveLength(1);
    expect(plan[0].bands[0].map((p) => p.level)).toEqual(Array.from({ length: count - 2 }, (_, i) => i + 2));
    const rows = new Map<number, number[]>();
    for (const step of plan)
      for (const band of step.bands) {
        if (step.level < 2) expect(band.reduce((n, p) => n + p.rows * (size >> p.level) * 4, 0)).toBeLessThanOrEqual(2 << 20);
        for (const p of band) for (let y = p.y; y < p.y + p.rows; y++) rows.set(p.level, [...(rows.get(p.level) ?? []), y]);
      }
    for (let level = 0; level < count; level++) expect(rows.get(level)).toEqual(Array.from({ length: size >> level }, (_, y) => y));
    expect(uploadPlan(4, 3).map((s) => s.level)).toEqual([2, 1, 0]);
    expect(uploadPlan(1, 1)).toEqual([{ level: 0, bands: [[{ level: 0, y: 0, rows: 1 }]] }]);
  });

  it('draws the designs from the coarse levels at once, and the finer ones only after the first frame', async () => {
    const { renderer, calls } = recordingRenderer();
    let firstFrame = () => {};
    const painted: boolean[] = [];
    const atlas = createTileAtlas(
      renderer,
      async () => {},
      () => painted.push(atlas.sharp),
      new Promise<void>((r) => (firstFrame = r)),
    );
    expect(atlas.filled).toBe(false);
    await atlas.ready;
    expect(atlas.filled).toBe(true);
    expect(atlas.sharp).toBe(false);
    const coarse = calls.slice();
    expect(coarse[0]).toBe('storage');
    expect(coarse.at(-1)).toBe('base 2');
    expect(coarse.filter((c) => c.startsWith('rows'))).toEqual(
      Array.from({ length: count - 2 }, (_, i) => `rows ${i + 2}:0+${size >> (i + 2)}`),
    );
    for (let i = 0; i < 5; i++) await settle();
    expect(calls).toEqual(coarse); // nothing finer before the first frame
    firstFrame();
    for (let i = 0; i < 50 && !atlas.sharp; i++) await settle();
    expect(atlas.sharp).toBe(true);
    const finer = calls.slice(coarse.length);
    expect(finer.filter((c) => c.startsWith('base'))).toEqual(['base 1', 'base 0']);
    // level 1 in use once all its rows are in, before any row of level 0
    const base1 = finer.indexOf('base 1');
    expect(finer.findLastIndex((c) => c.startsWith('rows 1:'))).toBeLessThan(base1);
    expect(finer.findIndex((c) => c.startsWith('rows 0:'))).toBeGreaterThan(base1);
    expect(finer.at(-1)).toBe('base 0');
    expect(painted).toEqual([false, false, true]);
    atlas.dispose();
  });
});
