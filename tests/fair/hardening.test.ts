// Issue 12, replay hardening: one test per finding of the independent audit of the
// verifier, plus issue 11's mid-game replay. Each test builds the hostile or honest file the
// finding describes and checks what the verifier library does with it; what `npm run verify`
// prints for the same files is in tests/cli/verify-hardening.test.ts.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { FairMatch, parseLog, stringifyLog, verifyReplay, type GameLog, type LogEntry, type VerifyReport } from '../../src/fair';
import { MAX_CHAIN_LENGTH } from '../../src/fair/chain';
import { MAX_ERROR_LINE } from '../../src/fair/log-entries';
import { parseReplayOrSave } from '../../src/fair/save-file';
import { fixtureMatch } from './fixtures';

const V1 = join(__dirname, 'v1');

function malformed(report: VerifyReport, pattern: RegExp): void {
  expect(report.ok).toBe(false);
  if (report.ok) return;
  expect(report.malformed, report.message).toBe(true);
  expect(report.message).toMatch(pattern);
  expect(report.message.length).toBeLessThanOrEqual(MAX_ERROR_LINE);
  expect(report.message).not.toMatch(/\n/);
}

let battle: FairMatch; // 3 seats, Expansion 1, seat shuffle: throws with yellow dice
let replay = '';
let save = '';

beforeAll(() => {
  battle = fixtureMatch({ seats: ['red', 'black', 'blue'], expansion: true, shuffle: true, seed: 4, bots: ['greedy'] });
  replay = battle.replayText();
  save = battle.saveText();
});

const entriesOf = (text: string) => parseLog(text).entries;
const withEntries = (entries: LogEntry[], version: GameLog['version'] = 2) =>
  stringifyLog({ format: 'carcassonne-star-wars-replay', version, entries });

describe('denial of service through save files', () => {
  it('a save with many copies of a secret is refused by the parser, before any chain is rebuilt', () => {
    const secret = JSON.parse(save).secrets[0];
    const hostile = save.replace(/"secrets":\[[^\]]*\]/, `"secrets":${JSON.stringify(Array.from({ length: 1000 }, () => secret))}`);
    malformed(verifyReplay(hostile), /"secrets" must be a list of at most 6 .*one per chain/);
    const twice = save.replace(/"secrets":\[/, `"secrets":[${JSON.stringify(secret)},`);
    malformed(verifyReplay(twice), /secret 1 repeats or reorders chain 0/);
  });

  it('a chain length beyond what a game can need is malformed (the bound is part of the format)', () => {
    expect(MAX_CHAIN_LENGTH).toBe(4096);
    for (const len of [4097, 1 << 20, 64]) {
      const hostile = save.replace('"chainLength":4096', `"chainLength":${len}`);
      malformed(verifyReplay(hostile), new RegExp(`entry 0 \\(settings\\): "chainLength" must be 4096 in version 2, got ${len}`));
      const v1 = readFileSync(join(V1, 'save-expansion-shuffle.json'), 'utf8').replace('"chainLength":4096', `"chainLength":${len}`);
      if (len > 4096)
        malformed(verifyReplay(v1), new RegExp(`entry 0 \\(settings\\): "chainLength" must be an integer from 1 to 4096, got ${len}`));
    }
  });

  it('a secret for a chain the log does not have is refused; a wrong secret is an exact discrepancy', () => {
    const parsed = JSON.parse(save);
    const extra = save.replace(/"secrets":\[(.*?)\]/, (_, inner) => `"secrets":[${inner},{"chain":5,"secret":"${'ab'.repeat(32)}"}]`);
    expect(JSON.parse(extra).secrets).toHaveLength(parsed.secrets.length + 1);
    malformed(verifyReplay(extra), /a secret for chain 5, which the log does not have/);
    const wrong = save.replace(parsed.secrets[1].secret, 'cd'.repeat(32));
    const r = verifyReplay(wrong);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.message).toMatch(/^entry 2: expected the commitment rebuilt from the saved secret of chain 1/);
    expect(verifyReplay(save)).toMatchObject({ ok: true, inProgress: false });
  });
});

describe('size limits', () => {
  it('a 50 MB game id is refused as too large, in one short line', () => {
    const huge = replay.replace(/"gameId":"[^"]*"/, `"gameId":"${'x'.repeat(50 * 1024 * 1024)}"`);
    malformed(verifyReplay(huge), /too large/);
  });

  it('a long game id within the file size is named with a short prefix only', () => {
    const long = replay.replace(/"gameId":"[^"]*"/, `"gameId":"${'x'.repeat(200)}"`);
    malformed(verifyReplay(long), /"gameId" must be 1–64 characters of \[0-9A-Za-z_-\], got "x{20}…" \(200 chars\)/);
    const huge = replay.replace(/"gameId":"[^"]*"/, `"gameId":"${'x'.repeat(1_000_000)}"`);
    malformed(verifyReplay(huge), /string longer than 256 characters: "x{20}…" at byte \d+ \(\$\.entries\[0\]\.gameId\)/);
  });

  it('every error line stays within 200 characters, whatever the bad value', () => {
    const cases = [
      replay.replace('{"k":"hash",', `{"k":"hash","${'q'.repeat(250)}":1,`),
      replay.replace(/"tile":"SW\d+"/, `"tile":"${'T'.repeat(250)}"`),
      replay.replace(/"format":"[^"]*"/, `"format":"${'f'.repeat(250)}"`),
      replay.replace('"version":2', `"version":${'9'.repeat(15)}`),
    ];
    for (const text of cases) {
      const r = verifyReplay(text);
      expect(r.ok).toBe(false);
      if (!r.ok) for (const s of [r.message, r.expected, r.found]) expect(s.length).toBeLessThanOrEqual(MAX_ERROR_LINE);
    }
  });
});

describe('loose parsing of replay and save files', () => {
  it('duplicate keys are malformed, not "last one wins"', () => {
    const m = replay.match(/\{"k":"place","seat":(\d),"x":(-?\d+),/)!;
    const dup = replay.replace(m[0], `{"k":"place","seat":${m[1]},"x":999,"x":${m[2]},`);
    malformed(verifyReplay(dup), /duplicate key "x" at byte \d+ \(\$\.entries\[\d+\]\)/);
  });

  it('integers spelled 1.0, 4.096e3 or -0 are malformed', () => {
    malformed(verifyReplay(replay.replace('"chainLength":4096', '"chainLength":4.096e3')), /not an integer: "4\.096e3"/);
    malformed(verifyReplay(replay.replace('"chainLength":4096', '"chainLength":4096.0')), /not an integer: "4096\.0"/);
    malformed(verifyReplay(replay.replace('"r":0', '"r":-0')), /not an integer: -0/);
    malformed(verifyReplay(replay.replace('"version":2', '"version":2.0')), /not an integer: "2\.0"/);
  });

  it('invalid UTF-8 is malformed (the CLI and page pass bytes)', () => {
    const bytes = new TextEncoder().encode(replay);
    const at = replay.indexOf('"gameId":"') + 10;
    bytes[at] = 0xff;
    malformed(verifyReplay(bytes), new RegExp(`invalid UTF-8 at byte ${at}`));
  });

  it('prototype keys and unknown fields are malformed anywhere', () => {
    malformed(verifyReplay(replay.replace('{"k":"hash",', '{"k":"hash","__proto__":{"k":"over"},')), /forbidden key "__proto__"/);
    malformed(verifyReplay(replay.replace('"expansion":{', '"expansion":{"constructor":1,')), /forbidden key "constructor"/);
    malformed(verifyReplay(save.replace('"secret":', '"extra":1,"secret":')), /"secrets" must be a list/);
    malformed(verifyReplay(save.replace('"replay":', '"notes":"hi","replay":')), /unexpected top-level field "notes" in the save/);
    malformed(verifyReplay(replay.replace('"k":"throw",', '"k":"throw","luck":7,')), /entry \d+ \(throw\): unexpected field "luck"/);
  });
});

describe('throws that a verifier without the engine can check (version 2)', () => {
  it('every throw names its participants, their dice counts and the yellow die, as the engine had them', () => {
    const throws = entriesOf(replay).filter((e) => e.k === 'throw');
    expect(throws.length).toBeGreaterThan(3);
    for (const t of throws) {
      expect(t.participants?.length).toBe(t.values.length);
      t.participants!.forEach((p, i) => expect(t.values[i]).toHaveLength(p.dice));
    }
    expect(throws.some((t) => t.participants!.some((p) => p.yellow))).toBe(true);
    expect(replay).toMatch(/\{"k":"throw","event":\d+,"participants":\[\{"scorer":\d,"dice":\d,"yellow":(true|false)\}/);
  });

  it('"+2 on the last die", a dropped die, a changed dice count, yellow die or scorer: each rejected', () => {
    const entries = entriesOf(replay);
    const i = entries.findIndex((e) => e.k === 'throw' && e.participants!.some((p) => p.yellow));
    const t = entries[i] as Extract<LogEntry, { k: 'throw' }>;
    const y = t.participants!.findIndex((p) => p.yellow);
    const n = t.participants!.findIndex((p) => !p.yellow && p.dice >= 1);
    const edit = (f: (c: typeof t) => void) => {
      const copy = structuredClone(entries);
      f(copy[i] as typeof t);
      return verifyReplay(withEntries(copy));
    };
    // +2 on the last die of the yellow participant: still in range 3–8 if it was ≤ 6, so only the derivation catches it
    const plus2 = edit((c) => {
      const dice = c.values[y];
      const last = dice[dice.length - 1];
      dice[dice.length - 1] = last <= 6 ? last + 2 : last - 2; // stays within 3–8
    });
    expect(plus2).toMatchObject({ ok: false, entry: i });
    expect(edit((c) => c.values[y].pop())).toMatchObject({ ok: false, malformed: true, entry: i }); // dice count no longer fits
    expect(
      edit((c) => {
        c.values[y].pop();
        c.participants![y].dice--;
      }),
    ).toMatchObject({ ok: false, entry: i });
    expect(
      edit((c) => {
        c.participants![y].yellow = false;
        c.values[y][c.values[y].length - 1] = Math.min(6, c.values[y][c.values[y].length - 1]);
      }),
    ).toMatchObject({ ok: false, entry: i });
    if (n >= 0)
      expect(
        edit(
          (c) => (
            (c.participants![n].yellow = true), (c.values[n][c.values[n].length - 1] = Math.max(3, c.values[n][c.values[n].length - 1]))
          ),
        ),
      ).toMatchObject({ ok: false, entry: i });
    expect(edit((c) => (c.participants![0].scorer = (c.participants![0].scorer + 1) % 3))).toMatchObject({ ok: false, entry: i });
    // a yellow value out of 3–8, or a normal one out of 1–6, is malformed in itself
    expect(edit((c) => (c.values[y][c.values[y].length - 1] = 2))).toMatchObject({ ok: false, malformed: true, entry: i });
  });

  it('version-1 replays and saves (written by the previous release) still verify; resuming one writes version 2', () => {
    const v1 = readFileSync(join(V1, 'replay-expansion-shuffle.json'), 'utf8');
    expect(v1).toMatch(/^\{"format":"carcassonne-star-wars-replay","version":1,/);
    const r = verifyReplay(v1);
    expect(r).toMatchObject({ ok: true, inProgress: false });
    if (r.ok)
      expect(r.lines).toContain('log format version 1: throw entries do not name their participants (the rules engine supplies them)');
    expect(verifyReplay(readFileSync(join(V1, 'save-expansion-shuffle.json')))).toMatchObject({ ok: true });
    // a version-1 throw with participants, or a version-2 throw without, is malformed
    malformed(verifyReplay(replay.replace('"version":2', '"version":1')), /entry \d+ \(throw\): unexpected field "participants"/);
    malformed(verifyReplay(v1.replace('"version":1', '"version":2')), /entry \d+ \(throw\): missing field "participants"/);
    // version 2 has one chain length: a match is not created, nor a version-1 save resumed, with another
    expect(() => FairMatch.create({ seats: ['red', 'black'], options: battle.state.setup.options }, { chainLength: 64 })).toThrow(
      /^the chain length is 4096 in log version 2, got 64$/,
    );
    const short = readFileSync(join(V1, 'save-expansion-shuffle.json'), 'utf8').replace('"chainLength":4096', '"chainLength":512');
    expect(() => FairMatch.fromSave(short)).toThrow(
      /^cannot resume: this version-1 save has chain length 512; a game continues only with 4096/,
    );
    const resumed = FairMatch.fromSave(readFileSync(join(V1, 'save-expansion-shuffle.json'), 'utf8'));
    expect(resumed.log.version).toBe(2);
    const text = resumed.replayText();
    expect(verifyReplay(text)).toMatchObject({ ok: true, inProgress: false });
    expect(
      entriesOf(text)
        .filter((e) => e.k === 'throw')
        .every((e) => e.participants),
    ).toBe(true);
  });
});

describe('a replay saved mid-game (issue 11)', () => {
  it('verifies as in progress, consistent so far, at every entry boundary; exit 0 saying how far it goes', () => {
    const entries = entriesOf(replay);
    const cuts = [1, 2, 4, 5, 6, 10, 57, Math.floor(entries.length / 2), entries.length - 2, entries.length - 1];
    for (const cut of cuts) {
      const r = verifyReplay(withEntries(entries.slice(0, cut)));
      expect(r, `cut at ${cut}`).toMatchObject({ ok: true, inProgress: true, entries: cut });
      if (r.ok)
        expect(r.lines[0]).toMatch(
          new RegExp(
            `^replay in progress, consistent so far: ${cut} ${cut === 1 ? 'entry' : 'entries'} ` +
              `up to (turn \\d+|the start of the game) \\(\\d+ turns complete\\)`,
          ),
        );
    }
    // a mid-game save too (the hotseat save of an unfinished game)
    const m = FairMatch.create({ seats: ['red', 'black'], options: battle.state.setup.options }, { gameId: 'mid' });
    m.start();
    expect(verifyReplay(m.saveText())).toMatchObject({ ok: true, inProgress: true });
  });

  it('a broken unfinished replay still fails: tampered, malformed, cut inside an entry, or empty', () => {
    const entries = entriesOf(replay);
    const half = entries.slice(0, Math.floor(entries.length / 2));
    const h = half.findIndex((e) => e.k === 'hash');
    const tampered = structuredClone(half);
    (tampered[h] as Extract<LogEntry, { k: 'hash' }>).state = '0'.repeat(64);
    expect(verifyReplay(withEntries(tampered))).toMatchObject({ ok: false, malformed: false, entry: h });
    expect(verifyReplay(withEntries([]))).toMatchObject({ ok: false, malformed: false, entry: 0, expected: 'the settings entry' });
  });
});

describe('the save parser', () => {
  it('reads back what the match writes, secrets in chain order', () => {
    const s = parseReplayOrSave(save);
    expect(s.secrets?.map((x) => x.chain)).toEqual([0, 1, 2]);
    expect(s.log.version).toBe(2);
  });
});
