// Node's built-in Ed25519 (OpenSSL) behind the signing backend of src/fair/signing.ts, for
// Node processes that sign and check tens of thousands of items (npm run chaos): about 20×
// cheaper than the pure-JavaScript curve. Ed25519 signing is deterministic (RFC 8032), so
// the bytes are the very ones noble gives; tests/cli/native-ed25519.test.ts holds both to
// that on honest, forged and malformed input. The page never loads this file.
import { createPrivateKey, createPublicKey, sign, verify, type KeyObject } from 'node:crypto';
import { ed25519 } from '@noble/curves/ed25519.js';
import { nobleEd25519, type Ed25519Backend } from '../fair/signing';

// The fixed DER wrappers of a raw 32-byte Ed25519 key (RFC 8410).
const PKCS8_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');
const SPKI_PREFIX = Buffer.from('302a300506032b6570032100', 'hex');

/** A few KeyObjects per process, the oldest forgotten first: a game has at most 6 seats and a host. */
class KeyCache<T> {
  private readonly map = new Map<string, T>();
  constructor(
    private readonly max: number,
    private readonly make: (raw: Uint8Array) => T,
  ) {}
  get(raw: Uint8Array): T {
    const k = Buffer.from(raw).toString('hex');
    let v = this.map.get(k);
    if (v === undefined) {
      v = this.make(raw);
      if (this.map.size >= this.max) this.map.delete(this.map.keys().next().value!);
      this.map.set(k, v);
    }
    return v;
  }
}

const secrets = new KeyCache<KeyObject>(64, (raw) =>
  createPrivateKey({ key: Buffer.concat([PKCS8_PREFIX, raw]), format: 'der', type: 'pkcs8' }),
);
// null: bytes that are no valid public key; every check against them fails. The key's own
// check (once per key) is noble's strict one, so both backends refuse the same keys:
// non-canonical encodings and small-order points, which OpenSSL would take.
const publics = new KeyCache<KeyObject | null>(256, (raw) => {
  try {
    if (ed25519.Point.fromBytes(raw, false).isSmallOrder()) return null;
    return createPublicKey({ key: Buffer.concat([SPKI_PREFIX, raw]), format: 'der', type: 'spki' });
  } catch {
    return null;
  }
});

function checkLength(b: Uint8Array, n: number, what: string): void {
  if (b.length !== n) throw new Error(`${what} must be ${n} bytes, got ${b.length}`);
}

export const nativeEd25519: Ed25519Backend = {
  name: 'node:crypto',
  publicKey(sk) {
    checkLength(sk, 32, 'secret key');
    return new Uint8Array(createPublicKey(secrets.get(sk)).export({ format: 'der', type: 'spki' }).subarray(SPKI_PREFIX.length));
  },
  sign(m, sk) {
    checkLength(sk, 32, 'secret key');
    return new Uint8Array(sign(null, m, secrets.get(sk)));
  },
  verify(sig, m, pk) {
    if (sig.length !== 64 || pk.length !== 32) return false;
    const key = publics.get(pk);
    if (!key) return false;
    try {
      if (verify(null, m, key, sig)) return true;
    } catch {
      // malformed for OpenSSL: noble's verdict below
    }
    // OpenSSL's "no" is not final: its check is cofactorless, so an R with a small-order
    // component that noble's strict cofactored check accepts is refused here (fast-ed25519.ts).
    return nobleEd25519.verify(sig, m, pk);
  },
};
