// Event seeds and unbiased values (P2.4), determinism of src/fair (P1.1).
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultOptions, type Participant } from '../../src/engine';
import { deriveDrawIndex, deriveSeating, deriveThrow, eventSeed, HashChain, RandomStream } from '../../src/fair';
import { toHex } from '../../src/fair/hex';

const chains = [0x11, 0x22, 0x33].map((b) => new HashChain(new Uint8Array(32).fill(b), 16));
const seedOf = (e: number) =>
  eventSeed(
    'golden-game',
    e,
    chains.map((c) => c.reveal(e)),
  );
const participant = (id: number, dice: number, yellow: boolean): Participant => ({
  id,
  seats: [id],
  dice,
  yellow,
  lightsaber: false,
  symbol: false,
});
const THROWERS = [participant(0, 3, false), participant(2, 2, true)];

describe('golden vectors: fixed secrets give fixed draws and dice (P2.4)', () => {
  // Any change here is a change of the derivation and must be deliberate (docs/fairness.md).
  it('commitments of three chains of length 16 (P2.1)', () => {
    expect(chains.map((c) => toHex(c.commitment))).toEqual([
      'bb3be463d5e68c4641bdf3b1d410e92417693bc7cd4d0863d60ef1c7c2bf853f',
      '8790de558c396160a46e3352ec7d30b828a592a667ff32ba64afbe30c97636b8',
      'ffcf75f1c0767000c54f3305a09877f2d9f7b1feddd0c3951362904fa3e5d37b',
    ]);
  });

  it('seeds, draw indices and throws of events 0, 1, 2 and 7 (R2.2, R6.9)', () => {
    const golden: [number, string, number, number, number[][]][] = [
      [
        0,
        'd9dc35b07288f317415ee322d9b5b6f02c2ee5ab52c980981c4454a8841610b4',
        64,
        0,
        [
          [3, 1, 1],
          [3, 8],
        ],
      ],
      [
        1,
        'd2b6c5a13bbbfba3d7323b69cab6065796129d897772d1fa8ff0862b2ef25a3b',
        26,
        3,
        [
          [2, 5, 5],
          [2, 7],
        ],
      ],
      [
        2,
        '3147f5e5c93e76eed5638844dcfa00ee50f7caf6fc7d29bf2134ae09a6361600',
        6,
        54,
        [
          [5, 4, 2],
          [5, 3],
        ],
      ],
      [
        7,
        '77dcb6190e28f459434c07f122d0da765fcf3a39b4494e2cbbbfaea957adb8fc',
        6,
        6,
        [
          [1, 6, 4],
          [1, 4],
        ],
      ],
    ];
    for (const [e, seed, draw71, draw94, dice] of golden) {
      expect(toHex(seedOf(e))).toBe(seed);
      expect(deriveDrawIndex(seedOf(e), 71)).toBe(draw71);
      expect(deriveDrawIndex(seedOf(e), 94)).toBe(draw94);
      expect(deriveThrow(seedOf(e), THROWERS)).toEqual(dice); // the yellow die is the second participant's last value
    }
  });

  it('the first 20 d6 indices of event 0 and the R2.3 seat shuffles', () => {
    const s = new RandomStream(seedOf(0));
    expect(Array.from({ length: 20 }, () => s.uniform(6)).join(',')).toBe('2,0,0,2,5,3,2,1,0,5,5,0,3,5,3,3,0,4,3,0');
    expect(deriveSeating(seedOf(0), ['red', 'black', 'green'], defaultOptions())).toEqual(['black', 'red', 'green']);
    const teams = { ...defaultOptions(), teams: true };
    expect(deriveSeating(seedOf(0), ['red', 'green', 'black', 'white'], teams)).toEqual(['white', 'red', 'black', 'green']); // R9.1 alternation kept
  });

  it('matches an independent implementation of the documented derivation (node:crypto)', () => {
    // docs/fairness.md, written out again from the text rather than from the module.
    const sha = (...parts: Uint8Array[]) => new Uint8Array(createHash('sha256').update(Buffer.concat(parts)).digest());
    const be32 = (n: number) => new Uint8Array([n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255]);
    for (const e of [0, 3, 9, 15]) {
      const id = Buffer.from('golden-game', 'ascii');
      const seed = sha(
        Buffer.from('carcassonne-star-wars/fair/v1/event\0', 'ascii'),
        new Uint8Array([id.length]),
        id,
        be32(e),
        ...chains.map((c) => c.reveal(e)),
      );
      expect(toHex(seed)).toBe(toHex(seedOf(e)));
      const bytes: number[] = [];
      for (let j = 0; j < 4; j++) bytes.push(...sha(seed, be32(j)));
      const values: number[] = [];
      for (const b of bytes) if (b < 252 && values.length < 5) values.push(b % 6); // 252 = 256 − 256 mod 6
      const dice = deriveThrow(seedOf(e), [participant(0, 3, false), participant(1, 2, true)]);
      expect(dice).toEqual([
        [1 + values[0], 1 + values[1], 1 + values[2]],
        [1 + values[3], 3 + values[4]],
      ]);
      const draw: number[] = [];
      for (const b of bytes) if (b < 213 && draw.length < 1) draw.push(b % 71); // 213 = 256 − 256 mod 71
      expect(deriveDrawIndex(seedOf(e), 71)).toBe(draw[0]);
    }
  });
});

describe('unbiased sampling (P2.4)', () => {
  const chiSquare = (counts: number[]) => {
    const total = counts.reduce((a, b) => a + b, 0);
    const expected = total / counts.length;
    return counts.reduce((s, o) => s + (o - expected) ** 2 / expected, 0);
  };
  // Chi-square critical value for 5 degrees of freedom at p = 0.001.
  const CRITICAL_5DF_P001 = 20.515;

  it('600,000 derived d6 values: every face within 5 sigma, chi-square below the 0.1% critical value', () => {
    const counts = [0, 0, 0, 0, 0, 0];
    const naive = [0, 0, 0, 0, 0, 0]; // control: the biased `byte % 6`, to show the test can fail
    const N = 600_000;
    let made = 0;
    for (let e = 0; made < N; e++) {
      const seed = eventSeed('uniformity', e, [new Uint8Array(32).fill(e & 255)]);
      const stream = new RandomStream(seed);
      for (let k = 0; k < 3000 && made < N; k++, made++) counts[stream.uniform(6)]++;
      const raw = new RandomStream(seed);
      for (let k = 0; k < 3000; k++) naive[raw.uniform(256) % 6]++;
    }
    const p = 1 / 6;
    const sigma = Math.sqrt(N * p * (1 - p));
    for (const c of counts) expect(Math.abs(c - N * p)).toBeLessThan(5 * sigma);
    expect(chiSquare(counts)).toBeLessThan(CRITICAL_5DF_P001);
    expect(chiSquare(naive)).toBeGreaterThan(CRITICAL_5DF_P001); // modulo bias is visible at this sample size
  });

  it('yellow dice (3–8) and draws over 71 tiles are uniform too', () => {
    const yellow = [0, 0, 0, 0, 0, 0];
    for (let e = 0; e < 20_000; e++) {
      const [[, y]] = deriveThrow(eventSeed('yellow', e, [new Uint8Array(32)]), [participant(0, 2, true)]);
      yellow[y - 3]++;
    }
    expect(chiSquare(yellow)).toBeLessThan(CRITICAL_5DF_P001);
    const draws = new Array<number>(71).fill(0);
    const stream = new RandomStream(eventSeed('draws', 0, [new Uint8Array(32)]));
    for (let k = 0; k < 142_000; k++) draws[stream.uniform(71)]++;
    expect(chiSquare(draws)).toBeLessThan(124.8); // 70 df, p = 0.0001
  });

  it('src/fair applies % only after rejection, and uses no clock or Math.random (P1.1, P2.4)', () => {
    const dir = join(__dirname, '../../src/fair');
    const modulo: string[] = [];
    for (const name of readdirSync(dir).filter((n) => n.endsWith('.ts'))) {
      const code = readFileSync(join(dir, name), 'utf8')
        .replace(/\/\*[\s\S]*?\*\//g, '')
        .split('\n')
        .map((l) => l.replace(/\/\/.*$/, '').replace(/'(?:[^'\\]|\\.)*'|`(?:[^`\\]|\\.)*`/g, "''"));
      code.forEach((line) => {
        if (/[^%]%[^%]/.test(line)) modulo.push(`${name}: ${line.trim()}`);
        expect(line, `${name}: ${line}`).not.toMatch(/Math\.random|Date\.now|performance\.now|new Date\(/);
      });
    }
    // The only remainders: the rejection limit and the value kept after rejection.
    expect(modulo).toEqual(['derive.ts: const limit = span - (span % n);', 'derive.ts: if (v < limit) return v % n;']);
    const derive = readFileSync(join(dir, 'derive.ts'), 'utf8');
    expect(derive).toMatch(/for \(;;\) \{\s+let v = 0;[\s\S]*?if \(v < limit\) return v % n;/); // inside the rejection loop
  });
});
