// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../src/ui/i18n';
import '../../src/ui/sw-connection-badge';

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
    expect(rows.map((r) => r.querySelector('.state')!.textContent)).toEqual(['connected', 'reconnecting…', 'gone']);
    expect(rows[1].querySelector('.name')!.textContent).toBe('<b>Han</b>'); // text, not markup
    expect((rows[0].querySelector('.dot') as HTMLElement).style.background).not.toBe('transparent');
    expect((rows[1].querySelector('.dot') as HTMLElement).style.background).toBe('transparent'); // not a seat colour: not used
    setLanguage('ro');
    await el.updateComplete;
    expect([...el.shadowRoot!.querySelectorAll('.state')].map((s) => s.textContent)).toEqual(['conectat', 'se reconectează…', 'plecat']);
    setLanguage('cs');
    await el.updateComplete;
    expect(el.shadowRoot!.querySelector('h3')!.textContent).toBe('Hráči online');
  });

  it('renders nothing with no peers', async () => {
    const el = document.createElement('sw-connection-badge');
    document.body.append(el);
    await el.updateComplete;
    expect(el.shadowRoot!.querySelector('li')).toBeNull();
  });
});
