// <sw-deploy-controls .deployments .choice .spots>: pick small or large meeple and equipment
// (only what some legal deployment allows, R5.1, R5.5), a spot by what it is (merchant,
// explorer, conqueror, planet attack with the dice, R5.2, R5.4 — the same spots the table
// shows), or none (R5.1: deploying is optional). Fires `sw-deploy-choice`
// (CustomEvent<DeployChoice>), `sw-spot` (CustomEvent<Deployment>) and `sw-skip`.
import { LitElement, css, html, nothing } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import type { Deployment, DeployTarget, Equipment, MeepleSize } from '../engine';
import { targetKey } from '../render/deploy-targets';
import type { DeployChoice } from './deploy-choice';
import { blasterIcon, lightsaberIcon, meepleIcon } from './hud-icons';
import { t } from './i18n';
import { LanguageController } from './language-controller';
import { theme } from './theme';

@customElement('sw-deploy-controls')
export class SwDeployControls extends LitElement {
  static override styles = [
    theme,
    css`
    :host { display: block; }
    .bar { display: flex; align-items: center; gap: 8px; flex-wrap: wrap; padding: 8px 10px; }
    .group { display: inline-flex; gap: 4px; align-items: center; }
    .group + .group { padding-left: 8px; border-left: 1px solid var(--sw-line); }
    button { display: inline-flex; align-items: center; gap: 4px; padding: 5px 10px; }
    .hint { color: var(--sw-dim); font-size: 0.8rem; flex-basis: 100%; }
    .nothing { color: var(--sw-dim); font-size: 0.85rem; }
    .spots { display: flex; gap: 4px; flex-wrap: wrap; flex-basis: 100%; }
    .spots button { font-size: 0.8rem; padding: 4px 8px; min-height: 36px; text-align: left; }
    .spots button.attack { border-color: #ff7a59; }
    @media (max-height: 480px), (max-width: 480px) {
      .hint { display: none; } .bar { padding: 5px 6px; gap: 5px; } button { padding: 4px 7px; }
      .spots button { min-height: 32px; font-size: 0.75rem; }
    }
  `,
  ];

  @property({ attribute: false }) deployments: readonly Deployment[] = [];
  @property({ attribute: false }) choice: DeployChoice = { meeple: 'small', equipment: null };
  @property() colour = '#fff';
  /** Which equipment exists in this game (Expansion 1 options). */
  @property({ attribute: false }) equipmentInPlay: readonly Equipment[] = [];
  /** One entry per spot, with what it is in words. */
  @property({ attribute: false }) spots: readonly { deployment: Deployment; label: string }[] = [];
  /** The spot chosen (not yet confirmed), if any. */
  @property({ attribute: false }) selected: DeployTarget | null = null;
  @property() skipLabel = '';

  protected readonly i18n = new LanguageController(this);

  private pick(choice: DeployChoice): void {
    this.dispatchEvent(new CustomEvent<DeployChoice>('sw-deploy-choice', { detail: choice, bubbles: true, composed: true }));
  }

  private sizeButton(size: MeepleSize) {
    const legal = this.deployments.some((d) => d.meeple === size);
    const equipment = this.deployments.some((d) => d.meeple === size && d.equipment === this.choice.equipment)
      ? this.choice.equipment
      : null;
    return html`<button data-meeple=${size} ?disabled=${!legal} aria-pressed=${String(this.choice.meeple === size)}
      @click=${() => this.pick({ meeple: size, equipment })}>${meepleIcon(this.colour, size === 'large' ? 20 : 15)}${t(size)}</button>`;
  }

  private equipmentButton(e: Equipment | null) {
    const legal = this.deployments.some((d) => d.meeple === this.choice.meeple && d.equipment === e);
    const icon = e === 'lightsaber' ? lightsaberIcon(16) : e === 'blaster' ? blasterIcon(16) : nothing;
    return html`<button data-equipment=${e ?? 'none'} ?disabled=${!legal} aria-pressed=${String(this.choice.equipment === e)}
      @click=${() => this.pick({ meeple: this.choice.meeple, equipment: e })}>${icon}${e ? t(e) : t('noEquipment')}</button>`;
  }

  private spotButtons() {
    if (!this.spots.length) return nothing;
    const chosen = this.selected ? targetKey(this.selected) : null;
    return html`<span class="spots">${this.spots.map(({ deployment, label }) => {
      const key = targetKey(deployment.target);
      return html`<button data-spot=${key} class=${'attack' in deployment.target ? 'attack' : ''} aria-pressed=${String(key === chosen)}
        @click=${() => this.dispatchEvent(new CustomEvent<Deployment>('sw-spot', { detail: deployment, bubbles: true, composed: true }))}>${label}</button>`;
    })}</span>`;
  }

  override render() {
    const skip = this.skipLabel || t('skip');
    if (!this.deployments.length)
      return html`<div class="bar panel" role="group" aria-label=${t('meeple')}>
        <span class="nothing">${t('nothingToDeploy')}</span>
        <span class="group"><button class="primary" data-skip
          @click=${() => this.dispatchEvent(new CustomEvent('sw-skip', { bubbles: true, composed: true }))}>${skip}</button></span>
      </div>`;
    return html`<div class="bar panel" role="group" aria-label=${t('meeple')}>
      <span class="group">${this.sizeButton('small')}${this.sizeButton('large')}</span>
      ${
        this.equipmentInPlay.length
          ? html`<span class="group">${this.equipmentButton(null)}${this.equipmentInPlay.map((e) => this.equipmentButton(e))}</span>`
          : nothing
      }
      <span class="group"><button data-skip aria-pressed=${String(!!this.skipLabel && !this.selected)}
        @click=${() => this.dispatchEvent(new CustomEvent('sw-skip', { bubbles: true, composed: true }))}>${skip}</button></span>
      ${this.spotButtons()}
    </div>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'sw-deploy-controls': SwDeployControls;
  }
}
