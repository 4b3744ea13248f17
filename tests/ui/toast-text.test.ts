// @vitest-environment happy-dom
// Toasts in the player's words (issue 20): who by name, what it means, the technical line behind Details, repeats counted.
import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../src/ui/i18n';
import { addToast, lineColour, toastText } from '../../src/ui/toast-text';
import '../../src/ui/sw-online-panel';
import { fakeMesh } from './support/fake-mesh';

const names = { red: 'Ana (red)', green: 'the green bot' } as Record<string, string>;
const name = (c: string) => names[c] ?? c;

describe('toast text', () => {
  afterEach(() => {
    setLanguage('en');
    document.body.replaceChildren();
  });

  it('says who sent a refused message by name and that nothing changed', () => {
    const late = "red's place signed for log index 24 is not what the log holds there (sent before it was due, or out of place)";
    expect(lineColour(late)).toBe('red');
    expect(toastText(late, name)).toBe('A late message from Ana (red) was ignored — nothing changed.');
    expect(toastText('Ana (red) sent something odd: bad frame', name)).toBe('A message from Ana (red) was refused — nothing changed.');
    expect(toastText('peer 1234abcd: bad frame', name)).toBe('A message from another device was refused — nothing changed.');
    expect(toastText('green is dropped at log index 467 after its time ran out: a bot plays it', name)).toContain(
      'the green bot was dropped',
    );
    setLanguage('cs');
    expect(toastText(late, name)).not.toMatch(/log index|late/);
  });

  it('collapses identical toasts into one with a count, keeping the latest technical lines', () => {
    let toasts = addToast([], 1, 'A', 'a1');
    for (let i = 2; i <= 4; i++) toasts = addToast(toasts, i, 'A', `a${i}`);
    toasts = addToast(toasts, 5, 'B', 'b1');
    expect(toasts.map((x) => [x.text, x.count])).toEqual([
      ['A', 4],
      ['B', 1],
    ]);
    expect(toasts[0].details).toEqual(['a2', 'a3', 'a4']);
  });

  it('<sw-online-panel> shows four identical refusals as one toast ×4 with the line behind Details, and offers the report', async () => {
    const mesh = fakeMesh();
    const el = Object.assign(document.createElement('sw-online-panel'), { session: mesh.session });
    document.body.append(el);
    await el.updateComplete;
    const line = 'red is sending too fast; frames dropped';
    for (let i = 0; i < 4; i++) mesh.emit({ kind: 'rejected', line });
    await el.updateComplete;
    const toasts = el.shadowRoot!.querySelectorAll('[data-toast]');
    expect(toasts).toHaveLength(1);
    expect(toasts[0].textContent).toContain('Ana (red) is sending too fast');
    expect(toasts[0].querySelector('[data-count]')!.textContent).toBe('×4');
    expect(toasts[0].querySelector('details code')!.textContent).toBe(line);
    expect((toasts[0].querySelector('.dot') as HTMLElement).style.background).not.toBe(''); // red's colour dot
    expect(el.shadowRoot!.querySelector('[data-report]')).not.toBeNull();
  });
});
