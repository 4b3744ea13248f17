// @vitest-environment happy-dom
// <sw-side-panel>: the scoreboard and the tab the game screen chose (log, battle, supply);
// a click on a tab only asks for it (sw-tab); on a phone the sheet folds to the scoreboard.
import { afterEach, describe, expect, it } from 'vitest';
import { applyInPlace } from '../../src/engine';
import '../../src/ui/sw-side-panel';
import { startGame } from '../support/engine-script';

async function panel(props: Record<string, unknown> = {}) {
  const state = startGame(['red', 'black']);
  applyInPlace(state, { type: 'draw', tile: 'SW22' });
  const seats = [
    { colour: 'red', controller: { kind: 'human' } },
    { colour: 'black', controller: { kind: 'human' } },
  ];
  const el = Object.assign(document.createElement('sw-side-panel'), { state, seats, ...props });
  document.body.append(el);
  await el.updateComplete;
  return el;
}

describe('<sw-side-panel>', () => {
  afterEach(() => document.body.replaceChildren());

  it('shows the tab it is given and asks for another one by sw-tab', async () => {
    const el = await panel();
    const root = el.shadowRoot!;
    expect(root.querySelector('sw-scoreboard')).not.toBeNull();
    expect(root.querySelector('.pane sw-event-log')).not.toBeNull();
    expect(root.querySelector('slot[name="online"]')).not.toBeNull();
    const asked: string[] = [];
    document.body.addEventListener('sw-tab', (e) => asked.push(e.detail));
    root.querySelector<HTMLButtonElement>('[data-tab="supply"]')!.click();
    expect(asked).toEqual(['supply']);
    expect(root.querySelector('.pane sw-event-log')).not.toBeNull(); // the game screen decides
    el.tab = 'supply';
    await el.updateComplete;
    expect(root.querySelector('.pane sw-supply-list')).not.toBeNull();
    expect(root.querySelector('[data-tab="supply"]')!.getAttribute('aria-pressed')).toBe('true');
    el.tab = 'battle';
    await el.updateComplete;
    expect(root.querySelector('.pane')!.textContent).toContain('—'); // no battle yet
  });

  it('as a bottom sheet: folded until opened, with the actions slot in its head', async () => {
    const el = await panel({ portrait: true });
    const root = el.shadowRoot!;
    expect(root.querySelector('.sheet-head slot[name="actions"]')).not.toBeNull();
    expect(root.querySelector('.pane')!.classList.contains('folded')).toBe(true);
    root.querySelector<HTMLButtonElement>('[data-sheet]')!.click();
    await el.updateComplete;
    expect(root.querySelector('.pane')!.classList.contains('folded')).toBe(false);
    expect(root.querySelector('[data-sheet]')!.getAttribute('aria-expanded')).toBe('true');
  });
});
