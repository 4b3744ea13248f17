// Run by bench/lockstep.ts in its own process (the PeerJS server's timers cannot be
// stopped): 4 MeshSessions play whole bot games over real WebRTC on loopback
// (node-datachannel), and the same over the in-process loopback transport (the floor);
// for every placement, the time from its author applying it to every peer having applied
// it. Prints one JSON line.
import '../tests/net/support/node-webrtc';
import { defaultOptions } from '../src/engine';
import { GameStore } from '../src/net/game-store';
import { MeshSession } from '../src/net/mesh-session';
import { immediateBots, MemoryStorage } from '../src/net/mesh-sim';
import { createPeerJsTransport } from '../src/net/peerjs-transport';
import type { PeerId, Transport } from '../src/net/transport';
import { startSignalling } from '../tests/net/support/signalling-server';
import { LoopbackTransport } from './loopback-transport';

const GAMES = 2;
const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};

async function until(cond: () => boolean, what: string, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

/** One game among 4 peers; the latencies of its placements (ms). */
async function game(make: () => Promise<Transport>): Promise<number[]> {
  const colours = ['red', 'black', 'green', 'white'] as const;
  const s: MeshSession[] = [];
  for (let i = 0; i < 4; i++) {
    const o = { transport: await make(), name: `p${i}`, store: new GameStore(new MemoryStorage()), autopilot: 'random' as const, botRunner: immediateBots, stallMs: 500 };
    s.push(i === 0 ? MeshSession.host(o, { options: defaultOptions(), seats: colours.map((colour) => ({ colour, bot: null })), hostColour: 'red' }) : MeshSession.join(o, s[0].transportId));
  }
  await until(() => s.slice(1).every((x) => !!x.lobby), 'the lobby', 20_000);
  for (let i = 1; i < 4; i++) s[i].takeSeat(colours[i]);
  await until(() => s[0].lobby!.seats.every((x) => x.pub), 'the seats', 20_000);
  // When each peer applied each placement (by turn).
  const applied = new Map<number, number[]>();
  for (const x of s) x.subscribe((u) => {
    for (const step of u.steps) if (step.intent === 'place') {
      const at = applied.get(u.state.turn) ?? [];
      at.push(performance.now());
      applied.set(u.state.turn, at);
    }
  });
  s[0].startGame();
  for (const x of s) void x.start();
  await until(() => s.every((x) => x.phase === 'over'), 'the end', 180_000);
  for (const x of s) x.leave();
  return [...applied.values()].filter((t) => t.length === 4).map((t) => Math.max(...t) - Math.min(...t));
}

const signalling = await startSignalling();
const options = { host: '127.0.0.1', port: signalling.port, path: '/', secure: false, iceServers: [] };
const real: number[] = [];
for (let g = 0; g < GAMES; g++) real.push(...(await game(() => createPeerJsTransport(options))));
const hub = new Map<PeerId, LoopbackTransport>();
let k = 0;
const floor: number[] = [];
for (let g = 0; g < GAMES; g++) floor.push(...(await game(async () => new LoopbackTransport(`loop${k++}`, hub))));
const line = JSON.stringify({ samples: real.length, webrtc: { p50: pct(real, 50), p95: pct(real, 95) }, loopback: { p50: pct(floor, 50), p95: pct(floor, 95) } });
process.stdout.write(`${line}\n`, () => process.exit(0));
