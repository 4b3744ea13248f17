// <sw-tile-preview tile="SW07" rotation="1">: a tile drawn in 2D from its data, turned
// like the ghost on the table (rotation r = r quarter-turns clockwise, docs/tiles.md), painted
// by the table's own tile painter (tile-image.ts).
import { LitElement, css, html, svg } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import { TILESET } from '../engine';
import { t } from './i18n';
import { tileImage } from './tile-image';
import { tileDrawing } from './tile-svg';

@customElement('sw-tile-preview')
export class SwTilePreview extends LitElement {
  static override styles = css`
    :host { display: inline-block; width: var(--tile-size, 72px); height: var(--tile-size, 72px); line-height: 0; }
    svg { width: 100%; height: 100%; border-radius: 6px; box-shadow: 0 2px 8px #0008; }
    g.turn { transition: transform 180ms ease; transform-origin: 50px 50px; }
    @media (prefers-reduced-motion: reduce) { g.turn { transition: none; } }
  `;

  @property() tile: string | null = null;
  @property({ type: Number }) rotation = 0;

  override render() {
    if (!this.tile || !TILESET.byId.has(this.tile)) return html``;
    // the table's painter when a canvas is there (one design everywhere), else the SVG drawing
    const painted = tileImage(this.tile);
    const body = painted ? svg`<image href=${painted} width="100" height="100"></image>` : tileDrawing(this.tile);
    return html`<svg viewBox="0 0 100 100" role="img" aria-label=${t('drawnTile')}>
      ${svg`<g class="turn" style="transform: rotate(${(this.rotation % 4) * 90}deg)">${body}</g>`}
    </svg>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'sw-tile-preview': SwTilePreview;
  }
}
