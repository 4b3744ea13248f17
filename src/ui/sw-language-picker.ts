// <sw-language-picker>: switches the UI language (en / cs / ro) for the whole app.
import { LitElement, css, html } from 'lit';
import { customElement } from 'lit/decorators.js';
import { LANGUAGES, language, setLanguage, t, type Language } from './i18n';
import { LanguageController } from './language-controller';
import { theme } from './theme';

@customElement('sw-language-picker')
export class SwLanguagePicker extends LitElement {
  static override styles = [
    theme,
    css`
    :host { display: inline-flex; }
    .group { display: inline-flex; gap: 2px; }
    button { padding: 3px 8px; font-size: 0.8rem; }
  `,
  ];
  protected readonly i18n = new LanguageController(this);

  override render() {
    return html`<div class="group" role="group" aria-label=${t('language')}>
      ${LANGUAGES.map(
        (l) => html`<button lang=${l.code} data-lang=${l.code} title=${l.name} aria-pressed=${String(language() === l.code)}
        @click=${() => setLanguage(l.code as Language)}>${l.code.toUpperCase()}</button>`,
      )}
    </div>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'sw-language-picker': SwLanguagePicker;
  }
}
