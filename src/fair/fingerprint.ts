// The short fingerprint of a seat's public key that players compare in the lobby and that
// the verifier prints per seat: the first 8 hex digits of SHA-256(public key), in two
// groups. Apart from the signature code so that the page can show it without loading it.
import { sha256 } from '@noble/hashes/sha2.js';
import { fromHex, toHex } from './hex';

export function fingerprint(publicKey: string): string {
  const h = toHex(sha256(fromHex(publicKey, 32, 'public key')));
  return `${h.slice(0, 4)}-${h.slice(4, 8)}`;
}
