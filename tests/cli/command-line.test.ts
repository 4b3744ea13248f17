// Every CLI of package.json as a user runs it (a child process): --help prints its usage and exits 0;
// an unknown or malformed flag is one line saying what is wrong, then the usage, exit 2, no stack trace.
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseFlags, readCommandLine, UsageError, wholeInRange } from '../../src/cli/args';

const root = fileURLToPath(new URL('../../', import.meta.url));
const scripts = (JSON.parse(readFileSync(`${root}package.json`, 'utf8')) as { scripts: Record<string, string> }).scripts;

/** npm script → its file and a malformed flag of its own (a value it refuses). */
const CLIS: Record<string, { file: string; malformed: string[]; says: RegExp }> = {
  scenario: { file: 'src/cli/scenario.ts', malformed: ['a.json', 'b.json'], says: /expected exactly one scenario file, got 2/ },
  'play:local': { file: 'src/cli/play-local.ts', malformed: ['--seats', 'red,black', '--out'], says: /--out needs a value/ },
  verify: { file: 'src/cli/verify.ts', malformed: ['--list=yes', 'x.json'], says: /--list takes no value/ },
  tournament: {
    file: 'src/cli/tournament.ts',
    malformed: ['--seats', 'greedy,random', '--games', '-3'],
    says: /--games needs a value, got "-3"/,
  },
  chaos: { file: 'src/cli/chaos.ts', malformed: ['--drop', '0.9'], says: /--drop needs a probability from 0 to 0\.5/ },
  fuzz: { file: 'src/cli/fuzz.ts', malformed: ['--messages', 'many'], says: /--messages needs a whole number/ },
  mutate: { file: 'src/cli/mutate.ts', malformed: ['--replays', '3'], says: /--replays and --mutations are required/ },
  lan: { file: 'src/cli/lan.ts', malformed: ['--port', 'lots'], says: /--port needs a number from 0 to 65535/ },
  bench: { file: 'bench/run.ts', malformed: ['engines'], says: /unknown bench part "engines"/ },
};

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

function run(file: string, args: string[]): Promise<Run> {
  return new Promise((resolve) => {
    // tsx's loader in one process: half the start-up of npx tsx
    execFile(process.execPath, ['--import', 'tsx', file, ...args], { cwd: root, timeout: 60_000 }, (err, stdout, stderr) => {
      resolve({ code: err ? (typeof err.code === 'number' ? err.code : null) : 0, stdout, stderr });
    });
  });
}

/** Runs `jobs` two at a time: the machine has 2 cores. */
async function twoAtATime<T>(jobs: (() => Promise<T>)[]): Promise<T[]> {
  const out: T[] = [];
  for (let i = 0; i < jobs.length; i += 2) out.push(...(await Promise.all(jobs.slice(i, i + 2).map((j) => j()))));
  return out;
}

function usageOf(r: Run): string {
  return (r.code === 0 ? r.stdout : r.stderr).split('\n').find((l) => l.startsWith('usage: ')) ?? '';
}

describe('the command line of every CLI', () => {
  it('the table covers every tsx script of package.json', () => {
    const cliScripts = Object.entries(scripts)
      .filter(([, cmd]) => cmd.startsWith('tsx '))
      .map(([name, cmd]) => [name, cmd.slice(4)]);
    expect(Object.fromEntries(cliScripts)).toEqual(Object.fromEntries(Object.entries(CLIS).map(([name, c]) => [name, c.file])));
  });

  it('--help (and -h) prints the usage on stdout and exits 0', { timeout: 180_000 }, async () => {
    const names = Object.keys(CLIS);
    const helps = names.map((n) => () => run(CLIS[n].file, ['--help']));
    const runs = await twoAtATime([...helps, () => run(CLIS.chaos.file, ['--games', '3', '-h'])]);
    runs.forEach((r, i) => {
      const name = names[i] ?? 'chaos -h';
      expect({ name, code: r.code, stderr: r.stderr }).toEqual({ name, code: 0, stderr: '' });
      expect(r.stdout, name).toMatch(new RegExp(`^usage: npm run ${names[i] ?? 'chaos'}\\b`));
    });
  });

  it('an unknown flag and a malformed one: one line saying what is wrong, the usage, exit 2', { timeout: 180_000 }, async () => {
    const names = Object.keys(CLIS);
    const unknown = await twoAtATime(names.map((n) => () => run(CLIS[n].file, ['--colour', 'red'])));
    const malformed = await twoAtATime(names.map((n) => () => run(CLIS[n].file, CLIS[n].malformed)));
    for (const [i, name] of names.entries()) {
      for (const [r, says] of [
        [unknown[i], /unknown argument "--colour"/],
        [malformed[i], CLIS[name].says],
      ] as const) {
        expect({ name, code: r.code, stdout: r.stdout }).toEqual({ name, code: 2, stdout: '' });
        const lines = r.stderr.split('\n');
        expect(lines, name).toHaveLength(3); // the reason, the usage, the final newline
        expect(lines[0], name).toMatch(new RegExp(`^${name}: `));
        expect(lines[0], name).toMatch(says);
        expect(lines[1], name).toBe(usageOf(r));
        expect(lines[1], name).toMatch(/^usage: npm run /);
      }
    }
  });
});

describe('parseFlags and readCommandLine', () => {
  const options = { seed: { type: 'string' }, fast: { type: 'boolean' } } as const;

  it('turns every complaint of util.parseArgs into one plain line', () => {
    const said = (argv: string[]) => {
      try {
        parseFlags(argv, options);
        return 'accepted';
      } catch (e) {
        expect(e).toBeInstanceOf(UsageError);
        return (e as Error).message;
      }
    };
    expect(said(['--seed', '3', '--fast'])).toBe('accepted');
    expect(said(['--seed=3'])).toBe('accepted');
    expect(said(['--sed', '3'])).toBe('unknown argument "--sed"');
    expect(said(['-x'])).toBe('unknown argument "-x"');
    expect(said(['stray'])).toBe('unknown argument "stray"');
    expect(said(['--seed'])).toBe('--seed needs a value');
    expect(said(['--seed', '--fast'])).toBe('--seed needs a value, got "--fast"');
    expect(said(['--fast=no'])).toBe('--fast takes no value');
  });

  it('wholeInRange: a whole number within its bounds, anything else one line naming the flag', () => {
    expect(wholeInRange('--games', '12', 1, 20)).toBe(12);
    expect(wholeInRange('--games', '20', 1, 20)).toBe(20);
    for (const v of ['0', '21', '-3', '2.5', '1e3', ' 4', '', 'x'.repeat(40)])
      expect(() => wholeInRange('--games', v, 1, 20)).toThrow(
        new UsageError(`--games must be a whole number from 1 to 20, got ${JSON.stringify(v.slice(0, 20))}`),
      );
  });

  it('--help wins over anything else; after -- it is a plain argument', () => {
    const parse = (argv: string[]) => parseFlags(argv, options, true).positionals;
    const help = { ok: false, code: 0, stdout: 'usage: x\n', stderr: '' };
    expect(readCommandLine('x', 'usage: x', ['--bogus', '--help'], parse)).toEqual(help);
    expect(readCommandLine('x', 'usage: x', ['--', '--help'], parse)).toEqual({ ok: true, args: ['--help'] });
    const refused = { ok: false, code: 2, stdout: '', stderr: 'x: unknown argument "--bogus"\nusage: x\n' };
    expect(readCommandLine('x', 'usage: x', ['--bogus'], parse)).toEqual(refused);
  });
});
