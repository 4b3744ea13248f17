// @vitest-environment happy-dom
// <sw-online-panel>: what a player or a spectator reads of an online game (issue 20).
import { afterEach, describe, expect, it } from 'vitest';
import type { PeerView } from '../../src/net/mesh-session';
import { setLanguage } from '../../src/ui/i18n';
import '../../src/ui/sw-online-panel';
import { fakeMesh, type FakeMesh } from './support/fake-mesh';

async function mount(mesh: FakeMesh) {
  const el = Object.assign(document.createElement('sw-online-panel'), { session: mesh.session });
  document.body.append(el);
  await el.updateComplete;
  return { el, $: (sel: string) => el.shadowRoot!.querySelector<HTMLElement>(sel) };
}

const watcher: PeerView = { pub: 'w', name: 'Wes', colour: null, state: 'connected', fingerprint: 'ab', watcher: true };
const chat = [{ colour: 'red' as const, text: 'good luck', at: 0, n: 0 }];

describe('<sw-online-panel>', () => {
  afterEach(() => {
    setLanguage('en');
    document.body.replaceChildren();
  });

  it('a spectator reads the chat, by name, without a box to write in', async () => {
    const { $ } = await mount(fakeMesh({ seatIndex: null, chat }));
    expect($('[data-testid="chat-lines"]')!.textContent).toContain('Ana (red): good luck');
    expect($('.chat form')).toBeNull();
    expect($('.chat')!.textContent).toContain('only players write');
  });

  it('a player sees who is watching, and writes in the chat', async () => {
    const { $ } = await mount(fakeMesh({ peers: [watcher], chat }));
    expect($('[data-testid="watchers"]')!.textContent).toBe('Watching: Wes.');
    expect($('.chat form')).not.toBeNull();
  });

  it("offers a link to watch that names this page's own peer, with no invitation, for players and spectators alike", async () => {
    for (const seatIndex of [1, null]) {
      const { $ } = await mount(fakeMesh({ seatIndex }));
      const box = $('[data-testid="game-watch-link"]')!;
      const link = box.querySelector('input')!.value;
      expect(link).toMatch(/#join=peer-of-this-page(&sig=[^&]+)?$/);
      expect(link).not.toContain('invite=');
      expect(box.textContent).toContain('even after the host left');
      document.body.replaceChildren();
    }
  });

  it("a dropped player's page offers 'Take my seat back', then shows the vote's progress; the others see it too", async () => {
    const dropped = { seats: [], forfeits: [{ colour: 'black' as const, why: 'dropped' as const }] };
    const mesh = fakeMesh(dropped);
    const { el, $ } = await mount(mesh);
    expect($('[data-testid="reclaim"]')!.textContent).toContain('You were dropped');
    $('[data-reclaim]')!.click();
    expect(mesh.calls).toEqual(['reclaim']);
    mesh.set({ reclaims: [{ colour: 'black', fromTurn: 9, agreed: ['red'], waitingFor: ['green'] }] });
    await el.updateComplete;
    expect($('[data-reclaim]')).toBeNull();
    expect($('[data-testid="reclaim"]')!.textContent).toContain('1 of 2 agreed');
    expect([...el.shadowRoot!.querySelectorAll('.actions button')].map((b) => b.textContent)).not.toContain('Resign');
    const other = await mount(
      fakeMesh({ ownColour: 'red', reclaims: [{ colour: 'black', fromTurn: 9, agreed: ['red'], waitingFor: [] }] }),
    );
    expect(other.$('[data-testid="reclaim-vote"]')!.textContent).toContain('from turn 9: 1 of 1 agreed');
  });

  it('Resign that cannot act says why instead of doing nothing', async () => {
    const mesh = fakeMesh({ resignRefused: true });
    const { el, $ } = await mount(mesh);
    [...el.shadowRoot!.querySelectorAll<HTMLButtonElement>('.actions button')].find((b) => b.textContent === 'Resign')!.click();
    await el.updateComplete;
    $('.actions button.primary')!.click();
    await el.updateComplete;
    expect(mesh.calls).toEqual([]);
    expect($('[data-testid="action-error"]')!.textContent).toContain('nothing to resign');
  });

  it('after the game, Rematch asks what becomes of the seat of a player who left, and passes the choice on', async () => {
    const mesh = fakeMesh({ phase: 'over', departed: ['red'] });
    const { $ } = await mount(mesh);
    expect($('[data-testid="rematch-departed"]')!.textContent).toBe('Ana (red) left. In a rematch their seat is:');
    $('[data-rematch="bot"]')!.click();
    expect(mesh.calls).toEqual(['rematch bot']);
    const everyone = await mount(fakeMesh({ phase: 'over' }));
    expect(everyone.$('[data-testid="rematch-departed"]')).toBeNull();
    expect(everyone.$('[data-rematch]')!.textContent).toBe('Rematch');
  });

  it('the silent player sees its own countdown and no button to drop itself; the others see it named, then the drop button', async () => {
    const soon = Date.now() + 12_000;
    const own = await mount(
      fakeMesh({ waiting: { colour: 'black', what: 'move', since: 0, deadline: soon, votes: [], bankLeft: 60_000 } }),
    );
    expect(own.$('[data-testid="online-countdown"]')!.textContent).toMatch(/^You will be dropped in 1[12] s — act now\.$/);
    expect(own.$('[data-testid="drop-seat"]')).toBeNull();
    const other = await mount(
      fakeMesh({ waiting: { colour: 'red', what: 'move', since: 0, deadline: Date.now() - 1, votes: [], bankLeft: 0 } }),
    );
    expect(other.$('[data-testid="online-countdown"]')!.textContent).toBe('Ana (red) is silent.');
    expect(other.$('[data-testid="drop-seat"]')!.textContent).toContain('Drop Ana (red)');
  });
});
