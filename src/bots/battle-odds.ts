// Exact battle odds (R6.3–R6.8): who wins a realm, and how many tie points each side
// expects along the way. Pure arithmetic (+ − × ÷ only, no Math.pow/log/exp), so every
// browser computes the same bits and a bot seat stays in lockstep (P2.6).

/** What decides a participant's throw: dice count (R6.2), yellow die (R6.8), lightsaber (R6.7). */
export interface Fighter {
  dice: number;
  yellow: boolean;
  lightsaber: boolean;
}

export interface BattleOdds {
  /** Probability that each fighter ends up the sole winner. Sums to 1. */
  win: number[];
  /** Expected R6.4 tie points of each fighter over the whole battle. */
  tiePoints: number[];
}

const MAX_VALUE = 10; // best face 8 (yellow) + 1 (lightsaber) = 9

/** Distribution of one fighter's best value in one throw: pmf[v] for v in 0..MAX_VALUE-1. */
function bestValuePmf(f: Fighter): number[] {
  // cdf of the max of independent dice is the product of their cdfs.
  const cdf = new Array<number>(MAX_VALUE).fill(1);
  for (let v = 0; v < MAX_VALUE; v++) {
    let c = 1;
    for (let i = 0; i < f.dice; i++) {
      const yellow = f.yellow && i === f.dice - 1;
      const [lo, hi] = yellow ? [3, 8] : [1, 6];
      const face = v - (f.lightsaber ? 1 : 0); // R6.7 adds 1 to the best die
      const below = face < lo ? 0 : face >= hi ? 6 : face - lo + 1;
      c *= below / 6;
    }
    cdf[v] = c;
  }
  const pmf = new Array<number>(MAX_VALUE).fill(0);
  for (let v = 0; v < MAX_VALUE; v++) pmf[v] = cdf[v] - (v > 0 ? cdf[v - 1] : 0);
  return pmf;
}

const cache = new Map<string, BattleOdds>();

function key(fs: Fighter[]): string {
  return fs.map((f) => `${f.dice}${f.yellow ? 'y' : ''}${f.lightsaber ? 's' : ''}`).join(',');
}

/**
 * Exact odds by recursion over the set of fighters still in (R6.4: the tied throw again
 * among themselves). For a set S, one throw ends with a top value v and the subset T at v;
 * |T| = 1 decides, |T| ≥ 2 recurses on T (T = S is the self-loop, solved in closed form).
 */
export function battleOdds(fighters: Fighter[]): BattleOdds {
  const k = key(fighters);
  const hit = cache.get(k);
  if (hit) return hit;
  const n = fighters.length;
  const pmf = fighters.map(bestValuePmf);
  const cdf = pmf.map((p) => {
    const c: number[] = [];
    let s = 0;
    for (const x of p) c.push((s += x));
    return c;
  });
  const full = (1 << n) - 1;
  const memo = new Map<number, { win: number[]; tie: number[] }>();
  const solve = (set: number): { win: number[]; tie: number[] } => {
    const m = memo.get(set);
    if (m) return m;
    const win = new Array<number>(n).fill(0);
    const tie = new Array<number>(n).fill(0);
    const members: number[] = [];
    for (let i = 0; i < n; i++) if (set & (1 << i)) members.push(i);
    if (members.length === 1) {
      win[members[0]] = 1;
      const r = { win, tie };
      memo.set(set, r);
      return r;
    }
    let selfLoop = 0;
    for (let v = 0; v < MAX_VALUE; v++) {
      // Enumerate the subsets T of `set` that reach v while the rest stay below v.
      for (let sub = set; sub; sub = (sub - 1) & set) {
        let p = 1;
        for (const i of members) p *= sub & (1 << i) ? pmf[i][v] : v > 0 ? cdf[i][v - 1] : 0;
        if (p === 0) continue;
        const tied = popcount(sub);
        if (tied === 1) {
          win[31 - Math.clz32(sub)] += p;
          continue;
        }
        for (let i = 0; i < n; i++) if (sub & (1 << i)) tie[i] += p; // R6.4: 1 point each
        if (sub === set) {
          selfLoop += p;
          continue;
        }
        const next = solve(sub);
        for (let i = 0; i < n; i++) {
          win[i] += p * next.win[i];
          tie[i] += p * next.tie[i];
        }
      }
    }
    // x = a + selfLoop·x  →  x = a / (1 − selfLoop)
    const scale = 1 / (1 - selfLoop);
    for (let i = 0; i < n; i++) {
      win[i] *= scale;
      tie[i] *= scale;
    }
    const r = { win, tie };
    memo.set(set, r);
    return r;
  };
  const r = solve(full);
  const odds = { win: r.win, tiePoints: r.tie };
  if (cache.size > 4096) cache.clear();
  cache.set(k, odds);
  return odds;
}

function popcount(x: number): number {
  let c = 0;
  while (x) {
    x &= x - 1;
    c++;
  }
  return c;
}
