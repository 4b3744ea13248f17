// npm run chaos (src/cli/chaos.ts) with its lying peer (src/sim/liar.ts): each kind of liar
// game ends on every honest peer with one log that verifies, no honest seat forfeits, a liar
// that tells only harmless lies keeps its seat, and one that equivocates or withholds loses it.
import { execFileSync, spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chaosGame, liarIn, parseChaosArgs, restartsIn, type GameOutcome } from '../../src/cli/chaos';
import { nativeEd25519 } from '../../src/cli/native-ed25519';
import { useEd25519, type Ed25519Backend } from '../../src/fair/signing';

let before: Ed25519Backend;
beforeAll(() => {
  before = useEd25519(nativeEd25519); // as the CLI runs (the same bytes, tests/cli/native-ed25519.test.ts)
});
afterAll(() => {
  useEd25519(before);
});

function expectHonestGame(r: GameOutcome): void {
  expect(r.completed, r.note).toBe(true);
  expect(r.desync).toBe(false);
  expect(r.logsDiffer).toBe(false);
  expect(r.verified).toBe(true);
  expect(r.internalErrors).toBe(0);
  expect(r.honestForfeits, r.note).toBe(0);
  expect(r.liesReported).toBe(true);
}

describe('npm run chaos -- --liars', () => {
  const args = parseChaosArgs(['--liars', '--restarts']);

  it('parses its flags and refuses bad ones with one line', () => {
    expect(parseChaosArgs(['--games', '20', '--liars', '--jobs', '2'])).toMatchObject({ games: 20, liars: true, jobs: 2 });
    expect(() => parseChaosArgs(['--jobs', '0'])).toThrow(/--jobs must be from 1 to 16, got 0/);
    expect(() => parseChaosArgs(['--jobs', 'two'])).toThrow(/--jobs needs a whole number, got "two"/);
    expect(() => parseChaosArgs(['--liar'])).toThrow(/unknown argument "--liar"/);
    // One game in ten has a liar, one in three a restart; some have both.
    const games = Array.from({ length: 30 }, (_, g) => g);
    expect(games.filter(liarIn)).toEqual([1, 11, 21]);
    expect(games.filter((g) => liarIn(g) && restartsIn(g))).toEqual([21]);
  });

  // Seeds chosen for the liar's kind (drawn from the seed): see chaosGame.
  it('a liar that tells only harmless lies (forged, unsigned, replayed, oversized, flooding) keeps its seat', async () => {
    for (const seed of [2, 8]) {
      const r = await chaosGame(seed, args, false, true);
      expect(r.note).toMatch(/tells harmless lies/);
      expect(r.lies).toBeGreaterThan(3);
      expectHonestGame(r);
      expect(r.liarDropped, r.note).toBe(false);
    }
  }, 60_000);

  it('a liar that signs illegal and untimely moves and reveals is refused (and dropped where it contradicted itself)', async () => {
    const r = await chaosGame(31, args, false, true);
    expect(r.note).toMatch(/tells all kinds of lies/);
    expectHonestGame(r);
  }, 60_000);

  it('a liar that equivocates, or withholds past the timeouts, loses its seat; a restart on top changes nothing', async () => {
    for (const [seed, restart, kind] of [
      [14, false, 'equivocates'],
      [22, true, 'withholds'],
    ] as const) {
      const r = await chaosGame(seed, args, restart, true);
      expect(r.note).toMatch(new RegExp(kind));
      expectHonestGame(r);
      expect(r.liarDropped, r.note).toBe(true);
    }
  }, 60_000);

  it('seed 9212, the one game that stalled in the first 10,000-game run, now ends (a copy of a held entry takes its free slot)', async () => {
    const r = await chaosGame(9212, args, false, true);
    expectHonestGame(r);
  }, 60_000);

  it('the CLI: the same games and summary whether they run in one process or in two taking from one queue', () => {
    const run = (jobs: string) =>
      execFileSync('npx', ['tsx', 'src/cli/chaos.ts', '--games', '4', '--seed', '30', '--liars', '--progress', '--jobs', jobs], {
        encoding: 'utf8',
      })
        .trim()
        .split('\n');
    const one = run('1'),
      two = run('2');
    expect(one.at(-1)).toBe('chaos: 4 games, 4 completed, 0 desyncs, 0 logs differing, 4 verified');
    expect(two.at(-1)).toBe(one.at(-1));
    expect(two.at(-2)).toBe(one.at(-2)); // the liars line: the same lies, the same drops
    expect(one.at(-2)).toMatch(
      /^liars: 1 games with a lying peer, \d+ lies sent, [01] liars' seats dropped, 0 games where no lie was reported, 0 internal errors$/,
    );
    // Every game played exactly once, with the same outcome (in the order the processes finished them).
    const games = (lines: string[]) =>
      lines
        .filter((l) => l.startsWith('game '))
        .map((l) => l.replace(/ in \d+ ms$/, ''))
        .sort();
    expect(games(one)).toHaveLength(4);
    expect(games(two)).toEqual(games(one));
  }, 120_000);

  it('the CLI refuses --worker outside a --jobs run with one line and exit 2', () => {
    const r = spawnSync('npx', ['tsx', 'src/cli/chaos.ts', '--worker'], { encoding: 'utf8' });
    expect(r.status).toBe(2);
    expect(r.stderr.split('\n')[0]).toBe('chaos: --worker is for the processes of a --jobs run');
  }, 30_000);
});
