// Hash chains and reveal timing (P2.1, P2.2, P2.3).
import { describe, expect, it } from 'vitest';
import { sha256 } from '@noble/hashes/sha2.js';
import { defaultOptions } from '../../src/engine';
import { EntryError, HashChain, LogFollower, revealMatches, type LogEntry } from '../../src/fair';
import { toHex } from '../../src/fair/hex';

const secret = (b: number) => new Uint8Array(32).fill(b);

describe('hash chain', () => {
  it('commits to c[L] and reveals c[L-1-e], each the preimage of the one before (P2.1, P2.2)', () => {
    const chain = new HashChain(secret(7), 5);
    let link = secret(7);
    for (let k = 0; k < 5; k++) link = sha256(link);
    expect(toHex(chain.commitment)).toBe(toHex(link));
    expect(revealMatches(chain.reveal(0), chain.commitment)).toBe(true);
    for (let e = 1; e < 5; e++) expect(revealMatches(chain.reveal(e), chain.reveal(e - 1))).toBe(true);
    expect(toHex(chain.reveal(4))).toBe(toHex(secret(7))); // the last reveal is the secret itself
    expect(() => chain.reveal(5)).toThrow(/used up/);
  });

  it('rejects a reveal that is not the preimage of the previous link (P2.2)', () => {
    const chain = new HashChain(secret(7), 5);
    expect(revealMatches(chain.reveal(1), chain.commitment)).toBe(false); // skipping a link
    expect(revealMatches(chain.reveal(0), chain.reveal(0))).toBe(false);
    const other = new HashChain(secret(8), 5);
    expect(revealMatches(other.reveal(0), chain.commitment)).toBe(false);
  });
});

/** A 2-seat log up to the commitments, built by hand so each reveal's position is ours to choose. */
function prefix(chains: HashChain[]): LogEntry[] {
  return [
    { k: 'settings', setup: { seats: ['red', 'black'], options: defaultOptions() }, gameId: 'timing', chainLength: 8, shuffleSeats: false },
    ...chains.map((c, i): LogEntry => ({ k: 'commit', chain: i, colour: (['red', 'black'] as const)[i], commitment: toHex(c.commitment) })),
  ];
}

function thrown(fn: () => void): unknown {
  try {
    fn();
  } catch (e) {
    return e;
  }
  return null;
}

function follow(entries: LogEntry[]): LogFollower {
  const f = new LogFollower();
  for (const e of entries) f.apply(e);
  return f;
}

describe('a hash chain built ahead (HashChain.prepare: a seat in the lobby)', () => {
  const links = (c: HashChain) => [toHex(c.commitment), ...Array.from({ length: c.length }, (_, e) => toHex(c.reveal(e)))];

  it('gives the chain of that secret and length the same commitment and reveals as one built at once, and is taken once', () => {
    const plain = links(new HashChain(secret(9), 64));
    HashChain.prepare(secret(9), 64);
    expect(HashChain.preparedFor(secret(9), 64)).toBe(true);
    const taken = new HashChain(secret(9), 64);
    expect(HashChain.preparedFor(secret(9), 64)).toBe(false); // one chain owns the links
    expect(links(taken)).toEqual(plain);
    expect(links(new HashChain(secret(9), 64))).toEqual(plain); // the next one hashes for itself
  });

  it('is left for its own secret and length: another secret or length builds its own chain', () => {
    HashChain.prepare(secret(3), 32);
    expect(links(new HashChain(secret(4), 32))).toEqual(links(new HashChain(secret(4), 32)));
    const other = new HashChain(secret(3), 31);
    let c = secret(3);
    for (let k = 0; k < 31; k++) c = sha256(c);
    expect(toHex(other.commitment)).toBe(toHex(c));
    expect(HashChain.preparedFor(secret(3), 32)).toBe(true);
    HashChain.prepare(secret(5), 8); // a second call replaces it
    expect(HashChain.preparedFor(secret(3), 32)).toBe(false);
    expect(links(new HashChain(secret(5), 8))[0]).toBe(toHex(new HashChain(secret(5), 8).commitment));
  });

  it('refuses a bad secret or length as a chain built at once does', () => {
    expect(() => HashChain.prepare(new Uint8Array(31), 8)).toThrow(/32 bytes/);
    expect(() => HashChain.prepare(secret(1), 0)).toThrow(/chain length/);
    expect(() => HashChain.prepare(secret(1), 4097)).toThrow(/chain length/);
  });
});

describe('reveals in the log (P2.2, P2.3)', () => {
  const chains = [new HashChain(secret(1), 8), new HashChain(secret(2), 8)];
  const reveal = (chain: number, event: number): LogEntry => ({ k: 'reveal', chain, event, value: toHex(chains[chain].reveal(event)) });

  it('accepts both reveals of the due event and then the derived draw', () => {
    const f = follow([...prefix(chains), reveal(0, 0), reveal(1, 0)]);
    const draw = f.dueResult();
    expect(draw?.k).toBe('draw');
    f.apply(draw!);
    expect(f.state!.phase).toBe('place');
  });

  it('rejects a reveal whose hash is not the previous link, naming the entry (P2.2)', () => {
    const f = follow(prefix(chains));
    const bad: LogEntry = { k: 'reveal', chain: 1, event: 0, value: toHex(chains[1].reveal(1)) };
    const err = thrown(() => f.apply(bad));
    expect(err).toBeInstanceOf(EntryError);
    expect((err as EntryError).entry).toBe(3);
    expect((err as EntryError).expected).toMatch(/preimage of chain 1's commitment/);
  });

  it('rejects a reveal for event 1 before event 1 is due (P2.3)', () => {
    // Event 0 is the first draw; event 1 (the next draw) is due only after turn 1 has ended.
    const f = follow([...prefix(chains), reveal(0, 0), reveal(1, 0)]);
    f.apply(f.dueResult()!);
    expect(() => f.apply(reveal(0, 1))).toThrow(/before that event is due \(P2\.3\)/);
    expect(f.index).toBe(6); // nothing changed
  });

  it('rejects a reveal for a later event while an earlier one is due (P2.3)', () => {
    const f = follow(prefix(chains));
    expect(() => f.apply(reveal(0, 1))).toThrow(/ahead of its turn \(P2\.3\)/);
  });

  it('rejects the derived value before every seat has revealed, and a second reveal from one chain', () => {
    const f = follow([...prefix(chains), reveal(0, 0)]);
    expect(() => f.apply(reveal(0, 0))).toThrow(/already revealed/);
    expect(() => f.apply({ k: 'draw', event: 0, seat: 0, tile: 'SW01' })).toThrow(/reveal for event 0 from chain 1/);
  });
});
