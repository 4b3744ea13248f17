// One texture holding every tile design, so the whole board draws as one instanced mesh
// (each instance picks its design's cell through a per-instance UV offset). It is painted in a
// worker (atlas-worker.ts) so the table's first frame never waits for it: tiles show blank for
// the few hundred ms until it lands. Where workers or OffscreenCanvas are missing, the page paints it.
import * as THREE from 'three';
import { ATLAS_COLUMNS, CELL_PX, GUTTER_PX, atlasSize, paintAtlas } from './atlas-paint';
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
  texture: THREE.Texture;
  scale: number;
  cells: Map<string, AtlasCell>;
  /** Settles once the designs are in the texture; `where` says which path painted them. */
  ready: Promise<{ where: 'worker' | 'page'; paintMs: number }>;
  dispose(): void;
}

/** `onPainted` runs once the texture holds the designs (the table then draws a frame). */
export function createTileAtlas(maxAnisotropy: number, onPainted: () => void = () => {}): TileAtlas {
  const { size, scale, cells } = atlasGeometry();
  const texture = new THREE.Texture();
  texture.colorSpace = THREE.SRGBColorSpace;
  texture.anisotropy = Math.min(8, maxAnisotropy);
  texture.generateMipmaps = true;
  texture.minFilter = THREE.LinearMipmapLinearFilter;
  let disposed = false;
  let worker: Worker | null = null;
  const paintOnPage = () => {
    const t0 = performance.now();
    const canvas = document.createElement('canvas');
    canvas.width = canvas.height = size;
    paintAtlas(canvas.getContext('2d')!);
    return { image: canvas as TexImageSource, flipY: true, where: 'page' as const, paintMs: performance.now() - t0 };
  };
  const painted = new Promise<{ image: TexImageSource; flipY: boolean; where: 'worker' | 'page'; paintMs: number }>((resolve) => {
    if (typeof Worker === 'undefined' || typeof OffscreenCanvas === 'undefined') return resolve(paintOnPage());
    try {
      worker = new Worker(new URL('./atlas-worker.ts', import.meta.url), { type: 'module' });
    } catch {
      return resolve(paintOnPage());
    }
    const fallBack = () => {
      worker?.terminate();
      worker = null;
      resolve(disposed ? { image: new ImageData(1, 1), flipY: true, where: 'page', paintMs: 0 } : paintOnPage());
    };
    worker.onmessage = (e: MessageEvent<AtlasReply>) => {
      worker?.terminate();
      worker = null;
      if ('error' in e.data) return fallBack();
      resolve({ image: e.data.bitmap, flipY: false, where: 'worker', paintMs: e.data.paintMs });
    };
    worker.onerror = (e) => {
      e.preventDefault();
      fallBack();
    };
    worker.postMessage(null);
  });
  const ready = painted.then(({ image, flipY, where, paintMs }) => {
    if (disposed) {
      if (image instanceof ImageBitmap) image.close();
    } else {
      texture.image = image;
      texture.flipY = flipY; // the worker's bitmap is flipped already
      texture.needsUpdate = true;
      onPainted();
    }
    return { where, paintMs };
  });
  return {
    texture,
    scale,
    cells,
    ready,
    dispose: () => {
      disposed = true;
      worker?.terminate();
      if (texture.image instanceof ImageBitmap) texture.image.close();
      texture.dispose();
    },
  };
}
