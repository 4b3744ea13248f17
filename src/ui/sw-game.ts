// <sw-game .session>: the playing screen. The 3D table (<sw-table>) fills the screen; the
// top bar tells whose turn it is and shows the drawn tile turned like the ghost; the side
// panel holds the scores and reserves, the battle view, the game log and the supply. A
// local human's turn offers the legal placements (R10.1) and spots (R10.2) on the table;
// the deploy controls pick the meeple and equipment. Fires `sw-menu`, `sw-save`
// (CustomEvent<'game' | 'replay'>) and `sw-new-game`.
import { LitElement, css, html, nothing, type PropertyValues } from 'lit';
import { customElement, property, query, state } from 'lit/decorators.js';
import { legalDeployments, legalPlacements, supplySize, type Deployment, type Equipment, type Placement } from '../engine';
import type { Session } from '../net/session';
import type { TableView } from '../render/tabletop';
import { normaliseChoice, type DeployChoice } from './deploy-choice';
import { t } from './i18n';
import { LanguageController } from './language-controller';
import { latestBattle } from './sw-battle-view';
import { seatName, SEAT_CSS } from './seat-names';
import { SessionController } from './session-controller';
import { theme } from './theme';
import type { SwTable } from './sw-table';
import './sw-table';
import './sw-tile-preview';
import './sw-scoreboard';
import './sw-event-log';
import './sw-supply-list';
import './sw-deploy-controls';
import './sw-battle-view';
import './sw-results';
import './sw-language-picker';

type SideTab = 'log' | 'battle' | 'supply';

@customElement('sw-game')
export class SwGame extends LitElement {
  static override styles = [theme, css`
    :host { display: grid; grid-template-columns: 1fr minmax(260px, 22rem); height: 100%; background: var(--sw-bg); overflow: hidden; }
    .stage { position: relative; min-width: 0; min-height: 0; }
    sw-table { position: absolute; inset: 0; }
    .topbar { position: absolute; top: 10px; left: 10px; right: 10px; display: flex; align-items: flex-start; gap: 10px; pointer-events: none; }
    .topbar > * { pointer-events: auto; }
    .status { padding: 8px 14px; display: flex; align-items: center; gap: 12px; min-width: 0; }
    .status .who { font-weight: 700; font-size: 1.02rem; }
    .status .turn { color: var(--sw-dim); font-size: 0.8rem; }
    .status .hint { color: var(--sw-dim); font-size: 0.78rem; }
    .dot { width: 14px; height: 14px; border-radius: 50%; box-shadow: 0 0 0 2px #0009, 0 0 12px var(--c); flex: none; }
    .drawn { display: flex; align-items: center; gap: 10px; padding: 6px 10px 6px 6px; --tile-size: 64px; }
    .drawn .label { font-size: 0.72rem; color: var(--sw-dim); text-transform: uppercase; letter-spacing: 0.06em; }
    .drawn .id { font-weight: 700; }
    .spacer { flex: 1; }
    .actions { display: flex; gap: 6px; flex-wrap: wrap; justify-content: flex-end; }
    .deploy { position: absolute; left: 50%; bottom: 14px; transform: translateX(-50%); max-width: calc(100% - 20px); }
    .toast { position: absolute; left: 50%; top: 84px; transform: translateX(-50%); background: #4a1020; border: 1px solid var(--sw-danger); color: #ffd7dc; padding: 8px 14px; border-radius: 10px; max-width: 80%; }
    .failed { position: absolute; left: 50%; bottom: 14px; transform: translateX(-50%); background: #4a1020; border: 1px solid var(--sw-danger); padding: 10px 14px; border-radius: 10px; }
    .overlay { position: absolute; inset: 0; display: grid; place-items: center; background: rgba(3, 5, 12, 0.55); padding: 10px; overflow: auto; }
    aside { display: flex; flex-direction: column; min-height: 0; border-left: 1px solid var(--sw-line); background: linear-gradient(180deg, #0d1430, #080c1c); }
    aside sw-scoreboard { padding: 10px 10px 6px; }
    .tabs { display: flex; gap: 4px; padding: 4px 10px; border-top: 1px solid var(--sw-line); }
    .tabs button { flex: 1; padding: 4px 6px; font-size: 0.8rem; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; min-width: 0; }
    .topbar button { white-space: nowrap; }
    .tabs button.flash { border-color: var(--sw-danger); }
    .pane { flex: 1; min-height: 0; overflow: auto; padding: 6px 10px 10px; }
    .pane sw-event-log { height: 100%; }
    @media (max-width: 900px), (max-height: 500px) {
      :host { grid-template-columns: 1fr minmax(200px, 15rem); font-size: 0.9rem; }
      .drawn { --tile-size: 46px; padding: 4px 8px 4px 4px; }
      .drawn .label, .status .hint, .status .turn { display: none; }
      .status { padding: 6px 10px; }
      .topbar { top: 6px; left: 6px; right: 6px; gap: 6px; }
      .actions button { padding: 4px 8px; font-size: 0.8rem; }
      .actions sw-language-picker { display: none; }
      aside sw-scoreboard { padding: 6px; font-size: 0.85rem; }
      .tabs button { font-size: 0.72rem; padding: 3px 4px; }
      .deploy { bottom: 6px; }
    }
  `];

  @property({ attribute: false }) session: Session | null = null;
  /** Skip table animations (tests, reduced motion). */
  @property({ type: Boolean }) fast = false;

  @state() private choice: DeployChoice = { meeple: 'small', equipment: null };
  @state() private tab: SideTab = 'log';
  @state() private toast: string | null = null;
  @state() private resultsClosed = false;
  @state() private ghostRotation = 0;
  @query('sw-table') private table!: SwTable | null;

  readonly sessionController = new SessionController(this);
  protected readonly i18n = new LanguageController(this);
  private toastTimer: ReturnType<typeof setTimeout> | null = null;
  private battleSeen = 0;

  constructor() {
    super();
    // After a click on the HUD (language, meeple size, …) the keys go back to the table (R, Enter, Esc).
    this.addEventListener('click', (e) => {
      const control = e.composedPath()[0];
      if (control instanceof HTMLSelectElement || control instanceof HTMLInputElement) return;
      requestAnimationFrame(() => this.tabletop?.canvas.focus({ preventScroll: true }));
    });
    this.sessionController.animate = (events, after) => (this.fast || !this.table ? Promise.resolve() : this.table.playEvents(events, after));
  }

  /** The 3D table's Tabletop (tests drive it through cellToScreen / spotToScreen). */
  get tabletop() {
    return this.table?.tabletop ?? null;
  }

  /** Resolves when the table shows everything the session has done (bots wait for it). */
  idle(): Promise<void> {
    return this.sessionController.idle();
  }

  protected override willUpdate(changed: PropertyValues): void {
    if (changed.has('session')) {
      this.sessionController.attach(this.session);
      this.resultsClosed = false;
      this.battleSeen = latestBattleCount(this.sessionController.events);
    }
  }

  /** Whose move the UI takes now: a local human's, once everything before it is shown. */
  private humanSeat(): number | null {
    const s = this.sessionController.status;
    if (!s || s.kind !== 'your-move' || this.sessionController.busy || !this.session) return null;
    return s.seat;
  }

  private view(): TableView | null {
    const state = this.sessionController.shown;
    if (!state) return null;
    const human = this.humanSeat() !== null;
    const placements = human && state.phase === 'place' ? legalPlacements(state) : [];
    const deployments = human && state.phase === 'deploy' ? legalDeployments(state) : [];
    return { state, placements, deployments, deployChoice: normaliseChoice(this.choice, deployments) };
  }

  private async intent(run: () => Promise<void>): Promise<void> {
    try {
      await run();
    } catch (e) {
      this.showToast(t('illegalMove', { message: (e instanceof Error ? e.message : String(e)).split('\n')[0] }));
    }
  }

  private showToast(text: string): void {
    this.toast = text;
    if (this.toastTimer) clearTimeout(this.toastTimer);
    this.toastTimer = setTimeout(() => (this.toast = null), 4000);
  }

  private onPlace = (e: CustomEvent<Placement>) => {
    if (this.humanSeat() === null) return;
    void this.intent(() => this.session!.place(e.detail));
  };

  private onDeploy = (e: CustomEvent<Deployment | null>) => {
    if (this.humanSeat() === null) return;
    void this.intent(() => this.session!.deploy(e.detail));
  };

  private skip(): void {
    if (this.humanSeat() === null || this.sessionController.shown?.phase !== 'deploy') return;
    void this.intent(() => this.session!.deploy(null));
  }

  private readonly onKey = (e: KeyboardEvent) => {
    // Esc skips the deployment even when the table has no spot to offer (R5.1).
    if (e.key === 'Escape' && !e.defaultPrevented && this.sessionController.shown?.phase === 'deploy') this.skip();
  };

  /** Follow the ghost's rotation for the 2D preview of the drawn tile. */
  private readonly trackGhost = () => {
    // No ghost yet: the tile is shown as printed (rotation 0), like the table will first offer it.
    const r = this.tabletop?.ghostPlacement()?.r ?? 0;
    if (r !== this.ghostRotation) this.ghostRotation = r;
  };

  private readonly onResize = () => this.updateInsets();

  override connectedCallback(): void {
    super.connectedCallback();
    window.addEventListener('keydown', this.onKey);
    window.addEventListener('resize', this.onResize);
    // Keys reach the table from the canvas or from the page itself; follow the ghost either way.
    window.addEventListener('keyup', this.trackGhost);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    window.removeEventListener('keydown', this.onKey);
    window.removeEventListener('resize', this.onResize);
    window.removeEventListener('keyup', this.trackGhost);
    if (this.toastTimer) clearTimeout(this.toastTimer);
  }

  protected override updated(): void {
    // A new battle brings its tab forward (R10.3).
    const battles = latestBattleCount(this.sessionController.events);
    if (battles > this.battleSeen) {
      this.battleSeen = battles;
      this.tab = 'battle';
    }
    // Keep the keyboard on the table during a local human's turn (R, arrows, Enter, Esc).
    if (this.humanSeat() !== null) {
      const canvas = this.tabletop?.canvas;
      const active = document.activeElement;
      if (canvas && (active === document.body || active === this || active === null)) canvas.focus({ preventScroll: true });
    }
    this.trackGhost();
    this.updateInsets();
  }

  private insetsKey = '';

  /**
   * Tells the table which strips the HUD covers, so framing keeps the board visible. Measured
   * once per size (not every turn): a camera that moves while the player aims would be worse.
   * The bottom strip is reserved for the deploy bar even while it is hidden.
   */
  private updateInsets(): void {
    const table = this.tabletop;
    const stage = this.renderRoot.querySelector('.stage');
    const top = this.renderRoot.querySelector('.topbar');
    if (!stage || !top) return;
    if (!table) {
      // The table is created when <sw-table> first updates: set the insets right then, before anyone aims.
      void this.table?.updateComplete.then(() => this.tabletop && this.updateInsets());
      return;
    }
    const box = stage.getBoundingClientRect();
    const key = `${Math.round(box.width)}x${Math.round(box.height)}`;
    if (key === this.insetsKey) return;
    this.insetsKey = key;
    const panels = [...top.children].map((c) => c.getBoundingClientRect().bottom);
    const compact = window.matchMedia('(max-width: 900px), (max-height: 500px)').matches;
    table.setInsets({ top: Math.max(0, Math.round(Math.max(0, ...panels) - box.top)), bottom: compact ? 50 : 84 });
  }

  private statusLine() {
    const state = this.sessionController.shown!;
    const s = this.sessionController.status!;
    const setup = state.setup;
    if (s.kind === 'over') return html`<span class="who">${t('gameOver')}</span>`;
    if (s.kind === 'failed') return html`<span class="who">${t('sessionFailed', { message: s.message })}</span>`;
    const who = seatName(setup, state.seat);
    const text = s.kind === 'bot-thinking' ? t('botThinking', { who })
      : s.kind === 'waiting-remote' ? t('waitingRemote', { who })
      : state.phase === 'deploy' ? t('deployMeeple', { who }) : t('placeTile', { who });
    const hint = s.kind === 'your-move' ? (state.phase === 'deploy' ? t('deployHint') : t('rotateHint')) : '';
    return html`<span class="dot" style="--c:${SEAT_CSS[setup.seats[state.seat]]};background:${SEAT_CSS[setup.seats[state.seat]]}"></span>
      <span><div class="who" data-status=${s.kind}>${text}</div><div class="turn">${t('turnN', { n: state.turn })} · ${t('tilesLeft', { n: supplySize(state) })}${hint ? html` · <span class="hint">${hint}</span>` : nothing}</div></span>`;
  }

  private sidePane() {
    const state = this.sessionController.shown!;
    if (this.tab === 'battle')
      return latestBattle(this.sessionController.events) ? html`<sw-battle-view .setup=${state.setup} .events=${this.sessionController.events}></sw-battle-view>` : html`<p>—</p>`;
    if (this.tab === 'supply') return html`<sw-supply-list .state=${state}></sw-supply-list>`;
    return html`<sw-event-log .state=${state} .events=${this.sessionController.events}></sw-event-log>`;
  }

  override render() {
    const state = this.sessionController.shown;
    const session = this.session;
    if (!state || !session) return nothing;
    const view = this.view()!;
    const human = this.humanSeat();
    const deploying = human !== null && state.phase === 'deploy';
    const ex = state.setup.options.expansion;
    const equipment: Equipment[] = ex.equipment ? (ex.yellowDie ? ['lightsaber', 'blaster'] : ['lightsaber']) : [];
    const drawn = state.phase === 'place' || state.phase === 'deploy' ? state.drawn : null;
    const failed = this.sessionController.status?.kind === 'failed';
    return html`
      <div class="stage" @pointermove=${this.trackGhost} @pointerup=${this.trackGhost}>
        <sw-table .view=${view} @sw-place=${this.onPlace} @sw-deploy=${this.onDeploy}></sw-table>
        <div class="topbar">
          <button data-menu @click=${() => this.dispatchEvent(new CustomEvent('sw-menu', { bubbles: true, composed: true }))}>☰ ${t('home')}</button>
          <div class="status panel" aria-live="polite">${this.statusLine()}</div>
          ${drawn ? html`<div class="drawn panel" data-drawn=${drawn}>
            <sw-tile-preview .tile=${drawn} .rotation=${state.phase === 'place' ? this.ghostRotation : state.tiles[state.tiles.length - 1].r}></sw-tile-preview>
            <div><div class="label">${t('drawnTile')}</div><div class="id">${drawn}</div></div></div>` : nothing}
          <span class="spacer"></span>
          <div class="actions">
            <sw-language-picker></sw-language-picker>
            <button data-save-game @click=${() => this.save('game')}>${t('saveGame')}</button>
            <button data-save-replay @click=${() => this.save('replay')}>${t('saveReplay')}</button>
          </div>
        </div>
        ${deploying ? html`<sw-deploy-controls class="deploy" .deployments=${view.deployments} .choice=${view.deployChoice}
            .colour=${SEAT_CSS[state.setup.seats[state.seat]]} .equipmentInPlay=${equipment}
            @sw-deploy-choice=${(e: CustomEvent<DeployChoice>) => (this.choice = e.detail)} @sw-skip=${() => this.skip()}></sw-deploy-controls>` : nothing}
        ${this.toast ? html`<div class="toast" role="alert">${this.toast}</div>` : nothing}
        ${failed ? html`<div class="failed" role="alert">${t('sessionFailed', { message: (this.sessionController.status as { message: string }).message })}</div>` : nothing}
        ${state.phase === 'over' && !this.resultsClosed ? html`<div class="overlay">
            <sw-results .state=${state} .events=${this.sessionController.events} @sw-close=${() => (this.resultsClosed = true)}></sw-results></div>` : nothing}
      </div>
      <aside>
        <sw-scoreboard .state=${state} .seats=${session.seats}></sw-scoreboard>
        <div class="tabs" role="tablist">
          ${(['log', 'battle', 'supply'] as const).map((tab) => html`<button role="tab" data-tab=${tab} aria-pressed=${String(this.tab === tab)} @click=${() => (this.tab = tab)}>
            ${tab === 'log' ? t('eventLog') : tab === 'battle' ? t('battle') : t('tilesTab')}</button>`)}
        </div>
        <div class="pane">${this.sidePane()}</div>
      </aside>`;
  }

  private save(kind: 'game' | 'replay'): void {
    this.dispatchEvent(new CustomEvent<'game' | 'replay'>('sw-save', { detail: kind, bubbles: true, composed: true }));
  }
}

function latestBattleCount(events: readonly { type: string }[]): number {
  let n = 0;
  for (const e of events) if (e.type === 'battle') n++;
  return n;
}

declare global {
  interface HTMLElementTagNameMap {
    'sw-game': SwGame;
  }
}
