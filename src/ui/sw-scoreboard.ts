// <sw-scoreboard .state .seats>: every seat's (or team's, R9.1) score with laps of 50
// (R1.7), and each seat's reserve: small and large meeples, lightsaber and blaster (R1.4, R1.6).
import { LitElement, css, html, nothing } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import { equipmentInPlay, scoreLaps, type GameState } from '../engine';
import type { SeatInfo } from '../session/session';
import { t } from './i18n';
import { LanguageController } from './language-controller';
import { blasterIcon, lightsaberIcon, meepleIcon } from './hud-icons';
import { scorerCss, scorerLabel, seatName, seatsOfScorer, SEAT_CSS } from './seat-names';
import { theme } from './theme';

@customElement('sw-scoreboard')
export class SwScoreboard extends LitElement {
  static override styles = [
    theme,
    css`
    :host { display: block; }
    .scorer { display: grid; grid-template-columns: 1fr auto; gap: 2px 8px; padding: 6px 8px; border-radius: 10px; border: 1px solid transparent; }
    .scorer + .scorer { margin-top: 4px; }
    .scorer.active { border-color: var(--sw-accent); background: rgba(255, 210, 74, 0.08); }
    .name { display: flex; align-items: center; gap: 6px; font-weight: 600; min-width: 0; }
    .name span.label { overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
    .swatch { width: 12px; height: 12px; border-radius: 50%; flex: none; box-shadow: 0 0 0 1px #0008; }
    .score { font-size: 1.35rem; font-weight: 750; text-align: right; font-variant-numeric: tabular-nums; line-height: 1.1; }
    .laps { font-size: 0.7rem; color: var(--sw-accent); text-align: right; display: block; font-weight: 600; }
    .seat { grid-column: 1 / -1; display: flex; align-items: center; gap: 6px; font-size: 0.8rem; color: var(--sw-dim); flex-wrap: wrap; }
    .reserve { display: inline-flex; align-items: center; gap: 1px; }
    .gone { opacity: 0.22; }
    .kind { font-size: 0.68rem; padding: 0 5px; border-radius: 6px; border: 1px solid var(--sw-line); }
    @media (max-height: 500px) { .scorer { padding: 3px 6px; } .score { font-size: 1.1rem; } h3 { display: none; } }
    /* a bottom sheet on a phone: every scorer side by side in one row */
    /* (the columns share the width: no sideways scroll, and the last seat's score is never cut) */
    :host([compact]) .list { display: grid; grid-auto-flow: column; grid-auto-columns: minmax(0, 1fr); gap: 4px; }
    :host([compact]) h3 { display: none; }
    :host([compact]) .scorer { margin: 0; padding: 2px 4px; gap: 0 4px; grid-template-columns: minmax(0, 1fr) auto; }
    :host([compact]) .name { grid-column: 1 / -1; font-size: 0.8rem; }
    :host([compact]) .score { grid-column: 1 / -1; text-align: left; }
    :host([compact]) .score { font-size: 1.05rem; white-space: nowrap; }
    :host([compact]) .seat .kind { display: none; }
    :host([compact]) .reserve svg { width: 9px; height: auto; }
    :host([compact]) .seat { gap: 2px; }
  `,
  ];

  @property({ attribute: false }) state: GameState | null = null;
  @property({ attribute: false }) seats: readonly SeatInfo[] = [];
  /** One row, for the bottom sheet of a phone held upright. */
  @property({ type: Boolean, reflect: true }) compact = false;

  protected readonly i18n = new LanguageController(this);

  private seatLine(seat: number) {
    const state = this.state!;
    const colour = state.setup.seats[seat];
    const reserve = state.reserves[seat];
    const fill = SEAT_CSS[colour];
    const info = this.seats[seat];
    const dealt = equipmentInPlay(state.setup.options);
    const kind =
      info?.controller.kind === 'bot'
        ? t('botLevel', { level: t(`level_${info.controller.level}`) })
        : info?.controller.kind === 'remote'
          ? html`<bdi>${info.controller.name}</bdi>`
          : this.seats.filter((x) => x.localHuman).length === 1
            ? t('youName') // one's own seat; a hotseat table of several people keeps "Human"
            : t('human');
    return html`<div class="seat" data-seat=${seat}>
      ${state.setup.options.teams ? html`<span class="swatch" style="background:${fill}"></span>${seatName(state.setup, seat)}` : nothing}
      ${info?.controllerUnknown ? nothing : html`<span class="kind">${kind}</span>`}
      <span class="reserve" title=${`${t('reserve')}: ${reserve.small} × ${t('smallMeeple')}, ${reserve.large} × ${t('largeMeeple')}`}>
        ${[0, 1, 2, 3].map((i) => html`<span class=${i < reserve.small ? '' : 'gone'}>${meepleIcon(fill, 14)}</span>`)}
        <span class=${reserve.large > 0 ? '' : 'gone'}>${meepleIcon(fill, 19)}</span>
      </span>
      ${dealt.includes('lightsaber') ? html`<span class=${reserve.lightsaber ? '' : 'gone'} title=${t('lightsaber')}>${lightsaberIcon(16)}</span>` : nothing}
      ${dealt.includes('blaster') ? html`<span class=${reserve.blaster ? '' : 'gone'} title=${t('blaster')}>${blasterIcon(16)}</span>` : nothing}
    </div>`;
  }

  override render() {
    const state = this.state;
    if (!state) return nothing;
    const setup = state.setup;
    return html`<h3>${t('scores')}</h3><div class="list">
      ${state.scores.map((score, scorer) => {
        const { laps } = scoreLaps(score);
        const seats = seatsOfScorer(setup, scorer);
        const active = state.phase !== 'over' && seats.includes(state.seat);
        return html`<div class="scorer ${active ? 'active' : ''}" data-scorer=${scorer}>
          <div class="name"><span class="swatch"
            style="background:${scorerCss(setup, scorer)}"></span><span class="label"
            title=${scorerLabel(setup, scorer)}>${scorerLabel(setup, scorer)}</span></div>
          <div class="score"><span data-score>${score}</span>${laps ? html`<span class="laps">${t('laps', { laps })}</span>` : nothing}</div>
          ${seats.map((s) => this.seatLine(s))}
        </div>`;
      })}</div>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'sw-scoreboard': SwScoreboard;
  }
}
