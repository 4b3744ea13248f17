// Small inline SVG icons for the HUD: a meeple silhouette, the equipment cards and a die face.
import { svg, type SVGTemplateResult } from 'lit';

const MEEPLE_PATH =
  'M12 1.5c2.2 0 3.6 1.6 3.6 3.6 0 1.1-.4 2-1.1 2.6 2.6.5 6.9 1.7 7.8 3.8.5 1.3-1 2-2.6 1.6l-3.3-.8 3.7 8.4c.4 1-.3 1.8-1.3 1.8h-3.2L12 ' +
  '17.4l-3.6 5.1H5.2c-1 0-1.7-.8-1.3-1.8L7.6 12.3l-3.3.8c-1.6.4-3.1-.3-2.6-1.6.9-2.1 5.2-3.3 7.8-3.8-.7-.6-1.1-1.5-1.1-2.6 0-2 1.4-3.6 ' +
  '3.6-3.6z';

export function meepleIcon(fill: string, size: number): SVGTemplateResult {
  return svg`<svg viewBox="0 0 24 24" width=${size} height=${size} aria-hidden="true"><path d=${MEEPLE_PATH}
    fill=${fill} stroke="#0009" stroke-width="1"></path></svg>`;
}

export function lightsaberIcon(size: number): SVGTemplateResult {
  return svg`<svg viewBox="0 0 24 24" width=${size} height=${size} aria-hidden="true">
    <line x1="5" y1="19" x2="20" y2="4" stroke="#7cf7ff" stroke-width="3.2" stroke-linecap="round"></line>
    <line x1="5" y1="19" x2="20" y2="4" stroke="#fff" stroke-width="1.2" stroke-linecap="round"></line>
    <line x1="2.5" y1="21.5" x2="7" y2="17" stroke="#b8bcc8" stroke-width="4" stroke-linecap="round"></line></svg>`;
}

export function blasterIcon(size: number): SVGTemplateResult {
  return svg`<svg viewBox="0 0 24 24" width=${size} height=${size} aria-hidden="true">
    <path d="M3 8h15l2 2h2v3h-6l-1 2h-3l-1 5H6l1-5H3z" fill="#c9ced8" stroke="#333" stroke-width="1"></path>
    <rect x="18" y="9.2" width="3" height="1.4" fill="#ff7a45"></rect></svg>`;
}

const PIPS: Record<number, [number, number][]> = {
  1: [[12, 12]],
  2: [
    [7, 7],
    [17, 17],
  ],
  3: [
    [7, 7],
    [12, 12],
    [17, 17],
  ],
  4: [
    [7, 7],
    [17, 7],
    [7, 17],
    [17, 17],
  ],
  5: [
    [7, 7],
    [17, 7],
    [12, 12],
    [7, 17],
    [17, 17],
  ],
  6: [
    [7, 6],
    [17, 6],
    [7, 12],
    [17, 12],
    [7, 18],
    [17, 18],
  ],
};

/** A die face: pips for 1–6 on a normal die; the yellow die (3–8) shows its number. */
export function dieFace(value: number, yellow: boolean, size: number, highlight: boolean): SVGTemplateResult {
  const body = yellow ? '#f5c518' : '#f4f4f6';
  const ring = highlight ? '#4ade80' : '#0006';
  const pips =
    !yellow && PIPS[value]
      ? PIPS[value].map(([x, y]) => svg`<circle cx=${x} cy=${y} r="2.1" fill="#1b1b1f"></circle>`)
      : svg`<text x="12" y="16.5" text-anchor="middle" font-size="13" font-weight="700" fill="#1b1b1f" font-family="system-ui, sans-serif">${value}</text>`;
  return svg`<svg viewBox="0 0 24 24" width=${size} height=${size} role="img" aria-label=${String(value)}>
    <rect x="1.5" y="1.5" width="21" height="21" rx="4.5" fill=${body} stroke=${ring} stroke-width=${highlight ? 2.4 : 1}></rect>${pips}</svg>`;
}
