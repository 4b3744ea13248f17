// <sw-online-panel>: what an online game adds to the table (P1.4, P2.6, P3): every peer's
// link, who the game waits for and why, the countdown of a silent seat and the button to
// drop it, a toast for every refused message with its reason, a banner while this device
// cannot save the game, chat, resign, leave,
// rematch, and the desync screen with its report. It reads the session and sends intents.
// `shown` is the moment the game screen shows (it may trail the session while the table plays
// the last turn): the waiting line describes that moment, the countdown only the live one.
import { LitElement, css, html, nothing } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import type { Colour, GameState } from '../engine';
import type { MeshSession, ReclaimView } from '../net/mesh-session';
import { joinLinkHere } from '../net/online';
import { copyText } from './copy-text';
import { downloadText } from './file-download';
import { t } from './i18n';
import { LanguageController } from './language-controller';
import { colourName, personName, SEAT_CSS } from './seat-names';
import { countdownText, shownMoment, waitingText, type WaitSource } from './waiting-text';
import { addToast, toastText, type Toast } from './toast-text';
import { theme } from './theme';
import './sw-connection-badge';

/** How many technical lines the connection report keeps (the latest). */
const REPORT_LINES = 200;

@customElement('sw-online-panel')
export class SwOnlinePanel extends LitElement {
  static override styles = [
    theme,
    css`
    :host { display: grid; gap: 10px; font-size: 0.9rem; }
    .watch-link .row { display: flex; gap: 6px; }
    .watch-link input { flex: 1; min-width: 0; }
    .wait { padding: 8px 10px; border-radius: 10px; background: var(--sw-panel-2); display: grid; gap: 6px; }
    .count { font-variant-numeric: tabular-nums; color: var(--sw-accent); }
    .chat { display: grid; gap: 6px; }
    .lines { max-height: 140px; overflow: auto; display: grid; gap: 2px; margin: 0; padding: 0; list-style: none; }
    .lines .who { font-weight: 650; }
    form { display: flex; gap: 6px; }
    input { flex: 1; min-width: 0; font: inherit; padding: 6px 8px; border-radius: 8px; border: 1px solid var(--sw-line);
      background: #0b1128; color: var(--sw-text); }
    .actions { display: flex; gap: 6px; flex-wrap: wrap; }
    .toasts { position: fixed; right: 12px; bottom: 12px; display: grid; gap: 6px; z-index: 50; max-width: min(420px, 90vw); }
    .toast { background: #3a1620; border: 1px solid var(--sw-danger); border-radius: 10px; padding: 8px 10px; font-size: 0.85rem; }
    .toast details { margin-top: 4px; color: var(--sw-dim); font-size: 0.78rem; }
    .toast code { display: block; overflow-wrap: anywhere; white-space: normal; }
    .desync { position: fixed; inset: 0; background: #000c; display: grid; place-items: center; z-index: 60; }
    .desync .box { max-width: min(520px, calc(100vw - 16px)); box-sizing: border-box; overflow-wrap: anywhere; padding: 18px; display: grid;
      gap: 10px; }
    .save-problem { padding: 8px 10px; border-radius: 10px; background: #3a1620; border: 1px solid var(--sw-danger); margin: 0; }
    .dot { display: inline-block; width: 10px; height: 10px; border-radius: 50%; margin-right: 4px; vertical-align: middle; }
  `,
  ];

  @property({ attribute: false }) session: MeshSession | null = null;
  /** The state the game screen shows (set by <sw-game>); null: the session's own. */
  @property({ attribute: false }) shown: GameState | null = null;
  /** The signalling server this page lost and retries (null while reachable). */
  @property({ attribute: false }) signallingLost: string | null = null;
  @state() private toasts: Toast[] = [];
  @state() private offer: string | null = null;
  @state() private chatError = '';
  @state() private linkCopied = false;
  @state() private confirmResign = false;
  /** Why the last button could not act, in the player's words. */
  @state() private actionError = '';
  protected readonly i18n = new LanguageController(this);
  private off: (() => void) | null = null;
  private unsub: (() => void) | null = null;
  private ticker: ReturnType<typeof setInterval> | null = null;
  private toastId = 0;
  /** The session's own lines behind the toasts, for the downloadable connection report. */
  private technical: string[] = [];

  override connectedCallback(): void {
    super.connectedCallback();
    this.listen();
    // The countdown of a silent seat moves on its own.
    this.ticker = setInterval(() => this.session?.waiting && this.requestUpdate(), 1000);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.off?.();
    this.unsub?.();
    this.off = this.unsub = null;
    if (this.ticker) clearInterval(this.ticker);
  }

  protected override willUpdate(changed: Map<string, unknown>): void {
    if (changed.has('session')) this.listen();
  }

  private listen(): void {
    this.off?.();
    this.unsub?.();
    const s = this.session;
    if (!s) return;
    this.off = s.onEvent((e) => {
      if (e.kind === 'rejected') this.toast(e.line);
      if (e.kind === 'rematch') this.offer = e.gameId;
      this.requestUpdate();
    });
    this.unsub = s.subscribe(() => this.requestUpdate());
  }

  private toast(line: string): void {
    const s = this.session;
    this.technical = [...this.technical, `${new Date().toISOString()} ${line}`].slice(-REPORT_LINES);
    const id = ++this.toastId;
    this.toasts = addToast(
      this.toasts,
      id,
      toastText(line, (c) => (s ? personName(s.seats, c) : c)),
      line,
    );
    setTimeout(() => (this.toasts = this.toasts.filter((x) => x.id !== id)), 8000);
  }

  private downloadReport(): void {
    const s = this.session!;
    const text = [`gameId ${s.gameId}`, `refused ${s.rejectedCount}`, ...this.technical].join('\n');
    downloadText(`carcassonne-sw-${s.gameId}-connection.txt`, text);
  }

  private emit(name: string, detail?: unknown): void {
    this.dispatchEvent(new CustomEvent(name, { detail, bubbles: true, composed: true }));
  }

  private sendChat(e: Event): void {
    e.preventDefault();
    const input = this.renderRoot.querySelector<HTMLInputElement>('form input');
    if (!input || !this.session) return;
    try {
      this.session.sendChat(input.value);
      input.value = '';
      this.chatError = '';
    } catch (err) {
      this.chatError = (err as Error).message;
    }
  }

  /** Whether the game screen shows the session's own moment (not a turn the table is still playing). */
  private showsLive(): boolean {
    const live = this.session?.state;
    const shown = this.shown;
    return !shown || !live || (shown.turn === live.turn && shown.phase === live.phase && shown.seat === live.seat);
  }

  /** What the waiting line reads: the moment on screen; the live reveals and countdown only once the screen is live. */
  private source(): WaitSource {
    return shownMoment(this.session!, this.shown);
  }

  /**
   * The link to watch this game, naming this page's own peer (any peer of the game answers a
   * spectator), so it still works after the host left; no invitation: it takes no seat.
   */
  private watchLinkBox(s: MeshSession) {
    const link = joinLinkHere(s.transportId);
    const copy = async () => {
      if (await copyText(link, this.renderRoot.querySelector<HTMLInputElement>('.watch-link input'))) this.linkCopied = true;
    };
    return html`<details class="watch-link" data-testid="game-watch-link"><summary>${t('lobbyWatchLink')}</summary>
      <p class="dim">${t('onlineWatchLinkHint')}</p>
      <div class="row"><input readonly .value=${link} aria-label=${t('lobbyWatchLink')} />
      <button @click=${copy}>${this.linkCopied ? t('lobbyCopied') : t('lobbyCopy')}</button></div></details>`;
  }

  override render() {
    const s = this.session;
    if (!s) return nothing;
    const w = this.showsLive() ? s.waiting : null;
    const now = Date.now();
    const left = w ? Math.max(0, Math.ceil((w.deadline - now) / 1000)) : 0;
    const mine = s.seatIndex !== null;
    // the lobby colour, whoever plays the seat now (a dropped player's seat is a bot's, yet still this player's)
    const myColour = mine && s.started ? s.ownColour : null;
    const forfeit = myColour ? s.forfeits().find((f) => f.colour === myColour) : undefined;
    const desync = s.desyncReport;
    const name = (c: Colour) => personName(s.seats, c);
    const watchers = s.peers.filter((p) => p.watcher).map((p) => p.name);
    return html`
      ${
        s.saveProblem
          ? html`<p class="save-problem" role="alert" data-testid="save-problem">${t('onlineSaveFailed', { reason: s.saveProblem })}</p>`
          : nothing
      }
      <sw-connection-badge .waitMs=${s.gameClock.moveMs}
        .peers=${s.peers.map((p) => ({ name: p.name, colour: p.colour, state: p.state }))}></sw-connection-badge>
      ${
        this.signallingLost
          ? html`<p class="dim" role="alert" data-testid="signalling-lost">${t('signallingLostInGame', { server: this.signallingLost })}</p>`
          : nothing
      }
      <div class="wait" data-testid="online-waiting">
        <span>${waitingText(this.source())}</span>
        ${
          w && this.showsLive()
            ? html`<span class="count" data-testid="online-countdown">${countdownText(this.source(), now)}</span>
          <span class="dim" data-testid="time-bank">${t('onlineBank', { s: Math.ceil(w.bankLeft / 1000) })}</span>
          ${w.votes.length ? html`<span class="dim">${t('onlineDropVotes', { who: w.votes.map(name).join(', ') })}</span>` : nothing}
          ${
            mine && left === 0 && w.colour !== myColour
              ? html`<button @click=${() => s.dropSeat(w.colour)}
                data-testid="drop-seat">${t('onlineDrop', { who: name(w.colour) })}</button>`
              : nothing
          }`
            : nothing
        }
      </div>
      ${
        s.forfeits().length
          ? html`<p class="dim">${s
              .forfeits()
              .map((f) => t(f.why === 'dropped' ? 'onlineDropped' : 'onlineResigned', { who: name(f.colour) }))
              .join(' ')}</p>`
          : nothing
      }
      ${forfeit?.why === 'dropped' && s.state.phase !== 'over' ? this.reclaimBox(s, myColour!) : nothing}
      ${s.reclaims
        .filter((r) => r.colour !== myColour)
        .map((r) => html`<p class="dim" data-testid="reclaim-vote">${this.reclaimLine(r, name)}</p>`)}
      ${watchers.length ? html`<p class="dim" data-testid="watchers">${t('onlineWatchers', { who: watchers.join(', ') })}</p>` : nothing}
      ${s.started ? this.watchLinkBox(s) : nothing}
      <div class="chat">
        <h3>${t('onlineChat')}</h3>
        ${!mine ? html`<p class="dim">${t('onlineWatching')} ${t('onlineChatReadOnly')}</p>` : nothing}
        <ul class="lines" aria-live="polite" data-testid="chat-lines">${s.chat.map(
          (c) =>
            html`<li><span class="dot"
              style="background:${SEAT_CSS[c.colour]}"></span><span class="who">${name(c.colour)}:</span> ${c.text}</li>`,
        )}</ul>
        ${
          mine
            ? html`<form @submit=${(e: Event) => this.sendChat(e)}><input maxlength="200"
          aria-label=${t('onlineChatSay')} placeholder=${t('onlineChatSay')} /><button type="submit">${t('onlineChatSend')}</button></form>`
            : nothing
        }
        ${this.chatError ? html`<span role="alert" style="color:var(--sw-danger)">${this.chatError}</span>` : nothing}
      </div>
      <div class="actions">
        ${
          mine && s.started && s.state.phase !== 'over' && !forfeit
            ? this.confirmResign
              ? html`<button class="primary" @click=${() => this.resignNow(s)}>${t('onlineResignSure')}</button>
                <button @click=${() => (this.confirmResign = false)}>${t('onlineCancel')}</button>`
              : html`<button @click=${() => (this.confirmResign = true)}>${t('onlineResign')}</button>`
            : nothing
        }
        ${mine && s.phase === 'over' ? this.rematchButtons(s, name) : nothing}
        ${
          this.offer
            ? html`<button class="primary"
              @click=${() => this.emit('sw-session-replaced', s.acceptRematch(this.offer!))}>${t('onlineAcceptRematch')}</button>`
            : nothing
        }
        ${this.actionError ? html`<span role="alert" class="dim" data-testid="action-error">${this.actionError}</span>` : nothing}
        ${this.technical.length ? html`<button data-report @click=${() => this.downloadReport()}>${t('onlineReport')}</button>` : nothing}
        <button @click=${() => {
          s.leave();
          this.emit('sw-menu');
        }}>${t('onlineLeave')}</button>
      </div>
      <div class="toasts" role="status">${this.toasts.map((x) => this.toastView(x))}</div>
      ${
        desync
          ? html`<div class="desync" data-testid="desync"><div class="box panel">
        <h2>${t('desyncTitle')}</h2>
        <p>${t('desyncText', { turn: desync.turn, who: desync.colour ? colourName(desync.colour) : desync.peer })}</p>
        <div class="actions"><button class="primary"
          @click=${() => downloadText(`carcassonne-sw-${desync.gameId}-desync.json`, s.desyncReportText())}>${t('desyncDownload')}</button>
          <button @click=${() => {
            s.leave();
            this.emit('sw-menu');
          }}>${t('onlineLeave')}</button></div>
      </div></div>`
          : nothing
      }
    `;
  }

  /** One toast: the seat's colour dot, the player's words, ×N for repeats, the session's own lines behind Details. */
  private toastView(x: Toast) {
    const dot = x.colour ? html`<span class="dot" style="background:${SEAT_CSS[x.colour]}"></span>` : nothing;
    const count = x.count > 1 ? html` <strong data-count>${t('toastTimes', { n: x.count })}</strong>` : nothing;
    return html`<div class="toast" data-toast>${dot}${x.text}${count}
      <details><summary>${t('toastDetails')}</summary>${x.details.map((d) => html`<code>${d}</code>`)}</details></div>`;
  }

  /** Rematch: with everyone still here, one button; when someone left, the proposer chooses a free seat or a bot for theirs. */
  private rematchButtons(s: MeshSession, name: (c: Colour) => string) {
    const gone = s.departed;
    const go = (absent: 'free' | 'bot') => this.emit('sw-session-replaced', s.rematch({}, absent));
    if (!gone.length) return html`<button data-rematch @click=${() => go('free')}>${t('onlineRematch')}</button>`;
    return html`<span class="dim" data-testid="rematch-departed">${t('onlineRematchDeparted', { who: gone.map(name).join(', ') })}</span>
      <button data-rematch="free" @click=${() => go('free')}>${t('onlineRematchFree')}</button>
      <button data-rematch="bot" @click=${() => go('bot')}>${t('onlineRematchBot')}</button>`;
  }

  /** Resign acts, or says why it cannot (a seat that forfeits already). */
  private resignNow(s: MeshSession): void {
    this.confirmResign = false;
    try {
      s.resign();
      this.actionError = '';
    } catch {
      this.actionError = t('onlineResignNot');
    }
  }

  /** The dropped player's own page: what happened, and the way back with the vote's progress. */
  private reclaimBox(s: MeshSession, mine: Colour) {
    const asked = s.reclaims.find((r) => r.colour === mine);
    const name = (c: Colour) => personName(s.seats, c);
    return html`<div class="wait" data-testid="reclaim">
      <span>${t('onlineYouDropped')}</span>
      ${
        asked
          ? html`<span class="count">${this.reclaimLine(asked, name)}</span>`
          : html`<button class="primary" data-reclaim @click=${() => this.reclaim(s)}>${t('onlineReclaim')}</button>`
      }
    </div>`;
  }

  private reclaimLine(r: ReclaimView, name: (c: Colour) => string): string {
    const who = name(r.colour);
    const waiting = r.waitingFor.map(name).join(', ');
    return t('onlineReclaimVote', {
      who,
      turn: r.fromTurn,
      n: r.agreed.length,
      of: r.agreed.length + r.waitingFor.length,
      waiting: waiting || '—',
    });
  }

  private reclaim(s: MeshSession): void {
    try {
      s.reclaimSeat();
      this.actionError = '';
    } catch (e) {
      this.actionError = (e as Error).message;
    }
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'sw-online-panel': SwOnlinePanel;
  }
}
