/** One line of `npm run bench`: a median (or a ratio of medians) with its unit and target. */
export interface BenchRow {
  name: string;
  value: number;
  unit: string;
  target?: string;
  note?: string;
}

/** Median of a list of numbers. */
export function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}
