// Offline verification of a replay (P1.5, P4.2): every reveal against its chain, every
// derived draw and die, every action's legality, every turn's state hash and the final
// scores. Never throws on bad input: the report says what is wrong and where.
import { cloneState, newGame, type GameEvent, type GameState } from '../engine';
import { allowedSeatings } from './derive';
import { EntryError, LogFollower } from './follower';
import { HashChain } from './chain';
import { fromHex, toHex } from './hex';
import { LogFormatError, parseReplayOrSave, type GameLog, type SaveFile } from './log';

export type VerifyReport =
  | { ok: true; seats: string[]; turns: number; draws: number; dice: number; scores: Record<string, number>;
      histogram: { normal: number[]; yellow: number[] }; chiSquare: { normal: number; yellow: number | null }; lines: string[] }
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

function summaryLines(f: LogFollower, log: GameLog, chi: { normal: number | null; yellow: number | null }): string[] {
  const s = f.state!;
  const t = f.tally;
  const lines: string[] = [];
  const settings = f.settings!;
  lines.push(`replay OK: ${log.entries.length} entries, game ${settings.gameId}`);
  lines.push(`seats: ${s.setup.seats.join(', ')}${settings.shuffleSeats ? ` (shuffled from lobby ${settings.setup.seats.join(', ')})` : ''}${s.setup.options.teams ? ', teams' : ''}`);
  const x = s.setup.options.expansion;
  const on = (['tiles', 'blue', 'equipment', 'yellowDie'] as const).filter((k) => x[k]);
  lines.push(`expansion 1: ${on.length ? on.join(', ') : 'off'}; unplaceable tiles: ${s.setup.options.unplaceable}`);
  lines.push(`turns: ${f.turnsHashed} (every state hash matches)`);
  lines.push(`random events proven: ${f.nextEvent} of chain length ${settings.chainLength} (${f.chains} chains, every reveal checked)`);
  lines.push(`draws proven: ${t.draws}; dice proven: ${t.dice}`);
  const fmt = (counts: number[], first: number) => counts.map((c, i) => `${first + i}:${c}`).join(' ');
  // Below 5 expected per face the chi-square approximation means little; say so rather than hide it.
  const chiText = (v: number | null, n: number) =>
    v === null ? 'n/a (none thrown)' : `${v.toFixed(2)} (5 df; 1% critical value ${CHI_SQUARE_5DF_P01}${n < 30 ? '; too few dice for the test to mean much' : ''})`;
  lines.push(`normal dice faces ${fmt(t.normal, 1)}; chi-square ${chiText(chi.normal, t.normal.reduce((a, b) => a + b, 0))}`);
  lines.push(`yellow die faces ${fmt(t.yellow, 3)}; chi-square ${chiText(chi.yellow, t.yellow.reduce((a, b) => a + b, 0))}`);
  lines.push(`final scores: ${Object.entries(f.scoreTable()).map(([k, v]) => `${k} ${v}`).join(', ')}`);
  return lines;
}

/** A save file also carries the seats' secrets: each must rebuild its chain's commitment (P2.1). */
function checkSecrets(log: GameLog, secrets: SaveFile['secrets']): void {
  const settings = log.entries[0];
  if (settings?.k !== 'settings') return;
  for (const { chain, secret } of secrets) {
    const commit = log.entries.find((e) => e.k === 'commit' && e.chain === chain);
    if (!commit || commit.k !== 'commit') throw new LogFormatError(`the save holds a secret for chain ${chain}, which the log does not have`, null);
    const rebuilt = toHex(new HashChain(fromHex(secret, 32, 'secret'), settings.chainLength).commitment);
    if (rebuilt !== commit.commitment)
      throw new EntryError(log.entries.indexOf(commit), `the commitment rebuilt from the saved secret of chain ${chain} (${rebuilt.slice(0, 16)}…)`, `${commit.commitment.slice(0, 16)}…`);
  }
}

function failure(e: unknown): VerifyReport {
  if (e instanceof LogFormatError)
    return { ok: false, malformed: true, entry: e.entry, expected: 'a well-formed replay file', found: e.message, message: e.message };
  if (e instanceof EntryError)
    return { ok: false, malformed: false, entry: e.entry, expected: e.expected, found: e.found, message: e.message };
  const message = `internal error while verifying: ${e instanceof Error ? e.message : String(e)}`;
  return { ok: false, malformed: false, entry: null, expected: 'no internal error', found: message, message };
}

export function verifyReplay(text: string): VerifyReport {
  try {
    if (typeof text !== 'string') throw new LogFormatError('the replay must be text', null);
    const { log, secrets } = parseReplayOrSave(text);
    return verifyEntries(log, secrets, new LogFollower());
  } catch (e) {
    return failure(e);
  }
}

/**
 * Checks the log's entries from `follower.index` on (0 for a fresh follower) and the end
 * of the game. Given a follower that already accepted an identical prefix, the result is
 * the same as verifying the whole log, because the follower is deterministic (P1.1).
 */
export function verifyEntries(log: GameLog, secrets: SaveFile['secrets'] | null, follower: LogFollower): VerifyReport {
  try {
    const f = follower;
    for (let i = f.index; i < log.entries.length; i++) f.apply(log.entries[i]);
    f.finish();
    if (secrets) checkSecrets(log, secrets);
    const t = f.tally;
    const chi = { normal: chiSquareUniform(t.normal), yellow: chiSquareUniform(t.yellow) };
    return {
      ok: true, seats: f.state!.setup.seats.slice(), turns: f.turnsHashed, draws: t.draws, dice: t.dice, scores: f.scoreTable(),
      histogram: { normal: t.normal.slice(), yellow: t.yellow.slice() },
      chiSquare: { normal: chi.normal ?? 0, yellow: chi.yellow },
      lines: secrets
        ? [...summaryLines(f, log, chi), `save file: the secrets of chains ${secrets.map((x) => x.chain).join(', ')} rebuild their commitments`]
        : summaryLines(f, log, chi),
    };
  } catch (e) {
    return failure(e);
  }
}

/**
 * Re-applies a replay, giving the state after each log entry (for the replay viewer).
 * Entries before the seats are known (settings, commitments, the seat-shuffle reveals)
 * get the lobby's starting position. A log of an unfinished game is fine here.
 * Throws Error with a one-line message when the file is malformed or an entry is invalid.
 */
export function replayLog(text: string): { states: GameState[]; events: GameEvent[][]; log: GameLog } {
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
        placeholder = newGame({ seats: shuffleSeats ? allowedSeatings(setup.seats, setup.options)[0] : setup.seats, options: setup.options });
      }
      state = placeholder;
    }
    states.push(cloneState(state));
    events.push(out);
  }
  return { states, events, log };
}
