// <sw-verify-report .report .fileName>: the result of verifyReplay (P1.5, P4.2): what was
// proved (draws, dice, scores, die-face histogram and chi-square), or the first discrepancy.
// Fires `sw-menu`.
import { LitElement, css, html, nothing } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import { COLOURS, type Colour } from '../engine';
import type { VerifyReport } from '../fair';
import { colourName } from './seat-names';
import { t } from './i18n';
import { LanguageController } from './language-controller';
import { theme } from './theme';
import './sw-language-picker';

@customElement('sw-verify-report')
export class SwVerifyReport extends LitElement {
  static override styles = [
    theme,
    css`
    :host { display: block; height: 100%; overflow: auto; background: radial-gradient(ellipse at 30% 0%, #1d2a5c 0%, #070b1a 60%); }
    .wrap { max-width: 820px; margin: 0 auto; padding: 20px; }
    header { display: flex; gap: 10px; align-items: center; margin-bottom: 14px; }
    header h2 { flex: 1; }
    .card { padding: 16px 18px; }
    .verdict { font-size: 1.2rem; font-weight: 700; margin-bottom: 10px; }
    .ok { color: var(--sw-ok); }
    .bad { color: var(--sw-danger); }
    dl { display: grid; grid-template-columns: max-content 1fr; gap: 4px 16px; margin: 0 0 12px; }
    dt { color: var(--sw-dim); }
    dd { margin: 0; font-variant-numeric: tabular-nums; }
    .hist { display: flex; align-items: flex-end; gap: 6px; height: 90px; margin: 26px 0 4px; }
    .bar { flex: 1; background: linear-gradient(180deg, #6ee7ff, #2563eb); border-radius: 4px 4px 0 0; position: relative; min-height: 2px; }
    .bar.yellow { background: linear-gradient(180deg, #ffe27a, #d69e00); }
    .bar span { position: absolute; bottom: -18px; left: 0; right: 0; text-align: center; font-size: 0.75rem; color: var(--sw-dim); }
    .bar b { position: absolute; top: -17px; left: 0; right: 0; text-align: center; font-size: 0.7rem; font-weight: 600; }
    .hists { display: grid; grid-template-columns: 1fr 1fr; gap: 20px; margin-bottom: 24px; }
    :host([embedded]) { height: auto; background: none; }
    :host([embedded]) .wrap { padding: 0; }
    :host([embedded]) header { display: none; }
    details { margin-top: 10px; }
    summary { cursor: pointer; color: var(--sw-dim); }
    pre { white-space: pre-wrap; font-size: 0.78rem; max-height: 40vh; overflow: auto; background: #0006; padding: 10px; border-radius: 8px; }
  `,
  ];

  @property({ attribute: false }) report: VerifyReport | null = null;
  @property() fileName = '';
  /** Inside the standalone verify page: no header of its own. */
  @property({ type: Boolean, reflect: true }) embedded = false;
  protected readonly i18n = new LanguageController(this);

  private histogram(counts: number[], firstFace: number, yellow: boolean) {
    const max = Math.max(1, ...counts);
    return html`<div class="hist">${counts.map(
      (c, i) => html`<div class="bar ${yellow ? 'yellow' : ''}"
        style="height:${(c / max) * 100}%"><b>${c}</b><span>${firstFace + i}</span></div>`,
    )}</div>`;
  }

  /** A seat colour or team name in the player's language (the report carries the engine's names). */
  private name(key: string): string {
    if ((COLOURS as readonly string[]).includes(key)) return colourName(key as Colour);
    if (key === 'Rebel' || key === 'Empire') return t(`team_${key}`);
    return key;
  }

  override render() {
    const r = this.report;
    if (!r) return nothing;
    return html`<div class="wrap">
      <header>
        <button @click=${() => this.dispatchEvent(new CustomEvent('sw-menu', { bubbles: true, composed: true }))}>☰ ${t('home')}</button>
        <h2>${t('verifyReplay')}${this.fileName ? html`: ${this.fileName}` : nothing}</h2>
        <sw-language-picker></sw-language-picker>
      </header>
      <div class="card panel">
        ${
          r.ok
            ? html`
          <div class="verdict ok"
            data-verdict=${r.inProgress ? 'in-progress' : 'ok'}>✔ ${r.inProgress ? t('verifyInProgress', { turn: r.turn }) : t('verifyOk')}</div>
          <dl>
            <dt>${t('verifySeats')}</dt><dd>${r.seats.map((c) => this.name(c)).join(', ')}</dd>
            <dt>${t('verifyTurns')}</dt><dd>${r.turns}</dd>
            <dt>${t('verifyDraws')}</dt><dd>${r.draws}</dd>
            <dt>${t('verifyDice')}</dt><dd>${r.dice}</dd>
            <dt>${t('verifyScores')}</dt><dd>${Object.entries(r.scores)
              .map(([k, v]) => `${this.name(k)} ${v}`)
              .join(' · ')}</dd>
            ${
              r.dice
                ? html`<dt>${t('verifyChi')}</dt><dd>${r.chiSquare.normal.toFixed(2)}${
                    r.chiSquare.yellow !== null ? ` · ${r.chiSquare.yellow.toFixed(2)}` : ''
                  }</dd>`
                : nothing
            }
          </dl>
          ${
            r.dice
              ? html`<h3>${t('verifyHistogram')}</h3>
          <div class="hists">
            ${this.histogram(r.histogram.normal, 1, false)}
            ${r.histogram.yellow.some((c) => c > 0) ? this.histogram(r.histogram.yellow, 3, true) : nothing}
          </div>`
              : nothing
          }
          <details><summary>${t('verifyTechnical')}</summary><pre>${r.lines.join('\n')}</pre></details>`
            : html`
          <div class="verdict bad" data-verdict="bad">✘ ${r.malformed ? t('verifyMalformed') : t('verifyFailed')}</div>
          <p data-explain>${r.malformed ? t('verifyMalformedExplained') : r.entry !== null ? t('verifyMismatch', { n: r.entry }) : t('verifyMismatchFile')}</p>
          <details><summary>${t('verifyTechnical')}</summary>
          <dl>
            ${r.expected ? html`<dt>${t('verifyExpected')}</dt><dd>${readable(r.expected)}</dd>` : nothing}
            ${r.found ? html`<dt>${t('verifyFound')}</dt><dd>${readable(r.found)}</dd>` : nothing}
            ${!r.expected && !r.found ? html`<dt></dt><dd>${readable(r.message)}</dd>` : nothing}
          </dl></details>`
        }
      </div>
    </div>`;
  }
}

/** Dice lists such as [[1],[2,5]] as "1 | 2 5": the verifier's words are technical, its arrays need not be raw. */
export function readable(text: string): string {
  return text.replace(/\[\[[\d,[\] ]*\]\]/g, (m) => {
    try {
      return (JSON.parse(m) as number[][]).map((d) => d.join(' ')).join(' | ');
    } catch {
      return m;
    }
  });
}

declare global {
  interface HTMLElementTagNameMap {
    'sw-verify-report': SwVerifyReport;
  }
}
