// Offline verification of a replay (P1.5, P4.2): every reveal against its chain, every
// derived draw and die, every action's legality, every turn's state hash and the final
// scores. Never throws on bad input: the report says what is wrong and where.
import { cloneState, newGame, pending, type Colour, type GameEvent, type GameState } from '../engine';
import { allowedSeatings } from './derive';
import { EntryError, LogFollower, STAND_IN_BOT, throwParticipants } from './follower';
import { chainEnd } from './chain';
import { fromHex, toHex } from './hex';
import { LogFormatError, MAX_ERROR_LINE, type GameLog, type LogEntry } from './log-entries';
import { stringifyLog, type FileInput } from './log-file';
import { parseReplayOrSave, type SaveFile } from './save-file';
import { clip } from './strict-json';
import { checkSignatures, type SignatureReport } from './signatures';

/**
 * What the verifier found. `ok` with `inProgress: false`: a finished game, everything
 * proven. `ok` with `inProgress: true`: an unfinished game (a save or a replay written
 * mid-game) whose every entry so far is consistent; `entries` and `turn` say how far it
 * goes. Not `ok`: the first discrepancy, or a malformed file. Every string is one line of
 * at most 200 characters.
 */
export type VerifyReport =
  | {
      ok: true;
      inProgress: boolean;
      entries: number;
      turn: number;
      seats: string[];
      turns: number;
      draws: number;
      dice: number;
      scores: Record<string, number>;
      histogram: { normal: number[]; yellow: number[] };
      chiSquare: { normal: number; yellow: number | null };
      lines: string[];
      /** Per lobby seat, the fingerprint of the key that signed (P5.1); null for an unsigned replay. */
      signers?: SignatureReport['signers'];
    }
  | { ok: false; malformed: boolean; entry: number | null; expected: string; found: string; message: string };

/** Pearson's chi-square of observed face counts against equal expected counts; null without data. */
export function chiSquareUniform(counts: readonly number[]): number | null {
  const total = counts.reduce((a, b) => a + b, 0);
  if (!total) return null;
  const expected = total / counts.length;
  return counts.reduce((sum, o) => sum + ((o - expected) * (o - expected)) / expected, 0);
}

/** Chi-square critical value at p = 0.01 for 5 degrees of freedom (six faces). */
export const CHI_SQUARE_5DF_P01 = 15.086;

/** A drop, resignation or reclaim, where it happened (P2.6). */
export interface SeatChange {
  kind: 'drop' | 'resign' | 'reclaim';
  colour: Colour;
  /** Its index in the log. */
  entry: number;
  /** The turn it happened in; null during the seat shuffle, before turn 1. */
  turn: number | null;
  /** The random event due then, or the next one: a drop or resignation leaves its chain out of this event and every later one. */
  event: number;
}

/**
 * The seat changes of a log that the follower accepted, from the log alone: the turn is 1 +
 * the hash entries before it (none before the seating when the seat shuffle is on), the
 * event is the number of derived results (seats, draw, throw) before it.
 */
export function seatChanges(log: GameLog): SeatChange[] {
  const out: SeatChange[] = [];
  let hashes = 0;
  let events = 0;
  let seated = !(log.entries[0]?.k === 'settings' && log.entries[0].shuffleSeats);
  log.entries.forEach((e, i) => {
    if (e.k === 'hash') hashes++;
    else if (e.k === 'seats' || e.k === 'draw' || e.k === 'throw') {
      events++;
      if (e.k === 'seats') seated = true;
    } else if (e.k === 'drop' || e.k === 'resign' || e.k === 'reclaim')
      out.push({ kind: e.k, colour: e.colour, entry: i, turn: seated ? hashes + 1 : null, event: events });
  });
  return out;
}

/** At most this many seat-change lines in a summary (a log may drop and reclaim a seat many times). */
const MAX_SEAT_CHANGE_LINES = 12;

/** The lines about networked games (P2.6): bot seats, drops, resignations, reclaims, forfeits, chat. */
function networkLines(f: LogFollower, log: GameLog): string[] {
  const lines: string[] = [];
  const settings = f.settings!;
  const bots = settings.setup.seats.flatMap((c, i) => (settings.bots?.[i] ? [`${c} (${settings.bots[i]})`] : []));
  if (bots.length) lines.push(`bot seats (no chain, no commitment; every peer runs the bot): ${bots.join(', ')}`);
  const changes = seatChanges(log);
  const when = (c: SeatChange) => `${c.turn === null ? 'during the seat shuffle' : `at turn ${c.turn}`} (entry ${c.entry})`;
  for (const c of changes.slice(0, MAX_SEAT_CHANGE_LINES)) {
    if (c.kind === 'reclaim')
      lines.push(`${c.colour} took its seat back ${when(c)}: its player moves again; its chain stays out and it still forfeits`);
    else
      lines.push(
        `${c.colour} ${c.kind === 'drop' ? 'was dropped' : 'resigned'} ${when(c)}: its chain takes no part from event ${c.event} on; ` +
          `a stand-in bot (${settings.standIn ?? STAND_IN_BOT}) plays the seat`,
      );
  }
  if (changes.length > MAX_SEAT_CHANGE_LINES)
    lines.push(`… and ${changes.length - MAX_SEAT_CHANGE_LINES} more drops, resignations or reclaims`);
  const forfeits = f.lobby.flatMap((c) => (f.forfeits.has(c) ? [`${c} (${f.forfeits.get(c)})`] : []));
  if (forfeits.length) lines.push(`forfeits: ${forfeits.join(', ')}; each ranks last whatever its score`);
  if (log.chat?.length)
    lines.push(
      `chat: ${log.chat.length} ${log.chat.length === 1 ? 'line' : 'lines'} ` +
        (log.signed ? '(each signed by its author)' : '(not proven: nothing in an unsigned replay binds who wrote them)'),
    );
  return lines;
}

function summaryLines(f: LogFollower, log: GameLog, chi: { normal: number | null; yellow: number | null }): string[] {
  const s = f.state;
  const t = f.tally;
  const lines: string[] = [];
  const settings = f.settings!;
  if (f.finished) lines.push(`replay OK: ${log.entries.length} entries, game ${settings.gameId}`);
  else
    lines.push(
      `replay in progress, consistent so far: ${log.entries.length} ${log.entries.length === 1 ? 'entry' : 'entries'} ` +
        `up to ${s ? `turn ${s.turn}` : 'the start of the game'} (${f.turnsHashed} turns complete), ` +
        `game ${settings.gameId}; next: ${f.expectation()}`,
    );
  const seats = s ? s.setup.seats : settings.setup.seats;
  const lobbyOrder = s ? ` (shuffled from lobby ${settings.setup.seats.join(', ')})` : ' (lobby order; the seat shuffle is still due)';
  const shuffled = settings.shuffleSeats ? lobbyOrder : '';
  lines.push(`seats: ${seats.join(', ')}${shuffled}${settings.setup.options.teams ? ', teams' : ''}`);
  const x = settings.setup.options.expansion;
  const on = (['tiles', 'blue', 'equipment', 'yellowDie'] as const).filter((k) => x[k]);
  lines.push(`expansion 1: ${on.length ? on.join(', ') : 'off'}; unplaceable tiles: ${settings.setup.options.unplaceable}`);
  if (log.version === 1) lines.push('log format version 1: throw entries do not name their participants (the rules engine supplies them)');
  lines.push(`turns: ${f.turnsHashed} (every state hash matches)`);
  lines.push(`random events proven: ${f.nextEvent} of chain length ${settings.chainLength} (${f.chains} chains, every reveal checked)`);
  lines.push(`draws proven: ${t.draws}; dice proven: ${t.dice}`);
  const fmt = (counts: number[], first: number) => counts.map((c, i) => `${first + i}:${c}`).join(' ');
  // Below 5 expected per face the chi-square approximation means little; say so rather than hide it.
  const chiText = (v: number | null, n: number) =>
    v === null
      ? 'n/a (none thrown)'
      : `${v.toFixed(2)} (5 df; 1% critical value ${CHI_SQUARE_5DF_P01}${n < 30 ? '; too few dice for the test to mean much' : ''})`;
  lines.push(
    `normal dice faces ${fmt(t.normal, 1)}; chi-square ${chiText(
      chi.normal,
      t.normal.reduce((a, b) => a + b, 0),
    )}`,
  );
  lines.push(
    `yellow die faces ${fmt(t.yellow, 3)}; chi-square ${chiText(
      chi.yellow,
      t.yellow.reduce((a, b) => a + b, 0),
    )}`,
  );
  lines.push(
    `${f.finished ? 'final scores' : 'scores so far'}: ${Object.entries(f.scoreTable())
      .map(([k, v]) => `${k} ${v}`)
      .join(', ')}`,
  );
  lines.push(...networkLines(f, log));
  return lines;
}

/**
 * A save file also carries the seats' secrets: each must rebuild its chain's commitment
 * (P2.1). The parser allows at most one secret per chain and chain lengths up to 4096, so
 * this costs at most 6 × 4096 hashes.
 */
function checkSecrets(log: GameLog, secrets: SaveFile['secrets']): void {
  const settings = log.entries[0];
  if (settings?.k !== 'settings') return;
  for (const { chain, secret } of secrets) {
    const at = log.entries.findIndex((e) => e.k === 'commit' && e.chain === chain);
    const commit = log.entries[at];
    if (!commit || commit.k !== 'commit')
      throw new LogFormatError(`the save holds a secret for chain ${chain}, which the log does not have`, null);
    const rebuilt = toHex(chainEnd(fromHex(secret, 32, 'secret'), settings.chainLength));
    if (rebuilt !== commit.commitment)
      throw new EntryError(
        at,
        `the commitment rebuilt from the saved secret of chain ${chain} (${rebuilt.slice(0, 16)}…)`,
        `${commit.commitment.slice(0, 16)}…`,
      );
  }
}

function failure(e: unknown): VerifyReport {
  const line = (text: string) => clip(text, MAX_ERROR_LINE);
  if (e instanceof LogFormatError)
    return {
      ok: false,
      malformed: true,
      entry: e.entry,
      expected: 'a well-formed replay file',
      found: line(e.message),
      message: line(e.message),
    };
  if (e instanceof EntryError)
    return { ok: false, malformed: false, entry: e.entry, expected: line(e.expected), found: line(e.found), message: line(e.message) };
  const message = line(`internal error while verifying: ${e instanceof Error ? e.message : String(e)}`);
  return { ok: false, malformed: false, entry: null, expected: 'no internal error', found: message, message };
}

/** Verifies a replay or save file given as text or as its bytes (strict UTF-8). Never throws. */
export function verifyReplay(input: FileInput): VerifyReport {
  try {
    if (typeof input !== 'string' && !(input instanceof Uint8Array)) throw new LogFormatError('the replay must be text', null);
    const { log, secrets } = parseReplayOrSave(input);
    return verifyEntries(log, secrets, new LogFollower());
  } catch (e) {
    return failure(e);
  }
}

/**
 * Checks the log's entries from `follower.index` on (0 for a fresh follower). A log that
 * stops before the game is over is reported `inProgress` (consistent so far), as long as it
 * holds at least its settings. Given a follower that already accepted an identical prefix,
 * the result is the same as verifying the whole log, because the follower is deterministic (P1.1).
 */
export function verifyEntries(log: GameLog, secrets: SaveFile['secrets'] | null, follower: LogFollower): VerifyReport {
  try {
    for (let i = follower.index; i < log.entries.length; i++) follower.apply(log.entries[i]);
  } catch (e) {
    return failure(e);
  }
  return reportFor(log, secrets, follower);
}

/**
 * The report on `log` given a follower that has already accepted all of its entries (or
 * entries that leave it in the same state, P1.1): the summary reads the seat changes and
 * the chat from the log itself.
 */
export function reportFor(log: GameLog, secrets: SaveFile['secrets'] | null, f: LogFollower): VerifyReport {
  try {
    if (!f.settings) f.finish(); // not even the settings: nothing to be consistent with
    if (secrets) checkSecrets(log, secrets);
    const sigs = checkSignatures(log);
    const t = f.tally;
    const chi = { normal: chiSquareUniform(t.normal), yellow: chiSquareUniform(t.yellow) };
    return {
      ok: true,
      inProgress: !f.finished,
      entries: log.entries.length,
      turn: f.state ? f.state.turn : 0,
      seats: (f.state ? f.state.setup.seats : f.lobby).slice(),
      turns: f.turnsHashed,
      draws: t.draws,
      dice: t.dice,
      scores: f.scoreTable(),
      histogram: { normal: t.normal.slice(), yellow: t.yellow.slice() },
      chiSquare: { normal: chi.normal ?? 0, yellow: chi.yellow },
      lines: [
        ...summaryLines(f, log, chi),
        ...(secrets ? [`save file: the secrets of chains ${secrets.map((x) => x.chain).join(', ')} rebuild their commitments`] : []),
        ...sigs.lines,
      ],
      signers: sigs.signers,
    };
  } catch (e) {
    return failure(e);
  }
}

/**
 * The verifier's canonical re-encoding of a log: the replay file `FairMatch` (or a
 * networked session) would write for it. The freedoms the format leaves are fixed: the
 * entries that fill one event's reveal slots — its reveals, and the drops and resignations
 * that take the place of a reveal (P2.6) — go in chain order (P2.2, P4.2); a `bots` list
 * of nulls only is the same as none; key order and whitespace are fixed by `stringifyLog`
 * over parsed entries. Two files with equal canonical re-encodings mean the same game.
 */
export function canonicalReplay(log: GameLog): string {
  const entries = log.entries.slice();
  const lobby = entries[0]?.k === 'settings' ? entries[0].setup.seats : [];
  const chainOf = (e: LogEntry): number => (e.k === 'reveal' ? e.chain : e.k === 'drop' || e.k === 'resign' ? lobby.indexOf(e.colour) : -1);
  for (let i = 0; i < entries.length; ) {
    let j = i;
    let event: number | null = null;
    while (j < entries.length && chainOf(entries[j]) >= 0) {
      const e = entries[j];
      if (e.k === 'reveal') {
        if (event !== null && e.event !== event) break;
        event = e.event;
      }
      j++;
    }
    // One entry alone (a lone reveal, or a drop or resignation in place of a move) has nothing to order.
    if (j - i > 1) entries.splice(i, j - i, ...entries.slice(i, j).sort((a, b) => chainOf(a) - chainOf(b)));
    i = Math.max(j, i + 1);
  }
  const first = entries[0];
  if (first?.k === 'settings' && first.bots && first.bots.every((b) => b === null)) {
    const { bots: _none, ...rest } = first;
    entries[0] = rest;
  }
  return stringifyLog({ ...log, entries });
}

/**
 * Every value derived from the shared randomness in a log, one line each, in log order
 * (`npm run verify -- --list`; the format is in docs/fairness.md §9, and tools/verify.py
 * prints the same lines):
 *   event E seats C1,C2,…
 *   event E draw turn T seat S TILE
 *   event E throw turn T P:D,D P:D,Dy …   (P the scorer; y marks the yellow die)
 * Stops quietly at the first entry the follower rejects (call it on a verified log).
 */
export function listDerived(log: GameLog): string[] {
  const f = new LogFollower();
  const out: string[] = [];
  for (const e of log.entries) {
    let line: string | null = null;
    if (e.k === 'seats') line = `event ${e.event} seats ${e.order.join(',')}`;
    else if (e.k === 'draw' && f.state) line = `event ${e.event} draw turn ${f.state.turn} seat ${e.seat} ${e.tile}`;
    else if (e.k === 'throw' && f.state) {
      const p = pending(f.state);
      const ps = e.participants ?? (p.kind === 'throw' ? throwParticipants(p.participants) : []);
      const dice = (v: readonly number[], i: number) => v.map((d, j) => (ps[i]?.yellow && j === v.length - 1 ? `${d}y` : `${d}`)).join(',');
      line = `event ${e.event} throw turn ${f.state.turn} ${e.values.map((v, i) => `${ps[i]?.scorer ?? '?'}:${dice(v, i)}`).join(' ')}`;
    }
    try {
      f.apply(e);
    } catch {
      break;
    }
    if (line) out.push(line);
  }
  return out;
}

/**
 * Re-applies a replay, giving the state after each log entry (for the replay viewer).
 * Entries before the seats are known (settings, commitments, the seat-shuffle reveals)
 * get the lobby's starting position. A log of an unfinished game is fine here.
 * Throws Error with a one-line message when the file is malformed or an entry is invalid.
 */
export function replayLog(text: FileInput): { states: GameState[]; events: GameEvent[][]; log: GameLog } {
  let log: GameLog;
  try {
    log = parseReplayOrSave(text).log;
  } catch (e) {
    throw new Error(e instanceof Error ? e.message : String(e));
  }
  const f = new LogFollower();
  const states: GameState[] = [];
  const events: GameEvent[][] = [];
  let placeholder: GameState | null = null;
  for (const entry of log.entries) {
    const out: GameEvent[] = [];
    try {
      f.apply(entry, out);
    } catch (e) {
      throw new Error(e instanceof Error ? e.message : String(e));
    }
    let state = f.state;
    if (!state) {
      if (!placeholder) {
        const { setup, shuffleSeats } = f.settings!;
        placeholder = newGame({
          seats: shuffleSeats ? allowedSeatings(setup.seats, setup.options)[0] : setup.seats,
          options: setup.options,
        });
      }
      state = placeholder;
    }
    states.push(cloneState(state));
    events.push(out);
  }
  return { states, events, log };
}
