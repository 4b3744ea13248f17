// <sw-replay-controls .step .steps>: first / back / a slider / forward / last through a
// recorded game, sized for fingers. Fires `sw-go` (CustomEvent<number>: the step to show).
import { LitElement, css, html } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import { t } from './i18n';
import { LanguageController } from './language-controller';
import { theme } from './theme';

@customElement('sw-replay-controls')
export class SwReplayControls extends LitElement {
  static override styles = [
    theme,
    css`
    :host { display: block; }
    .bar { display: flex; gap: 6px; align-items: center; padding: 6px 10px; flex-wrap: wrap; justify-content: center; }
    button { min-width: 44px; min-height: 44px; touch-action: manipulation; }
    input[type=range] { width: min(36vw, 280px); }
    .step { min-width: 8em; text-align: center; font-variant-numeric: tabular-nums; }
  `,
  ];

  @property({ type: Number }) step = 0;
  @property({ type: Number }) steps = 0;
  protected readonly i18n = new LanguageController(this);

  private go(k: number): void {
    this.dispatchEvent(new CustomEvent<number>('sw-go', { detail: Math.max(0, Math.min(this.steps, k)), bubbles: true, composed: true }));
  }

  override render() {
    return html`<div class="bar panel" role="group" aria-label=${t('replay')} data-replay>
      <button data-first title=${t('first')} aria-label=${t('first')} @click=${() => this.go(0)}>«</button>
      <button data-prev title=${t('previous')} aria-label=${t('previous')} @click=${() => this.go(this.step - 1)}>◀</button>
      <input type="range" min="0" max=${this.steps} .value=${String(this.step)} aria-label=${t('replay')}
        @input=${(e: Event) => this.go(Number((e.target as HTMLInputElement).value))} />
      <button data-next title=${t('next')} aria-label=${t('next')} @click=${() => this.go(this.step + 1)}>▶</button>
      <button data-last title=${t('last')} aria-label=${t('last')} @click=${() => this.go(this.steps)}>»</button>
      <span class="step" data-step=${this.step}>${t('replayStep', { n: this.step, m: this.steps })}</span>
    </div>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'sw-replay-controls': SwReplayControls;
  }
}
