// <sw-replay-viewer .replay>: steps through a replay file on the table, one game action
// (draw, placement, deployment, throw) at a time, with the scores, battle view and log as
// they were. Fires `sw-menu`.
import { LitElement, css, html, nothing, type PropertyValues } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import type { GameEvent, GameState } from '../engine';
import type { TableView } from '../render/tabletop';
import type { SeatInfo } from '../net/session';
import { t } from './i18n';
import { LanguageController } from './language-controller';
import { latestBattle } from './sw-battle-view';
import { theme } from './theme';
import './sw-table';
import './sw-scoreboard';
import './sw-event-log';
import './sw-battle-view';
import './sw-results';
import './sw-language-picker';

export interface ReplayData { states: GameState[]; events: GameEvent[][] }

@customElement('sw-replay-viewer')
export class SwReplayViewer extends LitElement {
  static override styles = [theme, css`
    :host { display: grid; grid-template-columns: 1fr minmax(260px, 22rem); height: 100%; background: var(--sw-bg); overflow: hidden; }
    .stage { position: relative; min-width: 0; }
    sw-table { position: absolute; inset: 0; }
    .topbar { position: absolute; top: 10px; left: 10px; right: 10px; display: flex; gap: 10px; align-items: center; flex-wrap: wrap; pointer-events: none; }
    .topbar > * { pointer-events: auto; }
    .controls { display: flex; gap: 6px; align-items: center; padding: 6px 10px; }
    .controls .step { min-width: 8em; text-align: center; font-variant-numeric: tabular-nums; }
    input[type=range] { width: min(30vw, 280px); }
    aside { display: flex; flex-direction: column; min-height: 0; border-left: 1px solid var(--sw-line); background: linear-gradient(180deg, #0d1430, #080c1c); padding: 10px; gap: 10px; }
    .log { flex: 1; min-height: 0; }
    sw-event-log { height: 100%; }
    .battle { max-height: 40%; overflow: auto; }
    .overlay { position: absolute; left: 50%; bottom: 12px; transform: translateX(-50%); width: min(560px, 95%); }
    @media (max-width: 900px), (max-height: 500px) { :host { grid-template-columns: 1fr minmax(200px, 15rem); } .overlay { display: none; } }
  `];

  @property({ attribute: false }) replay: ReplayData | null = null;
  @state() private step = 0;
  @state() private resultsClosed = false;
  protected readonly i18n = new LanguageController(this);

  /** Log entries that changed the game (draws, moves, throws); commitments and reveals do not. */
  private stops: number[] = [];

  protected override willUpdate(changed: PropertyValues): void {
    if (changed.has('replay')) {
      const r = this.replay;
      this.stops = r ? r.events.map((ev, i) => (ev.length ? i : -1)).filter((i) => i >= 0) : [];
      this.step = this.stops.length ? 1 : 0;
    }
  }

  private readonly onKey = (e: KeyboardEvent) => {
    if (e.key === 'ArrowRight' || e.key === 'PageDown') this.go(this.step + 1);
    else if (e.key === 'ArrowLeft' || e.key === 'PageUp') this.go(this.step - 1);
    else if (e.key === 'Home') this.go(0);
    else if (e.key === 'End') this.go(this.stops.length);
  };

  override connectedCallback(): void {
    super.connectedCallback();
    window.addEventListener('keydown', this.onKey);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    window.removeEventListener('keydown', this.onKey);
  }

  /** Step k shows the state after the k-th game action (0: the first recorded state). */
  go(k: number): void {
    this.step = Math.max(0, Math.min(this.stops.length, k));
    this.resultsClosed = false;
  }

  private stateAt(k: number): GameState | null {
    const r = this.replay;
    if (!r || !r.states.length) return null;
    return k === 0 ? r.states[0] : r.states[this.stops[k - 1]];
  }

  override render() {
    const r = this.replay;
    const state = this.stateAt(this.step);
    if (!r || !state) return nothing;
    const events = r.events.slice(0, this.step === 0 ? 1 : this.stops[this.step - 1] + 1).flat();
    const view: TableView = { state, placements: [], deployments: [], deployChoice: { meeple: 'small', equipment: null } };
    const seats: SeatInfo[] = state.setup.seats.map((colour) => ({ colour, controller: { kind: 'human' }, localHuman: false }));
    const n = this.stops.length;
    return html`<div class="stage">
        <sw-table .view=${view}></sw-table>
        <div class="topbar">
          <button @click=${() => this.dispatchEvent(new CustomEvent('sw-menu', { bubbles: true, composed: true }))}>☰ ${t('home')}</button>
          <div class="controls panel" role="group" aria-label=${t('replay')}>
            <button data-first @click=${() => this.go(0)} title=${t('first')}>«</button>
            <button data-prev @click=${() => this.go(this.step - 1)} title=${t('previous')}>◀</button>
            <input type="range" min="0" max=${n} .value=${String(this.step)} aria-label=${t('replay')}
              @input=${(e: Event) => this.go(Number((e.target as HTMLInputElement).value))} />
            <button data-next @click=${() => this.go(this.step + 1)} title=${t('next')}>▶</button>
            <button data-last @click=${() => this.go(n)} title=${t('last')}>»</button>
            <span class="step" data-step=${this.step}>${t('replayStep', { n: this.step, m: n })}</span>
          </div>
          <sw-language-picker></sw-language-picker>
        </div>
        ${state.phase === 'over' && !this.resultsClosed ? html`<div class="overlay"><sw-results .state=${state} .events=${events}
          @sw-close=${() => (this.resultsClosed = true)}></sw-results></div>` : nothing}
      </div>
      <aside>
        <sw-scoreboard .state=${state} .seats=${seats}></sw-scoreboard>
        ${latestBattle(events) ? html`<div class="battle panel" style="padding:8px"><sw-battle-view .setup=${state.setup} .events=${events}></sw-battle-view></div>` : nothing}
        <div class="log"><sw-event-log .state=${state} .events=${events}></sw-event-log></div>
      </aside>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'sw-replay-viewer': SwReplayViewer;
  }
}
