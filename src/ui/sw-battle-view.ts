// <sw-battle-view .setup .events>: the latest battle in `events`, explained (R10.3): each
// participant's dice (R6.2) and modifiers (symbol, lightsaber R6.7, blaster/yellow die R6.8),
// every throw's dice with the counted highest die, ties (R6.4) and the points (R6.5).
import { LitElement, css, html, nothing } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import type { GameEvent, GameSetup } from '../engine';
import { dieFace, lightsaberIcon, blasterIcon } from './hud-icons';
import { t } from './i18n';
import { LanguageController } from './language-controller';
import { realmName, scorerCss, scorerLabel } from './seat-names';
import { theme } from './theme';

type BattleEvent = Extract<GameEvent, { type: 'battle' }>;
type ThrowEvent = Extract<GameEvent, { type: 'throw' }>;

export interface BattleStory {
  battle: BattleEvent;
  throws: ThrowEvent[];
}

/** The last battle told by `events`, with its throws so far. */
export function latestBattle(events: readonly GameEvent[]): BattleStory | null {
  for (let i = events.length - 1; i >= 0; i--) {
    const e = events[i];
    if (e.type !== 'battle') continue;
    const throws: ThrowEvent[] = [];
    for (let j = i + 1; j < events.length; j++) {
      const f = events[j];
      if (f.type === 'battle') break;
      if (f.type === 'throw') throws.push(f);
    }
    return { battle: e, throws };
  }
  return null;
}

@customElement('sw-battle-view')
export class SwBattleView extends LitElement {
  static override styles = [
    theme,
    css`
    :host { display: block; font-size: 0.85rem; }
    h2 { font-size: 1rem; margin-bottom: 6px; }
    .who { display: flex; align-items: center; gap: 6px; font-weight: 600; }
    .swatch { width: 11px; height: 11px; border-radius: 50%; box-shadow: 0 0 0 1px #0008; flex: none; }
    .participants { display: grid; gap: 4px; margin-bottom: 8px; }
    .participant { display: flex; flex-wrap: wrap; align-items: center; gap: 6px; }
    .chip { display: inline-flex; align-items: center; gap: 3px; font-size: 0.72rem; border: 1px solid var(--sw-line); border-radius: 10px;
      padding: 0 6px; color: var(--sw-dim); }
    .throw { border-top: 1px solid var(--sw-line); padding: 6px 0; }
    .throw h3 { margin-bottom: 4px; }
    .roll { display: flex; align-items: center; gap: 4px; margin: 3px 0; flex-wrap: wrap; }
    .roll .who { min-width: 84px; }
    .best { font-weight: 750; margin-left: 4px; }
    .mod { color: var(--sw-accent-2); font-weight: 650; }
    .outcome { margin: 4px 0 0; color: var(--sw-dim); }
    .outcome b { color: var(--sw-text); }
    .lost { opacity: 0.55; }
    :host([large]) { font-size: 1rem; }
    :host([large]) .roll .who { min-width: 96px; }
    :host([large]) .best { font-size: 1.3rem; }
  `,
  ];

  @property({ attribute: false }) setup: GameSetup | null = null;
  @property({ attribute: false }) events: readonly GameEvent[] = [];
  /** Big dice, for the battle panel on the table (readable at a glance, R10.3). */
  @property({ type: Boolean, reflect: true }) large = false;
  protected readonly i18n = new LanguageController(this);

  private who(id: number) {
    const setup = this.setup!;
    return html`<span class="who"><span class="swatch" style="background:${scorerCss(setup, id)}"></span>${scorerLabel(setup, id)}</span>`;
  }

  private throwBlock(e: ThrowEvent) {
    const setup = this.setup!;
    return html`<div class="throw" data-throw=${e.throw}>
      <h3>${t('throwN', { n: e.throw })}</h3>
      ${e.rolls.map((r) => {
        const top = Math.max(...r.values);
        const topIndex = r.values.indexOf(top);
        const lost = e.losers.some((l) => l.id === r.id);
        return html`<div class="roll ${lost ? 'lost' : ''}" data-roll=${r.id}>
          ${this.who(r.id)}
          ${r.values.map((v, i) => dieFace(v, r.yellow && i === r.values.length - 1, this.large ? 40 : 24, i === topIndex))}
          ${r.lightsaber ? html`<span class="mod" title=${t('lightsaberBonus')}>+1</span>` : nothing}
          <span class="best" data-best>= ${r.best}</span>
        </div>`;
      })}
      <p class="outcome">
        ${e.tied.length ? html`<b>${t('tieExplained')}</b> ` : nothing}
        ${e.losers.map((l) => html`${t('loserExplained', { who: scorerLabel(setup, l.id), points: t('points', { n: l.points }) })} `)}
        ${e.winner !== null ? html`<b>${t('winnerExplained', { who: scorerLabel(setup, e.winner), realm: realmName(e.realm.kind) })}</b>` : nothing}
      </p>
    </div>`;
  }

  override render() {
    const story = latestBattle(this.events);
    if (!this.setup || !story) return nothing;
    const { battle, throws } = story;
    return html`<h2>${t('battleFor', { realm: realmName(battle.realm.kind) })}</h2>
      <div class="participants">
        ${battle.participants.map(
          (p) => html`<div class="participant" data-participant=${p.id}>
          ${this.who(p.id)}
          <span class="chip">${t('dice', { n: p.dice })}</span>
          ${p.symbol ? html`<span class="chip">${t('symbolBonus')}</span>` : nothing}
          ${p.lightsaber ? html`<span class="chip">${lightsaberIcon(12)} ${t('lightsaberBonus')}</span>` : nothing}
          ${p.yellow ? html`<span class="chip">${blasterIcon(12)} ${t('blasterBonus')}</span>` : nothing}
        </div>`,
        )}
      </div>
      ${throws.map((e) => this.throwBlock(e))}`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'sw-battle-view': SwBattleView;
  }
}
