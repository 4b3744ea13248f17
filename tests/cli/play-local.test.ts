// npm run play:local as a user runs it (P4.2): the log it writes passes the real verify CLI,
// and bad arguments exit 2 with one line, never a stack trace.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runPlayLocal } from '../../src/cli/play-local';

const ROOT = join(__dirname, '../..');
const TSX = join(ROOT, 'node_modules/.bin/tsx');

describe('play:local logs verify', () => {
  it('the real CLI writes a log that the real verify CLI accepts (P4.2)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'fair-'));
    const out = join(dir, 'game.json');
    const played = execFileSync(
      TSX,
      ['src/cli/play-local.ts', '--seats', 'red,black,green', '--bots', 'random', '--expansion', '--seed', '3', '--out', out],
      { cwd: ROOT, encoding: 'utf8' },
    );
    expect(played).toMatch(/^wrote .*game\.json: \d+ entries/);
    expect(JSON.parse(readFileSync(out, 'utf8')).format).toBe('carcassonne-star-wars-replay');
    const verified = spawnSync(TSX, ['src/cli/verify.ts', out], { cwd: ROOT, encoding: 'utf8' });
    expect(verified.status).toBe(0);
    expect(verified.stdout).toMatch(/^replay OK/);
    expect(verified.stdout).toMatch(/draws proven: \d+; dice proven: \d+/);
    expect(verified.stdout).toMatch(/normal dice faces 1:\d+ 2:\d+ 3:\d+ 4:\d+ 5:\d+ 6:\d+; chi-square/);
  });

  it('play:local rejects bad arguments with exit 2 and one line', () => {
    for (const args of [
      ['--seats', 'red,purple', '--out', 'x.json'],
      ['--seats', 'red,black', '--bots', 'genius', '--out', 'x.json'],
      ['--seats', 'red,black'],
      ['--seats', 'red,black,green', '--teams', '--out', 'x.json'],
      ['--seats', 'red,black', '--seed', 'abc', '--out', 'x.json'],
    ]) {
      const r = runPlayLocal(args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr.split('\n')[0]).toMatch(/^play:local: \S/);
    }
    const real = spawnSync(TSX, ['src/cli/play-local.ts', '--seats', 'red,black', '--bots', 'genius', '--out', 'x.json'], {
      cwd: ROOT,
      encoding: 'utf8',
    });
    expect(real.status).toBe(2);
    expect(real.stderr.split('\n')[0]).toBe('play:local: --bots: unknown bot "genius"; use random, greedy, strong, expert');
    expect(real.stderr).not.toMatch(/\n\s+at /); // no stack trace
  });
});
