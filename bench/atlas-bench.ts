// Dev page for bench/atlas.ts: builds the tile atlas each way the table could get it and reports
// the main thread's cost of each (wall time until the pixels are usable, longest task seen).
// Exposes window.atlasBench for the driver.
import { ATLAS_COLUMNS, CELL_PX, GUTTER_PX, atlasSize, cellOrigin, paintAtlas } from '../src/render/atlas-paint';
import * as THREE from 'three';
import { gpuCaughtUp } from '../src/render/gpu-ready';
import { createTileAtlas, paintAtlasInWorker, prepaintTileAtlas } from '../src/render/tile-atlas';
import { DESIGNS, tileLayout } from '../src/render/tile-layout';
import { paintTile } from '../src/render/tile-painter';

/** Runs `build` on a later task while a 5 ms heartbeat measures the longest stretch the main thread was busy. */
async function timed(build: () => Promise<unknown> | unknown): Promise<{ ms: number; longestTaskMs: number }> {
  let longest = 0;
  let last = performance.now();
  const beat = setInterval(() => {
    const now = performance.now();
    longest = Math.max(longest, now - last);
    last = now;
  }, 5);
  await new Promise((r) => setTimeout(r, 30));
  const t0 = performance.now();
  await new Promise((r) => setTimeout(r, 0));
  await build();
  const ms = performance.now() - t0;
  await new Promise((r) => setTimeout(r, 30));
  clearInterval(beat);
  return { ms, longestTaskMs: longest };
}

function canvas(size: number): HTMLCanvasElement {
  return Object.assign(document.createElement('canvas'), { width: size, height: size });
}

/** The atlas as painted before: each gutter a drawImage of the atlas onto itself. */
function paintWithSelfCopies(): HTMLCanvasElement {
  const c = canvas(atlasSize(DESIGNS.length));
  const ctx = c.getContext('2d')!;
  const inner = CELL_PX - 2 * GUTTER_PX;
  const g = GUTTER_PX;
  DESIGNS.forEach((id, i) => {
    const { x, y } = cellOrigin(i);
    const ix = x + g;
    const iy = y + g;
    paintTile(ctx, tileLayout(id), ix, iy, inner);
    ctx.drawImage(c, ix, iy, 1, inner, x, iy, g, inner);
    ctx.drawImage(c, ix + inner - 1, iy, 1, inner, ix + inner, iy, g, inner);
    ctx.drawImage(c, x, iy, CELL_PX, 1, x, y, CELL_PX, g);
    ctx.drawImage(c, x, iy + inner - 1, CELL_PX, 1, x, iy + inner, CELL_PX, g);
  });
  c.getContext('2d')!.getImageData(0, 0, 1, 1); // flush
  return c;
}

function paintOnPage(): HTMLCanvasElement {
  const c = canvas(atlasSize(DESIGNS.length));
  paintAtlas(c.getContext('2d')!);
  return c;
}

/** A baked or cached atlas: the encoded image decoded off the main thread (createImageBitmap of a Blob). */
let encoded: Record<string, Blob> = {};
async function encode(): Promise<Record<string, number>> {
  const c = paintOnPage();
  const blob = (type: string, q?: number) => new Promise<Blob>((r) => c.toBlob((b) => r(b!), type, q));
  encoded = { png: await blob('image/png'), webp: await blob('image/webp', 0.9) };
  return Object.fromEntries(Object.entries(encoded).map(([k, b]) => [k, b.size]));
}

/** The worker's pixels (bottom row first) back on a canvas, top row first. */
function unflipped(pixels: Uint8Array<ArrayBuffer>, size: number): HTMLCanvasElement {
  const raw = canvas(size);
  raw.getContext('2d')!.putImageData(new ImageData(new Uint8ClampedArray(pixels.buffer), size, size), 0, 0);
  const c = canvas(size);
  const ctx = c.getContext('2d')!;
  ctx.setTransform(1, 0, 0, -1, 0, size);
  ctx.drawImage(raw, 0, 0);
  return c;
}

/** Pixels of a few cells (`gutters`: whole cells, else their inner part) for comparing two paints. */
function cellPixels(source: HTMLCanvasElement, indices: number[], gutters: boolean): number[][] {
  const ctx = source.getContext('2d')!;
  return indices.map((i) => {
    const { x, y } = cellOrigin(i);
    const g = gutters ? 0 : GUTTER_PX;
    return [...ctx.getImageData(x + g, y + g, CELL_PX - 2 * g, CELL_PX - 2 * g).data];
  });
}

/** Channel differences between the worker's atlas and the page's old self-copy paint, a few cells. */
async function compareWorkerToOldPaint(indices: number[], gutters: boolean): Promise<{ maxDiff: number; meanDiff: number; cells: number }> {
  const painted = (await paintAtlasInWorker({ fresh: true }))!;
  const a = cellPixels(unflipped(painted.levels[0], painted.size), indices, gutters);
  const b = cellPixels(paintWithSelfCopies(), indices, gutters);
  let maxDiff = 0;
  let sum = 0;
  let n = 0;
  a.forEach((cell, k) =>
    cell.forEach((v, j) => {
      const d = Math.abs(v - b[k][j]);
      maxDiff = Math.max(maxDiff, d);
      sum += d;
      n++;
    }),
  );
  return { maxDiff, meanDiff: sum / n, cells: indices.length };
}

/** Uploads the atlas to a WebGL texture with mipmaps, from the page's canvas or from the worker's pixels, until the GPU has it. */
let gl: WebGL2RenderingContext | null = null;
let sources: { canvas: HTMLCanvasElement; pixels: Uint8Array<ArrayBuffer>; size: number } | null = null;
async function prepareUpload(): Promise<void> {
  const p = await prepaintTileAtlas(); // the same pixels the table takes (and the banded upload below)
  sources = { canvas: paintOnPage(), pixels: p.levels[0], size: p.size };
  gl = canvas(4).getContext('webgl2')!;
}
async function upload(kind: 'canvas' | 'pixels'): Promise<void> {
  const g = gl!;
  const { size } = sources!;
  const tex = g.createTexture();
  g.bindTexture(g.TEXTURE_2D, tex);
  if (kind === 'canvas') g.texImage2D(g.TEXTURE_2D, 0, g.SRGB8_ALPHA8, g.RGBA, g.UNSIGNED_BYTE, sources!.canvas);
  else g.texImage2D(g.TEXTURE_2D, 0, g.SRGB8_ALPHA8, size, size, 0, g.RGBA, g.UNSIGNED_BYTE, sources!.pixels);
  g.generateMipmap(g.TEXTURE_2D);
  await fenced(g);
  g.deleteTexture(tex);
}
/** The table's path before: three uploads the whole atlas in one task, and the GPU makes the mipmaps. */
async function uploadWhole(): Promise<void> {
  const renderer = new THREE.WebGLRenderer({ canvas: canvas(4) });
  const { size } = sources!;
  const texture = new THREE.DataTexture(sources!.pixels, size, size, THREE.RGBAFormat, THREE.UnsignedByteType);
  texture.colorSpace = THREE.SRGBColorSpace;
  texture.generateMipmaps = true;
  texture.minFilter = THREE.LinearMipmapLinearFilter;
  texture.needsUpdate = true;
  renderer.initTexture(texture);
  await fenced(renderer.getContext() as WebGL2RenderingContext);
  texture.dispose();
  renderer.dispose();
  renderer.forceContextLoss();
}
/** The table's own path (tile-atlas.ts): the worker's levels in bands of rows, a task each, through three. */
async function uploadInBands(): Promise<void> {
  const renderer = new THREE.WebGLRenderer({ canvas: canvas(4) });
  const atlas = createTileAtlas(renderer, () => gpuCaughtUp(renderer, () => false));
  await atlas.ready;
  await fenced(renderer.getContext() as WebGL2RenderingContext);
  atlas.dispose();
  renderer.dispose();
  renderer.forceContextLoss();
}
async function fenced(g: WebGL2RenderingContext): Promise<void> {
  const sync = g.fenceSync(g.SYNC_GPU_COMMANDS_COMPLETE, 0)!;
  g.flush();
  while (g.getSyncParameter(sync, g.SYNC_STATUS) !== g.SIGNALED) await new Promise((r) => setTimeout(r, 2));
  g.deleteSync(sync);
}

Object.assign(window, {
  atlasBench: {
    designs: DESIGNS.length,
    columns: ATLAS_COLUMNS,
    selfCopies: () => timed(paintWithSelfCopies),
    page: () => timed(paintOnPage),
    worker: () => timed(() => paintAtlasInWorker({ fresh: true })),
    cached: () => timed(() => paintAtlasInWorker()),
    encode,
    decode: (kind: string) => timed(() => createImageBitmap(encoded[kind], { imageOrientation: 'flipY' })),
    compareWorkerToOldPaint,
    prepareUpload,
    upload: (kind: 'canvas' | 'pixels') => timed(() => upload(kind)),
    whole: () => timed(uploadWhole),
    bands: () => timed(uploadInBands),
  },
});
document.title = 'ready';
