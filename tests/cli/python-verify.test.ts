// The independent verifier tools/verify.py (Python, standard library only), written from
// docs/fairness.md alone, must agree with `npm run verify -- --list` on every draw, die and
// seating of replays of every kind, and reject what it rejects (issue 12): two command lines, their
// exit codes and printed lines compared.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { runVerify } from '../../src/cli/verify';
import { parseLog, stringifyLog } from '../../src/fair';
import { fixtureMatch, type FixtureGame } from '../fair/fixtures';
import { netReplay, unsigned, type NetGame } from '../fair/net-replays';
import { hasPython311, skipWithout } from '../support/needs-tool';

const ROOT = join(__dirname, '../..');
const dir = mkdtempSync(join(tmpdir(), 'fair-py-'));
const skipPython = skipWithout('python3 ≥ 3.11', hasPython311, "tools/verify.py's agreement with npm run verify");

function py(path: string): { code: number | null; stdout: string; stderr: string } {
  const r = spawnSync('python3', [join(ROOT, 'tools/verify.py'), path], { encoding: 'utf8' });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

/**
 * Each edited file (named, with the exit code both verifiers must give: 1 a discrepancy, 2
 * malformed) differs from every original, and npm run verify and verify.py both refuse it,
 * verify.py with one line.
 */
function expectBothRefuse(edits: [string, string, number][], originals: string[], prefix: string): void {
  for (const [what, bad, code] of edits) {
    expect(originals.includes(bad), `${what}: the edit took`).toBe(false);
    const path = join(dir, `${prefix}-${what.replace(/\W/g, '-')}.json`);
    writeFileSync(path, bad);
    const ts = runVerify([path]);
    expect(ts.code, `npm run verify, ${what}: ${ts.stderr}`).toBe(code);
    const p = py(path);
    expect(p.code, `verify.py, ${what}: ${p.stderr}${p.stdout.slice(-200)}`).toBe(code);
    expect(p.stderr.trimEnd().split('\n'), what).toHaveLength(1);
  }
}

const derived = (stdout: string) => stdout.split('\n').filter((l) => l.startsWith('event '));

const GAMES: [string, FixtureGame][] = [
  ['base game, 2 seats', { seats: ['red', 'black'], seed: 2 }],
  [
    'Expansion 1, 6 seats, greedy bots (battles, yellow dice)',
    { seats: ['red', 'green', 'black', 'white', 'orange', 'blue'], expansion: true, seed: 3, bots: ['greedy'] },
  ],
  ['teams with a seat shuffle', { seats: ['red', 'green', 'black', 'white'], teams: true, shuffle: true, seed: 5, bots: ['greedy'] }],
  ['seat shuffle, Expansion 1, 3 seats', { seats: ['black', 'orange', 'red'], expansion: true, shuffle: true, seed: 4, bots: ['greedy'] }],
  ['"remove" with an unplaceable tile', { seats: ['red', 'black'], expansion: true, unplaceable: 'remove', seed: 25 }],
  ['"return" with an unplaceable tile sent back', { seats: ['red', 'black'], expansion: true, unplaceable: 'return', seed: 25 }],
];

const files: { name: string; path: string; text: string; version: number }[] = [];

/** Networked replays (log version 2, docs/fairness.md §6a), made in the test by MeshSim. */
const NET: [string, NetGame][] = [
  ['networked: a bot seat (no chain)', 'bot-seat'],
  ['networked: the host crashes for good (drop)', 'host-drop'],
  ['networked: a resignation with chat', 'resign-chat'],
  ['networked: a dropped seat reclaimed', 'reclaim'],
];
const nets: { name: string; path: string; text: string }[] = [];
/** The same games as written, signed (log version 3, docs/fairness.md §6b). */
const signedNets: { name: string; path: string; text: string }[] = [];

/** The lines about bot seats, seat changes, forfeits and chat (verify's summary, verify.py's output). */
const networkLines = (lines: string[]) =>
  lines.filter((l) => /^(bot seats \(|forfeits: |chat: )|^\w+ (was dropped|resigned|took its seat back) /.test(l));

beforeAll(async () => {
  for (const [name, game] of NET) {
    const signed = await netReplay(game, true);
    const text = unsigned(signed);
    const path = join(dir, `net-${game}.json`);
    writeFileSync(path, text);
    nets.push({ name, path, text });
    const spath = join(dir, `net-${game}-signed.json`);
    writeFileSync(spath, signed);
    signedNets.push({ name: `${name}, signed`, path: spath, text: signed });
  }
}, 120_000);

beforeAll(() => {
  GAMES.forEach(([name, g], i) => {
    const text = fixtureMatch(g).replayText();
    const path = join(dir, `game-${i}.json`);
    writeFileSync(path, text);
    files.push({ name, path, text, version: 2 });
  });
  const save = fixtureMatch({ seats: ['red', 'blue'], expansion: true, seed: 6, bots: ['greedy'] }).saveText();
  writeFileSync(join(dir, 'save.json'), save);
  files.push({ name: 'a save file (secrets checked)', path: join(dir, 'save.json'), text: save, version: 2 });
  const v1 = join(__dirname, '../fair/v1/replay-expansion-shuffle.json');
  files.push({ name: 'a version-1 replay', path: v1, text: readFileSync(v1, 'utf8'), version: 1 });
  const log = parseLog(files[1].text);
  const half = stringifyLog({ ...log, entries: log.entries.slice(0, 300) });
  writeFileSync(join(dir, 'half.json'), half);
  files.push({ name: 'an unfinished game', path: join(dir, 'half.json'), text: half, version: 2 });
});

describe.skipIf(skipPython)('tools/verify.py agrees with npm run verify', () => {
  it('on every draw, die and seating of replays of every kind', () => {
    expect(files).toHaveLength(GAMES.length + 3);
    const seen = { draws: 0, throws: 0, yellow: 0, seats: 0, redraws: 0 };
    for (const f of files) {
      const ts = runVerify(['--list', f.path]);
      const p = py(f.path);
      expect(ts.code, `${f.name}: ${ts.stderr}`).toBe(0);
      expect(p.code, `${f.name}: ${p.stderr}`).toBe(0);
      let tsLines = derived(ts.stdout);
      // version 1 names no participants: verify.py prints "?" for the scorer
      if (f.version === 1) tsLines = tsLines.map((l) => l.replace(/ \d:/g, ' ?:'));
      const pyLines = derived(p.stdout);
      expect(pyLines.length, f.name).toBeGreaterThan(0);
      expect(pyLines, f.name).toEqual(tsLines);
      expect(p.stdout).toMatch(f.name === 'an unfinished game' ? /consistent, in progress/ : /consistent, finished after \d+ turns/);
      seen.draws += pyLines.filter((l) => / draw /.test(l)).length;
      seen.throws += pyLines.filter((l) => / throw /.test(l)).length;
      seen.yellow += pyLines.filter((l) => /\dy\b/.test(l)).length;
      seen.seats += pyLines.filter((l) => / seats /.test(l)).length;
      const turns = pyLines.filter((l) => / draw /.test(l)).map((l) => l.split(' ')[4]);
      seen.redraws += turns.length - new Set(turns).size;
    }
    // the replays really exercise what the comparison claims
    expect(seen.throws).toBeGreaterThan(20);
    expect(seen.yellow).toBeGreaterThan(3);
    expect(seen.seats).toBeGreaterThanOrEqual(3);
    expect(seen.redraws).toBeGreaterThanOrEqual(2);
    console.log('python agreement:', JSON.stringify(seen));
  });

  it('rejects what npm run verify rejects: a changed reveal, draw, die or seating (exit 1), a malformed file (exit 2)', () => {
    const text = files[3].text; // shuffle + battles
    const entries = text.split('\n');
    const at = (re: RegExp) => entries.findIndex((l) => re.test(l));
    const edits: [string, string, number][] = [];
    const rev = at(/"k":"reveal"/);
    edits.push([
      'reveal',
      entries.map((l, i) => (i === rev ? l.replace(/"value":"(.)/, (_, c) => `"value":"${c === 'a' ? 'b' : 'a'}`) : l)).join('\n'),
      1,
    ]);
    const draw = at(/"k":"draw".*"tile":"SW04"/);
    edits.push(['draw', entries.map((l, i) => (i === draw ? l.replace('"tile":"SW04"', '"tile":"SW15"') : l)).join('\n'), 1]);
    const thr = at(/"k":"throw"/);
    edits.push([
      'die',
      entries.map((l, i) => (i === thr ? l.replace(/"values":\[\[(\d)/, (_, d) => `"values":[[${d === '1' ? 2 : 1}`) : l)).join('\n'),
      1,
    ]);
    const seats = at(/"k":"seats"/);
    edits.push([
      'seating',
      entries.map((l, i) => (i === seats ? l.replace(/"order":\["(\w+)","(\w+)"/, '"order":["$2","$1"') : l)).join('\n'),
      1,
    ]);
    edits.push(['duplicate key', text.replace('"k":"hash",', '"k":"hash","k":"hash",'), 2]);
    edits.push(['non-integer', text.replace('"chainLength":4096', '"chainLength":4096.0'), 2]);
    edits.push(['unknown field', text.replace('"k":"draw",', '"k":"draw","why":1,'), 2]);
    edits.push(['chain length beyond 4096', text.replace('"chainLength":4096', '"chainLength":8192'), 2]);
    edits.push(['chain length other than 4096 in version 2', text.replace('"chainLength":4096', '"chainLength":4000'), 2]);
    expectBothRefuse(edits, [text], 'bad');
    const bytes = Buffer.from(text);
    bytes[text.indexOf('"gameId":"') + 10] = 0xff;
    writeFileSync(join(dir, 'bad-utf8.json'), bytes);
    expect(py(join(dir, 'bad-utf8.json')).code).toBe(2);
  });

  it('on networked replays: bot seats, drops, resignations, reclaims and chat (every derived value, and the seat changes)', () => {
    expect(nets).toHaveLength(NET.length);
    for (const f of nets) {
      const ts = runVerify(['--list', f.path]);
      const p = py(f.path);
      expect(ts.code, `${f.name}: ${ts.stderr}`).toBe(0);
      expect(p.code, `${f.name}: ${p.stderr}`).toBe(0);
      expect(derived(p.stdout).length, f.name).toBeGreaterThan(70);
      expect(derived(p.stdout), f.name).toEqual(derived(ts.stdout));
      expect(p.stdout).toMatch(/consistent, finished after \d+ turns/);
      const tsNet = networkLines(ts.stdout.split('\n'));
      expect(tsNet.length, f.name).toBeGreaterThan(0);
      expect(networkLines(p.stdout.split('\n')), f.name).toEqual(tsNet);
    }
    const all = nets.map((f) => f.text).join('\n');
    for (const k of ['drop', 'resign', 'reclaim']) expect(all).toContain(`{"k":"${k}",`);
    expect(all).toContain('"bots":[null,null,"greedy"]');
    expect(all).toContain('"chat":[');
  });

  it('rejects what npm run verify rejects in networked replays', () => {
    const [bot, drop, resign, reclaim] = nets.map((f) => f.text);
    const lineOf = (text: string, re: RegExp) => text.split('\n').findIndex((l) => re.test(l));
    const swapLines = (text: string, i: number, j: number) => {
      const ls = text.split('\n');
      const strip = (l: string) => l.replace(/,$/, '');
      const [a, b] = [ls[i], ls[j]];
      ls[i] = strip(b) + (a.endsWith(',') ? ',' : '');
      ls[j] = strip(a) + (b.endsWith(',') ? ',' : '');
      return ls.join('\n');
    };
    const d = lineOf(drop, /"k":"drop"/);
    const rc = lineOf(reclaim, /"k":"reclaim"/);
    const firstReveal = lineOf(bot, /"k":"reveal"/);
    // The game clock (issue 17): one grammar in both verifiers; outside its bounds the file is malformed.
    expect(bot).toMatch(/"clock":\{"moveMs":\d+,/);
    const clockEdit = (re: RegExp, to: string) => bot.replace(re, to);
    const edits: [string, string, number][] = [
      ['a clock whose free move outlasts the move', clockEdit(/"freeMoveMs":\d+/, '"freeMoveMs":99999999'), 2],
      ['a clock with a field of its own', clockEdit(/"clock":\{/, '"clock":{"turbo":1,'), 2],
      ['a clock in seconds, not whole ms', clockEdit(/"bankMs":\d+/, '"bankMs":2.5'), 2],
      // a bot seat has no chain: giving it one (or taking one away) breaks the commitments
      ['a bot seat named a player seat', bot.replace('"bots":[null,null,"greedy"]', '"bots":[null,null,null]'), 1],
      ['a player seat named a bot seat', bot.replace('"bots":[null,null,"greedy"]', '"bots":[null,"greedy","greedy"]'), 1],
      [
        'a drop of a bot seat',
        bot
          .split('\n')
          .map((l, i) => (i === firstReveal ? `  {"k":"drop","colour":"green"},\n${l}` : l))
          .join('\n'),
        1,
      ],
      ['a drop of a seat out of its slot', drop.replace('{"k":"drop","colour":"red"}', '{"k":"drop","colour":"black"}'), 1],
      ['a drop moved before the event it changes', swapLines(drop, d, d - 1), 1],
      [
        'a reveal from the dropped chain',
        drop.replace(
          '{"k":"drop","colour":"red"}',
          drop
            .split('\n')
            .find((l) => /"k":"reveal","chain":0/.test(l))!
            .trim()
            .replace(/,$/, ''),
        ),
        1,
      ],
      [
        'a reclaim of a resigned seat',
        resign.replace(
          /(\{"k":"draw","event":\d+,"seat":2,[^\n]*\n)(?![\s\S]*\{"k":"draw","event":\d+,"seat":2,)/,
          '$1  {"k":"reclaim","colour":"green"},\n',
        ),
        1,
      ],
      ['a reclaim before a deployment', swapLines(reclaim, rc, rc + 1), 1],
      ['a chat line from a seat not in the game', resign.replace('{"colour":"black","n":', '{"colour":"white","n":'), 2],
      ['chat lines out of order', resign.replace(/("chat":\[\n)( {2}\{[^\n]*\})\n\]/, '$1$2,\n$2\n]'), 2],
      ['a chat line with a control character', resign.replace('"text":"good luck, rebels"', '"text":"good\\u0007luck"'), 2],
      ['a chat line too long', resign.replace('"text":"good luck, rebels"', `"text":"${'x'.repeat(201)}"`), 2],
    ];
    expectBothRefuse(
      edits,
      nets.map((f) => f.text),
      'bad-net',
    );
  });

  const signatureLines = (out: string) =>
    out.split('\n').filter((l) => /^(signatures: |signed by |\w+: a bot seat, signs nothing|unsigned: |time banks )/.test(l));

  it('on signed (version-5) networked replays: every signature, the time banks, and the same lines about who signed and on whose word', () => {
    expect(signedNets).toHaveLength(NET.length);
    for (const f of signedNets) {
      expect(f.text).toMatch(/"version":5,/);
      const ts = runVerify(['--list', f.path]);
      const p = py(f.path);
      expect(ts.code, `${f.name}: ${ts.stderr}`).toBe(0);
      expect(p.code, `${f.name}: ${p.stderr}`).toBe(0);
      expect(derived(p.stdout), f.name).toEqual(derived(ts.stdout));
      expect(networkLines(p.stdout.split('\n')), f.name).toEqual(networkLines(ts.stdout.split('\n')));
      const lines = signatureLines(p.stdout);
      expect(lines[0], f.name).toMatch(
        new RegExp(
          String.raw`^signatures: all \d+ Ed25519 signatures hold \(the start record by the host, red; \d+ entries, \d+ votes, ` +
            String.raw`\d+ chat lines; \d+ signed state hashes match the log\)$`,
        ),
      );
      expect(lines, f.name).toEqual(signatureLines(ts.stdout));
      expect(
        lines.filter((l) => /^time banks \(seconds used of \d+, the smallest claim of the other players\): \w+ \d+/.test(l)),
        f.name,
      ).toHaveLength(1);
    }
    const all = signedNets.map((f) => f.text).join('\n');
    expect(all).toMatch(/"votes":\[\n {2}\{"at":\d+,"what":"drop"/);
    expect(all).toMatch(/"what":"reclaim"/);
    // the unsigned ones say so
    expect(signatureLines(py(nets[0].path).stdout)).toEqual([
      'unsigned: log version 2 carries no signatures (a one-device game, or an older file); it proves consistency with its commitments, ' +
        'not who wrote each entry',
    ]);
  });

  it('rejects what npm run verify rejects in signed replays: a bad signature anywhere, a changed entry, chat line, roster or vote', () => {
    const chat = signedNets.find((f) => f.text.includes('"text":"good luck, rebels"'))!.text;
    const drop = signedNets.find((f) => f.text.includes('"what":"drop"') && !f.text.includes('"what":"reclaim"'))!.text;
    const flipSig = (text: string, re: RegExp) => text.replace(re, (m) => m.slice(0, -1) + (m.endsWith('0') ? '1' : '0'));
    const edits: [string, string, number][] = [
      ['an entry signature', flipSig(chat, /"signed":\[\n {2}\{"at":\d+,"a":\d+,"n":\d+,"h":[^\n]*?"sig":"[0-9a-f]{10}/), 1],
      ["the host's start signature", flipSig(chat, /"startSig":"[0-9a-f]{10}/), 1],
      ["a chat line's text", chat.replace('"text":"good luck, rebels"', '"text":"good luck, empire"'), 1],
      [
        'a placement under its signature',
        chat.replace(
          /\{"k":"place","seat":(\d),"x":(-?\d+),"y":(-?\d+),"r":(\d)\}/,
          (_, s, x, y, r) => `{"k":"place","seat":${s},"x":${x},"y":${y},"r":${(Number(r) + 2) % 4}}`,
        ),
        1,
      ],
      [
        'a key in the roster',
        chat.replace(/("roster":\[\n {2}\{"colour":"red","bot":null,"pub":")([0-9a-f])/, (_, a, c) => a + (c === '0' ? '1' : '0')),
        1,
      ],
      ["a vote's signature", flipSig(drop, /"by":\[\{"a":\d+,"n":\d+,"at":\d+,"sig":"[0-9a-f]{10}/), 1],
      // Version 4: a drop rests on at least one eligible signed vote (P6.4); with none it is refused.
      ['every vote left out', drop.replace(/"by":\[[^\]]*\]/, '"by":[]'), 1],
      ['an unknown field in a signature', chat.replace(/"signed":\[\n {2}\{"at":/, '"signed":[\n  {"why":1,"at":'), 2],
      ['a signature that is not hex', chat.replace(/("startSig":")[0-9a-f]/, '$1Z'), 2],
      // Version 5: a move's bank claim is signed with it, one whole number of seconds per seat, on moves only.
      ['a bank claim raised under its signature', chat.replace(/"w":\[(\d+)/, (_, x) => `"w":[${Number(x) + 60}`), 1],
      ['a move without its bank claim', chat.replace(/"w":\[[\d,]+\]/, '"w":null'), 1],
      ['a bank claim on a commitment', chat.replace(/"w":null/, '"w":[0,0,0]'), 1],
      ['a bank claim beyond two hours', chat.replace(/"w":\[(\d+)/, '"w":[7201'), 2],
    ];
    expectBothRefuse(
      edits,
      signedNets.map((f) => f.text),
      'bad-signed',
    );
  });
});
