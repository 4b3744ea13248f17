// What the browser benches share: each drives Chromium from a child script (bench/*.mjs) that
// prints its figures as one JSON line last, and reports each figure as its middle round and worst.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { BenchRow } from './types';

/**
 * Runs bench/`script` in a child and reads the JSON line it ends with; throws with its last line if it
 * failed. The child runs in a network namespace of its own with only `lo` (tests/e2e/loopback-only.mjs),
 * as the browser tests do: Chromium offers every interface as an ICE candidate, and a bench talks to
 * 127.0.0.1 only.
 */
export function childFigures<T>(script: string, timeoutMs: number): T {
  const loopbackOnly = fileURLToPath(new URL('../tests/e2e/loopback-only.mjs', import.meta.url));
  const r = spawnSync(process.execPath, [loopbackOnly, `../../bench/${script}`], { encoding: 'utf8', timeout: timeoutMs });
  const line = r.stdout.trim().split('\n').pop() ?? '';
  const name = script.replace(/\.mjs$/, '');
  if (r.status !== 0 || !line.startsWith('{')) throw new Error(`${name} failed: ${(r.stderr || r.stdout).trim().split('\n').pop()}`);
  return JSON.parse(line) as T;
}

/** The middle of the rounds (the upper one of an even count: always a measured round). */
export function middle(xs: number[]): number {
  return [...xs].sort((a, b) => a - b)[xs.length >> 1];
}

/** A row of milliseconds: the middle round, with the count and the worst in its note. */
export function msRow(name: string, xs: number[], target: string): BenchRow {
  return { name, value: middle(xs), unit: 'ms', target, note: `median of ${xs.length}, worst ${Math.round(Math.max(...xs))} ms` };
}
