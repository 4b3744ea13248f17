// @vitest-environment happy-dom
// The browser verification page shows the same report as `npm run verify` (P4.2).
import { describe, expect, it } from 'vitest';
import { verifyReplay } from '../../src/fair';
import { showReport } from '../../src/fair/verify-page';
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
});
