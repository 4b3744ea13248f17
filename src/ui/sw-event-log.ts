// <sw-event-log .setup .state .events>: the game's story, newest last, kept scrolled to the
// end: placements, battles throw by throw, scorings with realm and points (R10.3).
import { LitElement, css, html, nothing, type PropertyValues } from 'lit';
import { customElement, property, query } from 'lit/decorators.js';
import type { GameEvent, GameState } from '../engine';
import { describeEvent } from './event-text';
import { LanguageController } from './language-controller';
import { theme } from './theme';

/** Only the newest lines are rendered; the whole story is in the replay file. */
const MAX_LINES = 400;

@customElement('sw-event-log')
export class SwEventLog extends LitElement {
  static override styles = [
    theme,
    css`
    :host { display: block; min-height: 0; }
    ol { list-style: none; margin: 0; padding: 0 2px 0 0; overflow-y: auto; height: 100%; font-size: 0.8rem; line-height: 1.35; }
    li { padding: 3px 6px 3px 8px; border-left: 3px solid var(--c, transparent); margin: 1px 0; }
    li.turn { margin-top: 6px; color: var(--sw-dim); font-weight: 650; font-size: 0.72rem; text-transform: uppercase;
      letter-spacing: 0.05em; border-left-color: transparent; }
    li.battle { background: rgba(255, 107, 107, 0.08); }
    li.score { background: rgba(255, 210, 74, 0.09); }
    li.note { color: var(--sw-dim); }
  `,
  ];

  @property({ attribute: false }) state: GameState | null = null;
  @property({ attribute: false }) events: readonly GameEvent[] = [];
  @query('ol') private list!: HTMLOListElement | null;
  protected readonly i18n = new LanguageController(this);

  protected override updated(changed: PropertyValues): void {
    if (changed.has('events') && this.list) this.list.scrollTop = this.list.scrollHeight;
  }

  override render() {
    const state = this.state;
    if (!state) return nothing;
    const lines = [];
    for (const e of this.events.slice(-MAX_LINES * 2)) {
      const line = describeEvent(state.setup, state, e);
      if (line) lines.push(line);
    }
    return html`<ol aria-live="polite">
      ${lines.slice(-MAX_LINES).map((l) => html`<li class=${l.kind} style=${l.colour ? `--c:${l.colour}` : ''}>${l.text}</li>`)}
    </ol>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'sw-event-log': SwEventLog;
  }
}
