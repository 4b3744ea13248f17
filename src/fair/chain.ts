// Hash chains for commit-reveal (P2.1, P2.2): c[0] = secret, c[k+1] = SHA-256(c[k]);
// the commitment is c[L]; the reveal for event e is c[L-1-e], which anyone checks by
// hashing it once and comparing with the previous reveal (or the commitment for e = 0).
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesEqual } from './hex';

export const SECRET_BYTES = 32;

/**
 * Default chain length L. A game uses one event per draw (unplaceable redraws included),
 * one per battle throw (ties throw again) and one for the optional seat shuffle. With
 * Expansion 1 the supply holds 93 tiles; measured games use about 100–250 events
 * (docs/fairness.md). 4096 leaves a margin of more than 15× for long tie streaks and the
 * "return" variant of R4.3, at a cost of ~4k hashes per seat when a match is created.
 */
export const DEFAULT_CHAIN_LENGTH = 4096;
/**
 * The chain length of the file format (docs/fairness.md §2): version 2 logs declare exactly
 * this, version 1 logs at most this. It is what a game can need with a wide margin, and it
 * bounds rebuilding a saved chain to 4096 hashes.
 */
export const MAX_CHAIN_LENGTH = 4096;

/** A fresh 32-byte secret from the platform's CSPRNG (P2.1); browser and Node 20 alike. */
export function freshSecret(): Uint8Array {
  const secret = new Uint8Array(SECRET_BYTES);
  globalThis.crypto.getRandomValues(secret);
  return secret;
}

/** c[0..length] for `secret`: `length` hashes (4,096 cost 40–50 ms of a browser's main thread). */
function chainLinks(secret: Uint8Array, length: number): Uint8Array[] {
  if (secret.length !== SECRET_BYTES) throw new Error(`a chain secret is ${SECRET_BYTES} bytes, got ${secret.length}`);
  if (!Number.isSafeInteger(length) || length < 1 || length > MAX_CHAIN_LENGTH)
    throw new Error(`chain length must be an integer from 1 to ${MAX_CHAIN_LENGTH}, got ${length}`);
  const links = new Array<Uint8Array>(length + 1);
  links[0] = secret.slice();
  for (let k = 0; k < length; k++) links[k + 1] = sha256(links[k]);
  return links;
}

/** One chain built ahead (`HashChain.prepare`): the next chain of that secret and length takes its links. */
let prepared: Uint8Array[] | null = null;

export class HashChain {
  /** links[k] = c[k]; links[length] is the commitment. */
  private readonly links: Uint8Array[];

  constructor(
    secret: Uint8Array,
    readonly length: number,
  ) {
    const ahead = HashChain.preparedFor(secret, length) ? prepared : null;
    if (ahead) prepared = null; // taken: one chain owns its links
    this.links = ahead ?? chainLinks(secret, length);
  }

  /**
   * Builds the chain of `secret` ahead, while nothing waits (a seat in the lobby, before its
   * game starts): the chain then made of that secret and length, at the start, takes these
   * links instead of hashing in the task that starts the game. The same bytes either way; one
   * chain is kept ahead at a time (a second call replaces it).
   */
  static prepare(secret: Uint8Array, length: number): void {
    if (!HashChain.preparedFor(secret, length)) prepared = chainLinks(secret, length);
  }

  /** Whether the chain of this secret and length is built ahead and not taken yet. */
  static preparedFor(secret: Uint8Array, length: number): boolean {
    return prepared !== null && prepared.length === length + 1 && bytesEqual(prepared[0], secret);
  }

  get secret(): Uint8Array {
    return this.links[0].slice();
  }

  get commitment(): Uint8Array {
    return this.links[this.length];
  }

  /** r[e] = c[L-1-e] (P2.2). */
  reveal(event: number): Uint8Array {
    if (!Number.isSafeInteger(event) || event < 0) throw new Error(`event number must be a non-negative integer, got ${event}`);
    if (event >= this.length) throw new Error(`the hash chain is used up: event ${event} needs a chain longer than ${this.length}`);
    return this.links[this.length - 1 - event];
  }
}

/** c[L] from c[0] by L hashes, keeping only the last link (checking a saved secret). */
export function chainEnd(secret: Uint8Array, length: number): Uint8Array {
  if (secret.length !== SECRET_BYTES) throw new Error(`a chain secret is ${SECRET_BYTES} bytes, got ${secret.length}`);
  if (!Number.isSafeInteger(length) || length < 1 || length > MAX_CHAIN_LENGTH)
    throw new Error(`chain length must be an integer from 1 to ${MAX_CHAIN_LENGTH}, got ${length}`);
  let link = secret;
  for (let k = 0; k < length; k++) link = sha256(link);
  return link;
}

/** P2.2: a reveal is valid when its hash is the previous link (the commitment for event 0). */
export function revealMatches(reveal: Uint8Array, previous: Uint8Array): boolean {
  return bytesEqual(sha256(reveal), previous);
}
