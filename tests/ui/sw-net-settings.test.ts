// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { NET_SETTINGS_KEY, PUBLIC_SIGNALLING, type NetSettings } from '../../src/net/net-settings';
import { setLanguage } from '../../src/ui/i18n';
import '../../src/ui/sw-net-settings';

class MemoryStorage {
  readonly items = new Map<string, string>();
  getItem(k: string) {
    return this.items.get(k) ?? null;
  }
  setItem(k: string, v: string) {
    this.items.set(k, v);
  }
  removeItem(k: string) {
    this.items.delete(k);
  }
}

async function mount(storage = new MemoryStorage()) {
  const el = document.createElement('sw-net-settings');
  el.storage = storage;
  el.sources = { fetch: null, env: {} }; // no same-origin probe in the test
  el.resolved = { settings: PUBLIC_SIGNALLING, source: 'public', warnings: [] };
  document.body.append(el);
  await el.updateComplete;
  return { el, storage };
}
const $ = <T extends Element = HTMLInputElement>(el: Element, sel: string) => el.shadowRoot!.querySelector(sel) as T;
function type(input: HTMLInputElement | HTMLTextAreaElement, value: string) {
  input.value = value;
  input.dispatchEvent(new Event('input'));
}

describe('<sw-net-settings>', () => {
  afterEach(() => {
    document.body.replaceChildren();
    setLanguage('en');
  });

  it('shows the settings in force and where they come from', async () => {
    const { el } = await mount();
    expect($(el, 'input[name=host]').value).toBe('0.peerjs.com');
    expect($(el, 'input[name=port]').value).toBe('443');
    expect($(el, 'input[name=secure]').checked).toBe(true);
    expect($(el, 'input[name=ice-default]').checked).toBe(true);
    expect($(el, '.source').textContent).toContain("PeerJS's public signalling server");
    setLanguage('cs');
    await el.updateComplete;
    expect($(el, '.source').textContent).toContain('veřejný signalizační server');
  });

  it('saves valid settings to storage and says so', async () => {
    const { el, storage } = await mount();
    let changed: NetSettings | null = null;
    el.addEventListener('sw-net-settings-change', (e) => (changed = (e as CustomEvent<NetSettings>).detail));
    type($(el, 'input[name=host]'), 'signal.example.org');
    type($(el, 'input[name=port]'), '9000');
    type($(el, 'input[name=path]'), '/peerjs');
    const ice = $(el, 'input[name=ice-default]');
    ice.checked = false;
    ice.dispatchEvent(new Event('change'));
    await el.updateComplete;
    type($<HTMLTextAreaElement>(el, 'textarea[name=ice]'), 'turn:turn.example.org:3478 alice s3cret');
    await el.updateComplete;
    $<HTMLButtonElement>(el, 'button[data-save]').click();
    await el.updateComplete;
    const want = {
      host: 'signal.example.org',
      port: 9000,
      path: '/peerjs',
      secure: true,
      iceServers: [{ urls: ['turn:turn.example.org:3478'], username: 'alice', credential: 's3cret' }],
    };
    expect(changed).toEqual(want);
    expect(JSON.parse(storage.getItem(NET_SETTINGS_KEY)!)).toEqual(want);
    expect($(el, '.status').textContent).toContain('Saved');
    expect($(el, '.source').getAttribute('data-source')).toBe('saved');
  });

  it('relay only: a checkbox under the ICE servers, saved with them, refused without a TURN server', async () => {
    const { el, storage } = await mount();
    expect($(el, 'input[name=relay-only]')).toBeNull(); // PeerJS's defaults: no relay-only choice
    const ice = $(el, 'input[name=ice-default]');
    ice.checked = false;
    ice.dispatchEvent(new Event('change'));
    await el.updateComplete;
    const relay = $(el, 'input[name=relay-only]');
    relay.checked = true;
    relay.dispatchEvent(new Event('change'));
    type($<HTMLTextAreaElement>(el, 'textarea[name=ice]'), 'stun:stun.example.org:3478');
    await el.updateComplete;
    $<HTMLButtonElement>(el, 'button[data-save]').click();
    await el.updateComplete;
    expect($(el, '.status.error').textContent).toMatch(/relay only needs a TURN server/);
    expect(storage.items.size).toBe(0);
    type($<HTMLTextAreaElement>(el, 'textarea[name=ice]'), 'turn:turn.example.org:3478 alice s3cret');
    $<HTMLButtonElement>(el, 'button[data-save]').click();
    await el.updateComplete;
    const saved = JSON.parse(storage.getItem(NET_SETTINGS_KEY)!);
    expect(saved).toMatchObject({ relayOnly: true, iceServers: [{ urls: ['turn:turn.example.org:3478'] }] });
    expect($(el, 'input[name=relay-only]').checked).toBe(true);
  });

  it('refuses a bad value with its reason and stores nothing', async () => {
    const { el, storage } = await mount();
    type($(el, 'input[name=host]'), 'evil.org/x?y');
    await el.updateComplete;
    $<HTMLButtonElement>(el, 'button[data-save]').click();
    await el.updateComplete;
    expect($(el, '.status.error').textContent).toMatch(/^Not saved: host/);
    expect(storage.items.size).toBe(0);
    type($(el, 'input[name=host]'), 'ok.example.org');
    const ice = $(el, 'input[name=ice-default]');
    ice.checked = false;
    ice.dispatchEvent(new Event('change'));
    await el.updateComplete;
    type($<HTMLTextAreaElement>(el, 'textarea[name=ice]'), 'turn:t.example.org:3478');
    $<HTMLButtonElement>(el, 'button[data-save]').click();
    await el.updateComplete;
    expect($(el, '.status.error').textContent).toMatch(/TURN server needs a username/);
    expect(storage.items.size).toBe(0);
  });

  it("says why a value is refused in the player's language (cs, ro), and again after a language switch", async () => {
    setLanguage('cs');
    const { el, storage } = await mount();
    type($(el, 'input[name=host]'), 'evil.org/x?y');
    await el.updateComplete;
    $<HTMLButtonElement>(el, 'button[data-save]').click();
    await el.updateComplete;
    const text = () => $(el, '.status.error').textContent!;
    expect(text()).toContain('hostitel "evil.org/x?y" není název serveru ani adresa');
    expect(text()).not.toMatch(/is not a host/);
    setLanguage('ro');
    await el.updateComplete;
    expect(text()).toContain('gazda "evil.org/x?y" nu este un nume de server');
    expect(storage.items.size).toBe(0);
  });

  it('forgets saved settings on "back to the default"', async () => {
    const storage = new MemoryStorage();
    storage.setItem(NET_SETTINGS_KEY, JSON.stringify({ ...PUBLIC_SIGNALLING, host: 'mine.example.org' }));
    const { el } = await mount(storage);
    let changed = 0;
    el.addEventListener('sw-net-settings-change', () => changed++);
    $<HTMLButtonElement>(el, 'button[data-reset]').click();
    await new Promise((r) => setTimeout(r, 50));
    await el.updateComplete;
    expect(storage.items.size).toBe(0);
    expect(changed).toBe(1);
    expect($(el, 'input[name=host]').value).not.toBe('mine.example.org');
  });
});
