// <sw-table .view=${TableView}>: the 3D tabletop as a Lit element. The WebGL machinery
// lives in a Reactive Controller (src/render/table-controller.ts); the element passes the
// view down and sends the player's intents up as `sw-place` / `sw-deploy` events (and
// `sw-ghost` whenever the placement ghost moves or turns). Its methods are all the game
// screen asks of the table: play events, turn the ghost, take the keys, keep out from under the HUD.
import { LitElement, css, html, type PropertyValues } from 'lit';
import type { Deployment, GameEvent, GameState, Placement } from '../engine';
import type { TableView, Tabletop } from '../render/tabletop';
import { TableController, type Insets } from '../render/table-controller';
import { t } from './i18n';

export type { TableView };

export class SwTable extends LitElement {
  static override properties = { view: { attribute: false } };

  static override styles = css`
    :host { display: block; position: relative; width: 100%; height: 100%; min-height: 200px; background: #03050c; }
    .table { position: absolute; inset: 0; }
  `;

  view: TableView | null = null;

  private readonly table = new TableController(this, {
    place: (p: Placement) => this.dispatchEvent(new CustomEvent<Placement>('sw-place', { detail: p, bubbles: true, composed: true })),
    deploy: (d: Deployment | null) =>
      this.dispatchEvent(new CustomEvent<Deployment | null>('sw-deploy', { detail: d, bubbles: true, composed: true })),
    // not part of the fixed contract: lets the HUD's tile preview follow the ghost's rotation
    ghost: (p: Placement | null) =>
      this.dispatchEvent(new CustomEvent<Placement | null>('sw-ghost', { detail: p, bubbles: true, composed: true })),
    noWebGl: (reason: string) => t('noWebGl', { message: reason }),
  });

  /** The Tabletop itself, for tests and benchmarks (cellToScreen, spotToScreen, stats). */
  get tabletop(): Tabletop | null {
    return this.table.tabletop;
  }

  /** Dice and scoring animations; resolves when they are done (at once with reduced motion). */
  playEvents(events: GameEvent[], after: GameState, onEvent?: (e: GameEvent) => void): Promise<void> {
    return this.table.playEvents(events, after, onEvent);
  }

  /** Turns the ghost to its next legal rotation, clockwise (1) or anticlockwise (-1). */
  rotateGhost(step: 1 | -1): void {
    this.table.tabletop?.rotateGhost(step);
  }

  /** Gives the keys to the table (R, arrows, Enter act on it), at its first frame if it has not drawn one yet. */
  focusTable(): void {
    this.table.tabletop?.focus();
  }

  /** CSS pixels of the table the HUD covers on each side; framing keeps the board in the rest. */
  setInsets(insets: Insets): void {
    this.table.setInsets(insets);
  }

  tableContainer(): HTMLElement | null {
    return this.renderRoot.querySelector('.table');
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('view')) this.table.setView(this.view);
  }

  protected override updated(): void {
    // the canvas is created by the controller; its accessible name is the player's language
    this.tabletop?.canvas?.setAttribute('aria-label', t('tableLabel'));
  }

  protected override render() {
    return html`<div class="table"></div>`;
  }
}

customElements.define('sw-table', SwTable);

declare global {
  interface HTMLElementTagNameMap {
    'sw-table': SwTable;
  }
  interface HTMLElementEventMap {
    'sw-place': CustomEvent<Placement>;
    'sw-deploy': CustomEvent<Deployment | null>;
    'sw-ghost': CustomEvent<Placement | null>;
  }
}
