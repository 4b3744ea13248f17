// Issue 18: `npm run mutate`'s seat forgeries — seat changes re-signed with a player's valid
// key — are each rejected by verify, or are the forger's own legal word, which verify names.
import { describe, expect, it } from 'vitest';
import { verifyReplay } from '../../src/fair';
import { judgeSeatForgery, seatForgeries, signedGame } from '../../src/cli/mutate-seats';

describe('seat forgeries re-signed with valid keys (issue 18)', () => {
  it('a drop before the last move, a drop for the last reveal, a resignation, a reclaim, a chat line deleted: none passes unnamed', async () => {
    const { text, identities } = await signedGame(17);
    expect(verifyReplay(text).ok).toBe(true);
    const forgeries = seatForgeries(text, identities, 1, 'red');
    expect(forgeries.map((f) => f.what)).toEqual([
      'a drop of red before its last move',
      'a drop of red in place of its last reveal',
      'a resignation of red inserted before its last move',
      'a reclaim of red inserted before its last move',
      'chat line 1 of black deleted',
    ]);
    const verdicts = forgeries.map((f) => [f.what, judgeSeatForgery(f.text, text, 'black')]);
    for (const [what, v] of verdicts) expect(v, what).not.toBe('hole');
    // Every forgery against red is rejected: each moves or replaces entries that the others' later moves bind by their
    // signed prefix hashes (replay version 4), so even black's own legal vote in place of red's last reveal breaks them.
    expect(verdicts.map(([, v]) => v)).toEqual(['rejected', 'rejected', 'rejected', 'rejected', 'rejected']);
    expect(verifyReplay(forgeries[1].text)).toMatchObject({ ok: false, message: expect.stringMatching(/found a bad signature/) });
    // Green's last move and reveal come when nobody else signs a move after them: there black's drop is its legal word,
    // and verify names it as such.
    const againstGreen = seatForgeries(text, identities, 1, 'green');
    const green = againstGreen.map((f) => judgeSeatForgery(f.text, text, 'black'));
    expect(green).not.toContain('hole');
    expect(green.filter((v) => v === 'word')).toHaveLength(2);
    const word = verifyReplay(againstGreen[1].text);
    expect(
      word.ok && word.lines.some((l) => /^the drop of green at entry \d+ rests on the word of black \(1 of 2 eligible\)$/.test(l)),
    ).toBe(true);
    // The forgeries took: each file differs from the original, and the chat deletion is seen as a gap.
    for (const f of forgeries) expect(f.text).not.toBe(text);
    const chat = verifyReplay(forgeries[4].text);
    expect(chat.ok ? 'ok' : chat.message).toMatch(/no chat line numbered 1/);
  }, 120_000);
});
