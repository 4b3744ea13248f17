// Turning the revealed chain links of one random event into game values (P2.4).
// Exact byte layout (docs/fairness.md repeats it for re-implementers):
//   seed  = SHA-256( TAG ‖ len(gameId) as 1 byte ‖ gameId as ASCII ‖ e as 4-byte big-endian
//                    ‖ r_0[e] ‖ … ‖ r_{n-1}[e] )            (32 bytes per reveal, chain order)
//   block j = SHA-256( seed ‖ j as 4-byte big-endian ),  j = 0, 1, 2, …
//   The stream is block 0 ‖ block 1 ‖ …, read front to back.
//   uniform(n): k = fewest bytes with 256^k ≥ n; read k bytes as a big-endian integer v;
//   if v ≥ 256^k − (256^k mod n) discard v and read again, else the value is v mod n.
import { sha256 } from '@noble/hashes/sha2.js';
import { COLOUR_FACTION, type Colour, type GameOptions, type Participant } from '../engine';

/** Domain separation for event seeds (P2.4); the trailing NUL ends the tag. */
export const EVENT_TAG = 'carcassonne-star-wars/fair/v1/event\u0000';
const TAG_BYTES = asciiBytes(EVENT_TAG);

export const GAME_ID_PATTERN = /^[0-9A-Za-z_-]{1,64}$/;

function asciiBytes(text: string): Uint8Array {
  const out = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) out[i] = text.charCodeAt(i);
  return out;
}

function u32be(n: number): Uint8Array {
  return new Uint8Array([(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255]);
}

/** The seed of random event `event` from every chain's reveal in chain order (P2.4). */
export function eventSeed(gameId: string, event: number, reveals: readonly Uint8Array[]): Uint8Array {
  if (!GAME_ID_PATTERN.test(gameId)) throw new Error(`game id must be 1–64 of [0-9A-Za-z_-], got "${gameId}"`);
  if (!Number.isSafeInteger(event) || event < 0 || event > 0xffffffff) throw new Error(`event number ${event} is out of range`);
  const id = asciiBytes(gameId);
  const msg = new Uint8Array(TAG_BYTES.length + 1 + id.length + 4 + 32 * reveals.length);
  let at = 0;
  msg.set(TAG_BYTES, at);
  at += TAG_BYTES.length;
  msg[at++] = id.length;
  msg.set(id, at);
  at += id.length;
  msg.set(u32be(event), at);
  at += 4;
  for (const r of reveals) {
    if (r.length !== 32) throw new Error(`a reveal is 32 bytes, got ${r.length}`);
    msg.set(r, at);
    at += 32;
  }
  return sha256(msg);
}

/** Counter-mode expansion of a seed into an unbounded byte stream, sampled without bias. */
export class RandomStream {
  private readonly input: Uint8Array;
  private block: Uint8Array = new Uint8Array(0);
  private at = 0;
  private counter = 0;

  constructor(seed: Uint8Array) {
    this.input = new Uint8Array(seed.length + 4);
    this.input.set(seed, 0);
  }

  private nextByte(): number {
    if (this.at === this.block.length) {
      const c = this.counter++;
      const base = this.input.length - 4;
      this.input[base] = (c >>> 24) & 255;
      this.input[base + 1] = (c >>> 16) & 255;
      this.input[base + 2] = (c >>> 8) & 255;
      this.input[base + 3] = c & 255;
      this.block = sha256(this.input);
      this.at = 0;
    }
    return this.block[this.at++];
  }

  /** A uniform integer in [0, n) by rejection sampling; 1 ≤ n ≤ 2^32. */
  uniform(n: number): number {
    if (!Number.isSafeInteger(n) || n < 1 || n > 0x100000000) throw new Error(`uniform(n) needs 1 ≤ n ≤ 2^32, got ${n}`);
    let bytes = 1;
    let span = 256;
    while (span < n) {
      bytes++;
      span *= 256;
    }
    // Largest multiple of n that fits in `span`: values at or above it are rejected,
    // so every residue below is equally likely.
    const limit = span - (span % n);
    for (;;) {
      let v = 0;
      for (let i = 0; i < bytes; i++) v = v * 256 + this.nextByte();
      if (v < limit) return v % n; // unbiased: v is uniform on [0, limit), a multiple of n
    }
  }
}

/** P2.4 draw: an index into the remaining supply in canonical order. */
export function deriveDrawIndex(seed: Uint8Array, supplySize: number): number {
  return new RandomStream(seed).uniform(supplySize);
}

/**
 * P2.4 throw: each participant's dice in participant order; normal dice 1–6 and, for a
 * participant with the yellow die, its LAST die 3–8 (R1.5, R6.8).
 */
export function deriveThrow(seed: Uint8Array, participants: readonly Participant[]): number[][] {
  const stream = new RandomStream(seed);
  return participants.map((p) => {
    const values: number[] = [];
    for (let j = 0; j < p.dice; j++) values.push((p.yellow && j === p.dice - 1 ? 3 : 1) + stream.uniform(6));
    return values;
  });
}

/** R9.1: in the team variant the seats alternate between the teams. */
export function seatingAllowed(seats: readonly Colour[], options: GameOptions): boolean {
  if (!options.teams) return true;
  for (let i = 0; i < seats.length; i++) {
    const next = i + 1 === seats.length ? 0 : i + 1; // around the table
    if (COLOUR_FACTION[seats[i]] === COLOUR_FACTION[seats[next]]) return false;
  }
  return true;
}

/** Every allowed seating of the lobby colours, permutations in lexicographic order of lobby index. */
export function allowedSeatings(lobby: readonly Colour[], options: GameOptions): Colour[][] {
  const out: Colour[][] = [];
  const used = new Array<boolean>(lobby.length).fill(false);
  const current: Colour[] = [];
  const visit = () => {
    if (current.length === lobby.length) {
      if (seatingAllowed(current, options)) out.push(current.slice());
      return;
    }
    for (let i = 0; i < lobby.length; i++) {
      if (used[i]) continue;
      used[i] = true;
      current.push(lobby[i]);
      visit();
      current.pop();
      used[i] = false;
    }
  };
  visit();
  return out;
}

/** R2.3 seat shuffle: one of the allowed seatings, uniformly. */
export function deriveSeating(seed: Uint8Array, lobby: readonly Colour[], options: GameOptions): Colour[] {
  const seatings = allowedSeatings(lobby, options);
  return seatings[new RandomStream(seed).uniform(seatings.length)];
}
