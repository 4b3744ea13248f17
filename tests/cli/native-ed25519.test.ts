// The Node backend (src/cli/native-ed25519.ts) against noble's (src/fair/signing.ts): the
// same public keys and signature bytes, and the same verdict on every kind of bad signature
// a lying peer can send, so a simulation run on either produces the same logs.
import { describe, expect, it } from 'vitest';
import { ed25519 } from '@noble/curves/ed25519.js';
import { nativeEd25519 } from '../../src/cli/native-ed25519';
import { nobleEd25519 } from '../../src/fair/signing';
import { seededBytes } from '../../src/net/mesh-sim';

const L = (1n << 252n) + 27742317777372353535851937790883648493n;
const le = (b: Uint8Array) => b.reduceRight((acc, x) => (acc << 8n) | BigInt(x), 0n);
const toLe = (n: bigint, len: number) => Uint8Array.from({ length: len }, (_, i) => Number((n >> BigInt(8 * i)) & 0xffn));

describe('the Node Ed25519 backend gives noble\'s bytes and verdicts', () => {
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
