// Issue 18: a session's replay is verified before it is offered for download; one that fails
// is offered as a bug report (another file name, the verifier's line inside), never as a replay.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { verifyReplay } from '../../src/fair';
import { BUG_REPORT_FORMAT, replayDownload } from '../../src/ui/replay-download';
import { en } from '../../src/ui/messages-en';

const REPLAY = readFileSync(join(__dirname, '../fair/v1/replay-expansion-shuffle.json'), 'utf8');

describe('the replay download (issue 18)', () => {
  it('a replay that verifies is offered as itself', () => {
    const offer = replayDownload('carcassonne-sw-g1-turn9', REPLAY);
    expect(offer).toEqual({ name: 'carcassonne-sw-g1-turn9-replay.json', text: REPLAY, failure: null });
  });

  it('a replay that fails its own check is offered as a bug report, with the failure inside', () => {
    // A reveal changed by one digit: the replay no longer matches its commitments.
    const bad = REPLAY.replace(/("k":"reveal".*?"value":")([0-9a-f])/, (_m, head: string, d: string) => head + (d === '0' ? '1' : '0'));
    expect(bad).not.toBe(REPLAY);
    const report = verifyReplay(bad);
    expect(report.ok).toBe(false);
    const offer = replayDownload('carcassonne-sw-g1-turn9', bad);
    expect(offer.name).toBe('carcassonne-sw-g1-turn9-bug-report.json');
    expect(offer.failure).toBe(report.ok ? null : report.message);
    const file = JSON.parse(offer.text);
    expect(file.format).toBe(BUG_REPORT_FORMAT);
    expect(file.verify).toBe(offer.failure);
    expect(file.replay).toBe(bad);
    expect(en.replayBugReport).toContain('{name}');
  });
});
