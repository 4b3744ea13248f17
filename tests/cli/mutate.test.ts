// npm run mutate (issue 12): random single mutations of real replays, judged by the verifier.
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { judge, parseMutateArgs, runMutate, runMutateCli, subjectOf } from '../../src/cli/mutate';

describe('npm run mutate', () => {
  it('finds no accepted holes in a small seeded run, and its last line has the exact format', () => {
    const r = runMutate({ replays: 2, mutations: 400, seed: 7 });
    const lines = r.stdout.trimEnd().split('\n');
    const last = lines[lines.length - 1];
    const m = last.match(/^mutate: (\d+) mutations, (\d+) rejected, (\d+) accepted-harmless, (\d+) accepted-holes$/);
    expect(m, last).not.toBeNull();
    const [n, rejected, harmless, holes] = m!.slice(1).map(Number);
    expect(n).toBe(400);
    expect(rejected + harmless + holes).toBe(n);
    expect(holes, r.stdout).toBe(0);
    expect(r.code).toBe(0);
    // both outcomes occur: most mutations are caught, and some (reordered reveals, re-indented text) mean the same game
    expect(rejected).toBeGreaterThan(n / 2);
    expect(harmless).toBeGreaterThan(0);
    const kinds = lines.find((l) => l.startsWith('by kind'))!;
    for (const k of ['field', 'swap', 'drop', 'duplicate', 'truncate', 'reveal-replayed', 'reveal-reorder', 'text']) expect(kinds).toContain(`${k} `);
    expect(kinds).toMatch(/reveal-reorder 0\/\d+\/0/); // reordering one event's reveals is always harmless
    expect(kinds).toMatch(/reveal-replayed \d+\/0\/0/); // a genuine link of the wrong event never passes
  });

  it('tells a hole from a harmless change: the unbound chain length of version 1 is a hole it finds', () => {
    // In version 1 nothing binds settings.chainLength, so a smaller value that still covers
    // the events used verifies as a finished game with another meaning: what a hole looks like.
    const v1 = readFileSync(join(__dirname, '../fair/v1/replay-expansion-shuffle.json'), 'utf8');
    const s = subjectOf(v1);
    expect(judge(s, v1.replace('"chainLength":4096', '"chainLength":4000')).verdict).toBe('hole');
    expect(judge(s, v1.replace('"chainLength":4096', '"chainLength":100')).verdict).toBe('discrepancy'); // 117 events used
    expect(judge(s, JSON.stringify(JSON.parse(v1), null, 2)).verdict).toBe('harmless');
    const lines = v1.split('\n');
    const i = lines.findIndex((l, j) => l.includes('"k":"reveal"') && lines[j + 1]?.includes('"k":"reveal"') && l.match(/"event":(\d+)/)![1] === lines[j + 1].match(/"event":(\d+)/)?.[1]);
    const reordered = [...lines];
    const strip = (l: string) => l.replace(/,$/, '');
    [reordered[i], reordered[i + 1]] = [strip(lines[i + 1]) + ',', strip(lines[i]) + ','];
    expect(reordered.join('\n')).not.toBe(v1);
    expect(judge(s, reordered.join('\n')).verdict).toBe('harmless');
    expect(judge(s, lines.slice(0, 100).join('\n').replace(/,$/, '') + '\n]}\n').verdict).toBe('cut');
    expect(judge(s, v1.replace(/"x":(-?\d+)/, (_, x) => `"x":${Number(x) + 1}`)).verdict).toBe('discrepancy');
    expect(judge(s, v1.replace('"k":"hash",', '"k":"hash","k":"hash",')).verdict).toBe('malformed');
  });

  it('is deterministic for a seed', () => {
    expect(runMutate({ replays: 1, mutations: 60, seed: 3 }).stdout).toBe(runMutate({ replays: 1, mutations: 60, seed: 3 }).stdout);
  });

  it('bad arguments exit 2 with a usage line', () => {
    expect(runMutateCli([])).toMatchObject({ code: 2, stderr: expect.stringMatching(/^mutate: --replays and --mutations are required\nusage: /) });
    expect(runMutateCli(['--replays', '0', '--mutations', '5'])).toMatchObject({ code: 2 });
    expect(runMutateCli(['--replays', '1', '--mutations', '1.5'])).toMatchObject({ code: 2 });
    expect(runMutateCli(['--what'])).toMatchObject({ code: 2, stderr: expect.stringMatching(/unknown argument "--what"/) });
    expect(parseMutateArgs(['--replays', '3', '--mutations', '10'])).toEqual({ replays: 3, mutations: 10, seed: 1 });
  });
});
