// A whole fair match in one process: a Replica (the log and its checker) plus every
// seat's chain (hotseat, solo, play:local). Each entry goes through the replica's
// LogFollower, the same code that verifies logs, so a match cannot write a log that its
// own verifier would reject. A networked peer uses the same two parts, owning one chain.
import { RuleError, type Action, type GameEvent, type GameSetup, type GameState } from '../engine';
import { DEFAULT_CHAIN_LENGTH, freshSecret, MAX_CHAIN_LENGTH } from './chain';
import { GAME_ID_PATTERN } from './derive';
import { EntryError } from './follower';
import { toHex } from './hex';
import { LocalChains } from './local-chains';
import { LOG_VERSION, LogFormatError, type GameLog, type LogEntry } from './log-entries';
import { readEntry } from './log-reader';
import { parseSave, stringifySave } from './save-file';
import { Replica } from './replica';

export interface MatchOptions {
  gameId?: string;
  chainLength?: number;
  /** One 32-byte secret per seat, in lobby order (tests); fresh CSPRNG secrets otherwise. */
  secrets?: Uint8Array[];
  /** R2.3: shuffle the lobby order with shared randomness (random event 0). */
  shuffleSeats?: boolean;
}

export function freshGameId(): string {
  return toHex(freshSecret().slice(0, 16));
}

export class FairMatch {
  private constructor(
    private readonly replica: Replica,
    private readonly chains: LocalChains,
  ) {}

  get log(): GameLog {
    return this.replica.log;
  }

  /** Every seat's chain lives in this process. Throws RuleError for an unplayable setup, Error for bad options. */
  static create(setup: GameSetup, opts: MatchOptions = {}): FairMatch {
    const gameId = opts.gameId ?? freshGameId();
    if (!GAME_ID_PATTERN.test(gameId)) throw new Error(`game id must be 1–64 of [0-9A-Za-z_-], got "${gameId}"`);
    const chainLength = opts.chainLength ?? DEFAULT_CHAIN_LENGTH;
    // Log version 2 has one chain length (docs/fairness.md §2): anything else would write a log no verifier reads.
    if (chainLength !== MAX_CHAIN_LENGTH)
      throw new Error(`the chain length is ${MAX_CHAIN_LENGTH} in log version ${LOG_VERSION}, got ${chainLength}`);
    const n = setup.seats.length;
    if (opts.secrets && opts.secrets.length !== n) throw new Error(`${n} seats need ${n} secrets, got ${opts.secrets.length}`);
    // P2.1: every seat is bound to its secret before any random event.
    const settings: LogEntry = {
      k: 'settings',
      setup: { seats: [...setup.seats], options: { ...setup.options, expansion: { ...setup.options.expansion } } },
      gameId,
      chainLength,
      shuffleSeats: opts.shuffleSeats ?? false,
    };
    const replica = new Replica();
    try {
      replica.append(settings); // validates the setup before any hashing work
    } catch (e) {
      if (e instanceof EntryError && e.ruleError) throw e.ruleError;
      throw e;
    }
    const chains = LocalChains.fresh(
      setup.seats.map((_, i) => i),
      chainLength,
      opts.secrets,
    );
    const match = new FairMatch(replica, chains);
    setup.seats.forEach((colour, i) => match.append(chains.commitEntry(i, colour)));
    // R2.3: the seat shuffle is due as soon as every commitment is in; resolve it so that `state` exists.
    if (replica.follower.dueEvent?.kind === 'seats') match.resolveRandomness();
    return match;
  }

  /** Resumes a local save: replays its log through the verifier and rebuilds the chains from the secrets. */
  static fromSave(text: string): FairMatch {
    let save: ReturnType<typeof parseSave>;
    try {
      save = parseSave(text);
    } catch (e) {
      if (e instanceof LogFormatError) throw new Error(`cannot resume: ${e.message}`);
      throw e;
    }
    const entries = save.log.entries;
    const settings = entries[0];
    if (!settings || settings.k !== 'settings') throw new Error('cannot resume: the log does not start with its settings');
    if (settings.chainLength !== MAX_CHAIN_LENGTH)
      throw new Error(
        `cannot resume: this version-${save.log.version} save has chain length ${settings.chainLength}; ` +
          `a game continues only with ${MAX_CHAIN_LENGTH} (log version ${LOG_VERSION})`,
      );
    const n = settings.setup.seats.length;
    for (let i = 0; i < n; i++)
      if (!save.secrets.some((x) => x.chain === i))
        throw new Error(`cannot resume: the save holds no secret for chain ${i} (${settings.setup.seats[i]})`);
    let chains: LocalChains;
    try {
      chains = LocalChains.fromSaved(
        save.secrets.filter((x) => x.chain < n),
        settings.chainLength,
      );
    } catch (e) {
      throw new Error(`cannot resume: ${(e as Error).message}`);
    }
    let replica: Replica;
    try {
      replica = Replica.fromEntries(entries);
    } catch (e) {
      if (e instanceof EntryError) throw new Error(`cannot resume: ${e.message}`);
      throw e;
    }
    for (const e of entries)
      if (e.k === 'commit' && e.commitment !== chains.commitment(e.chain))
        throw new Error(`cannot resume: the secret of chain ${e.chain} does not match its commitment`);
    const match = new FairMatch(replica, chains);
    // A save may end in the middle of revealing; finish what is due.
    match.resolveRandomness();
    return match;
  }

  get state(): GameState {
    const s = this.replica.state;
    if (!s) throw new Error('internal: the match has no state before its commitments');
    return s;
  }

  get gameId(): string {
    return this.replica.gameId;
  }

  /** Resolves every random event due now (the first draw at start). Idempotent. */
  start(): GameEvent[] {
    return this.resolveRandomness();
  }

  /** Applies the active seat's place/deploy action, then every random event that becomes due. */
  act(action: Action): GameEvent[] {
    if (action.type !== 'place' && action.type !== 'deploy')
      throw new RuleError(`a ${action.type} is decided by the shared randomness, not by a seat`, 'P2.4');
    const pre = this.resolveRandomness();
    if (pre.length) throw new Error('internal: randomness was due before an action; call start() first');
    if (this.state.phase === 'over') throw new RuleError('the game is over', 'R8.1');
    const entry = actionEntry(this.state.seat, action, this.log.entries.length);
    const events: GameEvent[] = [];
    try {
      this.append(entry, events);
    } catch (e) {
      if (e instanceof EntryError) {
        if (e.ruleError) throw e.ruleError;
        throw new RuleError(`expected ${e.expected}, got a ${action.type}`, 'R3');
      }
      throw e;
    }
    events.push(...this.resolveRandomness());
    return events;
  }

  replayText(): string {
    return this.replica.text();
  }

  saveText(): string {
    return stringifySave(this.log, this.chains.saved());
  }

  private append(entry: LogEntry, events: GameEvent[] = []): void {
    this.replica.append(entry, events);
  }

  /** Reveals from every chain for each due event; the replica records derived values, hashes and the end. */
  private resolveRandomness(): GameEvent[] {
    const events: GameEvent[] = [];
    this.replica.settle(events);
    for (let reveals = this.chains.revealsDue(this.replica); reveals.length; reveals = this.chains.revealsDue(this.replica))
      for (const r of reveals) this.append(r, events);
    return events;
  }
}

/**
 * P1.3: an action goes through the same parser as any log entry, so a log always parses
 * (no stray fields, no non-integers) and keys come in one order. Throws RuleError.
 */
export function actionEntry(seat: number, action: Action, index: number): LogEntry {
  const raw =
    action.type === 'place'
      ? { k: 'place', seat, x: action.x, y: action.y, r: action.r }
      : action.type === 'deploy'
        ? { k: 'deploy', seat, deployment: action.deployment }
        : null;
  if (!raw) throw new RuleError(`a ${action.type} is decided by the shared randomness, not by a seat`, 'P2.4');
  try {
    return readEntry(JSON.parse(JSON.stringify(raw)), index);
  } catch (e) {
    if (e instanceof LogFormatError)
      throw new RuleError(`malformed ${action.type} action: ${e.message.replace(/^entry \d+ \(\w+\): /, '')}`, 'P1.3');
    throw e;
  }
}
