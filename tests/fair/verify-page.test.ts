// @vitest-environment happy-dom
// The browser verification page shows the same report as `npm run verify` (P4.2).
import { describe, expect, it } from 'vitest';
import { verifyReplay } from '../../src/fair';
import { showReport, verifyFile } from '../../src/fair/verify-page';
import { fixtureMatch } from './fixtures';

describe('verify page', () => {
  it('shows the summary and histogram of a good replay, and the first discrepancy of a bad one', () => {
    const target = document.createElement('div');
    const text = fixtureMatch({ seats: ['red', 'black'], expansion: true, seed: 8 }).replayText();
    const good = verifyReplay(text);
    showReport(target, 'game.json', good);
    expect(target.className).toBe('ok');
    expect(target.textContent).toContain('game.json: verified');
    if (good.ok) for (const line of good.lines) expect(target.textContent).toContain(line);
    expect(target.querySelectorAll('tr')).toHaveLength(3);

    const tampered = text.replace(/"value":"([0-9a-f])/, (_, c) => `"value":"${c === '0' ? '1' : '0'}`);
    showReport(target, 'bad.json', verifyReplay(tampered));
    expect(target.className).toBe('bad');
    expect(target.textContent).toMatch(/bad\.json: REJECTED.*first discrepancy at entry \d+/s);
    expect(target.textContent).toMatch(/does not match/);

    showReport(target, 'x.json', verifyReplay('nope'));
    expect(target.textContent).toMatch(/not a valid replay file.*not JSON/s);
  });

  it('refuses an over-size file by its size without reading it, and reads the rest as strict UTF-8 bytes', async () => {
    const target = document.createElement('div');
    let read = false;
    const huge = {
      name: 'huge.json',
      size: 50 * 1024 * 1024,
      arrayBuffer: async () => {
        read = true;
        return new ArrayBuffer(0);
      },
    } as unknown as Blob & { name: string };
    const r = await verifyFile(huge, target);
    expect(read).toBe(false);
    expect(r).toMatchObject({ ok: false, malformed: true, message: '"huge.json" is too large: 52428800 bytes, at most 4194304 accepted' });
    expect(target.textContent).toContain('huge.json: not a valid replay file');
    const text = fixtureMatch({ seats: ['red', 'black'], seed: 3 }).replayText();
    const bytes = new TextEncoder().encode(text);
    const blob = (b: Uint8Array) =>
      ({ name: 'g.json', size: b.length, arrayBuffer: async () => b.slice().buffer }) as unknown as Blob & { name: string };
    expect(await verifyFile(blob(bytes), target)).toMatchObject({ ok: true, inProgress: false });
    expect(target.textContent).toContain('g.json: verified');
    bytes[text.indexOf('"gameId":"') + 10] = 0xfe;
    expect(await verifyFile(blob(bytes), target)).toMatchObject({
      ok: false,
      malformed: true,
      message: expect.stringMatching(/invalid UTF-8/),
    });
    const half = text.split('\n').slice(0, 40).join('\n').replace(/,$/, '') + '\n]}\n';
    expect(await verifyFile(blob(new TextEncoder().encode(half)), target)).toMatchObject({ ok: true, inProgress: true });
    expect(target.textContent).toContain('g.json: in progress, consistent so far');
  });
});
