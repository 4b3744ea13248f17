// One texture holding every tile design, so the whole board draws as one instanced mesh
// (each instance picks its design's cell through a per-instance UV offset).
import * as THREE from 'three';
import { paintTexture } from './canvas-texture';
import { DESIGNS, tileLayout } from './tile-layout';
import { paintTile } from './tile-painter';

export const ATLAS_COLUMNS = 8;
export const CELL_PX = 256;
/** Pixels around each cell copied from its border, so mipmaps do not bleed between designs. */
export const GUTTER_PX = 6;

export interface AtlasCell {
  offsetU: number;
  offsetV: number;
}

/** UV scale and offset of a design's cell (canvas row 0 is the top: textures flip Y). */
export function atlasGeometry(designs: readonly string[] = DESIGNS): { size: number; scale: number; cells: Map<string, AtlasCell> } {
  const rows = Math.ceil(designs.length / ATLAS_COLUMNS);
  const size = CELL_PX * Math.max(ATLAS_COLUMNS, rows);
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
  texture: THREE.CanvasTexture;
  scale: number;
  cells: Map<string, AtlasCell>;
  dispose(): void;
}

export function createTileAtlas(maxAnisotropy: number): TileAtlas {
  const { size, scale, cells } = atlasGeometry();
  const texture = paintTexture(size, size, (ctx, canvas) => {
    const inner = CELL_PX - 2 * GUTTER_PX;
    DESIGNS.forEach((id, i) => {
      const x = (i % ATLAS_COLUMNS) * CELL_PX;
      const y = Math.floor(i / ATLAS_COLUMNS) * CELL_PX;
      const ix = x + GUTTER_PX;
      const iy = y + GUTTER_PX;
      paintTile(ctx, tileLayout(id), ix, iy, inner);
      // stretch the outermost pixels into the gutter
      const g = GUTTER_PX;
      ctx.drawImage(canvas, ix, iy, 1, inner, x, iy, g, inner);
      ctx.drawImage(canvas, ix + inner - 1, iy, 1, inner, ix + inner, iy, g, inner);
      ctx.drawImage(canvas, x, iy, CELL_PX, 1, x, y, CELL_PX, g);
      ctx.drawImage(canvas, x, iy + inner - 1, CELL_PX, 1, x, iy + inner, CELL_PX, g);
    });
  });
  texture.anisotropy = Math.min(8, maxAnisotropy);
  texture.generateMipmaps = true;
  texture.minFilter = THREE.LinearMipmapLinearFilter;
  return { texture, scale, cells, dispose: () => texture.dispose() };
}
