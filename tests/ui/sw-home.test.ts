// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import type { NewGameRequest } from '../../src/ui/sw-home';
import '../../src/ui/sw-home';
import { newGame } from '../../src/engine';
import { NAME_KEY } from '../../src/ui/player-name';

async function mount() {
  const el = document.createElement('sw-home');
  document.body.append(el);
  await el.updateComplete;
  return el;
}

const $ = (el: Element, sel: string) => el.shadowRoot!.querySelector(sel) as HTMLElement;
const $$ = (el: Element, sel: string) => [...el.shadowRoot!.querySelectorAll(sel)] as HTMLElement[];

describe('<sw-home>', () => {
  afterEach(() => document.body.replaceChildren());

  it('starts a 2-seat game, human against a greedy bot, with the base options', async () => {
    const el = await mount();
    let request: NewGameRequest | null = null;
    el.addEventListener('sw-start', (e) => (request = (e as CustomEvent<NewGameRequest>).detail));
    $(el, 'button[data-start]').click();
    expect(request).not.toBeNull();
    expect(request!.setup.seats).toEqual(['red', 'black']);
    expect(request!.controllers).toEqual([{ kind: 'human' }, { kind: 'bot', level: 'greedy' }]);
    expect(() => newGame(request!.setup)).not.toThrow();
  });

  it('seats red, black, green, white alternately in the team variant (R9.1, R9.3)', async () => {
    const el = await mount();
    const teams = $(el, 'input[name=teams]') as HTMLInputElement;
    teams.checked = true;
    teams.dispatchEvent(new Event('change'));
    await el.updateComplete;
    const { setup } = el.request;
    expect(setup.options.teams).toBe(true);
    expect(setup.seats).toEqual(['red', 'black', 'green', 'white']);
    expect(() => newGame(setup)).not.toThrow(); // the engine accepts it (R9.3)
    // Colours are locked and no seat can be added or removed.
    expect($$(el, 'select[data-colour]').every((s) => (s as HTMLSelectElement).disabled)).toBe(true);
    expect(($(el, 'button[data-add-seat]') as HTMLButtonElement).disabled).toBe(true);
  });

  it('switches each Expansion 1 part on by itself (R2.4) and offers blue only with the blue seat', async () => {
    const el = await mount();
    const blueOption = () => $$(el, 'select[data-colour] option').some((o) => (o as HTMLOptionElement).value === 'blue');
    expect(blueOption()).toBe(false);
    for (const name of ['exp-blue', 'exp-yellow']) {
      const box = $(el, `input[name=${name}]`) as HTMLInputElement;
      box.checked = true;
      box.dispatchEvent(new Event('change'));
    }
    await el.updateComplete;
    expect(el.request.setup.options.expansion).toEqual({ tiles: false, blue: true, equipment: false, yellowDie: true });
    expect(blueOption()).toBe(true);
  });

  it('refuses two seats of one colour (R1.3)', async () => {
    const el = await mount();
    const second = $$(el, 'select[data-colour]')[1] as HTMLSelectElement;
    second.value = 'red';
    second.dispatchEvent(new Event('change'));
    await el.updateComplete;
    expect(($(el, 'button[data-start]') as HTMLButtonElement).disabled).toBe(true);
    expect($(el, '.error').textContent).toMatch(/colour/);
  });

  it('lists the games in progress with seats and turn; Resume names the game; Delete asks first', async () => {
    const el = await mount();
    el.games = [
      {
        gameId: 'g1',
        kind: 'local',
        turn: 12,
        updatedAt: 2,
        seats: [
          { colour: 'red', who: 'human', label: 'human' },
          { colour: 'black', who: 'bot', label: 'strong' },
        ],
      },
      {
        gameId: 'g2',
        kind: 'local',
        turn: 3,
        updatedAt: 1,
        seats: [
          { colour: 'green', who: 'human', label: 'human' },
          { colour: 'white', who: 'human', label: 'human' },
        ],
      },
    ];
    await el.updateComplete;
    const rows = $$(el, 'li[data-game]');
    expect(rows.map((r) => r.dataset.game)).toEqual(['g1', 'g2']);
    expect(rows[0].textContent).toContain('red (Human)');
    expect(rows[0].textContent).toContain('black (Bot: strong)');
    expect(rows[0].textContent).toContain('Turn 12');
    const got: [string, string][] = [];
    for (const type of ['sw-resume', 'sw-delete']) el.addEventListener(type, (e) => got.push([type, (e as CustomEvent<string>).detail]));
    $(el, 'button[data-resume="g2"]').click();
    $(el, 'button[data-delete="g1"]').click();
    await el.updateComplete;
    expect(got).toEqual([['sw-resume', 'g2']]); // nothing deleted yet: the row asks
    $(el, 'li[data-game="g1"] button[data-delete-no]').click();
    await el.updateComplete;
    expect($(el, 'li[data-game="g1"] [data-delete-yes]')).toBeNull();
    $(el, 'button[data-delete="g1"]').click();
    await el.updateComplete;
    $(el, 'li[data-game="g1"] button[data-delete-yes]').click();
    expect(got).toEqual([
      ['sw-resume', 'g2'],
      ['sw-delete', 'g1'],
    ]);
  });

  it('comes back with the setup of the last game started (Menu does not reset the form)', async () => {
    const el = await mount();
    el.initial = {
      setup: {
        seats: ['green', 'orange', 'white'],
        options: { teams: false, unplaceable: 'return', expansion: { tiles: true, blue: false, equipment: false, yellowDie: false } },
      },
      controllers: [{ kind: 'human' }, { kind: 'bot', level: 'strong' }, { kind: 'human' }],
    };
    await el.updateComplete;
    expect(el.request.setup.seats).toEqual(['green', 'orange', 'white']);
    expect(el.request.controllers).toEqual([{ kind: 'human' }, { kind: 'bot', level: 'strong' }, { kind: 'human' }]);
    expect(el.request.setup.options.unplaceable).toBe('return');
  });

  it('asks the host for a name before creating an online game, then remembers it', async () => {
    localStorage.removeItem(NAME_KEY);
    const el = await mount();
    let online = 0;
    el.addEventListener('sw-start-online', () => online++);
    $(el, 'button[data-start-online]').click();
    await el.updateComplete;
    expect(online).toBe(0);
    expect($(el, '[role="alert"]').textContent).toContain('name');
    const input = $(el, '[data-online-name]') as HTMLInputElement;
    input.value = 'Hana';
    input.dispatchEvent(new Event('input'));
    $(el, 'button[data-start-online]').click();
    expect(online).toBe(1);
    expect(localStorage.getItem(NAME_KEY)).toBe('Hana');
    el.remove();
    expect(($(await mount(), '[data-online-name]') as HTMLInputElement).value).toBe('Hana');
  });
});
