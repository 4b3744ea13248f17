// Whole networked games on the in-memory network, one MeshSession per peer, on a simulated
// clock: the tests and `npm run chaos` drive them. Each peer's own seat is a player seat
// (with its own chain) whose moves a bot on that peer chooses; the network drops,
// duplicates, reorders and delays frames as the chaos says. Repeatable from the seed.
import { sha256 } from '@noble/hashes/sha2.js';
import { utf8ToBytes } from '@noble/hashes/utils.js';
import { defaultOptions, serialize, type Colour, type GameOptions } from '../engine';
import { toHex } from '../fair/hex';
import { identityFromSecret } from '../net/identity';
import { chooseFromText } from '../bots/bot-choice';
import type { BotRunner } from '../bots/bot-runner';
import { SimClock } from './sim-clock';
import { GameStore, type KeyValueStorage } from '../session/game-store';
import { MemoryNetwork, type Chaos } from './memory-network';
import type { Timeouts } from '../net/lockstep/limits';
import { SimMeshSession, type SimMeshOptions } from './sim-mesh-session';
import type { BotLevel } from '../session/session';

export class MemoryStorage implements KeyValueStorage {
  readonly data = new Map<string, string>();
  getItem(k: string): string | null {
    return this.data.get(k) ?? null;
  }
  setItem(k: string, v: string): void {
    this.data.set(k, v);
  }
  removeItem(k: string): void {
    this.data.delete(k);
  }
}

/** Bot decisions at once, in process (the simulation has no real time to wait in). */
export const immediateBots: BotRunner = {
  choose: (state, level, seed) => Promise.resolve(chooseFromText(serialize(state), level, seed)),
  dispose() {},
};

export interface SimPlan {
  peers: number;
  seed: number;
  chaos?: Chaos;
  options?: GameOptions;
  /** Extra seats played by a bot on every peer (no chain, no owner). */
  botSeats?: BotLevel[];
  /** The bot that chooses each peer's own moves. */
  autopilot?: BotLevel;
  timeouts?: Timeouts;
  shuffleSeats?: boolean;
  /** The bot for a dropped or resigned seat (the settings' `standIn`; default greedy). */
  standIn?: BotLevel;
  /** Every player builds its hash chain in the lobby before the host starts (`prepareChain`, as the page does when idle). */
  prepareChains?: boolean;
}

const REBELS: Colour[] = ['red', 'green'];
const EMPIRE: Colour[] = ['black', 'white', 'blue'];

/** Test-only key material from the run's seed, so a run's log bytes repeat exactly (never used outside simulations). */
export function seededBytes(seed: number, label: string): Uint8Array {
  return sha256(utf8ToBytes(`mesh-sim|${seed}|${label}`));
}

/** Colours for n seats: alternating factions for the team variant (R9.1), else the usual order. */
export function seatColours(n: number, options: GameOptions): Colour[] {
  if (options.teams) {
    const out: Colour[] = [];
    for (let i = 0; i < n; i++) out.push(i % 2 === 0 ? REBELS[i / 2] : EMPIRE[(i - 1) / 2]);
    return out;
  }
  const order: Colour[] = ['red', 'black', 'green', 'white', 'orange', 'blue'];
  return order.slice(0, n);
}

export interface SimPeer {
  name: string;
  storage: MemoryStorage;
  store: GameStore;
  session: SimMeshSession;
  rejects: string[];
  alive: boolean;
}

/** Timer steps at one simulated instant beyond which a run is stuck (a real game sees a few hundred at most). */
export const MAX_STEPS_AT_ONE_INSTANT = 200_000;

export class MeshSim {
  readonly clock = new SimClock();
  /** Set once timers spun at one instant past the limit: every later run returns false at once. */
  spinning = false;
  readonly net: MemoryNetwork;
  readonly peers: SimPeer[] = [];
  readonly spectators: SimPeer[] = [];
  readonly colours: Colour[];
  private readonly options: GameOptions;

  constructor(readonly plan: SimPlan) {
    this.net = new MemoryNetwork(this.clock, plan.seed, plan.chaos);
    this.options = plan.options ?? defaultOptions();
    this.colours = seatColours(plan.peers + (plan.botSeats?.length ?? 0), this.options);
  }

  meshOptions(name: string, storage: MemoryStorage, extra: Partial<SimMeshOptions> = {}): SimMeshOptions {
    return {
      transport: this.net.createTransport(name),
      name,
      store: new GameStore(storage, () => this.clock.now()),
      clock: this.clock,
      timeouts: this.plan.timeouts ?? { moveMs: 90_000, revealMs: 20_000 },
      autoDrop: true,
      autopilot: this.plan.autopilot ?? 'random',
      botRunner: immediateBots,
      ...extra,
    };
  }

  /** Host and guests meet in the lobby, take their seats, and the host starts. */
  async open(extra: (i: number) => Partial<SimMeshOptions> = () => ({})): Promise<void> {
    const n = this.plan.peers;
    const bots = this.plan.botSeats ?? [];
    const seats = this.colours.map((colour, i) => ({ colour, bot: i >= n ? bots[i - n] : null }));
    for (let i = 0; i < n; i++) {
      const storage = new MemoryStorage();
      const name = `p${i}`;
      const seed = this.plan.seed;
      const o = this.meshOptions(name, storage, {
        identity: identityFromSecret(toHex(seededBytes(seed, `identity${i}`))),
        secret: seededBytes(seed, `secret${i}`),
        ...extra(i),
      });
      const rejects: string[] = [];
      o.onReject = (line) => rejects.push(line);
      const session =
        i === 0
          ? SimMeshSession.host(o, {
              options: this.options,
              seats,
              hostColour: this.colours[0],
              shuffleSeats: this.plan.shuffleSeats,
              standIn: this.plan.standIn,
              gameId: toHex(seededBytes(this.plan.seed, 'game')).slice(0, 32),
            })
          : SimMeshSession.join(o, this.peers[0].session.transportId, false, this.peers[0].session.invitation);
      this.peers.push({ name, storage, store: o.store!, session, rejects, alive: true });
    }
    await this.runUntil(() => this.peers.slice(1).every((p) => p.session.lobby !== null), 60_000);
    for (let i = 1; i < n; i++) {
      this.peers[i].session.takeSeat(this.colours[i]);
      await this.runUntil(() => this.peers[0].session.lobby!.seats[i].pub === this.peers[i].session.identity.publicKey, 60_000);
    }
    if (this.plan.prepareChains) for (const p of this.peers) p.session.prepareChain();
    this.peers[0].session.startGame();
    for (const p of this.peers) void p.session.start();
  }

  /** Lets `ms` of simulated time pass (every timer due meanwhile fires), whatever the peers do. */
  async pass(ms: number): Promise<void> {
    const until = this.clock.now() + ms;
    this.clock.setTimeout(() => {}, ms);
    await this.runUntil(() => this.clock.now() >= until, 2 * ms);
  }

  /** Runs the simulation until `done` holds or `maxMs` of simulated time pass; false on time-out. */
  async runUntil(done: () => boolean, maxMs: number): Promise<boolean> {
    const end = this.clock.now() + maxMs;
    await flush();
    let instant = this.clock.now();
    let steps = 0;
    while (!done()) {
      if (this.spinning || this.clock.now() > end) return false;
      // Timers that re-arm themselves at the same instant would freeze simulated time for ever (a bug, never a network):
      // the run stops here, and whoever waits sees a game that did not end.
      if (this.clock.now() !== instant) [instant, steps] = [this.clock.now(), 0];
      else if (++steps > MAX_STEPS_AT_ONE_INSTANT) {
        this.spinning = true;
        return false;
      }
      if (!this.clock.step()) {
        await flush();
        if (!done() && !this.clock.pending) return false;
        continue;
      }
      await flush();
    }
    return true;
  }

  get everyone(): SimPeer[] {
    return [...this.peers, ...this.spectators].filter((p) => p.alive);
  }

  finished(): boolean {
    return this.everyone.every((p) => p.session.phase === 'over' || p.session.phase === 'desync');
  }

  /** The peer vanishes (no goodbye); its storage survives. */
  crash(i: number): void {
    const p = this.peers[i];
    p.alive = false;
    this.net.crash(p.session.transportId);
    p.session.dispose();
  }

  /** The crashed peer comes back from its storage with a new transport id and reclaims its seat (P1.6). */
  restart(i: number, extra: Partial<SimMeshOptions> = {}): void {
    const p = this.peers[i];
    const gameId = this.peers.find((q) => q.alive)!.session.gameId;
    const o = this.meshOptions(p.name, p.storage, extra);
    o.onReject = (line) => p.rejects.push(line);
    p.session = SimMeshSession.resume(o, gameId);
    p.alive = true;
    void p.session.start();
  }

  /**
   * Peer i goes silent (nothing it sends arrives; it still hears everyone) until every peer
   * sees a seat dropped, then is back in touch for 5 s: it catches up and sees itself dropped.
   */
  async silenceUntilDropped(i: number, maxMs = 3_600_000): Promise<void> {
    const silent = this.peers[i].session.transportId;
    this.net.filter = (from) => from !== silent;
    await this.runUntil(() => this.peers.every((p) => p.session.forfeits().length > 0), maxMs);
    this.net.filter = null;
    await this.runUntil(() => false, 5_000);
  }

  /**
   * A network split (P6.1): nothing passes between peers of different groups (each peer
   * index in one group; spectators follow peer 0's group) until `heal()` is called. Frames
   * within a group pass as before; both sides go on and may drop the seats they cannot hear.
   */
  split(groups: readonly (readonly number[])[]): () => void {
    const groupOf = new Map<string, number>();
    groups.forEach((g, k) => {
      for (const i of g) groupOf.set(this.peers[i].session.transportId, k);
    });
    const before = this.net.filter;
    // A peer that restarts gets a new transport id: it is looked up by index each time.
    const side = (id: string) => {
      const i = this.peers.findIndex((p) => p.session.transportId === id);
      return i >= 0 ? groups.findIndex((g) => g.includes(i)) : (groupOf.get(id) ?? 0);
    };
    this.net.filter = (from, to, frame) => (before ? before(from, to, frame) : true) && side(from) === side(to);
    return () => {
      this.net.filter = before;
    };
  }

  /** A spectator joins through peer i's transport id (P3.5). */
  spectate(through = 0, extra: Partial<SimMeshOptions> = {}): SimPeer {
    const storage = new MemoryStorage();
    const name = `watcher${this.spectators.length}`;
    const o = this.meshOptions(name, storage, { autopilot: null, ...extra });
    const rejects: string[] = [];
    o.onReject = (line) => rejects.push(line);
    const session = SimMeshSession.join(o, this.peers[through].session.transportId, true);
    const p = { name, storage, store: o.store!, session, rejects, alive: true };
    this.spectators.push(p);
    return p;
  }

  logs(): string[] {
    return this.everyone.map((p) => p.session.replayText());
  }

  dispose(): void {
    for (const p of [...this.peers, ...this.spectators]) p.session.dispose();
  }
}

/** Lets every pending promise job run (the sessions' queues and bot answers). */
export function flush(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
