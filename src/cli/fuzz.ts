// npm run fuzz -- --messages N [--seed S]
// Fuzzes the wire parser and a live lockstep session (issue 12). A 3-peer game runs on the
// in-memory network to a moment where the victim (peer 0) waits for an honest seat (peer
// 2); the frames it received on the way are the corpus. Then N frames are injected into the
// victim as if sent by peer 1 over its authenticated link (its flood budget refilled, the
// link restored after a "bye", so every frame reaches the deep checks): structure-aware
// mutations of real frames (a field replaced by another type, an extreme number, a long or
// control-character string, a key removed or added, nesting deepened), mutated items
// re-signed with peer 1's real key (so they pass the signature and meet the seat, slot and
// log checks), truncated and key-reordered frames, frames out of their order, and random bytes.
// (Shares: 30% mutated, 20% shaped and re-signed items, 10% each truncated, key-reordered, replayed old, random text, random bytes.)
//   K (crashes): exceptions that escape parseFrame other than its WireError, escape the
//     session, or that the session caught inside (it counts them).
//   S (state changes): injected frames after which the victim's log or state hash differ
//     (checked after every frame by log length, phase and the last entry, and every 64
//     frames by the full log text and state hash). The victim waits for another seat, so
//     nothing peer 1 may lawfully send can change its log here.
// Before it, the verdicts: how many frames the wire parser refused, how many passed it and the session refused,
// how many it took without complaint, and the most frequent reasons of each (so "all refused at the door" shows).
// Then the cost view (src/cli/fuzz-cost.ts): a few frame mixes with every limit in force, and
// the victim's CPU share (busy) and answer/request bytes (amplification) under the worst.
// Last line: `fuzz: N messages, K crashes, S state changes, R per second, busy B%, amplification A×`;
// exit 1 unless K = 0 and S = 0.
import { stateHash } from '../engine';
import { sign, type Identity } from '../net/identity';
import { mulberry32 } from '../fair/mulberry32';
import { CALM } from '../sim/memory-network';
import type { Link } from '../net/lockstep/links';
import type { SimMeshSession } from '../sim/sim-mesh-session';
import { flush, MeshSim } from '../sim/mesh-sim';
import { itemSigningText, parseFrame, WireError } from '../net/wire';
import { commandLineOrExit, parseFlags, UsageError } from './args';
import { costView, type CostFigures } from './fuzz-cost';

export interface FuzzArgs {
  messages: number;
  seed: number;
}
export interface FuzzResult {
  messages: number;
  crashes: number;
  changes: number;
  perSecond: number;
  firstCrash: string | null;
  firstChange: string | null;
  /** Times the fuzzing seat was dropped for equivocation it signed (the protocol working; not a state change). */
  liarDropped: number;
  verdicts: Verdicts;
  cost: CostFigures;
}
/** Where the frames ended: refused by the wire parser, refused past it by the session (each by reason), or taken without
    complaint (held, a repeat, or nothing to do). */
export interface Verdicts {
  parser: Record<string, number>;
  session: Record<string, number>;
  taken: number;
}

/** A refusal line as its reason: without who sent it, where in the frame, numbers, quoted text or colours. */
export function reasonClass(line: string): string {
  return line
    .replace(/^(?:\S+ \([^)]*\)|peer \S+): /, '')
    .split(/ at byte | \(expected /)[0]
    .replace(/"(?:[^"\\]|\\.)*"/g, 'S')
    .replace(/U\+[0-9A-F]+/g, 'U+X')
    .replace(/\b(red|black|green|white|orange|blue)\b/g, 'C')
    .replace(/\d+/g, 'N')
    .slice(0, 80);
}

function count(tally: Record<string, number>, reason: string): void {
  tally[reason] = (tally[reason] ?? 0) + 1;
}

const total = (tally: Record<string, number>) => Object.values(tally).reduce((s, n) => s + n, 0);

/** The distribution of verdicts, a few lines: the totals, then the most frequent reasons of each kind. */
export function verdictLines(v: Verdicts, top = 8): string[] {
  const lines = [
    `verdicts: ${total(v.parser)} refused by the wire parser, ${total(v.session)} refused past it by the session, ` +
      `${v.taken} taken without complaint`,
  ];
  for (const [kind, tally] of [
    ['parser', v.parser],
    ['session', v.session],
  ] as const) {
    const reasons = Object.entries(tally).sort(([ra, a], [rb, b]) => b - a || (ra < rb ? -1 : 1));
    for (const [reason, n] of reasons.slice(0, top)) lines.push(`  ${kind} ${String(n).padStart(6)}  ${reason}`);
    const others = reasons.slice(top).reduce((s, [, n]) => s + n, 0);
    if (reasons.length > top) lines.push(`  ${kind} ${String(others).padStart(6)}  (${reasons.length - top} other reasons)`);
  }
  return lines;
}

const USAGE = 'usage: npm run fuzz -- --messages N [--seed S]';

export function parseFuzzArgs(argv: string[]): FuzzArgs {
  const a: FuzzArgs = { messages: 10_000, seed: 1 };
  const { values: f } = parseFlags(argv, { messages: { type: 'string' }, seed: { type: 'string' } });
  const whole = (name: string, v: string) => {
    if (!/^\d{1,9}$/.test(v)) throw new UsageError(`${name} needs a whole number`);
    return Number(v);
  };
  if (f.messages !== undefined) a.messages = Math.max(1, whole('--messages', f.messages));
  if (f.seed !== undefined) a.seed = whole('--seed', f.seed);
  return a;
}

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

/** The victim's log and its link to the fuzzer (the simulation's session shows them). */
const inside = (s: SimMeshSession) => ({
  replica: s.replicaView!,
  links: { get: (peer: string) => s.linkTo(peer), set: (_peer: string, link: Link) => s.keepLink(link) },
});

/** The fuzzer's own generator (seeded; never the game's randomness). */
class Gen {
  readonly next: () => number;
  constructor(seed: number) {
    this.next = mulberry32(seed);
  }
  int(n: number): number {
    return Math.floor(this.next() * n);
  }
  pick<T>(xs: readonly T[]): T {
    return xs[this.int(xs.length)];
  }
  text(max: number): string {
    const alphabet = [
      'a',
      'Z',
      '0',
      '"',
      '\\',
      '{',
      '}',
      '[',
      ']',
      ',',
      ':',
      ' ',
      '\u0000',
      '\u001f',
      '\u2028',
      'é',
      '\ud83d\ude00',
      '\ud800',
      '-',
      '_',
      'e',
      '.',
    ];
    let s = '';
    const n = this.int(max + 1);
    for (let i = 0; i < n; i++) s += this.pick(alphabet);
    return s;
  }
  /** A value of any JSON type, with extremes. */
  value(depth = 0): Json {
    switch (this.int(depth > 3 ? 8 : 10)) {
      case 0:
        return null;
      case 1:
        return this.next() < 0.5;
      case 2:
        return this.pick([
          0,
          -1,
          1,
          2,
          5,
          63,
          64,
          4095,
          4096,
          65536,
          999_999,
          1_000_000,
          1_000_001,
          2 ** 31,
          2 ** 53,
          -(2 ** 53),
          1.5,
          1e308,
          -0,
        ]);
      case 3:
        return this.int(5000);
      case 4:
        return this.text(this.next() < 0.05 ? 70_000 : 40);
      case 5:
        return this.pick([
          'red',
          'black',
          'green',
          'entry',
          'vote',
          'veto',
          'chat',
          'reveal',
          'place',
          'deploy',
          'commit',
          'resign',
          'drop',
          'reclaim',
          'settings',
          'hash',
          'item',
          'items',
          'evidence',
          'sync',
          'hello',
          'auth',
        ]);
      case 6:
        return 'ab'.repeat(32).slice(0, this.pick([64, 63, 65, 128, 32]));
      case 7:
        return '0123456789abcdef'.repeat(8);
      case 8:
        return Array.from({ length: this.int(4) }, () => this.value(depth + 1));
      default: {
        const o: { [k: string]: Json } = {};
        for (let i = this.int(4); i > 0; i--)
          o[
            this.pick(['k', 't', 'a', 'n', 'at', 'x', 'y', 'seat', 'chain', 'event', 'value', 'entry', 'body', '__proto__', 'constructor'])
          ] = this.value(depth + 1);
        return o;
      }
    }
  }
}

/** Every container path in a JSON value. */
function paths(v: Json, prefix: (string | number)[] = [], out: (string | number)[][] = []): (string | number)[][] {
  if (v && typeof v === 'object') {
    out.push(prefix);
    if (Array.isArray(v)) v.forEach((x, i) => paths(x, [...prefix, i], out));
    else for (const k of Object.keys(v)) paths(v[k], [...prefix, k], out);
  }
  return out;
}

function at(v: Json, path: (string | number)[]): Json {
  let cur: Json = v;
  for (const p of path) cur = (cur as Record<string | number, Json>)[p];
  return cur;
}

/** One structure-aware mutation of a parsed frame (in place). */
function mutate(g: Gen, frame: Json): void {
  const ps = paths(frame);
  const target = at(frame, g.pick(ps)) as Record<string | number, Json> | Json[];
  const keys: (string | number)[] = Array.isArray(target) ? target.map((_, i) => i) : Object.keys(target);
  const op = g.int(6);
  if (op === 0 && keys.length) {
    if (Array.isArray(target)) target.splice(g.pick(keys) as number, 1);
    else delete (target as Record<string, Json>)[g.pick(keys) as string];
  } else if (op === 1) {
    if (Array.isArray(target)) target.push(g.value());
    else (target as Record<string, Json>)[g.pick(['extra', 'sig', 'h', 'k', 'a', 'n', 'at', 't'])] = g.value();
  } else if (op === 2 && keys.length) {
    // Deeper nesting where a scalar was.
    const k = g.pick(keys);
    let v: Json = (target as Record<string | number, Json>)[k];
    for (let i = g.int(12); i >= 0; i--) v = g.next() < 0.5 ? [v] : { k: v };
    (target as Record<string | number, Json>)[k] = v;
  } else if (keys.length) {
    (target as Record<string | number, Json>)[g.pick(keys)] = g.value();
  }
}

function shuffledKeys(v: Json, g: Gen): Json {
  if (Array.isArray(v)) return v.map((x) => shuffledKeys(x, g));
  if (v && typeof v === 'object') {
    const ks = Object.keys(v);
    for (let i = ks.length - 1; i > 0; i--) {
      const j = g.int(i + 1);
      [ks[i], ks[j]] = [ks[j], ks[i]];
    }
    const o: { [k: string]: Json } = {};
    for (const k of ks) o[k] = shuffledKeys(v[k], g);
    return o;
  }
  return v;
}

/** A mutated item, re-signed with the liar's real key so that it meets the checks past the signature. */
function resigned(g: Gen, frame: Json, gameId: string, key: Identity, seat: number): string | null {
  const item = (frame as { item?: Record<string, Json> }).item;
  if (!item || typeof item !== 'object') return null;
  item.a = seat;
  if (g.next() < 0.5) mutate(g, item.body ?? {});
  else mutate(g, item as Json);
  try {
    const unsigned = {
      a: item.a as number,
      n: item.n as number,
      at: item.at as number,
      body: item.body,
      h: item.h as never,
      p: item.p as never,
      w: item.w as never,
    };
    item.sig = sign(key, 'item', itemSigningText(gameId, unsigned));
  } catch {
    // canonicalJson refuses non-integers: leave the old signature
  }
  return JSON.stringify(frame);
}

/**
 * An item of the right shape with plausible values (a seat, a slot near the log's end, a
 * move near the board's centre, a reveal of a near event, a vote, a chat line), signed by
 * the liar's real key: it passes the parser and the signature and meets the session's
 * seat, slot, turn, chain and engine checks.
 */
function shapedItem(
  g: Gen,
  base: Json,
  gameId: string,
  key: Identity,
  len: number,
  prefix: (i: number) => string | null,
  same?: { a: number; n: number },
): string {
  const colours = ['red', 'black', 'green'];
  const hex = () => Array.from({ length: 64 }, () => '0123456789abcdef'[g.int(16)]).join('');
  const src =
    (base as { t?: string; item?: { n: number; at: number; body: Json } }).t === 'item'
      ? (base as { item: { n: number; at: number; body: Json } }).item
      : null;
  const bodies: (() => Json)[] = [
    () => ({ k: 'entry', entry: { k: 'place', seat: g.int(3), x: g.int(7) - 3, y: g.int(7) - 3, r: g.int(4) } }),
    () =>
      ({
        k: 'entry',
        entry: {
          k: 'deploy',
          seat: g.int(3),
          deployment:
            g.next() < 0.3
              ? null
              : {
                  meeple: g.pick(['small', 'large']),
                  target: g.next() < 0.8 ? { seg: g.int(10) } : { attack: { x: g.int(5) - 2, y: g.int(5) - 2 } },
                  equipment: g.pick([null, 'lightsaber', 'blaster']),
                },
        },
      }) as Json,
    () => ({ k: 'entry', entry: { k: 'reveal', chain: g.int(3), event: g.int(40), value: hex() } }),
    () => ({ k: 'entry', entry: { k: 'commit', chain: g.int(3), colour: g.pick(colours), commitment: hex() } }),
    () => ({ k: 'entry', entry: { k: 'resign', colour: g.pick(colours) } }),
    () => ({ k: 'vote', what: g.pick(['drop', 'reclaim']), colour: g.pick(colours), point: g.int(len + 4) }),
    () => {
      const what = g.pick(['drop', 'reclaim']);
      return {
        k: 'veto',
        what,
        colour: g.pick(colours),
        point: g.int(len + 4),
        took: what === 'drop' ? { n: g.int(60), sig: hex() + hex() } : null,
      };
    },
    () => ({ k: 'chat', c: 0, text: g.text(30).replace(/[\u0000-\u001f\u2028\u2029]/g, '') }),
    () => (src ? structuredClone(src.body) : { k: 'chat', c: 0, text: 'x' }),
  ];
  const a = g.next() < 0.85 ? 1 : g.int(3);
  const n = g.pick([g.int(60), g.int(400), src?.n ?? 0, (src?.n ?? 0) + 1]);
  const at = g.pick([len, len, len - 1 - g.int(3), len + 1 + g.int(3), src?.at ?? len]);
  const body = g.pick(bodies)() as { k: string; what?: string; point?: number; entry?: { k: string } };
  // The wire's grammar: a state hash only on a move; a drop vote or veto is signed for its own point; moves, votes and
  // vetoes name the victim's history there (or a made-up one).
  const move = body.k === 'entry' && (body.entry?.k === 'place' || body.entry?.k === 'deploy');
  const h = !move || g.next() < 0.7 ? null : { turn: 1 + g.int(12), state: hex() };
  const where = body.what === 'drop' && g.next() < 0.9 ? (body.point ?? at) : Math.max(0, at);
  const named = move || body.k === 'vote' || body.k === 'veto';
  const p = named ? ((g.next() < 0.8 ? prefix(where) : null) ?? hex()) : null;
  // A move carries a bank claim, one per seat (mostly the right length and within bounds; now and then not).
  const w = !move
    ? null
    : g.next() < 0.85
      ? colours.map(() => g.int(300))
      : Array.from({ length: 1 + g.int(6) }, () => g.pick([0, 7200, 7201, g.int(100_000)]));
  const unsigned = { a: same?.a ?? a, n: same?.n ?? Math.max(0, n), at: where, body: body as Json, h, p, w };
  return JSON.stringify({ t: 'item', item: { ...unsigned, sig: sign(key, 'item', itemSigningText(gameId, unsigned)) } });
}

export async function runFuzz(a: FuzzArgs, progress?: (line: string) => void): Promise<FuzzResult> {
  const g = new Gen(a.seed ^ 0xf022);
  const sim = new MeshSim({ peers: 3, seed: 7000 + a.seed, chaos: CALM, timeouts: { moveMs: 3_600_000, revealMs: 3_600_000 } });
  const corpus: string[] = [];
  await sim.open();
  const victim = sim.peers[0].session;
  const liar = sim.peers[1];
  // The corpus: frames exactly as the victim received them (so none is still on its way when the fuzzing starts).
  const victimEnd = sim.net.transport(victim.transportId)!;
  const deliver = victimEnd.handlers!.message;
  victimEnd.handlers!.message = (peer, frame) => {
    if (corpus.length < 4000) corpus.push(frame);
    deliver(peer, frame);
  };
  // Play on until the victim waits for green (peer 2), past a few turns.
  await sim.runUntil(() => {
    if (!victim.started || victim.state.turn < 6) return false;
    const w = inside(victim).replica.awaiting();
    return (w.kind === 'action' && w.colour === 'green') || (w.kind === 'reveal' && w.chains[0] === 2);
  }, 4 * 3_600_000);
  // From now on only the fuzzer speaks to the victim: nothing else is sent, and the clock stands still.
  sim.net.filter = () => false;
  victimEnd.handlers!.message = deliver;
  const st = JSON.parse(victim.saveText()).start;
  corpus.push(
    JSON.stringify({ t: 'start', start: st }),
    JSON.stringify({
      t: 'lobby',
      lobby: {
        gameId: victim.gameId,
        host: st.host,
        options: st.settings.setup.options,
        shuffleSeats: false,
        seats: st.roster,
        rematchOf: null,
      },
    }),
  );
  corpus.push(
    JSON.stringify({
      t: 'hello',
      v: 1,
      pub: liar.session.identity.publicKey,
      nonce: '00'.repeat(16),
      name: 'p1',
      game: victim.gameId,
      role: 'player',
    }),
    JSON.stringify({ t: 'auth', sig: '00'.repeat(64) }),
  );
  corpus.push(
    JSON.stringify({ t: 'take', colour: 'red', proof: null }),
    JSON.stringify({ t: 'rematch', gameId: 'x' }),
    JSON.stringify({ t: 'bye' }),
  );
  const from = liar.session.transportId;
  const handlers = sim.net.transport(victim.transportId)!.handlers!;
  const link = inside(victim).links.get(from)!;
  const gameId = victim.gameId;
  const key = liar.session.identity;
  const parsedCorpus = corpus.map((c) => JSON.parse(c) as Json);
  const snapshot = () => `${inside(victim).replica.text()}|${stateHash(victim.state)}`;
  // The one change a hostile seat may cause: its own drop, for equivocation it signed (the victim went back to the
  // disputed slot and dropped it there, P6). Counted apart; anything else is a state change.
  const liarColour = JSON.parse(victim.saveText()).start.roster[1].colour as string;
  let liarDropped = 0;
  const selfDrop = () => {
    const last = inside(victim).replica.log.entries.at(-1);
    return last?.k === 'drop' && last.colour === liarColour && victim.evidence.some((e) => e.a === 1);
  };
  const cheap = () => {
    const r = inside(victim).replica;
    return `${r.length}|${victim.phase}|${JSON.stringify(r.log.entries[r.length - 1])}`;
  };
  let full = snapshot();
  let quick = cheap();
  let crashes = 0;
  let changes = 0;
  let firstCrash: string | null = null;
  let firstChange: string | null = null;
  const verdicts: Verdicts = { parser: {}, session: {}, taken: 0 };
  const rejects = sim.peers[0].rejects;
  const started = performance.now();
  for (let i = 0; i < a.messages; i++) {
    let frame: string;
    const kind = g.int(10);
    const base = g.pick(parsedCorpus);
    if (kind <= 2) {
      const f = structuredClone(base);
      for (let m = 1 + g.int(3); m > 0; m--) mutate(g, f);
      frame = JSON.stringify(f);
    } else if (kind === 3 || kind === 4) {
      const len = inside(victim).replica.length;
      const prefixOf = (i: number) => victim.prefixAt(i);
      const roll = g.next();
      if (roll < 0.15) {
        // Evidence of equivocation: two signed items under one number (or a mangled pair).
        const first = (JSON.parse(shapedItem(g, base, gameId, key, len, prefixOf)) as { item: { a: number; n: number } }).item;
        const second = (JSON.parse(shapedItem(g, base, gameId, key, len, prefixOf, g.next() < 0.8 ? first : undefined)) as { item: Json })
          .item;
        const f = { t: 'evidence', first, second } as Json;
        if (g.next() < 0.3) mutate(g, f);
        frame = JSON.stringify(f);
      } else
        frame =
          roll < 0.7
            ? shapedItem(g, base, gameId, key, len, prefixOf)
            : (resigned(g, structuredClone(base), gameId, key, 1) ?? JSON.stringify(base));
    } else if (kind === 5) {
      const text = JSON.stringify(base);
      frame = text.slice(0, g.int(text.length));
    } else if (kind === 6) {
      frame = JSON.stringify(shuffledKeys(base, g));
    } else if (kind === 7) {
      frame = corpus[g.int(corpus.length)]; // an old frame again, out of its order
    } else if (kind === 8) {
      frame = g.text(g.pick([0, 1, 16, 300, 3000]));
    } else {
      const bytes = new Uint8Array(g.int(400));
      for (let k = 0; k < bytes.length; k++) bytes[k] = g.int(256);
      frame = new TextDecoder('utf-8', { fatal: false }).decode(bytes);
    }
    // The parser alone.
    let refusedByParser: string | null = null;
    try {
      parseFrame(frame);
    } catch (e) {
      if (e instanceof WireError) refusedByParser = e.message;
      else {
        crashes++;
        firstCrash ??= `parseFrame: ${String(e).slice(0, 120)} on ${JSON.stringify(frame.slice(0, 80))}`;
      }
    }
    // The live session, over the authenticated link.
    const errorsBefore = victim.internalErrorCount;
    link.budget = 1_000_000;
    link.bytesLeft = 1_000_000_000;
    link.checks = 1_000_000;
    if (inside(victim).links.get(from) !== link) inside(victim).links.set(from, link as never); // after a "bye"
    link.authed = true;
    const rejectsBefore = rejects.length;
    try {
      handlers.message(from, frame);
    } catch (e) {
      crashes++;
      firstCrash ??= `session: ${String(e).slice(0, 120)} on ${JSON.stringify(frame.slice(0, 80))}`;
    }
    if (victim.internalErrorCount !== errorsBefore) {
      crashes++;
      firstCrash ??= `session caught an internal error on ${JSON.stringify(frame.slice(0, 80))}`;
    }
    if (refusedByParser !== null) count(verdicts.parser, reasonClass(refusedByParser));
    else if (rejects.length > rejectsBefore) count(verdicts.session, reasonClass(rejects[rejectsBefore]));
    else verdicts.taken++;
    const q = cheap();
    if (q !== quick) {
      if (selfDrop()) {
        // What follows from it (the bot now playing that seat) is part of it: settle before the next frame.
        liarDropped++;
        await flush();
      } else {
        changes++;
        firstChange ??= `after ${JSON.stringify(frame.slice(0, 120))}`;
      }
      quick = cheap();
      full = snapshot();
    }
    if (i % 64 === 63 || i === a.messages - 1) {
      await flush(); // let the session's queued work run
      const s = snapshot();
      if (s !== full) {
        changes++;
        firstChange ??= `within frames ${i - 63}..${i}`;
        full = s;
      }
      quick = cheap();
      if (progress && i % 100_000 === 99_999) progress(`${i + 1} messages, ${crashes} crashes, ${changes} state changes`);
    }
  }
  const seconds = (performance.now() - started) / 1000;
  // The cost view: the link as it was, every budget in force from here; first a second for the network's pending
  // events (a redial after a "bye" opens a new link, which would replace it during the view's first second).
  await sim.pass(1000);
  if (inside(victim).links.get(from) !== link) inside(victim).links.set(from, link as never);
  Object.assign(link, { authed: true, budget: 0, bytesLeft: 0, checks: 0, budgetAt: -Infinity, checksAt: -Infinity });
  const cost = await costView(sim, victim, from, key, 1);
  sim.dispose();
  return { messages: a.messages, crashes, changes, perSecond: a.messages / seconds, firstCrash, firstChange, liarDropped, verdicts, cost };
}

/** The cost view's figures, one line per mix. */
export function costLines(c: CostFigures): string[] {
  return c.mixes.map(
    (m) =>
      `  cost ${m.name.padEnd(20)} busy ${(100 * m.busy).toFixed(1).padStart(5)}%  amplification ${m.amplification.toFixed(2)}×  ` +
      `${m.checksPerSecond} signature checks a second`,
  );
}

export function fuzzSummary(r: FuzzResult): string {
  const { busy, amplification } = r.cost;
  return (
    `fuzz: ${r.messages} messages, ${r.crashes} crashes, ${r.changes} state changes, ${Math.round(r.perSecond)} per second, ` +
    `busy ${(100 * busy).toFixed(1)}%, amplification ${amplification.toFixed(1)}×`
  );
}

async function main(): Promise<void> {
  const args = commandLineOrExit('fuzz', USAGE, process.argv.slice(2), parseFuzzArgs);
  const r = await runFuzz(args, (line) => process.stdout.write(line + '\n'));
  for (const line of verdictLines(r.verdicts)) process.stdout.write(line + '\n');
  for (const line of costLines(r.cost)) process.stdout.write(line + '\n');
  if (r.firstCrash) process.stdout.write(`first crash: ${r.firstCrash}\n`);
  if (r.firstChange) process.stdout.write(`first state change: ${r.firstChange}\n`);
  if (r.liarDropped) process.stdout.write(`the fuzzing seat was dropped ${r.liarDropped} times for moves it signed twice (P6)\n`);
  process.stdout.write(fuzzSummary(r) + '\n');
  process.exit(r.crashes === 0 && r.changes === 0 ? 0 : 1);
}

if (process.argv[1] && /fuzz\.ts$/.test(process.argv[1])) void main();
