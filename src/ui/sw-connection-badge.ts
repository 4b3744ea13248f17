// <sw-connection-badge>: who is online, each with their seat colour and link state
// (connected / reconnecting / gone). A peer whose link dropped shows "reconnecting… 12 s", and
// after LEFT_AFTER_MS "left at 14:02", with how long the game waits for its move. Data in, nothing out.
import { LitElement, css, html, nothing } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import { styleMap } from 'lit/directives/style-map.js';
import { COLOURS, type Colour } from '../engine';
import { language, t } from './i18n';
import { LanguageController } from './language-controller';
import { SEAT_CSS } from './seat-names';
import { theme } from './theme';

export type PeerLinkState = 'connected' | 'reconnecting' | 'gone';
export interface PeerBadge {
  name: string;
  /** The seat's colour, or null for a spectator. */
  colour: string | null;
  state: PeerLinkState;
}

/** How long a lost link reads "reconnecting…" before it reads "left" (ms). */
export const LEFT_AFTER_MS = 20_000;

const isColour = (c: string | null): c is Colour => c !== null && (COLOURS as readonly string[]).includes(c);

const key = (p: PeerBadge): string => `${p.colour ?? '-'}|${p.name}`;

@customElement('sw-connection-badge')
export class SwConnectionBadge extends LitElement {
  static override styles = [
    theme,
    css`
    :host { display: block; font-size: 0.85rem; }
    h3 { margin: 0 0 4px; font-size: 0.8rem; color: var(--sw-dim); font-weight: 600; }
    ul { list-style: none; margin: 0; padding: 0; display: grid; gap: 3px; }
    li { display: grid; grid-template-columns: 10px minmax(0, 1fr) auto; gap: 6px; align-items: center; }
    .state { white-space: nowrap; }
    .left { grid-column: 2 / -1; color: var(--sw-dim); font-size: 0.72rem; }
    .dot { width: 10px; height: 10px; border-radius: 50%; border: 1px solid var(--sw-line); box-sizing: border-box; }
    .name { overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
    .state { font-size: 0.75rem; }
    li[data-state=connected] .state { color: var(--sw-ok); }
    li[data-state=reconnecting] .state { color: var(--sw-accent); }
    li[data-state=gone] { opacity: 0.6; }
    li[data-state=gone] .state { color: var(--sw-danger); }
  `,
  ];
  protected readonly i18n = new LanguageController(this);

  @property({ attribute: false }) peers: PeerBadge[] = [];
  /** How long the game waits for a silent seat's move before it may be dropped (ms), said beside "left". */
  @property({ type: Number }) waitMs = 0;
  /** The clock (tests set their own). */
  @property({ attribute: false }) now: () => number = Date.now;
  /** When each peer's link was first seen lost, by name and colour. */
  private readonly lostAt = new Map<string, number>();
  private ticker: ReturnType<typeof setInterval> | null = null;

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    if (this.ticker) clearInterval(this.ticker);
    this.ticker = null;
  }

  protected override willUpdate(): void {
    const now = this.now();
    const keys = new Set(this.peers.map(key));
    for (const k of [...this.lostAt.keys()]) if (!keys.has(k)) this.lostAt.delete(k);
    for (const p of this.peers)
      if (p.state === 'connected') this.lostAt.delete(key(p));
      else if (!this.lostAt.has(key(p))) this.lostAt.set(key(p), now);
    // "reconnecting… 12 s" moves on its own while a link is lost
    if (this.lostAt.size && !this.ticker) this.ticker = setInterval(() => this.requestUpdate(), 1000);
    if (!this.lostAt.size && this.ticker) {
      clearInterval(this.ticker);
      this.ticker = null;
    }
  }

  private stateText(p: PeerBadge) {
    if (p.state === 'connected') return html`<span class="state">${t('peerConnected')}</span>`;
    const since = this.lostAt.get(key(p)) ?? this.now();
    const lost = this.now() - since;
    if (p.state === 'reconnecting' && lost < LEFT_AFTER_MS)
      return html`<span class="state">${t('peerReconnecting')} ${Math.floor(lost / 1000)} s</span>`;
    const at = new Date(since).toLocaleTimeString(language(), { hour: '2-digit', minute: '2-digit' });
    const waits = p.colour && p.state === 'reconnecting' && this.waitMs ? t('peerLeftWaits', { s: Math.round(this.waitMs / 1000) }) : '';
    return html`<span class="state" data-left>${t('peerLeftAt', { time: at })}</span>${waits ? html`<span class="left">${waits}</span>` : nothing}`;
  }

  override render() {
    if (!this.peers.length) return nothing;
    return html`<h3>${t('peersTitle')}</h3>
      <ul aria-live="polite">
        ${this.peers.map(
          (p) => html`<li data-state=${p.state}>
          <span class="dot" style=${styleMap({ background: isColour(p.colour) ? SEAT_CSS[p.colour] : 'transparent' })}></span>
          <bdi class="name" title=${p.name}>${p.name}</bdi>
          ${this.stateText(p)}
        </li>`,
        )}
      </ul>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'sw-connection-badge': SwConnectionBadge;
  }
}
