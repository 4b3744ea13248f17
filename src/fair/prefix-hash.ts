// The hash of a log prefix (P6, bullet 4 of docs/lockstep.md "Group decisions"): every signed
// entry and vote names the history it extends, so two versions of one move on two histories
// are two statements, not a contradiction, and a fork after a partition is told apart from
// equivocation. H(0) is fixed; H(i+1) = SHA-256(H(i) ‖ canonical JSON of entry i), in hex.
// Shared by the peers (src/net) and the offline verifier; tools/verify.py computes the same.
import { sha256 } from '@noble/hashes/sha2.js';
import { utf8ToBytes } from '@noble/hashes/utils.js';
import { canonicalJson } from '../engine/serialize';
import { fromHex, toHex } from './hex';

/** The hash of the empty prefix. */
export const EMPTY_PREFIX = toHex(sha256(utf8ToBytes('carcassonne-sw/prefix/v1')));

/** The hash of a prefix one entry longer. */
export function extendPrefix(prefix: string, entry: unknown): string {
  const body = utf8ToBytes(canonicalJson(entry));
  const bytes = new Uint8Array(32 + body.length);
  bytes.set(fromHex(prefix, 32, 'prefix hash'), 0);
  bytes.set(body, 32);
  return toHex(sha256(bytes));
}

/** The hashes of every prefix of `entries`: element i is the hash of the first i entries (length + 1 of them). */
export function prefixHashes(entries: readonly unknown[]): string[] {
  const out = [EMPTY_PREFIX];
  for (const e of entries) out.push(extendPrefix(out[out.length - 1], e));
  return out;
}

/**
 * The prefix hashes of a log that grows and goes back (a peer's replica): computed once per
 * entry, on demand, and cut back when the log is rewound.
 */
export class PrefixChain {
  private readonly hashes = [EMPTY_PREFIX];

  constructor(private readonly entries: () => readonly unknown[]) {}

  /** The hash of the first `i` entries of the log (i ≤ its length). */
  at(i: number): string {
    const es = this.entries();
    if (i > es.length) throw new RangeError(`no prefix of ${i} entries in a log of ${es.length}`);
    while (this.hashes.length <= i) this.hashes.push(extendPrefix(this.hashes[this.hashes.length - 1], es[this.hashes.length - 1]));
    return this.hashes[i];
  }

  /** The log went back to `length` entries (or was replaced by one that shares that prefix). */
  cut(length: number): void {
    if (this.hashes.length > length + 1) this.hashes.length = length + 1;
  }
}
