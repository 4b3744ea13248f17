// A whole fair match in one process: every seat's hash chain is local (hotseat, solo,
// play:local). Each entry is written through the LogFollower, the same code that
// verifies logs, so a match cannot write a log that its own verifier would reject.
import {
  RuleError,
  type Action, type GameEvent, type GameSetup, type GameState,
} from '../engine';
import { DEFAULT_CHAIN_LENGTH, freshSecret, HashChain, MAX_CHAIN_LENGTH, SECRET_BYTES } from './chain';
import { GAME_ID_PATTERN } from './derive';
import { EntryError, LogFollower } from './follower';
import { fromHex, toHex } from './hex';
import {
  LOG_VERSION, LogFormatError, parseSave, readEntry, REPLAY_FORMAT, stringifyLog, stringifySave,
  type GameLog, type LogEntry,
} from './log';

export interface MatchOptions {
  gameId?: string;
  chainLength?: number;
  /** One 32-byte secret per seat, in lobby order (tests); fresh CSPRNG secrets otherwise. */
  secrets?: Uint8Array[];
  /** R2.3: shuffle the lobby order with shared randomness (random event 0). */
  shuffleSeats?: boolean;
}

function freshGameId(): string {
  return toHex(freshSecret().slice(0, 16));
}

export class FairMatch {
  readonly log: GameLog = { format: REPLAY_FORMAT, version: LOG_VERSION, entries: [] };
  private readonly follower = new LogFollower();
  private chains: HashChain[] = [];

  private constructor() {}

  /** Every seat's chain lives in this process. Throws RuleError for an unplayable setup, Error for bad options. */
  static create(setup: GameSetup, opts: MatchOptions = {}): FairMatch {
    const gameId = opts.gameId ?? freshGameId();
    if (!GAME_ID_PATTERN.test(gameId)) throw new Error(`game id must be 1–64 of [0-9A-Za-z_-], got "${gameId}"`);
    const chainLength = opts.chainLength ?? DEFAULT_CHAIN_LENGTH;
    // Log version 2 has one chain length (docs/fairness.md §2): anything else would write a log no verifier reads.
    if (chainLength !== MAX_CHAIN_LENGTH) throw new Error(`the chain length is ${MAX_CHAIN_LENGTH} in log version ${LOG_VERSION}, got ${chainLength}`);
    const n = setup.seats.length;
    if (opts.secrets && opts.secrets.length !== n) throw new Error(`${n} seats need ${n} secrets, got ${opts.secrets.length}`);
    // P2.1: every seat is bound to its secret before any random event.
    const settings: LogEntry = {
      k: 'settings',
      setup: { seats: [...setup.seats], options: { ...setup.options, expansion: { ...setup.options.expansion } } },
      gameId, chainLength, shuffleSeats: opts.shuffleSeats ?? false,
    };
    const match = new FairMatch();
    try {
      match.append(settings); // validates the setup before any hashing work
    } catch (e) {
      if (e instanceof EntryError && e.ruleError) throw e.ruleError;
      throw e;
    }
    const chains = setup.seats.map((_, i) => new HashChain(opts.secrets?.[i] ?? freshSecret(), chainLength));
    match.chains = chains;
    chains.forEach((c, i) => match.append({ k: 'commit', chain: i, colour: setup.seats[i], commitment: toHex(c.commitment) }));
    // R2.3: the seat shuffle is due as soon as every commitment is in; resolve it so that `state` exists.
    if (match.follower.dueEvent?.kind === 'seats') match.resolveRandomness();
    return match;
  }

  /** Resumes a local save: replays its log through the verifier and rebuilds the chains from the secrets. */
  static fromSave(text: string): FairMatch {
    let save;
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
      throw new Error(`cannot resume: this version-${save.log.version} save has chain length ${settings.chainLength}; a game continues only with ${MAX_CHAIN_LENGTH} (log version ${LOG_VERSION})`);
    const n = settings.setup.seats.length;
    const chains: HashChain[] = [];
    for (let i = 0; i < n; i++) {
      const s = save.secrets.find((x) => x.chain === i);
      if (!s) throw new Error(`cannot resume: the save holds no secret for chain ${i} (${settings.setup.seats[i]})`);
      chains.push(new HashChain(fromHex(s.secret, SECRET_BYTES, 'secret'), settings.chainLength));
    }
    const match = new FairMatch();
    match.chains = chains;
    try {
      for (const entry of entries) {
        // A version-1 save's throws do not name their participants; resuming writes version 2, so add them.
        const want = entry.k === 'throw' && !entry.participants ? match.follower.dueResult() : null;
        match.append(want?.k === 'throw' && entry.k === 'throw' ? { ...entry, participants: want.participants } : entry);
      }
    } catch (e) {
      if (e instanceof EntryError) throw new Error(`cannot resume: ${e.message}`);
      throw e;
    }
    for (const e of entries)
      if (e.k === 'commit' && e.commitment !== toHex(chains[e.chain].commitment))
        throw new Error(`cannot resume: the secret of chain ${e.chain} does not match its commitment`);
    // A save may end in the middle of revealing; finish what is due.
    match.resolveRandomness();
    return match;
  }

  get state(): GameState {
    const s = this.follower.state;
    if (!s) throw new Error('internal: the match has no state before its commitments');
    return s;
  }

  get gameId(): string {
    return this.follower.settings!.gameId;
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
    const seat = this.state.seat;
    const raw = action.type === 'place'
      ? { k: 'place', seat, x: action.x, y: action.y, r: action.r }
      : { k: 'deploy', seat, deployment: action.deployment };
    // P1.3: the action goes through the same parser as any log entry, so the log this match
    // writes always parses (no stray fields, no non-integers) and keys come in one order.
    let entry: LogEntry;
    try {
      entry = readEntry(JSON.parse(JSON.stringify(raw)), this.log.entries.length);
    } catch (e) {
      if (e instanceof LogFormatError) throw new RuleError(`malformed ${action.type} action: ${e.message.replace(/^entry \d+ \(\w+\): /, '')}`, 'P1.3');
      throw e;
    }
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
    return stringifyLog(this.log);
  }

  saveText(): string {
    return stringifySave(this.log, this.chains.map((c, i) => ({ chain: i, secret: toHex(c.secret) })));
  }

  private append(entry: LogEntry, events?: GameEvent[]): void {
    this.follower.apply(entry, events);
    this.log.entries.push(entry);
  }

  /** Reveals from every chain for each due event and records its derived value, the turn hashes and the end. */
  private resolveRandomness(): GameEvent[] {
    const events: GameEvent[] = [];
    const f = this.follower;
    for (;;) {
      const due = f.dueEvent;
      const hash = f.dueHash();
      if (hash) this.append({ k: 'hash', turn: hash.turn, state: hash.hash });
      else if (f.isOverDue) this.append({ k: 'over', scores: this.state.scores.slice() });
      else if (due && due.missing.length) {
        for (const chain of due.missing) this.append({ k: 'reveal', chain, event: due.event, value: toHex(this.chains[chain].reveal(due.event)) });
      } else if (due) this.append(f.dueResult()!, events);
      else return events;
    }
  }
}
