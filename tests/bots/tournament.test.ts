// A small tournament (the full figures come from `npm run tournament`), the CLI's argument
// checks (bad arguments exit 2 with one line) and the Wilson interval it reports.
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { parseArgs, runTournament, wilson } from '../../src/cli/tournament';

describe('tournament', () => {
  it('greedy beats random by a clear margin over 30 rotated 2-seat games (R8.3 ties share)', () => {
    const args = parseArgs(['--games', '30', '--seats', 'greedy,random', '--seed', '3']);
    const [greedy, random] = runTournament(args, () => {});
    expect(greedy.games).toBe(30);
    expect(random.games).toBe(30);
    expect(greedy.wins + random.wins).toBeCloseTo(30, 9); // every game's victory is handed out once
    expect(greedy.wins / greedy.games).toBeGreaterThanOrEqual(0.85);
    expect(greedy.score / greedy.games).toBeGreaterThan(random.score / random.games);
  });

  it('the team variant credits each team bot with its team score (R9.1)', () => {
    const args = parseArgs(['--games', '4', '--seats', 'greedy,random', '--teams']);
    const [greedy, random] = runTournament(args, () => {});
    expect(greedy.games).toBe(4);
    expect(greedy.wins + random.wins).toBeCloseTo(4, 9);
  });

  it('Wilson interval: known values', () => {
    const [lo, hi] = wilson(50, 100);
    expect(lo).toBeCloseTo(0.4038, 3);
    expect(hi).toBeCloseTo(0.5962, 3);
    const [lo0, hi0] = wilson(0, 20);
    expect(lo0).toBe(0);
    expect(hi0).toBeCloseTo(0.1611, 3);
  });

  it('rejects bad arguments', () => {
    expect(() => parseArgs(['--games', 'x', '--seats', 'greedy,random'])).toThrow(/--games needs a whole number/);
    expect(() => parseArgs(['--seats', 'greedy,wizard'])).toThrow(/unknown bot "wizard"/);
    expect(() => parseArgs(['--seats', 'greedy'])).toThrow(/2 to 5/);
    expect(() => parseArgs(['--seats', 'greedy,random,random', '--teams'])).toThrow(/--teams takes 2 bots/);
    expect(() => parseArgs(['--games', '3'])).toThrow(/--seats is required/);
    expect(() => parseArgs(['--seats', 'greedy,random', '--colour'])).toThrow(/unknown argument/);
  });

  it('the CLI exits 2 with one line and the usage on bad arguments', () => {
    const r = spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/tournament.ts', '--games', '0', '--seats', 'greedy,random'], { encoding: 'utf8' });
    expect(r.status).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr.trim().split('\n')).toEqual(['tournament: --games must be at least 1, got 0', expect.stringMatching(/^usage: npm run tournament /)]);
  });
});
