// npm run verify: exit codes and one-line messages (P4.2); malformed entries named (P1.3).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { runVerify } from '../../src/cli/verify';
import { verifyReplay } from '../../src/fair';
import { fixtureMatch } from '../fair/fixtures';

const ROOT = join(__dirname, '../..');
const TSX = join(ROOT, 'node_modules/.bin/tsx');
const dir = mkdtempSync(join(tmpdir(), 'fair-verify-'));
let good = '';

function file(name: string, text: string): string {
  const p = join(dir, name);
  writeFileSync(p, text);
  return p;
}

function oneLine(text: string): string {
  const lines = text.trimEnd().split('\n');
  expect(lines).toHaveLength(1);
  return lines[0];
}

beforeAll(() => {
  good = fixtureMatch({ seats: ['red', 'black'], seed: 2 }).replayText();
});

describe('verify CLI', () => {
  it('prints the summary and exits 0 for a good replay', () => {
    const r = runVerify([file('good.json', good)]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^replay OK: \d+ entries/);
    expect(r.stdout).toMatch(/final scores: red \d+, black \d+/);
  });

  it('malformed files exit 2 with one line, never a stack trace', () => {
    const cases: [string, RegExp][] = [
      ['not json at all', /not JSON/],
      ['[]', /must be a JSON object/],
      ['{"format":"something-else","version":1,"entries":[]}', /not a replay file/],
      [good.replace('"version":2', '"version":7'), /unsupported replay version 7; this verifier reads versions 1 and 2/],
      [good.replace('"entries":[', '"entriez":['), /unexpected top-level field "entriez"/],
      [
        good.replace(/"commitment":"[0-9a-f]{64}"/, '"commitment":"xyz"'),
        /^verify: malformed replay: entry 1 \(commit\): "commitment" must be 64 lowercase hex digits, got "xyz"$/,
      ],
      [
        good.replace(/\{"k":"place","seat":0,"x":(-?\d+),/, '{"k":"place","seat":0,"x":"$1",'),
        /entry \d+ \(place\): "x" must be an integer/,
      ],
      [good.replace('{"k":"hash",', '{"k":"hash","extra":1,'), /entry \d+ \(hash\): unexpected field "extra"/],
      [good.replace('{"k":"draw",', '{"k":"drew",'), /entry \d+: unknown kind "drew"/],
    ];
    cases.forEach(([text, message], i) => {
      const r = runVerify([file(`bad${i}.json`, text)]);
      expect(r.code, text.slice(0, 40)).toBe(2);
      expect(oneLine(r.stderr)).toMatch(message);
      expect(r.stdout).toBe('');
    });
    expect(runVerify([join(dir, 'missing.json')])).toMatchObject({
      code: 2,
      stderr: expect.stringMatching(/^verify: cannot read .*missing\.json \(ENOENT\)\n$/),
    });
    expect(runVerify([])).toMatchObject({ code: 2 });
    expect(runVerify([dir])).toMatchObject({ code: 2, stderr: expect.stringMatching(/cannot read .*EISDIR/) });
  });

  it('a discrepancy exits 1 naming the first bad entry', () => {
    const m = good.match(/\{"k":"hash","turn":3,"state":"([0-9a-f]{64})"\}/)!;
    const bad = good.replace(m[0], m[0].replace(m[1], '0'.repeat(64)));
    const index = good.split('\n').findIndex((l) => l.includes(m[0])) - 1; // line 0 is the header
    const r = runVerify([file('tampered.json', bad)]);
    expect(r.code).toBe(1);
    expect(oneLine(r.stderr)).toMatch(
      new RegExp(
        `^verify: REJECTED at entry ${index}: expected state hash [0-9a-f]{16}… for turn 3; found state hash 0000000000000000… for turn 3$`,
      ),
    );
    const report = verifyReplay(bad);
    expect(report.ok === false && report.entry).toBe(index);
  });

  it('the real CLI: exit 2 on a malformed file, exit 0 on a good one', () => {
    const bad = spawnSync(TSX, ['src/cli/verify.ts', file('garbage.json', '{"format":')], { cwd: ROOT, encoding: 'utf8' });
    expect(bad.status).toBe(2);
    expect(oneLine(bad.stderr)).toMatch(/^verify: malformed replay: the file is not JSON/);
    const ok = spawnSync(TSX, ['src/cli/verify.ts', file('good2.json', good)], { cwd: ROOT, encoding: 'utf8' });
    expect(ok.status).toBe(0);
  });
});
