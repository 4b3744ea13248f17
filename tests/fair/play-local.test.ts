// Logs written by play:local verify for 2–6 seats, teams on and off, expansion on and off (P1.5, P4.2).
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Colour } from '../../src/engine';
import { verifyReplay } from '../../src/fair';
import { runPlayLocal } from '../../src/cli/play-local';
import { fixtureMatch } from './fixtures';

const ROOT = join(__dirname, '../..');
const TSX = join(ROOT, 'node_modules/.bin/tsx');
const ALL: Colour[] = ['red', 'black', 'green', 'white', 'orange', 'blue'];

describe('play:local logs verify', () => {
  const cases: { seats: Colour[]; expansion: boolean; teams: boolean; shuffle: boolean }[] = [];
  for (let n = 2; n <= 5; n++) cases.push({ seats: ALL.slice(0, n), expansion: false, teams: false, shuffle: n === 3 });
  for (let n = 2; n <= 6; n++) cases.push({ seats: ALL.slice(0, n), expansion: true, teams: false, shuffle: n === 6 });
  cases.push({ seats: ['red', 'black', 'green', 'white'], expansion: false, teams: true, shuffle: false });
  cases.push({ seats: ['red', 'black', 'green', 'white'], expansion: true, teams: true, shuffle: true });

  for (const c of cases) {
    it(`${c.seats.length} seats, expansion ${c.expansion ? 'on' : 'off'}, teams ${c.teams ? 'on' : 'off'}${c.shuffle ? ', seats shuffled (R2.3)' : ''}`, () => {
      const match = fixtureMatch({ ...c, seed: c.seats.length * 10 + (c.expansion ? 1 : 0) + (c.teams ? 2 : 0) });
      const report = verifyReplay(match.replayText());
      if (!report.ok) throw new Error(report.message);
      expect(report.seats.slice().sort()).toEqual(c.seats.slice().sort());
      expect(report.turns).toBe(match.state.turn);
      expect(report.draws).toBeGreaterThanOrEqual(report.turns); // unplaceable redraws add draws (R4.3)
      expect(Object.values(report.scores)).toEqual(match.state.scores);
      expect(report.histogram.normal.reduce((a, b) => a + b, 0) + report.histogram.yellow.reduce((a, b) => a + b, 0)).toBe(report.dice);
      if (!c.expansion) expect(report.histogram.yellow).toEqual([0, 0, 0, 0, 0, 0]);
    });
  }

  it('the "return" variant of R4.3 verifies too', () => {
    const report = verifyReplay(
      fixtureMatch({ seats: ['red', 'black', 'green'], expansion: true, unplaceable: 'return', seed: 5 }).replayText(),
    );
    expect(report.ok).toBe(true);
  });

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
    expect(real.stderr.split('\n')[0]).toBe('play:local: --bots: unknown bot "genius"; use random, greedy, strong');
    expect(real.stderr).not.toMatch(/\n\s+at /); // no stack trace
  });
});
