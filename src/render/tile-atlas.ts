// One texture holding every tile design, so the whole board draws as one instanced mesh
// (each instance picks its design's cell through a per-instance UV offset). It is painted in a
// worker (atlas-worker.ts), started as soon as the player heads to a game (prepaintTileAtlas), so
// it is usually in before the table exists and never blocks a frame; until it lands, tiles show
// blank. Where workers or OffscreenCanvas are missing, the page paints it.
import * as THREE from 'three';
import { ATLAS_COLUMNS, CELL_PX, GUTTER_PX, atlasSize, flippedPixels, paintAtlas } from './atlas-paint';
import type { AtlasReply } from './atlas-worker';
import { DESIGNS } from './tile-layout';

export { ATLAS_COLUMNS, CELL_PX, GUTTER_PX };

export interface AtlasCell {
  offsetU: number;
  offsetV: number;
}

/** UV scale and offset of a design's cell (canvas row 0 is the top: textures flip Y). */
export function atlasGeometry(designs: readonly string[] = DESIGNS): { size: number; scale: number; cells: Map<string, AtlasCell> } {
  const size = atlasSize(designs.length);
  const inner = CELL_PX - 2 * GUTTER_PX;
  const cells = new Map<string, AtlasCell>();
  designs.forEach((id, i) => {
    const col = i % ATLAS_COLUMNS;
    const row = Math.floor(i / ATLAS_COLUMNS);
    cells.set(id, { offsetU: (col * CELL_PX + GUTTER_PX) / size, offsetV: 1 - (row * CELL_PX + GUTTER_PX + inner) / size });
  });
  return { size, scale: inner / size, cells };
}

export interface TileAtlas {
  texture: THREE.DataTexture;
  scale: number;
  cells: Map<string, AtlasCell>;
  /** Settles once the designs are in the texture; `where` says which path painted them. */
  ready: Promise<{ where: 'worker' | 'page'; paintMs: number }>;
  /** True once the designs are in the texture. */
  readonly filled: boolean;
  dispose(): void;
}

export interface PaintedAtlas {
  /** RGBA rows, bottom row first (as WebGL reads them). */
  pixels: Uint8Array<ArrayBuffer>;
  size: number;
  where: 'worker' | 'page';
  paintMs: number;
}

/** The atlas painted in a worker; null where no worker or OffscreenCanvas can paint it (the page does then). */
export function paintAtlasInWorker(): Promise<PaintedAtlas | null> {
  if (typeof Worker === 'undefined' || typeof OffscreenCanvas === 'undefined') return Promise.resolve(null);
  let worker: Worker;
  try {
    worker = new Worker(new URL('./atlas-worker.ts', import.meta.url), { type: 'module' });
  } catch {
    return Promise.resolve(null);
  }
  return new Promise((resolve) => {
    worker.onmessage = (e: MessageEvent<AtlasReply>) => {
      worker.terminate();
      const r = e.data;
      resolve('error' in r ? null : { pixels: r.pixels, size: r.size, where: 'worker', paintMs: r.paintMs });
    };
    worker.onerror = (e) => {
      e.preventDefault();
      worker.terminate();
      resolve(null);
    };
    worker.postMessage(null);
  });
}

function paintAtlasOnPage(): PaintedAtlas {
  const t0 = performance.now();
  const size = atlasSize(DESIGNS.length);
  const canvas = document.createElement('canvas');
  canvas.width = canvas.height = size;
  const pixels = flippedPixels(paintAtlas(canvas.getContext('2d', { willReadFrequently: true })!), size);
  return { pixels, size, where: 'page', paintMs: performance.now() - t0 };
}

/** The atlas of this page, painted once: every table takes the same pixels. */
let painted: Promise<PaintedAtlas> | null = null;

/** Starts painting the atlas now (lazy-tabletop.ts, when the player heads to a game), for the tables to take. */
export function prepaintTileAtlas(): Promise<PaintedAtlas> {
  painted ??= paintAtlasInWorker().then((p) => p ?? paintAtlasOnPage());
  return painted;
}

/** `onPainted` runs once the texture holds the designs (the table then draws a frame). */
export function createTileAtlas(maxAnisotropy: number, onPainted: () => void = () => {}): TileAtlas {
  const { size, scale, cells } = atlasGeometry();
  // Pixels, not an image: WebGL copies an array and goes on, while an ImageBitmap or canvas upload
  // keeps the page waiting on the GPU process (~600 ms for this 2048 px atlas on SwiftShader).
  const texture = new THREE.DataTexture(null, size, size, THREE.RGBAFormat, THREE.UnsignedByteType);
  texture.colorSpace = THREE.SRGBColorSpace;
  texture.anisotropy = Math.min(8, maxAnisotropy);
  texture.generateMipmaps = true;
  texture.magFilter = THREE.LinearFilter;
  texture.minFilter = THREE.LinearMipmapLinearFilter;
  let disposed = false;
  let filled = false;
  const ready = prepaintTileAtlas().then((p) => {
    if (!disposed) {
      texture.image = { data: p.pixels, width: p.size, height: p.size };
      texture.needsUpdate = true;
      filled = true;
      onPainted();
    }
    return { where: p.where, paintMs: p.paintMs };
  });
  return {
    texture,
    scale,
    cells,
    ready,
    get filled() {
      return filled;
    },
    dispose: () => {
      disposed = true;
      texture.dispose();
    },
  };
}
