// The one strict JSON grammar (src/fair/strict-json.ts): what it accepts, what it rejects,
// and that every rejection is one short line naming where.
import { describe, expect, it } from 'vitest';
import { MAX_ERROR_CHARS, StrictJsonError, parseStrictJson, quote, utf8Length, type JsonValue } from '../../src/fair/strict-json';

const OPTS = { maxBytes: 1 << 20, maxDepth: 16 };
const parse = (input: string | Uint8Array, opts: Partial<typeof OPTS> & { maxStringChars?: number; maxItems?: number } = {}) =>
  parseStrictJson(input, { ...OPTS, ...opts });

function rejects(input: string | Uint8Array, pattern: RegExp, opts: Parameters<typeof parse>[1] = {}): StrictJsonError {
  let caught: unknown;
  try {
    parse(input, opts);
  } catch (e) {
    caught = e;
  }
  expect(caught, `expected ${typeof input === 'string' ? JSON.stringify(input.slice(0, 60)) : 'bytes'} to be rejected`).toBeInstanceOf(
    StrictJsonError,
  );
  const err = caught as StrictJsonError;
  expect(err.message).toMatch(pattern);
  expect(err.message.length).toBeLessThanOrEqual(MAX_ERROR_CHARS);
  expect(err.message).not.toMatch(/\n/);
  return err;
}

describe('strict JSON: accepted documents', () => {
  it('parses what JSON.parse parses when it is within the grammar, with equal results', () => {
    const docs = [
      '{"a":1,"b":[true,false,null],"c":"x\\u00e9\\n\\"\\\\\\/","d":{"e":-12}}',
      '[]',
      '{}',
      '0',
      '-7',
      '"\\ud83d\\ude00"',
      ' \t\r\n[ 1 , 2 ]\n',
      '9007199254740991',
      '-9007199254740991',
      '"žluťoučký kůň 🐎"',
    ];
    for (const d of docs) expect(JSON.stringify(parse(d))).toBe(JSON.stringify(JSON.parse(d)));
  });

  it('returns objects with a null prototype', () => {
    const v = parse('{"a":{"b":1}}') as Record<string, JsonValue>;
    expect(Object.getPrototypeOf(v)).toBeNull();
    expect(Object.getPrototypeOf(v.a)).toBeNull();
    expect('toString' in v).toBe(false);
  });

  it('reads bytes as UTF-8', () => {
    expect(parse(new TextEncoder().encode('{"k":"čau 🐎"}'))).toEqual(Object.assign(Object.create(null), { k: 'čau 🐎' }));
  });
});

describe('strict JSON: malformed documents (one line each, naming the place)', () => {
  it('rejects duplicate keys instead of letting the last one win', () => {
    const e = rejects('{"entries":[{"k":"a","k":"b"}]}', /duplicate key "k" at byte 21 \(\$\.entries\[0\]\)/);
    expect(e.offset).toBe(21);
    expect(e.path).toBe('$.entries[0]');
  });

  it('rejects prototype keys', () => {
    for (const k of ['__proto__', 'constructor', 'prototype']) rejects(`{"x":{"${k}":{"a":1}}}`, new RegExp(`forbidden key "${k}"`));
    rejects('{"\\u005f_proto__":1}', /forbidden key "__proto__"/); // escaped spelling too
  });

  it('rejects numbers that are not plain safe integers', () => {
    for (const n of ['1.0', '4.096e3', '1e2', '1E2', '0.5', '-0.0', '2e-1']) rejects(`{"n":${n}}`, /not an integer/);
    rejects('{"n":-0}', /not an integer: -0/);
    rejects('[01]', /leading zero/);
    rejects('[9007199254740992]', /out of range/);
    rejects(`[${'9'.repeat(400)}]`, /out of range: "9{20}…" \(400 chars\)/);
    rejects('[+1]', /unexpected character "\+"/);
    rejects('[-]', /invalid number/);
    rejects('[NaN]', /unexpected character "N"/);
    rejects('[Infinity]', /unexpected character "I"/);
  });

  it('rejects invalid UTF-8, a byte order mark and lone surrogates', () => {
    rejects(new Uint8Array([0x7b, 0x22, 0x6b, 0x22, 0x3a, 0x22, 0xff, 0x22, 0x7d]), /invalid UTF-8 at byte 6/);
    rejects(new Uint8Array([0x22, 0xc0, 0xaf, 0x22]), /invalid UTF-8 at byte 1/); // overlong "/"
    rejects(new Uint8Array([0x22, 0xed, 0xa0, 0x80, 0x22]), /invalid UTF-8 at byte 1/); // encoded surrogate
    rejects(new Uint8Array([0x22, 0xe2, 0x82]), /invalid UTF-8 at byte 1/); // truncated
    rejects(new Uint8Array([0xef, 0xbb, 0xbf, 0x7b, 0x7d]), /byte order mark/);
    rejects('\ufeff{}', /byte order mark/);
    rejects('["\\ud800"]', /lone surrogate/);
    rejects('["\\udc00"]', /lone surrogate/);
    rejects('["\\ud800\\u0041"]', /lone surrogate/);
    rejects('["\ud800"]', /lone surrogate/);
    rejects('["a\udc00"]', /lone surrogate/);
  });

  it('rejects trailing garbage, comments, trailing commas, single quotes and raw control characters', () => {
    rejects('{} x', /trailing characters/);
    rejects('{}{}', /trailing characters/);
    rejects('[1,]', /unexpected character "\]": expected a value/);
    rejects('{"a":1,}', /expected a key/);
    rejects("{'a':1}", /expected a key/);
    rejects('[1] // c', /trailing characters/);
    rejects('["a\tb"]', /control character U\+0009/);
    rejects('["\\x41"]', /invalid escape/);
    rejects('["\\u12G4"]', /invalid \\u escape/);
    rejects('', /empty document/);
    rejects('   ', /empty document/);
    rejects('[1', /unexpected end of input/);
    rejects('{"a"', /expected ":"/);
    rejects('"abc', /unterminated string/);
    rejects('tru', /unexpected "tru"/);
  });

  it('enforces the size, depth, string and item limits', () => {
    rejects('[1,2,3]', /too large: more than 6 bytes/, { maxBytes: 6 });
    rejects('"ééé"', /too large: 8 bytes, at most 7/, { maxBytes: 7 }); // 5 units, 8 bytes
    rejects('x'.repeat(100), /too large: more than 10 bytes/, { maxBytes: 10 });
    rejects(new Uint8Array(11), /too large: 11 bytes, at most 10/, { maxBytes: 10 });
    expect(parse('[[[1]]]', { maxDepth: 3 })).toEqual([[[1]]]);
    rejects('[[[[1]]]]', /nested deeper than 3 levels at byte 3/, { maxDepth: 3 });
    rejects(`${'['.repeat(100_000)}${']'.repeat(100_000)}`, /nested deeper than 16/);
    expect(parse('"abcd"', { maxStringChars: 4 })).toBe('abcd');
    rejects('"abcde"', /string longer than 4 characters/, { maxStringChars: 4 });
    rejects('{"abcde":1}', /string longer than 4 characters/, { maxStringChars: 4 });
    expect(parse('[1,2,3]', { maxItems: 3 })).toEqual([1, 2, 3]);
    rejects('[1,2,3,4]', /more than 3 elements/, { maxItems: 3 });
    rejects('{"a":1,"b":2,"c":3,"d":4}', /more than 3 members/, { maxItems: 3 });
  });

  it('quotes at most a short prefix of a huge bad value, so the error stays one short line', () => {
    const big = 'A'.repeat(5_000_000);
    const e = rejects(`{"${big}":1,"${big}":2}`, /duplicate key "A{40}…" \(5000000 chars\)/, { maxBytes: 1 << 24 });
    expect(e.message.length).toBeLessThan(120);
    const path = rejects(`{"${'k'.repeat(10_000)}":[{"a":1.5}]}`, /not an integer: "1\.5"/);
    expect(path.path.length).toBeLessThanOrEqual(60);
  });

  it('names byte offsets, not UTF-16 offsets', () => {
    const e = rejects('{"é🐎":1.5}', /at byte 10/); // { " é(2) 🐎(4) " : → 1.5 starts at byte 10
    expect(e.offset).toBe(utf8Length('{"é🐎":'));
  });
});

describe('quote', () => {
  it('shows short values whole and cuts long ones to a prefix with their length', () => {
    expect(quote('SW22')).toBe('"SW22"');
    expect(quote('x'.repeat(50), 10)).toBe('"xxxxxxxxxx…" (50 chars)');
    expect(quote('a\nb')).toBe('"a\\nb"');
    expect(quote(12)).toBe('12');
    expect(quote(null)).toBe('null');
    expect(quote(undefined)).toBe('nothing');
    expect(quote([1, 2, 3])).toBe('a list of 3');
    expect(quote({ a: 1 })).toBe('an object');
    // never splits a surrogate pair
    expect(quote('a🐎b', 2)).toBe('"a…" (4 chars)');
  });
});
