// <sw-net-settings>: the signalling server (host, port, path, secure) and the STUN/TURN
// servers new connections use, and whether only TURN relays may carry them. Shows where the settings in force come from; Save validates
// every field and keeps them in localStorage, "Back to the default" forgets them. Fires
// `sw-net-settings-change` (CustomEvent<NetSettings>) after either.
import { LitElement, css, html, nothing } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import {
  browserSources,
  clearSavedNetSettings,
  iceServerLines,
  parseIceServerLines,
  parseNetSettings,
  resolveNetSettings,
  saveNetSettings,
  type NetSettings,
  type NetSettingsSource,
  type NetSettingsSources,
  type Parsed,
  type ResolvedNetSettings,
} from '../net/net-settings';
import { t, type Params } from './i18n';
import { LanguageController } from './language-controller';
import type { MessageKey } from './messages-en';
import { theme } from './theme';

const SOURCE_TEXT: Record<NetSettingsSource, MessageKey> = {
  saved: 'netSourceSaved',
  build: 'netSourceBuild',
  'same-origin': 'netSourceSameOrigin',
  public: 'netSourcePublic',
};

/** `refused`: a value the panel refused, said at render time in the player's language. */
type Status = { key: MessageKey; params?: Params; error: boolean; refused?: Extract<Parsed<unknown>, { ok: false }> } | null;

/** A refusal in the player's language (its code's message), else the English reason. */
export function refusalText(r: Extract<Parsed<unknown>, { ok: false }>): string {
  return r.why ? t(`netWhy_${r.why.code}`, r.why.params) : r.reason;
}

@customElement('sw-net-settings')
export class SwNetSettings extends LitElement {
  static override styles = [
    theme,
    css`
    :host { display: block; }
    form { display: grid; gap: 10px; }
    fieldset { border: 1px solid var(--sw-line); border-radius: 10px; margin: 0; padding: 8px 12px 10px; display: grid; gap: 8px; }
    legend { color: var(--sw-dim); font-size: 0.8rem; padding: 0 4px; }
    .grid { display: grid; grid-template-columns: 1fr 6em; gap: 8px; }
    label { display: grid; gap: 3px; font-size: 0.8rem; color: var(--sw-dim); }
    label.check { display: flex; align-items: center; gap: 8px; color: inherit; font-size: 0.9rem; }
    input[type=text], input[type=number], textarea { font: inherit; min-width: 0; }
    textarea { min-height: 4.5em; font-family: ui-monospace, monospace; font-size: 0.85rem; }
    .help, .source { color: var(--sw-dim); font-size: 0.78rem; margin: 0; }
    .row { display: flex; gap: 8px; flex-wrap: wrap; }
    .status { margin: 0; font-size: 0.85rem; }
    .status.error, .warning { color: var(--sw-danger); }
    .warning { font-size: 0.8rem; margin: 0; }
  `,
  ];
  protected readonly i18n = new LanguageController(this);

  /** The settings in force and where they came from; resolved here when not given. */
  @property({ attribute: false }) resolved: ResolvedNetSettings | null = null;
  /** Where the panel's settings are kept (localStorage unless told otherwise). */
  @property({ attribute: false }) storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null = null;

  /** Overrides of the browser's sources (build env, page, fetch) used when resolving again. */
  @property({ attribute: false }) sources: Partial<NetSettingsSources> | null = null;

  @state() private draft: NetSettings | null = null;
  @state() private iceText = '';
  @state() private status: Status = null;

  override connectedCallback(): void {
    super.connectedCallback();
    if (!this.resolved) void this.reload();
  }

  protected override willUpdate(changed: Map<PropertyKey, unknown>): void {
    if (changed.has('resolved') && this.resolved) {
      this.draft = { ...this.resolved.settings };
      this.iceText = this.resolved.settings.iceServers ? iceServerLines(this.resolved.settings.iceServers) : '';
    }
  }

  private store(): Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null {
    if (this.storage) return this.storage;
    try {
      return globalThis.localStorage ?? null;
    } catch {
      return null;
    }
  }

  private async reload(): Promise<void> {
    const store = this.store();
    // Overridden sources probe with their own page and fetch (the page's kept answer is for the page's own).
    const over = this.sources ? { probe: undefined, ...this.sources } : {};
    this.resolved = await resolveNetSettings({ ...browserSources(), ...over, storage: store });
  }

  private edit(patch: Partial<NetSettings>): void {
    if (this.draft) this.draft = { ...this.draft, ...patch };
    this.status = null;
  }

  private save(e: Event): void {
    e.preventDefault();
    const store = this.store();
    if (!this.draft || !store) return;
    let iceServers = this.draft.iceServers;
    if (iceServers !== null) {
      const ice = parseIceServerLines(this.iceText);
      if (!ice.ok) {
        this.status = { key: 'netInvalid', error: true, refused: ice };
        return;
      }
      iceServers = ice.value;
    }
    const candidate = { ...this.draft, iceServers };
    const parsed = parseNetSettings(candidate);
    if (!parsed.ok) {
      this.status = { key: 'netInvalid', error: true, refused: parsed };
      return;
    }
    saveNetSettings(store, parsed.value);
    this.resolved = { settings: parsed.value, source: 'saved', warnings: [] };
    this.status = { key: 'netSaved', error: false };
    this.dispatchEvent(new CustomEvent<NetSettings>('sw-net-settings-change', { detail: parsed.value, bubbles: true, composed: true }));
  }

  private async reset(): Promise<void> {
    const store = this.store();
    if (store) clearSavedNetSettings(store);
    await this.reload();
    this.status = null;
    if (this.resolved)
      this.dispatchEvent(
        new CustomEvent<NetSettings>('sw-net-settings-change', { detail: this.resolved.settings, bubbles: true, composed: true }),
      );
  }

  override render() {
    const d = this.draft;
    if (!d || !this.resolved) return nothing;
    const value = (e: Event) => (e.target as HTMLInputElement).value;
    const checked = (e: Event) => (e.target as HTMLInputElement).checked;
    return html`<form @submit=${this.save} aria-label=${t('netSettings')}>
      <p class="source" data-source=${this.resolved.source}>${t(SOURCE_TEXT[this.resolved.source])}</p>
      ${this.resolved.warnings.map((w) => html`<p class="warning">${t('netWarning', { reason: w })}</p>`)}
      <fieldset>
        <legend>${t('netSignalling')}</legend>
        <div class="grid">
          <label>${t('netHost')}<input type="text" name="host" autocomplete="off" spellcheck="false" .value=${d.host}
            @input=${(e: Event) => this.edit({ host: value(e).trim() })} /></label>
          <label>${t('netPort')}<input type="number" name="port" min="1" max="65535" .value=${String(d.port)}
            @input=${(e: Event) => this.edit({ port: Number(value(e)) })} /></label>
        </div>
        <label>${t('netPath')}<input type="text" name="path" autocomplete="off" spellcheck="false" .value=${d.path}
          @input=${(e: Event) => this.edit({ path: value(e).trim() })} /></label>
        <label class="check"><input type="checkbox" name="secure" .checked=${d.secure}
          @change=${(e: Event) => this.edit({ secure: (e.target as HTMLInputElement).checked })} />${t('netSecure')}</label>
      </fieldset>
      <fieldset>
        <legend>${t('netIceServers')}</legend>
        <label class="check"><input type="checkbox" name="ice-default" .checked=${d.iceServers === null}
          @change=${(e: Event) => this.edit(checked(e) ? { iceServers: null, relayOnly: undefined } : { iceServers: [] })}
          />${t('netIceDefault')}</label>
        ${
          d.iceServers === null
            ? nothing
            : html`<textarea name="ice" spellcheck="false" .value=${this.iceText} @input=${(e: Event) => {
                this.iceText = (e.target as HTMLTextAreaElement).value;
                this.status = null;
              }}></textarea>
          <p class="help">${t('netIceHelp')}</p>
          <label class="check"><input type="checkbox" name="relay-only" .checked=${d.relayOnly === true}
            @change=${(e: Event) => this.edit({ relayOnly: checked(e) ? true : undefined })} />${t('netRelayOnly')}</label>`
        }
      </fieldset>
      <div class="row">
        <button type="submit" data-save>${t('netSave')}</button>
        <button type="button" data-reset @click=${() => void this.reset()}>${t('netReset')}</button>
      </div>
      ${
        this.status
          ? html`<p class="status ${this.status.error ? 'error' : ''}" role="status">${t(
              this.status.key,
              this.status.refused ? { reason: refusalText(this.status.refused) } : this.status.params,
            )}</p>`
          : nothing
      }
    </form>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'sw-net-settings': SwNetSettings;
  }
}
