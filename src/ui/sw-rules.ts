// <sw-rules>: a short illustrated rules page in the project's own words (docs/rules-spec.md R1–R9),
// each part shown with the game's own tiles drawn by the project's painter (sw-tile-preview):
// placing, realms, battles, planet attacks, scoring, final scoring, the team variant,
// Expansion 1, and what each bot level does. Loaded when first opened (lazy-rules.ts), with its
// long texts (rules-text.ts). Fires `sw-close`.
import { LitElement, css, html } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import type { MessageKey } from './messages-en';
import { BOT_LEVELS } from '../session/session';
import { blasterIcon, dieFace, lightsaberIcon, meepleIcon } from './hud-icons';
import { language, t } from './i18n';
import { RULES_TEXT, type RulesKey } from './rules-text';
import { LanguageController } from './language-controller';
import { SEAT_CSS } from './seat-names';
import { theme } from './theme';
import './sw-language-picker';
import './sw-tile-preview';

/** A small board: [tile, rotation, column, row] on a grid of the given width. */
type Board = { cols: number; tiles: [string, number, number, number][] };

interface Section {
  id: string;
  title: MessageKey;
  text: RulesKey;
  board: Board;
}

const SECTIONS: readonly Section[] = [
  {
    id: 'place',
    title: 'rules_place_title',
    text: 'rules_place',
    board: {
      cols: 3,
      tiles: [
        ['SW22', 0, 1, 1],
        ['SW01', 0, 2, 1],
        ['SW15', 0, 1, 2],
      ],
    },
  },
  {
    id: 'realms',
    title: 'rules_realms_title',
    text: 'rules_realms',
    board: {
      cols: 3,
      tiles: [
        ['SW10', 0, 1, 1],
        ['SW19', 0, 2, 1],
        ['SW31', 0, 3, 1],
      ],
    },
  },
  {
    id: 'battles',
    title: 'rules_battles_title',
    text: 'rules_battles',
    board: {
      cols: 3,
      tiles: [
        ['SW22', 0, 1, 1],
        ['SW11', 1, 2, 1],
        ['SW22', 0, 3, 1],
      ],
    },
  },
  {
    id: 'attack',
    title: 'rules_attack_title',
    text: 'rules_attack',
    board: {
      cols: 3,
      tiles: [
        ['SW34', 0, 2, 2],
        ['SW22', 0, 1, 1],
        ['SW04', 2, 2, 3],
        ['SW15', 0, 3, 1],
      ],
    },
  },
  {
    id: 'scoring',
    title: 'rules_scoring_title',
    text: 'rules_scoring',
    board: {
      cols: 3,
      tiles: [
        ['SW40', 2, 1, 1],
        ['SW22', 0, 2, 1],
        ['SW07', 3, 3, 1],
      ],
    },
  },
  {
    id: 'final',
    title: 'rules_final_title',
    text: 'rules_final',
    board: {
      cols: 3,
      tiles: [
        ['SW14', 0, 1, 1],
        ['SW19', 2, 2, 1],
        ['SW21', 1, 3, 1],
      ],
    },
  },
  {
    id: 'teams',
    title: 'rules_teams_title',
    text: 'rules_teams',
    board: {
      cols: 3,
      tiles: [
        ['SW16', 0, 1, 1],
        ['SW17', 1, 2, 1],
        ['SW23', 2, 3, 1],
      ],
    },
  },
  {
    id: 'expansion',
    title: 'rules_expansion_title',
    text: 'rules_expansion',
    board: {
      cols: 3,
      tiles: [
        ['SWX01', 0, 1, 1],
        ['SWX14', 0, 2, 1],
        ['SWX18', 0, 3, 1],
      ],
    },
  },
];

@customElement('sw-rules')
export class SwRules extends LitElement {
  static override styles = [
    theme,
    css`
    :host { display: block; height: 100%; overflow: auto; background: radial-gradient(ellipse at 30% 0%, #1d2a5c 0%, #070b1a 60%); }
    .wrap { max-width: 900px; margin: 0 auto; padding: 18px 16px 40px; }
    header { display: flex; align-items: center; gap: 10px; flex-wrap: wrap; margin-bottom: 10px; }
    header h1 { flex: 1; margin: 0; font-size: 1.5rem; }
    nav { display: flex; flex-wrap: wrap; gap: 6px; margin-bottom: 12px; }
    nav a { color: var(--sw-accent-2); font-size: 0.85rem; }
    section { display: grid; grid-template-columns: 1fr 200px; gap: 14px; padding: 14px 16px; margin-bottom: 10px; align-items: start; }
    section h2 { font-size: 1.1rem; margin-bottom: 6px; }
    p { margin: 0; line-height: 1.5; }
    .board { display: grid; gap: 3px; --tile-size: 100%; }
    .board sw-tile-preview { aspect-ratio: 1; height: auto; }
    .icons { display: flex; gap: 6px; align-items: center; margin-top: 8px; flex-wrap: wrap; }
    .bots li { margin: 4px 0; }
    @media (max-width: 620px) { section { grid-template-columns: 1fr; } .board { max-width: 240px; } }
  `,
  ];

  /** Shown over the game (a close button) or as its own screen (a back button): same event. */
  @property({ type: Boolean }) overlay = false;
  protected readonly i18n = new LanguageController(this);

  private board(b: Board) {
    const rows = Math.max(...b.tiles.map(([, , , row]) => row));
    return html`<div class="board" aria-hidden="true" style="grid-template-columns: repeat(${b.cols}, 1fr); grid-template-rows: repeat(${rows}, auto)">
      ${b.tiles.map(([tile, r, col, row]) => html`<sw-tile-preview style="grid-column:${col};grid-row:${row}" .tile=${tile} .rotation=${r}></sw-tile-preview>`)}
    </div>`;
  }

  private extras(id: string) {
    if (id === 'realms')
      return html`<div class="icons">${meepleIcon(SEAT_CSS.red, 18)} ${t('small')} ${meepleIcon(SEAT_CSS.red, 26)} ${t('large')}</div>`;
    if (id === 'battles')
      return html`<div class="icons">${dieFace(5, false, 28, true)}${dieFace(2, false, 28, false)} <span>vs</span> ${dieFace(4, false, 28, true)}</div>`;
    if (id === 'expansion')
      return html`<div class="icons">${lightsaberIcon(24)} ${t('lightsaber')} ${blasterIcon(24)} ${t('blaster')} ${dieFace(8, true, 28, true)}</div>`;
    return null;
  }

  override render() {
    return html`<div class="wrap">
      <header>
        <button data-close
          @click=${() => this.dispatchEvent(new CustomEvent('sw-close', { bubbles: true, composed: true }))}>${
            this.overlay ? '✕ ' + t('close') : '← ' + t('home')
          }</button>
        <h1>${t('rulesTitle')}</h1>
        <sw-language-picker></sw-language-picker>
      </header>
      <p>${RULES_TEXT[language()].rules_intro}</p>
      <nav>${SECTIONS.map((s) => html`<a href="#${s.id}" @click=${(e: Event) => this.jump(e, s.id)}>${t(s.title)}</a>`)}
        <a href="#bots" @click=${(e: Event) => this.jump(e, 'bots')}>${t('rules_bots_title')}</a></nav>
      ${SECTIONS.map(
        (s) => html`<section class="panel" id=${s.id} data-section=${s.id}>
        <div><h2>${t(s.title)}</h2><p>${RULES_TEXT[language()][s.text]}</p>${this.extras(s.id)}</div>
        ${this.board(s.board)}
      </section>`,
      )}
      <section class="panel" id="bots" data-section="bots"><div><h2>${t('rules_bots_title')}</h2>
        <ul class="bots">${BOT_LEVELS.map((l) => html`<li><b>${t(`level_${l}`)}</b>: ${t(`about_${l}`)}</li>`)}</ul></div></section>
    </div>`;
  }

  private jump(e: Event, id: string): void {
    // the page lives in a shadow root: scroll to the section without touching the URL
    e.preventDefault();
    this.renderRoot.querySelector(`#${id}`)?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'sw-rules': SwRules;
  }
}
