// npm run mutate (issue 12): random single mutations of real replays, judged by the verifier.
import { describe, expect, it } from 'vitest';
import { parseMutateArgs, runMutate, runMutateCli } from '../../src/cli/mutate';

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
