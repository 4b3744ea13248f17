// Issue 12: `npm run fuzz` against the wire parser and a live session (src/cli/fuzz.ts):
// 20,000 structure-aware, re-signed, truncated, reordered and random frames from an
// authenticated peer crash nothing and change none of the victim's state; and they are not all
// refused at the door: many pass the wire parser and meet the session's signature, seat and turn
// checks, and some are taken (held, repeats) without complaint.
import { describe, expect, it } from 'vitest';
import { fuzzSummary, parseFuzzArgs, reasonClass, runFuzz, verdictLines } from '../../src/cli/fuzz';
import { SIGNATURE_CHECKS_PER_SECOND, SYNC_AMPLIFICATION } from '../../src/net/lockstep/limits';

describe('npm run fuzz', () => {
  it('20,000 hostile frames: 0 crashes, 0 state changes', async () => {
    const r = await runFuzz({ messages: 20_000, seed: 12 });
    expect(r.firstCrash).toBeNull();
    expect(r.firstChange).toBeNull();
    expect(r.crashes).toBe(0);
    expect(r.changes).toBe(0);
    expect(fuzzSummary(r)).toMatch(
      /^fuzz: 20000 messages, 0 crashes, 0 state changes, \d+ per second, busy \d+\.\d%, amplification \d+\.\d×$/,
    );
    // The cost view (issue 18): every mix tried; no mix makes the victim check more signatures a second than the link's
    // budget (600 frames a second: without it, 400), none keeps it over half busy (a timing: loose on a loaded machine),
    // and no answer outgrows its requests by more than the sync ratio.
    expect(r.cost.mixes.map((m) => m.name)).toEqual([
      'crafted signatures',
      'copied batches',
      'far-ahead numbers',
      'sync requests',
      'hellos',
      'signed chat',
      'all at once',
    ]);
    // (a second's budget refills at its first check after a second: a few more than 60 a simulated second at most)
    for (const m of r.cost.mixes) expect(m.checksPerSecond, m.name).toBeLessThanOrEqual(SIGNATURE_CHECKS_PER_SECOND + 5);
    expect(r.cost.mixes.find((m) => m.name === 'crafted signatures')!.checksPerSecond).toBeGreaterThanOrEqual(SIGNATURE_CHECKS_PER_SECOND);
    expect(r.cost.busy).toBeLessThan(0.5);
    expect(r.cost.mixes.find((m) => m.name === 'sync requests')!.amplification).toBeGreaterThan(0.5); // answers do flow
    expect(r.cost.amplification).toBeLessThanOrEqual(SYNC_AMPLIFICATION);
    // where the frames ended: every frame once, and each stage reached by a share of them
    const { parser, session, taken } = r.verdicts;
    const sum = (t: Record<string, number>, re = /./) =>
      Object.entries(t)
        .filter(([k]) => re.test(k))
        .reduce((n, [, c]) => n + c, 0);
    expect(sum(parser) + sum(session) + taken).toBe(20_000);
    expect(sum(parser, /^not a valid frame/)).toBeGreaterThan(2_000); // not JSON
    expect(sum(parser) - sum(parser, /^not a valid frame/)).toBeGreaterThan(2_000); // JSON of the wrong shape
    expect(sum(session)).toBeGreaterThan(400); // past the parser, refused by the session's deeper checks:
    expect(sum(session, /is not signed by C's key/)).toBeGreaterThan(50);
    expect(sum(session, /sent a move for C's seat|wrote an entry for another seat|reveal of another seat's chain/)).toBeGreaterThan(50);
    expect(sum(session, /out of turn/)).toBeGreaterThan(5);
    expect(taken).toBeGreaterThan(2_000);
    const refused = `${sum(parser)} refused by the wire parser, ${sum(session)} refused past it by the session`;
    expect(verdictLines(r.verdicts)[0]).toBe(`verdicts: ${refused}, ${taken} taken without complaint`);
  }, 240_000);

  it('names a refusal by its reason, without who, where, numbers, quotes or colours', () => {
    const wire = 'p1 (black): not a valid frame: unterminated string at byte 17 ($.item.sig)';
    expect(reasonClass(wire)).toBe('not a valid frame: unterminated string');
    expect(reasonClass('peer p1-3: item.body has an unexpected field "zz"')).toBe('item.body has an unexpected field S');
    const session = "an item claiming to be green's is not signed by green's key";
    expect(reasonClass(session)).toBe("an item claiming to be C's is not signed by C's key");
  });

  it('reads its arguments', () => {
    expect(parseFuzzArgs(['--messages', '5', '--seed', '3'])).toEqual({ messages: 5, seed: 3 });
    expect(() => parseFuzzArgs(['--rounds', '5'])).toThrow(/unknown argument/);
    expect(() => parseFuzzArgs(['--messages', 'x'])).toThrow(/whole number/);
  });
});
