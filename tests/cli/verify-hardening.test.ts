// Issue 12, replay hardening, as `npm run verify` prints it: the command line's half of the
// audit findings whose library half is in tests/fair/hardening.test.ts (same titles), plus the
// CLI's own reading of files: refused by size, never read past the limit.
import { closeSync, ftruncateSync, mkdtempSync, openSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { runVerify } from '../../src/cli/verify';
import { parseLog, stringifyLog, type GameLog, type LogEntry } from '../../src/fair';
import { MAX_ERROR_LINE, MAX_FILE_BYTES } from '../../src/fair/log-entries';
import { fixtureMatch } from '../fair/fixtures';

const dir = mkdtempSync(join(tmpdir(), 'fair-hard-'));

function file(name: string, data: string | Uint8Array): string {
  const p = join(dir, name);
  writeFileSync(p, data);
  return p;
}

let replay = '';

beforeAll(() => {
  // the same game as the library half: 3 seats, Expansion 1, seat shuffle
  replay = fixtureMatch({ seats: ['red', 'black', 'blue'], expansion: true, shuffle: true, seed: 4, bots: ['greedy'] }).replayText();
});

const entriesOf = (text: string) => parseLog(text).entries;
const withEntries = (entries: LogEntry[], version: GameLog['version'] = 2) =>
  stringifyLog({ format: 'carcassonne-star-wars-replay', version, entries });

describe('size limits', () => {
  it('a 50 MB game id is refused as too large, in one short line', () => {
    const huge = replay.replace(/"gameId":"[^"]*"/, `"gameId":"${'x'.repeat(50 * 1024 * 1024)}"`);
    const r = runVerify([file('huge.json', huge)]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^verify: .*is too large: \d+ bytes, at most 4194304 accepted\n$/);
  });

  it('the CLI refuses an over-size file by its size, before reading it', () => {
    const p = join(dir, 'sparse.json');
    const fd = openSync(p, 'w');
    ftruncateSync(fd, 50 * 1024 * 1024); // 50 MB of holes: reading it would take time, stat does not
    closeSync(fd);
    const r = runVerify([p]);
    expect(r).toMatchObject({ code: 2, stdout: '' });
    expect(r.stderr).toBe(`verify: ${p} is too large: ${50 * 1024 * 1024} bytes, at most ${MAX_FILE_BYTES} accepted\n`);
  });

  it('the CLI reads no more than the limit from a file without a size (a device or a pipe)', () => {
    expect(runVerify(['/dev/zero'])).toEqual({
      code: 2,
      stdout: '',
      stderr: `verify: /dev/zero is too large: more than the ${MAX_FILE_BYTES} bytes accepted\n`,
    });
  });

  it('every error line stays within 200 characters, whatever the bad value', () => {
    const cases = [
      replay.replace('{"k":"hash",', `{"k":"hash","${'q'.repeat(250)}":1,`),
      replay.replace(/"tile":"SW\d+"/, `"tile":"${'T'.repeat(250)}"`),
      replay.replace(/"format":"[^"]*"/, `"format":"${'f'.repeat(250)}"`),
      replay.replace('"version":2', `"version":${'9'.repeat(15)}`),
    ];
    for (const text of cases) {
      const cli = runVerify([file('long-error.json', text)]);
      expect(cli.stderr.trimEnd().split('\n')).toHaveLength(1);
      expect(cli.stderr.length).toBeLessThanOrEqual(MAX_ERROR_LINE + 1);
    }
  });
});

describe('loose parsing of replay and save files', () => {
  it('invalid UTF-8 is malformed (the CLI and page pass bytes)', () => {
    const bytes = new TextEncoder().encode(replay);
    const at = replay.indexOf('"gameId":"') + 10;
    bytes[at] = 0xff;
    expect(runVerify([file('bad-utf8.json', bytes)])).toMatchObject({ code: 2, stderr: expect.stringMatching(/invalid UTF-8/) });
  });
});

describe('a replay saved mid-game (issue 11)', () => {
  it('verifies as in progress, consistent so far, at every entry boundary; exit 0 saying how far it goes', () => {
    const entries = entriesOf(replay);
    const half = withEntries(entries.slice(0, Math.floor(entries.length / 2)));
    const cli = runVerify([file('half.json', half)]);
    expect(cli.code).toBe(0);
    expect(cli.stdout).toMatch(
      /^replay in progress, consistent so far: \d+ entries up to turn \d+ \(\d+ turns complete\), game fixture-4; next: /,
    );
    expect(cli.stdout).toMatch(/\nscores so far: /);
  });

  it('a broken unfinished replay still fails: tampered, malformed, cut inside an entry, or empty', () => {
    const entries = entriesOf(replay);
    const half = entries.slice(0, Math.floor(entries.length / 2));
    const h = half.findIndex((e) => e.k === 'hash');
    const tampered = structuredClone(half);
    (tampered[h] as Extract<LogEntry, { k: 'hash' }>).state = '0'.repeat(64);
    expect(runVerify([file('half-bad.json', withEntries(tampered))]).code).toBe(1);
    const text = withEntries(half);
    expect(runVerify([file('cut.json', text.slice(0, text.length - 30))]).code).toBe(2);
  });
});
