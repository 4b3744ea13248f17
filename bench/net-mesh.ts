// Run by bench/net.ts in its own process (the PeerJS server's timers cannot be stopped, so
// this process exits when done): 4 transports in a full mesh, a frame sent to the 3 others,
// timed until all 3 have it; over real WebRTC on loopback (node-datachannel) and over an
// in-process loopback transport, the floor. Prints one JSON line.
import '../tests/net/support/node-webrtc';
import { createPeerJsTransport } from '../src/net/peerjs-transport';
import type { PeerId, Transport } from '../src/net/transport';
import { LoopbackTransport } from './loopback-transport';
import { startSignalling } from '../tests/net/support/signalling-server';

const ROUNDS = 300;
const WARMUP = 30;

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};

/** Rounds of "one peer sends a frame to the 3 others → all 3 have it", senders in turn (ms). */
async function measure(ts: Transport[]): Promise<number[]> {
  let pending = 0;
  let done: (() => void) | null = null;
  for (const t of ts)
    t.listen({
      open: () => {},
      close: () => {},
      message: () => {
        if (--pending === 0) done?.();
      },
    });
  const times: number[] = [];
  for (let round = 0; round < WARMUP + ROUNDS; round++) {
    const from = ts[round % ts.length];
    const frame = JSON.stringify({ k: 'act', seq: round, from: from.id, pad: 'x'.repeat(200) });
    const finished = new Promise<void>((r) => (done = r));
    pending = ts.length - 1;
    const t0 = performance.now();
    for (const to of ts) if (to !== from) from.send(to.id, frame);
    await finished;
    if (round >= WARMUP) times.push(performance.now() - t0);
  }
  return times;
}

async function meshUp(ts: Transport[]): Promise<void> {
  const deadline = Date.now() + 20_000;
  for (let i = 0; i < ts.length; i++) for (let j = i + 1; j < ts.length; j++) ts[i].connect(ts[j].id);
  while (ts.some((t) => t.connected().length < ts.length - 1)) {
    if (Date.now() > deadline) throw new Error('the 4-peer mesh did not form within 20 s');
    // a failed dial is reported by `close` and dropped: dial again, as the session does
    for (let i = 0; i < ts.length; i++)
      for (let j = i + 1; j < ts.length; j++) if (!ts[i].connected().includes(ts[j].id)) ts[i].connect(ts[j].id);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const signalling = await startSignalling();
const options = { host: '127.0.0.1', port: signalling.port, path: '/', secure: false, iceServers: [] };
const webrtc = await Promise.all([0, 1, 2, 3].map(() => createPeerJsTransport(options)));
await meshUp(webrtc);
const real = await measure(webrtc);
for (const t of webrtc) t.close();

const hub = new Map<PeerId, LoopbackTransport>();
const loop = [0, 1, 2, 3].map((i) => new LoopbackTransport(`p${i}`, hub));
await meshUp(loop);
const floor = await measure(loop);

const line = JSON.stringify({
  rounds: ROUNDS,
  webrtc: { p50: pct(real, 50), p95: pct(real, 95) },
  loopback: { p50: pct(floor, 50), p95: pct(floor, 95) },
});
process.stdout.write(`${line}\n`, () => process.exit(0));
