// <sw-connect-trouble .missing .hostMissing .linkFailure>: shown when an online game still has
// not connected after a while (15 s): what failed (the signalling server answered, but which
// direct links are missing), what usually causes it (a strict NAT or firewall: a TURN server is
// needed), the last link failure heard, Retry (fires `sw-retry`) and the Connection settings.
import { LitElement, css, html, nothing } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import { t } from './i18n';
import { LanguageController } from './language-controller';
import { theme } from './theme';

/** How long a page may sit on "Connecting…" before it says why (ms). */
export const CONNECT_PATIENCE_MS = 15_000;

@customElement('sw-connect-trouble')
export class SwConnectTrouble extends LitElement {
  static override styles = [
    theme,
    css`
    :host { display: block; }
    .box { display: grid; gap: 8px; padding: 10px 12px; border-radius: 10px; border: 1px solid var(--sw-danger); background: #2a1320; }
    p { margin: 0; }
    .row { display: flex; gap: 8px; flex-wrap: wrap; }
    button { min-height: 40px; }
  `,
  ];

  /** No link to the host has formed (a guest that has no lobby yet). */
  @property({ type: Boolean }) hostMissing = false;
  /** Names of the players whose direct link is missing. */
  @property({ attribute: false }) missing: readonly string[] = [];
  /** Why the last WebRTC link failed before it opened, when the transport said. */
  @property({ attribute: false }) linkFailure: string | null = null;
  /** How long to wait before speaking up (tests set 0). */
  @property({ type: Number }) patienceMs = CONNECT_PATIENCE_MS;
  @state() private due = false;
  protected readonly i18n = new LanguageController(this);
  private timer: ReturnType<typeof setTimeout> | null = null;

  override connectedCallback(): void {
    super.connectedCallback();
    this.timer = setTimeout(() => (this.due = true), this.patienceMs);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    if (this.timer) clearTimeout(this.timer);
  }

  private openSettings(): void {
    const details = this.renderRoot.querySelector<HTMLDetailsElement>('details');
    if (!details) return;
    details.open = true;
    void import('./sw-net-settings');
  }

  override render() {
    if (!this.due || (!this.hostMissing && !this.missing.length)) return nothing;
    const s = Math.round(this.patienceMs / 1000);
    return html`<div class="box" role="alert" data-testid="connect-trouble">
      <p><strong>${t('troubleTitle', { s })}</strong></p>
      <p>${this.hostMissing ? t('troubleNoHost') : t('troubleMissing', { who: this.missing.join(', ') })}</p>
      <p>${t('troubleCause')}</p>
      ${this.linkFailure ? html`<p class="dim">${t('troubleLastFailure', { reason: this.linkFailure })}</p>` : nothing}
      <div class="row">
        <button class="primary" data-retry
          @click=${() => this.dispatchEvent(new CustomEvent('sw-retry', { bubbles: true, composed: true }))}>${t('troubleRetry')}</button>
        <button data-settings @click=${() => this.openSettings()}>${t('openNetSettings')}</button>
      </div>
      <details @toggle=${(e: Event) => (e.target as HTMLDetailsElement).open && void import('./sw-net-settings')}>
        <summary>${t('netSettings')}</summary><sw-net-settings></sw-net-settings></details>
    </div>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'sw-connect-trouble': SwConnectTrouble;
  }
}
