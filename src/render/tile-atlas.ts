// One texture holding every tile design, so the whole board draws as one instanced mesh
// (each instance picks its design's cell through a per-instance UV offset). It is painted in a
// worker (atlas-worker.ts), mipmaps and all, started as soon as the player heads to a game
// (prepaintTileAtlas), so it is usually in before the table exists; it goes to the GPU a band at a
// time (uploadInBands), so no task waits long on the GPU process; until it lands, tiles show
// blank. Where workers or OffscreenCanvas are missing, the page paints it.
import * as THREE from 'three';
import { ATLAS_COLUMNS, CELL_PX, GUTTER_PX, atlasSize } from './atlas-paint';
import { prepaintTileAtlas, type PaintedAtlas } from './atlas-pixels';
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
  /** Settles once the designs are in the texture, on the GPU; `where` says which path painted them. */
  ready: Promise<{ where: PaintedAtlas['where']; paintMs: number }>;
  /** True once the designs are in the texture. */
  readonly filled: boolean;
  dispose(): void;
}

export { paintAtlasInWorker, prepaintTileAtlas, type PaintedAtlas } from './atlas-pixels';

/** Bytes of texture data a task hands to the GPU process (2 MB: 18–25 ms of a task on SwiftShader here). */
const BAND_BYTES = 2 << 20;

/**
 * The atlas's texture, its designs uploaded a band of rows at a time, a task each, waiting for the
 * GPU process between bands (`caughtUp`): the whole atlas and its mipmaps (21 MB) in one upload kept
 * the page waiting 180–320 ms on SwiftShader (the transfer buffer full), and mipmaps made there cost
 * the GPU process 200–400 ms more. `onPainted` runs once the texture holds the designs (the table then
 * draws a frame).
 */
export function createTileAtlas(renderer: THREE.WebGLRenderer, caughtUp: () => Promise<void>, onPainted: () => void = () => {}): TileAtlas {
  const { size, scale, cells } = atlasGeometry();
  // Pixels, not an image: WebGL copies an array and goes on, while an ImageBitmap or canvas upload
  // keeps the page waiting on the GPU process (~600 ms for this 2048 px atlas on SwiftShader).
  const texture = new THREE.DataTexture(null, size, size, THREE.RGBAFormat, THREE.UnsignedByteType);
  texture.colorSpace = THREE.SRGBColorSpace;
  texture.anisotropy = Math.min(8, renderer.capabilities.getMaxAnisotropy());
  texture.generateMipmaps = false; // the worker made them
  texture.magFilter = THREE.LinearFilter;
  texture.minFilter = THREE.LinearMipmapLinearFilter;
  let disposed = false;
  let filled = false;
  const ready = prepaintTileAtlas().then(async (p) => {
    if (!disposed) {
      await uploadInBands(renderer, texture, p, caughtUp, () => disposed);
      if (!disposed) {
        filled = true;
        onPainted();
      }
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

/** Three allocates the texture's storage, every level (no data); then each level goes up in bands of rows, a task each. */
async function uploadInBands(
  renderer: THREE.WebGLRenderer,
  texture: THREE.DataTexture,
  painted: PaintedAtlas,
  caughtUp: () => Promise<void>,
  gone: () => boolean,
): Promise<void> {
  const { levels, size } = painted;
  texture.image = { data: levels[0], width: size, height: size };
  texture.mipmaps = levels.map((data, i) => ({ data, width: size >> i, height: size >> i }) as unknown as ImageData);
  texture.source.dataReady = false; // storage only: the bands below fill it
  texture.needsUpdate = true;
  renderer.initTexture(texture);
  const gl = renderer.getContext() as WebGL2RenderingContext;
  const handle = (renderer.properties.get(texture) as { __webglTexture?: WebGLTexture }).__webglTexture;
  if (!handle || gl.isContextLost()) return;
  for (const [level, data] of levels.entries()) {
    const width = size >> level;
    const rows = Math.max(1, Math.floor(BAND_BYTES / (width * 4)));
    for (let y = 0; y < width; y += rows) {
      await caughtUp(); // the band before is in: this copy will not wait for room
      if (gone() || gl.isContextLost()) return;
      const band = Math.min(rows, width - y);
      renderer.state.bindTexture(gl.TEXTURE_2D, handle); // through three's state, which remembers its bindings
      renderer.state.pixelStorei(gl.UNPACK_FLIP_Y_WEBGL, false);
      renderer.state.pixelStorei(gl.UNPACK_PREMULTIPLY_ALPHA_WEBGL, false);
      renderer.state.pixelStorei(gl.UNPACK_ALIGNMENT, 4);
      gl.texSubImage2D(gl.TEXTURE_2D, level, 0, y, width, band, gl.RGBA, gl.UNSIGNED_BYTE, data, y * width * 4);
    }
  }
  texture.source.dataReady = true; // in, and three's record of the upload says so (no second upload)
}
