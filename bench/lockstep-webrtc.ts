// Run by bench/lockstep.ts in its own process (the PeerJS server's timers cannot be
// stopped): 4 MeshSessions play whole bot games over real WebRTC on loopback
// (node-datachannel), each in its own process as in a real game (bench/lockstep-peer.ts);
// then the same 4 in this one process, where every peer's signature checks and rules share
// one thread, over WebRTC and over the in-process loopback transport (the floor). For every
// placement: the time from its author applying it to every peer having applied it. Prints
// one JSON line.
import '../tests/net/support/node-webrtc';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { SimMeshSession as MeshSession } from '../src/sim/sim-mesh-session';
import { immediateBots } from '../src/sim/mesh-sim';
import { createPeerJsTransport } from '../src/net/peerjs-transport';
import type { PeerId, Transport } from '../src/net/transport';
import { startSignalling } from '../tests/net/support/signalling-server';
import { benchSession, COLOURS, placementTimes, until } from './lockstep-game';
import { LoopbackTransport } from './loopback-transport';

const GAMES = 2;
/** A paced game: every bot waits this long before each move, as a player would, so the CPUs are idle when a move comes. */
const THINK_MS = 150;
const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};

/** One game among 4 peers; the latencies of its placements (ms). */
async function game(make: () => Promise<Transport>): Promise<number[]> {
  const s: MeshSession[] = [];
  for (let i = 0; i < 4; i++)
    s.push(benchSession(await make(), `p${i}`, immediateBots, i === 0 ? null : `${s[0].transportId}:${s[0].invitation}`));
  await until(() => s.slice(1).every((x) => !!x.lobby), 'the lobby', 20_000);
  for (let i = 1; i < 4; i++) s[i].takeSeat(COLOURS[i]);
  await until(() => s[0].lobby!.seats.every((x) => x.pub), 'the seats', 20_000);
  const applied = s.map((x) => placementTimes(x, () => performance.now()));
  s[0].startGame();
  for (const x of s) void x.start();
  await until(() => s.every((x) => x.phase === 'over'), 'the end', 180_000);
  for (const x of s) x.leave();
  return spreads(applied);
}

/** For each placement that every peer applied: the last peer's time minus the first's. */
function spreads(applied: number[][]): number[] {
  const n = Math.min(...applied.map((a) => a.length));
  return Array.from({ length: n }, (_, k) => Math.max(...applied.map((a) => a[k])) - Math.min(...applied.map((a) => a[k])));
}

/** One game among 4 peer processes whose bots wait `thinkMs` before each move; the latencies of its placements (ms). */
async function gameInProcesses(port: number, thinkMs: number): Promise<number[]> {
  const script = fileURLToPath(new URL('./lockstep-peer.ts', import.meta.url));
  /** A peer process: its transport id once it prints it, and its placement times at the end. */
  const run = (args: string[]) => {
    const child = spawn(process.execPath, ['--import', 'tsx', script, String(port), String(thinkMs), ...args], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    const timer = setTimeout(() => child.kill('SIGKILL'), 300_000);
    child.stdout.setEncoding('utf8');
    child.stderr.setEncoding('utf8').on('data', (d: string) => (err += d));
    const failed = (code: number | null) => new Error(`a peer process failed (exit ${code}): ${err.trim().split('\n').pop() ?? ''}`);
    const id = new Promise<string>((resolve, reject) => {
      child.stdout.on('data', (d: string) => {
        out += d;
        const m = /^id (\S+)$/m.exec(out);
        if (m) resolve(m[1]);
      });
      child.on('exit', (code) => reject(failed(code)));
    });
    const applied = new Promise<number[]>((resolve, reject) => {
      child.on('exit', (code) => {
        clearTimeout(timer);
        const line = /^applied (\[.*\])$/m.exec(out)?.[1];
        if (code === 0 && line) resolve(JSON.parse(line) as number[]);
        else reject(failed(code));
      });
    });
    id.catch(() => {}); // a host that fails after printing its id is reported by `applied`
    return { id, applied };
  };
  const host = run(['host']);
  const hostId = await host.id;
  const guests = COLOURS.slice(1).map((c) => run([hostId, c]).applied);
  return spreads(await Promise.all([host.applied, ...guests]));
}

const signalling = await startSignalling();
const options = { host: '127.0.0.1', port: signalling.port, path: '/', secure: false, iceServers: [] };
const flatOut: number[] = [];
for (let g = 0; g < GAMES; g++) flatOut.push(...(await gameInProcesses(signalling.port, 0)));
const paced: number[] = [];
for (let g = 0; g < GAMES; g++) paced.push(...(await gameInProcesses(signalling.port, THINK_MS)));
const real: number[] = [];
for (let g = 0; g < GAMES; g++) real.push(...(await game(() => createPeerJsTransport(options))));
const hub = new Map<PeerId, LoopbackTransport>();
let k = 0;
const floor: number[] = [];
for (let g = 0; g < GAMES; g++) floor.push(...(await game(async () => new LoopbackTransport(`loop${k++}`, hub))));
const line = JSON.stringify({
  processes: { samples: flatOut.length, p50: pct(flatOut, 50), p95: pct(flatOut, 95) },
  paced: { thinkMs: THINK_MS, samples: paced.length, p50: pct(paced, 50), p95: pct(paced, 95) },
  samples: real.length,
  webrtc: { p50: pct(real, 50), p95: pct(real, 95) },
  loopback: { p50: pct(floor, 50), p95: pct(floor, 95) },
});
process.stdout.write(`${line}\n`, () => process.exit(0));
