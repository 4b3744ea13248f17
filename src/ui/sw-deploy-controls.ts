// <sw-deploy-controls .deployments .choice>: pick small or large meeple and equipment
// (only what some legal deployment allows, R5.1, R5.5) or skip (R5.1: deploying is optional).
// Fires `sw-deploy-choice` (CustomEvent<DeployChoice>) and `sw-skip`.
import { LitElement, css, html, nothing } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import type { Deployment, Equipment, MeepleSize } from '../engine';
import type { DeployChoice } from './deploy-choice';
import { blasterIcon, lightsaberIcon, meepleIcon } from './hud-icons';
import { t } from './i18n';
import { LanguageController } from './language-controller';
import { theme } from './theme';

@customElement('sw-deploy-controls')
export class SwDeployControls extends LitElement {
  static override styles = [theme, css`
    :host { display: block; }
    .bar { display: flex; align-items: center; gap: 8px; flex-wrap: wrap; padding: 8px 10px; }
    .group { display: inline-flex; gap: 4px; align-items: center; }
    .group + .group { padding-left: 8px; border-left: 1px solid var(--sw-line); }
    button { display: inline-flex; align-items: center; gap: 4px; padding: 5px 10px; }
    .hint { color: var(--sw-dim); font-size: 0.8rem; flex-basis: 100%; }
    .nothing { color: var(--sw-dim); font-size: 0.85rem; }
    @media (max-height: 480px) { .hint { display: none; } .bar { padding: 5px 6px; gap: 5px; } button { padding: 4px 7px; } }
  `];

  @property({ attribute: false }) deployments: readonly Deployment[] = [];
  @property({ attribute: false }) choice: DeployChoice = { meeple: 'small', equipment: null };
  @property() colour = '#fff';
  /** Which equipment exists in this game (Expansion 1 options). */
  @property({ attribute: false }) equipmentInPlay: readonly Equipment[] = [];

  protected readonly i18n = new LanguageController(this);

  private pick(choice: DeployChoice): void {
    this.dispatchEvent(new CustomEvent<DeployChoice>('sw-deploy-choice', { detail: choice, bubbles: true, composed: true }));
  }

  private sizeButton(size: MeepleSize) {
    const legal = this.deployments.some((d) => d.meeple === size);
    const equipment = this.deployments.some((d) => d.meeple === size && d.equipment === this.choice.equipment) ? this.choice.equipment : null;
    return html`<button data-meeple=${size} ?disabled=${!legal} aria-pressed=${String(this.choice.meeple === size)}
      @click=${() => this.pick({ meeple: size, equipment })}>${meepleIcon(this.colour, size === 'large' ? 20 : 15)}${t(size)}</button>`;
  }

  private equipmentButton(e: Equipment | null) {
    const legal = this.deployments.some((d) => d.meeple === this.choice.meeple && d.equipment === e);
    const icon = e === 'lightsaber' ? lightsaberIcon(16) : e === 'blaster' ? blasterIcon(16) : nothing;
    return html`<button data-equipment=${e ?? 'none'} ?disabled=${!legal} aria-pressed=${String(this.choice.equipment === e)}
      @click=${() => this.pick({ meeple: this.choice.meeple, equipment: e })}>${icon}${e ? t(e) : t('noEquipment')}</button>`;
  }

  override render() {
    if (!this.deployments.length)
      return html`<div class="bar panel" role="group" aria-label=${t('meeple')}>
        <span class="nothing">${t('nothingToDeploy')}</span>
        <span class="group"><button class="primary" data-skip @click=${() => this.dispatchEvent(new CustomEvent('sw-skip', { bubbles: true, composed: true }))}>${t('skip')} <kbd>Esc</kbd></button></span>
      </div>`;
    return html`<div class="bar panel" role="group" aria-label=${t('meeple')}>
      <span class="group">${this.sizeButton('small')}${this.sizeButton('large')}</span>
      ${this.equipmentInPlay.length
        ? html`<span class="group">${this.equipmentButton(null)}${this.equipmentInPlay.map((e) => this.equipmentButton(e))}</span>`
        : nothing}
      <span class="group"><button data-skip @click=${() => this.dispatchEvent(new CustomEvent('sw-skip', { bubbles: true, composed: true }))}>${t('skip')} <kbd>Esc</kbd></button></span>
      <span class="hint">${t('deployHint')}</span>
    </div>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'sw-deploy-controls': SwDeployControls;
  }
}
