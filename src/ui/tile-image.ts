// A tile design as a picture painted by the table's own painter (src/render/tile-painter.ts),
// so the 2D previews, the home showcase, the rules and the Tiles tab show exactly the tiles
// and faction badges the 3D table shows. Cached per design; null where no 2D canvas exists
// (the SVG drawing of tile-svg.ts is the fallback, with the same badge shapes and colours).
import { tileLayout } from '../render/tile-layout';
import { paintTile } from '../render/tile-painter';

const PX = 192;
const cache = new Map<string, string | null>();

export function tileImage(id: string): string | null {
  if (cache.has(id)) return cache.get(id)!;
  let url: string | null = null;
  try {
    const canvas = document.createElement('canvas');
    canvas.width = PX;
    canvas.height = PX;
    const ctx = canvas.getContext('2d');
    if (ctx && typeof ctx.arc === 'function') {
      paintTile(ctx, tileLayout(id), 0, 0, PX);
      url = canvas.toDataURL('image/png');
      if (!url.startsWith('data:image/png')) url = null;
    }
  } catch {
    url = null;
  }
  cache.set(id, url);
  return url;
}
