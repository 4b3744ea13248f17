// npm run mutate -- --replays K --mutations N [--net M] [--seed S]
// Random single mutations of real replays, each judged by the verifier (issue 12). K real
// games are played (seeded bots, fixed secrets derived from S, setups cycling through base,
// Expansion 1, teams, seat shuffle and both R4.3 variants), and M networked ones (default
// 1, at most 4) among MeshSession peers on the in-memory network (src/sim/mesh-sim.ts):
// a bot seat with a drop and chat, a host that crashes for good, a resignation with chat,
// and a dropped seat reclaimed (P2.6), in that order, each from a fixed seed; then N
// times one replay is
// picked and changed once: any field of any entry (numbers, strings, hex, colours, tiles,
// booleans, nulls, lists and objects: changed, retyped, removed, added), two entries
// swapped, an entry dropped or duplicated, the log or the text cut short, a reveal replaced
// by another genuine link of its chain, reveals of one event reordered, bytes flipped or
// inserted, the text re-indented; in networked replays also a seat change moved,
// relabelled or added, and a chat line changed. Each mutated file is verified:
//   rejected            the verifier refuses it (malformed, or a discrepancy), or no longer
//                       certifies a finished game (a cut log reads "in progress");
//   accepted-harmless   it verifies as a finished game and the verifier's canonical
//                       re-encoding (canonicalReplay) equals the original's;
//   accepted-unbound    it verifies as a finished game that differs only in what nothing in
//                       an unsigned replay binds (docs/fairness.md §10): the chat lines, the
//                       level named for a bot seat, drop vs resign, and which of a seat's own
//                       slots a seat change took — the same moves, derived values, state
//                       hashes, scores and forfeited seats (`gameKey`);
//   accepted-hole       it verifies as a finished game that means something else.
// With a networked game, also seat changes forged and re-signed with a player's valid key (src/cli/mutate-seats.ts),
// in a line of their own: `seat changes: F forged and re-signed with valid keys, R rejected, W on the forger's word
// (verify says so), X accepted-holes`; a hole there exits 1 too.
// Last line exactly:
//   `mutate: N mutations, R rejected, H accepted-harmless, U accepted-unbound, X accepted-holes`.
// Exit 0 when X = 0, 1 otherwise, 2 for bad arguments.
//
// Speed: each mutated file is parsed whole; checking starts from a snapshot of the verifier
// taken before the first changed entry (the verifier is deterministic, P1.1), and where
// the changed region leaves the verifier exactly as the original left it at the same point
// (equal fingerprints), the identical rest is judged as in the original. Every 50th
// mutation is also verified from scratch with verifyReplay and must give the same report.
import { sha256 } from '@noble/hashes/sha2.js';
import { pathToFileURL } from 'node:url';
import { COLOURS, TILESET, type Colour } from '../engine';
import type { BotLevel } from '../bots';
import {
  LogFollower,
  parseReplayOrSave,
  stringifyLog,
  verifyEntries,
  verifyReplay,
  type GameLog,
  type LogEntry,
  type VerifyReport,
} from '../fair';
import { parseLog, withoutSignatures } from '../fair/log-file';
import { canonicalReplay, reportFor } from '../fair/verify';
import { mulberry32 } from '../fair/mulberry32';
import { MeshSim } from '../sim/mesh-sim';
import { playLocal } from '../sim/local-game';
import { judgeSeatForgery, seatForgeries, signedGame } from './mutate-seats';
import { parseFlags, readCommandLine, UsageError } from './args';

export interface MutateOptions {
  replays: number;
  mutations: number;
  seed: number;
  net: number;
}
export interface MutateResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** The network simulation's seeded mulberry32 (tools only; the engine never sees it), with picks on top. */
class Rng {
  readonly next: () => number;
  constructor(seed: number) {
    this.next = mulberry32(seed >>> 0 || 0x9e3779b9);
  }
  int(n: number): number {
    return Math.floor(this.next() * n);
  }
  pick<T>(list: readonly T[]): T {
    return list[this.int(list.length)];
  }
}

interface Setup {
  seats: Colour[];
  bots: BotLevel[];
  expansion?: boolean;
  teams?: boolean;
  shuffle?: boolean;
  unplaceable?: 'remove' | 'return';
}

const SETUPS: Setup[] = [
  { seats: ['red', 'black'], bots: ['random'] },
  { seats: ['red', 'black', 'blue'], bots: ['greedy'], expansion: true, shuffle: true },
  { seats: ['red', 'green', 'black', 'white'], bots: ['greedy'], teams: true, shuffle: true },
  { seats: ['red', 'green', 'black', 'white', 'orange', 'blue'], bots: ['greedy'], expansion: true },
  { seats: ['orange', 'white'], bots: ['random'], expansion: true, unplaceable: 'return' },
  { seats: ['green', 'black', 'orange'], bots: ['greedy'], unplaceable: 'remove', shuffle: true },
];

/** A replay and what the verifier made of it, with sparse snapshots for the fast path. */
export interface Subject {
  text: string;
  log: GameLog;
  entryText: string[];
  canonical: string;
  report: VerifyReport;
  snapshots: LogFollower[]; // snapshots[j] has applied SNAP * j entries
  /** The follower once every entry is applied. */
  final: LogFollower;
  fingerprints: Map<number, string>;
  gameKey: string;
}

const SNAP = 16;

function secretsFor(seed: number, k: number, n: number): Uint8Array[] {
  return Array.from({ length: n }, (_, i) => sha256(new TextEncoder().encode(`mutate/${seed}/${k}/${i}`)));
}

function makeSubject(seed: number, k: number): Subject {
  const s = SETUPS[k % SETUPS.length];
  const match = playLocal({
    seats: s.seats,
    bots: s.bots,
    expansion: s.expansion,
    teams: s.teams,
    shuffle: s.shuffle,
    unplaceable: s.unplaceable,
    seed: seed * 1000 + k,
    match: { secrets: secretsFor(seed, k, s.seats.length), gameId: `mutate-${seed}-${k}` },
  });
  return subjectOf(match.replayText());
}

/** A finished, verified replay prepared for mutation. */
export function subjectOf(text: string): Subject {
  const log = parseReplayOrSave(text).log;
  const report = verifyReplay(text);
  if (!report.ok || report.inProgress)
    throw new Error(`internal: the replay to mutate does not verify: ${report.ok ? 'in progress' : report.message}`);
  const f = new LogFollower();
  const snapshots: LogFollower[] = [];
  log.entries.forEach((e, i) => {
    if (i % SNAP === 0) snapshots.push(f.clone());
    f.apply(e);
  });
  if (log.entries.length % SNAP === 0) snapshots.push(f.clone());
  return {
    text,
    log,
    entryText: log.entries.map((e) => JSON.stringify(e)),
    canonical: canonicalReplay(log),
    report,
    snapshots,
    final: f,
    fingerprints: new Map(),
    gameKey: gameKey(log),
  };
}

/**
 * What a replay proves, without what nothing in an unsigned replay binds (docs/fairness.md
 * §10): its canonical entries without the seat changes and with every bot seat's level
 * left out, and the seats that forfeit. The chat is not in it. The chains taking part in
 * every event stay in it: they are the reveals themselves.
 */
export function gameKey(log: GameLog): string {
  const entries = log.entries
    .filter((e) => e.k !== 'drop' && e.k !== 'resign' && e.k !== 'reclaim')
    .map((e) => (e.k === 'settings' && e.bots ? { ...e, bots: e.bots.map((b) => (b ? 'bot' : null)) } : e)) as LogEntry[];
  const forfeits = [...new Set(log.entries.flatMap((e) => (e.k === 'drop' || e.k === 'resign' ? [e.colour] : [])))].sort();
  return JSON.stringify({ entries: canonicalReplay({ format: log.format, version: log.version, entries }), forfeits });
}

const HOUR = 3_600_000;

/**
 * The networked games, one per situation the version-2 log records (P2.6), each with a
 * fixed seed that the tests also play (a game's seed decides when its crash, silence or
 * resignation falls; these are known to produce the entry they are named after).
 */
const NET_GAMES = [
  ['bot-drop-chat', 7],
  ['host-drop', 12],
  ['resign-chat', 17],
  ['reclaim', 20],
] as const;
export const MAX_NET = NET_GAMES.length;

/** A whole networked game on the in-memory network (repeatable from its seed): the replay every surviving peer ends with. */
export async function netReplayText(game: (typeof NET_GAMES)[number][0], seed: number): Promise<string> {
  const chaos = { drop: 0.1, duplicate: 0.05, minDelay: 5, maxDelay: 80, reorder: 0.1, reorderDelay: 150 };
  const sim = new MeshSim(
    game === 'bot-drop-chat'
      ? { peers: 2, seed, botSeats: ['greedy'] }
      : game === 'reclaim'
        ? { peers: 3, seed, chaos }
        : { peers: 3, seed },
  );
  const turn = (peer: number, t: number) =>
    sim.runUntil(() => sim.peers[peer].session.started && sim.peers[peer].session.state.turn >= t, HOUR);
  try {
    await sim.open();
    if (game === 'bot-drop-chat') {
      await turn(0, 3);
      sim.peers[1].session.sendChat('hello there');
      sim.peers[0].session.sendChat('general kenobi');
      await turn(0, 6);
      sim.crash(1);
    } else if (game === 'host-drop') {
      await turn(0, 5);
      sim.crash(0);
    } else if (game === 'resign-chat') {
      await turn(0, 4);
      sim.peers[1].session.sendChat('good luck, rebels');
      sim.peers[2].session.resign();
    } else {
      await turn(2, 6);
      await sim.silenceUntilDropped(2);
      if (sim.peers[2].session.forfeits().length) sim.peers[2].session.reclaimSeat();
    }
    if (!(await sim.runUntil(() => sim.finished(), 2 * HOUR)))
      throw new Error(`internal: the networked game ${game} (seed ${seed}) did not finish`);
    // Mutated as an unsigned version-2 replay: what the log binds without signatures (a signed replay's signatures reject any edit).
    return stringifyLog(withoutSignatures(parseLog(sim.logs()[0])));
  } finally {
    sim.dispose();
  }
}

/** A follower that has applied the first `i` original entries. */
function followerAt(s: Subject, i: number): LogFollower {
  const f = s.snapshots[Math.floor(i / SNAP)].clone();
  for (let j = f.index; j < i; j++) f.apply(s.log.entries[j]);
  return f;
}

function fingerprintAt(s: Subject, i: number): string {
  let fp = s.fingerprints.get(i);
  if (fp === undefined) {
    fp = followerAt(s, i).fingerprint();
    s.fingerprints.set(i, fp);
  }
  return fp;
}

/** verifyReplay(text)'s report, computed from the snapshot before the first changed entry. */
function verifyFast(s: Subject, text: string): { report: VerifyReport; log: GameLog | null } {
  let parsed: ReturnType<typeof parseReplayOrSave>;
  try {
    parsed = parseReplayOrSave(text);
  } catch {
    return { report: verifyReplay(text), log: null }; // malformed: the real function fails while parsing
  }
  const a = parsed.log.entries.map((e) => JSON.stringify(e));
  const o = s.entryText;
  let d = 0;
  while (d < a.length && d < o.length && a[d] === o[d]) d++;
  if (d === a.length && a.length === o.length) return { report: reportFor(parsed.log, parsed.secrets, s.final), log: parsed.log };
  // the common suffix: a[stop..] equals o[stop + shift..]
  const shift = o.length - a.length;
  let stop = a.length;
  while (stop > d && stop + shift > d && a[stop - 1] === o[stop - 1 + shift]) stop--;
  const f = followerAt(s, d);
  try {
    for (let i = d; i < stop; i++) f.apply(parsed.log.entries[i]);
    if (stop < a.length || shift === 0) {
      // The rest is judged as in the original; the summary still reads this log (its seat changes, its chat).
      if (f.fingerprint() === fingerprintAt(s, stop + shift))
        return { report: reportFor(parsed.log, parsed.secrets, s.final), log: parsed.log };
    }
  } catch {
    return { report: verifyEntries(parsed.log, parsed.secrets, followerAt(s, d)), log: parsed.log };
  }
  return { report: verifyEntries(parsed.log, parsed.secrets, f), log: parsed.log };
}

// ------------------------------------------------------------------ mutations

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };
type Path = (string | number)[];

const KINDS = [
  'field',
  'field',
  'field',
  'swap',
  'drop',
  'duplicate',
  'truncate',
  'reveal-replayed',
  'reveal-reorder',
  'text',
  'seat-change',
  'chat',
] as const;
type Kind = (typeof KINDS)[number];

function leaves(v: Json, path: Path, out: Path[]): void {
  out.push(path);
  if (Array.isArray(v)) v.forEach((x, i) => leaves(x, [...path, i], out));
  else if (v && typeof v === 'object') for (const k of Object.keys(v)) leaves(v[k], [...path, k], out);
}

function getAt(root: Json, path: Path): Json {
  let v = root;
  for (const p of path) v = (v as Record<string | number, Json>)[p];
  return v;
}

function setAt(root: Json, path: Path, value: Json | undefined): void {
  const parent = getAt(root, path.slice(0, -1)) as Record<string | number, Json> | Json[];
  const key = path[path.length - 1];
  if (value === undefined) {
    if (Array.isArray(parent)) parent.splice(key as number, 1);
    else delete (parent as Record<string, Json>)[key as string];
  } else (parent as Record<string | number, Json>)[key] = value;
}

const HEX = '0123456789abcdef';
const TILE_IDS = TILESET.tiles.map((t) => t.id);
const WORDS = [
  'small',
  'large',
  'lightsaber',
  'blaster',
  'remove',
  'return',
  'reveal',
  'draw',
  'place',
  'deploy',
  'throw',
  'hash',
  'over',
  'seats',
  'commit',
  'settings',
  'drop',
  'resign',
  'reclaim',
  'random',
  'greedy',
  'strong',
  'expert',
  '',
];

function mutateString(r: Rng, v: string): Json {
  if (/^[0-9a-f]{64}$/.test(v)) {
    const at = r.int(64);
    return v.slice(0, at) + HEX.replace(v[at], '')[r.int(15)] + v.slice(at + 1);
  }
  if ((COLOURS as readonly string[]).includes(v)) return r.pick(COLOURS.filter((c) => c !== v));
  if (TILE_IDS.includes(v)) return r.pick(TILE_IDS.filter((t) => t !== v));
  switch (r.int(4)) {
    case 0:
      return r.pick(WORDS.filter((w) => w !== v));
    case 1:
      return v + r.pick(['x', '-', '0', 'é']);
    case 2:
      return v.slice(0, Math.max(0, v.length - 1));
    default:
      return v.toUpperCase() === v ? v.toLowerCase() + 'a' : v.toUpperCase();
  }
}

function mutateNumber(r: Rng, v: number): Json {
  switch (r.int(8)) {
    case 0:
      return v + 1;
    case 1:
      return v - 1;
    case 2:
      return v + 2 + r.int(10);
    case 3:
      return r.int(8);
    case 4:
      return -v - 1;
    case 5:
      return v + 0.5;
    case 6:
      return 2 ** 53 + r.int(4);
    default:
      return r.int(5000);
  }
}

/** One change of one field (a leaf or a container) of entry `i`. */
function mutateField(r: Rng, entries: Json[], i: number): string {
  const root = entries[i];
  const paths: Path[] = [];
  leaves(root, [], paths);
  const path = r.pick(paths.slice(1).length ? paths.slice(1) : paths);
  const v = getAt(root, path);
  const where = `entry ${i} ${path.join('.')}`;
  if (r.int(8) === 0) {
    // retype or remove
    const choice = r.int(4);
    if (choice === 0) {
      setAt(root, path, undefined);
      return `${where}: removed`;
    }
    const other: Json = [null, '1', 1, true, [], {}][r.int(6)];
    setAt(root, path, other);
    return `${where}: retyped to ${JSON.stringify(other)}`;
  }
  if (typeof v === 'number') {
    setAt(root, path, mutateNumber(r, v));
    return `${where}: number`;
  }
  if (typeof v === 'string') {
    setAt(root, path, mutateString(r, v));
    return `${where}: string`;
  }
  if (typeof v === 'boolean') {
    setAt(root, path, !v);
    return `${where}: flipped`;
  }
  if (v === null) {
    setAt(root, path, r.pick<Json>([0, 'none', { meeple: 'small', target: { seg: r.int(4) }, equipment: null }, false]));
    return `${where}: null replaced`;
  }
  if (Array.isArray(v)) {
    const c = r.int(4);
    if (c === 0 && v.length) {
      v.splice(r.int(v.length), 1);
      return `${where}: element dropped`;
    }
    if (c === 1 && v.length) {
      const j = r.int(v.length);
      v.splice(j, 0, structuredClone(v[j]));
      return `${where}: element duplicated`;
    }
    if (c === 2 && v.length > 1) {
      const j = r.int(v.length - 1);
      [v[j], v[j + 1]] = [v[j + 1], v[j]];
      return `${where}: elements swapped`;
    }
    v.push(v.length ? structuredClone(v[r.int(v.length)]) : 1);
    return `${where}: element added`;
  }
  const obj = v as Record<string, Json>;
  if (r.int(2) === 0) {
    obj[r.pick(['extra', 'k', 'seat', 'value', 'event', 'turn'])] = r.int(3);
    return `${where}: field added or overwritten`;
  }
  const keys = Object.keys(obj);
  if (keys.length) {
    delete obj[r.pick(keys)];
    return `${where}: field removed`;
  }
  obj.extra = 1;
  return `${where}: field added`;
}

function mutate(r: Rng, s: Subject): { kind: Kind; text: string | Uint8Array; what: string } {
  let kind = r.pick(KINDS);
  if (kind === 'chat' && !s.log.chat?.length) kind = 'field';
  const entries = JSON.parse(JSON.stringify(s.log.entries)) as Json[];
  const chat = JSON.parse(JSON.stringify(s.log.chat ?? [])) as Json[];
  const n = entries.length;
  const textOf = () =>
    stringifyLog({
      ...s.log,
      entries: entries as unknown as LogEntry[],
      ...(s.log.chat ? { chat: chat as unknown as GameLog['chat'] } : {}),
    });
  switch (kind) {
    case 'chat': {
      // one chat line changed (any field, or the line dropped, duplicated or moved), or the list emptied
      const c = r.int(6);
      if (c === 0) {
        chat.length = 0;
        return { kind, text: textOf(), what: 'chat emptied' };
      }
      if (c === 1) {
        const i = r.int(chat.length);
        chat.splice(i, 1);
        return { kind, text: textOf(), what: `chat line ${i} dropped` };
      }
      if (c === 2) {
        const i = r.int(chat.length);
        chat.splice(r.int(chat.length + 1), 0, structuredClone(chat[i]));
        return { kind, text: textOf(), what: `chat line ${i} duplicated` };
      }
      const what = mutateField(r, chat, r.int(chat.length)).replace(/^entry/, 'chat line');
      return { kind, text: textOf(), what };
    }
    case 'seat-change': {
      // a drop, resignation or reclaim moved, relabelled or removed; or one added anywhere
      const changes = s.log.entries.flatMap((e, i) => (e.k === 'drop' || e.k === 'resign' || e.k === 'reclaim' ? [i] : []));
      const colours = s.log.entries[0].k === 'settings' ? s.log.entries[0].setup.seats : COLOURS;
      const c = r.int(4);
      if (changes.length && c === 0) {
        const i = r.pick(changes);
        const to = Math.max(1, Math.min(n - 1, i + (r.int(2) ? 1 : -1) * (1 + r.int(r.int(2) ? 3 : 60))));
        const [e] = entries.splice(i, 1);
        entries.splice(to, 0, e);
        return { kind, text: textOf(), what: `seat change ${i} moved to ${to}` };
      }
      if (changes.length && c === 1) {
        const i = r.pick(changes);
        const e = entries[i] as { k: string };
        e.k = r.pick(['drop', 'resign', 'reclaim'].filter((k) => k !== e.k));
        return { kind, text: textOf(), what: `seat change ${i} relabelled ${e.k}` };
      }
      const at = 1 + r.int(n - 1);
      const e = { k: r.pick(['drop', 'resign', 'reclaim']), colour: r.pick(colours) };
      entries.splice(at, 0, e);
      return { kind, text: textOf(), what: `${JSON.stringify(e)} added at ${at}` };
    }
    case 'field': {
      const what = mutateField(r, entries, r.int(n));
      return { kind, text: textOf(), what };
    }
    case 'swap': {
      const i = r.int(n - 1);
      const j = r.int(3) ? i + 1 : r.int(n);
      [entries[i], entries[j]] = [entries[j], entries[i]];
      return { kind, text: textOf(), what: `swapped entries ${i} and ${j}` };
    }
    case 'drop': {
      const i = r.int(n);
      entries.splice(i, 1);
      return { kind, text: textOf(), what: `dropped entry ${i}` };
    }
    case 'duplicate': {
      const i = r.int(n);
      const at = r.int(3) ? i + 1 : r.int(n + 1);
      entries.splice(at, 0, structuredClone(entries[i]));
      return { kind, text: textOf(), what: `entry ${i} duplicated at ${at}` };
    }
    case 'truncate': {
      if (r.int(2)) {
        const i = r.int(n);
        entries.length = i;
        return { kind, text: textOf(), what: `log cut after ${i} entries` };
      }
      const at = r.int(s.text.length);
      return { kind, text: s.text.slice(0, at), what: `text cut at character ${at}` };
    }
    case 'reveal-replayed': {
      const reveals = s.log.entries.flatMap((e, i) => (e.k === 'reveal' ? [i] : []));
      const i = r.pick(reveals);
      const e = s.log.entries[i] as Extract<LogEntry, { k: 'reveal' }>;
      const others = s.log.entries.filter(
        (o): o is Extract<LogEntry, { k: 'reveal' }> => o.k === 'reveal' && o.chain === e.chain && o.event !== e.event,
      );
      (entries[i] as { value: string }).value = r.pick(others).value;
      return { kind, text: textOf(), what: `reveal ${i} replaced by another link of chain ${e.chain}` };
    }
    case 'reveal-reorder': {
      const pairs = s.log.entries.flatMap((e, i) => {
        const b = s.log.entries[i + 1];
        return e.k === 'reveal' && b?.k === 'reveal' && b.event === e.event ? [i] : [];
      });
      const i = r.pick(pairs);
      [entries[i], entries[i + 1]] = [entries[i + 1], entries[i]];
      return { kind, text: textOf(), what: `reveals ${i} and ${i + 1} of one event reordered` };
    }
    case 'text': {
      const t = s.text;
      const c = r.int(4);
      if (c === 0) {
        const reindented = JSON.stringify(JSON.parse(t), null, r.int(2) ? 2 : '\t');
        return { kind, text: reindented, what: 're-indented' };
      }
      const bytes = new TextEncoder().encode(t);
      const at = r.int(bytes.length);
      if (c === 1) {
        bytes[at] ^= 1 << r.int(8);
        return { kind, text: bytes, what: `bit ${at * 8} flipped` }; // bytes as they are, invalid UTF-8 included
      }
      const ins = c === 2 ? ' ' : String.fromCharCode(r.pick([0x22, 0x2c, 0x7b, 0x5d, 0x30, 0x61, 0x5c]));
      return { kind, text: t.slice(0, at) + ins + t.slice(at), what: `${JSON.stringify(ins)} inserted at ${at}` };
    }
  }
}

// ------------------------------------------------------------------ the run

const STRICT_UTF8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

export type Verdict = 'malformed' | 'discrepancy' | 'cut' | 'harmless' | 'unbound' | 'hole' | 'mismatch';

/**
 * How the verifier judges a mutated file: rejected as malformed, rejected with a
 * discrepancy, cut (an honest prefix: "in progress", no longer certified as finished),
 * accepted and harmless (same canonical re-encoding), or accepted with another meaning (a
 * hole). `crossCheck` also verifies from scratch and returns 'mismatch' if the two differ.
 */
export function judge(s: Subject, input: string | Uint8Array, crossCheck = false): { verdict: Verdict; report: VerifyReport } {
  let text: string | null = typeof input === 'string' ? input : null;
  if (text === null) {
    try {
      text = STRICT_UTF8.decode(input as Uint8Array);
    } catch {
      // invalid UTF-8: verifyReplay rejects it
    }
  }
  const { report, log } = text !== null ? verifyFast(s, text) : { report: verifyReplay(input), log: null };
  if (crossCheck && JSON.stringify(verifyReplay(input)) !== JSON.stringify(report)) return { verdict: 'mismatch', report };
  if (!report.ok) return { verdict: report.malformed ? 'malformed' : 'discrepancy', report };
  if (report.inProgress) return { verdict: 'cut', report };
  if (log && canonicalReplay(log) === s.canonical) return { verdict: 'harmless', report };
  return { verdict: log && gameKey(log) === s.gameKey ? 'unbound' : 'hole', report };
}

export async function runMutate(o: MutateOptions): Promise<MutateResult> {
  const subjects = Array.from({ length: o.replays }, (_, k) => makeSubject(o.seed, k));
  for (const [game, seed] of NET_GAMES.slice(0, o.net)) subjects.push(subjectOf(await netReplayText(game, seed)));
  const r = new Rng(o.seed * 2654435761);
  const tally = { rejected: 0, harmless: 0, unbound: 0, holes: 0, malformed: 0, discrepancy: 0, cut: 0 };
  const byKind: Record<string, [number, number, number, number]> = {};
  const holes: string[] = [];
  for (let n = 0; n < o.mutations; n++) {
    const s = subjects[r.int(subjects.length)];
    const m = mutate(r, s);
    const v = judge(s, m.text, n % 50 === 0);
    if (v.verdict === 'mismatch')
      return { code: 1, stdout: '', stderr: `mutate: internal: the fast path and verifyReplay disagree on mutation ${n} (${m.what})\n` };
    const k = (byKind[m.kind] ??= [0, 0, 0, 0]);
    if (v.verdict === 'harmless') {
      tally.harmless++;
      k[1]++;
    } else if (v.verdict === 'unbound') {
      tally.unbound++;
      k[2]++;
    } else if (v.verdict === 'hole') {
      tally.holes++;
      k[3]++;
      if (holes.length < 10) holes.push(`hole: mutation ${n} (${m.kind}: ${m.what}) verifies as a finished game with another meaning`);
    } else {
      tally.rejected++;
      k[0]++;
      tally[v.verdict]++;
    }
  }
  // Seat changes forged and re-signed with a player's valid key (issue 18), on a signed game played here.
  const seats = { forged: 0, rejected: 0, word: 0, holes: 0 };
  if (o.net > 0) {
    const { text, identities } = await signedGame(17);
    // Black forges against red (whose later moves the others' signed prefix hashes bind) and green (who resigned: after its
    // drop nobody else signs a move, so black's own vote is its legal word).
    for (const f of ['red', 'green'].flatMap((victim) => seatForgeries(text, identities, 1, victim as Colour))) {
      seats.forged++;
      const v = judgeSeatForgery(f.text, text, 'black');
      seats[v === 'hole' ? 'holes' : v]++;
      if (v === 'hole' && holes.length < 10)
        holes.push(`hole: a seat change forged by black (${f.what}) verifies, and not on black's word`);
    }
  }
  const lines = [
    `mutate: ${o.replays} replays and ${o.net} networked (${subjects.map((s) => s.log.entries.length).join(', ')} entries), seed ${o.seed}`,
    `by kind (rejected/harmless/unbound/holes): ${Object.entries(byKind)
      .map(([kind, [a, b, u, c]]) => `${kind} ${a}/${b}/${u}/${c}`)
      .join(', ')}`,
    `rejected: ${tally.malformed} malformed (exit 2), ${tally.discrepancy} with a discrepancy (exit 1), ${tally.cut} no longer a finished game (in progress)`,
    ...holes,
    ...(seats.forged
      ? [
          `seat changes: ${seats.forged} forged and re-signed with valid keys, ${seats.rejected} rejected, ` +
            `${seats.word} on the forger's word (verify says so), ${seats.holes} accepted-holes`,
        ]
      : []),
    `mutate: ${o.mutations} mutations, ${tally.rejected} rejected, ${tally.harmless} accepted-harmless, ` +
      `${tally.unbound} accepted-unbound, ${tally.holes} accepted-holes`,
  ];
  return { code: tally.holes === 0 && seats.holes === 0 ? 0 : 1, stdout: lines.join('\n') + '\n', stderr: '' };
}

const USAGE = 'usage: npm run mutate -- --replays K --mutations N [--net M] [--seed S]';

export function parseMutateArgs(argv: string[]): MutateOptions {
  const o: Partial<MutateOptions> = { seed: 1, net: 1 };
  const flags = { replays: { type: 'string' }, mutations: { type: 'string' }, seed: { type: 'string' }, net: { type: 'string' } } as const;
  const { values: f } = parseFlags(argv, flags);
  const num = (k: string, v: string, max: number, min = 1) => {
    if (!/^\d{1,9}$/.test(v) || Number(v) < min || Number(v) > max) {
      throw new UsageError(`${k} needs a whole number from ${min} to ${max}, got ${JSON.stringify(v.slice(0, 20))}`);
    }
    return Number(v);
  };
  if (f.replays !== undefined) o.replays = num('--replays', f.replays, 60);
  if (f.mutations !== undefined) o.mutations = num('--mutations', f.mutations, 10_000_000);
  if (f.seed !== undefined) o.seed = num('--seed', f.seed, 999_999_999);
  if (f.net !== undefined) o.net = num('--net', f.net, MAX_NET, 0);
  if (!o.replays || !o.mutations) throw new UsageError('--replays and --mutations are required');
  return o as MutateOptions;
}

export async function runMutateCli(argv: string[]): Promise<MutateResult> {
  const o = readCommandLine('mutate', USAGE, argv, parseMutateArgs);
  if (!o.ok) return { code: o.code, stdout: o.stdout, stderr: o.stderr };
  return runMutate(o.args);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  void runMutateCli(process.argv.slice(2)).then((res) => {
    process.stdout.write(res.stdout);
    process.stderr.write(res.stderr);
    process.exitCode = res.code;
  });
}
