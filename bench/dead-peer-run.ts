// The child of bench/dead-peer.ts: a PeerJS transport (real WebRTC, loopback) linked to a peer in
// another process (tests/net/support/transport-child.ts) that is then killed with SIGKILL; prints,
// as one JSON line, how long the keep-alive took to close the dead link, over a few rounds.
import '../tests/net/support/node-webrtc';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { createPeerJsTransport } from '../src/net/peerjs-transport';
import { startSignalling } from '../tests/net/support/signalling-server';
import { median } from './types';

const ROUNDS = 3;
const PING_MS = 500;
const DEAD_AFTER_MS = 3_000;

async function until(cond: () => boolean, what: string, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

const signalling = await startSignalling();
const child = fileURLToPath(new URL('../tests/net/support/transport-child.ts', import.meta.url));
const detected: number[] = [];
for (let round = 0; round < ROUNDS; round++) {
  const options = {
    host: '127.0.0.1',
    port: signalling.port,
    path: '/',
    secure: false,
    iceServers: [],
    pingIntervalMs: PING_MS,
    deadAfterMs: DEAD_AFTER_MS,
  };
  const a = await createPeerJsTransport(options);
  const opened: string[] = [];
  const closed: string[] = [];
  a.listen({ open: (p) => opened.push(p), close: (p) => closed.push(p), message: () => {} });
  const args = ['--import', 'tsx', child, String(signalling.port), a.id];
  const peer = spawn(process.execPath, args, { stdio: ['ignore', 'ignore', 'inherit'] });
  try {
    await until(() => opened.length === 1, 'the child to dial in', 60_000);
    const closesBefore = closed.length;
    const killedAt = performance.now();
    peer.kill('SIGKILL');
    await until(() => closed.slice(closesBefore).includes(opened[0]), 'the dead link to close', 60_000);
    detected.push(performance.now() - killedAt);
  } finally {
    peer.kill('SIGKILL');
    a.close();
  }
}
await signalling.close();
const figures = { rounds: ROUNDS, pingMs: PING_MS, deadAfterMs: DEAD_AFTER_MS, median: median(detected), max: Math.max(...detected) };
process.stdout.write(`${JSON.stringify(figures)}\n`);
process.exit(0);
