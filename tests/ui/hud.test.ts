// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import type { LitElement } from 'lit';
import {
  defaultOptions,
  newGame,
  tileDef,
  type Deployment,
  type GameEvent,
  type GameSetup,
  type GameState,
  type Participant,
  type RealmSummary,
} from '../../src/engine';
import { describeEvent, scoreBreakdown } from '../../src/ui/event-text';
import '../../src/ui/sw-scoreboard';
import '../../src/ui/sw-deploy-controls';
import '../../src/ui/sw-battle-view';
import '../../src/ui/sw-results';
import '../../src/ui/sw-tile-preview';
import '../../src/ui/sw-supply-list';

const $ = (el: Element, sel: string) => el.shadowRoot!.querySelector(sel) as HTMLElement;
const $$ = (el: Element, sel: string) => [...el.shadowRoot!.querySelectorAll(sel)] as HTMLElement[];

async function mount<K extends keyof HTMLElementTagNameMap>(tag: K, props: Partial<HTMLElementTagNameMap[K]>) {
  const el = document.createElement(tag);
  Object.assign(el, props);
  document.body.append(el);
  await (el as unknown as LitElement).updateComplete;
  return el;
}

const twoSeats: GameSetup = { seats: ['red', 'black'], options: defaultOptions() };
const realm: RealmSummary = {
  kind: 'P',
  tiles: [
    [0, 1],
    [1, 1],
  ],
  symbols: ['Empire'],
  node: [1, 0],
};
const red: Participant = { id: 0, seats: [0], dice: 1, yellow: true, lightsaber: true, symbol: false };
const black: Participant = { id: 1, seats: [1], dice: 2, yellow: false, lightsaber: false, symbol: true };

/** A planet battle: a tied first throw (R6.4), then black wins and red loses (R6.5). */
const battleEvents: GameEvent[] = [
  { type: 'battle', realm, participants: [red, black] },
  {
    type: 'throw',
    realm,
    throw: 1,
    rolls: [
      { id: 0, values: [4], yellow: true, lightsaber: true, best: 5 },
      { id: 1, values: [5, 2], yellow: false, lightsaber: false, best: 5 },
    ],
    tied: [0, 1],
    winner: null,
    losers: [],
  },
  { type: 'score', reason: 'tie', scorer: 0, points: 1 },
  { type: 'score', reason: 'tie', scorer: 1, points: 1 },
  {
    type: 'throw',
    realm,
    throw: 2,
    rolls: [
      { id: 0, values: [3], yellow: true, lightsaber: true, best: 4 },
      { id: 1, values: [6, 1], yellow: false, lightsaber: false, best: 6 },
    ],
    tied: [],
    winner: 1,
    losers: [{ id: 0, points: 1 }],
  },
  { type: 'score', reason: 'lost', scorer: 0, points: 1 },
];

describe('HUD elements', () => {
  afterEach(() => document.body.replaceChildren());

  it('<sw-scoreboard> shows each score with its laps of 50 and each reserve (R1.4, R1.7)', async () => {
    const state = newGame(twoSeats);
    state.scores = [57, 12];
    state.reserves[1].small = 2;
    state.reserves[1].large = 0;
    const el = await mount('sw-scoreboard', { state });
    expect($$(el, '[data-score]').map((s) => s.textContent)).toEqual(['57', '12']);
    expect($(el, '[data-scorer="0"] .laps').textContent).toBe('1× 50');
    expect($(el, '[data-scorer="1"] .laps')).toBeNull();
    const used = (seat: number) => $$(el, `[data-seat="${seat}"] .reserve .gone`).length;
    expect(used(0)).toBe(0);
    expect(used(1)).toBe(3); // two small and the large meeple are out
  });

  it('<sw-scoreboard> shows one score per team in the team variant (R9.1)', async () => {
    const state = newGame({ seats: ['red', 'black', 'green', 'white'], options: { ...defaultOptions(), teams: true } });
    const el = await mount('sw-scoreboard', { state });
    expect($$(el, '[data-scorer]').length).toBe(2);
    expect($$(el, '[data-scorer="0"] [data-seat]').map((s) => s.dataset.seat)).toEqual(['0', '2']);
  });

  it('<sw-deploy-controls> enables only what a legal deployment allows (R5.1, R5.5) and skips', async () => {
    const legal: Deployment[] = [
      { meeple: 'small', target: { seg: 0 }, equipment: null },
      { meeple: 'small', target: { seg: 0 }, equipment: 'lightsaber' },
    ];
    const el = await mount('sw-deploy-controls', {
      deployments: legal,
      choice: { meeple: 'small', equipment: null },
      equipmentInPlay: ['lightsaber', 'blaster'],
    });
    const button = (sel: string) => $(el, sel) as HTMLButtonElement;
    expect(button('[data-meeple="small"]').disabled).toBe(false);
    expect(button('[data-meeple="large"]').disabled).toBe(true); // no large meeple in reserve
    expect(button('[data-equipment="lightsaber"]').disabled).toBe(false);
    expect(button('[data-equipment="blaster"]').disabled).toBe(true); // already used
    const picked: unknown[] = [];
    el.addEventListener('sw-deploy-choice', (e) => picked.push((e as CustomEvent).detail));
    let skipped = false;
    el.addEventListener('sw-skip', () => (skipped = true));
    button('[data-equipment="lightsaber"]').click();
    button('[data-skip]').click();
    expect(picked).toEqual([{ meeple: 'small', equipment: 'lightsaber' }]);
    expect(skipped).toBe(true);
  });

  it('<sw-battle-view> shows every throw with dice and modifiers, the tie and the points (R10.3)', async () => {
    const el = await mount('sw-battle-view', { setup: twoSeats, events: battleEvents });
    const text = el.shadowRoot!.textContent!.replace(/\s+/g, ' ');
    expect(text).toContain('Battle for the planet');
    expect(text).toContain('faction symbol +1 die'); // R6.2
    expect(text).toContain('lightsaber +1'); // R6.7
    expect(text).toContain('blaster: yellow die'); // R6.8
    expect($$(el, '[data-throw]').length).toBe(2);
    expect($$(el, '[data-throw="1"] [data-best]').map((b) => b.textContent)).toEqual(['= 5', '= 5']);
    expect($(el, '[data-throw="1"] .outcome').textContent).toMatch(/Tie/); // R6.4
    expect($(el, '[data-throw="2"] .outcome').textContent).toMatch(/red loses: 1 point per die \(1 point\)/); // R6.5
    expect($(el, '[data-throw="2"] .outcome').textContent).toMatch(/black holds the planet/);
    expect($$(el, '[data-throw="2"] [data-roll="1"] svg').length).toBe(2); // two dice for black
  });

  it('<sw-results> splits each score into realms, battles and final scoring, and they add up (R8)', async () => {
    const state: GameState = newGame(twoSeats);
    const events: GameEvent[] = [
      ...battleEvents,
      { type: 'score', reason: 'complete', scorer: 1, points: 9, realm },
      { type: 'score', reason: 'final', scorer: 0, points: 4, realm },
    ];
    state.scores = [6, 10];
    state.phase = 'over';
    expect(scoreBreakdown(twoSeats, events)).toEqual([
      { realms: 0, battles: 2, final: 4, total: 6 },
      { realms: 9, battles: 1, final: 0, total: 10 },
    ]);
    const el = await mount('sw-results', { state, events });
    const row = (i: number) => $$(el, `tr[data-result="${i}"] td`).map((td) => td.textContent!.trim());
    expect(row(1).slice(1)).toEqual(['9', '1', '0', '10']);
    expect(row(0).slice(1)).toEqual(['0', '2', '4', '6']);
    expect($(el, '.winner').textContent).toBe('black wins!');
    state.scores = [10, 10];
    el.state = { ...state };
    await el.updateComplete;
    expect($(el, '.winner').textContent).toMatch(/Shared victory/); // R8.3
  });

  it('<sw-results> ranks a forfeited seat last whatever its score, and says so (P2.6)', async () => {
    const state: GameState = newGame(twoSeats);
    state.scores = [40, 12];
    state.phase = 'over';
    const el = await mount('sw-results', { state, events: [], forfeits: [{ colour: 'red', why: 'dropped' }] });
    const rows = $$(el, 'tr[data-result]').map((tr) => tr.getAttribute('data-result'));
    expect(rows).toEqual(['1', '0']);
    expect($(el, 'tr[data-result="0"] [data-forfeit]').textContent).toContain('forfeited');
    expect($(el, '.winner').textContent).toBe('black wins!');
  });

  it('<sw-tile-preview> draws a tile from its data, turned like the ghost, with one badge per symbol', async () => {
    const el = await mount('sw-tile-preview', { tile: 'SW05', rotation: 3 });
    expect($(el, 'g.turn').getAttribute('style')).toContain('rotate(270deg)');
    const symbols = tileDef('SW05').segments.flatMap((s) => s.symbols).length;
    expect($$(el, 'g.badge').length).toBe(symbols);
    expect(symbols).toBeGreaterThan(0);
  });

  it('<sw-supply-list> lists what is left as a multiset by tile id', async () => {
    const state = newGame(twoSeats);
    const el = await mount('sw-supply-list', { state });
    const items = $$(el, 'li[data-tile]');
    const total = items.reduce((n, li) => n + Number(li.querySelector('b')!.textContent), 0);
    expect(total).toBe(75); // R1.1: 76 base tiles less the start tile
    expect($(el, '[data-tiles-left]').dataset.tilesLeft).toBe('75');
    expect(items.find((li) => li.dataset.tile === 'SW01')!.querySelector('b')!.textContent).toBe('3');
  });

  it('tells scorings with realm and points, and throws with dice and modifiers (R10.3)', () => {
    const state = newGame(twoSeats);
    const completed = describeEvent(twoSeats, state, { type: 'completed', realm, scorer: 1, points: 11, final: false });
    expect(completed!.text).toBe('Planet completed (2 tiles): 11 points for black.');
    const throwLine = describeEvent(twoSeats, state, battleEvents[1]);
    expect(throwLine!.text).toContain('red 4 (yellow) +1 → 5; black 5, 2 → 5');
    expect(throwLine!.text).toContain('Tie between red, black');
  });
});

describe('<sw-deploy-controls> with nothing to deploy', () => {
  it('offers only the skip (R5.1: deploying is optional)', async () => {
    const el = document.createElement('sw-deploy-controls');
    document.body.append(el);
    await el.updateComplete;
    expect(el.shadowRoot!.querySelector('[data-meeple]')).toBeNull();
    expect(el.shadowRoot!.querySelector('[data-skip]')).not.toBeNull();
    el.remove();
  });
});
