// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../src/ui/i18n';
import { LEFT_AFTER_MS } from '../../src/ui/sw-connection-badge';

describe('<sw-connection-badge>', () => {
  afterEach(() => {
    document.body.replaceChildren();
    setLanguage('en');
  });

  it('lists each peer with its colour and translated link state', async () => {
    const el = document.createElement('sw-connection-badge');
    el.peers = [
      { name: 'Leia', colour: 'red', state: 'connected' },
      { name: '<b>Han</b>', colour: 'url(javascript:alert(1))', state: 'reconnecting' },
      { name: 'Watcher', colour: null, state: 'gone' },
    ];
    document.body.append(el);
    await el.updateComplete;
    const rows = [...el.shadowRoot!.querySelectorAll('li')];
    expect(rows.map((r) => r.dataset.state)).toEqual(['connected', 'reconnecting', 'gone']);
    expect(rows.map((r) => r.querySelector('.state')!.textContent)).toEqual([
      'connected',
      'reconnecting… 0 s',
      expect.stringMatching(/^left at /),
    ]);
    expect(rows[1].querySelector('.name')!.textContent).toBe('<b>Han</b>'); // text, not markup
    expect((rows[0].querySelector('.dot') as HTMLElement).style.background).not.toBe('transparent');
    expect((rows[1].querySelector('.dot') as HTMLElement).style.background).toBe('transparent'); // not a seat colour: not used
    setLanguage('ro');
    await el.updateComplete;
    expect([...el.shadowRoot!.querySelectorAll('.state')].map((s) => s.textContent)).toEqual([
      'conectat',
      'se reconectează… 0 s',
      expect.stringMatching(/^plecat la /),
    ]);
    setLanguage('cs');
    await el.updateComplete;
    expect(el.shadowRoot!.querySelector('h3')!.textContent).toBe('Hráči online');
  });

  it('a lost link reads "reconnecting… N s", then after 20 s "left at HH:MM" with how long the game waits; back, it is connected', async () => {
    let now = Date.UTC(2026, 0, 1, 14, 2, 0);
    const el = Object.assign(document.createElement('sw-connection-badge'), { now: () => now, waitMs: 90_000 });
    el.peers = [{ name: 'Ana', colour: 'green', state: 'reconnecting' }];
    document.body.append(el);
    await el.updateComplete;
    const state = () => el.shadowRoot!.querySelector('.state')!.textContent;
    expect(state()).toBe('reconnecting… 0 s');
    now += 12_000;
    el.requestUpdate();
    await el.updateComplete;
    expect(state()).toBe('reconnecting… 12 s');
    expect(el.shadowRoot!.querySelector('.left')).toBeNull();
    now += LEFT_AFTER_MS;
    el.requestUpdate();
    await el.updateComplete;
    expect(state()).toMatch(/^left at \d{1,2}:\d{2}/);
    expect(el.shadowRoot!.querySelector('.left')!.textContent).toContain('waits 90 s');
    el.peers = [{ name: 'Ana', colour: 'green', state: 'connected' }];
    await el.updateComplete;
    expect(state()).toBe('connected');
    el.peers = [{ name: 'Ana', colour: 'green', state: 'reconnecting' }];
    await el.updateComplete;
    expect(state()).toBe('reconnecting… 0 s'); // a new loss counts from now
  });

  it('renders nothing with no peers', async () => {
    const el = document.createElement('sw-connection-badge');
    document.body.append(el);
    await el.updateComplete;
    expect(el.shadowRoot!.querySelector('li')).toBeNull();
  });
});
