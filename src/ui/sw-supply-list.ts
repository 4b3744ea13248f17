// <sw-supply-list .state>: what is left in the face-down supply, as a multiset by tile id
// (each design once, with its count), drawn from the tile data.
import { LitElement, css, html, nothing } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import { supplySize, TILESET, type GameState } from '../engine';
import { t } from './i18n';
import { LanguageController } from './language-controller';
import { theme } from './theme';
import './sw-tile-preview';

@customElement('sw-supply-list')
export class SwSupplyList extends LitElement {
  static override styles = [
    theme,
    css`
    :host { display: block; }
    .count { font-weight: 650; margin: 2px 0 8px; }
    ul { list-style: none; margin: 0; padding: 0; display: grid; grid-template-columns: repeat(auto-fill, minmax(46px, 1fr)); gap: 6px; }
    li { position: relative; --tile-size: 44px; }
    li b { position: absolute; right: -3px; bottom: -3px; background: var(--sw-accent); color: #1b1400; font-size: 0.7rem;
      border-radius: 8px; padding: 0 4px; font-weight: 750; }
  `,
  ];

  @property({ attribute: false }) state: GameState | null = null;
  protected readonly i18n = new LanguageController(this);

  override render() {
    const state = this.state;
    if (!state) return nothing;
    const left = TILESET.tiles.filter((d) => (state.supply[d.id] ?? 0) > 0);
    const n = supplySize(state);
    return html`<div class="count" data-tiles-left=${n}>${t('tilesLeft', { n })}</div>
      <ul aria-label=${t('remainingTiles')}>
        ${left.map(
          (d) => html`<li title=${`${d.id} × ${state.supply[d.id]}`} data-tile=${d.id}>
          <sw-tile-preview .tile=${d.id}></sw-tile-preview><b>${state.supply[d.id]}</b></li>`,
        )}
      </ul>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'sw-supply-list': SwSupplyList;
  }
}
