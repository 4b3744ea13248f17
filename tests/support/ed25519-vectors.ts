// Ed25519 inputs every checking path must judge as `@noble/curves` (zip215: false) does: honest
// signatures, forged ones (flipped bits, another message, another key), S at or past the group
// order, keys that are of small order, encoded non-canonically or no point at all, and a
// signature whose R carries a small-order component, which the strict cofactored check
// accepts and a cofactorless one (OpenSSL, BoringSSL) refuses. Used by the Node tests of the
// fast and native backends and, built into a page, by the Chromium check (tests/e2e/ed25519.mjs).
import { ed25519 } from '@noble/curves/ed25519.js';
import { sha512 } from '@noble/hashes/sha2.js';
import { seededBytes } from '../../src/sim/mesh-sim';

export interface Ed25519Vector {
  what: string;
  signature: Uint8Array;
  message: Uint8Array;
  publicKey: Uint8Array;
}

const P = (1n << 255n) - 19n;
const L = (1n << 252n) + 27742317777372353535851937790883648493n;
const le = (b: Uint8Array) => b.reduceRight((acc, x) => (acc << 8n) | BigInt(x), 0n);
const toLe = (n: bigint, len: number) => Uint8Array.from({ length: len }, (_, i) => Number((n >> BigInt(8 * i)) & 0xffn));
const hex = (h: string) => Uint8Array.from({ length: h.length / 2 }, (_, i) => Number.parseInt(h.slice(2 * i, 2 * i + 2), 16));

/** Encodings of small-order points: the identity, the point of order 2, and two of order 8. */
const SMALL_ORDER = [
  '0100000000000000000000000000000000000000000000000000000000000000',
  'ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f',
  '26e8958fc2b227b045c3f489f2ef98f0d5dfac05d3c63339b13802886d53fc05',
  'c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac037a',
].map(hex);

/** A point of order 8 (the torsion a mixed-order R carries). */
const T8 = ed25519.Point.fromBytes(SMALL_ORDER[2], true);

const onCurve = (y: bigint) => {
  try {
    return !ed25519.Point.fromBytes(toLe(y, 32), false).isSmallOrder();
  } catch {
    return false;
  }
};

/** A y below 19 on the curve (a point not of small order): its encoding plus p is the same point, encoded non-canonically. */
function nonCanonical(): Uint8Array {
  for (let y = 2n; y < 19n; y++) if (onCurve(y)) return toLe(y + P, 32);
  throw new Error('no small y on the curve');
}

/** The encoding of a y for which no x is on the curve. */
function noPoint(): Uint8Array {
  for (let y = 2n; ; y++) {
    try {
      ed25519.Point.fromBytes(toLe(y, 32), false);
    } catch {
      return toLe(y, 32);
    }
  }
}

/** A signature valid under the cofactored equation only: R = rB + T (T of order 8), S = r + k·a. */
function mixedOrderR(sk: Uint8Array, message: Uint8Array): Uint8Array {
  const { scalar, pointBytes } = ed25519.utils.getExtendedPublicKey(sk);
  const r = (le(seededBytes(7, 'torsion r')) % (L - 1n)) + 1n;
  const R = ed25519.Point.BASE.multiply(r).add(T8).toBytes();
  const k = le(sha512(Uint8Array.of(...R, ...pointBytes, ...message))) % L;
  return Uint8Array.of(...R, ...toLe((r + k * scalar) % L, 32));
}

export function ed25519Vectors(count = 12): Ed25519Vector[] {
  const out: Ed25519Vector[] = [];
  const keys = Array.from({ length: count }, (_, i) => {
    const sk = seededBytes(i, 'vector key');
    return { sk, pk: ed25519.getPublicKey(sk) };
  });
  for (const [i, { sk, pk }] of keys.entries()) {
    const message = seededBytes(i, 'vector message').subarray(0, (i * 7) % 33);
    const signature = ed25519.sign(message, sk);
    out.push({ what: 'honest', signature, message, publicKey: pk });
    const flip = signature.slice();
    flip[(i * 5) % 64] ^= 1 << (i % 8);
    out.push({ what: 'flipped bit', signature: flip, message, publicKey: pk });
    out.push({ what: 'other message', signature, message: Uint8Array.of(...message, 1), publicKey: pk });
    out.push({ what: 'other key', signature, message, publicKey: keys[(i + 1) % count].pk });
    const s = le(signature.subarray(32));
    out.push({ what: 'S + L', signature: Uint8Array.of(...signature.subarray(0, 32), ...toLe(s + L, 32)), message, publicKey: pk });
    out.push({ what: 'R with a small-order component', signature: mixedOrderR(sk, message), message, publicKey: pk });
  }
  const message = new TextEncoder().encode('carcassonne');
  for (const key of SMALL_ORDER) {
    // With a small-order key, R = the identity and S = 0 satisfy the equation for any message.
    out.push({ what: 'small-order key', signature: Uint8Array.of(...SMALL_ORDER[0], ...new Uint8Array(32)), message, publicKey: key });
  }
  out.push({ what: 'key encoded non-canonically', signature: ed25519.sign(message, keys[0].sk), message, publicKey: nonCanonical() });
  out.push({ what: 'key that is no point', signature: ed25519.sign(message, keys[0].sk), message, publicKey: noPoint() });
  return out;
}
