// A lying peer for the simulations (npm run chaos -- --liars, tests/net/liar.test.ts): one
// peer of a MeshSim keeps playing its seat through its own (honest) session, and besides,
// at random moments of simulated time, sends the honest peers a lie over the same chaotic
// network, drawn from the cheating-peer catalogue of issue 12. What must hold whatever it
// sends: the game still ends, every peer holds the same log, the log verifies, and no
// frame causes an internal error. Lies that carry the liar's own valid signature are
// statements it cannot take back: if one contradicts an item it really sent, an honest
// peer holds both (equivocation) and the seat is dropped, which is the protocol working.
// In a third of the liar's games it also does one of the two things that cost it its
// seat on purpose: signs two versions of one entry, or withholds everything past the
// timeouts. Repeatable from its seed; test-only (the page never loads it).
import type { LogEntry } from '../fair';
import { sign, type Identity } from '../net/identity';
import { mulberry32 } from '../fair/mulberry32';
import { MAX_ITEMS_PER_SEAT } from '../net/lockstep/limits';
import type { SimMeshSession as MeshSession } from './sim-mesh-session';
import type { MeshSim } from './mesh-sim';
import { boundToPrefix, encodeFrame, itemSigningText, type Item } from '../net/wire';

export type LieKind =
  | 'forged-signature'
  | 'unsigned'
  | 'claims-other-seat'
  | 'other-game'
  | 'oversized'
  | 'nested'
  | 'garbage'
  | 'flood'
  | 'replayed'
  | 'illegal-move'
  | 'other-seats-move'
  | 'early-reveal'
  | 'wrong-preimage'
  | 'out-of-turn'
  | 'numbered-beyond'
  | 'filled-slot'
  | 'equivocation'
  | 'withhold';

/** Lies that never carry a valid signature of the liar for a real slot: they must cost it nothing. */
export const HARMLESS_LIES: readonly LieKind[] = [
  'forged-signature',
  'unsigned',
  'claims-other-seat',
  'other-game',
  'oversized',
  'nested',
  'garbage',
  'flood',
  'replayed',
];
/** Lies signed with the liar's key for a slot of its own: refused, or evidence against it. */
export const SIGNED_LIES: readonly LieKind[] = [
  'illegal-move',
  'other-seats-move',
  'early-reveal',
  'wrong-preimage',
  'out-of-turn',
  'numbered-beyond',
  'filled-slot',
];

export interface LiarPlan {
  /** The liar's peer index in the simulation. */
  peer: number;
  seed: number;
  /** Simulated milliseconds between two lies, drawn uniformly. */
  minGapMs?: number;
  maxGapMs?: number;
  /** Whether it also sends lies signed with its own key (else only the harmless ones). */
  signed?: boolean;
  /** One fatal lie at a random turn, or none. */
  fatal?: 'equivocation' | 'withhold' | null;
  /** How long a withholding liar stays silent (past the move and reveal timeouts). */
  withholdMs?: number;
}

const FLOOD = 600;

function hex64(rnd: () => number): string {
  let out = '';
  for (let i = 0; i < 64; i++) out += Math.floor(rnd() * 16).toString(16);
  return out;
}
const KEEP_OWN = 64;

export class Liar {
  readonly sent = new Map<LieKind, number>();
  private readonly rnd: () => number;
  private readonly own: Item[] = [];
  private silentUntil = -1;
  private fatalAtTurn: number;
  private fatalDone = false;
  private timer: unknown = null;
  private stopped = false;

  constructor(
    private readonly sim: MeshSim,
    readonly plan: LiarPlan,
  ) {
    this.rnd = mulberry32(plan.seed ^ 0x1a12);
    this.fatalAtTurn = 4 + Math.floor(this.rnd() * 30);
    const before = sim.net.filter;
    // Watches the liar's real items (for replays and equivocation) and holds its frames back while it withholds.
    sim.net.filter = (from, to, frame) => {
      if (before && !before(from, to, frame)) return false;
      const p = sim.peers[plan.peer];
      if (from !== p.session.transportId) return true;
      if (this.silentUntil > sim.clock.now()) return false;
      if (frame.startsWith('{"t":"item"')) {
        const m = /^\{"t":"item","item":(.*)\}$/.exec(frame);
        if (m) {
          try {
            this.own.push(JSON.parse(m[1]) as Item);
          } catch {
            /* not ours to judge */
          }
          if (this.own.length >= KEEP_OWN * 2) this.own.splice(0, KEEP_OWN);
        }
      }
      return true;
    };
    this.schedule();
  }

  /** Lies sent so far, all kinds together. */
  get total(): number {
    let n = 0;
    for (const v of this.sent.values()) n += v;
    return n;
  }

  stop(): void {
    this.stopped = true;
    if (this.timer !== null) this.sim.clock.clearTimeout(this.timer);
    this.timer = null;
  }

  private schedule(): void {
    if (this.stopped) return;
    const min = this.plan.minGapMs ?? 300,
      max = this.plan.maxGapMs ?? 2_500;
    this.timer = this.sim.clock.setTimeout(
      () => {
        this.timer = null;
        this.tick();
        this.schedule();
      },
      min + Math.floor(this.rnd() * (max - min + 1)),
    );
  }

  private tick(): void {
    const p = this.sim.peers[this.plan.peer];
    const s = p.session;
    if (!p.alive || !s.started) return;
    if (s.phase === 'over' || s.phase === 'desync') {
      this.stop();
      return;
    }
    if (this.silentUntil > this.sim.clock.now()) return;
    if (this.plan.fatal && !this.fatalDone && s.state.turn >= this.fatalAtTurn) {
      if (this.plan.fatal === 'withhold') {
        this.fatalDone = true;
        this.silentUntil = this.sim.clock.now() + (this.plan.withholdMs ?? 240_000);
        this.count('withhold');
        return;
      }
      if (this.equivocate(s)) return;
    }
    const pool = this.plan.signed === false || this.rnd() < 0.6 ? HARMLESS_LIES : SIGNED_LIES;
    this.lie(s, pool[Math.floor(this.rnd() * pool.length)]);
  }

  private count(kind: LieKind): void {
    this.sent.set(kind, (this.sent.get(kind) ?? 0) + 1);
  }

  /** Sends one frame to every other live peer, straight onto the network (no sender-side cap: a liar need not keep one). */
  private broadcast(s: MeshSession, frames: string[]): void {
    for (const q of this.sim.everyone) {
      if (q.session === s) continue;
      for (const f of frames) this.sim.net.deliver(s.transportId, q.session.transportId, f);
    }
  }

  private item(key: Identity, game: string, a: number, n: number, at: number, body: Item['body'], h: Item['h'] = null): Item {
    const s = this.sim.peers[this.plan.peer].session;
    // Signed on the history the liar holds (or, beyond its log, on one it made up).
    const p = boundToPrefix(body) ? (s.prefixAt(at) ?? hex64(this.rnd)) : null;
    const unsigned = { a, n, at, body, h, p };
    return { ...unsigned, sig: sign(key, 'item', itemSigningText(game, unsigned)) };
  }

  private lie(s: MeshSession, kind: LieKind): void {
    const where = s.authoring;
    if (!where) return;
    const { a, n, at } = where;
    const key = s.identity,
      game = s.gameId;
    const seats = s.state.setup.seats;
    const mySeat = seats.indexOf(s.lobby?.seats[a]?.colour ?? seats[0]);
    const otherSeat = (mySeat + 1) % seats.length;
    const frame = (item: Item) => encodeFrame({ t: 'item', item });
    const entry = (e: LogEntry) => ({ k: 'entry' as const, entry: e });
    const random = (len: number) => Array.from({ length: len }, () => String.fromCharCode(32 + Math.floor(this.rnd() * 95))).join('');
    let frames: string[];
    switch (kind) {
      case 'forged-signature': {
        const good = this.item(key, game, a, n, at, { k: 'chat', c: 0, text: 'gg' });
        const i = Math.floor(this.rnd() * 128);
        const flipped =
          good.sig!.slice(0, i) + (parseInt(good.sig![i], 16) ^ (1 + Math.floor(this.rnd() * 15))).toString(16) + good.sig!.slice(i + 1);
        frames = [frame({ ...good, sig: flipped })];
        break;
      }
      case 'unsigned':
        frames = [frame({ a, n, at, body: { k: 'chat', c: 0, text: 'trust me' }, h: null, p: null, sig: null })];
        break;
      case 'claims-other-seat':
        frames = [frame(this.item(key, game, (a + 1) % seats.length, n, at, entry({ k: 'place', seat: otherSeat, x: 1, y: 0, r: 0 })))];
        break;
      case 'other-game':
        frames = [frame(this.item(key, `${game.slice(0, 31)}x`, a, n, at, { k: 'chat', c: 0, text: 'from another game' }))];
        break;
      case 'oversized':
        frames = ['{"t":"item","item":' + 'x'.repeat(70_000) + '}'];
        break;
      case 'nested':
        frames = [`{"t":"sync","have":${'['.repeat(60)}${']'.repeat(60)},"len":0}`];
        break;
      case 'garbage':
        frames = [random(1 + Math.floor(this.rnd() * 300))];
        break;
      case 'flood': {
        const base = frame({ a, n, at, body: { k: 'chat', c: 0, text: 'spam' }, h: null, p: null, sig: 'ab'.repeat(64) });
        frames = Array.from({ length: FLOOD }, () => base);
        break;
      }
      case 'replayed': {
        if (this.own.length === 0) return;
        frames = [frame(this.own[Math.floor(this.rnd() * this.own.length)])];
        break;
      }
      case 'illegal-move':
        frames = [
          frame(this.item(key, game, a, n, at, entry({ k: 'place', seat: mySeat, x: 40 + Math.floor(this.rnd() * 20), y: 40, r: 0 }))),
        ];
        break;
      case 'other-seats-move':
        frames = [frame(this.item(key, game, a, n, at, entry({ k: 'place', seat: otherSeat, x: 1, y: 0, r: 0 })))];
        break;
      case 'early-reveal':
        frames = [
          frame(
            this.item(
              key,
              game,
              a,
              n,
              at,
              entry({ k: 'reveal', chain: a, event: where.nextEvent + 1 + Math.floor(this.rnd() * 3), value: hex64(this.rnd) }),
            ),
          ),
        ];
        break;
      case 'wrong-preimage':
        frames = [frame(this.item(key, game, a, n, at, entry({ k: 'reveal', chain: a, event: where.nextEvent, value: '00'.repeat(32) })))];
        break;
      // A move of the phase that is not due: a deployment while a placement or a reveal is awaited, else a placement.
      case 'out-of-turn':
        frames = [
          frame(
            this.item(
              key,
              game,
              a,
              n,
              at,
              entry(
                where.awaiting.kind === 'action' && where.awaiting.phase === 'deploy'
                  ? { k: 'place', seat: mySeat, x: 1, y: 0, r: 0 }
                  : { k: 'deploy', seat: mySeat, deployment: null },
              ),
            ),
          ),
        ];
        break;
      case 'numbered-beyond':
        frames = [frame(this.item(key, game, a, MAX_ITEMS_PER_SEAT + Math.floor(this.rnd() * 1000), at, { k: 'chat', c: 0, text: 'x' }))];
        break;
      // An illegal placement signed for an earlier slot: refused where that slot is filled, and never legal where it is not yet.
      case 'filled-slot':
        frames = [
          frame(
            this.item(
              key,
              game,
              a,
              n,
              Math.max(1, at - 2 - Math.floor(this.rnd() * 10)),
              entry({ k: 'place', seat: mySeat, x: 40, y: -40, r: 0 }),
            ),
          ),
        ];
        break;
      default:
        return;
    }
    this.count(kind);
    this.broadcast(s, frames);
  }

  /**
   * Re-signs one of its real placements with another rotation: the same (seat, number), two
   * contents. It picks one every other peer's log has already taken, the case the protocol
   * settles without a desync; two legal versions of an entry no peer has taken yet, shown to
   * different peers at one moment, split them and end as a detected desync (see the README).
   */
  private equivocate(s: MeshSession): boolean {
    const others = this.sim.everyone.filter((q) => q.session !== s && q.session.started);
    const taken = Math.min(...others.map((q) => q.session.logLength));
    const real = [...this.own].reverse().find((i) => i.body.k === 'entry' && i.body.entry.k === 'place' && i.at < taken - 1);
    if (!real || real.body.k !== 'entry' || real.body.entry.k !== 'place') return false;
    const e = real.body.entry;
    const forged = this.item(s.identity, s.gameId, real.a, real.n, real.at, { k: 'entry', entry: { ...e, r: (e.r + 1) % 4 } }, real.h);
    // Only one honest peer is shown it; the others must learn it from that one.
    const victims = this.sim.everyone.filter((q) => q.session !== s);
    const victim = victims[Math.floor(this.rnd() * victims.length)];
    if (!victim) return false;
    this.sim.net.deliver(s.transportId, victim.session.transportId, encodeFrame({ t: 'item', item: forged }));
    this.fatalDone = true;
    this.count('equivocation');
    return true;
  }
}
