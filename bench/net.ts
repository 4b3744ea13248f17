// Frame latency over the PeerJS transport: 4 peers in a full mesh on loopback, real WebRTC
// (node-datachannel), "send to the 3 others → received by all 3", p50 and p95, beside the
// same over an in-process loopback transport (the floor). Runs bench/net-mesh.ts in a child.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { BenchRow } from './types';

export default async function bench(): Promise<BenchRow[]> {
  const script = fileURLToPath(new URL('./net-mesh.ts', import.meta.url));
  const r = spawnSync(process.execPath, ['--import', 'tsx', script], { encoding: 'utf8', timeout: 120_000 });
  const line = r.stdout.trim().split('\n').pop() ?? '';
  if (r.status !== 0 || !line.startsWith('{')) throw new Error(`net-mesh failed: ${(r.stderr || r.stdout).trim().split('\n').pop()}`);
  const m = JSON.parse(line) as { rounds: number; webrtc: { p50: number; p95: number }; loopback: { p50: number; p95: number } };
  const note = `${m.rounds} rounds, senders in turn`;
  return [
    { name: 'net: frame to 3 peers, all received, WebRTC loopback, p50', value: m.webrtc.p50, unit: 'ms', note },
    { name: 'net: frame to 3 peers, all received, WebRTC loopback, p95', value: m.webrtc.p95, unit: 'ms' },
    { name: 'net: same over in-process loopback (floor), p50', value: m.loopback.p50, unit: 'ms' },
    { name: 'net: same over in-process loopback (floor), p95', value: m.loopback.p95, unit: 'ms' },
    { name: 'net: WebRTC / floor, p50', value: m.webrtc.p50 / m.loopback.p50, unit: '×' },
    { name: 'net: WebRTC / floor, p95', value: m.webrtc.p95 / m.loopback.p95, unit: '×' },
  ];
}
