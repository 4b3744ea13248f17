// npm run chaos -- --games N [--peers 2..6] [--drop 0.1] [--seed S] [--restarts] [--liars] [--partitions] [--jobs J] [--progress]
// Plays N whole networked games over the chaotic in-memory network (src/sim/mesh-sim.ts):
// one peer per seat, each seat a player seat with its own chain whose moves a bot on that
// peer chooses; frames are lost (--drop), duplicated, reordered and delayed. With
// --restarts, one peer in every third game crashes mid-game and comes back from its
// storage with a new transport id. With --liars, one peer in every tenth game lies
// (src/sim/liar.ts): forged, unsigned, replayed, oversized and flooding frames, illegal
// and untimely moves and reveals under its own key, and in half of those games a lie against
// a group decision (self-veto, split vote/veto, withheld votes, false hashes, fresh
// equivocation, brinkmanship...). With --partitions, every fifth game has a partition
// scenario (drawPartition): after it heals, every live peer must end with one log that
// verifies, and no seat of the winning side forfeits. Every peer's log is compared byte
// for byte, and the log is verified offline. Game g uses seed S + g, so a failing game
// re-runs alone with `--games 1 --seed <its seed>` (same flags). --jobs J shares the games
// over J processes (each takes the next game when it is free); the outcome does not depend
// on J. The last line is the summary; exit 1 unless all is well.
import { defaultOptions, type GameOptions } from '../engine';
import { verifyReplay } from '../fair';
import { mulberry32 } from '../fair/mulberry32';
import type { Chaos } from '../sim/memory-network';
import { MeshSim } from '../sim/mesh-sim';
import { DECISION_LIES, Liar, liarSessionOptions, NEEDS_THREE_PEERS, type DecisionLie, type LiarPlan } from '../sim/liar';
import { useEd25519 } from '../fair/signing';
import { nativeEd25519 } from './native-ed25519';
import { commandLineOrExit, parseFlags, UsageError } from './args';

export interface ChaosArgs {
  games: number;
  minPeers: number;
  maxPeers: number;
  drop: number;
  seed: number;
  restarts: boolean;
  liars: boolean;
  partitions: boolean;
  jobs: number;
  progress: boolean;
}

const USAGE =
  'usage: npm run chaos -- --games N [--peers 2..6 | --peers K] [--drop 0.1] [--seed S] [--restarts] [--liars] [--partitions] [--jobs J] [--progress]';
const FLAGS = {
  games: { type: 'string' },
  seed: { type: 'string' },
  jobs: { type: 'string' },
  drop: { type: 'string' },
  peers: { type: 'string' },
  restarts: { type: 'boolean' },
  liars: { type: 'boolean' },
  partitions: { type: 'boolean' },
  progress: { type: 'boolean' },
} as const;

export function parseChaosArgs(argv: string[]): ChaosArgs {
  const a: ChaosArgs = {
    games: 10,
    minPeers: 2,
    maxPeers: 6,
    drop: 0.1,
    seed: 1,
    restarts: false,
    liars: false,
    partitions: false,
    jobs: 1,
    progress: false,
  };
  const whole = (name: string, v: string, min: number, max: number) => {
    if (!/^\d{1,9}$/.test(v)) throw new UsageError(`${name} needs a whole number, got ${JSON.stringify(v.slice(0, 20))}`);
    const n = Number(v);
    if (n < min || n > max) throw new UsageError(`${name} must be from ${min} to ${max}, got ${n}`);
    return n;
  };
  const { values: f } = parseFlags(argv, FLAGS);
  if (f.games !== undefined) a.games = whole('--games', f.games, 1, 1_000_000);
  if (f.seed !== undefined) a.seed = whole('--seed', f.seed, 0, 2 ** 31);
  if (f.jobs !== undefined) a.jobs = whole('--jobs', f.jobs, 1, 16);
  a.restarts = f.restarts ?? false;
  a.liars = f.liars ?? false;
  a.partitions = f.partitions ?? false;
  a.progress = f.progress ?? false;
  if (f.drop !== undefined) {
    const v = f.drop;
    if (!/^(0(\.\d{1,4})?|1(\.0{1,4})?)$/.test(v) || Number(v) > 0.5) {
      throw new UsageError(`--drop needs a probability from 0 to 0.5, got ${JSON.stringify(v.slice(0, 20))}`);
    }
    a.drop = Number(v);
  }
  if (f.peers !== undefined) {
    const v = f.peers;
    const m = /^([2-6])(?:\.\.([2-6]))?$/.exec(v);
    if (!m) throw new UsageError(`--peers needs a count from 2 to 6 or a range such as 2..6, got ${JSON.stringify(v.slice(0, 20))}`);
    a.minPeers = Number(m[1]);
    a.maxPeers = Number(m[2] ?? m[1]);
    if (a.minPeers > a.maxPeers) throw new UsageError(`--peers ${v}: the range must go up`);
  }
  return a;
}

export interface GameOutcome {
  seed: number;
  peers: number;
  kind: string;
  completed: boolean;
  desync: boolean;
  logsDiffer: boolean;
  verified: boolean;
  ms: number;
  note: string;
  /** The lying peer's index, its lies sent, whether its seat ended forfeited, whether the honest peers were told why. */
  liar: number | null;
  lies: number;
  liarDropped: boolean;
  liesReported: boolean;
  /** Exceptions any frame caused inside any honest session (zero unless there is a bug). */
  internalErrors: number;
  /** Honest seats that ended forfeited, on any honest peer (must be none). */
  honestForfeits: number;
  /** The liar lost its seat though it told only harmless lies (must not happen). */
  harmlessDropped: boolean;
  /** The liar's lie against a group decision, if any (liar.ts DECISION_LIES). */
  decisionLie: DecisionLie | null;
  /** The partition scenario of this game (null: none), and whether every live peer then ended with one log that verifies. */
  partition: string | null;
  healed: boolean;
}

/** Whether game g (0-based) of a run has a restart, a liar. */
export const restartsIn = (g: number) => g % 3 === 0;
export const liarIn = (g: number) => g % 10 === 1;
/** Game g has a partition scenario: never a liar's game (g % 10 is 2 or 7), a restart in a third of them. */
export const partitionIn = (g: number) => g % 5 === 2;

/**
 * A partition scenario drawn from the game's seed (P6.1, P6.2): a split longer than the
 * timeouts (a minority against a majority, or equal sides where the count allows), a cut
 * shorter than a reveal's free time in mid-round, or two or three seats silent at once
 * (crashed for good, or silenced until the others dropped them, then heard again).
 * `winners`: the peers whose seats must not forfeit — the strictly larger side of a split
 * (in an equal split nobody's: the documented tie-break may drop either side), every peer
 * of a short cut, every peer not silent; silent and crashed seats are expected to forfeit.
 */
export interface PartitionPlan {
  kind: 'split' | 'cut' | 'crash' | 'silence';
  groups: number[][];
  /** The peers that go silent or crash. */
  gone: number[];
  atTurn: number;
  ms: number;
  winners: number[];
}

export function drawPartition(seed: number, peers: number): PartitionPlan {
  const rnd = mulberry32(seed ^ 0x9a27);
  const order = Array.from({ length: peers }, (_, i) => i);
  for (let i = peers - 1; i > 0; i--) {
    const j = Math.floor(rnd() * (i + 1));
    [order[i], order[j]] = [order[j], order[i]];
  }
  const kinds: PartitionPlan['kind'][] = ['split', 'split', 'cut', ...(peers >= 3 ? (['crash', 'silence'] as const) : [])];
  const kind = kinds[Math.floor(rnd() * kinds.length)];
  const atTurn = 3 + Math.floor(rnd() * 20);
  if (kind === 'split' || kind === 'cut') {
    const small = kind === 'cut' ? 1 : 1 + Math.floor(rnd() * Math.floor(peers / 2));
    const groups = [order.slice(0, small), order.slice(small)];
    const equal = groups[0].length === groups[1].length;
    // A split: 150-300 s, past a move's cap (90 s) and the grace after it; a cut: 2-6 s, within a reveal's free 10 s.
    const ms = kind === 'split' ? 150_000 + Math.floor(rnd() * 150_001) : 2_000 + Math.floor(rnd() * 4_001);
    const winners = kind === 'cut' ? order.slice().sort() : equal ? [] : groups[1].slice().sort();
    return { kind, groups, gone: [], atTurn, ms, winners };
  }
  const count = peers >= 4 && rnd() < 0.5 ? 3 : 2;
  const gone = order.slice(0, Math.min(count, peers - 1)).sort();
  return { kind, groups: [], gone, atTurn, ms: 0, winners: order.filter((i) => !gone.includes(i)).sort() };
}

/** One game, fully determined by its seed (and whether it has a restart and a liar). */
export async function chaosGame(seed: number, a: ChaosArgs, restart: boolean, lying = false, partitioned = false): Promise<GameOutcome> {
  const rnd = mulberry32(seed ^ 0x5eed);
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
  const notes: string[] = [];
  let liar: Liar | null = null;
  let plan: LiarPlan | null = null;
  if (lying) {
    // Drawn from a generator of its own, so that a game with a liar keeps its other draws.
    const lr = mulberry32(seed ^ 0x11a2);
    const peer = Math.floor(lr() * peers);
    // Half lie against a group decision (one kind, drawn among those the peer count allows), three quarters
    // mix harmless lies with signed ones, a quarter tell only harmless lies (and must keep the seat).
    const f = lr();
    const kinds = DECISION_LIES.filter((k) => peers >= 3 || !NEEDS_THREE_PEERS.includes(k));
    const fatal = f < 1 / 2 ? kinds[Math.floor(lr() * kinds.length)] : null;
    const signed = f < 3 / 4;
    plan = { peer, seed, fatal, signed };
    notes.push(`peer ${peer} tells ${signed ? 'all kinds of' : 'harmless'} lies${fatal ? ` and lies by ${fatal}` : ''}`);
  }
  const partition = partitioned ? drawPartition(seed, peers) : null;
  let healed = false;
  let restartedUnheard: number | null = null;
  try {
    const liarPlan = plan;
    await sim.open((i) => (liarPlan && i === liarPlan.peer ? liarSessionOptions(liarPlan, sim.clock) : {}));
    if (plan) liar = new Liar(sim, plan);
    if (restart) {
      const who = 1 + Math.floor(rnd() * (peers - 1));
      const turn = 5 + Math.floor(rnd() * 40);
      await sim.runUntil(() => sim.peers[who].session.started && sim.peers[who].session.state.turn >= turn, 4 * 3_600_000);
      sim.crash(who);
      await sim.runUntil(() => false, 2_000);
      sim.restart(who);
      notes.push(`peer ${who} restarted at turn ${turn}`);
      // A restart while the liar keeps an honest peer silent: the new link between the two can never prove itself
      // (the silent one's half of the handshake never arrives), so they cannot hear each other at all — two honest
      // seats split one against one, with the liar abstaining; the documented tie-break may drop either of them.
      if (liar?.silencing && liar.silenced !== who) {
        restartedUnheard = who;
        notes.push(`restarted while peer ${liar.silenced} was silenced`);
      }
      if (partitioned) {
        // A partition scenario names whose seats must survive it: a restarted peer whose new link no one has
        // authenticated yet is heard by nobody, so to the others it is as silent as the seats that go silent. The
        // fault starts once it is linked with every live peer again (up to a simulated minute).
        const linked = (p: (typeof sim.peers)[number], q: (typeof sim.peers)[number]) =>
          p.session.peers.some((v) => v.colour === q.session.ownColour && v.state === 'connected');
        const back = sim.peers[who];
        const others = () => sim.peers.filter((p) => p.alive && p !== back);
        await sim.runUntil(() => others().every((p) => linked(p, back) && linked(back, p)), 60_000);
      }
    }
    if (partition) {
      const live = () => sim.peers.filter((p) => p.alive);
      const at = () => live()[0].session;
      await sim.runUntil(() => at().started && (at().state.turn >= partition.atTurn || at().phase !== 'playing'), 4 * 3_600_000);
      const heal = partition.kind === 'split' || partition.kind === 'cut' ? sim.split(partition.groups) : null;
      if (partition.kind === 'crash') for (const i of partition.gone) sim.crash(i);
      if (partition.kind === 'silence') {
        const gone = partition.gone.map((i) => sim.peers[i].session.transportId);
        const before = sim.net.filter;
        sim.net.filter = (from, to, frame) => !gone.includes(from) && (before ? before(from, to, frame) : true);
        const colours = partition.gone.map((i) => sim.colours[i]);
        const speaking = partition.winners.map((i) => sim.peers[i]);
        // Silenced until every peer still speaking has dropped all of them (or an hour), then heard again.
        await sim.runUntil(
          () =>
            speaking.every((p) => colours.every((c) => p.session.forfeits().some((f) => f.colour === c)) || p.session.phase !== 'playing'),
          3_600_000,
        );
        sim.net.filter = before;
      } else if (heal) {
        await sim.runUntil(() => false, partition.ms);
        heal();
      }
      const who = heal ? partition.groups.map((g) => g.join('+')).join(' | ') : `peers ${partition.gone.join('+')}`;
      notes.push(
        `${partition.kind} at turn ${partition.atTurn}: ${who}${partition.ms ? ` for ${(partition.ms / 1000).toFixed(0)} s` : ''}`,
      );
    }
    // What is judged is the honest peers' game: the liar's own session (the lies are not its
    // doing, so to it the honest peers' reaction can look wrong) may end anywhere.
    const honest = () => sim.everyone.filter((p) => !liar || p !== sim.peers[liar.plan.peer]);
    // Both sides of a split (or a silenced peer) may have finished before the heal: wait for one log, compared by its prefix hash.
    const ended = (p: (typeof sim.peers)[number]) => p.session.phase === 'over' || p.session.phase === 'desync';
    const oneLog = () => new Set(honest().map((p) => p.session.prefixAt(p.session.logLength))).size === 1;
    await sim.runUntil(() => honest().every(ended) && (oneLog() || honest().some((p) => p.session.phase === 'desync')), 8 * 3_600_000);
    // One log is not yet one replay: the votes and chat it records may still be on their way (the sync goes on, slowly,
    // after the end). Up to 10 minutes more, looked at once a simulated second.
    let lookedAt = -Infinity;
    const oneReplay = () => {
      if (sim.clock.now() - lookedAt < 1_000) return false;
      lookedAt = sim.clock.now();
      return new Set(honest().map((p) => p.session.replayText())).size === 1;
    };
    if (!honest().some((p) => p.session.phase === 'desync')) await sim.runUntil(oneReplay, 600_000);
    const honestPeers = honest();
    const desync = honestPeers.some((p) => p.session.phase === 'desync');
    const completed = honestPeers.every((p) => p.session.phase === 'over');
    const logs = honestPeers.map((p) => p.session.replayText());
    const logsDiffer = logs.some((l) => l !== logs[0]);
    const report = completed ? verifyReplay(logs[0]) : null;
    if (report && !report.ok) notes.push(`verify: ${report.message}`);
    if (sim.spinning) notes.push('simulated time froze: timers kept re-arming at one instant');
    // Where each honest peer stands when the game went wrong: enough to start looking.
    if (!completed || logs.some((l) => l !== logs[0]))
      notes.push(
        honestPeers
          .map(
            (p) =>
              `${p.name} ${p.session.phase} at ${p.session.logLength}, forfeits ${
                p.session
                  .forfeits()
                  .map((f) => f.colour)
                  .join('+') || 'none'
              }`,
          )
          .join(', '),
      );
    healed = !!partition && completed && !desync && !logs.some((l) => l !== logs[0]) && !!report?.ok;
    const internalErrors = honestPeers.reduce((n, p) => n + p.session.internalErrorCount, 0);
    let liarDropped = false,
      liesReported = true;
    const liarColour = liar ? sim.colours[liar.plan.peer] : null;
    // No honest seat ever forfeits: the network's chaos and a restart stay within the timeouts. Of a partition game
    // only the seats of its winners count (silent, crashed and losing seats may forfeit); nor does one the liar silenced.
    const counted = (c: string) => {
      const i = sim.colours.indexOf(c as (typeof sim.colours)[number]);
      if (c === liarColour || (liar && liar.silenced === i) || restartedUnheard === i) return false;
      return !partition || partition.winners.includes(i);
    };
    const honestForfeits = [
      ...new Set(
        honestPeers.flatMap((p) =>
          p.session
            .forfeits()
            .filter((f) => counted(f.colour))
            .map((f) => f.colour),
        ),
      ),
    ];
    if (honestForfeits.length) notes.push(`honest seats forfeited: ${[...new Set(honestForfeits)].join(', ')}`);
    if (liar) {
      liarDropped = honestPeers.some((p) => p.session.forfeits().some((f) => f.colour === liarColour));
      liesReported = liar.total === 0 || honestPeers.some((p) => p.rejects.length > 0);
      notes.push(`${liar.total} lies${liarDropped ? ', its seat dropped' : ''}`);
    }
    // Lies that carry no valid signature of the liar for a slot of its own cost it nothing.
    const harmlessDropped = !!liar && !liar.plan.signed && !liar.plan.fatal && liarDropped;
    return {
      seed,
      peers,
      kind,
      completed,
      desync,
      logsDiffer,
      verified: !!report?.ok,
      ms: performance.now() - started,
      note: notes.join('; '),
      liar: liar ? liar.plan.peer : null,
      lies: liar?.total ?? 0,
      liarDropped,
      liesReported,
      internalErrors,
      honestForfeits: honestForfeits.length,
      harmlessDropped,
      decisionLie: liar?.plan.fatal ?? null,
      partition: partition ? partition.kind : null,
      healed,
    };
  } finally {
    liar?.stop();
    sim.dispose();
  }
}

const failed = (r: GameOutcome) =>
  !r.completed ||
  r.desync ||
  r.logsDiffer ||
  !r.verified ||
  r.internalErrors > 0 ||
  !r.liesReported ||
  r.honestForfeits > 0 ||
  r.harmlessDropped;

export function describeGame(g: number, r: GameOutcome): string {
  const bad = failed(r);
  const notes = [
    r.completed ? '' : ', did not finish',
    r.desync ? ', desync' : '',
    r.logsDiffer ? ', logs differ' : '',
    r.completed && !r.verified ? ', not verified' : '',
    r.internalErrors ? `, ${r.internalErrors} internal errors` : '',
    r.liesReported ? '' : ', lies not reported',
    r.honestForfeits ? ', an honest seat forfeited' : '',
    r.harmlessDropped ? ', dropped for harmless lies' : '',
    r.note ? ` (${r.note})` : '',
  ].join('');
  return `game ${g + 1} (seed ${r.seed}, ${r.peers} peers, ${r.kind}): ${bad ? 'FAILED' : 'ok'}${notes} in ${r.ms.toFixed(0)} ms`;
}

/** Game g of a run: its seed, and whether it has a restart and a liar, follow from g alone. */
function playGame(a: ChaosArgs, g: number): Promise<GameOutcome> {
  return chaosGame(a.seed + g, a, a.restarts && restartsIn(g), a.liars && liarIn(g), a.partitions && partitionIn(g));
}

/** Plays every game of the run in this process, in order. */
async function* playAll(a: ChaosArgs): AsyncGenerator<{ g: number; r: GameOutcome }> {
  for (let g = 0; g < a.games; g++) yield { g, r: await playGame(a, g) };
}

/** The games of a run, from this process (jobs 1) or from J child processes. */
function outcomes(a: ChaosArgs): AsyncIterable<{ g: number; r: GameOutcome }> {
  if (a.jobs <= 1) return playAll(a);
  return fromChildren(a);
}

/** Parent → worker: the next game to play, or none left. Worker → parent: ready, or a game's outcome. */
type ToWorker = { g: number } | { done: true };
type FromWorker = { ready: true } | { g: number; r: GameOutcome };

/**
 * J worker processes take games from one queue, the next index whenever one is free, so a run
 * of long games at one end of the range does not leave a core idle. Every game's outcome
 * depends on its index only, so the summary is the same.
 */
async function* fromChildren(a: ChaosArgs): AsyncGenerator<{ g: number; r: GameOutcome }> {
  const { fork } = await import('node:child_process');
  const queue: ({ g: number; r: GameOutcome } | Error | null)[] = [];
  let wake: (() => void) | null = null;
  const push = (x: { g: number; r: GameOutcome } | Error | null) => {
    queue.push(x);
    wake?.();
  };
  let next = 0;
  const children = Array.from({ length: Math.min(a.jobs, a.games) }, (_, j) => {
    const child = fork(process.argv[1], [...process.argv.slice(2), '--worker'], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    child.on('message', (m: FromWorker) => {
      if ('r' in m) push(m);
      child.send((next < a.games ? { g: next++ } : { done: true }) satisfies ToWorker);
    });
    child.on('exit', (code) => push(code === 0 ? null : new Error(`chaos: process ${j + 1} of ${a.jobs} stopped with code ${code}`)));
    return child;
  });
  let open = children.length;
  try {
    while (open > 0) {
      if (queue.length === 0)
        await new Promise<void>((resolve) => {
          wake = resolve;
        });
      wake = null;
      const x = queue.shift()!;
      if (x === null) open--;
      else if (x instanceof Error) throw x;
      else yield x;
    }
  } finally {
    for (const c of children) if (c.exitCode === null) c.kill();
  }
}

/** A worker of a --jobs run: plays the games its parent hands it, one at a time, until none is left. */
function work(a: ChaosArgs): void {
  let finished = false;
  // A parent that died (killed, timed out) leaves no one to report to: stop at once, mid-game.
  process.on('disconnect', () => finished || process.exit(1));
  process.on('message', (m: ToWorker) => {
    if ('done' in m) {
      finished = true;
      return process.disconnect();
    }
    void playGame(a, m.g).then((r) => process.send!({ g: m.g, r } satisfies FromWorker));
  });
  process.send!({ ready: true } satisfies FromWorker);
}

export async function runChaos(a: ChaosArgs, out: (line: string) => void): Promise<boolean> {
  let completed = 0,
    desyncs = 0,
    differing = 0,
    verified = 0,
    played = 0,
    internal = 0;
  let liarGames = 0,
    lies = 0,
    dropped = 0,
    unreported = 0;
  let splits = 0,
    healedSplits = 0,
    winnerForfeits = 0;
  const byLie = new Map<DecisionLie, { games: number; dropped: number }>();
  const times: number[] = [];
  for await (const { g, r } of outcomes(a)) {
    played++;
    times.push(r.ms);
    completed += r.completed ? 1 : 0;
    desyncs += r.desync ? 1 : 0;
    differing += r.logsDiffer ? 1 : 0;
    verified += r.verified ? 1 : 0;
    internal += r.internalErrors;
    if (r.liar !== null) {
      liarGames++;
      lies += r.lies;
      dropped += r.liarDropped ? 1 : 0;
      unreported += r.liesReported ? 0 : 1;
      if (r.decisionLie) {
        const k = byLie.get(r.decisionLie) ?? { games: 0, dropped: 0 };
        k.games++;
        k.dropped += r.liarDropped ? 1 : 0;
        byLie.set(r.decisionLie, k);
      }
    }
    if (r.partition) {
      splits++;
      healedSplits += r.healed ? 1 : 0;
      winnerForfeits += r.honestForfeits;
    }
    if (failed(r) || a.progress) out(describeGame(g, r));
  }
  times.sort((x, y) => x - y);
  out(
    `median ${times[Math.floor(times.length / 2)].toFixed(0)} ms per game (wall clock, simulated network time${a.jobs > 1 ? `, ${a.jobs} processes` : ''})`,
  );
  if (a.liars)
    out(
      `liars: ${liarGames} games with a lying peer, ${lies} lies sent, ${dropped} liars' seats dropped, ` +
        `${unreported} games where no lie was reported, ${internal} internal errors`,
    );
  if (a.liars) {
    const kinds = DECISION_LIES.filter((k) => byLie.has(k)).map((k) => `${k} ${byLie.get(k)!.games} (${byLie.get(k)!.dropped} dropped)`);
    out(`liar kinds: ${kinds.length ? kinds.join(', ') : 'none'}`);
  }
  if (a.partitions)
    out(`partitions: ${splits} splits, ${healedSplits} healed, ${splits - healedSplits} stuck; honest forfeits: ${winnerForfeits}`);
  out(`chaos: ${a.games} games, ${completed} completed, ${desyncs} desyncs, ${differing} logs differing, ${verified} verified`);
  return (
    played === a.games &&
    completed === a.games &&
    desyncs === 0 &&
    differing === 0 &&
    verified === a.games &&
    internal === 0 &&
    unreported === 0 &&
    healedSplits === splits &&
    winnerForfeits === 0
  );
}

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  // --worker: this is a child of a --jobs run; it plays the games its parent hands it.
  const at = argv.indexOf('--worker');
  const worker = at >= 0;
  if (worker) argv.splice(at, 1);
  const args = commandLineOrExit('chaos', USAGE, argv, (rest) => {
    if (worker && !process.send) throw new UsageError('--worker is for the processes of a --jobs run');
    return parseChaosArgs(rest);
  });
  // Node's own Ed25519: the same signature bytes as the page's, a twentieth of the time.
  useEd25519(nativeEd25519);
  if (worker) return work(args);
  const ok = await runChaos(args, (line) => process.stdout.write(line + '\n'));
  process.exit(ok ? 0 : 1);
}

if (process.argv[1] && /chaos\.ts$/.test(process.argv[1])) void main();
