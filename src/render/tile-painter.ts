// Paints one tile design procedurally onto a 2D canvas from its layout (docs/tiles.md
// "Drawing the tiles": starfield space, luminous route lanes, rocky fields, a planet and
// a badge per faction symbol). No artwork is copied; everything comes from the tile data.
import type { Faction } from '../engine';
import { BADGE_RADIUS, type Pt, type TileLayout } from './tile-layout';
import { FACTION_STYLE, ROUTE_CORE, ROUTE_GLOW, planetColour } from './palette';
import { SeededRandom } from '../fair/mulberry32';

type Ctx = CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D;

/** Paints `layout` into the square (ox, oy, size) of ctx. */
export function paintTile(ctx: Ctx, layout: TileLayout, ox: number, oy: number, size: number): void {
  const rnd = new SeededRandom(layout.id);
  const X = (p: Pt) => ox + p.u * size;
  const Y = (p: Pt) => oy + p.v * size;
  ctx.save();
  ctx.beginPath();
  ctx.rect(ox, oy, size, size);
  ctx.clip();
  paintSpace(ctx, rnd, ox, oy, size);

  // routes under fields and planet: a one-edge route then visibly ends at them (R7.1)
  for (const route of layout.routes) {
    const path = () => {
      ctx.beginPath();
      route.points.forEach((p, i) => (i ? ctx.lineTo(X(p), Y(p)) : ctx.moveTo(X(p), Y(p))));
    };
    ctx.lineCap = 'round';
    ctx.lineJoin = 'round';
    for (const [w, a] of [
      [0.2, 0.08],
      [0.13, 0.16],
      [0.085, 0.35],
    ] as const) {
      path();
      ctx.strokeStyle = withAlpha(ROUTE_GLOW, a);
      ctx.lineWidth = w * size;
      ctx.stroke();
    }
    path();
    ctx.strokeStyle = ROUTE_GLOW;
    ctx.lineWidth = 0.05 * size;
    ctx.stroke();
    path();
    ctx.strokeStyle = ROUTE_CORE;
    ctx.lineWidth = 0.018 * size;
    ctx.setLineDash([0.05 * size, 0.035 * size]);
    ctx.stroke();
    ctx.setLineDash([]);
  }
  for (const hub of layout.hubs) paintHub(ctx, X(hub), Y(hub), size);

  for (const field of layout.fields) paintField(ctx, field.polygon, field.onBorder, rnd, X, Y, size);

  if (layout.planet) {
    const c = planetColour(layout.id);
    const cx = X(layout.planet.at);
    const cy = Y(layout.planet.at);
    const r = layout.planet.radius * size;
    const halo = ctx.createRadialGradient(cx, cy, r * 0.8, cx, cy, r * 1.9);
    halo.addColorStop(0, `hsla(${c.hue},80%,70%,0.55)`);
    halo.addColorStop(1, `hsla(${c.hue},80%,60%,0)`);
    ctx.fillStyle = halo;
    ctx.fillRect(cx - r * 2, cy - r * 2, r * 4, r * 4);
    const disc = ctx.createRadialGradient(cx - r * 0.35, cy - r * 0.35, r * 0.1, cx, cy, r);
    disc.addColorStop(0, `hsl(${c.hue},${c.sat * 100}%,${c.light * 100 + 15}%)`);
    disc.addColorStop(1, `hsl(${c.hue},${c.sat * 100}%,${c.light * 45}%)`);
    ctx.fillStyle = disc;
    ctx.beginPath();
    ctx.arc(cx, cy, r, 0, Math.PI * 2);
    ctx.fill();
  }

  for (const badge of layout.badges) paintBadge(ctx, badge.faction, X(badge.at), Y(badge.at), BADGE_RADIUS * size);

  // a faint bevel so neighbouring tiles read as separate squares
  ctx.strokeStyle = 'rgba(190,210,255,0.18)';
  ctx.lineWidth = Math.max(1, size * 0.008);
  ctx.strokeRect(ox + ctx.lineWidth / 2, oy + ctx.lineWidth / 2, size - ctx.lineWidth, size - ctx.lineWidth);
  ctx.restore();
}

function withAlpha(hex: string, a: number): string {
  const n = parseInt(hex.slice(1), 16);
  return `rgba(${n >> 16},${(n >> 8) & 255},${n & 255},${a})`;
}

function paintSpace(ctx: Ctx, rnd: SeededRandom, ox: number, oy: number, size: number): void {
  ctx.fillStyle = '#070b1c';
  ctx.fillRect(ox, oy, size, size);
  // a faint nebula wisp, different per design
  const nx = ox + rnd.range(0.1, 0.9) * size;
  const ny = oy + rnd.range(0.1, 0.9) * size;
  const hue = [220, 260, 290, 200, 180][Math.floor(rnd.next() * 5)];
  const neb = ctx.createRadialGradient(nx, ny, 0, nx, ny, size * 0.7);
  neb.addColorStop(0, `hsla(${hue},70%,35%,0.28)`);
  neb.addColorStop(1, `hsla(${hue},70%,20%,0)`);
  ctx.fillStyle = neb;
  ctx.fillRect(ox, oy, size, size);
  for (let i = 0; i < 70; i++) {
    const x = ox + rnd.next() * size;
    const y = oy + rnd.next() * size;
    const b = rnd.next();
    const r = (b > 0.93 ? 1.6 : b > 0.7 ? 1.0 : 0.6) * (size / 256);
    ctx.fillStyle = `rgba(${200 + Math.floor(rnd.next() * 55)},${210 + Math.floor(rnd.next() * 45)},255,${0.35 + b * 0.65})`;
    ctx.beginPath();
    ctx.arc(x, y, r, 0, Math.PI * 2);
    ctx.fill();
  }
}

function paintHub(ctx: Ctx, x: number, y: number, size: number): void {
  const r = 0.065 * size;
  const g = ctx.createRadialGradient(x, y, 0, x, y, r * 2.2);
  g.addColorStop(0, withAlpha(ROUTE_GLOW, 0.7));
  g.addColorStop(1, withAlpha(ROUTE_GLOW, 0));
  ctx.fillStyle = g;
  ctx.beginPath();
  ctx.arc(x, y, r * 2.2, 0, Math.PI * 2);
  ctx.fill();
  ctx.fillStyle = '#0d2a3a';
  ctx.strokeStyle = ROUTE_CORE;
  ctx.lineWidth = 0.018 * size;
  ctx.beginPath();
  ctx.arc(x, y, r, 0, Math.PI * 2);
  ctx.fill();
  ctx.stroke();
  ctx.fillStyle = ROUTE_GLOW;
  ctx.beginPath();
  ctx.arc(x, y, r * 0.4, 0, Math.PI * 2);
  ctx.fill();
}

function paintField(
  ctx: Ctx,
  poly: Pt[],
  onBorder: boolean[],
  rnd: SeededRandom,
  X: (p: Pt) => number,
  Y: (p: Pt) => number,
  size: number,
): void {
  const trace = () => {
    ctx.beginPath();
    poly.forEach((p, i) => (i ? ctx.lineTo(X(p), Y(p)) : ctx.moveTo(X(p), Y(p))));
    ctx.closePath();
  };
  ctx.save();
  trace();
  ctx.clip();
  let minU = 1,
    minV = 1,
    maxU = 0,
    maxV = 0;
  for (const p of poly) {
    minU = Math.min(minU, p.u);
    maxU = Math.max(maxU, p.u);
    minV = Math.min(minV, p.v);
    maxV = Math.max(maxV, p.v);
  }
  const base = ctx.createLinearGradient(X({ u: minU, v: minV }), Y({ u: minU, v: minV }), X({ u: maxU, v: maxV }), Y({ u: maxU, v: maxV }));
  base.addColorStop(0, '#5a4a3c');
  base.addColorStop(1, '#352b24');
  ctx.fillStyle = base;
  ctx.fillRect(X({ u: minU, v: 0 }), Y({ u: 0, v: minV }), (maxU - minU) * size, (maxV - minV) * size);
  // dust speckle, then rocks from large to small so small ones sit on top
  for (let i = 0; i < 120; i++) {
    ctx.fillStyle = `rgba(${150 + Math.floor(rnd.next() * 60)},${120 + Math.floor(rnd.next() * 50)},90,${0.15 + rnd.next() * 0.2})`;
    ctx.fillRect(X({ u: rnd.range(minU, maxU), v: 0 }), Y({ u: 0, v: rnd.range(minV, maxV) }), size / 200, size / 200);
  }
  const area = (maxU - minU) * (maxV - minV);
  const count = Math.round(28 + area * 70);
  for (let i = 0; i < count; i++) {
    const u = rnd.range(minU - 0.02, maxU + 0.02);
    const v = rnd.range(minV - 0.02, maxV + 0.02);
    const r = (0.018 + Math.pow(rnd.next(), 2.2) * 0.06) * size * (1 - (i / count) * 0.5);
    paintRock(ctx, rnd, X({ u, v: 0 }), Y({ u: 0, v }), r);
  }
  ctx.restore();
  // a dark gap plus a pale rim on the inner boundary: separate fields stay visibly separate
  ctx.lineCap = 'round';
  for (const [w, colour] of [
    [0.03, 'rgba(5,8,20,0.95)'],
    [0.01, 'rgba(225,190,140,0.8)'],
  ] as const) {
    ctx.strokeStyle = colour;
    ctx.lineWidth = w * size;
    ctx.beginPath();
    for (let i = 0; i < poly.length; i++) {
      if (onBorder[i]) continue;
      const a = poly[i];
      const b = poly[(i + 1) % poly.length];
      ctx.moveTo(X(a), Y(a));
      ctx.lineTo(X(b), Y(b));
    }
    ctx.stroke();
  }
}

function paintRock(ctx: Ctx, rnd: SeededRandom, x: number, y: number, r: number): void {
  const n = 6 + Math.floor(rnd.next() * 4);
  const tone = 70 + Math.floor(rnd.next() * 70);
  const warm = Math.floor(rnd.next() * 25);
  ctx.beginPath();
  for (let i = 0; i < n; i++) {
    const a = (i / n) * Math.PI * 2;
    const rr = r * (0.7 + rnd.next() * 0.35);
    const px = x + Math.cos(a) * rr;
    const py = y + Math.sin(a) * rr * 0.85;
    i ? ctx.lineTo(px, py) : ctx.moveTo(px, py);
  }
  ctx.closePath();
  const g = ctx.createRadialGradient(x - r * 0.35, y - r * 0.4, r * 0.1, x, y, r * 1.1);
  g.addColorStop(0, `rgb(${tone + 70 + warm},${tone + 55},${tone + 40})`);
  g.addColorStop(0.6, `rgb(${tone + warm},${tone - 8},${tone - 20})`);
  g.addColorStop(1, `rgb(${Math.floor(tone * 0.45)},${Math.floor(tone * 0.4)},${Math.floor(tone * 0.38)})`);
  ctx.fillStyle = g;
  ctx.fill();
  ctx.strokeStyle = 'rgba(20,14,10,0.6)';
  ctx.lineWidth = Math.max(0.5, r * 0.08);
  ctx.stroke();
}

/** Badges read in any rotation: Rebel a circle with a starburst, Empire a hexagon with a
    cog wheel, Bounty Hunters a diamond with a crosshair (shape and colour both differ). */
export function paintBadge(ctx: Ctx, faction: Faction, x: number, y: number, r: number): void {
  const style = FACTION_STYLE[faction];
  ctx.save();
  ctx.shadowColor = 'rgba(0,0,0,0.8)';
  ctx.shadowBlur = r * 0.5;
  ctx.beginPath();
  if (faction === 'Rebel') ctx.arc(x, y, r, 0, Math.PI * 2);
  else if (faction === 'Empire') polygon(ctx, x, y, r * 1.08, 6, 0);
  else polygon(ctx, x, y, r * 1.25, 4, 0);
  ctx.fillStyle = style.fill;
  ctx.fill();
  ctx.shadowBlur = 0;
  ctx.lineWidth = r * 0.16;
  ctx.strokeStyle = 'rgba(255,255,255,0.9)';
  ctx.stroke();
  ctx.fillStyle = style.ink;
  ctx.strokeStyle = style.ink;
  if (faction === 'Rebel') {
    // eight-point starburst
    ctx.beginPath();
    for (let i = 0; i < 16; i++) {
      const a = (i / 16) * Math.PI * 2 - Math.PI / 2;
      const rr = i % 2 ? r * 0.28 : r * 0.68;
      const px = x + Math.cos(a) * rr;
      const py = y + Math.sin(a) * rr;
      i ? ctx.lineTo(px, py) : ctx.moveTo(px, py);
    }
    ctx.closePath();
    ctx.fill();
  } else if (faction === 'Empire') {
    // a cog wheel: ring, hub and six spokes
    ctx.lineWidth = r * 0.16;
    ctx.beginPath();
    ctx.arc(x, y, r * 0.6, 0, Math.PI * 2);
    ctx.stroke();
    ctx.beginPath();
    for (let i = 0; i < 6; i++) {
      const a = (i / 6) * Math.PI * 2;
      ctx.moveTo(x + Math.cos(a) * r * 0.2, y + Math.sin(a) * r * 0.2);
      ctx.lineTo(x + Math.cos(a) * r * 0.6, y + Math.sin(a) * r * 0.6);
    }
    ctx.stroke();
    ctx.beginPath();
    ctx.arc(x, y, r * 0.2, 0, Math.PI * 2);
    ctx.fill();
  } else {
    // crosshair: ring and a cross
    ctx.lineWidth = r * 0.15;
    ctx.beginPath();
    ctx.arc(x, y, r * 0.45, 0, Math.PI * 2);
    ctx.moveTo(x - r * 0.75, y);
    ctx.lineTo(x + r * 0.75, y);
    ctx.moveTo(x, y - r * 0.75);
    ctx.lineTo(x, y + r * 0.75);
    ctx.stroke();
  }
  ctx.restore();
}

function polygon(ctx: Ctx, x: number, y: number, r: number, n: number, turn: number): void {
  for (let i = 0; i < n; i++) {
    const a = turn + (i / n) * Math.PI * 2 - Math.PI / 2;
    const px = x + Math.cos(a) * r;
    const py = y + Math.sin(a) * r;
    i ? ctx.lineTo(px, py) : ctx.moveTo(px, py);
  }
  ctx.closePath();
}
