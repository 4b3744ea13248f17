// @vitest-environment happy-dom
// Why an online game could not open: the server tried, what to do, beside the button that opened it (issue 20).
import { afterEach, describe, expect, it } from 'vitest';
import { SignallingError } from '../../src/net/transport';
import { setLanguage } from '../../src/ui/i18n';
import { onlineErrorText } from '../../src/ui/online-error';
import '../../src/ui/sw-home';

describe('onlineErrorText', () => {
  afterEach(() => {
    setLanguage('en');
    document.body.replaceChildren();
  });

  it('names the signalling server tried and points to Connection settings, in every language', () => {
    const e = new SignallingError('wss://0.peerjs.com:443/', 'server-error (unreachable or refused)');
    expect(onlineErrorText(e)).toContain('wss://0.peerjs.com:443/');
    expect(onlineErrorText(e)).toContain('Connection settings');
    expect(onlineErrorText(e)).not.toMatch(/: \)|: $/);
    for (const lang of ['cs', 'ro'] as const) {
      setLanguage(lang);
      expect(onlineErrorText(e)).toContain('wss://0.peerjs.com:443/');
      expect(onlineErrorText(e)).not.toContain('Connection settings');
    }
  });

  it('keeps any other failure as one line', () => {
    expect(onlineErrorText(new Error('no storage\nat x'))).toBe('Could not open the online game: no storage');
  });

  it('<sw-home> shows it beside "Create an online game", not in the Files column, and its button opens the settings', async () => {
    const el = document.createElement('sw-home');
    el.onlineError = 'Could not reach the signalling server wss://x:443/ (down).';
    document.body.append(el);
    await el.updateComplete;
    const root = el.shadowRoot!;
    const shown = root.querySelector<HTMLElement>('[data-online-error]')!;
    expect(shown.textContent).toContain('wss://x:443/');
    expect(shown.previousElementSibling?.hasAttribute('data-start-online')).toBe(true);
    expect(root.querySelector('.files')!.textContent).not.toContain('wss://x:443/');
    const details = root.querySelector<HTMLDetailsElement>('details.net')!;
    expect(details.open).toBe(false);
    shown.querySelector('button')!.click();
    expect(details.open).toBe(true);
  });
});
