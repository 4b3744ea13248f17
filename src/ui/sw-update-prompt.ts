// <sw-update-prompt>: a small card at the top of the page. "A new version is ready"
// with Reload / Later when the service worker has a newer app waiting, and a one-time
// "ready to play offline" note after the first visit cached everything.
import { LitElement, css, html, nothing } from 'lit';
import { customElement, state } from 'lit/decorators.js';
import { t } from './i18n';
import { LanguageController } from './language-controller';
import { theme } from './theme';

@customElement('sw-update-prompt')
export class SwUpdatePrompt extends LitElement {
  static override styles = [
    theme,
    css`
    :host { position: fixed; left: 50%; top: 8px; transform: translateX(-50%); z-index: 20; max-width: calc(100% - 20px); pointer-events: none; }
    /* the note only informs: it never takes a tap meant for the game under it */
    .card[data-update] { pointer-events: auto; }
    .card { display: flex; align-items: center; gap: 10px; padding: 8px 12px; flex-wrap: wrap; }
  `,
  ];

  @state() private mode: 'hidden' | 'update' | 'offline' = 'hidden';
  private apply: (() => Promise<void>) | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  protected readonly i18n = new LanguageController(this);

  /** A new version waits; `apply` activates it and reloads the page. */
  show(apply: () => Promise<void>): void {
    this.apply = apply;
    this.mode = 'update';
  }

  offlineReady(): void {
    if (this.mode === 'update') return;
    this.mode = 'offline';
    this.timer = setTimeout(() => (this.mode = 'hidden'), 5000);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    if (this.timer) clearTimeout(this.timer);
  }

  override render() {
    if (this.mode === 'hidden') return nothing;
    if (this.mode === 'offline') return html`<div class="card panel" role="status" data-offline-ready>${t('offlineReady')}</div>`;
    return html`<div class="card panel" role="alert" data-update>
      <span>${t('updateReady')}</span>
      <button class="primary" data-reload @click=${() => void this.apply?.()}>${t('reload')}</button>
      <button data-later @click=${() => (this.mode = 'hidden')}>${t('later')}</button>
    </div>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'sw-update-prompt': SwUpdatePrompt;
  }
}
