// Mutation test of the verifier (P1.3, P1.5, P2.2, P2.3, P2.4, P4.2): 1,000 seeded single
// mutations of a real log. Every mutation that changes the log's meaning must be rejected,
// naming the right entry; every one that does not must still verify.
//
// "Meaning" (precise): the canonical JSON of the parsed entries after the one
// normalisation the protocol deliberately leaves free: reveals of one event may arrive in
// any chain order (P2.2 checks each against its own chain, and the seed combines them in
// chain order, P2.4), so each run of consecutive reveals for the same event is sorted by
// chain. (settings.chainLength used to be a second one; version 2 fixes it at 4096,
// because nothing else binds it, so a changed chain length is now malformed.)
// Whitespace and key order are not meaning either. A file that no longer parses has no
// meaning and must be rejected as malformed, naming the entry.
//
// "The right entry": with i the first entry the mutation touches, the reported index lies
// in [i, H] where H is the first hash/over entry at or after i in the mutated log (a legal
// but different move is only caught by the end-of-turn state hash, P1.4), or the end of the
// log; a changed reveal value, commitment-free hash or malformed field is reported at i
// exactly.
//
// Speed: verifying from scratch costs the whole prefix, so each mutated file is parsed in
// full, then checked from a snapshot of the verifier taken just before the first changed
// entry, with the same verifyEntries code (deterministic, P1.1); where the changed region
// leaves the verifier in the original's exact situation (equal fingerprints), the unchanged
// rest is judged as in the original. Every 25th mutation is also verified from scratch
// with verifyReplay, and the two reports must be identical.
import { beforeAll, describe, expect, it } from 'vitest';
import { TILESET } from '../../src/engine';
import {
  LogFollower,
  parseLog,
  parseReplayOrSave,
  stringifyLog,
  verifyEntries,
  verifyReplay,
  type GameLog,
  type LogEntry,
  type RevealEntry,
  type VerifyReport,
} from '../../src/fair';
import { SeededRandom as Prng } from '../../src/fair/mulberry32';
import { fixtureMatch } from './fixtures';

type Kind =
  | 'reveal-flip'
  | 'reveal-replayed'
  | 'action-field'
  | 'hash-flip'
  | 'drop'
  | 'swap'
  | 'reformat'
  | 'settings'
  | 'same-event-reveal-swap';
const KINDS: Kind[] = [
  'reveal-flip',
  'reveal-replayed',
  'action-field',
  'hash-flip',
  'drop',
  'swap',
  'reformat',
  'settings',
  'same-event-reveal-swap',
];

interface Mutation {
  kind: Kind;
  text: string;
  at: number;
  exact: boolean;
  what: string;
}

let original: GameLog;
let originalText: string;
let eventsUsed: number;
let originalEntryText: string[];
let originalReport: VerifyReport;
const snapshots: LogFollower[] = [];

beforeAll(() => {
  const match = fixtureMatch({ seats: ['red', 'black', 'green'], expansion: true, shuffle: true, seed: 4, bots: ['greedy'] });
  originalText = match.replayText();
  original = parseLog(originalText);
  const f = new LogFollower();
  for (const e of original.entries) {
    snapshots.push(f.clone());
    f.apply(e);
  }
  snapshots.push(f.clone());
  eventsUsed = f.nextEvent;
  originalEntryText = original.entries.map((e) => JSON.stringify(e));
  originalReport = verifyReplay(originalText);
});

function meaning(entries: LogEntry[]): string {
  const norm: unknown[] = entries.slice();
  for (let i = 0; i < entries.length; ) {
    const e = entries[i];
    let j = i + 1;
    if (e.k === 'reveal') while (j < entries.length && entries[j].k === 'reveal' && (entries[j] as RevealEntry).event === e.event) j++;
    if (j - i > 1) norm.splice(i, j - i, ...(norm.slice(i, j) as RevealEntry[]).sort((a, b) => a.chain - b.chain));
    i = j;
  }
  return JSON.stringify(norm); // parsed entries have a fixed key order (readEntry)
}

const clone = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;
const textOf = (entries: LogEntry[]) => stringifyLog({ ...original, entries });

function flipHex(prng: Prng, hex: string): string {
  const at = prng.int(hex.length);
  const digits = '0123456789abcdef'.replace(hex[at], '');
  return hex.slice(0, at) + digits[prng.int(digits.length)] + hex.slice(at + 1);
}

function indices(pred: (e: LogEntry) => boolean): number[] {
  return original.entries.flatMap((e, i) => (pred(e) ? [i] : []));
}

function mutate(prng: Prng, kind: Kind): Mutation {
  // A shallow copy: an entry is cloned (own()) before it is changed, so the original stays intact.
  const entries = original.entries.slice();
  const own = <E extends LogEntry>(i: number) => (entries[i] = clone(entries[i])) as E;
  const pick = (list: number[]) => list[prng.int(list.length)];
  switch (kind) {
    case 'reveal-flip': {
      const i = pick(indices((e) => e.k === 'reveal'));
      const e = own<Extract<LogEntry, { k: 'reveal' }>>(i);
      e.value = flipHex(prng, e.value);
      return { kind, text: textOf(entries), at: i, exact: true, what: `flipped a digit of reveal ${i}` };
    }
    case 'reveal-replayed': {
      // A die-affecting reveal: a genuine link of the same chain, from another event.
      const throwEvents = new Set(original.entries.flatMap((e) => (e.k === 'throw' ? [e.event] : [])));
      const i = pick(indices((e) => e.k === 'reveal' && throwEvents.has(e.event)));
      const e = own<Extract<LogEntry, { k: 'reveal' }>>(i);
      const others = original.entries.filter(
        (o): o is Extract<LogEntry, { k: 'reveal' }> => o.k === 'reveal' && o.chain === e.chain && o.event !== e.event,
      );
      e.value = others[prng.int(others.length)].value;
      return {
        kind,
        text: textOf(entries),
        at: i,
        exact: true,
        what: `reveal ${i} (a throw's) replaced by another link of chain ${e.chain}`,
      };
    }
    case 'hash-flip': {
      const i = pick(indices((e) => e.k === 'hash'));
      const e = own<Extract<LogEntry, { k: 'hash' }>>(i);
      e.state = flipHex(prng, e.state);
      return { kind, text: textOf(entries), at: i, exact: true, what: `flipped a digit of state hash ${i}` };
    }
    case 'action-field': {
      const i = pick(indices((e) => ['place', 'deploy', 'draw', 'throw', 'seats', 'over'].includes(e.k)));
      const e = own(i);
      let what = '';
      const seats = 3;
      switch (e.k) {
        case 'place': {
          const f = prng.int(4);
          if (f === 0) e.x += 1 + prng.int(3);
          else if (f === 1) e.y -= 1 + prng.int(3);
          else if (f === 2) e.r = (e.r + 1 + prng.int(3)) & 3;
          else e.seat = (e.seat + 1 + prng.int(seats - 1)) % seats;
          what = `place field ${['x', 'y', 'r', 'seat'][f]}`;
          break;
        }
        case 'deploy': {
          const d = e.deployment;
          if (prng.int(4) === 0) {
            e.seat = (e.seat + 1) % seats;
            what = 'deploy seat';
          } else if (!d) {
            e.deployment = { meeple: prng.int(2) ? 'small' : 'large', target: { seg: prng.int(3) }, equipment: null };
            what = 'deploy none → a meeple';
          } else {
            const f = prng.int(3);
            if (f === 0) e.deployment = null;
            else if (f === 1) d.meeple = d.meeple === 'small' ? 'large' : 'small';
            else d.equipment = d.equipment === 'lightsaber' ? 'blaster' : 'lightsaber';
            what = `deploy ${['→ none', 'meeple size', 'equipment'][f]}`;
          }
          break;
        }
        case 'draw': {
          if (prng.int(4) === 0) {
            e.seat = (e.seat + 1) % seats;
            what = 'draw seat';
          } else {
            const ids = TILESET.tiles.map((t) => t.id).filter((id) => id !== e.tile);
            e.tile = ids[prng.int(ids.length)];
            what = 'drawn tile';
          }
          break;
        }
        case 'throw': {
          const p = prng.int(e.values.length);
          const d = prng.int(e.values[p].length);
          const faces = [1, 2, 3, 4, 5, 6, 7, 8].filter((v) => v !== e.values[p][d]);
          e.values[p][d] = faces[prng.int(faces.length)];
          what = 'a die value';
          break;
        }
        case 'seats': {
          [e.order[0], e.order[1]] = [e.order[1], e.order[0]];
          what = 'seating order';
          break;
        }
        case 'over': {
          e.scores[prng.int(e.scores.length)] += 1 + prng.int(5);
          what = 'a final score';
          break;
        }
      }
      return { kind, text: textOf(entries), at: i, exact: false, what: `${what} of entry ${i}` };
    }
    case 'drop': {
      const i = prng.int(entries.length);
      entries.splice(i, 1);
      return { kind, text: textOf(entries), at: i, exact: false, what: `dropped entry ${i}` };
    }
    case 'swap': {
      const i = prng.int(entries.length - 1);
      [entries[i], entries[i + 1]] = [entries[i + 1], entries[i]];
      return { kind, text: textOf(entries), at: i, exact: false, what: `swapped entries ${i} and ${i + 1}` };
    }
    case 'same-event-reveal-swap': {
      const i = pick(
        indices((e) => e.k === 'reveal').filter((i) => {
          const a = original.entries[i],
            b = original.entries[i + 1];
          return b?.k === 'reveal' && a.k === 'reveal' && a.event === b.event;
        }),
      );
      [entries[i], entries[i + 1]] = [entries[i + 1], entries[i]];
      return { kind, text: textOf(entries), at: i, exact: false, what: `swapped same-event reveals ${i}, ${i + 1}` };
    }
    case 'reformat': {
      const reversed = (v: unknown): unknown =>
        Array.isArray(v)
          ? v.map(reversed)
          : v && typeof v === 'object'
            ? Object.fromEntries(
                Object.entries(v)
                  .reverse()
                  .map(([k, x]) => [k, reversed(x)]),
              )
            : v;
      const text = JSON.stringify(reversed(JSON.parse(originalText)), null, prng.int(2) ? 2 : '\t');
      return { kind, text, at: 0, exact: false, what: 'reformatted (indentation, reversed key order)' };
    }
    case 'settings': {
      const f = prng.int(4);
      const s = own<Extract<LogEntry, { k: 'settings' }>>(0);
      if (f === 0) s.gameId = s.gameId + 'x';
      else if (f === 1) s.chainLength = 1 + prng.int(2 * s.chainLength);
      else if (f === 2) s.setup.options.unplaceable = s.setup.options.unplaceable === 'remove' ? 'return' : 'remove';
      else {
        const i = 1 + prng.int(3);
        entries[0] = original.entries[0];
        const c = own<Extract<LogEntry, { k: 'commit' }>>(i);
        c.commitment = flipHex(prng, c.commitment);
        return { kind, text: textOf(entries), at: i, exact: false, what: `flipped a digit of commitment ${i}` };
      }
      return {
        kind,
        text: textOf(entries),
        at: 0,
        exact: false,
        what: `settings ${['gameId', `chainLength ${s.chainLength}`, 'unplaceable'][f]}`,
      };
    }
  }
}

/**
 * verifyReplay's result, computed from the snapshot before the first changed entry. When
 * the changed region ends and the verifier's fingerprint there equals the original's, the
 * identical remainder must be judged as in the original log, so its report is reused.
 */
function verifyFast(text: string): { report: VerifyReport; entries: LogEntry[] | null } {
  let parsed: ReturnType<typeof parseReplayOrSave>;
  try {
    parsed = parseReplayOrSave(text);
  } catch {
    return { report: verifyReplay(text), entries: null }; // malformed: the real function fails during parsing, cheaply
  }
  return { report: verifyParsed(parsed), entries: parsed.log.entries };
}

function verifyParsed(parsed: ReturnType<typeof parseReplayOrSave>): VerifyReport {
  const a = parsed.log.entries.map((e) => JSON.stringify(e)); // readEntry builds keys in a fixed order
  const o = originalEntryText;
  let d = 0;
  while (d < a.length && d < o.length && a[d] === o[d]) d++;
  if (a.length === o.length) {
    let stop = a.length;
    while (stop > d && a[stop - 1] === o[stop - 1]) stop--;
    if (d === a.length) return originalReport;
    const f = snapshots[d].clone();
    try {
      for (let i = d; i < stop; i++) f.apply(parsed.log.entries[i]);
      if (f.fingerprint() === fingerprintAt(stop)) return originalReport;
    } catch {
      // rejected within the changed region: the real function below reports it
    }
  }
  return verifyEntries(parsed.log, parsed.secrets, snapshots[d].clone());
}

const fingerprints = new Map<number, string>();
function fingerprintAt(i: number): string {
  if (!fingerprints.has(i)) fingerprints.set(i, snapshots[i].fingerprint());
  return fingerprints.get(i)!;
}

describe('mutation test of the verifier', () => {
  it('the untouched log verifies, with throws, yellow dice and a seat shuffle to mutate', () => {
    const r = verifyReplay(originalText);
    expect(r.ok).toBe(true);
    expect(original.entries.some((e) => e.k === 'throw')).toBe(true);
    expect(original.entries.some((e) => e.k === 'seats')).toBe(true);
  });

  it('rejects each of 1,000 seeded single mutations that changes meaning, naming the right entry', () => {
    const prng = new Prng(20261130);
    const tally: Record<string, { changed: number; unchanged: number }> = {};
    const base = meaning(original.entries);
    for (let n = 0; n < 1000; n++) {
      const kind = KINDS[prng.int(KINDS.length)];
      const m = mutate(prng, kind);
      const { report, entries: mutated } = verifyFast(m.text);
      const changed = mutated ? meaning(mutated) !== base : true; // a file that no longer parses has no meaning
      if (n % 25 === 0) expect(verifyReplay(m.text), `#${n} fast path = full path`).toEqual(report);
      const t = (tally[kind] ??= { changed: 0, unchanged: 0 });
      // A finished game is certified only by an ok report that is not "in progress"; a log cut
      // short at an entry boundary reads as in progress, i.e. it is no longer certified, and the
      // place where it stops being a finished game is its end.
      const certified = report.ok && !report.inProgress;
      if (!changed) {
        t.unchanged++;
        expect(certified, `#${n} ${m.what}: meaning unchanged, must verify; got ${report.ok ? 'in progress' : report.message}`).toBe(true);
        continue;
      }
      t.changed++;
      expect(certified, `#${n} ${m.what}: meaning changed, must be rejected`).toBe(false);
      if (certified) continue;
      if (report.ok) {
        expect(mutated!.length, `#${n} ${m.what}: reported in progress`).toBeLessThan(original.entries.length);
        expect(m.at, `#${n} ${m.what}: reported in progress`).toBe(mutated!.length);
        continue;
      }
      const entry = report.entry;
      expect(entry, `#${n} ${m.what}: ${report.message}`).not.toBeNull();
      if (report.malformed || m.exact) {
        expect(entry, `#${n} ${m.what}: ${report.message}`).toBe(m.at);
        continue;
      }
      const settings = mutated?.[0];
      if (settings?.k === 'settings' && settings.chainLength < eventsUsed) {
        const first = mutated!.findIndex((e) => e.k === 'reveal' && e.event >= settings.chainLength);
        expect(entry, `#${n} ${m.what}: ${report.message}`).toBe(first);
        continue;
      }
      let h = mutated ? mutated.findIndex((e, i) => i >= m.at && (e.k === 'hash' || e.k === 'over')) : -1;
      if (h < 0) h = mutated ? mutated.length : Infinity;
      expect(entry!, `#${n} ${m.what}: ${report.message}`).toBeGreaterThanOrEqual(m.at);
      expect(entry!, `#${n} ${m.what}: ${report.message}`).toBeLessThanOrEqual(h);
    }
    // Every kind was exercised; only the kinds that can keep meaning ever did.
    for (const k of KINDS) expect(tally[k]?.changed + tally[k]?.unchanged, k).toBeGreaterThan(50);
    expect(tally['reformat'].changed).toBe(0);
    expect(tally['same-event-reveal-swap'].changed).toBe(0);
    for (const k of ['reveal-flip', 'reveal-replayed', 'hash-flip', 'action-field', 'drop'] as Kind[])
      expect(tally[k].unchanged, k).toBe(0);
    console.log('mutations by kind:', JSON.stringify(tally));
  });
});
