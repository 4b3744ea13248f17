// @vitest-environment happy-dom
// Issue 18: a name cannot reorder what is shown after it. The wire refuses names with bidi
// controls or zero-width characters (and chat with bidi controls, though right-to-left
// letters are fine); this player's own name is cleaned the same way; and every name on
// screen is isolated in a <bdi>, so even a right-to-left name leaves the key fingerprint as it is.
import { afterEach, describe, expect, it } from 'vitest';
import { html, render } from 'lit';
import { parseFrame, WIRE_VERSION, WireError } from '../../src/net/wire';
import { cleanName } from '../../src/ui/player-name';
import { NAME_SLOT, withName } from '../../src/ui/seat-names';
import '../../src/ui/sw-connection-badge';

const hello = (name: string) =>
  JSON.stringify({ t: 'hello', v: WIRE_VERSION, pub: 'ab'.repeat(32), nonce: 'cd'.repeat(16), name, game: null, role: 'player' });
const chat = (text: string) =>
  JSON.stringify({
    t: 'item',
    item: { a: 0, n: 0, at: 1, body: { k: 'chat', c: 0, text }, h: null, p: null, w: null, sig: 'ef'.repeat(64) },
  });

const BIDI = ['\u202a', '\u202b', '\u202c', '\u202d', '\u202e', '\u2066', '\u2067', '\u2068', '\u2069', '\u200e', '\u200f', '\u061c'];
const ZERO_WIDTH = ['\u200b', '\u200c', '\u200d', '\u2060', '\ufeff'];

describe('names at the wire and on screen (issue 18)', () => {
  afterEach(() => document.body.replaceChildren());

  it('the wire refuses names with bidi controls or zero-width characters, and chat with bidi controls', () => {
    for (const c of BIDI) {
      expect(() => parseFrame(hello(`Le${c}ia`)), `U+${c.charCodeAt(0).toString(16)}`).toThrow(/bidi control/);
      expect(() => parseFrame(chat(`hi ${c}there`))).toThrow(/bidi control/);
    }
    for (const c of ZERO_WIDTH) expect(() => parseFrame(hello(`Le${c}ia`)), `U+${c.charCodeAt(0).toString(16)}`).toThrow(/zero-width/);
    expect(() => parseFrame(hello('Leia\u202e'))).toThrow(WireError);
    // Right-to-left letters themselves are fine, in names and chat alike.
    expect((parseFrame(hello('ليا')) as { name: string }).name).toBe('ليا');
    expect(parseFrame(chat('שלום \u200d'))).toMatchObject({ t: 'item' });
  });

  it("this player's own name is cleaned the same way", () => {
    expect(cleanName('Le\u202eia\u200b\u2066')).toBe('Leia');
    expect(cleanName('x'.repeat(40))).toHaveLength(32);
  });

  it('names render isolated in <bdi>: the connection list and a translated line', async () => {
    const el = document.createElement('sw-connection-badge');
    el.peers = [{ name: 'ליאה', colour: 'red', state: 'connected' }];
    document.body.append(el);
    await el.updateComplete;
    const name = el.shadowRoot!.querySelector('li .name')!;
    expect(name.tagName).toBe('BDI');
    expect(name.textContent).toBe('ליאה');
    const host = document.createElement('div');
    render(html`${withName(`You: ${NAME_SLOT} · key 1a2b`, 'ליאה')}`, host);
    expect(host.querySelector('bdi')!.textContent).toBe('ליאה');
    expect(host.textContent).toBe('You: ליאה · key 1a2b');
  });
});
