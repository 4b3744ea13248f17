// @vitest-environment happy-dom
// <sw-join>: a join link naming the host's signalling server: used without setup, asked about when this page has its own.
import { afterEach, describe, expect, it } from 'vitest';
import { PUBLIC_SIGNALLING, type ResolvedNetSettings } from '../../src/net/net-settings';
import type { JoinChoice } from '../../src/ui/sw-join';
import '../../src/ui/sw-join';
import { NAME_KEY } from '../../src/ui/player-name';

const host = { host: 'signal.example', port: 9000, path: '/peerjs', secure: true };

async function mount(resolved: ResolvedNetSettings, hostSignalling: typeof host | null = host, name = 'Sam') {
  localStorage.setItem(NAME_KEY, name);
  const el = Object.assign(document.createElement('sw-join'), { resolved, hostSignalling, invited: true });
  document.body.append(el);
  await el.updateComplete;
  const choices: JoinChoice[] = [];
  el.addEventListener('sw-join', (e) => choices.push((e as CustomEvent<JoinChoice>).detail));
  return { el, choices, $: (sel: string) => el.shadowRoot!.querySelector<HTMLElement>(sel) };
}

describe('<sw-join>', () => {
  afterEach(() => document.body.replaceChildren());

  it("a page with default settings takes the host's server without setup, and says so", async () => {
    const { choices, $ } = await mount({ settings: PUBLIC_SIGNALLING, source: 'public', warnings: [] });
    expect($('[data-testid="join-server"]')!.textContent).toContain('wss://signal.example:9000/peerjs');
    expect($('[data-server="host"]') as HTMLInputElement).toHaveProperty('checked', true);
    $('[data-testid="join-play"]')!.click();
    expect(choices).toHaveLength(1);
    expect(choices[0].signalling).toEqual(host);
  });

  it('a page with its own saved server asks first, and keeps its own when told to', async () => {
    const mine = { ...PUBLIC_SIGNALLING, host: 'mine.example' };
    const { el, choices, $ } = await mount({ settings: mine, source: 'saved', warnings: [] });
    expect(($('[data-testid="join-play"]') as HTMLButtonElement).disabled).toBe(true);
    $('[data-server="mine"]')!.dispatchEvent(new Event('change'));
    await el.updateComplete;
    $('[data-testid="join-watch"]')!.click();
    expect(choices).toEqual([expect.objectContaining({ watch: true, signalling: null })]);
  });

  it('asks nothing when the link names the server this page uses already', async () => {
    const { choices, $ } = await mount({ settings: { ...host, iceServers: null }, source: 'saved', warnings: [] });
    expect($('[data-testid="join-server"]')).toBeNull();
    $('[data-testid="join-play"]')!.click();
    expect(choices[0].signalling).toBeNull();
  });

  it('asks for a name before joining, then remembers it', async () => {
    const { el, choices, $ } = await mount({ settings: PUBLIC_SIGNALLING, source: 'public', warnings: [] }, null, '');
    $('[data-testid="join-watch"]')!.click();
    await el.updateComplete;
    expect(choices).toEqual([]);
    expect($('[role="alert"]')!.textContent).toContain('name');
    const input = $('[data-testid="join-name"]') as HTMLInputElement;
    input.value = 'Wes';
    input.dispatchEvent(new Event('input'));
    $('[data-testid="join-watch"]')!.click();
    expect(choices).toEqual([expect.objectContaining({ name: 'Wes', watch: true })]);
    expect(localStorage.getItem(NAME_KEY)).toBe('Wes');
  });
});
