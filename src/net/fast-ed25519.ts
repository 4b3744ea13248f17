// Ed25519 checks by the platform's WebCrypto where it has them (Chromium, Firefox, Safari and
// Node all do today), asynchronous and off the main thread, in front of the synchronous
// `@noble/curves` check (identity.ts). A fast check only ever says "valid": its "no" decides
// nothing, and the noble check then gives the verdict, so every peer's verdict is noble's
// whatever its platform (issue 19).
//
// Why a fast "valid" is a noble "valid" too: noble's strict check (zip215: false) asks for a
// canonical key that is not of small order, a canonical R, S below the group order, and the
// cofactored equation [8][S]B = [8]R + [8][k]A. Here the key and S are checked first, exactly
// as noble does (`strictKey`, `scalarBelowOrder`); WebCrypto (BoringSSL, OpenSSL, NSS) then
// checks the cofactorless equation [S]B = R + [k]A by comparing the encoding of the computed R
// with the signature's bytes, so R is canonical, and the cofactorless equation implies the
// cofactored one. The other way round does not hold: a signature whose R carries a small-order
// component satisfies the cofactored equation only, so WebCrypto refuses what noble accepts;
// that is why a fast "no" falls back to noble instead of being the verdict.
import { ed25519 } from '@noble/curves/ed25519.js';
import { toHex } from '../fair/hex';

/** Checks that may only confirm: true means the signature is valid; false means "ask noble". */
export interface FastVerifier {
  readonly name: string;
  verify(signature: Uint8Array, message: Uint8Array, publicKey: Uint8Array): Promise<boolean>;
}

/** The order of the Ed25519 group. */
const L = (1n << 252n) + 27742317777372353535851937790883648493n;

/** Whether the signature's S (its last 32 bytes, little-endian) is below the group order. */
export function scalarBelowOrder(signature: Uint8Array): boolean {
  if (signature.length !== 64) return false;
  let s = 0n;
  for (let i = 63; i >= 32; i--) s = (s << 8n) | BigInt(signature[i]);
  return s < L;
}

const MAX_KEYS = 64;
const strictKeys = new Map<string, boolean>();

/** Whether noble's strict check takes `publicKey` at all: a canonical encoding of a point not of small order (cached). */
export function strictKey(publicKey: Uint8Array): boolean {
  if (publicKey.length !== 32) return false;
  const k = toHex(publicKey);
  let ok = strictKeys.get(k);
  if (ok === undefined) {
    try {
      ok = !ed25519.Point.fromBytes(publicKey, false).isSmallOrder();
    } catch {
      ok = false;
    }
    if (strictKeys.size >= MAX_KEYS) strictKeys.delete(strictKeys.keys().next().value!);
    strictKeys.set(k, ok);
  }
  return ok;
}

/** RFC 8032 §7.1, test 1 (the empty message): the probe that the platform's Ed25519 answers right both ways. */
const PROBE = {
  publicKey: 'd75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a',
  signature:
    'e5564300c360ac729086e2cc806e828a84877f1eb8e5d974d873e065224901555fb8821590a33bacc61e39701cf9b46bd25bf5f0595bbe24655141438e7a100b',
};

/** A copy on a plain ArrayBuffer (WebCrypto's BufferSource). */
const own = (b: Uint8Array): Uint8Array<ArrayBuffer> => new Uint8Array(b);

const bytes = (hex: string) => Uint8Array.from({ length: hex.length / 2 }, (_, i) => Number.parseInt(hex.slice(2 * i, 2 * i + 2), 16));

/**
 * The platform's WebCrypto Ed25519 as a FastVerifier, or null where it has none (or answers
 * the RFC 8032 probe wrong either way). Imported keys are kept for a few seats.
 */
export async function webCryptoEd25519(subtle: SubtleCrypto | null = globalThis.crypto?.subtle ?? null): Promise<FastVerifier | null> {
  if (!subtle) return null;
  const keys = new Map<string, Promise<CryptoKey>>();
  const keyOf = (publicKey: Uint8Array) => {
    const k = toHex(publicKey);
    let key = keys.get(k);
    if (!key) {
      key = subtle.importKey('raw', own(publicKey), { name: 'Ed25519' }, false, ['verify']);
      if (keys.size >= MAX_KEYS) keys.delete(keys.keys().next().value!);
      keys.set(k, key);
    }
    return key;
  };
  const raw = async (signature: Uint8Array, message: Uint8Array, publicKey: Uint8Array) =>
    subtle.verify({ name: 'Ed25519' }, await keyOf(publicKey), own(signature), own(message));
  try {
    const [pk, sig] = [bytes(PROBE.publicKey), bytes(PROBE.signature)];
    const flipped = sig.slice();
    flipped[0] ^= 1;
    if (!(await raw(sig, new Uint8Array(0), pk)) || (await raw(flipped, new Uint8Array(0), pk))) return null;
  } catch {
    return null;
  }
  return {
    name: 'WebCrypto',
    async verify(signature, message, publicKey) {
      if (!scalarBelowOrder(signature) || !strictKey(publicKey)) return false;
      try {
        return await raw(signature, message, publicKey);
      } catch {
        return false;
      }
    },
  };
}
