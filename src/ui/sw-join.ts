// <sw-join>: what a join link opens (P3.1, P3.5): the player's name, then "join as a
// player" or "watch". Fires `sw-join` (CustomEvent<{ name: string; watch: boolean }>)
// and `sw-menu`.
import { LitElement, css, html, nothing } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import { t } from './i18n';
import { LanguageController } from './language-controller';
import { keepName, storedName } from './player-name';
import { theme } from './theme';

@customElement('sw-join')
export class SwJoin extends LitElement {
  static override styles = [
    theme,
    css`
    :host { display: grid; place-items: center; padding: 16px; box-sizing: border-box; }
    .card { width: min(440px, 100%); padding: 18px; display: grid; gap: 12px; box-sizing: border-box; }
    input { font: inherit; padding: 8px 10px; border-radius: 8px; border: 1px solid var(--sw-line); background: #0b1128; color: var(--sw-text); }
    .row { display: flex; gap: 8px; flex-wrap: wrap; }
    button { min-height: 44px; }
  `,
  ];

  @property() error: string | null = null;
  @property({ type: Boolean }) busy = false;
  @state() private name = storedName();
  protected readonly i18n = new LanguageController(this);

  private go(watch: boolean): void {
    const name = this.name.trim().slice(0, 32) || t('colour_red');
    keepName(name);
    this.dispatchEvent(new CustomEvent('sw-join', { detail: { name, watch }, bubbles: true, composed: true }));
  }

  /** Unfolds Connection settings (from the error's link). */
  private openNetSettings(): void {
    const details = this.renderRoot.querySelector<HTMLDetailsElement>('details.net');
    if (!details) return;
    details.open = true;
    void import('./sw-net-settings');
  }

  override render() {
    return html`<div class="card panel" data-testid="join">
      <h2>${t('onlineJoinTitle')}</h2>
      <label>${t('onlineYourName')}<br /><input maxlength="32" .value=${this.name} data-testid="join-name"
        @input=${(e: Event) => (this.name = (e.target as HTMLInputElement).value)} /></label>
      ${
        this.error
          ? html`<p role="alert" style="color:var(--sw-danger)" data-testid="join-error">${this.error}
            <button @click=${() => this.openNetSettings()}>${t('openNetSettings')}</button></p>`
          : nothing
      }
      <div class="row">
        <button class="primary" ?disabled=${this.busy} data-testid="join-play" @click=${() => this.go(false)}>${t('onlineJoinPlay')}</button>
        <button ?disabled=${this.busy} data-testid="join-watch" @click=${() => this.go(true)}>${t('onlineWatch')}</button>
        <button @click=${() => this.dispatchEvent(new CustomEvent('sw-menu', { bubbles: true, composed: true }))}>${t('lobbyLeave')}</button>
      </div>
      ${this.busy ? html`<p>${t('onlineOpening')}</p>` : nothing}
      <details class="net" @toggle=${(e: Event) => (e.target as HTMLDetailsElement).open && void import('./sw-net-settings')}>
        <summary>${t('netSettings')}</summary><sw-net-settings></sw-net-settings></details>
    </div>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'sw-join': SwJoin;
  }
}
