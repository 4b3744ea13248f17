// <sw-home>: the start screen. A new game (seats: human or bot of a level, colours, the
// team variant R9, each part of Expansion 1 R2.4, the unplaceable-tile rule R4.3), and
// files: load a saved game, watch a replay, verify a replay; the games in progress on this
// device, each with its seats and turn. Fires `sw-start` or `sw-start-online` (CustomEvent<NewGameRequest>),
// `sw-resume` (CustomEvent<string>: a game id), `sw-delete` (CustomEvent<string>, after the
// player confirmed), `sw-rules` and `sw-file` (CustomEvent<FileRequest>).
import { LitElement, css, html, nothing, type PropertyValues } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import {
  COLOURS,
  EXPANSION_PARTS,
  defaultOptions,
  equipmentInPlay,
  type Colour,
  type ExpansionOptions,
  type GameOptions,
  type GameSetup,
} from '../engine';
import { STAND_IN_BOT } from '../fair/bot-levels';
import { BOT_LEVELS, type BotLevel, type SeatController } from '../session/session';
import type { StoredGame } from '../session/game-store';
import type { ClockPreset } from '../net/lockstep/limits';
import { t } from './i18n';
import { LanguageController } from './language-controller';
import { meepleIcon } from './hud-icons';
import { SEAT_CSS, colourName } from './seat-names';
import { keepName, storedName } from './player-name';
import { oneClickPlay, setOneClickPlay } from './settings';
import { theme } from './theme';
import './sw-language-picker';
import './sw-tile-preview';

const EXPANSION_LABEL = { tiles: 'expTiles', blue: 'expBlue', equipment: 'expEquipment', yellowDie: 'expYellow' } as const satisfies Record<
  keyof ExpansionOptions,
  string
>;
/** The checkbox names (the e2e and saved links use them). */
const EXPANSION_INPUT: Record<keyof ExpansionOptions, string> = {
  tiles: 'exp-tiles',
  blue: 'exp-blue',
  equipment: 'exp-equipment',
  yellowDie: 'exp-yellow',
};

/** A few tiles drawn from the tile data to show what the game looks like. */
const SHOWCASE: readonly [string, number][] = [
  ['SW05', 0],
  ['SW13', 0],
  ['SW31', 0],
  ['SW37', 1],
  ['SW10', 1],
  ['SW06', 2],
];

export interface NewGameRequest {
  setup: GameSetup;
  controllers: SeatController[];
  /** An online game's clock (P6, bullet 5), signed with its settings; local games have none. */
  clock?: ClockPreset;
  /** An online game's bot for a player who leaves (P2.6): greedy by default, cheap on a phone. */
  standIn?: BotLevel;
}
const STAND_IN_CHOICES: readonly BotLevel[] = ['greedy', 'strong', 'expert'];
const CLOCK_CHOICES: readonly ClockPreset[] = ['quick', 'standard', 'relaxed'];
export type FilePurpose = 'load' | 'replay' | 'verify';
export interface FileRequest {
  purpose: FilePurpose;
  text: string;
  name: string;
}

type ControllerChoice = 'human' | BotLevel;
interface SeatDraft {
  colour: Colour;
  controller: ControllerChoice;
}

/** R9.1, R9.3: the team variant seats red, black, green, white, alternating Rebel / Empire. */
export const TEAM_SEATS: readonly Colour[] = ['red', 'black', 'green', 'white'];

function toController(c: ControllerChoice): SeatController {
  return c === 'human' ? { kind: 'human' } : { kind: 'bot', level: c };
}

@customElement('sw-home')
export class SwHome extends LitElement {
  static override styles = [
    theme,
    css`
    :host { display: block; height: 100%; overflow: auto; background: radial-gradient(ellipse at 30% 0%, #1d2a5c 0%, #070b1a 60%); }
    .wrap { max-width: 980px; margin: 0 auto; padding: 22px 20px 30px; display: grid; grid-template-columns: 1.35fr 1fr; gap: 18px; }
    header { grid-column: 1 / -1; display: flex; align-items: center; justify-content: space-between; gap: 12px; flex-wrap: wrap; }
    h1 { margin: 0; font-size: 2rem; letter-spacing: 0.02em; background: linear-gradient(90deg, #ffe27a, #ffb800);
      -webkit-background-clip: text; background-clip: text; color: transparent; }
    .tagline { color: var(--sw-dim); margin: 2px 0 0; }
    section { padding: 16px 18px; }
    section h2 { font-size: 1.15rem; margin-bottom: 12px; }
    .seat { display: grid; grid-template-columns: 22px minmax(0, 1fr) minmax(0, 1fr) auto; gap: 8px; align-items: center; margin-bottom: 8px; }
    .seat select { min-width: 0; }
    .seat label { font-size: 0.8rem; color: var(--sw-dim); }
    .row { display: flex; gap: 8px; align-items: center; flex-wrap: wrap; margin-top: 6px; }
    fieldset { border: 1px solid var(--sw-line); border-radius: 10px; margin: 12px 0 0; padding: 8px 12px 10px; }
    legend { color: var(--sw-dim); font-size: 0.8rem; padding: 0 4px; }
    .check { display: flex; align-items: center; gap: 8px; margin: 5px 0; cursor: pointer; flex-wrap: wrap; }
    .check .text { flex: 1 1 10em; min-width: 0; }
    .check input { flex: none; margin: 0; }
    .note { color: var(--sw-dim); font-size: 0.78rem; margin: 2px 0 0 26px; }
    .bot-note { margin: 0 0 4px 30px; }
    .start { margin-top: 16px; width: 100%; padding: 10px; font-size: 1.05rem; }
    .files { display: grid; gap: 10px; align-content: start; }
    .files label.file { display: block; }
    .files input[type=file] { display: none; }
    .files .button { display: block; text-align: center; padding: 9px 12px; border: 1px solid var(--sw-line); border-radius: 8px;
      background: var(--sw-panel-2); cursor: pointer; }
    .files .button:hover { border-color: var(--sw-accent-2); }
    .fair { color: var(--sw-dim); font-size: 0.8rem; margin-top: 8px; line-height: 1.4; }
    .error { color: var(--sw-danger); margin-top: 8px; font-size: 0.9rem; }
    .online-name { display: grid; gap: 4px; margin-top: 8px; font-size: 0.85rem; color: var(--sw-dim); }
    .online-name input { font: inherit; padding: 6px 8px; border-radius: 8px; border: 1px solid var(--sw-line); background: #0b1128;
      color: var(--sw-text); min-width: 0; }
    /* A select's own width is its longest option's: held to the column on a phone (360 px). */
    .online-name select { font: inherit; width: 100%; min-width: 0; max-width: 100%; }
    .showcase { display: grid; grid-template-columns: repeat(3, 1fr); gap: 6px; margin-top: 10px; --tile-size: 100%; }
    .showcase sw-tile-preview { aspect-ratio: 1; height: auto; }
    @media (max-height: 480px) { .showcase { display: none; } }
    .games { list-style: none; margin: 0 0 6px; padding: 0; display: grid; gap: 6px; }
    .game { display: grid; grid-template-columns: 1fr auto; gap: 4px 8px; align-items: center; padding: 8px 10px;
      border: 1px solid var(--sw-line); border-radius: 10px; background: var(--sw-panel-2); }
    .game .seats { display: flex; flex-wrap: wrap; gap: 4px 10px; font-size: 0.82rem; }
    .seat-chip { display: inline-flex; align-items: center; gap: 3px; }
    .game .meta { grid-column: 1; color: var(--sw-dim); font-size: 0.78rem; }
    .game .buttons, .game .confirm { grid-column: 2; grid-row: 1 / span 2; display: flex; gap: 6px; align-items: center; flex-wrap: wrap;
      justify-content: flex-end; }
    .game .confirm { grid-column: 1 / -1; grid-row: auto; justify-content: flex-start; font-size: 0.85rem; }
    button.danger { background: #5a1424; border-color: var(--sw-danger); }
    @media (max-width: 760px), (max-height: 480px) {
      .wrap { grid-template-columns: 1fr 1fr; padding: 10px; gap: 10px; }
      h1 { font-size: 1.4rem; }
      section { padding: 10px 12px; }
      .tagline { display: none; }
      .start { position: sticky; bottom: 6px; box-shadow: 0 6px 20px #000c; }
    }
    /* a phone: one column that never grows past the screen (a select's or a title's own width would widen it) */
    @media (max-width: 600px) { .wrap { grid-template-columns: minmax(0, 1fr); } }
  `,
  ];

  /** Games in progress on this device, the most recent first (each can be resumed or deleted). */
  @property({ attribute: false }) games: readonly StoredGame[] = [];
  @property() error: string | null = null;
  /** The name this person goes by online (asked once, remembered on this device). */
  @state() private onlineName = storedName();
  @state() private nameWanted = false;
  /** Why the last online game could not open: shown beside "Create an online game", with a way to the settings. */
  @property() onlineError: string | null = null;
  /** The setup of the last game started here: the form comes back as the player left it. */
  @property({ attribute: false }) initial: NewGameRequest | null = null;

  @state() private seats: SeatDraft[] = [
    { colour: 'red', controller: 'human' },
    { colour: 'black', controller: 'greedy' },
  ];
  @state() private options: GameOptions = defaultOptions();
  @state() private oneClick = oneClickPlay();
  @state() private clock: ClockPreset = 'standard';
  @state() private standIn: BotLevel = STAND_IN_BOT;
  /** The game whose deletion waits for a yes. */
  @state() private confirmDelete: string | null = null;
  protected readonly i18n = new LanguageController(this);

  protected override willUpdate(changed: PropertyValues<this>): void {
    const init = this.initial;
    if (changed.has('initial') && init) {
      this.options = { ...init.setup.options, expansion: { ...init.setup.options.expansion } };
      this.seats = init.setup.seats.map((colour, i) => {
        const c = init.controllers[i];
        return { colour, controller: c?.kind === 'bot' ? c.level : 'human' };
      });
      if (init.clock) this.clock = init.clock;
      if (init.standIn) this.standIn = init.standIn;
    }
  }

  /** The setup the form describes now. */
  get request(): NewGameRequest {
    return {
      setup: { seats: this.seats.map((s) => s.colour), options: { ...this.options, expansion: { ...this.options.expansion } } },
      controllers: this.seats.map((s) => toController(s.controller)),
      clock: this.clock,
      standIn: this.standIn,
    };
  }

  private maxSeats(): number {
    return this.options.expansion.blue ? 6 : 5;
  }

  private availableColours(): Colour[] {
    return COLOURS.filter((c) => c !== 'blue' || this.options.expansion.blue);
  }

  private setSeat(i: number, patch: Partial<SeatDraft>): void {
    this.seats = this.seats.map((s, j) => (j === i ? { ...s, ...patch } : s));
  }

  private addSeat(): void {
    const used = new Set(this.seats.map((s) => s.colour));
    const colour = this.availableColours().find((c) => !used.has(c));
    if (!colour || this.seats.length >= this.maxSeats()) return;
    this.seats = [...this.seats, { colour, controller: 'greedy' }];
  }

  private setTeams(on: boolean): void {
    this.options = { ...this.options, teams: on };
    if (on) this.seats = TEAM_SEATS.map((colour, i) => ({ colour, controller: this.seats[i]?.controller ?? 'greedy' }));
  }

  private setExpansion(key: keyof GameOptions['expansion'], on: boolean): void {
    this.options = { ...this.options, expansion: { ...this.options.expansion, [key]: on } };
    if (key === 'blue' && !on) {
      // Without the blue seat, a blue player takes the first free base colour.
      const used = new Set(this.seats.map((s) => s.colour));
      const free = COLOURS.filter((c) => c !== 'blue' && !used.has(c));
      this.seats = this.seats
        .filter((s, i) => s.colour !== 'blue' || i < 5)
        .map((s) => (s.colour === 'blue' ? { ...s, colour: free.shift() ?? 'orange' } : s));
    }
  }

  private formError(): string | null {
    const colours = this.seats.map((s) => s.colour);
    if (new Set(colours).size !== colours.length) return t('duplicateColour');
    return null;
  }

  /** Unfolds Connection settings and brings them into view (from an online error's link). */
  private openNetSettings(): void {
    const details = this.renderRoot.querySelector<HTMLDetailsElement>('details.net');
    if (!details) return;
    details.open = true;
    void import('./sw-net-settings');
    details.scrollIntoView?.({ block: 'nearest' });
  }

  private start(online = false): void {
    if (this.formError()) return;
    if (online) {
      const name = this.onlineName.trim().slice(0, 32);
      if (!name) {
        // the host is a person too: asked for a name before its friends see it
        this.nameWanted = true;
        this.renderRoot.querySelector<HTMLInputElement>('[data-online-name]')?.focus();
        return;
      }
      keepName(name);
      this.nameWanted = false;
    }
    this.dispatchEvent(
      new CustomEvent<NewGameRequest>(online ? 'sw-start-online' : 'sw-start', { detail: this.request, bubbles: true, composed: true }),
    );
  }

  private async readFile(purpose: FilePurpose, e: Event): Promise<void> {
    const input = e.target as HTMLInputElement;
    const file = input.files?.[0];
    input.value = '';
    if (!file) return;
    const text = await file.text();
    this.dispatchEvent(
      new CustomEvent<FileRequest>('sw-file', { detail: { purpose, text, name: file.name }, bubbles: true, composed: true }),
    );
  }

  private seatRow(s: SeatDraft, i: number) {
    const used = new Set(this.seats.map((x, j) => (j === i ? null : x.colour)));
    const teams = this.options.teams;
    return html`<div class="seat" data-seat=${i}>
      ${meepleIcon(SEAT_CSS[s.colour], 22)}
      <select aria-label=${t('seatN', { n: i + 1 })} data-colour ?disabled=${teams}
        @change=${(e: Event) => this.setSeat(i, { colour: (e.target as HTMLSelectElement).value as Colour })}>
        ${this.availableColours().map((c) => html`<option value=${c} ?selected=${c === s.colour} ?disabled=${used.has(c)}>${colourName(c)}</option>`)}
      </select>
      <select aria-label=${t('seatN', { n: i + 1 })} data-controller
        @change=${(e: Event) => this.setSeat(i, { controller: (e.target as HTMLSelectElement).value as ControllerChoice })}>
        <option value="human" ?selected=${s.controller === 'human'}>${t('human')}</option>
        ${BOT_LEVELS.map(
          (l) => html`<option value=${l} title=${t(`about_${l}`)}
            ?selected=${s.controller === l}>${t('botLevel', { level: t(`level_${l}`) })}</option>`,
        )}
      </select>
      <button ?disabled=${teams || this.seats.length <= 2} title=${t('removeSeat')} aria-label=${t('removeSeat')}
        @click=${() => (this.seats = this.seats.filter((_, j) => j !== i))}>✕</button>
    </div>`;
  }

  private fire(name: string, detail: string): void {
    this.dispatchEvent(new CustomEvent<string>(name, { detail, bubbles: true, composed: true }));
  }

  /** The games in progress: seats (colour and who plays), turn, Resume, Delete (asked once more). */
  private gameList() {
    if (!this.games.length) return nothing;
    return html`<h2>${t('gamesInProgress')}</h2>
      <ul class="games">${this.games.map(
        (g) => html`<li class="game" data-game=${g.gameId}>
        <div class="seats">${g.seats.map(
          (seat) => html`<span class="seat-chip" title=${this.seatLabel(seat)}>
          ${meepleIcon(SEAT_CSS[seat.colour] ?? '#888', 16)}<span>${this.seatLabel(seat)}</span></span>`,
        )}</div>
        <div class="meta">${t('turnN', { n: g.turn })}${g.kind === 'online' ? html` · ${t('online')}` : nothing}</div>
        ${
          this.confirmDelete === g.gameId
            ? html`<div class="confirm" role="alertdialog" aria-label=${t('deleteGameQuestion')}><span>${t('deleteGameQuestion')}</span>
              <button class="danger" data-delete-yes @click=${() => {
                this.confirmDelete = null;
                this.fire('sw-delete', g.gameId);
              }}>${t('deleteYes')}</button>
              <button data-delete-no @click=${() => (this.confirmDelete = null)}>${t('deleteNo')}</button></div>`
            : html`<div class="buttons"><button class="primary" data-resume=${g.gameId} @click=${() => this.fire('sw-resume', g.gameId)}>${t('resume')}</button>
              <button data-delete=${g.gameId} aria-label=${t('deleteGame')} title=${t('deleteGame')}
                @click=${() => (this.confirmDelete = g.gameId)}>${t('deleteYes')}</button></div>`
        }
      </li>`,
      )}</ul>`;
  }

  private seatLabel(seat: StoredGame['seats'][number]): string {
    const who =
      seat.who === 'bot' && (BOT_LEVELS as readonly string[]).includes(seat.label)
        ? t('botLevel', { level: t(`level_${seat.label as BotLevel}`) })
        : seat.who === 'remote'
          ? seat.label
          : seat.who === 'me'
            ? t('you')
            : t('human');
    return `${colourName(seat.colour)} (${who})`;
  }

  /** One line per bot level in play: what it does. */
  private botNotes() {
    const levels = BOT_LEVELS.filter((l) => this.seats.some((s) => s.controller === l));
    return levels.map((l) => html`<div class="note bot-note" data-bot-note=${l}><b>${t(`level_${l}`)}</b>: ${t(`about_${l}`)}</div>`);
  }

  private check(label: string, checked: boolean, onChange: (on: boolean) => void, name: string, disabled = false) {
    return html`<label class="check"><input type="checkbox" name=${name} .checked=${checked} ?disabled=${disabled}
      @change=${(e: Event) => onChange((e.target as HTMLInputElement).checked)} /><span class="text">${label}</span></label>`;
  }

  override render() {
    const ex = this.options.expansion;
    const err = this.formError();
    return html`<div class="wrap">
      <header>
        <div><h1>${t('appTitle')}</h1><p class="tagline">${t('tagline')}</p></div>
        <button data-rules @click=${() => this.dispatchEvent(new CustomEvent('sw-rules', { bubbles: true, composed: true }))}>? ${t('rules')}</button>
        <sw-language-picker></sw-language-picker>
      </header>
      <section class="panel new-game">
        <h2>${t('newGame')}</h2>
        ${this.seats.map((s, i) => this.seatRow(s, i))}
        ${this.botNotes()}
        <div class="row">
          <button data-add-seat ?disabled=${this.options.teams || this.seats.length >= this.maxSeats()}
            @click=${() => this.addSeat()}>+ ${t('addSeat')}</button>
        </div>
        <fieldset>
          ${this.check(t('teamVariant'), this.options.teams, (on) => this.setTeams(on), 'teams')}
          ${this.options.teams ? html`<div class="note">${t('teamVariantNote')}</div>` : nothing}
          <label class="check">${t('unplaceableRule')}
            <select name="unplaceable" @change=${(e: Event) =>
              (this.options = { ...this.options, unplaceable: (e.target as HTMLSelectElement).value as 'remove' | 'return' })}>
              <option value="remove" ?selected=${this.options.unplaceable === 'remove'}>${t('unplaceable_remove')}</option>
              <option value="return" ?selected=${this.options.unplaceable === 'return'}>${t('unplaceable_return')}</option>
            </select>
          </label>
        </fieldset>
        <fieldset>
          <legend>${t('expansion1')}</legend>
          ${EXPANSION_PARTS.map((part) =>
            this.check(
              t(EXPANSION_LABEL[part]),
              ex[part],
              (on) => this.setExpansion(part, on),
              EXPANSION_INPUT[part],
              part === 'blue' && this.options.teams,
            ),
          )}
          ${ex.equipment && !equipmentInPlay(this.options).includes('blaster') ? html`<div class="note">${t('blasterNeedsYellow')}</div>` : nothing}
        </fieldset>
        <fieldset>
          ${this.check(
            t('oneClickPlay'),
            this.oneClick,
            (on) => {
              setOneClickPlay(on);
              this.oneClick = on;
            },
            'one-click',
          )}
        </fieldset>
        ${err ? html`<div class="error">${err}</div>` : nothing}
        <button class="primary start" data-start ?disabled=${!!err} @click=${() => this.start()}>${t('startGame')}</button>
        <label class="online-name">${t('onlineYourName')}<input maxlength="32" data-online-name .value=${this.onlineName}
          @input=${(e: Event) => (this.onlineName = (e.target as HTMLInputElement).value)} /></label>
        ${this.nameWanted ? html`<div class="error" role="alert">${t('onlineNameWanted')}</div>` : nothing}
        <label class="online-name">${t('gameClock')}
          <select name="clock" data-clock @change=${(e: Event) => (this.clock = (e.target as HTMLSelectElement).value as ClockPreset)}>
            ${CLOCK_CHOICES.map((c) => html`<option value=${c} ?selected=${this.clock === c}>${t(`clock_${c}`)}</option>`)}
          </select>
        </label>
        <label class="online-name">${t('standInBot')}
          <select name="stand-in" data-stand-in @change=${(e: Event) => (this.standIn = (e.target as HTMLSelectElement).value as BotLevel)}>
            ${STAND_IN_CHOICES.map((l) => html`<option value=${l} ?selected=${this.standIn === l}>${t(`level_${l}`)}</option>`)}
          </select>
        </label>
        <button class="start" data-start-online ?disabled=${!!err} title=${t('onlineCreateHint')} @click=${() => this.start(true)}>${t('onlineCreate')}</button>
        ${
          this.onlineError
            ? html`<div class="error" role="alert" data-online-error>${this.onlineError}
            <button style="margin-left:6px" @click=${() => this.openNetSettings()}>${t('openNetSettings')}</button></div>`
            : nothing
        }
        <details class="net" @toggle=${(e: Event) => (e.target as HTMLDetailsElement).open && void import('./sw-net-settings')}>
          <summary>${t('netSettings')}</summary><sw-net-settings></sw-net-settings></details>
      </section>
      <section class="panel files">
        ${this.gameList()}
        <h2>${t('files')}</h2>
        ${(['load', 'replay', 'verify'] as const).map(
          (p) => html`<label class="file">
          <input type="file" accept=".json,application/json" data-file=${p} @change=${(e: Event) => this.readFile(p, e)} />
          <span class="button">${t(p === 'load' ? 'loadGame' : p === 'replay' ? 'openReplay' : 'verifyReplay')}</span></label>`,
        )}
        <p class="fair">${t('fairNote')}</p>
        <div class="showcase" aria-hidden="true">
          ${SHOWCASE.map(([tile, r]) => html`<sw-tile-preview .tile=${tile} .rotation=${r}></sw-tile-preview>`)}
        </div>
        ${this.error ? html`<div class="error" role="alert">${this.error}</div>` : nothing}
      </section>
    </div>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'sw-home': SwHome;
  }
}
