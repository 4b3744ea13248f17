// What a seat's Ed25519 signature covers (P5.1), shared by the peers (src/net) and the
// offline verifier (src/fair/signatures.ts): one domain-separated text per use, each
// naming the game and the signed item's place (author seat, its sequence number, the log
// index it was written at, the author's state hash). Dependencies point one way: src/net
// imports this, never the reverse. Signatures are @noble/curves' Ed25519; no hand-written crypto.
import { ed25519 } from '@noble/curves/ed25519.js';
import { utf8ToBytes } from '@noble/hashes/utils.js';
import { canonicalJson } from '../engine/serialize';
import { fromHex, isHex } from './hex';
export { fingerprint } from './fingerprint';

/** The signed fields of one authored item (the wire's Item without its signature). */
export interface SignedFields { a: number; n: number; at: number; body: unknown; h: { turn: number; state: string } | null }

/** Domain-separated message: a tag per use, so a signature for one purpose is worthless for another. */
export function signingMessage(tag: string, body: string): Uint8Array {
  return utf8ToBytes(`carcassonne-sw/${tag}/v1\u0000${body}`);
}

/** The bytes an item's signature covers: the game, the author, its place in the author's sequence and in the log (P5.1). */
export function itemSigningText(game: string, item: SignedFields): string {
  return canonicalJson({ g: game, a: item.a, n: item.n, at: item.at, body: item.body, h: item.h });
}

/** The host's start record: the settings (log entry 0), who holds each seat with its public key, and the host. */
export function startSigningText(start: { settings: unknown; roster: unknown; host: string }): string {
  return canonicalJson({ settings: start.settings, roster: start.roster, host: start.host });
}

/** One Ed25519 check, no cache; false for anything malformed. */
export function verifyEd25519(publicKey: string, tag: string, body: string, signature: string): boolean {
  if (!isHex(publicKey, 32) || !isHex(signature, 64)) return false;
  try {
    return ed25519.verify(fromHex(signature, 64, 'signature'), signingMessage(tag, body), fromHex(publicKey, 32, 'public key'));
  } catch {
    return false;
  }
}
