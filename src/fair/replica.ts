// A replica: the log plus the one checker (LogFollower), holding no secret. Every peer,
// spectators included, keeps one; entries that arrive from anywhere go through
// `receive`, which applies them, keeps them for later ("not yet"), or rejects them with a
// reason, and appends the entries everyone derives alike (draws, throws, seatings, state
// hashes, final scores) itself. Where the protocol allows any order, the replica takes one:
// the reveals of one event in chain order (P4.2), so every peer writes the same bytes.
import type { GameEvent, GameState } from '../engine';
import { EntryError, LogFollower, type Awaiting } from './follower';
import { LOG_VERSION, REPLAY_FORMAT, type GameLog, type LogEntry, type SettingsEntry } from './log-entries';
import { stringifyLog } from './log-file';

export type ReceiveResult =
  | { kind: 'applied'; events: GameEvent[]; derived: LogEntry[] }
  | { kind: 'not-yet'; why: string }
  | { kind: 'rejected'; reason: string };

export class Replica {
  readonly log: GameLog = { format: REPLAY_FORMAT, version: LOG_VERSION, entries: [] };
  readonly follower = new LogFollower();

  /**
   * Rebuilds a replica from a trusted prefix (this device's own storage); throws EntryError
   * where it breaks. It writes the current version: a version-1 throw gains its participants.
   */
  static fromEntries(entries: readonly LogEntry[]): Replica {
    const r = new Replica();
    for (const entry of entries) {
      const want = entry.k === 'throw' && !entry.participants ? r.follower.dueResult() : null;
      const e = want?.k === 'throw' && entry.k === 'throw' ? { ...entry, participants: want.participants } : entry;
      r.follower.apply(e);
      r.log.entries.push(e);
    }
    return r;
  }

  get settings(): SettingsEntry | null {
    return this.follower.settings;
  }

  get gameId(): string {
    return this.follower.settings?.gameId ?? '';
  }

  /** The game; null before every commitment is in (and the seat shuffle done). */
  get state(): GameState | null {
    return this.follower.state;
  }

  get length(): number {
    return this.log.entries.length;
  }

  awaiting(): Awaiting {
    return this.follower.awaiting();
  }

  /**
   * Offers one entry authored by a seat (or by this device's bots). Applied entries are
   * followed by every derived entry that becomes due; the events are the engine's.
   */
  receive(entry: LogEntry): ReceiveResult {
    const early = this.tooEarly(entry);
    if (early) return { kind: 'not-yet', why: early };
    const events: GameEvent[] = [];
    try {
      const derived = this.append(entry, events);
      return { kind: 'applied', events, derived };
    } catch (e) {
      if (e instanceof EntryError) return { kind: 'rejected', reason: `${e.found} where the log expects ${e.expected}` };
      throw e;
    }
  }

  /** Appends an entry this device wrote itself, then the derived ones; throws EntryError (changing nothing) if it may not come next. */
  append(entry: LogEntry, events: GameEvent[] = []): LogEntry[] {
    this.follower.apply(entry, events);
    this.log.entries.push(entry);
    return this.settle(events);
  }

  /** Appends every entry that follows from the log alone (results of complete events, hashes, the end). */
  settle(events: GameEvent[] = []): LogEntry[] {
    const f = this.follower;
    const out: LogEntry[] = [];
    for (;;) {
      if (f.awaiting().kind !== 'derived') return out;
      const hash = f.dueHash();
      const entry: LogEntry = hash
        ? { k: 'hash', turn: hash.turn, state: hash.hash }
        : f.isOverDue
          ? { k: 'over', scores: f.state!.scores.slice() }
          : f.dueResult()!;
      f.apply(entry, events);
      this.log.entries.push(entry);
      out.push(entry);
    }
  }

  /** Why an entry that may become valid later is not taken now (reveals of a later event, or out of chain order). */
  private tooEarly(entry: LogEntry): string | null {
    const at = this.awaiting();
    if (entry.k === 'reveal') {
      const due = this.follower.dueEvent;
      const next = due ? due.event : this.follower.nextEvent;
      if (entry.event > next || (entry.event === next && !due)) return `event ${entry.event} is not due yet (P2.3)`;
      if (at.kind === 'reveal' && entry.event === at.event && at.chains.includes(entry.chain) && entry.chain !== at.chains[0])
        return `chain ${at.chains[0]} reveals first (chain order, P4.2)`;
      return null;
    }
    if ((entry.k === 'drop' || entry.k === 'resign') && at.kind === 'reveal') {
      const lobby = this.follower.lobby.indexOf(entry.colour);
      if (at.chains.includes(lobby) && lobby !== at.chains[0]) return `chain ${at.chains[0]} comes first (chain order, P4.2)`;
    }
    return null;
  }

  text(): string {
    return stringifyLog(this.log);
  }
}
