// The Node backend (src/cli/native-ed25519.ts) against noble's (src/fair/signing.ts): the
// same public keys and signature bytes, and the same verdict on every kind of bad signature
// a lying peer can send, so a simulation run on either produces the same logs.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ed25519 } from '@noble/curves/ed25519.js';
import { nativeEd25519 } from '../../src/cli/native-ed25519';
import { nobleEd25519 } from '../../src/fair/signing';
import { seededBytes } from '../../src/sim/mesh-sim';
import { hasPython311, skipWithout } from '../support/needs-tool';

const P = (1n << 255n) - 19n;
const L = (1n << 252n) + 27742317777372353535851937790883648493n;
const le = (b: Uint8Array) => b.reduceRight((acc, x) => (acc << 8n) | BigInt(x), 0n);
const toLe = (n: bigint, len: number) => Uint8Array.from({ length: len }, (_, i) => Number((n >> BigInt(8 * i)) & 0xffn));

describe("the Node Ed25519 backend gives noble's bytes and verdicts", () => {
  const cases = Array.from({ length: 40 }, (_, i) => {
    const sk = seededBytes(i, 'native-ed25519 key');
    const msg = seededBytes(i, 'message').subarray(0, i % 33);
    return { sk, msg, pk: nobleEd25519.publicKey(sk), sig: nobleEd25519.sign(msg, sk) };
  });

  it('derives the same public keys and the same (deterministic) signatures', () => {
    for (const c of cases) {
      expect(nativeEd25519.publicKey(c.sk)).toEqual(c.pk);
      expect(nativeEd25519.sign(c.msg, c.sk)).toEqual(c.sig);
      expect(nativeEd25519.verify(c.sig, c.msg, c.pk)).toBe(true);
    }
  });

  it('rejects what noble rejects: flipped bits, wrong key or message, S ≥ L, bad lengths, keys that are no point', () => {
    const bad: [Uint8Array, Uint8Array, Uint8Array, string][] = [];
    for (const [i, c] of cases.entries()) {
      const flip = c.sig.slice();
      flip[i % 64] ^= 1 << (i % 8);
      bad.push([flip, c.msg, c.pk, 'flipped bit']);
      bad.push([c.sig, Uint8Array.of(...c.msg, 0), c.pk, 'other message']);
      bad.push([c.sig, c.msg, cases[(i + 1) % cases.length].pk, 'other key']);
      // The same R with S + L: the same point equation, but a non-canonical S.
      const s = le(c.sig.subarray(32)) + L;
      if (s < 1n << 256n) bad.push([Uint8Array.of(...c.sig.subarray(0, 32), ...toLe(s, 32)), c.msg, c.pk, 'S + L']);
      bad.push([c.sig.subarray(0, 63), c.msg, c.pk, 'short signature']);
      bad.push([c.sig, c.msg, c.pk.subarray(0, 31), 'short key']);
    }
    // Keys that decode to no curve point, and the all-zero signature.
    for (let y = 2; y < 40; y++) {
      const pk = toLe(BigInt(y), 32);
      let onCurve = true;
      try {
        ed25519.Point.fromBytes(pk);
      } catch {
        onCurve = false;
      }
      if (!onCurve) bad.push([cases[0].sig, cases[0].msg, pk, `y = ${y}, not on the curve`]);
    }
    bad.push([new Uint8Array(64), cases[0].msg, cases[0].pk, 'zero signature']);
    expect(bad.length).toBeGreaterThan(200);
    for (const [sig, msg, pk, what] of bad) {
      expect(nobleEd25519.verify(sig, msg, pk), `noble, ${what}`).toBe(false);
      expect(nativeEd25519.verify(sig, msg, pk), `node, ${what}`).toBe(false);
    }
  });
});

describe('crafted keys and points: noble, Node and tools/verify.py all refuse them (strict RFC 8032, no small-order key)', () => {
  const hex = (b: Uint8Array) => Buffer.from(b).toString('hex');
  const identity = toLe(1n, 32); // the neutral point (0, 1), of order 1
  const zeroS = new Uint8Array(32);
  const msg = Uint8Array.of(1, 2, 3);
  // With the neutral point as the key and as R, S = 0 satisfies the equation for every message.
  const cases: [string, Uint8Array, Uint8Array][] = [
    ['a small-order key (anyone could sign for it)', Uint8Array.of(...identity, ...zeroS), identity],
    ['a key encoded with y ≥ p', Uint8Array.of(...identity, ...zeroS), toLe(1n + P, 32)],
    ['R encoded with y ≥ p', Uint8Array.of(...toLe(1n + P, 32), ...zeroS), identity],
  ];
  it('each backend says no', () => {
    for (const [what, sig, pk] of cases) {
      expect(nobleEd25519.verify(sig, msg, pk), `noble: ${what}`).toBe(false);
      expect(nativeEd25519.verify(sig, msg, pk), `node: ${what}`).toBe(false);
    }
  });
  const skipPython = skipWithout('python3 ≥ 3.11', hasPython311, "tools/verify.py's Ed25519 on the edge cases");
  it.skipIf(skipPython)('tools/verify.py says no too, and yes to an honest signature', () => {
    const c = { sk: seededBytes(1, 'native-ed25519 key') };
    const pk = nobleEd25519.publicKey(c.sk);
    const good = nobleEd25519.sign(msg, c.sk);
    const all = [...cases, ['an honest signature', good, pk] as [string, Uint8Array, Uint8Array]];
    const code =
      `import sys; sys.path.insert(0, ${JSON.stringify(join(__dirname, '../../tools'))}); import verify as v\n` +
      all.map(([, sig, k]) => `print(v.ed_verify('${hex(k)}', bytes([1, 2, 3]), '${hex(sig)}'))`).join('\n');
    const r = spawnSync('python3', ['-c', code], { encoding: 'utf8' });
    expect(r.stderr).toBe('');
    expect(r.stdout.trim().split('\n')).toEqual(['False', 'False', 'False', 'True']);
  });
});
