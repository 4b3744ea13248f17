// npm run bench -- catch-up: a spectator joining a game of 3 players and a bot (simulated
// network, 30 ms links) at turn 20, at turn 40 and after the end, until it holds the live
// log: sync requests it sent, frames and characters it received, simulated time (round trips)
// and this process's time, with bulk catch-up (wire version 5) and, side by side on the same
// games, answers of 64 items at a time as before it.
import { MeshSim } from '../src/sim/mesh-sim';
import { steady } from '../src/sim/memory-network';
import { median, type BenchRow } from './types';

const HOUR = 3_600_000;
const STEADY = steady(30);
const SEEDS = [1, 2, 3, 4, 5];
const POINTS: { name: string; at: (sim: MeshSim) => boolean }[] = [
  { name: 'turn 20', at: (sim) => sim.peers[0].session.started && sim.peers[0].session.state.turn >= 20 },
  { name: 'turn 40', at: (sim) => sim.peers[0].session.started && sim.peers[0].session.state.turn >= 40 },
  { name: 'the end', at: (sim) => sim.finished() },
];

interface Run {
  syncs: number;
  frames: number;
  chars: number;
  simMs: number;
  wallMs: number;
}

async function catchUp(seed: number, point: (sim: MeshSim) => boolean, bulk: boolean): Promise<Run> {
  const sim = new MeshSim({ peers: 3, seed, chaos: STEADY, botSeats: ['greedy'] });
  await sim.open(() => ({ bulkCatchUp: bulk }));
  if (!(await sim.runUntil(() => point(sim), 10 * HOUR))) throw new Error(`seed ${seed}: the game did not get there`);
  const run: Run = { syncs: 0, frames: 0, chars: 0, simMs: 0, wallMs: 0 };
  const watcher = sim.spectate(1, { bulkCatchUp: bulk });
  const id = () => watcher.session.transportId;
  sim.net.filter = (from, to, frame) => {
    if (to === id()) {
      run.frames++;
      run.chars += frame.length;
    }
    if (from === id() && frame.startsWith('{"t":"sync"')) run.syncs++;
    return true;
  };
  const t0 = sim.clock.now();
  const w0 = performance.now();
  const live = () => {
    const s = watcher.session;
    return s.started && !s.catchingUp && (s.replicaView?.length ?? 0) >= (sim.peers[0].session.replicaView?.length ?? 0);
  };
  if (!(await sim.runUntil(live, HOUR))) throw new Error(`seed ${seed}: the spectator did not catch up`);
  run.simMs = sim.clock.now() - t0;
  run.wallMs = performance.now() - w0;
  sim.dispose();
  return run;
}

export default async function bench(): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  for (const p of POINTS) {
    const runs = { bulk: [] as Run[], old: [] as Run[] };
    for (const seed of SEEDS) {
      runs.bulk.push(await catchUp(seed, p.at, true));
      runs.old.push(await catchUp(seed, p.at, false));
    }
    const m = (k: keyof Run, r: Run[]) => median(r.map((x) => x[k]));
    const note = (k: keyof Run) => `64 at a time: ${m(k, runs.old).toFixed(0)}`;
    rows.push(
      { name: `catch-up at ${p.name}: sync requests`, value: m('syncs', runs.bulk), unit: '', note: note('syncs') },
      { name: `catch-up at ${p.name}: frames received`, value: m('frames', runs.bulk), unit: '', note: note('frames') },
      { name: `catch-up at ${p.name}: characters received`, value: m('chars', runs.bulk), unit: 'chars', note: note('chars') },
      { name: `catch-up at ${p.name}: simulated time`, value: m('simMs', runs.bulk), unit: 'ms', note: `${note('simMs')} ms; links 30 ms` },
      { name: `catch-up at ${p.name}: this process's time`, value: m('wallMs', runs.bulk), unit: 'ms', note: `${note('wallMs')} ms` },
    );
  }
  return rows;
}
