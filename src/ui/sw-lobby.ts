// <sw-lobby>: an online game before its start (P3.2). The host sees the join link, its QR
// code and a copy button, every seat with who holds it (and their key's short
// fingerprint, so players can compare), and starts once every seat is taken; a guest picks
// a free colour. While it connects, why a link failed (a wrong TURN credential, no path) is
// shown. The session does the work; this element only shows it and sends intents.
import { LitElement, css, html, nothing } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import type { MeshSession, StartingView } from '../net/mesh-session';
import { STAND_IN_BOT } from '../fair/bot-levels';
import { fingerprint } from '../net/fingerprint';
import { joinLinkHere } from '../net/online';
import { copyText } from './copy-text';
import { t } from './i18n';
import { LanguageController } from './language-controller';
import { colourName, NAME_SLOT, SEAT_CSS, withName } from './seat-names';
import { theme } from './theme';
import './sw-connect-trouble';

@customElement('sw-lobby')
export class SwLobby extends LitElement {
  static override styles = [
    theme,
    css`
    :host { display: grid; place-items: start center; overflow: auto; padding: 16px; box-sizing: border-box; }
    .card { width: min(640px, 100%); padding: 18px; display: grid; gap: 14px; box-sizing: border-box; }
    .link { display: flex; gap: 8px; align-items: center; }
    .link input { flex: 1; min-width: 0; font: inherit; padding: 6px 8px; border-radius: 8px; border: 1px solid var(--sw-line);
      background: #0b1128; color: var(--sw-text); }
    .share { display: grid; grid-template-columns: 1fr auto; gap: 14px; align-items: start; }
    .qr { width: 148px; height: 148px; background: #fff; border-radius: 8px; padding: 6px; box-sizing: border-box; }
    ul { list-style: none; margin: 0; padding: 0; display: grid; gap: 6px; }
    li { display: grid; grid-template-columns: 14px 1fr auto; gap: 10px; align-items: center; padding: 8px 10px; border-radius: 10px;
      background: var(--sw-panel-2); min-height: 44px; box-sizing: border-box; }
    li.mine { outline: 2px solid var(--sw-accent-2); }
    .dot { width: 14px; height: 14px; border-radius: 50%; border: 1px solid #0008; }
    .who { display: grid; }
    .fp { font-family: ui-monospace, monospace; font-size: 0.8rem; color: var(--sw-dim); }
    .row { display: flex; gap: 8px; flex-wrap: wrap; align-items: center; justify-content: space-between; }
    .dim { color: var(--sw-dim); }
    .error { color: var(--sw-danger); margin: 0; }
    @media (max-width: 520px) { .share { grid-template-columns: 1fr; } .qr { justify-self: center; } }
  `,
  ];

  @property({ attribute: false }) session: MeshSession | null = null;
  /** Why the last WebRTC link failed before it opened (from the transport), or null. */
  @property({ attribute: false }) linkFailure: string | null = null;
  /** The signalling server this page lost and retries (null while reachable): nobody can join through the link meanwhile. */
  @property({ attribute: false }) signallingLost: string | null = null;
  @state() private qr = '';
  @state() private copied = false;
  @state() private error = '';
  protected readonly i18n = new LanguageController(this);
  private off: (() => void) | null = null;
  private qrFor = '';

  private ticker: ReturnType<typeof setInterval> | null = null;

  override connectedCallback(): void {
    super.connectedCallback();
    this.listen();
    // The start's countdown moves on its own.
    this.ticker = setInterval(() => this.session?.starting && this.requestUpdate(), 1000);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    if (this.ticker) clearInterval(this.ticker);
    this.ticker = null;
    this.off?.();
    this.off = null;
  }

  protected override updated(changed: Map<string, unknown>): void {
    if (changed.has('session')) this.listen();
    void this.drawQr();
  }

  private listen(): void {
    this.off?.();
    this.off =
      this.session?.onEvent((e) => {
        if (e.kind === 'lobby' || e.kind === 'peers') this.requestUpdate();
      }) ?? null;
  }

  /** The link to play (with the invitation): for the invited only. */
  private get link(): string {
    const s = this.session;
    return s ? joinLinkHere(s.transportId, s.invitation) : '';
  }

  /** The link to watch (no invitation): may be shared widely. */
  private get watchLink(): string {
    const s = this.session;
    return s ? joinLinkHere(s.transportId) : '';
  }

  /** The QR code of the join link, drawn by the qrcode package (loaded only here). */
  private async drawQr(): Promise<void> {
    const link = this.link;
    if (!link || link === this.qrFor || !this.session?.isHost) return;
    this.qrFor = link;
    try {
      const QR = await import('qrcode');
      this.qr = await QR.toDataURL(link, { margin: 1, width: 272, errorCorrectionLevel: 'M' });
    } catch {
      this.qr = '';
    }
  }

  private async copy(): Promise<void> {
    if (await copyText(this.link, this.renderRoot.querySelector<HTMLInputElement>('.link input'))) this.copied = true;
  }

  private take(colour: string | null): void {
    try {
      this.session?.takeSeat(colour as never);
      this.error = '';
    } catch (e) {
      this.error = (e as Error).message;
    }
  }

  private free(colour: string): void {
    try {
      this.session?.freeSeat(colour as never);
      this.error = '';
    } catch (e) {
      this.error = (e as Error).message;
    }
  }

  private start(): void {
    try {
      this.session?.startGame();
    } catch (e) {
      this.error = (e as Error).message;
    }
  }

  /** After 15 s without a link to the host, or (once started) to every player: what failed and what to do. */
  private trouble(s: MeshSession | null) {
    const connecting = !s || s.phase === 'connecting';
    if (!connecting && s.phase !== 'playing') return nothing;
    const missing = connecting
      ? []
      : s.peers
          .filter((p) => p.colour && p.state !== 'connected')
          .map((p) => t('personWithColour', { name: p.name, colour: colourName(p.colour!) }));
    return html`<sw-connect-trouble ?hostMissing=${connecting} .missing=${missing} .linkFailure=${this.linkFailure}></sw-connect-trouble>`;
  }

  /**
   * The start waits for commitments (P2.6 for the start): whose, with their countdown; once it
   * is over a player may start again without them (their seat free or a bot's): the others join
   * the new lobby on their own (sw-app), and nobody forfeits, since nothing was drawn.
   */
  private startWaits(s: MeshSession, st: StartingView, leave: unknown) {
    const who = st.missing
      .map((c) => {
        const p = s.peers.find((x) => x.colour === c);
        return p?.name ? t('personWithColour', { name: p.name, colour: colourName(c) }) : colourName(c);
      })
      .join(', ');
    const left = Math.ceil(st.left / 1000);
    const again = (absent: 'free' | 'bot') => {
      try {
        this.dispatchEvent(new CustomEvent('sw-session-replaced', { detail: s.restartWithout({}, absent), bubbles: true, composed: true }));
      } catch (e) {
        this.error = (e as Error).message;
      }
    };
    const mayRestart = left === 0 && s.seatIndex !== null;
    return html`<div class="card panel" data-testid="lobby-starting"><h2>${t('lobbyTitle')}</h2>
      <p class="dim">${t('onlineStarting')}</p>
      <p data-testid="start-countdown">${left > 0 ? t('startingWaitFor', { who, s: left }) : t('startingSilent', { who })}</p>
      ${
        mayRestart
          ? html`<div class="row"><button data-start-again="free" @click=${() => again('free')}>${t('startingAgainFree')}</button>
            <button data-start-again="bot" @click=${() => again('bot')}>${t('startingAgainBot')}</button></div>`
          : nothing
      }
      ${this.error ? html`<p class="error" role="alert">${this.error}</p>` : nothing}
      ${this.trouble(s)}<div class="row">${leave}</div></div>`;
  }

  override render() {
    const s = this.session;
    const leave = html`<button @click=${() => this.dispatchEvent(new CustomEvent('sw-leave', { bubbles: true, composed: true }))}>${t('lobbyLeave')}</button>`;
    if (!s || !s.lobby) {
      const starting = s?.starting;
      if (s && starting?.missing.length) return this.startWaits(s, starting, leave);
      const text = s && s.phase !== 'connecting' ? t('onlineStarting') : t('lobbyConnecting');
      const failure = this.linkFailure
        ? html`<p class="error" role="alert" data-testid="lobby-link-failure">
        ${t('lobbyLinkFailed', { reason: this.linkFailure })}</p>`
        : nothing;
      return html`<div class="card panel" data-testid="lobby-connecting"><h2>${t('lobbyTitle')}</h2><p class="dim">${text}</p>${failure}
        ${this.trouble(s)}<div class="row">${leave}</div></div>`;
    }
    const lobby = s.lobby;
    const me = s.identity.publicKey;
    const allTaken = lobby.seats.every((x) => x.bot || x.pub);
    const mine = lobby.seats.find((x) => x.pub === me);
    return html`<div class="card panel" data-testid="lobby">
      <div class="row"><h2>${t('lobbyTitle')}</h2><span class="fp"
        title=${t('lobbyYourKey')}>${withName(t('lobbyYou', { name: NAME_SLOT, fp: fingerprint(me) }), s.name)}</span></div>
      ${
        s.isHost
          ? html`<div class="share">
        <div>
          <p class="dim">${t('lobbyShare')}</p>
          <div class="link"><input readonly .value=${this.link} aria-label=${t('lobbyLink')} data-testid="join-link" />
            <button @click=${() => this.copy()}>${this.copied ? t('lobbyCopied') : t('lobbyCopy')}</button></div>
          <p class="dim">${t('lobbyShareWatch')}</p>
          <div class="link"><input readonly .value=${this.watchLink} aria-label=${t('lobbyWatchLink')} data-testid="watch-link" /></div>
        </div>
        ${this.qr ? html`<img class="qr" src=${this.qr} alt=${t('lobbyQr')} />` : html`<div class="qr" aria-hidden="true"></div>`}
      </div>`
          : mine || lobby.seats.some((x) => !x.bot && !x.pub)
            ? html`<p class="dim">${mine ? t('lobbyWaitHost') : t('lobbyPick')}</p>`
            : html`<p data-testid="lobby-full">${t('lobbyFull')} <button class="primary" data-watch
                @click=${() => this.dispatchEvent(new CustomEvent('sw-watch', { bubbles: true, composed: true }))}>${t('onlineWatch')}</button></p>`
      }
      <h3>${t('seats')}</h3>
      <ul>${lobby.seats.map(
        (seat) => html`<li class=${seat.pub === me ? 'mine' : ''} data-colour=${seat.colour}>
        <span class="dot" style="background:${SEAT_CSS[seat.colour]}"></span>
        <span class="who">
          <strong>${colourName(seat.colour)}</strong>
          ${
            seat.bot
              ? html`<span class="dim">${t('botLevel', { level: t(`level_${seat.bot}`) })}</span>`
              : seat.pub
                ? html`<span><bdi>${seat.name ?? ''}</bdi> <span class="fp">${fingerprint(seat.pub)}</span></span>`
                : html`<span class="dim">${t('lobbyFree')}</span>`
          }
        </span>
        ${
          !seat.bot && !seat.pub
            ? html`<button @click=${() => this.take(seat.colour)} data-testid="take-${seat.colour}">${t('lobbyTake')}</button>`
            : seat.pub === me && !s.isHost
              ? html`<button @click=${() => this.take(null)}>${t('lobbyGetUp')}</button>`
              : s.isHost && seat.pub && seat.pub !== me
                ? html`<button @click=${() => this.free(seat.colour)} data-testid="free-${seat.colour}">${t('lobbyFreeSeat')}</button>`
                : nothing
        }
      </li>`,
      )}</ul>
      <p class="dim" data-testid="lobby-clock">${t('lobbyClock', {
        move: Math.round(lobby.clock.moveMs / 1000),
        freeMove: Math.round(lobby.clock.freeMoveMs / 1000),
        reveal: Math.round(lobby.clock.revealMs / 1000),
        bank: Math.round(lobby.clock.bankMs / 6000) / 10,
      })} ${t('lobbyStandIn', { level: t(`level_${lobby.standIn ?? STAND_IN_BOT}`) })}</p>
      ${this.error ? html`<p role="alert" style="color:var(--sw-danger)">${this.error}</p>` : nothing}
      ${this.trouble(s)}
      ${
        this.signallingLost
          ? html`<p class="error" role="alert" data-testid="signalling-lost">${t('signallingLost', { server: this.signallingLost })}</p>`
          : nothing
      }
      <div class="row">${leave}
        ${
          s.isHost
            ? html`<button class="primary" ?disabled=${!allTaken}
              @click=${() => this.start()} data-testid="lobby-start">${allTaken ? t('lobbyStart') : t('lobbyWaitSeats')}</button>`
            : nothing
        }
      </div>
    </div>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'sw-lobby': SwLobby;
  }
}
