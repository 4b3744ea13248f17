// A small seeded generator (mulberry32) for what is NOT the game's randomness: the painted
// look of tile designs, the simulated network's chaos, liars, mutation and fuzz runs, tests.
// Every tile draw and die comes from the players' hash chains (derive.ts), never from here.

/** mulberry32 from a 32-bit seed as given (0 included): a function returning numbers in [0, 1). */
export function mulberry32(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = Math.imul(s ^ (s >>> 15), s | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The same generator as an object, seeded by a number or a string (FNV-1a); a zero seed becomes a fixed odd one. */
export class SeededRandom {
  private readonly nextFn: () => number;
  constructor(seed: number | string) {
    this.nextFn = mulberry32((typeof seed === 'string' ? hashString(seed) : seed) >>> 0 || 0x9e3779b9);
  }
  /** A number in [0, 1). */
  next(): number {
    return this.nextFn();
  }
  range(a: number, b: number): number {
    return a + (b - a) * this.next();
  }
  /** An integer in [0, n). */
  int(n: number): number {
    return Math.floor(this.next() * n);
  }
  pick<T>(list: readonly T[]): T {
    return list[this.int(list.length)];
  }
}

/** FNV-1a, 32 bit. */
export function hashString(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}
