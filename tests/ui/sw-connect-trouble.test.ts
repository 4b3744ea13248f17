// @vitest-environment happy-dom
// <sw-connect-trouble>: a page that still has no link after 15 s says what failed, why, and offers Retry and the settings.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../src/ui/i18n';
import { CONNECT_PATIENCE_MS } from '../../src/ui/sw-connect-trouble';
import '../../src/ui/sw-lobby';

describe('<sw-connect-trouble>', () => {
  afterEach(() => {
    vi.useRealTimers();
    setLanguage('en');
    document.body.replaceChildren();
  });

  it('a guest on "Connecting to the game…" hears nothing for 15 s, then what failed, why, Retry and the settings', async () => {
    vi.useFakeTimers();
    const lobby = document.createElement('sw-lobby');
    lobby.linkFailure = 'turn:relay.example answered 401 Unauthorized';
    document.body.append(lobby);
    await lobby.updateComplete;
    const trouble = lobby.shadowRoot!.querySelector('sw-connect-trouble')!;
    await trouble.updateComplete;
    expect(trouble.shadowRoot!.querySelector('[data-testid="connect-trouble"]')).toBeNull();
    vi.advanceTimersByTime(CONNECT_PATIENCE_MS - 1000);
    await trouble.updateComplete;
    expect(trouble.shadowRoot!.querySelector('[data-testid="connect-trouble"]')).toBeNull();
    vi.advanceTimersByTime(1000);
    await trouble.updateComplete;
    const box = trouble.shadowRoot!.querySelector<HTMLElement>('[data-testid="connect-trouble"]')!;
    expect(box.textContent).toContain('Still not connected after 15 s');
    expect(box.textContent).toContain('no direct link to the host');
    expect(box.textContent).toContain('TURN server');
    expect(box.textContent).toContain('401 Unauthorized');
    let retried = 0;
    document.body.addEventListener('sw-retry', () => retried++);
    box.querySelector<HTMLButtonElement>('[data-retry]')!.click();
    expect(retried).toBe(1);
    const details = box.querySelector('details')!;
    expect(details.open).toBe(false);
    box.querySelector<HTMLButtonElement>('[data-settings]')!.click();
    expect(details.open).toBe(true);
  });

  it('names the players whose direct links are missing, in Czech too', async () => {
    setLanguage('cs');
    const el = Object.assign(document.createElement('sw-connect-trouble'), { patienceMs: 0, missing: ['Ana (zelený)'] });
    document.body.append(el);
    await new Promise((r) => setTimeout(r, 5));
    await el.updateComplete;
    const text = el.shadowRoot!.textContent!;
    expect(text).toContain('Ana (zelený)');
    expect(text).toContain('TURN');
    expect(text).not.toContain('Retry');
  });
});
