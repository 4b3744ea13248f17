// <sw-side-panel .state .seats .events .seen .tab ?portrait>: the game screen's side panel:
// the scoreboard (R1.7), whatever the `online` slot holds (players online, chat), and three
// tabs: the game log, the latest battle (R10.3) and the tiles left in the supply. On a phone
// held upright it is a bottom sheet, folded by default, with the `actions` slot in its head.
// The game screen chooses the tab (a new battle brings its tab forward); a click on a tab
// fires `sw-tab` (CustomEvent<SideTab>).
import { LitElement, css, html, nothing } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import type { GameEvent, GameState } from '../engine';
import type { SeatInfo } from '../session/session';
import { t } from './i18n';
import { LanguageController } from './language-controller';
import { latestBattle } from './sw-battle-view';
import { theme } from './theme';
import './sw-battle-view';
import './sw-event-log';
import './sw-scoreboard';
import './sw-supply-list';

export type SideTab = 'log' | 'battle' | 'supply';
const TABS: readonly SideTab[] = ['log', 'battle', 'supply'];

@customElement('sw-side-panel')
export class SwSidePanel extends LitElement {
  static override styles = [
    theme,
    css`
    :host {
      display: flex; flex-direction: column; min-height: 0; border-left: 1px solid var(--sw-line);
      background: linear-gradient(180deg, #0d1430, #080c1c);
    }
    sw-scoreboard { padding: 10px 10px 6px; }
    .tabs { display: flex; gap: 4px; padding: 4px 10px; border-top: 1px solid var(--sw-line); }
    .tabs button {
      flex: 1; padding: 4px 6px; font-size: 0.8rem; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; min-width: 0;
    }
    .tabs button.flash { border-color: var(--sw-danger); }
    .pane { flex: 1; min-height: 0; overflow: auto; padding: 6px 10px 10px; }
    .pane sw-event-log { height: 100%; }
    @media (max-width: 900px), (max-height: 500px) {
      sw-scoreboard { padding: 6px; font-size: 0.85rem; }
      .tabs button { font-size: 0.72rem; padding: 3px 4px; }
    }
    /* a phone held upright: a bottom sheet, folded to the scoreboard until opened */
    @media (orientation: portrait) and (max-width: 700px) {
      :host { border-left: none; border-top: 1px solid var(--sw-line); max-height: 46vh; }
      .folded { display: none; }
      sw-scoreboard { padding: 4px 8px; }
      .sheet-head { display: flex; align-items: center; gap: 6px; padding: 4px 8px 0; }
      .sheet-head .grow { flex: 1; }
      .sheet-head button { min-height: 40px; }
      .tabs button { min-height: 40px; font-size: 0.85rem; }
    }
  `,
  ];

  /** The state the players see. */
  @property({ attribute: false }) state: GameState | null = null;
  @property({ attribute: false }) seats: readonly SeatInfo[] = [];
  /** Every event shown so far (the game log). */
  @property({ attribute: false }) events: readonly GameEvent[] = [];
  /** The events shown plus those the table is playing now (the battle tab follows the dice). */
  @property({ attribute: false }) seen: readonly GameEvent[] = [];
  @property() tab: SideTab = 'log';
  /** A phone held upright: the panel is a bottom sheet. */
  @property({ type: Boolean }) portrait = false;

  @state() private sheetOpen = false;

  protected readonly i18n = new LanguageController(this);

  override render() {
    const state = this.state;
    if (!state) return nothing;
    const folded = this.portrait && !this.sheetOpen ? 'folded' : '';
    return html`
      ${
        this.portrait
          ? html`<div class="sheet-head">
        <span class="grow"></span><slot name="actions"></slot>
        <button data-sheet aria-expanded=${String(this.sheetOpen)} @click=${() => (this.sheetOpen = !this.sheetOpen)}>
          ${this.sheetOpen ? '▾' : '▴'} ${t('more')}</button></div>`
          : nothing
      }
      <sw-scoreboard ?compact=${this.portrait} .state=${state} .seats=${this.seats}></sw-scoreboard>
      <slot name="online"></slot>
      <div class="tabs ${folded}" role="tablist">
        ${TABS.map(
          (tab) => html`<button role="tab" data-tab=${tab} aria-pressed=${String(this.tab === tab)}
          @click=${() => this.choose(tab)}>${tab === 'log' ? t('eventLog') : tab === 'battle' ? t('battle') : t('tilesTab')}</button>`,
        )}
      </div>
      <div class="pane ${folded}">${this.pane(state)}</div>`;
  }

  private pane(state: GameState) {
    if (this.tab === 'battle') {
      const events = this.seen;
      return latestBattle(events) ? html`<sw-battle-view .setup=${state.setup} .events=${events}></sw-battle-view>` : html`<p>—</p>`;
    }
    if (this.tab === 'supply') return html`<sw-supply-list .state=${state}></sw-supply-list>`;
    return html`<sw-event-log .state=${state} .events=${this.events}></sw-event-log>`;
  }

  private choose(tab: SideTab): void {
    this.dispatchEvent(new CustomEvent<SideTab>('sw-tab', { detail: tab, bubbles: true, composed: true }));
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'sw-side-panel': SwSidePanel;
  }
  interface HTMLElementEventMap {
    'sw-tab': CustomEvent<SideTab>;
  }
}
