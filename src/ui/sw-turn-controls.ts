// <sw-turn-controls>: the on-screen buttons of a local human's turn, sized for fingers
// and working the same by touch and mouse: turn the tile left / right and place it
// (R4.1), then take the turn back or end it (R3). The drafted turn is only sent when the
// player ends it (unless one-click play is on). Fires `sw-rotate` (CustomEvent<1 | -1>),
// `sw-confirm` and `sw-cancel`.
import { LitElement, css, html, nothing } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import { t } from './i18n';
import { LanguageController } from './language-controller';
import { theme } from './theme';

export type TurnStage = 'place' | 'deploy';

@customElement('sw-turn-controls')
export class SwTurnControls extends LitElement {
  static override styles = [
    theme,
    css`
    :host { display: block; }
    .bar { display: flex; gap: 8px; align-items: center; justify-content: center; padding: 6px; }
    button { min-width: 48px; min-height: 48px; white-space: nowrap; font-size: 1rem; display: inline-flex; align-items: center;
      justify-content: center; gap: 6px; touch-action: manipulation; }
    button .glyph { font-size: 1.35rem; line-height: 1; }
    button.primary { padding: 6px 16px; }
    @media (max-height: 480px) { button { min-width: 44px; min-height: 44px; font-size: 0.9rem; } .bar { padding: 4px; gap: 6px; } }
  `,
  ];

  @property() stage: TurnStage = 'place';
  /** Placing: a ghost stands on a legal cell, so the tile can be placed. */
  @property({ type: Boolean }) canConfirm = false;
  /** Placing: the ghost's cell has more than one legal rotation. */
  @property({ type: Boolean }) canRotate = false;
  /** Deploying: a drafted placement exists and may be taken back. */
  @property({ type: Boolean }) canCancel = false;
  /** Deploying: what ending the turn will do, e.g. "End turn: merchant on the trade route" (its tooltip). */
  @property() confirmTitle = '';

  protected readonly i18n = new LanguageController(this);

  private fire(name: string, detail?: unknown): void {
    this.dispatchEvent(new CustomEvent(name, { detail, bubbles: true, composed: true }));
  }

  override render() {
    if (this.stage === 'place')
      return html`<div class="bar panel" role="group" aria-label=${t('turnControls')}>
        <button data-rotate="-1" ?disabled=${!this.canRotate} title=${t('rotateLeft')} aria-label=${t('rotateLeft')}
          @click=${() => this.fire('sw-rotate', -1)}><span class="glyph">⟲</span></button>
        <button data-rotate="1" ?disabled=${!this.canRotate} title=${t('rotateRight')} aria-label=${t('rotateRight')}
          @click=${() => this.fire('sw-rotate', 1)}><span class="glyph">⟳</span></button>
        <button class="primary" data-confirm ?disabled=${!this.canConfirm}
          @click=${() => this.fire('sw-confirm')}><span class="glyph">✓</span>${t('placeHere')}</button>
      </div>`;
    return html`<div class="bar panel" role="group" aria-label=${t('turnControls')}>
      ${this.canCancel ? html`<button data-cancel @click=${() => this.fire('sw-cancel')}><span class="glyph">↶</span>${t('takeBack')}</button>` : nothing}
      <button class="primary" data-end-turn title=${this.confirmTitle} aria-label=${this.confirmTitle || t('endTurn')}
        @click=${() => this.fire('sw-confirm')}><span class="glyph">✓</span>${t('endTurn')}</button>
    </div>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'sw-turn-controls': SwTurnControls;
  }
}
