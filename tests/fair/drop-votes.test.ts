// Issue 18: in a replay of version 4 or later a drop rests on at least one signed vote of an eligible
// seat; a drop whose votes are taken out is rejected (the session never writes one: where
// nobody may vote, the game waits), and verify names whose word an honest drop rests on.
import { describe, expect, it } from 'vitest';
import { verifyReplay } from '../../src/fair';
import { SIGNED_LOG_VERSION } from '../../src/fair/log';
import { parseLog, stringifyLog } from '../../src/fair/log-file';
import { netReplay } from './net-replays';

describe('a drop needs a signed vote (issue 18, log version 4 on)', () => {
  it('the host dropped: verify names the voters; with its votes taken out the drop is rejected', async () => {
    const text = await netReplay('host-drop', true);
    const ok = verifyReplay(text);
    expect(ok.ok).toBe(true);
    expect(ok.ok && ok.lines.some((l) => /^the drop of red at entry \d+ rests on the word of .+ \(\d of 2 eligible\)$/.test(l))).toBe(true);
    const log = parseLog(text);
    expect(log.version).toBe(SIGNED_LOG_VERSION);
    const drop = log.signed!.votes.find((v) => v.what === 'drop')!;
    expect(drop.by.length).toBeGreaterThan(0);
    const none = stringifyLog({
      ...log,
      signed: { ...log.signed!, votes: log.signed!.votes.map((v) => (v === drop ? { ...v, by: [] } : v)) },
    });
    const report = verifyReplay(none);
    expect(report.ok).toBe(false);
    expect(report.ok ? '' : report.message).toMatch(
      new RegExp(`entry ${drop.at}: expected the votes of at least one of black, green.*found votes by nobody`),
    );
  }, 60_000);
});
