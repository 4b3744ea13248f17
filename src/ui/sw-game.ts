// <sw-game .session>: the playing screen. The 3D table (<sw-table>) fills the screen; the
// top bar tells whose turn it is and shows the drawn tile turned like the ghost; the side
// panel holds the scores and reserves, the battle view, the game log and the supply. A
// local human's turn offers the legal placements (R10.1) and spots (R10.2) on the table;
// the deploy controls pick the meeple and equipment. A turn is drafted on this device
// (turn-draft.ts) and only sent to the session when the player ends it, so the tile and
// the meeple can be taken back until then (one-click play sends at once). Portrait phones
// get the table full width and the panel as a bottom sheet. Fires `sw-menu`, `sw-save`
// (CustomEvent<'game' | 'replay'>) and `sw-new-game`.
import { LitElement, css, html, nothing, type PropertyValues } from 'lit';
import { customElement, property, query, state } from 'lit/decorators.js';
import { equipmentInPlay, legalDeployments, legalPlacements, supplySize, type Deployment, type GameEvent, type Placement } from '../engine';
import { oneLine } from '../fair/one-line';
import type { Session } from '../session/session';
import type { TableView } from '../render/tabletop';
import { normaliseChoice, type DeployChoice } from './deploy-choice';
import { t } from './i18n';
import { LanguageController } from './language-controller';
import { latestBattle } from './sw-battle-view';
import { seatName, SEAT_CSS } from './seat-names';
import { SessionController } from './session-controller';
import { oneClickPlay } from './settings';
import { theme } from './theme';
import { draftDeployment, draftPlacement, draftTarget, sameTarget, type TurnDraft } from './turn-draft';
import { spotLabel } from './spot-text';
import type { SwTable } from './sw-table';
import './sw-turn-controls';
import { loadRules } from './lazy-rules';
import './sw-replay-controls';
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
const PORTRAIT = '(orientation: portrait) and (max-width: 700px)';
const COMPACT = '(max-width: 900px), (max-height: 500px)';

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
    .controls { position: absolute; left: 50%; bottom: 10px; transform: translateX(-50%); width: max-content; max-width: calc(100% - 20px); display: flex; flex-wrap: wrap; align-items: flex-end; justify-content: center; gap: 6px; }
    .controls sw-deploy-controls { max-width: 100%; min-width: 0; flex: 0 1 auto; }
    .battle-now { position: absolute; right: 10px; top: 86px; width: min(24rem, calc(100% - 20px)); max-height: calc(100% - 190px); overflow: auto; padding: 10px 12px; }
    .battle-now .close { position: absolute; right: 6px; top: 6px; padding: 2px 8px; }
    .toast { position: absolute; left: 50%; top: 84px; transform: translateX(-50%); background: #4a1020; border: 1px solid var(--sw-danger); color: #ffd7dc; padding: 8px 14px; border-radius: 10px; max-width: 80%; }
    .toast.info { background: #0f2a1c; border-color: var(--sw-ok); color: #d7ffe6; }
    .failed { position: absolute; left: 50%; bottom: 14px; transform: translateX(-50%); background: #4a1020; border: 1px solid var(--sw-danger); padding: 10px 14px; border-radius: 10px; }
    .overlay { position: absolute; inset: 0; display: grid; place-items: center; background: rgba(3, 5, 12, 0.55); padding: 10px; overflow: auto; }
    .overlay.rules { padding: 0; place-items: stretch; z-index: 5; }
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
      .controls { bottom: 6px; }
      .battle-now { top: 62px; max-height: calc(100% - 140px); font-size: 0.85rem; }
    }
    /* a phone held upright: the table takes the whole width, the panel becomes a bottom sheet */
    @media (orientation: portrait) and (max-width: 700px) {
      :host { grid-template-columns: 1fr; grid-template-rows: minmax(0, 1fr) auto; }
      .topbar { flex-wrap: wrap; }
      .status { order: 5; flex: 1 1 100%; }
      .status .turn { display: block; }
      aside { border-left: none; border-top: 1px solid var(--sw-line); max-height: 46vh; }
      aside.collapsed .pane, aside.collapsed .tabs { display: none; }
      aside sw-scoreboard { padding: 4px 8px; }
      .sheet-head { display: flex; align-items: center; gap: 6px; padding: 4px 8px 0; }
      .sheet-head .grow { flex: 1; }
      .sheet-head button { min-height: 40px; }
      .battle-now { top: auto; bottom: 80px; right: 8px; left: 8px; width: auto; max-height: 45%; }
      .tabs button { min-height: 40px; font-size: 0.85rem; }
    }
  `];

  @property({ attribute: false }) session: Session | null = null;
  /** Skip table animations (tests, reduced motion). */
  @property({ type: Boolean }) fast = false;

  @state() private choice: DeployChoice = { meeple: 'small', equipment: null };
  @state() private tab: SideTab = 'log';
  @state() private toast: string | null = null;
  @state() private toastKind: 'error' | 'info' = 'error';
  @state() private resultsClosed = false;
  @state() private ghostRotation = 0;
  @state() private ghost: Placement | null = null;
  /** The turn drafted on this device, not sent yet (null: nothing drafted). */
  @state() draft: TurnDraft | null = null;
  @state() private committing = false;
  /** One-click play (a setting): placements and deployments go to the session at once. */
  @state() oneClick = oneClickPlay();
  @state() private portrait = false;
  @state() private sheetOpen = false;
  /** Events the table is animating right now (the battle panel follows the dice). */
  @state() private playing: GameEvent[] = [];
  @state() private battleOpen = false;
  @state() private rulesOpen = false;
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
    this.sessionController.animate = async (events, after) => {
      if (this.fast || !this.table) return;
      this.playing = [];
      try {
        await this.table.playEvents(events, after, (e) => {
          this.playing = [...this.playing, e];
          if (e.type === 'battle') this.battleOpen = true;
        });
      } finally {
        this.playing = [];
      }
    };
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
      this.draft = null;
      this.battleSeen = latestBattleCount(this.sessionController.events);
    }
    // A new battle brings its tab forward and opens the battle panel on the table (R10.3);
    // decided here, before rendering, so no second update is scheduled after this one.
    const battles = latestBattleCount(this.sessionController.events) + latestBattleCount(this.playing);
    if (battles > this.battleSeen) {
      this.battleSeen = battles;
      this.tab = 'battle';
      this.battleOpen = true;
    }
    // A draft belongs to the turn it was made in; anything else (a reload, a new session) drops it.
    const shown = this.sessionController.shown;
    if (this.draft && !this.committing && (!shown || shown.phase !== 'place' || shown.turn !== this.draft.preview.turn || this.humanSeat() === null))
      this.draft = null;
  }

  /** Whose move the UI takes now: a local human's, once everything before it is shown. */
  private humanSeat(): number | null {
    const s = this.sessionController.status;
    if (!s || s.kind !== 'your-move' || this.sessionController.busy || !this.session) return null;
    return s.seat;
  }

  private view(): TableView | null {
    const shown = this.sessionController.shown;
    if (!shown) return null;
    const draft = this.draft;
    if (draft) {
      // the drafted tile stands on the table; its spots are the engine's for that placement
      const deployments = this.committing ? [] : draft.deployments;
      return { state: draft.preview, placements: [], deployments, deployChoice: normaliseChoice(this.choice, draft.deployments), selectedTarget: draft.target };
    }
    const human = this.humanSeat() !== null && !this.committing;
    const placements = human && shown.phase === 'place' ? legalPlacements(shown) : [];
    const deployments = human && shown.phase === 'deploy' ? legalDeployments(shown) : [];
    return { state: shown, placements, deployments, deployChoice: normaliseChoice(this.choice, deployments), initialGhost: this.takenBack };
  }

  /** Where the ghost goes back to after a drafted placement is taken back. */
  private takenBack: Placement | null = null;

  private async intent(run: () => Promise<void>): Promise<void> {
    try {
      await run();
    } catch (e) {
      this.showToast(t('illegalMove', { message: oneLine(e) }));
    }
  }

  /** A short confirmation on the table (e.g. a file saved). */
  notify(text: string): void {
    this.showToast(text, 'info');
  }

  private showToast(text: string, kind: 'error' | 'info' = 'error'): void {
    this.toast = text;
    this.toastKind = kind;
    if (this.toastTimer) clearTimeout(this.toastTimer);
    this.toastTimer = setTimeout(() => (this.toast = null), 4000);
  }

  private onPlace = (e: CustomEvent<Placement>) => this.place(e.detail);

  /** A placement chosen on the table: drafted (or, in one-click play, sent at once). */
  private place(p: Placement): void {
    const shown = this.sessionController.shown;
    if (this.humanSeat() === null || this.committing || this.draft || !shown || shown.phase !== 'place') return;
    if (this.oneClick) {
      void this.intent(() => this.session!.place(p));
      return;
    }
    try {
      this.draft = draftPlacement(shown, p);
      this.takenBack = null;
    } catch (err) {
      this.showToast(t('illegalMove', { message: oneLine(err) }));
    }
  }

  private onDeploy = (e: CustomEvent<Deployment | null>) => {
    if (this.humanSeat() === null || this.committing) return;
    const d = e.detail;
    if (this.draft) {
      // a spot tapped once is chosen; tapped again (or Enter on it) it ends the turn
      if (d && sameTarget(d.target, this.draft.target)) void this.endTurn();
      else {
        this.draft = draftTarget(this.draft, d?.target ?? null);
        if (d) this.choice = { meeple: d.meeple, equipment: d.equipment };
      }
      return;
    }
    void this.intent(() => this.session!.deploy(d));
  };

  /** Sends the drafted turn: the placement, then the deployment or none (R3). */
  async endTurn(): Promise<void> {
    const draft = this.draft;
    if (!draft || this.committing || this.humanSeat() === null) return;
    const deployment = draftDeployment(draft, normaliseChoice(this.choice, draft.deployments));
    this.committing = true;
    try {
      await this.intent(async () => {
        await this.session!.place(draft.placement);
        await this.session!.deploy(deployment);
      });
    } finally {
      this.committing = false;
      this.draft = null;
    }
  }

  /** Takes the drafted tile back into the hand (the ghost stays where it was). */
  takeBack(): void {
    if (!this.draft || this.committing) return;
    this.takenBack = this.draft.placement;
    this.draft = null;
  }

  private skip(): void {
    if (this.draft) {
      // "no meeple": clears the chosen spot; the turn still needs ending
      this.draft = draftTarget(this.draft, null);
      return;
    }
    if (this.humanSeat() === null || this.sessionController.shown?.phase !== 'deploy') return;
    void this.intent(() => this.session!.deploy(null));
  }

  /** The one Esc handler of the game screen (the table leaves Esc alone). */
  private readonly onKey = (e: KeyboardEvent) => {
    if (e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey) return;
    const origin = e.composedPath()[0];
    if (origin instanceof HTMLInputElement || origin instanceof HTMLSelectElement) return;
    const replay = this.session?.replay;
    if (replay && !this.rulesOpen) {
      const to = e.key === 'ArrowRight' || e.key === 'PageDown' ? replay.step + 1 : e.key === 'ArrowLeft' || e.key === 'PageUp' ? replay.step - 1
        : e.key === 'Home' ? 0 : e.key === 'End' ? replay.steps : null;
      if (to !== null) {
        e.preventDefault();
        replay.go(Math.max(0, Math.min(replay.steps, to)));
        return;
      }
    }
    if (e.key === 'Escape' && this.rulesOpen) {
      this.rulesOpen = false;
      e.preventDefault();
    } else if (e.key === 'Escape') {
      // Esc takes back step by step: the chosen spot, then the tile; without a draft it skips (R5.1)
      if (this.draft?.target) this.draft = draftTarget(this.draft, null);
      else if (this.draft) this.takeBack();
      else if (this.sessionController.shown?.phase === 'deploy') this.skip();
      else return;
      e.preventDefault();
    } else if (e.key === 'Enter' && this.draft && !this.draft.deployments.length) {
      // nothing to deploy on the drafted tile: Enter ends the turn
      e.preventDefault();
      void this.endTurn();
    }
  };

  /** Follows the ghost for the 2D preview of the drawn tile and the turn controls. */
  private readonly onGhost = (e: CustomEvent<Placement | null>) => {
    this.ghost = e.detail;
    // No ghost yet: the tile is shown as printed (rotation 0), like the table will first offer it.
    this.ghostRotation = e.detail?.r ?? 0;
  };

  private readonly portraitQuery = typeof matchMedia === 'function' ? matchMedia(PORTRAIT) : null;
  private readonly onPortrait = () => {
    this.portrait = !!this.portraitQuery?.matches;
  };

  private readonly onResize = () => this.updateInsets();

  override connectedCallback(): void {
    super.connectedCallback();
    window.addEventListener('keydown', this.onKey);
    window.addEventListener('resize', this.onResize);
    this.portraitQuery?.addEventListener('change', this.onPortrait);
    this.onPortrait();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    window.removeEventListener('keydown', this.onKey);
    window.removeEventListener('resize', this.onResize);
    this.portraitQuery?.removeEventListener('change', this.onPortrait);
    if (this.toastTimer) clearTimeout(this.toastTimer);
  }

  protected override updated(): void {
    // Keep the keyboard on the table during a local human's turn (R, arrows, Enter, Esc).
    if (this.humanSeat() !== null) {
      const canvas = this.tabletop?.canvas;
      const active = document.activeElement;
      if (canvas && (active === document.body || active === this || active === null)) canvas.focus({ preventScroll: true });
    }
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
    const compact = window.matchMedia(COMPACT).matches;
    // the bottom strip is the turn controls' (and the deploy bar's above them)
    table.setInsets({ top: Math.max(0, Math.round(Math.max(0, ...panels) - box.top)), bottom: compact ? 64 : 84 });
  }

  private statusLine() {
    const state = this.sessionController.shown!;
    const s = this.sessionController.status!;
    const setup = state.setup;
    const replay = this.session?.replay;
    if (replay && s.kind !== 'over')
      return html`<span><div class="who" data-status="replay">${t('replay')} · ${t('toMove', { who: seatName(setup, state.seat) })}</div>
        <div class="turn">${t('turnN', { n: state.turn })} · ${t('tilesLeft', { n: supplySize(state) })}</div></span>`;
    if (s.kind === 'over') return html`<span class="who">${t('gameOver')}</span>`;
    if (s.kind === 'failed') return html`<span class="who">${t('sessionFailed', { message: s.message })}</span>`;
    const who = seatName(setup, state.seat);
    const text = s.kind === 'bot-thinking' ? t('botThinking', { who })
      : s.kind === 'waiting-remote' ? t('waitingRemote', { who })
      : state.phase === 'deploy' || this.draft ? t('deployMeeple', { who }) : t('placeTile', { who });
    const hint = s.kind !== 'your-move' ? '' : this.draft ? t('draftHint') : state.phase === 'deploy' ? t('deployHint') : t('rotateHint');
    return html`<span class="dot" style="--c:${SEAT_CSS[setup.seats[state.seat]]};background:${SEAT_CSS[setup.seats[state.seat]]}"></span>
      <span><div class="who" data-status=${s.kind}>${text}</div><div class="turn">${t('turnN', { n: state.turn })} · ${t('tilesLeft', { n: supplySize(state) })}${hint ? html`<span class="hint"> · ${hint}</span>` : nothing}</div></span>`;
  }

  /** What the players have seen so far, including the events the table is playing now. */
  private seenEvents(): readonly GameEvent[] {
    return this.playing.length ? [...this.sessionController.events, ...this.playing] : this.sessionController.events;
  }

  private sidePane() {
    const state = this.sessionController.shown!;
    if (this.tab === 'battle') {
      const events = this.seenEvents();
      return latestBattle(events) ? html`<sw-battle-view .setup=${state.setup} .events=${events}></sw-battle-view>` : html`<p>—</p>`;
    }
    if (this.tab === 'supply') return html`<sw-supply-list .state=${state}></sw-supply-list>`;
    return html`<sw-event-log .state=${state} .events=${this.sessionController.events}></sw-event-log>`;
  }

  override render() {
    const state = this.sessionController.shown;
    const session = this.session;
    if (!state || !session) return nothing;
    const view = this.view()!;
    const human = this.humanSeat();
    const drawn = state.phase === 'place' || state.phase === 'deploy' ? state.drawn : null;
    const failed = this.sessionController.status?.kind === 'failed';
    const seen = this.seenEvents();
    const battle = this.battleOpen && state.phase !== 'over' ? latestBattle(seen) : null;
    return html`
      <div class="stage">
        <sw-table .view=${view} @sw-place=${this.onPlace} @sw-deploy=${this.onDeploy} @sw-ghost=${this.onGhost}></sw-table>
        <div class="topbar">
          <button data-menu @click=${() => this.dispatchEvent(new CustomEvent('sw-menu', { bubbles: true, composed: true }))}>☰ ${t('home')}</button>
          <button data-rules title=${t('rules')} aria-label=${t('rules')} @click=${() => { void loadRules(); this.rulesOpen = true; }}>?</button>
          <div class="status panel" aria-live="polite">${this.statusLine()}</div>
          ${drawn ? html`<div class="drawn panel" data-drawn=${drawn}>
            <sw-tile-preview .tile=${drawn} .rotation=${this.draft ? this.draft.placement.r : state.phase === 'place' ? this.ghostRotation : state.tiles[state.tiles.length - 1].r}></sw-tile-preview>
            <div class="label">${t('drawnTile')}</div></div>` : nothing}
          <span class="spacer"></span>
          ${this.portrait ? nothing : this.actions()}
        </div>
        ${battle ? html`<div class="battle-now panel" data-battle-now role="status">
            <button class="close" aria-label=${t('close')} @click=${() => (this.battleOpen = false)}>✕</button>
            <sw-battle-view large .setup=${state.setup} .events=${seen}></sw-battle-view></div>` : nothing}
        ${session.replay ? html`<div class="controls"><sw-replay-controls .step=${session.replay.step} .steps=${session.replay.steps}
            @sw-go=${(e: CustomEvent<number>) => session.replay!.go(e.detail)}></sw-replay-controls></div>`
          : human !== null && state.phase !== 'over' ? this.turnControls(view) : nothing}
        ${this.toast ? html`<div class="toast ${this.toastKind}" role=${this.toastKind === 'error' ? 'alert' : 'status'} data-toast=${this.toastKind}>${this.toast}</div>` : nothing}
        ${failed ? html`<div class="failed" role="alert">${t('sessionFailed', { message: (this.sessionController.status as { message: string }).message })}</div>` : nothing}
        ${this.rulesOpen ? html`<div class="overlay rules"><sw-rules overlay @sw-close=${() => (this.rulesOpen = false)}></sw-rules></div>` : nothing}
        ${state.phase === 'over' && !this.resultsClosed ? html`<div class="overlay">
            <sw-results .state=${state} .events=${this.sessionController.events} .forfeits=${session.forfeits?.() ?? []} @sw-close=${() => (this.resultsClosed = true)}></sw-results></div>` : nothing}
      </div>
      <aside class=${this.portrait && !this.sheetOpen ? 'collapsed' : ''}>
        ${this.portrait ? html`<div class="sheet-head">
          <span class="grow"></span>${this.actions()}
          <button data-sheet aria-expanded=${String(this.sheetOpen)} @click=${() => (this.sheetOpen = !this.sheetOpen)}>${this.sheetOpen ? '▾' : '▴'} ${t('more')}</button></div>` : nothing}
        <sw-scoreboard ?compact=${this.portrait} .state=${state} .seats=${session.seats}></sw-scoreboard>
        <slot name="online"></slot>
        <div class="tabs" role="tablist">
          ${(['log', 'battle', 'supply'] as const).map((tab) => html`<button role="tab" data-tab=${tab} aria-pressed=${String(this.tab === tab)} @click=${() => (this.tab = tab)}>
            ${tab === 'log' ? t('eventLog') : tab === 'battle' ? t('battle') : t('tilesTab')}</button>`)}
        </div>
        <div class="pane">${this.sidePane()}</div>
      </aside>`;
  }

  private actions() {
    return html`<div class="actions">
      <sw-language-picker></sw-language-picker>
      ${this.session?.canAct === false ? nothing : html`<button data-save-game @click=${() => this.save('game')}>${t('saveGame')}</button>`}
      <button data-save-replay @click=${() => this.save('replay')}>${t('saveReplay')}</button>
    </div>`;
  }

  /** The bottom controls of a local human's turn: rotate and place, then the meeple, then end or take back. */
  private turnControls(view: TableView) {
    const state = view.state;
    const equipment = equipmentInPlay(state.setup.options);
    const colour = SEAT_CSS[state.setup.seats[state.seat]];
    const draft = this.draft;
    const deployBar = (deployments: readonly Deployment[], skipLabel: string) => html`<sw-deploy-controls .deployments=${deployments}
      .choice=${view.deployChoice} .colour=${colour} .equipmentInPlay=${equipment} .skipLabel=${skipLabel}
      .spots=${deployments.length ? this.spotList(state, deployments) : []} .selected=${draft?.target ?? null}
      @sw-deploy-choice=${(e: CustomEvent<DeployChoice>) => (this.choice = e.detail)} @sw-skip=${() => this.skip()}
      @sw-spot=${(e: CustomEvent<Deployment>) => this.onDeploy(new CustomEvent('sw-deploy', { detail: e.detail }))}></sw-deploy-controls>`;
    if (draft) {
      // the button stays short (phones); the chosen spot is pressed in the deploy bar, and named in the title
      const chosen = draftDeployment(draft, view.deployChoice);
      const label = chosen ? t('endTurnWith', { what: spotLabel(state, chosen) }) : t('endTurnNoMeeple');
      return html`<div class="controls">
        ${draft.deployments.length ? deployBar(draft.deployments, t('noMeeple')) : nothing}
        <sw-turn-controls stage="deploy" canCancel .confirmTitle=${label} ?disabled=${this.committing}
          @sw-cancel=${() => this.takeBack()} @sw-confirm=${() => void this.endTurn()}></sw-turn-controls></div>`;
    }
    if (state.phase === 'deploy') return html`<div class="controls">${deployBar(view.deployments, t('skip'))}</div>`;
    const ghost = this.ghost;
    const rotations = ghost ? view.placements.filter((p) => p.x === ghost.x && p.y === ghost.y).length : 0;
    return html`<div class="controls"><sw-turn-controls stage="place" ?canConfirm=${!!ghost} ?canRotate=${rotations > 1 || (!ghost && view.placements.length > 0)}
      @sw-rotate=${(e: CustomEvent<1 | -1>) => this.tabletop?.rotateGhost(e.detail)}
      @sw-confirm=${() => { const p = this.tabletop?.ghostPlacement(); if (p) this.place(p); }}></sw-turn-controls></div>`;
  }

  /** Each spot of the deploy step with what it is (R5.2, R5.4), for the deploy controls. */
  private spotList(state: TableView['state'], deployments: readonly Deployment[]) {
    const seen = new Set<string>();
    const out: { deployment: Deployment; label: string }[] = [];
    const choice = normaliseChoice(this.choice, deployments);
    for (const d of deployments) {
      const key = 'seg' in d.target ? `s${d.target.seg}` : `a${d.target.attack.x},${d.target.attack.y}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const match = deployments.find((o) => JSON.stringify(o.target) === JSON.stringify(d.target) && o.meeple === choice.meeple && o.equipment === choice.equipment)
        ?? deployments.find((o) => JSON.stringify(o.target) === JSON.stringify(d.target))!;
      out.push({ deployment: match, label: spotLabel(state, match) });
    }
    return out;
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
