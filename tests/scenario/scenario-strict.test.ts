// Issue 12: scenario files are read by the same strict grammar as replays. Each audit
// finding about scenarios, as the file the audit described. (The CLI's own size check is in
// tests/cli/scenario-cli.test.ts.)
import { describe, expect, it } from 'vitest';
import { ScenarioError, parseScenario, runScenarioText } from '../../src/scenario';

const battleTurn = { tile: 'SW22', x: 1, y: 0, rotation: 0 };
const doc = (turn: string) => `{"seats":["red","black"],"turns":[${turn}]}`;

function rejected(text: string | Uint8Array, pattern: RegExp): void {
  let caught: unknown;
  try {
    parseScenario(text);
  } catch (e) {
    caught = e;
  }
  expect(caught).toBeInstanceOf(ScenarioError);
  const message = (caught as Error).message;
  expect(message).toMatch(pattern);
  expect(message.length).toBeLessThanOrEqual(200);
  expect(message).not.toMatch(/\n/);
}

describe('scenario files under the strict grammar', () => {
  it('a "__proto__" key in a throw is malformed, not silently dropped', () => {
    rejected(
      doc('{"tile":"SW22","x":1,"y":0,"throws":[{"__proto__":[6],"red":[1]}]}'),
      /forbidden key "__proto__" at byte \d+ \(\$\.turns\[0\]\.throws\[0\]\)/,
    );
  });

  it('"rotation": null is not taken as 0; an absent rotation still is', () => {
    rejected(doc('{"tile":"SW22","x":1,"y":0,"rotation":null}'), /^turn 1: rotation must be 0, 1, 2 or 3 \(R4\.1\), got null$/);
    expect(parseScenario(doc('{"tile":"SW22","x":1,"y":0}')).turns[0]).toMatchObject({ rotation: 0 });
    expect(runScenarioText(doc(JSON.stringify(battleTurn))).events.some((e) => e.type === 'placed')).toBe(true);
  });

  it('an extra field inside "attack" is malformed', () => {
    rejected(
      doc('{"tile":"SW22","x":1,"y":0,"deploy":{"meeple":"small","attack":{"x":0,"y":1,"z":2}}}'),
      /^turn 1: deploy\.attack: unknown field "z"$/,
    );
  });

  it('a 1 MB tile id is not echoed whole', () => {
    rejected(
      doc(`{"tile":"${'S'.repeat(1_000_000)}","x":1,"y":0}`),
      /^not valid JSON of this format: string longer than 64 characters: "S{20}…" at byte 42 \(\$\.turns\[0\]\.tile\)$/,
    );
    rejected(doc(`{"tile":"${'S'.repeat(60)}","x":1,"y":0}`), /^turn 1: unknown tile "S{24}…" \(60 chars\) \(R1\.1\)$/);
  });

  it('duplicate keys, non-integers, invalid UTF-8 and over-size files are malformed', () => {
    rejected(doc('{"tile":"SW22","x":1,"x":2,"y":0}'), /duplicate key "x"/);
    rejected(doc('{"tile":"SW22","x":1.0,"y":0}'), /not an integer: "1\.0"/);
    rejected(doc('{"tile":"SW22","x":1,"y":-0}'), /not an integer: -0/);
    const bytes = new TextEncoder().encode(doc('{"tile":"SW22","x":1,"y":0}'));
    bytes[bytes.indexOf(0x53)] = 0xc3; // "S" of SW22 → a lead byte without its continuation
    rejected(bytes, /invalid UTF-8 at byte \d+/);
    rejected(`${doc('')}${' '.repeat(1024 * 1024)}`, /too large/);
    rejected(doc('{"tile":"SW22","x":100000,"y":0}'), /x and y must be integers from -1000 to 1000/);
  });
});
