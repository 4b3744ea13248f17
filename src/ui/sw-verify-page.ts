// <sw-verify-page>: the standalone replay checker (verify.html, P4.2), in the player's
// language: drop or pick a replay file, and <sw-verify-report> shows what verifyReplay
// proved or the first discrepancy. Works offline once the app has been visited.
import { LitElement, css, html, nothing } from 'lit';
import { customElement, state } from 'lit/decorators.js';
import { verifyReplay, type VerifyReport } from '../fair';
import { t } from './i18n';
import { LanguageController } from './language-controller';
import { theme } from './theme';
import './sw-language-picker';
import './sw-verify-report';

@customElement('sw-verify-page')
export class SwVerifyPage extends LitElement {
  static override styles = [
    theme,
    css`
    :host { display: block; min-height: 100%; background: radial-gradient(ellipse at 30% 0%, #1d2a5c 0%, #070b1a 60%); }
    .wrap { max-width: 820px; margin: 0 auto; padding: 20px; }
    header { display: flex; gap: 10px; align-items: center; flex-wrap: wrap; }
    header h1 { flex: 1; font-size: 1.4rem; margin: 0; }
    .drop { margin: 14px 0; border: 2px dashed #6b7391; border-radius: 12px; padding: 24px; text-align: center; }
    .drop.over { border-color: var(--sw-accent); background: #1c2130; }
    p { color: var(--sw-dim); line-height: 1.45; }
    a { color: var(--sw-accent-2); }
    sw-verify-report { height: auto; background: none; }
  `,
  ];

  @state() private report: VerifyReport | null = null;
  @state() private fileName = '';
  @state() private over = false;
  protected readonly i18n = new LanguageController(this);

  private async open(file: File | undefined): Promise<void> {
    if (!file) return;
    this.fileName = file.name;
    try {
      this.report = verifyReplay(await file.text());
    } catch {
      this.report = { ok: false, malformed: true, entry: null, expected: '', found: '', message: t('fileError', { message: file.name }) };
    }
  }

  override render() {
    return html`<div class="wrap">
      <header><h1>${t('verifyReplay')}</h1><a href="./">${t('appTitle')}</a><sw-language-picker></sw-language-picker></header>
      <p>${t('verifyIntro')}</p>
      <div class="drop ${this.over ? 'over' : ''}" @dragover=${(e: DragEvent) => {
        e.preventDefault();
        this.over = true;
      }}
        @dragleave=${() => (this.over = false)} @drop=${(e: DragEvent) => {
          e.preventDefault();
          this.over = false;
          void this.open(e.dataTransfer?.files[0]);
        }}>
        <label>${t('verifyDrop')} <input type="file" data-file accept=".json,application/json"
          @change=${(e: Event) => void this.open((e.target as HTMLInputElement).files?.[0])} /></label>
      </div>
      ${this.report ? html`<sw-verify-report embedded .report=${this.report} .fileName=${this.fileName}></sw-verify-report>` : nothing}
    </div>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'sw-verify-page': SwVerifyPage;
  }
}
