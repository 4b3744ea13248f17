// <sw-connection-badge>: who is online, each with their seat colour and link state
// (connected / reconnecting / gone). A plain data property in, nothing out.
import { LitElement, css, html, nothing } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import { styleMap } from 'lit/directives/style-map.js';
import { COLOURS, type Colour } from '../engine';
import { t } from './i18n';
import { LanguageController } from './language-controller';
import type { MessageKey } from './messages-en';
import { SEAT_CSS } from './seat-names';
import { theme } from './theme';

export type PeerLinkState = 'connected' | 'reconnecting' | 'gone';
export interface PeerBadge {
  name: string;
  /** The seat's colour, or null for a spectator. */
  colour: string | null;
  state: PeerLinkState;
}

const STATE_TEXT: Record<PeerLinkState, MessageKey> = { connected: 'peerConnected', reconnecting: 'peerReconnecting', gone: 'peerGone' };
const isColour = (c: string | null): c is Colour => c !== null && (COLOURS as readonly string[]).includes(c);

@customElement('sw-connection-badge')
export class SwConnectionBadge extends LitElement {
  static override styles = [
    theme,
    css`
    :host { display: block; font-size: 0.85rem; }
    h3 { margin: 0 0 4px; font-size: 0.8rem; color: var(--sw-dim); font-weight: 600; }
    ul { list-style: none; margin: 0; padding: 0; display: grid; gap: 3px; }
    li { display: grid; grid-template-columns: 10px 1fr auto; gap: 6px; align-items: center; }
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

  override render() {
    if (!this.peers.length) return nothing;
    return html`<h3>${t('peersTitle')}</h3>
      <ul aria-live="polite">
        ${this.peers.map(
          (p) => html`<li data-state=${p.state}>
          <span class="dot" style=${styleMap({ background: isColour(p.colour) ? SEAT_CSS[p.colour] : 'transparent' })}></span>
          <bdi class="name" title=${p.name}>${p.name}</bdi>
          <span class="state">${t(STATE_TEXT[p.state] ?? 'peerGone')}</span>
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
