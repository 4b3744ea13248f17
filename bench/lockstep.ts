// The lockstep protocol's cost on the wire (src/net/mesh-session.ts), measured on the
// in-memory network with no loss and a fixed one-way delay, so every frame is the
// protocol's own: frames and characters per turn, frames per action per recipient,
// reveal frames per seat per random event, and how many one-way trips pass between the
// last action of a turn and the next tile being known on every peer.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { defaultOptions } from '../src/engine';
import { MeshSim } from '../src/sim/mesh-sim';
import { steady } from '../src/sim/memory-network';
import { median, type BenchRow } from './types';

const DELAY = 10;

interface Counts {
  actions: number;
  reveals: number;
  other: number;
  sync: number;
  chars: number;
  frames: number;
}

interface Run {
  turns: number;
  events: number;
  counts: Counts;
  hops: number[];
  wallMs: number;
}

async function measure(peers: number, seed: number): Promise<Run> {
  const options = defaultOptions();
  // Six seats need Expansion 1's blue seat (R1.3).
  if (peers === 6) options.expansion = { tiles: true, blue: true, equipment: true, yellowDie: true };
  const sim = new MeshSim({
    peers,
    seed,
    options,
    chaos: steady(DELAY),
  });
  const counts: Counts = { actions: 0, reveals: 0, other: 0, sync: 0, chars: 0, frames: 0 };
  let lastDeployAt: number | null = null;
  let counting = false;
  const seenDeploys = new Set<string>();
  sim.net.filter = (_from, _to, frame) => {
    if (!counting) return true;
    counts.frames++;
    counts.chars += frame.length;
    if (frame.startsWith('{"t":"item"')) {
      if (/"k":"(place|deploy)"/.test(frame)) counts.actions++;
      else if (frame.includes('"k":"reveal"')) counts.reveals++;
      else counts.other++;
      if (frame.includes('"k":"deploy"')) {
        // The first time a deploy goes out (not its copies to the other recipients, nor a later resend).
        const { a, n } = (JSON.parse(frame) as { item: { a: number; n: number } }).item;
        if (!seenDeploys.has(`${a}|${n}`)) {
          seenDeploys.add(`${a}|${n}`);
          lastDeployAt = sim.clock.now();
          drawnAt.clear();
        }
      }
    } else if (frame.startsWith('{"t":"sync"')) counts.sync++;
    else counts.other++;
    return true;
  };
  const hops: number[] = [];
  // The time each peer applied the next draw after a deploy went out.
  const drawnAt = new Map<number, number>();
  const started = performance.now();
  await sim.open();
  counting = true;
  sim.peers.forEach((p, i) =>
    p.session.subscribe((u) => {
      if (lastDeployAt !== null && !drawnAt.has(i) && u.steps.some((s) => s.events.some((e) => e.type === 'drawn')))
        drawnAt.set(i, sim.clock.now());
    }),
  );
  await sim.runUntil(() => {
    if (lastDeployAt !== null && drawnAt.size === sim.peers.length) {
      hops.push((Math.max(...drawnAt.values()) - lastDeployAt) / DELAY);
      lastDeployAt = null;
      drawnAt.clear();
    }
    return sim.finished();
  }, 4 * 3_600_000);
  const wallMs = performance.now() - started;
  const log = JSON.parse(sim.logs()[0]) as { entries: { k: string }[] };
  const turns = log.entries.filter((e) => e.k === 'hash').length;
  const events = log.entries.filter((e) => e.k === 'draw' || e.k === 'throw' || e.k === 'seats').length;
  sim.dispose();
  return { turns, events, counts, hops, wallMs };
}

export default async function run(): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  for (const peers of [2, 4, 6]) {
    const runs: Run[] = [];
    for (const seed of [1, 2, 3]) runs.push(await measure(peers, seed));
    const per = (f: (r: Run) => number) => median(runs.map(f));
    const recipients = peers - 1;
    const kind = peers === 6 ? ' (Expansion 1)' : '';
    rows.push({
      name: `${peers} peers${kind}: frames per turn (all peers, sent)`,
      value: per((r) => r.counts.frames / r.turns),
      unit: 'frames',
    });
    rows.push({
      name: `${peers} peers: characters per turn (all peers, sent)`,
      value: per((r) => r.counts.chars / r.turns),
      unit: 'chars',
    });
    rows.push({
      name: `${peers} peers: action frames per action per recipient`,
      value: per((r) => r.counts.actions / (r.turns * 2 * recipients)),
      unit: 'frames',
      target: '1',
      note: 'two actions (place, deploy) per turn',
    });
    rows.push({
      name: `${peers} peers: reveal frames per seat per event per recipient`,
      value: per((r) => r.counts.reveals / (r.events * peers * recipients)),
      unit: 'frames',
      target: '1',
    });
    rows.push({
      name: `${peers} peers: sync (resend) frames per turn, no loss`,
      value: per((r) => r.counts.sync / r.turns),
      unit: 'frames',
      note: 'heartbeat while a bot seat thinks or at the end',
    });
    rows.push({
      name: `${peers} peers: one-way trips from a turn's last action to the next tile on every peer`,
      value: median(runs.flatMap((r) => r.hops)),
      unit: 'trips',
      note: `= ${(median(runs.flatMap((r) => r.hops)) / 2).toFixed(1)} round trips; ${DELAY} ms per trip`,
    });
    rows.push({ name: `${peers} peers: wall time of one simulated game`, value: per((r) => r.wallMs), unit: 'ms' });
  }
  rows.push(...actionLatency());
  return rows;
}

/**
 * Action → applied on all 4 peers over real WebRTC on loopback: a process per peer (paced and flat out),
 * then all in one process beside the in-process floor (bench/lockstep-webrtc.ts, its own process).
 */
function actionLatency(): BenchRow[] {
  const script = fileURLToPath(new URL('./lockstep-webrtc.ts', import.meta.url));
  const r = spawnSync(process.execPath, ['--import', 'tsx', script], { encoding: 'utf8', timeout: 600_000 });
  const line = r.stdout.trim().split('\n').pop() ?? '';
  if (r.status !== 0 || !line.startsWith('{'))
    throw new Error(`lockstep-webrtc failed: ${(r.stderr || r.stdout).trim().split('\n').pop()}`);
  type Pct = { samples: number; p50: number; p95: number };
  const m = JSON.parse(line) as {
    paced: Pct & { thinkMs: number };
    processes: Pct;
    samples: number;
    webrtc: Omit<Pct, 'samples'>;
    loopback: Omit<Pct, 'samples'>;
  };
  return [
    {
      name: 'action → applied on all 4 peers, WebRTC loopback, a process each, paced, p50',
      value: m.paced.p50,
      unit: 'ms',
      note: `${m.paced.samples} placements in 2 bot games; every bot waits ${m.paced.thinkMs} ms before a move, as a player would`,
    },
    {
      name: 'action → applied on all 4 peers, WebRTC loopback, a process each, paced, p95',
      value: m.paced.p95,
      unit: 'ms',
      target: '≤ 30 ms',
    },
    {
      name: "the same, flat out (bots move at once; 4 processes on this machine's cores), p50",
      value: m.processes.p50,
      unit: 'ms',
      note: `${m.processes.samples} placements`,
    },
    { name: 'the same, flat out, p95', value: m.processes.p95, unit: 'ms' },
    {
      name: 'action → applied on all 4 peers, WebRTC loopback, one process (one thread for all), p50',
      value: m.webrtc.p50,
      unit: 'ms',
      note: `${m.samples} placements, flat out`,
    },
    { name: 'action → applied on all 4 peers, WebRTC loopback, one process, p95', value: m.webrtc.p95, unit: 'ms' },
    { name: 'action → applied on all 4 peers, in-process floor, p50', value: m.loopback.p50, unit: 'ms' },
    { name: 'action → applied on all 4 peers, in-process floor, p95', value: m.loopback.p95, unit: 'ms' },
    { name: 'action → applied, WebRTC / floor (both one process), p50', value: m.webrtc.p50 / m.loopback.p50, unit: '×' },
    { name: 'action → applied, WebRTC / floor (both one process), p95', value: m.webrtc.p95 / m.loopback.p95, unit: '×' },
  ];
}
