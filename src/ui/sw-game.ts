// <sw-game .session>: the playing screen. The 3D table (<sw-table>) fills the screen; the
// top bar tells whose turn it is and shows the drawn tile turned like the ghost; the side
// panel holds the scores and reserves, the battle view, the game log and the supply. A
// local human's turn offers the legal placements (R10.1) and spots (R10.2) on the table;
// the deploy controls pick the meeple and equipment. A turn is drafted on this device
// (turn-draft.ts) and only sent to the session when the player ends it, so the tile and
// the meeple can be taken back until then (one-click play sends at once). Portrait phones
// get the table full width and the panel as a bottom sheet. Fires `sw-menu`, `sw-save`
// (CustomEvent<'game' | 'replay'>) and `sw-new-game`. Its parts: the turn's draft
// (turn-controller.ts), the keys (game-keys.ts), <sw-status-line>, <sw-side-panel>; it
// asks the table only through <sw-table>'s properties, events and methods.
import { LitElement, css, html, nothing, type PropertyValues } from 'lit';
import { customElement, property, query, state } from 'lit/decorators.js';
import { deployTargetKey, equipmentInPlay, sameDeployTarget, type Deployment, type GameEvent, type Placement } from '../engine';
import type { Session } from '../session/session';
import { normaliseChoice, type DeployChoice } from './deploy-choice';
import { GameKeysController } from './game-keys';
import { t } from './i18n';
import { LanguageController } from './language-controller';
import { latestBattle } from './sw-battle-view';
import { SEAT_CSS } from './seat-names';
import { SessionController } from './session-controller';
import { theme } from './theme';
import { TurnController } from './turn-controller';
import { draftDeployment } from './turn-draft';
import { spotLabel } from './spot-text';
import type { SwStatusLine } from './sw-status-line';
import type { SideTab } from './sw-side-panel';
import type { SwTable, TableView } from './sw-table';
import './sw-turn-controls';
import { loadRules } from './lazy-rules';
import './sw-replay-controls';
import './sw-table';
import './sw-tile-preview';
import './sw-status-line';
import { shownMoment, waitingText, type WaitSource } from './waiting-text';
import './sw-side-panel';
import './sw-deploy-controls';
import './sw-battle-view';
import './sw-results';
import './sw-language-picker';

const PORTRAIT = '(orientation: portrait) and (max-width: 700px)';
const COMPACT = '(max-width: 900px), (max-height: 500px)';

/**
 * The CSS size the table will have on this screen in this window: the stage beside the side panel
 * (the grid below: the panel takes its largest width, the table the rest). A table made ahead
 * (spare-table.ts) is made at it, since a canvas resized after its context is a second allocation.
 * Upright on a phone the bottom sheet's height follows its content: there the table re-sizes once.
 */
export function expectedTableBox(): { width: number; height: number } {
  const width = window.innerWidth;
  const height = window.innerHeight;
  if (window.matchMedia(PORTRAIT).matches) return { width, height };
  const rem = Number.parseFloat(getComputedStyle(document.documentElement).fontSize) || 16;
  const panel = window.matchMedia(COMPACT).matches ? Math.max(200, 15 * rem) : Math.max(260, 22 * rem);
  return { width: Math.max(1, width - panel), height };
}

@customElement('sw-game')
export class SwGame extends LitElement {
  static override styles = [
    theme,
    css`
    :host { display: grid; grid-template-columns: 1fr minmax(260px, 22rem); height: 100%; background: var(--sw-bg); overflow: hidden; }
    .stage { position: relative; min-width: 0; min-height: 0; }
    sw-table { position: absolute; inset: 0; }
    .topbar {
      position: absolute; top: 10px; left: 10px; right: 10px; display: flex; align-items: flex-start; gap: 10px; pointer-events: none;
    }
    .topbar > * { pointer-events: auto; }
    .status { padding: 8px 14px; }
    .drawn { display: flex; align-items: center; gap: 10px; padding: 6px 10px 6px 6px; --tile-size: 64px; }
    .drawn .label { font-size: 0.72rem; color: var(--sw-dim); text-transform: uppercase; letter-spacing: 0.06em; }
    .drawn .id { font-weight: 700; }
    .spacer { flex: 1; }
    .actions { display: flex; gap: 6px; flex-wrap: wrap; justify-content: flex-end; }
    .controls {
      position: absolute; left: 50%; bottom: 10px; transform: translateX(-50%); width: max-content; max-width: calc(100% - 20px);
      display: flex; flex-wrap: wrap; align-items: flex-end; justify-content: center; gap: 6px;
    }
    .controls sw-deploy-controls { max-width: 100%; min-width: 0; flex: 0 1 auto; }
    .battle-now {
      position: absolute; right: 10px; top: 86px; width: min(24rem, calc(100% - 20px)); max-height: calc(100% - 190px); overflow: auto;
      padding: 10px 12px;
    }
    .battle-now .close { position: absolute; right: 6px; top: 6px; padding: 2px 8px; }
    .toast {
      position: absolute; left: 50%; top: 84px; transform: translateX(-50%); background: #4a1020; border: 1px solid var(--sw-danger);
      color: #ffd7dc; padding: 8px 14px; border-radius: 10px; max-width: 80%;
    }
    .toast.info { background: #0f2a1c; border-color: var(--sw-ok); color: #d7ffe6; }
    .failed {
      position: absolute; left: 50%; bottom: 14px; transform: translateX(-50%); background: #4a1020; border: 1px solid var(--sw-danger);
      padding: 10px 14px; border-radius: 10px;
    }
    .overlay {
      position: absolute; inset: 0; display: grid; place-items: center; background: rgba(3, 5, 12, 0.55); padding: 10px; overflow: auto;
    }
    .overlay.rules { padding: 0; place-items: stretch; z-index: 5; }
    .topbar button { white-space: nowrap; }
    @media (max-width: 900px), (max-height: 500px) {
      :host { grid-template-columns: 1fr minmax(200px, 15rem); font-size: 0.9rem; }
      .drawn { --tile-size: 46px; padding: 4px 8px 4px 4px; }
      .drawn .label { display: none; }
      .status { padding: 6px 10px; }
      .topbar { top: 6px; left: 6px; right: 6px; gap: 6px; }
      .actions button { padding: 4px 8px; font-size: 0.8rem; }
      .actions sw-language-picker { display: none; }
      .controls { bottom: 6px; }
      .battle-now { top: 62px; max-height: calc(100% - 140px); font-size: 0.85rem; }
    }
    /* a phone held upright: the table takes the whole width, the panel becomes a bottom sheet */
    @media (orientation: portrait) and (max-width: 700px) {
      :host { grid-template-columns: 1fr; grid-template-rows: minmax(0, 1fr) auto; }
      .topbar { flex-wrap: wrap; }
      .status { order: 5; flex: 1 1 100%; }
      .actions[slot='actions'] button { min-height: 40px; }
      .battle-now { top: auto; bottom: 80px; right: 8px; left: 8px; width: auto; max-height: 45%; }
    }
  `,
  ];

  @property({ attribute: false }) session: Session | null = null;
  /** Skip table animations (tests, reduced motion). */
  @property({ type: Boolean }) fast = false;

  @state() private tab: SideTab = 'log';
  @state() private toast: string | null = null;
  @state() private toastKind: 'error' | 'info' = 'error';
  @state() private resultsClosed = false;
  @state() private portrait = false;
  /** Events the table is animating right now (the battle panel follows the dice). */
  @state() private playing: GameEvent[] = [];
  @state() private battleOpen = false;
  @state() private rulesOpen = false;
  /** The 3D table (the e2e hook reads its Tabletop through it). */
  @query('sw-table') readonly table!: SwTable | null;
  @query('sw-status-line') private statusLine!: SwStatusLine | null;

  readonly sessionController = new SessionController(this);
  /** The local human's turn: ghost, draft, meeple choice, take back, end turn. */
  readonly turn = new TurnController(this, this.sessionController, (text) => this.showToast(text));
  protected readonly i18n = new LanguageController(this);
  protected readonly keys = new GameKeysController(this, {
    replay: () => this.session?.replay,
    rulesOpen: () => this.rulesOpen,
    closeRules: () => (this.rulesOpen = false),
    stepBack: () => this.turn.stepBack(),
    enter: () => this.turn.enter(),
  });
  private toastTimer: ReturnType<typeof setTimeout> | null = null;
  private battleSeen = 0;

  constructor() {
    super();
    // After a click on the HUD (language, meeple size, …) the keys go back to the table (R, Enter, Esc).
    this.addEventListener('click', (e) => {
      const control = e.composedPath()[0];
      if (control instanceof HTMLSelectElement || control instanceof HTMLInputElement) return;
      requestAnimationFrame(() => this.table?.focusTable());
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

  /** The turn drafted on this device, not sent yet (null: nothing drafted). */
  get draft() {
    return this.turn.draft;
  }

  /** Resolves when the table shows everything the session has done (bots wait for it). */
  idle(): Promise<void> {
    return this.sessionController.idle();
  }

  protected override willUpdate(changed: PropertyValues): void {
    if (changed.has('session')) {
      this.sessionController.attach(this.session);
      this.resultsClosed = false;
      this.turn.reset();
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

  private readonly onPlace = (e: CustomEvent<Placement>) => this.turn.place(e.detail);
  private readonly onDeploy = (e: CustomEvent<Deployment | null>) => this.turn.deploy(e.detail);
  /** Follows the ghost for the 2D preview of the drawn tile and the turn controls. */
  private readonly onGhost = (e: CustomEvent<Placement | null>) => this.turn.followGhost(e.detail);

  private readonly portraitQuery = typeof matchMedia === 'function' ? matchMedia(PORTRAIT) : null;
  private readonly onPortrait = () => {
    this.portrait = !!this.portraitQuery?.matches;
  };

  private readonly onResize = () => this.updateInsets();

  override connectedCallback(): void {
    super.connectedCallback();
    window.addEventListener('resize', this.onResize);
    this.portraitQuery?.addEventListener('change', this.onPortrait);
    this.onPortrait();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    window.removeEventListener('resize', this.onResize);
    this.portraitQuery?.removeEventListener('change', this.onPortrait);
    if (this.toastTimer) clearTimeout(this.toastTimer);
  }

  protected override updated(): void {
    // The slotted online panel describes the moment shown here, as the status line and side panel do.
    const online = this.querySelector<HTMLElement & { shown?: unknown }>('[slot="online"]');
    if (online && 'shown' in online) online.shown = this.sessionController.shown;
    // Keep the keyboard on the table during a local human's turn (R, arrows, Enter, Esc).
    if (this.turn.humanSeat() !== null) {
      const active = document.activeElement;
      if (active === document.body || active === this || active === null) this.table?.focusTable();
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
    const table = this.table;
    const stage = this.renderRoot.querySelector('.stage');
    const top = this.renderRoot.querySelector('.topbar');
    if (!stage || !top || !table) return;
    const box = stage.getBoundingClientRect();
    const key = `${Math.round(box.width)}x${Math.round(box.height)}`;
    if (key === this.insetsKey) return;
    this.insetsKey = key;
    // the status line renders after this element: measure the top bar once it has
    void Promise.all([table.updateComplete, this.statusLine?.updateComplete]).then(() => {
      const stageTop = stage.getBoundingClientRect().top;
      const panels = [...top.children].map((c) => c.getBoundingClientRect().bottom);
      const compact = window.matchMedia(COMPACT).matches;
      // the bottom strip is the turn controls' (and the deploy bar's above them)
      table.setInsets({ top: Math.max(0, Math.round(Math.max(0, ...panels) - stageTop)), bottom: compact ? 64 : 84 });
    });
  }

  /** What the players have seen so far, including the events the table is playing now. */
  private seenEvents(): readonly GameEvent[] {
    return this.playing.length ? [...this.sessionController.events, ...this.playing] : this.sessionController.events;
  }

  override render() {
    const state = this.sessionController.shown;
    const status = this.sessionController.status;
    const session = this.session;
    if (!state || !session) return nothing;
    const view = this.turn.tableView()!;
    const human = this.turn.humanSeat();
    const draft = this.turn.draft;
    const drawn = state.phase === 'place' || state.phase === 'deploy' ? state.drawn : null;
    // the drawn tile turned like the drafted tile, else like the ghost (as printed until there is one)
    const placing = state.phase === 'place' ? (this.turn.ghost?.r ?? 0) : state.tiles[state.tiles.length - 1].r;
    const rotation = draft ? draft.placement.r : placing;
    const failed = status?.kind === 'failed' ? status.message : null;
    const seen = this.seenEvents();
    const battle = this.battleOpen && state.phase !== 'over' ? latestBattle(seen) : null;
    const replay = session.replay;
    return html`
      <div class="stage">
        <sw-table .view=${view} @sw-place=${this.onPlace} @sw-deploy=${this.onDeploy} @sw-ghost=${this.onGhost}></sw-table>
        <div class="topbar">
          <button data-menu @click=${() => this.fire('sw-menu')}>☰ ${t('home')}</button>
          <button data-rules title=${t('rules')} aria-label=${t('rules')} @click=${() => this.openRules()}>?</button>
          <sw-status-line class="status panel" aria-live="polite" .state=${state} .status=${status} ?replaying=${!!replay}
            ?drafting=${!!draft} .waitLine=${'revealsMissing' in session ? waitingText(shownMoment(session as unknown as WaitSource, state)) : null}
            .seats=${session.seats}></sw-status-line>
          ${
            drawn
              ? html`<div class="drawn panel" data-drawn=${drawn}>
            <sw-tile-preview .tile=${drawn} .rotation=${rotation}></sw-tile-preview>
            <div class="label">${t('drawnTile')}</div></div>`
              : nothing
          }
          <span class="spacer"></span>
          ${this.portrait ? nothing : this.actions()}
        </div>
        ${
          battle
            ? html`<div class="battle-now panel" data-battle-now role="status">
            <button class="close" aria-label=${t('close')} @click=${() => (this.battleOpen = false)}>✕</button>
            <sw-battle-view large .setup=${state.setup} .events=${seen}></sw-battle-view></div>`
            : nothing
        }
        ${
          replay
            ? html`<div class="controls"><sw-replay-controls .step=${replay.step} .steps=${replay.steps}
            @sw-go=${(e: CustomEvent<number>) => replay.go(e.detail)}></sw-replay-controls></div>`
            : human !== null && state.phase !== 'over'
              ? this.turnControls(view)
              : nothing
        }
        ${
          this.toast
            ? html`<div class="toast ${this.toastKind}" role=${this.toastKind === 'error' ? 'alert' : 'status'}
            data-toast=${this.toastKind}>${this.toast}</div>`
            : nothing
        }
        ${failed !== null ? html`<div class="failed" role="alert">${t('sessionFailed', { message: failed })}</div>` : nothing}
        ${
          this.rulesOpen
            ? html`<div class="overlay rules">
            <sw-rules overlay @sw-close=${() => (this.rulesOpen = false)}></sw-rules></div>`
            : nothing
        }
        ${
          state.phase === 'over' && !this.resultsClosed
            ? html`<div class="overlay">
            <sw-results .state=${state} .events=${this.sessionController.events}
              .forfeits=${session.forfeitWords?.() ?? session.forfeits?.() ?? []} .seats=${session.seats}
              @sw-close=${() => (this.resultsClosed = true)}></sw-results></div>`
            : nothing
        }
      </div>
      <sw-side-panel .state=${state} .seats=${session.seats} .events=${this.sessionController.events} .seen=${seen} .tab=${this.tab}
        ?portrait=${this.portrait} @sw-tab=${(e: CustomEvent<SideTab>) => (this.tab = e.detail)}>
        ${this.portrait ? this.actions('actions') : nothing}
        <slot name="online" slot="online"></slot>
      </sw-side-panel>`;
  }

  /** Language and the save buttons: in the top bar, or (`slot`) in the head of the portrait bottom sheet. */
  private actions(slot?: 'actions') {
    return html`<div class="actions" slot=${slot ?? nothing}>
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
    const turn = this.turn;
    const draft = turn.draft;
    const deployBar = (deployments: readonly Deployment[], skipLabel: string) => html`<sw-deploy-controls .deployments=${deployments}
      .choice=${view.deployChoice} .colour=${colour} .equipmentInPlay=${equipment} .skipLabel=${skipLabel}
      .spots=${deployments.length ? this.spotList(state, deployments) : []} .selected=${draft?.target ?? null}
      @sw-deploy-choice=${(e: CustomEvent<DeployChoice>) => turn.choose(e.detail)} @sw-skip=${() => turn.skip()}
      @sw-spot=${(e: CustomEvent<Deployment>) => turn.deploy(e.detail)}></sw-deploy-controls>`;
    if (draft) {
      // the button stays short (phones); the chosen spot is pressed in the deploy bar, and named in the title
      const chosen = draftDeployment(draft, view.deployChoice);
      const label = chosen ? t('endTurnWith', { what: spotLabel(state, chosen) }) : t('endTurnNoMeeple');
      return html`<div class="controls">
        ${draft.deployments.length ? deployBar(draft.deployments, t('noMeeple')) : nothing}
        <sw-turn-controls stage="deploy" canCancel .confirmTitle=${label} ?disabled=${turn.committing}
          @sw-cancel=${() => turn.takeBack()} @sw-confirm=${() => void turn.endTurn()}></sw-turn-controls></div>`;
    }
    if (state.phase === 'deploy') return html`<div class="controls">${deployBar(view.deployments, t('skip'))}</div>`;
    const ghost = turn.ghost;
    const rotations = ghost ? view.placements.filter((p) => p.x === ghost.x && p.y === ghost.y).length : 0;
    const canRotate = rotations > 1 || (!ghost && view.placements.length > 0);
    return html`<div class="controls"><sw-turn-controls stage="place" ?canConfirm=${!!ghost} ?canRotate=${canRotate}
      @sw-rotate=${(e: CustomEvent<1 | -1>) => this.table?.rotateGhost(e.detail)}
      @sw-confirm=${() => {
        if (turn.ghost) turn.place(turn.ghost);
      }}></sw-turn-controls></div>`;
  }

  /** Each spot of the deploy step with what it is (R5.2, R5.4), for the deploy controls. */
  private spotList(state: TableView['state'], deployments: readonly Deployment[]) {
    const seen = new Set<string>();
    const out: { deployment: Deployment; label: string }[] = [];
    const choice = normaliseChoice(this.turn.choice, deployments);
    for (const d of deployments) {
      const key = deployTargetKey(d.target);
      if (seen.has(key)) continue;
      seen.add(key);
      const here = deployments.filter((o) => sameDeployTarget(o.target, d.target));
      const match = here.find((o) => o.meeple === choice.meeple && o.equipment === choice.equipment) ?? here[0];
      out.push({ deployment: match, label: spotLabel(state, match) });
    }
    return out;
  }

  private openRules(): void {
    void loadRules();
    this.rulesOpen = true;
  }

  private fire(name: string): void {
    this.dispatchEvent(new CustomEvent(name, { bubbles: true, composed: true }));
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
