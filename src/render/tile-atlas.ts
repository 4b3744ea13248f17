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
  /**
   * Settles once the designs are in the texture, on the GPU, at 64 px a cell at least (the mipmap
   * levels from `FIRST_LEVEL` down; the finer ones follow); `where` says which path painted them.
   */
  ready: Promise<{ where: PaintedAtlas['where']; paintMs: number }>;
  /** True once the designs are in the texture (`ready`). */
  readonly filled: boolean;
  /** True once every level is in, the full 256 px a cell. */
  readonly sharp: boolean;
  dispose(): void;
}

export { paintAtlasInWorker, prepaintTileAtlas, type PaintedAtlas } from './atlas-pixels';

/** Bytes of texture data a task hands to the GPU process (2 MB: 18–25 ms of a task on SwiftShader here). */
const BAND_BYTES = 2 << 20;

/**
 * The mipmap level that goes up first, with every smaller one, in one band (512 px: 64 px a cell,
 * 1.4 MB): the board draws its designs from it while the finer levels follow, each in use once in
 * (TEXTURE_BASE_LEVEL). All at once, the atlas took 20 bands, each waiting on a GPU process the
 * other pages keep busy: 0.8–1.8 s from painted to drawn on the page that joined last.
 */
const FIRST_LEVEL = 2;

/**
 * The atlas's texture, its designs uploaded a band of rows at a time, a task each, waiting for the
 * GPU process between bands (`caughtUp`): the whole atlas and its mipmaps (21 MB) in one upload kept
 * the page waiting 180–320 ms on SwiftShader (the transfer buffer full), and mipmaps made there cost
 * the GPU process 200–400 ms more. The coarse levels go first (`FIRST_LEVEL`), the finer ones once
 * `finer` settles (the table's first frame: until then the GPU process has the table's own
 * preparation to do). `onPainted` runs once the texture holds the designs and again as each finer
 * level comes in (the table draws a frame).
 */
export function createTileAtlas(
  renderer: THREE.WebGLRenderer,
  caughtUp: () => Promise<void>,
  onPainted: () => void = () => {},
  finer: Promise<unknown> = Promise.resolve(),
): TileAtlas {
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
  let sharp = false;
  const ready = prepaintTileAtlas().then(
    (p) =>
      new Promise<{ where: PaintedAtlas['where']; paintMs: number }>((resolve, reject) => {
        const done = () => resolve({ where: p.where, paintMs: p.paintMs });
        if (disposed) return done();
        const inUse = (level: number) => {
          if (disposed) return;
          if (!filled) globalThis.performance?.mark?.('atlas: designs in');
          filled = true;
          sharp = level === 0;
          onPainted();
          done();
        };
        uploadInBands(renderer, texture, p, caughtUp, () => disposed, inUse, finer).then(done, reject);
      }),
  );
  return {
    texture,
    scale,
    cells,
    ready,
    get filled() {
      return filled;
    },
    get sharp() {
      return sharp;
    },
    dispose: () => {
      disposed = true;
      texture.dispose();
    },
  };
}

/** Rows `y` … `y + rows − 1` of mipmap `level`. */
export interface BandPiece {
  level: number;
  y: number;
  rows: number;
}

/**
 * The order the atlas's `count` levels (`size` px square, then halves) go up in: first
 * `FIRST_LEVEL` with every smaller level in one band, then each finer level in bands of up to
 * BAND_BYTES of rows; a step's `level` is in use once its bands are in.
 */
export function uploadPlan(size: number, count: number): { level: number; bands: BandPiece[][] }[] {
  const first = Math.min(FIRST_LEVEL, count - 1);
  const steps = [
    { level: first, bands: [Array.from({ length: count - first }, (_, i) => ({ level: first + i, y: 0, rows: size >> (first + i) }))] },
  ];
  for (let level = first - 1; level >= 0; level--) {
    const width = size >> level;
    const rows = Math.max(1, Math.floor(BAND_BYTES / (width * 4)));
    const bands: BandPiece[][] = [];
    for (let y = 0; y < width; y += rows) bands.push([{ level, y, rows: Math.min(rows, width - y) }]);
    steps.push({ level, bands });
  }
  return steps;
}

/**
 * Three allocates the texture's storage, every level (no data); then the levels go up coarse to
 * fine in bands of rows, a task each: `FIRST_LEVEL` and every smaller one in one band, then each
 * finer level once `finer` has settled. `inUse(level)` once a level and all below it are in: the
 * texture samples from it on (TEXTURE_BASE_LEVEL), and from level 0 at the end.
 */
async function uploadInBands(
  renderer: THREE.WebGLRenderer,
  texture: THREE.DataTexture,
  painted: PaintedAtlas,
  caughtUp: () => Promise<void>,
  gone: () => boolean,
  inUse: (level: number) => void,
  finer: Promise<unknown>,
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
  const bind = () => renderer.state.bindTexture(gl.TEXTURE_2D, handle); // through three's state, which remembers its bindings
  const steps = uploadPlan(size, levels.length);
  const first = steps[0].level;
  for (const step of steps) {
    if (step.level < first) await finer;
    for (const band of step.bands) {
      await caughtUp(); // the band before is in: this copy will not wait for room
      if (gone() || gl.isContextLost()) return;
      bind();
      renderer.state.pixelStorei(gl.UNPACK_FLIP_Y_WEBGL, false);
      renderer.state.pixelStorei(gl.UNPACK_PREMULTIPLY_ALPHA_WEBGL, false);
      renderer.state.pixelStorei(gl.UNPACK_ALIGNMENT, 4);
      for (const { level, y, rows } of band) {
        const width = size >> level;
        gl.texSubImage2D(gl.TEXTURE_2D, level, 0, y, width, rows, gl.RGBA, gl.UNSIGNED_BYTE, levels[level], y * width * 4);
      }
    }
    bind();
    gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_BASE_LEVEL, step.level);
    if (step.level === 0) texture.source.dataReady = true; // in, and three's record of the upload says so (no second upload)
    inUse(step.level);
  }
}
