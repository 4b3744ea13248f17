// Issue 12: `npm run fuzz` against the wire parser and a live session (src/cli/fuzz.ts):
// 20,000 structure-aware, re-signed, truncated, reordered and random frames from an
// authenticated peer crash nothing and change none of the victim's state.
import { describe, expect, it } from 'vitest';
import { fuzzSummary, parseFuzzArgs, runFuzz } from '../../src/cli/fuzz';

describe('npm run fuzz', () => {
  it('20,000 hostile frames: 0 crashes, 0 state changes', async () => {
    const r = await runFuzz({ messages: 20_000, seed: 12 });
    expect(r.firstCrash).toBeNull();
    expect(r.firstChange).toBeNull();
    expect(r.crashes).toBe(0);
    expect(r.changes).toBe(0);
    expect(fuzzSummary(r)).toMatch(/^fuzz: 20000 messages, 0 crashes, 0 state changes, \d+ per second$/);
  }, 240_000);

  it('reads its arguments', () => {
    expect(parseFuzzArgs(['--messages', '5', '--seed', '3'])).toEqual({ messages: 5, seed: 3 });
    expect(() => parseFuzzArgs(['--rounds', '5'])).toThrow(/unknown argument/);
    expect(() => parseFuzzArgs(['--messages', 'x'])).toThrow(/whole number/);
  });
});
