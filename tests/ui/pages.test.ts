// @vitest-environment happy-dom
// The rules page, the verify report and the update prompt: what a player reads, in their language.
import { afterEach, describe, expect, it } from 'vitest';
import type { LitElement } from 'lit';
import { setLanguage } from '../../src/ui/i18n';
import { readable } from '../../src/ui/sw-verify-report';
import '../../src/ui/sw-rules';
import '../../src/ui/sw-verify-report';
import '../../src/ui/sw-update-prompt';

async function mount<K extends keyof HTMLElementTagNameMap>(tag: K, props: Partial<HTMLElementTagNameMap[K]> = {}) {
  const el = document.createElement(tag);
  Object.assign(el, props);
  document.body.append(el);
  await (el as unknown as LitElement).updateComplete;
  return el;
}

describe('pages', () => {
  afterEach(() => {
    document.body.replaceChildren();
    setLanguage('en');
  });

  it("<sw-rules> has every part of the game, each drawn with the game's own tiles, and a line per bot level", async () => {
    const el = await mount('sw-rules');
    const sections = [...el.shadowRoot!.querySelectorAll('[data-section]')].map((s) => s.getAttribute('data-section'));
    expect(sections).toEqual(['place', 'realms', 'battles', 'attack', 'scoring', 'final', 'teams', 'expansion', 'bots']);
    for (const s of el.shadowRoot!.querySelectorAll('section:not(#bots)'))
      expect(s.querySelectorAll('sw-tile-preview').length).toBeGreaterThan(1);
    expect(el.shadowRoot!.querySelectorAll('.bots li')).toHaveLength(4);
    setLanguage('ro');
    await (el as LitElement).updateComplete;
    expect(el.shadowRoot!.querySelector('#attack h2')!.textContent).toBe('Atacul asupra unei planete');
  });

  it("<sw-verify-report> names seats in the player's language, explains a mismatch once, and shows dice lists, not raw arrays", async () => {
    setLanguage('cs');
    const ok = await mount('sw-verify-report', {
      report: {
        ok: true,
        inProgress: false,
        entries: 20,
        turn: 3,
        seats: ['red', 'black'],
        turns: 3,
        draws: 3,
        dice: 0,
        scores: { red: 4, black: 2 },
        histogram: { normal: [0, 0, 0, 0, 0, 0], yellow: [0, 0, 0, 0, 0, 0] },
        chiSquare: { normal: 0, yellow: null },
        lines: ['replay OK'],
      },
    });
    expect(ok.shadowRoot!.querySelector('dd')!.textContent).toBe('červený, černý');
    setLanguage('en');
    const bad = await mount('sw-verify-report', {
      report: {
        ok: false,
        malformed: false,
        entry: 3,
        expected: 'a throw [[1],[2,5]] from event 3',
        found: 'a throw [[6],[2,5]]',
        message: 'entry 3: expected a throw [[1],[2,5]] from event 3, found a throw [[6],[2,5]]',
      },
    });
    const text = bad.shadowRoot!.textContent!;
    expect(bad.shadowRoot!.querySelector('[data-explain]')!.textContent).toContain('Log entry 3 does not match');
    expect(text).not.toContain('[[');
    expect(text.split('1 | 2 5').length - 1).toBe(1); // the expected throw, once
    expect(readable('found [[6],[2,5]] and [[3]]')).toBe('found 6 | 2 5 and 3');
  });

  it('<sw-update-prompt> asks before reloading into a new version', async () => {
    const el = await mount('sw-update-prompt');
    expect(el.shadowRoot!.querySelector('[data-update]')).toBeNull();
    let applied = 0;
    el.show(async () => void applied++);
    await el.updateComplete;
    (el.shadowRoot!.querySelector('[data-reload]') as HTMLButtonElement).click();
    expect(applied).toBe(1);
    (el.shadowRoot!.querySelector('[data-later]') as HTMLButtonElement).click();
    await el.updateComplete;
    expect(el.shadowRoot!.querySelector('[data-update]')).toBeNull();
  });
});
