// <sw-results .state .events>: the final standings (R8.3: equal scores share the victory)
// with each seat's or team's points by source: completed realms (R7), battles (R6.4,
// R6.5) and final scoring (R8.2). Fires `sw-new-game` and `sw-close`.
import { LitElement, css, html, nothing } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import { scoreLaps, scorerOf, winners, type GameEvent, type GameSetup, type GameState } from '../engine';
import type { Forfeit, SeatInfo } from '../session/session';
import { scoreBreakdown } from './event-text';
import { t } from './i18n';
import { LanguageController } from './language-controller';
import { scorerCss, scorerLabel, seatLabel } from './seat-names';
import { theme } from './theme';

@customElement('sw-results')
export class SwResults extends LitElement {
  static override styles = [
    theme,
    css`
    :host { display: block; }
    .card { padding: 18px 22px; max-width: min(560px, calc(100vw - 16px)); margin: auto; box-shadow: 0 20px 60px #000a; box-sizing: border-box; }
    td:first-child { overflow-wrap: anywhere; }
    h2 { font-size: 1.4rem; }
    .winner { color: var(--sw-accent); font-size: 1.1rem; margin: 6px 0 14px; font-weight: 650; }
    table { border-collapse: collapse; width: 100%; font-variant-numeric: tabular-nums; }
    th, td { padding: 6px 8px; text-align: right; border-bottom: 1px solid var(--sw-line); }
    th:first-child, td:first-child { text-align: left; }
    th { font-size: 0.72rem; color: var(--sw-dim); text-transform: uppercase; letter-spacing: 0.05em; font-weight: 600; }
    td.total { font-weight: 800; font-size: 1.1rem; white-space: nowrap; }
    td.total small { font-size: 0.7rem; color: var(--sw-accent); font-weight: 600; }
    tr.top td.total { color: var(--sw-accent); }
    .swatch { display: inline-block; width: 11px; height: 11px; border-radius: 50%; margin-right: 6px; box-shadow: 0 0 0 1px #0008; }
    .actions { display: flex; gap: 8px; justify-content: flex-end; margin-top: 14px; }
    /* a phone: the table and its TOTAL column fit 360 px without scrolling */
    @media (max-width: 480px) {
      .card { padding: 12px 10px; }
      th, td { padding: 4px 3px; }
      th { font-size: 0.6rem; letter-spacing: 0; text-transform: none; }
      td.total { font-size: 1rem; }
      .actions { flex-wrap: wrap; }
    }
    @media (max-height: 480px) { .card { padding: 10px 14px; } th, td { padding: 3px 6px; } .winner { margin: 2px 0 6px; } }
  `,
  ];

  @property({ attribute: false }) state: GameState | null = null;
  @property({ attribute: false }) events: readonly GameEvent[] = [];
  /** Seats that left an online game (dropped or resigned): they rank last whatever their score (P2.6). */
  @property({ attribute: false }) forfeits: readonly Forfeit[] = [];
  /** Who played each seat: online, rows go by the players' names. */
  @property({ attribute: false }) seats: readonly SeatInfo[] = [];
  protected readonly i18n = new LanguageController(this);

  /** The scorer is this device's one player, online ("You win!"). */
  private isMine(setup: GameSetup, scorer: number): boolean {
    const mine = this.seats.filter((x) => x.localHuman);
    return (
      !setup.options.teams &&
      mine.length === 1 &&
      this.seats.some((x) => x.controller.kind === 'remote') &&
      mine[0].colour === setup.seats[scorer]
    );
  }

  /** A scorer's name: its team, or online its player ("Ana (red)", "You"), else its colour. */
  private label(setup: GameSetup, scorer: number): string {
    return setup.options.teams || !this.seats.length ? scorerLabel(setup, scorer) : seatLabel(this.seats, setup.seats[scorer]);
  }

  /** Under a dropped seat's row: on whose signed word the drop rests (issue 18; verify prints the same). */
  private droppedBy(state: GameState, scorer: number) {
    const drops = this.forfeits.filter(
      (f) => f.why === 'dropped' && f.by && scorerOf(state, state.setup.seats.indexOf(f.colour)) === scorer,
    );
    return drops.map((f) => {
      const who = f.by!.length ? f.by!.map((c) => seatLabel(this.seats, c)).join(', ') : t('droppedOnNobody');
      const line = state.setup.options.teams
        ? t('seatDroppedOnWord', { seat: seatLabel(this.seats, f.colour), who })
        : t('droppedOnWord', { who });
      return html`<br /><small data-dropped-by=${f.colour}>${line}</small>`;
    });
  }

  override render() {
    const state = this.state;
    if (!state || state.phase !== 'over') return nothing;
    const setup = state.setup;
    const rows = scoreBreakdown(setup, this.events);
    // A forfeited seat's scorer (its team, in the team variant) ranks last and cannot win.
    const out = new Set(this.forfeits.map((f) => scorerOf(state, setup.seats.indexOf(f.colour))));
    const standing = winners(state).filter((i) => !out.has(i));
    const best = Math.max(-1, ...state.scores.filter((_, i) => !out.has(i)));
    const top = standing.length ? standing : state.scores.map((_, i) => i).filter((i) => !out.has(i) && state.scores[i] === best);
    const names = top.map((i) => this.label(setup, i));
    const order = state.scores
      .map((_, i) => i)
      .sort((a, b) => Number(out.has(a)) - Number(out.has(b)) || state.scores[b] - state.scores[a] || a - b);
    return html`<div class="card panel" role="dialog" aria-label=${t('results')}>
      <h2>${t('results')}</h2>
      <div class="winner">${
        names.length === 1
          ? this.isMine(setup, top[0])
            ? t('youWin')
            : t('winnerIs', { who: names[0] })
          : t('winnersAre', { who: names.join(', ') })
      }</div>
      <table>
        <thead><tr><th></th><th>${t('realmPoints')}</th><th>${t('battlePoints')}</th><th>${t('finalPoints')}</th><th>${t('total')}</th></tr></thead>
        <tbody>
          ${order.map((i) => {
            const { laps } = scoreLaps(state.scores[i]);
            return html`<tr class=${top.includes(i) ? 'top' : ''} data-result=${i}>
              <td><span class="swatch" style="background:${scorerCss(setup, i)}"></span>${this.label(setup, i)}${
                out.has(i) ? html` <small data-forfeit>(${t('onlineForfeit')})</small>` : nothing
              }${this.droppedBy(state, i)}</td>
              <td>${rows[i]?.realms ?? 0}</td><td>${rows[i]?.battles ?? 0}</td><td>${rows[i]?.final ?? 0}</td>
              <td class="total" data-final-score=${state.scores[i]}>${state.scores[i]}${laps ? html` <small>(${t('laps', { laps })})</small>` : nothing}</td>
            </tr>`;
          })}
        </tbody>
      </table>
      <div class="actions">
        <button @click=${() => this.dispatchEvent(new CustomEvent('sw-close', { bubbles: true, composed: true }))}>${t('close')}</button>
        <button class="primary"
          @click=${() => this.dispatchEvent(new CustomEvent('sw-new-game', { bubbles: true, composed: true }))}>${t('newGameAgain')}</button>
      </div>
    </div>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'sw-results': SwResults;
  }
}
