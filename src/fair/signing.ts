// What a seat's Ed25519 signature covers (P5.1), shared by the peers (src/net) and the
// offline verifier (src/fair/signatures.ts): one domain-separated text per use, each
// naming the game and the signed item's place (author seat, its sequence number, the log
// index it was written at, the author's state hash). Dependencies point one way: src/net
// imports this, never the reverse. Signatures are @noble/curves' Ed25519; no hand-written crypto.
// The curve arithmetic sits behind one small backend: the page and every test use noble's;
// a Node process may swap in Node's built-in Ed25519 (src/cli/native-ed25519.ts), which
// gives the same bytes (Ed25519 signing is deterministic) at a twentieth of the cost.
import { ed25519 } from '@noble/curves/ed25519.js';
import { utf8ToBytes } from '@noble/hashes/utils.js';
import { canonicalJson } from '../engine/serialize';
import { fromHex, isHex } from './hex';
export { fingerprint } from './fingerprint';

/** The signed fields of one authored item (the wire's Item without its signature). */
export interface SignedFields {
  a: number;
  n: number;
  at: number;
  body: unknown;
  h: { turn: number; state: string } | null;
  /** The hash of the log prefix the item extends (wire version 2, log version 4); absent in version-3 replays. */
  p?: string | null;
  /** A move's time-bank claim (wire version 7, log version 5, src/fair/time-bank.ts), else null; absent before version 5. */
  w?: readonly number[] | null;
}

/** Domain-separated message: a tag per use, so a signature for one purpose is worthless for another. */
export function signingMessage(tag: string, body: string): Uint8Array {
  return utf8ToBytes(`carcassonne-sw/${tag}/v1\u0000${body}`);
}

/** The bytes an item's signature covers: the game, the author, its place in the author's sequence and in the log (P5.1). */
export function itemSigningText(game: string, item: SignedFields): string {
  // An absent p or w is left out (canonicalJson drops undefined fields): older replays' bytes are unchanged.
  return canonicalJson({ g: game, a: item.a, n: item.n, at: item.at, body: item.body, h: item.h, p: item.p, w: item.w });
}

/** The host's start record: the settings (log entry 0), who holds each seat with its public key, and the host. */
export function startSigningText(start: { settings: unknown; roster: unknown; host: string }): string {
  return canonicalJson({ settings: start.settings, roster: start.roster, host: start.host });
}

/** The Ed25519 arithmetic: key derivation, signing, checking (false for anything malformed, never a throw). */
export interface Ed25519Backend {
  readonly name: string;
  publicKey(secretKey: Uint8Array): Uint8Array;
  sign(message: Uint8Array, secretKey: Uint8Array): Uint8Array;
  verify(signature: Uint8Array, message: Uint8Array, publicKey: Uint8Array): boolean;
}

/**
 * Checks are strict RFC 8032 / FIPS 186-5 (noble's zip215: false): canonical encodings of
 * the key and of R, S below the group order, and no small-order public key (a key for which
 * anyone could sign). tools/verify.py checks the same (docs/fairness.md §6b).
 */
export const nobleEd25519: Ed25519Backend = {
  name: '@noble/curves',
  publicKey: (sk) => ed25519.getPublicKey(sk),
  sign: (m, sk) => ed25519.sign(m, sk),
  verify: (sig, m, pk) => {
    try {
      return ed25519.verify(sig, m, pk, { zip215: false });
    } catch {
      return false;
    }
  },
};

let backend: Ed25519Backend = nobleEd25519;

/** The backend in use (noble's unless a Node process chose another with useEd25519). */
export function ed25519Backend(): Ed25519Backend {
  return backend;
}

/** Swaps the backend for this process; the previous one is returned so that a test can put it back. */
export function useEd25519(b: Ed25519Backend): Ed25519Backend {
  const before = backend;
  backend = b;
  return before;
}

/** One Ed25519 check, no cache; false for anything malformed. */
export function verifyEd25519(publicKey: string, tag: string, body: string, signature: string): boolean {
  if (!isHex(publicKey, 32) || !isHex(signature, 64)) return false;
  return backend.verify(fromHex(signature, 64, 'signature'), signingMessage(tag, body), fromHex(publicKey, 32, 'public key'));
}
