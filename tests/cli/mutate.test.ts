// npm run mutate (issue 12): random single mutations of real replays, judged by the verifier.
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { judge, netReplayText, parseMutateArgs, runMutate, runMutateCli, subjectOf } from '../../src/cli/mutate';
import { parseLog, stringifyLog } from '../../src/fair';

describe('npm run mutate', () => {
  it('finds no accepted holes in a small seeded run, and its last line has the exact format', async () => {
    const r = await runMutate({ replays: 2, mutations: 400, seed: 7, net: 0 });
    const lines = r.stdout.trimEnd().split('\n');
    const last = lines[lines.length - 1];
    const m = last.match(
      /^mutate: (\d+) mutations, (\d+) rejected, (\d+) accepted-harmless, (\d+) accepted-unbound, (\d+) accepted-holes$/,
    );
    expect(m, last).not.toBeNull();
    const [n, rejected, harmless, unbound, holes] = m!.slice(1).map(Number);
    expect(n).toBe(400);
    expect(rejected + harmless + unbound + holes).toBe(n);
    expect(unbound).toBe(0); // a local game has no chat, bot seats or seat changes
    expect(holes, r.stdout).toBe(0);
    expect(r.code).toBe(0);
    // both outcomes occur: most mutations are caught, and some (reordered reveals, re-indented text) mean the same game
    expect(rejected).toBeGreaterThan(n / 2);
    expect(harmless).toBeGreaterThan(0);
    const kinds = lines.find((l) => l.startsWith('by kind'))!;
    for (const k of ['field', 'swap', 'drop', 'duplicate', 'truncate', 'reveal-replayed', 'reveal-reorder', 'text'])
      expect(kinds).toContain(`${k} `);
    expect(kinds).toMatch(/reveal-reorder 0\/\d+\/0\/0/); // reordering one event's reveals is always harmless
    expect(kinds).toMatch(/reveal-replayed \d+\/0\/0\/0/); // a genuine link of the wrong event never passes
  });

  it('over a networked replay with a bot seat, a drop and chat: no holes; chat edits are accepted-unbound', async () => {
    const r = await runMutate({ replays: 0, mutations: 300, seed: 2, net: 1 });
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^mutate: 0 replays and 1 networked \(\d+ entries\), seed 2$/);
    const m = lines[lines.length - 1].match(
      /^mutate: 300 mutations, (\d+) rejected, (\d+) accepted-harmless, (\d+) accepted-unbound, 0 accepted-holes$/,
    );
    expect(m, r.stdout).not.toBeNull();
    expect(r.code).toBe(0);
    const kinds = lines.find((l) => l.startsWith('by kind'))!;
    expect(kinds).toMatch(/seat-change \d+\/\d+\/\d+\/0/);
    expect(kinds).toMatch(/chat \d+\/\d+\/[1-9]\d*\/0/);
    // Issue 18: seat changes forged and re-signed with a player's valid key, each rejected or on the forger's named word.
    expect(lines[lines.length - 2]).toBe(
      "seat changes: 10 forged and re-signed with valid keys, 8 rejected, 2 on the forger's word (verify says so), 0 accepted-holes",
    );
  });

  it('tells apart what a networked replay proves and what it cannot bind', async () => {
    const text = await netReplayText('bot-drop-chat', 7);
    const s = subjectOf(text);
    const log = parseLog(text);
    const drop = log.entries.findIndex((e) => e.k === 'drop');
    const swap = (i: number, j: number) => {
      const entries = log.entries.slice();
      [entries[i], entries[j]] = [entries[j], entries[i]];
      return stringifyLog({ ...log, entries });
    };
    // the drop among the event's reveals, before red's reveal instead of after: the same game
    expect(judge(s, swap(drop - 1, drop)).verdict).toBe('harmless');
    // chat text and the bot level are not bound by anything in the replay
    expect(judge(s, text.replace('"text":"hello there"', '"text":"hello there!"')).verdict).toBe('unbound');
    expect(judge(s, text.replace('"bots":[null,null,"greedy"]', '"bots":[null,null,"random"]')).verdict).toBe('unbound');
    // nor is drop vs resign (both forfeit; only a later reclaim would tell them apart)
    expect(judge(s, text.replace('{"k":"drop","colour":"black"}', '{"k":"resign","colour":"black"}')).verdict).toBe('unbound');
    // but who forfeits, and which chains take part, are
    expect(judge(s, text.replace('{"k":"drop","colour":"black"}', '{"k":"drop","colour":"red"}')).verdict).not.toMatch(
      /harmless|unbound|hole/,
    );
    expect(judge(s, stringifyLog({ ...log, entries: log.entries.filter((_, i) => i !== drop) })).verdict).toBe('discrepancy');
  });

  it("finds the one hole an unsigned replay leaves: a resignation after the seat's last reveal (docs/fairness.md §10)", async () => {
    // A drop or resignation is bound only by the missing reveals of the events after it.
    // In the last turn, with no event left, one inserted entry makes that seat forfeit.
    const text = await netReplayText('host-drop', 12);
    const s = subjectOf(text);
    const log = parseLog(text);
    const lastPlace = log.entries
      .map((e, i) => (e.k === 'place' ? i : -1))
      .filter((i) => i >= 0)
      .pop()!;
    const seat = (log.entries[lastPlace] as Extract<(typeof log.entries)[number], { k: 'place' }>).seat;
    expect(log.entries.slice(lastPlace).some((e) => e.k === 'reveal')).toBe(false);
    const colour = log.entries[0].k === 'settings' ? log.entries[0].setup.seats[seat] : 'red';
    expect(colour).toBe('green');
    const entries = log.entries.slice();
    entries.splice(lastPlace, 0, { k: 'resign', colour });
    expect(judge(s, stringifyLog({ ...log, entries })).verdict).toBe('hole');
    // one turn earlier the next turn's draw needs green's reveal: rejected
    const earlier = log.entries
      .map((e, i) => (e.k === 'place' && e.seat === seat ? i : -1))
      .filter((i) => i >= 0)
      .slice(-2)[0];
    const early = log.entries.slice();
    early.splice(earlier, 0, { k: 'resign', colour });
    expect(judge(s, stringifyLog({ ...log, entries: early })).verdict).toBe('discrepancy');
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
    const i = lines.findIndex(
      (l, j) =>
        l.includes('"k":"reveal"') &&
        lines[j + 1]?.includes('"k":"reveal"') &&
        l.match(/"event":(\d+)/)![1] === lines[j + 1].match(/"event":(\d+)/)?.[1],
    );
    const reordered = [...lines];
    const strip = (l: string) => l.replace(/,$/, '');
    [reordered[i], reordered[i + 1]] = [strip(lines[i + 1]) + ',', strip(lines[i]) + ','];
    expect(reordered.join('\n')).not.toBe(v1);
    expect(judge(s, reordered.join('\n')).verdict).toBe('harmless');
    expect(judge(s, lines.slice(0, 100).join('\n').replace(/,$/, '') + '\n]}\n').verdict).toBe('cut');
    expect(
      judge(
        s,
        v1.replace(/"x":(-?\d+)/, (_, x) => `"x":${Number(x) + 1}`),
      ).verdict,
    ).toBe('discrepancy');
    expect(judge(s, v1.replace('"k":"hash",', '"k":"hash","k":"hash",')).verdict).toBe('malformed');
  });

  it('is deterministic for a seed', async () => {
    expect((await runMutate({ replays: 1, mutations: 60, seed: 3, net: 0 })).stdout).toBe(
      (await runMutate({ replays: 1, mutations: 60, seed: 3, net: 0 })).stdout,
    );
  });

  it('bad arguments exit 2 with a usage line', async () => {
    expect(await runMutateCli([])).toMatchObject({
      code: 2,
      stderr: expect.stringMatching(/^mutate: --replays and --mutations are required\nusage: /),
    });
    expect(await runMutateCli(['--replays', '0', '--mutations', '5'])).toMatchObject({ code: 2 });
    expect(await runMutateCli(['--replays', '1', '--mutations', '1.5'])).toMatchObject({ code: 2 });
    expect(await runMutateCli(['--replays', '1', '--mutations', '5', '--net', '5'])).toMatchObject({ code: 2 });
    expect(await runMutateCli(['--what'])).toMatchObject({ code: 2, stderr: expect.stringMatching(/unknown argument "--what"/) });
    expect(parseMutateArgs(['--replays', '3', '--mutations', '10'])).toEqual({ replays: 3, mutations: 10, seed: 1, net: 1 });
    expect(parseMutateArgs(['--replays', '3', '--mutations', '10', '--net', '0'])).toEqual({ replays: 3, mutations: 10, seed: 1, net: 0 });
  });
});
