// <sw-status-line .state .status ?replaying ?drafting>: the game screen's one line on whose
// turn it is (a dot in the seat's colour, "Red: place a tile", bot thinking, waiting for a
// remote peer, game over, failure), the turn, the tiles left, and a hint of what to do now.
import { LitElement, css, html, nothing } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import { supplySize, type GameState } from '../engine';
import type { SeatInfo, SessionStatus } from '../session/session';
import { t } from './i18n';
import { LanguageController } from './language-controller';
import { SEAT_CSS, seatLabel, seatName } from './seat-names';
import { touchInput } from './input-kind';
import { theme } from './theme';

@customElement('sw-status-line')
export class SwStatusLine extends LitElement {
  static override styles = [
    theme,
    css`
    :host { display: flex; align-items: center; gap: 12px; min-width: 0; }
    .who { font-weight: 700; font-size: 1.02rem; }
    .turn { color: var(--sw-dim); font-size: 0.8rem; }
    .hint { color: var(--sw-dim); font-size: 0.78rem; }
    .dot { width: 14px; height: 14px; border-radius: 50%; box-shadow: 0 0 0 2px #0009, 0 0 12px var(--c); flex: none; }
    @media (max-width: 900px), (max-height: 500px) {
      .hint, .turn { display: none; }
    }
    @media (orientation: portrait) and (max-width: 700px) {
      .turn { display: block; }
    }
  `,
  ];

  /** The state the players see. */
  @property({ attribute: false }) state: GameState | null = null;
  @property({ attribute: false }) status: SessionStatus | null = null;
  /** The session steps through a recorded game. */
  @property({ type: Boolean }) replaying = false;
  /** A turn is drafted on this device (the tile is down, the meeple not yet). */
  @property({ type: Boolean }) drafting = false;
  /** Who plays each seat: online, the line names people ("You", "Ana (red)") instead of colours. */
  @property({ attribute: false }) seats: readonly SeatInfo[] = [];
  /** An online game's waiting line (waiting-text.ts), shown instead of "Waiting for red…" so the panel and this line agree. */
  @property() waitLine: string | null = null;

  protected readonly i18n = new LanguageController(this);

  override render() {
    const state = this.state;
    const s = this.status;
    if (!state || !s) return nothing;
    const setup = state.setup;
    const turn = html`${t('turnN', { n: state.turn })} · ${t('tilesLeft', { n: supplySize(state) })}`;
    if (this.replaying && s.kind !== 'over')
      return html`<span><div class="who" data-status="replay">${t('replay')} · ${t('toMove', { who: seatName(setup, state.seat) })}</div>
        <div class="turn">${turn}</div></span>`;
    if (s.kind === 'over') return html`<span class="who">${t('gameOver')}</span>`;
    if (s.kind === 'failed') return html`<span class="who">${t('sessionFailed', { message: s.message })}</span>`;
    const who = this.seats.length ? seatLabel(this.seats, setup.seats[state.seat]) : seatName(setup, state.seat);
    const text =
      s.kind === 'bot-thinking'
        ? t('botThinking', { who })
        : s.kind === 'waiting-remote'
          ? (this.waitLine ?? t('waitingRemote', { who }))
          : state.phase === 'deploy' || this.drafting
            ? t('deployMeeple', { who })
            : t('placeTile', { who });
    const key = this.drafting ? 'draftHint' : state.phase === 'deploy' ? 'deployHint' : 'rotateHint';
    const hint = s.kind !== 'your-move' ? '' : t(touchInput() ? `${key}Tap` : key);
    const colour = SEAT_CSS[setup.seats[state.seat]];
    return html`<span class="dot" style="--c:${colour};background:${colour}"></span>
      <span><div class="who" data-status=${s.kind}>${text}</div>
        <div class="turn">${turn}${hint ? html`<span class="hint"> · ${hint}</span>` : nothing}</div></span>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'sw-status-line': SwStatusLine;
  }
}
