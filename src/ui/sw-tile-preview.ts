// <sw-tile-preview tile="SW07" rotation="1">: a tile drawn in 2D from its data, turned
// like the ghost on the table (rotation r = r quarter-turns clockwise, TILES.md).
import { LitElement, css, html, svg } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import { TILESET } from '../engine';
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
    return html`<svg viewBox="0 0 100 100" role="img" aria-label=${this.tile}>
      ${svg`<g class="turn" style="transform: rotate(${(this.rotation % 4) * 90}deg)">${tileDrawing(this.tile)}</g>`}
    </svg>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'sw-tile-preview': SwTilePreview;
  }
}
