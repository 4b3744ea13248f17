// How soon a peer that died without a goodbye is noticed over the PeerJS transport (real WebRTC on
// loopback): from its SIGKILL to the close of its link by the keep-alive. A figure, not a test: the
// test (tests/net/peerjs-transport.test.ts) asserts only that it is noticed. Runs bench/dead-peer-run.ts.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { BenchRow } from './types';

export default async function bench(): Promise<BenchRow[]> {
  const script = fileURLToPath(new URL('./dead-peer-run.ts', import.meta.url));
  const r = spawnSync(process.execPath, ['--import', 'tsx', script], { encoding: 'utf8', timeout: 300_000 });
  const line = r.stdout.trim().split('\n').pop() ?? '';
  if (r.status !== 0 || !line.startsWith('{')) {
    throw new Error(`dead-peer failed: ${(r.stderr || r.stdout).trim().split('\n').pop()}`);
  }
  const m = JSON.parse(line) as { rounds: number; pingMs: number; deadAfterMs: number; median: number; max: number };
  const note = `${m.rounds} kills; ping every ${m.pingMs} ms, dead after ${m.deadAfterMs} ms of silence`;
  return [
    { name: 'net: a killed peer noticed (SIGKILL to link closed), median', value: m.median, unit: 'ms', note },
    { name: 'net: a killed peer noticed, slowest', value: m.max, unit: 'ms' },
  ];
}
