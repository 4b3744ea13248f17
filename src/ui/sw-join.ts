// <sw-join>: what a join link opens (P3.1, P3.5): the player's name, then "join as a
// player" (only with the link's invitation) or "watch". When the link names a signalling
// server other than this page's, the player chooses which one to use (the host's is chosen
// already when this page has no settings of its own). Fires `sw-join` (CustomEvent<JoinChoice>) and `sw-menu`.
import { LitElement, css, html, nothing } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import { joinServer, signallingUrl, type LinkSignalling } from '../net/online';
import type { ResolvedNetSettings } from '../net/net-settings';
import { t } from './i18n';
import { LanguageController } from './language-controller';
import { cleanName, keepName, storedName } from './player-name';
import { theme } from './theme';

export interface JoinChoice {
  name: string;
  watch: boolean;
  /** The host's server, when the player chose it; null keeps this page's settings. */
  signalling: LinkSignalling | null;
}

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
    fieldset { border: 1px solid var(--sw-line); border-radius: 10px; margin: 0; display: grid; gap: 6px; overflow-wrap: anywhere; }
    fieldset p { margin: 0; }
    .choice { display: flex; gap: 8px; align-items: center; min-height: 36px; }
  `,
  ];

  @property() error: string | null = null;
  @property({ type: Boolean }) busy = false;
  /** The link carries the lobby's invitation (else it is a link to watch). */
  @property({ type: Boolean }) invited = false;
  /** The signalling server the join link names (the host's). */
  @property({ attribute: false }) hostSignalling: LinkSignalling | null = null;
  /** This page's settings in force; resolved here when not given. */
  @property({ attribute: false }) resolved: ResolvedNetSettings | null = null;
  @state() private name = storedName();
  @state() private nameWanted = false;
  /** Use the host's server (true), keep this page's (false), or not chosen yet (null). */
  @state() private useHost: boolean | null = null;
  protected readonly i18n = new LanguageController(this);

  override connectedCallback(): void {
    super.connectedCallback();
    if (this.hostSignalling && !this.resolved)
      void import('../net/net-settings').then((m) => m.resolveNetSettings()).then((r) => (this.resolved = r));
  }

  protected override willUpdate(changed: Map<PropertyKey, unknown>): void {
    // A page with no settings of its own takes the host's server without setup; one with its own asks (`joinServer`).
    if ((changed.has('resolved') || changed.has('hostSignalling')) && this.resolved && this.useHost === null)
      this.useHost = this.server() === 'link' ? true : null;
  }

  /** Which server the join uses before the player is asked (null: this page's settings are not resolved yet). */
  private server(): 'page' | 'link' | 'ask' | null {
    return this.resolved ? joinServer(this.hostSignalling, this.resolved) : null;
  }

  /** The host's server and this page's, when they differ (chosen already, 'link', or to be asked, 'ask'; the player may change it). */
  private otherServer(): { host: string; mine: string } | null {
    const h = this.hostSignalling;
    if (!h || !this.resolved || this.server() === 'page') return null;
    return { host: signallingUrl(h), mine: signallingUrl(this.resolved.settings) };
  }

  private go(watch: boolean): void {
    const name = cleanName(this.name).trim().slice(0, 32);
    if (!name) {
      // a person is asked for a name once (then it is remembered): the others see it, not "Player"
      this.nameWanted = true;
      this.renderRoot.querySelector<HTMLInputElement>('[data-testid="join-name"]')?.focus();
      return;
    }
    this.nameWanted = false;
    keepName(name);
    const signalling = this.otherServer() && this.useHost ? this.hostSignalling : null;
    const detail: JoinChoice = { name, watch, signalling };
    this.dispatchEvent(new CustomEvent('sw-join', { detail, bubbles: true, composed: true }));
  }

  private serverChoice() {
    const other = this.otherServer();
    if (!other) return nothing;
    const radio = (value: boolean, label: string) =>
      html`<label class="choice"><input type="radio" name="server" .checked=${this.useHost === value}
        data-server=${value ? 'host' : 'mine'} @change=${() => (this.useHost = value)} />${label}</label>`;
    return html`<fieldset data-testid="join-server"><legend>${t('joinServerTitle')}</legend>
      <p>${t('joinServerText', { host: other.host, mine: other.mine })}</p>
      ${radio(true, t('joinServerHost'))}${radio(false, t('joinServerMine'))}</fieldset>`;
  }

  /** Unfolds Connection settings (from the error's link). */
  private openNetSettings(): void {
    const details = this.renderRoot.querySelector<HTMLDetailsElement>('details.net');
    if (!details) return;
    details.open = true;
    void import('./sw-net-settings');
  }

  /** The link names another server and the player has not said which to use. */
  private get undecided(): boolean {
    return !!this.otherServer() && this.useHost === null;
  }

  override render() {
    return html`<div class="card panel" data-testid="join">
      <h2>${t('onlineJoinTitle')}</h2>
      <label>${t('onlineYourName')}<br /><input maxlength="32" .value=${this.name} data-testid="join-name"
        @input=${(e: Event) => (this.name = cleanName((e.target as HTMLInputElement).value))} /></label>
      ${
        this.error
          ? html`<p role="alert" style="color:var(--sw-danger)" data-testid="join-error">${this.error}
            <button @click=${() => this.openNetSettings()}>${t('openNetSettings')}</button></p>`
          : nothing
      }
      ${this.nameWanted ? html`<p role="alert" style="color:var(--sw-danger);margin:0">${t('onlineNameWanted')}</p>` : nothing}
      ${this.invited ? nothing : html`<p class="dim" data-testid="join-watch-only">${t('onlineWatchOnly')}</p>`}
      ${this.serverChoice()}
      <div class="row">
        ${
          this.invited
            ? html`<button class="primary" ?disabled=${this.busy || this.undecided} data-testid="join-play"
              @click=${() => this.go(false)}>${t('onlineJoinPlay')}</button>`
            : nothing
        }
        <button ?disabled=${this.busy || this.undecided} data-testid="join-watch" @click=${() => this.go(true)}>${t('onlineWatch')}</button>
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
