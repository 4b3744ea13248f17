// @vitest-environment happy-dom
// <sw-status-line>: whose turn it is and what to do, in the player's language (R10.1, R10.2).
import { afterEach, describe, expect, it } from 'vitest';
import { applyInPlace } from '../../src/engine';
import type { SessionStatus } from '../../src/session/session';
import { setLanguage } from '../../src/ui/i18n';
import '../../src/ui/sw-status-line';
import { startGame } from '../support/engine-script';

async function line(status: SessionStatus, props: { replaying?: boolean; drafting?: boolean } = {}) {
  const state = startGame(['red', 'black']);
  applyInPlace(state, { type: 'draw', tile: 'SW22' });
  const el = Object.assign(document.createElement('sw-status-line'), { state, status, ...props });
  document.body.append(el);
  await el.updateComplete;
  return el;
}

const who = (el: HTMLElement) => el.shadowRoot!.querySelector<HTMLElement>('.who')!;

describe('<sw-status-line>', () => {
  afterEach(() => {
    document.body.replaceChildren();
    setLanguage('en');
  });

  it('tells a local human to place, then (drafting) to deploy, with the hint of the step', async () => {
    const el = await line({ kind: 'your-move', seat: 0 });
    expect(who(el).dataset.status).toBe('your-move');
    expect(who(el).textContent).toBe('red: place the tile');
    const placing = el.shadowRoot!.querySelector('.hint')!.textContent;
    el.drafting = true;
    await el.updateComplete;
    expect(who(el).textContent).not.toBe('red: place the tile');
    expect(el.shadowRoot!.querySelector('.hint')!.textContent).not.toBe(placing);
    expect(el.shadowRoot!.querySelector('.turn')!.textContent).toMatch(/\d/);
    setLanguage('cs');
    await el.updateComplete;
    expect(who(el).textContent).not.toContain('red');
  });

  it('names a bot thinking without a hint, a replay, the end and a failure', async () => {
    const bot = await line({ kind: 'bot-thinking', seat: 1 });
    expect(who(bot).dataset.status).toBe('bot-thinking');
    expect(bot.shadowRoot!.querySelector('.hint')).toBeNull();
    expect(who(await line({ kind: 'waiting-remote', seat: 1 }, { replaying: true })).dataset.status).toBe('replay');
    expect(who(await line({ kind: 'over' })).dataset.status).toBeUndefined();
    expect(who(await line({ kind: 'failed', message: 'bot crashed' })).textContent).toContain('bot crashed');
  });

  it("shows an online game's waiting line instead of the seat's colour, so it agrees with the panel", async () => {
    const el = await line({ kind: 'waiting-remote', seat: 1 });
    expect(who(el).textContent).toBe('Waiting for red…');
    el.waitLine = 'Waiting for the reveal of Ana (red).';
    await el.updateComplete;
    expect(who(el).textContent).toBe('Waiting for the reveal of Ana (red).');
  });

  it('says click to a mouse and tap to a finger (cs: Klikni / Klepni)', async () => {
    setLanguage('cs');
    const el = await line({ kind: 'your-move', seat: 0 }, { drafting: true });
    const hint = () => el.shadowRoot!.querySelector('.hint')!.textContent!;
    document.body.dispatchEvent(new PointerEvent('pointerdown', { pointerType: 'mouse', bubbles: true }));
    el.requestUpdate();
    await el.updateComplete;
    expect(hint()).toContain('Klikni');
    document.body.dispatchEvent(new PointerEvent('pointerdown', { pointerType: 'touch', bubbles: true }));
    el.requestUpdate();
    await el.updateComplete;
    expect(hint()).toContain('Klepni');
    setLanguage('en');
    await el.updateComplete;
    expect(hint()).toMatch(/^ · Tap /);
  });
});
