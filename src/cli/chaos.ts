// npm run chaos -- --games N [--peers 2..6] [--drop 0.1] [--seed S] [--restarts] [--progress]
// Plays N whole networked games over the chaotic in-memory network (src/net/mesh-sim.ts):
// one peer per seat, each seat a player seat with its own chain whose moves a bot on that
// peer chooses; frames are lost (--drop), duplicated, reordered and delayed. With
// --restarts, one peer in every third game crashes mid-game and comes back from its
// storage with a new transport id. Every peer's log is compared byte for byte, and the
// log is verified offline. Game g uses seed S + g, so a failing game re-runs alone with
// `--games 1 --seed <its seed>`. The last line is the summary; exit 1 unless all is well.
import { defaultOptions, type GameOptions } from '../engine';
import { verifyReplay } from '../fair';
import { seededRandom, type Chaos } from '../net/memory-network';
import { MeshSim } from '../net/mesh-sim';

export interface ChaosArgs { games: number; minPeers: number; maxPeers: number; drop: number; seed: number; restarts: boolean; progress: boolean }

class UsageError extends Error {}
const USAGE = 'usage: npm run chaos -- --games N [--peers 2..6 | --peers K] [--drop 0.1] [--seed S] [--restarts] [--progress]';

export function parseChaosArgs(argv: string[]): ChaosArgs {
  const a: ChaosArgs = { games: 10, minPeers: 2, maxPeers: 6, drop: 0.1, seed: 1, restarts: false, progress: false };
  const whole = (name: string, v: string | undefined, min: number, max: number) => {
    if (v === undefined || !/^\d{1,9}$/.test(v)) throw new UsageError(`${name} needs a whole number, got ${v === undefined ? 'nothing' : JSON.stringify(v.slice(0, 20))}`);
    const n = Number(v);
    if (n < min || n > max) throw new UsageError(`${name} must be from ${min} to ${max}, got ${n}`);
    return n;
  };
  for (let i = 0; i < argv.length; i++) {
    const k = argv[i];
    switch (k) {
      case '--games': a.games = whole(k, argv[++i], 1, 1_000_000); break;
      case '--seed': a.seed = whole(k, argv[++i], 0, 2 ** 31); break;
      case '--restarts': a.restarts = true; break;
      case '--progress': a.progress = true; break;
      case '--drop': {
        const v = argv[++i];
        if (v === undefined || !/^(0(\.\d{1,4})?|1(\.0{1,4})?)$/.test(v) || Number(v) > 0.5) throw new UsageError(`--drop needs a probability from 0 to 0.5, got ${v === undefined ? 'nothing' : JSON.stringify(v.slice(0, 20))}`);
        a.drop = Number(v);
        break;
      }
      case '--peers': {
        const v = argv[++i] ?? '';
        const m = /^([2-6])(?:\.\.([2-6]))?$/.exec(v);
        if (!m) throw new UsageError(`--peers needs a count from 2 to 6 or a range such as 2..6, got ${JSON.stringify(v.slice(0, 20))}`);
        a.minPeers = Number(m[1]);
        a.maxPeers = Number(m[2] ?? m[1]);
        if (a.minPeers > a.maxPeers) throw new UsageError(`--peers ${v}: the range must go up`);
        break;
      }
      default: throw new UsageError(`unknown argument ${JSON.stringify(k.slice(0, 40))}`);
    }
  }
  return a;
}

export interface GameOutcome { seed: number; peers: number; kind: string; completed: boolean; desync: boolean; logsDiffer: boolean; verified: boolean; ms: number; note: string }

/** One game, fully determined by its seed. */
export async function chaosGame(seed: number, a: ChaosArgs, restart: boolean): Promise<GameOutcome> {
  const rnd = seededRandom(seed ^ 0x5eed);
  const peers = a.minPeers + Math.floor(rnd() * (a.maxPeers - a.minPeers + 1));
  const options: GameOptions = defaultOptions();
  const roll = rnd();
  let kind = 'base';
  if (peers === 6 || (roll < 0.3 && peers !== 5)) {
    kind = 'expansion';
    options.expansion = { tiles: true, blue: true, equipment: true, yellowDie: true };
  } else if (peers === 4 && roll < 0.65) {
    // R9.3: the team variant seats exactly red, green, black and white.
    kind = 'teams';
    options.teams = true;
  }
  const chaos: Chaos = { drop: a.drop, duplicate: 0.05, minDelay: 5, maxDelay: 80, reorder: 0.1, reorderDelay: 150 };
  const started = performance.now();
  const sim = new MeshSim({ peers, seed, chaos, options });
  let note = '';
  try {
    await sim.open();
    if (restart) {
      const who = 1 + Math.floor(rnd() * (peers - 1));
      const turn = 5 + Math.floor(rnd() * 40);
      await sim.runUntil(() => sim.peers[who].session.started && sim.peers[who].session.state.turn >= turn, 4 * 3_600_000);
      sim.crash(who);
      await sim.runUntil(() => false, 2_000);
      sim.restart(who);
      note = `peer ${who} restarted at turn ${turn}`;
    }
    const finished = await sim.runUntil(() => sim.finished(), 8 * 3_600_000);
    const desync = sim.everyone.some((p) => p.session.phase === 'desync');
    const completed = finished && sim.everyone.every((p) => p.session.phase === 'over');
    const logs = sim.logs();
    const logsDiffer = logs.some((l) => l !== logs[0]);
    const report = completed ? verifyReplay(logs[0]) : null;
    if (report && !report.ok) note += `${note ? '; ' : ''}verify: ${report.message}`;
    return { seed, peers, kind, completed, desync, logsDiffer, verified: !!report?.ok, ms: performance.now() - started, note };
  } finally {
    sim.dispose();
  }
}

export async function runChaos(a: ChaosArgs, out: (line: string) => void): Promise<boolean> {
  let completed = 0, desyncs = 0, differing = 0, verified = 0;
  const times: number[] = [];
  for (let g = 0; g < a.games; g++) {
    const seed = a.seed + g;
    const r = await chaosGame(seed, a, a.restarts && g % 3 === 0);
    times.push(r.ms);
    completed += r.completed ? 1 : 0;
    desyncs += r.desync ? 1 : 0;
    differing += r.logsDiffer ? 1 : 0;
    verified += r.verified ? 1 : 0;
    const bad = !r.completed || r.desync || r.logsDiffer || !r.verified;
    if (bad || a.progress)
      out(`game ${g + 1} (seed ${seed}, ${r.peers} peers, ${r.kind}): ${bad ? 'FAILED' : 'ok'}${r.completed ? '' : ', did not finish'}${r.desync ? ', desync' : ''}${r.logsDiffer ? ', logs differ' : ''}${r.completed && !r.verified ? ', not verified' : ''}${r.note ? ` (${r.note})` : ''} in ${r.ms.toFixed(0)} ms`);
  }
  times.sort((x, y) => x - y);
  out(`median ${times[Math.floor(times.length / 2)].toFixed(0)} ms per game (wall clock, simulated network time)`);
  out(`chaos: ${a.games} games, ${completed} completed, ${desyncs} desyncs, ${differing} logs differing, ${verified} verified`);
  return completed === a.games && desyncs === 0 && differing === 0 && verified === a.games;
}

async function main(): Promise<void> {
  let args: ChaosArgs;
  try {
    args = parseChaosArgs(process.argv.slice(2));
  } catch (e) {
    if (e instanceof UsageError) {
      process.stderr.write(`chaos: ${e.message}\n${USAGE}\n`);
      process.exit(2);
    }
    throw e;
  }
  const ok = await runChaos(args, (line) => process.stdout.write(line + '\n'));
  process.exit(ok ? 0 : 1);
}

if (process.argv[1] && /chaos\.ts$/.test(process.argv[1])) void main();
