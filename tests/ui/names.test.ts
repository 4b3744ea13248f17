// @vitest-environment happy-dom
// Online, people go by their names (issue 20): "You" for one's own seat, "Ana (red)" for others, in the status
// line and the results; never "Human", and no English colour word on Czech or Romanian screens.
import { afterEach, describe, expect, it } from 'vitest';
import { applyInPlace, newGame, type GameState } from '../../src/engine';
import type { SeatInfo } from '../../src/session/session';
import { setLanguage } from '../../src/ui/i18n';
import '../../src/ui/sw-results';
import '../../src/ui/sw-scoreboard';
import '../../src/ui/sw-status-line';
import { startGame } from '../support/engine-script';

const online: SeatInfo[] = [
  { colour: 'red', controller: { kind: 'remote', name: 'Ana' }, localHuman: false },
  { colour: 'black', controller: { kind: 'human' }, localHuman: true },
];

async function mount<K extends 'sw-results' | 'sw-status-line' | 'sw-scoreboard'>(tag: K, props: object) {
  const el = Object.assign(document.createElement(tag), props);
  document.body.append(el);
  await el.updateComplete;
  return el;
}

describe('names online', () => {
  afterEach(() => {
    setLanguage('en');
    document.body.replaceChildren();
  });

  it('the status line says "You" on your turn and names the others', async () => {
    const state = startGame(['red', 'black']);
    applyInPlace(state, { type: 'draw', tile: 'SW22' });
    const el = await mount('sw-status-line', { state, status: { kind: 'waiting-remote', seat: 0 }, seats: online });
    expect(el.shadowRoot!.querySelector('.who')!.textContent).toBe('Waiting for Ana (red)…');
    state.seat = 1;
    el.state = { ...state };
    el.status = { kind: 'your-move', seat: 1 };
    await el.updateComplete;
    expect(el.shadowRoot!.querySelector('.who')!.textContent).toMatch(/^You: /);
  });

  it('the results and the scoreboard name the players, in Czech without an English word', async () => {
    const state: GameState = newGame({ seats: ['red', 'black'], options: startGame(['red', 'black']).setup.options });
    state.scores = [21, 71];
    state.phase = 'over';
    const results = await mount('sw-results', { state, events: [], seats: online });
    expect(results.shadowRoot!.querySelector('.winner')!.textContent).toBe('You win!');
    expect(results.shadowRoot!.querySelector('tr[data-result="0"]')!.textContent).toContain('Ana (red)');
    const board = await mount('sw-scoreboard', { state, seats: online });
    expect(board.shadowRoot!.textContent).toContain('You');
    expect(board.shadowRoot!.textContent).not.toContain('Human');
    setLanguage('cs');
    await results.updateComplete;
    await board.updateComplete;
    for (const text of [results.shadowRoot!.textContent!, board.shadowRoot!.textContent!])
      expect(text).not.toMatch(/\b(red|black|You|Human)\b/);
    expect(results.shadowRoot!.textContent).toContain('Ana (červený)');
  });
});
