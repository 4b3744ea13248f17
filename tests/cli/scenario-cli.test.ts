// The scenario CLI (`npm run scenario -- FILE.json`) as a user runs it: a child process,
// JSON on stdout and exit 0 for a good file; exit 2 and exactly one line on stderr naming
// the turn and the rule for every kind of bad input.
import { execFile, spawnSync } from 'node:child_process';
import { closeSync, ftruncateSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { ScenarioError, runScenarioText } from '../../src/scenario';

const root = fileURLToPath(new URL('../../', import.meta.url));
const scenarios = join(root, 'tests/scenarios');
const work = mkdtempSync(join(tmpdir(), 'sw-scenario-'));

interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

function cli(args: string[], useNpx = false): Promise<CliResult> {
  const [cmd, argv] = useNpx
    ? ['npx', ['tsx', 'src/cli/scenario.ts', ...args]]
    : [process.execPath, ['--import', 'tsx', 'src/cli/scenario.ts', ...args]]; // tsx's loader in one process: half the start-up

  return new Promise((resolve) => {
    execFile(cmd, argv, { cwd: root, timeout: 60_000 }, (err, stdout, stderr) => {
      const code = err ? (typeof err.code === 'number' ? err.code : null) : 0;
      resolve({ code, stdout, stderr });
    });
  });
}

const base = (turns: unknown[], extra: Record<string, unknown> = {}) =>
  JSON.stringify({ seats: ['red', 'black'], options: { teams: false, unplaceable: 'remove' }, turns, ...extra });
const withExpansion = (turns: unknown[], expansion: Record<string, boolean>, seats = ['red', 'blue']) =>
  JSON.stringify({ seats, options: { teams: false, unplaceable: 'remove', expansion }, turns });
const ALL = { tiles: true, blue: true, equipment: true, yellowDie: true };
const routeBattle = JSON.parse(readFileSync(join(scenarios, 'route-battle.json'), 'utf8'));
const sabreBlaster = JSON.parse(readFileSync(join(scenarios, 'expansion-lightsaber-vs-blaster.json'), 'utf8'));
const withThrows = (scenario: { turns: { throws?: unknown }[] }, turn: number, throws: unknown) => {
  const s = structuredClone(scenario);
  s.turns[turn].throws = throws;
  return JSON.stringify(s);
};

/** Each bad input, the rule it breaks, and the one line the user must see; `cli` marks the
 *  kinds also run through a child process (the others only differ in the message). */
const BAD: { name: string; text: string; line: RegExp; cli?: true }[] = [
  // R1.1
  {
    name: 'unknown tile',
    text: base([{ tile: 'SW99', x: 1, y: 0, rotation: 0, deploy: null }]),
    line: /^turn 1: unknown tile "SW99" \(R1\.1\)$/,
    cli: true,
  },
  // R2.2: SW05 exists once in the set
  {
    name: 'more copies of a tile than the set holds',
    text: base([
      { tile: 'SW05', x: 0, y: -1, rotation: 0, deploy: null },
      { tile: 'SW05', x: 0, y: -2, rotation: 0, deploy: null },
    ]),
    line: /^turn 2: no copy of SW05 is left in the supply \(the set holds 1\) \(R2\.2\)$/,
    cli: true,
  },
  // R4.2: the start tile's east edge is a route, SW22 turned once shows space to the west
  {
    name: 'illegal placement (west mismatch)',
    text: base([
      { tile: 'SW22', x: -1, y: 0, rotation: 0 },
      { tile: 'SW22', x: -2, y: 0, rotation: 0 },
      { tile: 'SW22', x: 1, y: 0, rotation: 1 },
    ]),
    line: /^turn 3: SW22 at \(1,0\) r1 does not match the tile to the west \(R4\.2\)$/,
    cli: true,
  },
  // R4.1
  {
    name: 'placement touching no tile',
    text: base([{ tile: 'SW22', x: 5, y: 5, rotation: 0 }]),
    line: /^turn 1: SW22 at \(5,5\) r0 touches no placed tile \(R4\.1\)$/,
  },
  // R5.3
  {
    name: 'illegal deployment onto an occupied route',
    text: base([
      { tile: 'SW22', x: 1, y: 0, rotation: 0, deploy: { meeple: 'small', segment: 'R:EW' } },
      { tile: 'SW22', x: 2, y: 0, rotation: 0, deploy: { meeple: 'small', segment: 'R:EW' } },
    ]),
    line: /^turn 2: the realm of R:EW already holds a meeple \(R5\.3\)$/,
    cli: true,
  },
  // R6.2: red fights with 1 die
  {
    name: 'wrong number of dice values',
    text: withThrows(routeBattle, 4, [{ red: [6, 2], white: [1] }]),
    line: /^turn 5: throw 1: red rolls 1 die, got 2 values \(R6\.2\)$/,
    cli: true,
  },
  // R6.3
  {
    name: 'missing battle throw',
    text: withThrows(routeBattle, 4, []),
    line: /^turn 5: battle throw 1 is needed but only 0 are given \(R6\.3\)$/,
  },
  {
    name: 'malformed JSON',
    text: '{ "seats": ["red", "black"], "turns": [',
    line: /^not valid JSON of this format: unexpected end of input/,
    cli: true,
  },
  // R4.3
  {
    name: 'unplaceable claim for a tile that fits',
    text: base([{ tile: 'SW22', unplaceable: true }]),
    line: /^turn 1: SW22 fits at \(-?\d+,-?\d+\) r\d, so it is not unplaceable \(R4\.3\)$/,
    cli: true,
  },
  // R1.5, R6.8: red's only die is the yellow one
  {
    name: 'yellow value outside 3–8',
    text: withThrows(sabreBlaster, 3, [{ red: [2], blue: [6, 2] }]),
    line: /^turn 4: throw 1: yellow die value 2 is outside 3–8 \(R1\.5\)$/,
    cli: true,
  },
  // R1.5
  {
    name: 'normal value outside 1–6',
    text: withThrows(routeBattle, 4, [{ red: [7], white: [1] }]),
    line: /^turn 5: throw 1: die value 7 is outside 1–6 \(R1\.5\)$/,
    cli: true,
  },
  // R5.5
  {
    name: 'equipment already in use',
    text: withExpansion(
      [
        { tile: 'SW22', x: 1, y: 0, rotation: 0, deploy: { meeple: 'small', segment: 'R:EW', equipment: 'lightsaber' } },
        { tile: 'SW22', x: -1, y: 0, rotation: 0 },
        { tile: 'SW04', x: 0, y: -1, rotation: 2, deploy: { meeple: 'small', segment: 'A:N', equipment: 'lightsaber' } },
      ],
      ALL,
    ),
    line: /^turn 3: the lightsaber is already in use \(R5\.5\)$/,
    cli: true,
  },
  // R2.4: each part of Expansion 1 only when its option is on
  {
    name: 'expansion tile while tiles are off',
    text: base([{ tile: 'SWX01', x: 1, y: 0, rotation: 0 }]),
    line: /^turn 1: SWX01 is an Expansion 1 tile and expansion tiles are off \(R2\.4\)$/,
    cli: true,
  },
  {
    name: 'equipment while equipment is off',
    text: base([{ tile: 'SW22', x: 1, y: 0, rotation: 0, deploy: { meeple: 'small', segment: 'R:EW', equipment: 'lightsaber' } }]),
    line: /^turn 1: equipment is not in play in this game \(R2\.4\)$/,
  },
  {
    name: 'blaster while the yellow die is off',
    text: withExpansion(
      [{ tile: 'SW22', x: 1, y: 0, rotation: 0, deploy: { meeple: 'small', segment: 'R:EW', equipment: 'blaster' } }],
      { equipment: true },
      ['red', 'black'],
    ),
    line: /^turn 1: the blaster needs the yellow die, which is not in play \(R2\.4\)$/,
  },
  {
    name: 'blue seat while the blue option is off',
    text: withExpansion([], { tiles: true }),
    line: /^setup: colour blue needs Expansion 1's blue seat, which is off \(R2\.4\)$/,
  },
  // R1.3
  {
    name: 'too many seats',
    text: JSON.stringify({ seats: ['red', 'green', 'black', 'white', 'orange', 'blue'], turns: [] }),
    line: /^setup: .*\(R(1\.3|2\.4)\)$/,
  },
  // R9.1
  {
    name: 'team seats not alternating',
    text: JSON.stringify({ seats: ['red', 'green', 'black', 'white'], options: { teams: true }, turns: [] }),
    line: /^setup: .*alternate.*\(R9\.1\)$/,
  },
];

afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('scenario runner rejects bad input with one line naming the turn and the rule', () => {
  for (const bad of BAD) {
    it(bad.name, () => {
      // the rule each case breaks is cited beside it in BAD (R1.1, R2.2, R4.2, R5.3, R6.2, …)
      expect(() => runScenarioText(bad.text)).toThrow(ScenarioError);
      try {
        runScenarioText(bad.text);
      } catch (e) {
        expect((e as Error).message).toMatch(bad.line);
        expect((e as Error).message).not.toContain('\n');
      }
    });
  }
});

describe('scenario CLI as a child process', () => {
  it('plays a worked example: exit 0 and the runner result as JSON on stdout (npx tsx)', async () => {
    // R7.1 via the real CLI entry point
    const file = join(scenarios, 'route-battle.json');
    const res = await cli([file], true);
    expect(res.stderr).toBe('');
    expect(res.code).toBe(0);
    const out = JSON.parse(res.stdout);
    expect(out.scores).toEqual({ red: 4, white: 1 });
    expect(out).toEqual(JSON.parse(JSON.stringify(runScenarioText(readFileSync(file, 'utf8')))));
  });

  it('every bad input exits 2 with exactly one line on stderr and nothing on stdout', async () => {
    // R4.2, R5.3, R6.2, R2.4 … each case above, through the real process boundary
    const cases = BAD.filter((b) => b.cli);
    expect(cases).toHaveLength(11);
    const files = cases.map((b, i) => {
      const f = join(work, `bad-${i}.json`);
      writeFileSync(f, b.text);
      return f;
    });
    const results: CliResult[] = [];
    // two at a time: the machine has 2 cores
    for (let i = 0; i < files.length; i += 2) results.push(...(await Promise.all(files.slice(i, i + 2).map((f) => cli([f])))));
    results.forEach((res, i) => {
      expect({ name: cases[i].name, code: res.code }).toEqual({ name: cases[i].name, code: 2 });
      expect(res.stdout).toBe('');
      const lines = res.stderr.split('\n');
      expect(lines).toHaveLength(2); // one line and its newline
      expect(lines[1]).toBe('');
      expect(lines[0]).toMatch(cases[i].line);
    });
  });

  it('a missing file exits 2 with one line, a missing argument with one line and the usage', async () => {
    // no game rule: the CLI contract (bad arguments exit 2 with one line), as for R4.2 input above
    const [missing, none] = await Promise.all([cli([join(work, 'no-such-file.json')]), cli([])]);
    expect(missing.code).toBe(2);
    expect(missing.stderr.trim().split('\n')).toHaveLength(1);
    expect(missing.stderr).toContain('cannot read');
    expect(none.code).toBe(2);
    expect(none.stderr).toMatch(/^scenario: expected exactly one scenario file, got 0\nusage: /);
  });

  it('the CLI refuses an over-size scenario file from its size: exit 2, one line', () => {
    const p = join(mkdtempSync(join(tmpdir(), 'sw-scen-')), 'big.json');
    const fd = openSync(p, 'w');
    ftruncateSync(fd, 20 * 1024 * 1024);
    closeSync(fd);
    const r = spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/scenario.ts', p], {
      cwd: join(__dirname, '../..'),
      encoding: 'utf8',
    });
    expect(r.status).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(`${p} is too large: ${20 * 1024 * 1024} bytes, at most 1048576 accepted\n`);
  });
});
