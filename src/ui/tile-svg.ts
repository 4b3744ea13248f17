// Draws a tile procedurally from its data (docs/tiles.md "Drawing the tiles"): a starfield for
// space, a luminous lane for each route, a rocky belt for each asteroid field, a sphere
// for the planet and a badge per faction symbol. Printed orientation; callers rotate it.
import { svg, type SVGTemplateResult } from 'lit';
import { tileDef, type Faction } from '../engine';
import type { SegmentDef } from '../engine/tiles';
import { FACTION_STYLE } from '../render/palette';
import { BADGE_RADIUS, tileLayout } from '../render/tile-layout';

const SIZE = 100;
const MID: [number, number][] = [
  [50, 0],
  [100, 50],
  [50, 100],
  [0, 50],
]; // N E S W edge midpoints
/** Outer and inner corners of the asteroid band along each edge. */
const BAND: [number, number][][] = [
  [
    [0, 0],
    [100, 0],
    [78, 24],
    [22, 24],
  ],
  [
    [100, 0],
    [100, 100],
    [76, 78],
    [76, 22],
  ],
  [
    [100, 100],
    [0, 100],
    [22, 76],
    [78, 76],
  ],
  [
    [0, 100],
    [0, 0],
    [24, 22],
    [24, 78],
  ],
];

function hashOf(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619) >>> 0;
  return h;
}

/** A few stars at positions fixed by the tile id (the same tile always looks the same). */
function stars(id: string): SVGTemplateResult[] {
  let h = hashOf(id);
  const out: SVGTemplateResult[] = [];
  for (let i = 0; i < 14; i++) {
    h = Math.imul(h ^ (h >>> 15), 2246822519) >>> 0;
    const x = 4 + (h % 92);
    const y = 4 + ((h >>> 8) % 92);
    const r = 0.5 + ((h >>> 16) % 3) * 0.35;
    out.push(svg`<circle cx=${x} cy=${y} r=${r} fill="#dfe7ff" opacity=${0.35 + ((h >>> 20) % 5) * 0.12}></circle>`);
  }
  return out;
}

function points(list: [number, number][]): string {
  return list.map(([x, y]) => `${x},${y}`).join(' ');
}

function field(seg: SegmentDef): SVGTemplateResult {
  const bands = seg.edges.map((d) => svg`<polygon points=${points(BAND[d])}></polygon>`);
  // Several edges of one field are joined through the middle of the tile.
  const inner =
    seg.edges.length > 1
      ? svg`<polygon points=${points(seg.edges.flatMap((d) => [BAND[d][2], BAND[d][3]]).concat(seg.edges.length === 2 ? [[50, 50]] : []))}></polygon>`
      : null;
  const rocks = seg.edges.map((d) => {
    const [[x0, y0], [x1, y1], [x2, y2]] = BAND[d];
    const cx = (x0 + x1 + x2) / 3;
    const cy = (y0 + y1 + y2) / 3;
    return svg`<circle cx=${(cx + 50) / 2 + (cx - 50) * 0.35} cy=${(cy + 50) / 2 + (cy - 50) * 0.35} r="3.2" class="rock"></circle>
      <circle cx=${(cx * 3 + 50) / 4 + 8} cy=${(cy * 3 + 50) / 4 - 4} r="2.2" class="rock"></circle>`;
  });
  return svg`<g class="field" fill="url(#sw-rock)" stroke="none">${bands}${inner}</g><g fill="#4a3526">${rocks}</g>`;
}

function route(seg: SegmentDef, hasPlanet: boolean): SVGTemplateResult {
  const ends = seg.edges.map((d) => MID[d]);
  let d: string;
  if (ends.length === 2) d = `M${ends[0][0]},${ends[0][1]} Q50,50 ${ends[1][0]},${ends[1][1]}`;
  else {
    // A route that ends inside the tile stops at the planet's rim or at a hub.
    const [x, y] = ends[0];
    const stop = hasPlanet ? 0.58 : 0.86;
    d = `M${x},${y} L${x + (50 - x) * stop},${y + (50 - y) * stop}`;
  }
  const hub =
    ends.length === 1 && !hasPlanet
      ? svg`<circle cx=${ends[0][0] + (50 - ends[0][0]) * 0.86} cy=${ends[0][1] + (50 - ends[0][1]) * 0.86}
        r="5" fill="#b9f4ff" stroke="#1aa7c9" stroke-width="1.5"></circle>`
      : null;
  return svg`<path d=${d} stroke="#1aa7c9" stroke-width="11" fill="none" opacity="0.35" stroke-linecap="round"></path>
    <path d=${d} stroke="#8ef0ff" stroke-width="4.5" fill="none" stroke-linecap="round"></path>${hub}`;
}

function planet(): SVGTemplateResult {
  return svg`<circle cx="50" cy="50" r="21" fill="url(#sw-planet)" stroke="#9fd3ff" stroke-width="1.2"></circle>
    <ellipse cx="50" cy="52" rx="27" ry="6" fill="none" stroke="#c6e4ff" stroke-width="1.4" opacity="0.55"></ellipse>`;
}

/** A faction badge, the table's design (render/tile-painter paintBadge) in SVG: Rebel a circle
    with a starburst, Empire a hexagon with a cog, Bounty Hunters a diamond with a crosshair. */
export function factionBadge(faction: Faction, x: number, y: number, r = 8): SVGTemplateResult {
  const { fill, ink } = FACTION_STYLE[faction];
  const ring = (n: number, rr: number, turn = 0) =>
    points(
      [...Array(n).keys()].map(
        (i) => [x + rr * Math.cos(turn + (Math.PI * 2 * i) / n), y + rr * Math.sin(turn + (Math.PI * 2 * i) / n)] as [number, number],
      ),
    );
  if (faction === 'Rebel') {
    const star = points(
      [...Array(16).keys()].map((i) => {
        const a = (i / 16) * Math.PI * 2 - Math.PI / 2;
        const rr = i % 2 ? r * 0.28 : r * 0.68;
        return [x + Math.cos(a) * rr, y + Math.sin(a) * rr] as [number, number];
      }),
    );
    return svg`<g class="badge rebel"><circle cx=${x} cy=${y} r=${r} fill=${fill}
      stroke="#fff" stroke-width=${r * 0.16}></circle><polygon points=${star} fill=${ink}></polygon></g>`;
  }
  if (faction === 'Empire')
    return svg`<g class="badge empire"><polygon points=${ring(6, r * 1.08)} fill=${fill} stroke="#fff" stroke-width=${r * 0.16}></polygon>
      <circle cx=${x} cy=${y} r=${r * 0.6} fill="none" stroke=${ink} stroke-width=${r * 0.16}></circle><circle cx=${x} cy=${y}
        r=${r * 0.2} fill=${ink}></circle></g>`;
  return svg`<g class="badge bounty"><polygon points=${ring(4, r * 1.25, -Math.PI / 2)} fill=${fill} stroke="#fff" stroke-width=${r * 0.16}></polygon>
    <circle cx=${x} cy=${y} r=${r * 0.5} fill="none" stroke=${ink} stroke-width=${r * 0.14}></circle>
    <path d="M${x - r * 0.75},${y} H${x + r * 0.75} M${x},${y - r * 0.75} V${y + r * 0.75}" stroke=${ink} stroke-width=${r * 0.12}></path></g>`;
}

/** The inner drawing of a tile in a 100×100 box, printed orientation. */
export function tileDrawing(id: string): SVGTemplateResult {
  const def = tileDef(id);
  const hasPlanet = def.planet >= 0;
  const fields = def.segments.filter((s) => s.kind === 'A').map(field);
  const routes = def.segments.filter((s) => s.kind === 'R').map((s) => route(s, hasPlanet));
  // where the table puts them (render/tile-layout), at the table's size
  const badges = tileLayout(def).badges.map((b) => factionBadge(b.faction, b.at.u * SIZE, b.at.v * SIZE, BADGE_RADIUS * SIZE));
  return svg`
    <defs>
      <radialGradient id="sw-planet" cx="40%" cy="38%" r="65%"><stop offset="0" stop-color="#8fd0ff"></stop><stop offset="0.6"
        stop-color="#2f6db5"></stop><stop offset="1" stop-color="#132a52"></stop></radialGradient>
      <linearGradient id="sw-rock" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#9b7452"></stop><stop offset="1"
        stop-color="#5e4330"></stop></linearGradient>
    </defs>
    <rect width=${SIZE} height=${SIZE} fill="#0b1233"></rect>
    ${stars(id)}${fields}${routes}${hasPlanet ? planet() : null}${badges}
    <rect width=${SIZE} height=${SIZE} fill="none" stroke="#6b7bb3" stroke-width="2" opacity="0.6"></rect>`;
}
