// A lying peer for the simulations (npm run chaos -- --liars, tests/net/liar.test.ts): one
// peer of a MeshSim keeps playing its seat through its own (honest) session, and besides,
// at random moments of simulated time, sends the honest peers a lie over the same chaotic
// network, drawn from the cheating-peer catalogue of issue 12. What must hold whatever it
// sends: the game still ends, every peer holds the same log, the log verifies, and no
// frame causes an internal error. Lies that carry the liar's own valid signature are
// statements it cannot take back: if one contradicts an item it really sent, an honest
// peer holds both (equivocation) and the seat is dropped, which is the protocol working.
// In some of the liar's games it also lies against a group decision (DECISION_LIES, issue
// 17): equivocation, withholding, a self-veto, a split vote/veto, withheld votes, a false
// state hash to all or to one, fresh equivocation, brinkmanship (with claims that every other
// seat's time bank is spent); all but withheld votes cost it its seat. Repeatable from its seed; test-only (the page never loads it).
import type { LogEntry } from '../fair';
import { sign, type Identity } from '../net/identity';
import { mulberry32 } from '../fair/mulberry32';
import { MAX_ITEMS_PER_SEAT } from '../net/lockstep/limits';
import type { SimMeshSession as MeshSession } from './sim-mesh-session';
import type { MeshSim } from './mesh-sim';
import type { SimClock } from './sim-clock';
import type { SimMeshOptions } from './sim-mesh-session';
import { legalPlacements, serialize } from '../engine';
import { chooseFromText } from '../bots/bot-choice';
import { boundToPrefix, encodeFrame, itemSigningText, unusedClaim, type Item } from '../net/wire';
import { MAX_BANK_CLAIM } from '../fair/time-bank';

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
  | DecisionLie;

/**
 * Lies against the group's decisions (issue 17), at most one kind a game, from a drawn turn on:
 * equivocation on a taken entry, withholding everything, a veto of its own drop (no or a
 * bogus `took`), a vote to one honest peer and a veto to another on one drop, never voting,
 * a false state hash to all or (a second version of its move) to one, two legal versions of
 * one move to different peers, moves released just before the deadline.
 */
export type DecisionLie =
  | 'equivocation'
  | 'withhold'
  | 'self-veto'
  | 'split-vote'
  | 'withheld-vote'
  | 'false-hash-all'
  | 'false-hash-one'
  | 'fresh-equivocation'
  | 'brinkmanship';
export const DECISION_LIES: readonly DecisionLie[] = [
  'equivocation',
  'withhold',
  'self-veto',
  'split-vote',
  'withheld-vote',
  'false-hash-all',
  'false-hash-one',
  'fresh-equivocation',
  'brinkmanship',
];
/** Kinds that need two honest peers besides the liar (a majority to contradict it, two peers to split). */
export const NEEDS_THREE_PEERS: readonly DecisionLie[] = ['split-vote', 'false-hash-all', 'false-hash-one', 'fresh-equivocation'];
/** Kinds after which the liar is expected to have lost its seat (withheld votes cost it nothing). */
export const FATAL_LIES: readonly DecisionLie[] = DECISION_LIES.filter((k) => k !== 'withheld-vote');

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
  /** One lie against a group decision at a drawn turn, or none. */
  fatal?: DecisionLie | null;
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

/** The turn from which a liar's decision lie starts, known before its session opens (its session options depend on it). */
export function decisionTurn(plan: LiarPlan): number {
  return 4 + Math.floor(mulberry32(plan.seed ^ 0x7a11)() * 20);
}

/** A state hash that differs from `h` (its last digit changed). */
function otherHash(h: string): string {
  return h.slice(0, -1) + ((parseInt(h.slice(-1), 16) + 1) % 16).toString(16);
}

/** Options of the liar's own session, for the lies its session tells itself (a false hash, no votes, late moves). */
export function liarSessionOptions(plan: LiarPlan, clock: SimClock): Partial<SimMeshOptions> {
  const from = decisionTurn(plan);
  switch (plan.fatal) {
    case 'false-hash-all':
      return { tamperHash: (turn, hash) => (turn >= from ? otherHash(hash) : hash) };
    case 'withheld-vote':
    case 'split-vote':
      return { withholdDropVotes: true };
    case 'brinkmanship':
      // Every move from then on released 85 s after it was due: within the 90 s cap, so only its time bank runs dry. And
      // with each it claims every other seat's bank spent (its own unused): the smallest claim counts, so that moves nothing.
      return {
        tamperClaim: (w, seat, turn) => (turn >= from ? w.map((_, i) => (i === seat ? 0 : MAX_BANK_CLAIM)) : w),
        botRunner: {
          choose: (state, level, seed) =>
            new Promise((resolve) =>
              clock.setTimeout(() => resolve(chooseFromText(serialize(state), level, seed)), state.turn >= from ? 85_000 : 0),
            ),
          dispose() {},
        },
      };
    default:
      return {};
  }
}

/** Items (a vote, a move) inside a frame, wherever they sit in it (an item frame, a sync answer). */
function itemsIn(frame: string): Item[] {
  try {
    const out: Item[] = [];
    const walk = (v: unknown, depth: number) => {
      if (depth > 6 || v === null || typeof v !== 'object') return;
      if (Array.isArray(v)) for (const x of v) walk(x, depth + 1);
      else if ('body' in v && 'sig' in v) out.push(v as Item);
      else for (const x of Object.values(v)) walk(x, depth + 1);
    };
    walk(JSON.parse(frame), 0);
    return out;
  } catch {
    return [];
  }
}

export class Liar {
  readonly sent = new Map<LieKind, number>();
  private readonly rnd: () => number;
  private readonly own: Item[] = [];
  private silentUntil = -1;
  private fatalAtTurn: number;
  private fatalDone = false;
  private timer: unknown = null;
  private stopped = false;
  /** The liar's own lies pass its filter even while it withholds (a self-veto is sent while silent). */
  private bypass = false;
  /** An honest peer the liar's scenario silences (split-vote, withheld-vote): its seat is expected to be dropped. */
  silenced: number | null = null;
  private silencedUntil = -1;

  /** Whether the liar's scenario keeps an honest peer silent right now (it hears, nobody hears it). */
  get silencing(): boolean {
    return this.silenced !== null && this.silencedUntil > this.sim.clock.now();
  }
  /** Drop questions already answered with a lie (self-veto, split-vote), by their key. */
  private readonly answered = new Set<string>();
  /** The second version of one of the liar's move items, and the peers that get it instead of the real one. */
  private forged: { n: number; item: Item; to: Set<string> } | null = null;
  /** What the honest peers were shown: peer transport ids that got the liar's split vote, its split veto, a forged version. */
  readonly shown = { vote: [] as string[], veto: [] as string[], forged: [] as string[] };

  constructor(
    private readonly sim: MeshSim,
    readonly plan: LiarPlan,
  ) {
    this.rnd = mulberry32(plan.seed ^ 0x1a12);
    this.fatalAtTurn = 4 + Math.floor(this.rnd() * 30);
    if (plan.fatal && plan.fatal !== 'equivocation' && plan.fatal !== 'withhold') this.fatalAtTurn = decisionTurn(plan);
    const before = sim.net.filter;
    // Watches the liar's real items (for replays and equivocation) and holds its frames back while it withholds.
    sim.net.filter = (from, to, frame) => {
      if (before && !before(from, to, frame)) return false;
      const p = sim.peers[plan.peer];
      if (this.silenced !== null && from === sim.peers[this.silenced].session.transportId) return this.silencedUntil <= sim.clock.now();
      if (to === p.session.transportId && frame.includes('"k":"vote","what":"drop"')) this.heard(frame);
      if (from !== p.session.transportId || this.bypass) return true;
      if (this.silentUntil > sim.clock.now()) return false;
      if (frame.startsWith('{"t":"item"')) {
        const m = /^\{"t":"item","item":(.*)\}$/.exec(frame);
        if (m) {
          let item: Item | null = null;
          try {
            item = JSON.parse(m[1]) as Item;
            this.own.push(item);
          } catch {
            /* not ours to judge */
          }
          if (this.own.length >= KEEP_OWN * 2) this.own.splice(0, KEEP_OWN);
          if (item && !this.secondVersion(to, item)) return false;
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
      if (this.startDecisionLie(s)) return;
    }
    const pool = this.plan.signed === false || this.rnd() < 0.6 ? HARMLESS_LIES : SIGNED_LIES;
    this.lie(s, pool[Math.floor(this.rnd() * pool.length)]);
  }

  /** The drawn decision lie begins (or, for equivocation, is told); whether this tick is spent. */
  private startDecisionLie(s: MeshSession): boolean {
    const now = this.sim.clock.now();
    const withholdMs = this.plan.withholdMs ?? 240_000;
    switch (this.plan.fatal) {
      case 'equivocation':
        return this.equivocate(s);
      case 'withhold':
      case 'self-veto':
        this.fatalDone = true;
        this.silentUntil = now + withholdMs;
        if (this.plan.fatal === 'withhold') this.count('withhold');
        return true;
      case 'split-vote':
      case 'withheld-vote': {
        const others = this.sim.peers.flatMap((q, i) => (i !== this.plan.peer && q.alive ? [i] : []));
        if (others.length === 0) return false;
        this.fatalDone = true;
        this.silenced = others[Math.floor(this.rnd() * others.length)];
        this.silencedUntil = now + withholdMs;
        if (this.plan.fatal === 'withheld-vote') this.count('withheld-vote');
        return true;
      }
      case 'false-hash-all':
      case 'brinkmanship':
        // Its session tells this lie itself from this turn on (liarSessionOptions).
        this.fatalDone = true;
        this.count(this.plan.fatal);
        return false;
      case 'false-hash-one':
      case 'fresh-equivocation':
        // Armed: the liar's next move item gets a second version (secondVersion).
        this.fatalDone = true;
        this.forged = null;
        return false;
      default:
        return false;
    }
  }

  private get armed(): boolean {
    return this.fatalDone && (this.plan.fatal === 'false-hash-one' || this.plan.fatal === 'fresh-equivocation');
  }

  /**
   * The liar's real item on its way to `to`: while armed, the first move it sends gets a
   * second version, signed for the same slot and history, which some honest peers get instead
   * (false-hash-one: one peer, the same move with another state hash; fresh-equivocation:
   * every other honest peer, another legal placement). Whether the real item goes on.
   */
  private secondVersion(to: string, item: Item): boolean {
    const s = this.sim.peers[this.plan.peer].session;
    // Its own move only (its session also resends others' entries beside a veto).
    if (!this.armed || item.a !== s.authoring?.a || item.body.k !== 'entry' || item.p === null) return true;
    if (this.forged === null) {
      const honest = this.sim.everyone.filter((q) => q.session !== s).map((q) => q.session.transportId);
      const e = item.body.entry;
      let body: Item['body'] | null = null,
        h = item.h;
      if (this.plan.fatal === 'false-hash-one') {
        if (!item.h) return true;
        h = { turn: item.h.turn, state: otherHash(item.h.state) };
        body = item.body;
        this.forged = { n: item.n, item: this.resign(item, body, h), to: new Set([honest[Math.floor(this.rnd() * honest.length)]]) };
      } else {
        if (e.k !== 'place') return true;
        // The state before its own move is taken: the same tile, another legal cell or rotation.
        const alt = legalPlacements(s.state).filter((q) => q.x !== e.x || q.y !== e.y || q.r !== e.r);
        if (alt.length === 0 || honest.length < 2) return true;
        const q = alt[Math.floor(this.rnd() * alt.length)];
        body = { k: 'entry', entry: { ...e, x: q.x, y: q.y, r: q.r } };
        this.forged = { n: item.n, item: this.resign(item, body, h), to: new Set(honest.filter((_, i) => i % 2 === 1)) };
      }
      this.count(this.plan.fatal as LieKind);
    }
    if (this.forged.n !== item.n || !this.forged.to.has(to)) return true;
    // Three copies (copies cost nothing; the chaos may lose one): the lie is told, not lost on the way.
    for (let i = 0; i < 3; i++) this.send(to, encodeFrame({ t: 'item', item: this.forged.item }));
    this.shown.forged.push(to);
    return false;
  }

  private resign(item: Item, body: Item['body'], h: Item['h']): Item {
    const s = this.sim.peers[this.plan.peer].session;
    const unsigned = { a: item.a, n: item.n, at: item.at, body, h, p: item.p, w: this.claimFor(body, item.w) };
    return { ...unsigned, sig: sign(s.identity, 'item', itemSigningText(s.gameId, unsigned)) };
  }

  private send(to: string, frame: string): void {
    const s = this.sim.peers[this.plan.peer].session;
    this.bypass = true;
    try {
      this.sim.net.deliver(s.transportId, to, frame);
    } finally {
      this.bypass = false;
    }
  }

  /**
   * A drop vote on its way to the liar: a self-vetoing liar vetoes its own drop (first with no
   * `took`, then naming an item of its that is no entry of that slot); a split-voting liar
   * votes for the drop of the silenced seat toward one honest peer and vetoes it toward another.
   */
  private heard(frame: string): void {
    const s = this.sim.peers[this.plan.peer].session;
    const where = s.authoring;
    if (!where || this.stopped) return;
    const mine = this.sim.colours[this.plan.peer];
    for (const v of itemsIn(frame)) {
      if (v.body.k !== 'vote' || v.body.what !== 'drop' || typeof v.p !== 'string') continue;
      const { colour, point } = v.body;
      const key = `${colour}|${point}|${v.p}`;
      if (this.answered.has(key) || this.answered.size >= 16) continue;
      const body = (took: { n: number; sig: string } | null) => ({ k: 'veto' as const, what: 'drop' as const, colour, point, took });
      const signed = (n: number, b: Item['body']) => {
        const unsigned = { a: where.a, n, at: point, body: b, h: null, p: v.p, w: null };
        return { ...unsigned, sig: sign(s.identity, 'item', itemSigningText(s.gameId, unsigned)) };
      };
      const others = this.sim.everyone.filter((q) => q.session !== s).map((q) => q.session.transportId);
      if (this.plan.fatal === 'self-veto' && colour === mine && this.silentUntil > this.sim.clock.now()) {
        this.answered.add(key);
        // No `took` at all (the grammar refuses it), then its own earlier item that took no slot at this point.
        const bogus = this.own.find((i) => i.sig && i.at !== point);
        const took = this.answered.size === 1 || !bogus ? null : { n: bogus.n, sig: bogus.sig! };
        const veto = signed(where.n, body(took));
        for (const to of others) this.send(to, encodeFrame({ t: 'item', item: veto }));
        this.shown.veto.push(...others);
        this.count('self-veto');
      } else if (
        this.plan.fatal === 'split-vote' &&
        this.silenced !== null &&
        colour === this.sim.colours[this.silenced] &&
        this.silencedUntil > this.sim.clock.now()
      ) {
        this.answered.add(key);
        const silent = this.sim.peers[this.silenced].session.transportId;
        // The vote to a peer that can still speak, the veto to another (the silenced one, if no other is left).
        const speaking = others.filter((t) => t !== silent);
        if (speaking.length === 0) continue;
        const voteTo = speaking[0];
        const vetoTo = speaking[1] ?? silent;
        this.send(voteTo, encodeFrame({ t: 'item', item: signed(where.n, { k: 'vote', what: 'drop', colour, point }) }));
        this.send(
          vetoTo,
          encodeFrame({ t: 'item', item: signed(where.n + 1, body({ n: where.n, sig: hex64(this.rnd) + hex64(this.rnd) })) }),
        );
        this.shown.vote.push(voteTo);
        this.shown.veto.push(vetoTo);
        this.count('split-vote');
      }
    }
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
    const unsigned = { a, n, at, body, h, p, w: this.claimFor(body, null) };
    return { ...unsigned, sig: sign(key, 'item', itemSigningText(game, unsigned)) };
  }

  /** The bank claim a lie's body must carry to pass the grammar: `like`'s for a move if it has one, else nothing used; none off a move. */
  private claimFor(body: Item['body'], like: Item['w']): Item['w'] {
    const unused = unusedClaim(body, this.sim.colours.length);
    return unused && like ? like : unused;
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
        frames = [frame({ a, n, at, body: { k: 'chat', c: 0, text: 'trust me' }, h: null, p: null, w: null, sig: null })];
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
        const base = frame({ a, n, at, body: { k: 'chat', c: 0, text: 'spam' }, h: null, p: null, w: null, sig: 'ab'.repeat(64) });
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
