// The one place that decides whether a log entry may come next and what it does to the
// game. FairMatch writes its log through it, and the verifier and the replay viewer read
// logs through it, so a log that a match wrote is checked by the very code that checks
// everyone else's (P1.3, P1.5).
import {
  applyInPlace,
  cloneState,
  newGame,
  pending,
  RuleError,
  scorerName,
  stateHash,
  type Colour,
  type GameEvent,
  type GameSetup,
  type GameState,
  type Participant,
} from '../engine';
import { revealMatches } from './chain';
import { allowedSeatings, deriveDrawIndex, deriveSeating, deriveThrow, eventSeed } from './derive';
import { fromHex, toHex } from './hex';
import { STAND_IN_BOT, type BotLevel } from './bot-levels';
import type { CommitEntry, DrawEntry, LogEntry, SeatsEntry, SettingsEntry, ThrowEntry, ThrowParticipant } from './log-entries';

/** The first entry that breaks the log: what the rules or the chains expected there, and what was found. */
export class EntryError extends Error {
  constructor(
    readonly entry: number,
    readonly expected: string,
    readonly found: string,
    readonly ruleError?: RuleError,
  ) {
    super(`entry ${entry}: expected ${expected}, found ${found}`);
    this.name = 'EntryError';
  }
}

type RandomKind = 'seats' | 'draw' | 'throw';

interface DueEvent {
  event: number;
  kind: RandomKind;
  reveals: (Uint8Array | null)[];
  /** Per lobby seat: does its chain take part in this event (a chain seat still in play)? */
  takesPart: boolean[];
  missing: number;
  /** The log index where the event opened: its k-th taking-part chain's reveal (or drop) goes at openedAt + k. */
  openedAt: number;
  order: number[];
}

/** Who makes a seat's moves now: its player, or a bot every peer runs from the log (P2.6). */
export type SeatControl = { by: 'player' } | { by: 'bot'; level: BotLevel; why: 'bot-seat' | 'dropped' | 'resigned' };

export { STAND_IN_BOT };

/** The next step of the log, from the follower's side: what awaiting(), expectation() and apply() read. */
export type NextStep =
  | { kind: 'settings' }
  | { kind: 'commit'; chain: number; colour: Colour }
  | { kind: 'hash'; turn: number }
  | { kind: 'over' }
  | { kind: 'end' }
  | { kind: 'reveal'; event: number; chains: number[] }
  | { kind: 'result'; event: number; of: RandomKind }
  | { kind: 'move'; phase: GameState['phase']; seat: number; colour: Colour };

/** What the log awaits next, and from whom: the seam between the log and the peers that feed it. */
export type Awaiting =
  | { kind: 'settings' }
  | { kind: 'commit'; chain: number; colour: Colour }
  | { kind: 'reveal'; event: number; chains: number[] }
  | { kind: 'action'; phase: 'place' | 'deploy'; seat: number; colour: Colour; control: SeatControl }
  | { kind: 'derived' }
  | { kind: 'end' };

export interface DiceTally {
  draws: number;
  dice: number;
  /** Faces 1–6 of normal dice at indices 0–5. */
  normal: number[];
  /** Faces 3–8 of the yellow die at indices 0–5. */
  yellow: number[];
}

export function describeEntry(e: LogEntry): string {
  switch (e.k) {
    case 'settings':
      return 'the settings';
    case 'commit':
      return `the commitment of chain ${e.chain} (${e.colour})`;
    case 'reveal':
      return `a reveal of chain ${e.chain} for event ${e.event}`;
    case 'seats':
      return `the seating ${e.order.join(',')} from event ${e.event}`;
    case 'draw':
      return `a draw of ${e.tile} for seat ${e.seat} from event ${e.event}`;
    case 'place':
      return `a placement by seat ${e.seat} at (${e.x},${e.y}) r${e.r}`;
    case 'deploy':
      return `a deployment by seat ${e.seat}: ${e.deployment ? JSON.stringify(e.deployment) : 'none'}`;
    case 'throw':
      return `a throw ${JSON.stringify(e.values)}${e.participants ? ` by ${describeParticipants(e.participants)}` : ''} from event ${e.event}`;
    case 'hash':
      return `state hash ${e.state.slice(0, 16)}… for turn ${e.turn}`;
    case 'over':
      return `final scores ${JSON.stringify(e.scores)}`;
    case 'drop':
      return `the drop of ${e.colour}`;
    case 'resign':
      return `the resignation of ${e.colour}`;
    case 'reclaim':
      return `${e.colour} taking its seat back`;
  }
}

/** "0 (2 dice), 2 (1 die + yellow)": scorer index, dice count and the yellow die. */
function describeParticipants(ps: readonly ThrowParticipant[]): string {
  return ps.map((p) => `${p.scorer} (${p.dice} ${p.dice === 1 ? 'die' : 'dice'}${p.yellow ? ' + yellow' : ''})`).join(', ');
}

/** The participants of a throw as the log records them (version 2). */
export function throwParticipants(ps: readonly Participant[]): ThrowParticipant[] {
  return ps.map((p) => ({ scorer: p.id, dice: p.dice, yellow: p.yellow }));
}

function sameParticipants(a: readonly ThrowParticipant[], b: readonly ThrowParticipant[]): boolean {
  return a.length === b.length && a.every((p, i) => p.scorer === b[i].scorer && p.dice === b[i].dice && p.yellow === b[i].yellow);
}

export class LogFollower {
  settings: SettingsEntry | null = null;
  /** The game; null until the seats are known (after the commitments, or after the seat shuffle). */
  state: GameState | null = null;
  /** Number of entries applied so far (the index of the next one). */
  index = 0;
  finished = false;
  readonly tally: DiceTally = { draws: 0, dice: 0, normal: [0, 0, 0, 0, 0, 0], yellow: [0, 0, 0, 0, 0, 0] };
  /** Random events resolved so far (the next event's number). */
  nextEvent = 0;
  /** Completed turns (one state hash each). */
  turnsHashed = 0;

  private commits: CommitEntry[] = [];
  /** Per lobby seat: its chain's last accepted reveal, or its commitment before the first (P2.2); null for a seat without a chain. */
  private heads: (Uint8Array | null)[] = [];
  /** Lobby seats that hold a chain, in chain order (every seat, unless the settings name bot seats). */
  private chainSeats: number[] = [];
  /** Seats that left the game (P2.6): dropped or resigned; they forfeit. */
  readonly forfeits = new Map<Colour, 'dropped' | 'resigned'>();
  /** Dropped seats whose player took the moves back (their chain stays out, P2.6). */
  private reclaimed = new Set<Colour>();
  private due: DueEvent | null = null;
  private hashDue: number | null = null;
  private cachedHash: { turn: number; hash: string } | null = null;
  private overDue = false;

  /** An independent copy (to try entries speculatively, or to resume checking from a known-good prefix). */
  clone(): LogFollower {
    const c = new LogFollower();
    c.settings = this.settings;
    c.state = this.state ? cloneState(this.state) : null;
    c.index = this.index;
    c.finished = this.finished;
    c.tally.draws = this.tally.draws;
    c.tally.dice = this.tally.dice;
    c.tally.normal.splice(0, 6, ...this.tally.normal);
    c.tally.yellow.splice(0, 6, ...this.tally.yellow);
    c.nextEvent = this.nextEvent;
    c.turnsHashed = this.turnsHashed;
    c.commits = this.commits.slice();
    c.heads = this.heads.slice();
    c.chainSeats = this.chainSeats;
    for (const [k, v] of this.forfeits) c.forfeits.set(k, v);
    c.reclaimed = new Set(this.reclaimed);
    c.due = this.due ? { ...this.due, reveals: this.due.reveals.slice(), takesPart: this.due.takesPart.slice() } : null;
    c.hashDue = this.hashDue;
    c.cachedHash = this.cachedHash;
    c.overDue = this.overDue;
    return c;
  }

  /**
   * Everything that decides how the rest of a log is judged, as one string: two followers
   * with equal fingerprints accept and reject exactly the same continuations (P1.1).
   */
  fingerprint(): string {
    const due = this.due
      ? {
          event: this.due.event,
          kind: this.due.kind,
          reveals: this.due.reveals.map((r) => (r ? toHex(r) : null)),
          takesPart: this.due.takesPart,
        }
      : null;
    return JSON.stringify({
      settings: this.settings,
      state: this.state ? stateHash(this.state) : null,
      index: this.index,
      finished: this.finished,
      tally: this.tally,
      nextEvent: this.nextEvent,
      turnsHashed: this.turnsHashed,
      commits: this.commits,
      heads: this.heads.map((h) => (h ? toHex(h) : null)),
      due,
      hashDue: this.hashDue,
      overDue: this.overDue,
      forfeits: [...this.forfeits].sort(),
      reclaimed: [...this.reclaimed].sort(),
    });
  }

  get chains(): number {
    return this.commits.length;
  }

  /** Lobby seats that hold a chain, in chain order. */
  get chainSeatList(): readonly number[] {
    return this.chainSeats;
  }

  /** Who makes the moves of the seat with this colour now (P2.6). */
  control(colour: Colour): SeatControl {
    const lobbyIndex = this.lobby.indexOf(colour);
    const level = this.settings?.bots?.[lobbyIndex] ?? null;
    if (level) return { by: 'bot', level, why: 'bot-seat' };
    const gone = this.forfeits.get(colour);
    const standIn = this.settings?.standIn ?? STAND_IN_BOT;
    if (gone === 'resigned') return { by: 'bot', level: standIn, why: 'resigned' };
    if (gone === 'dropped' && !this.reclaimed.has(colour)) return { by: 'bot', level: standIn, why: 'dropped' };
    return { by: 'player' };
  }

  /**
   * The next step of the log, as one value: awaiting(), expectation() and apply() all read
   * it, so the order of what comes next is written once (P1.3).
   */
  next(): NextStep {
    if (!this.settings) return { kind: 'settings' };
    if (this.commits.length < this.chainSeats.length) {
      const chain = this.chainSeats[this.commits.length];
      return { kind: 'commit', chain, colour: this.lobby[chain] };
    }
    if (this.hashDue !== null) return { kind: 'hash', turn: this.hashDue };
    if (this.overDue) return { kind: 'over' };
    if (this.finished) return { kind: 'end' };
    if (this.due) {
      const { event, kind, missing } = this.dueEvent!;
      return missing.length ? { kind: 'reveal', event, chains: missing } : { kind: 'result', event, of: kind };
    }
    const s = this.state!;
    return { kind: 'move', phase: s.phase, seat: s.seat, colour: s.setup.seats[s.seat] };
  }

  /** What must come next, and who authors it. */
  awaiting(): Awaiting {
    const step = this.next();
    switch (step.kind) {
      case 'settings':
      case 'commit':
      case 'end':
        return step;
      case 'hash':
      case 'over':
      case 'result':
        return { kind: 'derived' };
      case 'reveal':
        return { kind: 'reveal', event: step.event, chains: step.chains };
      case 'move':
        if (step.phase !== 'place' && step.phase !== 'deploy') return { kind: 'derived' };
        return { kind: 'action', phase: step.phase, seat: step.seat, colour: step.colour, control: this.control(step.colour) };
    }
  }

  get lobby(): Colour[] {
    return this.settings ? this.settings.setup.seats : [];
  }

  /** The random event whose reveals are awaited now, if any. */
  get dueEvent(): { event: number; kind: RandomKind; missing: number[]; openedAt: number; order: readonly number[] } | null {
    if (!this.due) return null;
    const missing: number[] = [];
    this.due.reveals.forEach((r, i) => r || !this.due!.takesPart[i] || missing.push(i));
    return { event: this.due.event, kind: this.due.kind, missing, openedAt: this.due.openedAt, order: this.due.order };
  }

  get dueHashTurn(): number | null {
    return this.hashDue;
  }

  get isOverDue(): boolean {
    return this.overDue;
  }

  /** What the next entry must be, in words (for error messages and the end-of-log check). */
  expectation(): string {
    const step = this.next();
    switch (step.kind) {
      case 'settings':
        return 'the settings entry';
      case 'commit':
        return `the commitment of chain ${step.chain} (${step.colour})`;
      case 'hash':
        return `the state hash after turn ${step.turn}`;
      case 'over':
        return 'the final scores';
      case 'end':
        return 'the end of the log';
      case 'reveal':
        return `a reveal for event ${step.event} from chain ${step.chains.join(' or ')}`;
      case 'result':
        return `the ${step.of} derived from event ${step.event}`;
      case 'move': {
        const who = `seat ${step.seat} (${step.colour})`;
        if (step.phase === 'place') return `the placement of ${this.state!.drawn} by ${who}`;
        if (step.phase === 'deploy') return `the deployment (or none) of ${who}`;
        return `an entry for ${pending(this.state!).kind}`;
      }
    }
  }

  private fail(expected: string, found: string, ruleError?: RuleError): never {
    throw new EntryError(this.index, expected, found, ruleError);
  }

  /** The state hash entry value that is due now (computed once). */
  dueHash(): { turn: number; hash: string } | null {
    if (this.hashDue === null) return null;
    if (!this.cachedHash || this.cachedHash.turn !== this.hashDue) this.cachedHash = { turn: this.hashDue, hash: stateHash(this.state!) };
    return this.cachedHash;
  }

  /** The derived result entry once every reveal of the due event is in (P2.4). */
  dueResult(): SeatsEntry | DrawEntry | ThrowEntry | null {
    const due = this.due;
    if (!due || due.missing) return null;
    // P2.4 over the chains that take part, in chain order (a dropped seat's chain no longer does, P2.6).
    const seed = eventSeed(this.settings!.gameId, due.event, due.reveals.filter((_r, i) => due.takesPart[i]) as Uint8Array[]);
    if (due.kind === 'seats') return { k: 'seats', event: due.event, order: deriveSeating(seed, this.lobby, this.settings!.setup.options) };
    const p = pending(this.state!);
    if (p.kind === 'draw') return { k: 'draw', event: due.event, seat: p.seat, tile: p.supply[deriveDrawIndex(seed, p.supply.length)] };
    if (p.kind === 'throw')
      return { k: 'throw', event: due.event, participants: throwParticipants(p.participants), values: deriveThrow(seed, p.participants) };
    throw new Error(`internal: event ${due.event} is due but the engine awaits ${p.kind}`);
  }

  /** Checks one entry and applies it; throws EntryError (and changes nothing) when it may not come next. */
  apply(entry: LogEntry, events?: GameEvent[]): void {
    const found = describeEntry(entry);
    const step = this.next();
    switch (step.kind) {
      case 'settings':
        if (entry.k !== 'settings') this.fail('the settings entry', found);
        this.applySettings(entry, found);
        break;
      case 'commit':
        if (entry.k !== 'commit' || entry.chain !== step.chain || entry.colour !== step.colour) this.fail(this.expectation(), found);
        this.applyCommit(entry);
        break;
      case 'hash': {
        const want = this.dueHash()!;
        if (entry.k !== 'hash' || entry.turn !== want.turn || entry.state !== want.hash)
          this.fail(`state hash ${want.hash.slice(0, 16)}… for turn ${want.turn}`, found);
        this.hashDue = null;
        this.turnsHashed++;
        if (this.state!.phase === 'over') this.overDue = true;
        else this.scheduleNext();
        break;
      }
      case 'over': {
        const scores = this.state!.scores;
        if (entry.k !== 'over' || entry.scores.length !== scores.length || entry.scores.some((s, i) => s !== scores[i]))
          this.fail(`final scores ${JSON.stringify(scores)}`, found);
        this.overDue = false;
        this.finished = true;
        break;
      }
      case 'end':
        return this.fail('the end of the log', found);
      default: // a reveal, drop, resignation or reclaim is judged by its own rules, whatever else is due
        if (entry.k === 'reveal') this.applyReveal(entry.chain, entry.event, entry.value, found);
        else if (entry.k === 'drop' || entry.k === 'resign' || entry.k === 'reclaim') this.applySeatChange(entry.k, entry.colour, found);
        else if (step.kind === 'reveal') this.fail(this.expectation(), found);
        else if (step.kind === 'result') this.applyResult(entry, found, events);
        else if (entry.k === 'place' || entry.k === 'deploy') {
          if (entry.seat !== step.seat) this.fail(this.expectation(), found);
          const action =
            entry.k === 'place'
              ? { type: 'place' as const, x: entry.x, y: entry.y, r: entry.r }
              : { type: 'deploy' as const, deployment: entry.deployment };
          this.applyEngine(action, found, events);
        } else this.fail(this.expectation(), found);
    }
    this.index++;
  }

  private applyCommit(entry: CommitEntry): void {
    const settings = this.settings!;
    this.commits.push(entry);
    this.heads[entry.chain] = fromHex(entry.commitment, 32, 'commitment');
    if (this.commits.length < this.chainSeats.length) return;
    if (settings.shuffleSeats) this.openEvent('seats');
    else {
      this.state = newGame(settings.setup);
      this.scheduleNext();
    }
  }

  /** At the end of the log: throws EntryError unless the game is over and fully recorded. */
  finish(): void {
    if (!this.finished) this.fail(this.expectation(), 'the end of the log');
  }

  /**
   * P2.6: a seat leaves (drop, resign) or a dropped seat's player comes back (reclaim), at
   * a definite point of the log: a drop or resignation takes the place of the seat's own
   * next entry (its reveal, or its move); a reclaim comes just before the seat's placement.
   */
  private applySeatChange(kind: 'drop' | 'resign' | 'reclaim', colour: Colour, found: string): void {
    const lobbyIndex = this.lobby.indexOf(colour);
    if (lobbyIndex < 0) this.fail(this.expectation(), `${found}, but ${colour} is not in this game`);
    const control = this.control(colour);
    const at = this.awaiting();
    const ownSlot = (at.kind === 'reveal' && at.chains.includes(lobbyIndex)) || (at.kind === 'action' && at.colour === colour);
    if (kind === 'reclaim') {
      if (control.by !== 'bot' || control.why !== 'dropped') this.fail(this.expectation(), `${found}, but ${colour} was not dropped`);
      if (at.kind !== 'action' || at.colour !== colour || at.phase !== 'place')
        this.fail(this.expectation(), `${found}, which may only come before its own placement`);
      this.reclaimed.add(colour);
      return;
    }
    if (control.by !== 'player') this.fail(this.expectation(), `${found}, but ${colour} is played by a bot`);
    if (!ownSlot) this.fail(this.expectation(), `${found}, which may only take the place of its own reveal or move`);
    this.forfeits.set(colour, kind === 'drop' ? 'dropped' : 'resigned');
    this.reclaimed.delete(colour);
    // Its chain leaves every event from now on, this one included.
    if (this.due && this.due.takesPart[lobbyIndex]) {
      if (!this.due.reveals[lobbyIndex]) this.due.missing--;
      this.due.takesPart[lobbyIndex] = false;
      this.due.reveals[lobbyIndex] = null;
    }
  }

  /** Seats ranked for the results: forfeited seats last whatever their score (P2.6). */
  forfeited(colour: Colour): 'dropped' | 'resigned' | null {
    return this.forfeits.get(colour) ?? null;
  }

  private applySettings(entry: SettingsEntry, found: string): void {
    const setup: GameSetup = entry.setup;
    try {
      // With the seat shuffle the lobby order need not be a legal seating itself (R9.1), only one of its orders.
      const seats = entry.shuffleSeats ? (allowedSeatings(setup.seats, setup.options)[0] ?? setup.seats) : setup.seats;
      newGame({ seats, options: setup.options });
    } catch (e) {
      if (e instanceof RuleError) this.fail('a playable setup', `${found}: ${e.message}`, e);
      throw e;
    }
    const chainSeats = setup.seats.map((_, i) => i).filter((i) => !entry.bots?.[i]);
    // Every event combines the chains that take part: a game needs at least one to begin with (P2.6).
    if (!chainSeats.length) this.fail('a setup with at least one seat that is not a bot seat', `${found}, where every seat is a bot seat`);
    this.settings = entry;
    this.chainSeats = chainSeats;
    this.heads = setup.seats.map(() => null);
  }

  private openEvent(kind: RandomKind): void {
    const n = this.lobby.length;
    const takesPart = this.lobby.map((c, i) => this.heads[i] !== null && !this.forfeits.has(c));
    const order = takesPart.flatMap((t, i) => (t ? [i] : []));
    // Opened by the entry being applied now, so the event's first slot is the next index.
    this.due = {
      event: this.nextEvent,
      kind,
      reveals: new Array<Uint8Array | null>(n).fill(null),
      takesPart,
      missing: order.length,
      openedAt: this.index + 1,
      order,
    };
  }

  private scheduleNext(): void {
    const p = pending(this.state!);
    if (p.kind === 'draw' || p.kind === 'throw') this.openEvent(p.kind);
  }

  private applyReveal(chain: number, event: number, valueHex: string, found: string): void {
    const due = this.due;
    // P2.3: a reveal counts only once the log has reached the event that needs it.
    if (!due) this.fail(this.expectation(), `${found} before that event is due (P2.3)`);
    if (event !== due.event) this.fail(this.expectation(), event > due.event ? `${found}, ahead of its turn (P2.3)` : found);
    if (chain >= this.lobby.length) this.fail(this.expectation(), `${found}, but there are only ${this.lobby.length} chains`);
    if (!due.takesPart[chain]) this.fail(this.expectation(), `${found}, but chain ${chain} takes no part in this event`);
    if (due.reveals[chain]) this.fail(this.expectation(), `${found}, which chain ${chain} already revealed`);
    if (event >= this.settings!.chainLength) this.fail(`at most ${this.settings!.chainLength} events (the declared chain length)`, found);
    const value = fromHex(valueHex, 32, 'reveal');
    if (!revealMatches(value, this.heads[chain]!))
      this.fail(
        `a preimage of chain ${chain}'s ${event === 0 ? 'commitment' : `reveal for event ${event - 1}`} (P2.2)`,
        `${found} whose SHA-256 does not match`,
      );
    due.reveals[chain] = value;
    due.missing--;
  }

  private applyResult(entry: LogEntry, found: string, events?: GameEvent[]): void {
    const due = this.due!;
    const want = this.dueResult()!;
    if (entry.k !== want.k || entry.event !== want.event) this.fail(`the ${want.k} derived from event ${want.event}`, found);
    const same =
      want.k === 'seats'
        ? (entry as SeatsEntry).order.join(',') === want.order.join(',')
        : want.k === 'draw'
          ? (entry as DrawEntry).seat === want.seat && (entry as DrawEntry).tile === want.tile
          : JSON.stringify((entry as ThrowEntry).values) === JSON.stringify(want.values) &&
            // Version 2 records the participants: the engine cross-checks them (version 1 has none).
            (!(entry as ThrowEntry).participants || sameParticipants((entry as ThrowEntry).participants!, want.participants!));
    if (!same)
      this.fail(
        (entry as ThrowEntry).participants || want.k !== 'throw'
          ? describeEntry(want)
          : describeEntry({ ...want, participants: undefined }),
        found,
      );
    // The event is consumed before the engine moves on, because the engine may at once
    // need the next event (a tied throw, an unplaceable tile's redraw).
    const heads = this.heads.slice();
    for (let i = 0; i < due.reveals.length; i++) if (due.takesPart[i]) this.heads[i] = due.reveals[i]!;
    this.nextEvent++;
    this.due = null;
    try {
      if (want.k === 'seats') {
        this.state = newGame({ seats: want.order, options: this.settings!.setup.options });
        this.scheduleNext();
      } else if (want.k === 'draw') {
        this.applyEngine({ type: 'draw', tile: want.tile }, found, events);
        this.tally.draws++;
      } else {
        const participants: Participant[] = (pending(this.state!) as { participants: Participant[] }).participants;
        this.applyEngine({ type: 'throw', values: want.values }, found, events);
        this.countDice(participants, want.values);
      }
    } catch (e) {
      this.heads = heads;
      this.nextEvent--;
      this.due = due;
      throw e;
    }
  }

  private countDice(participants: Participant[], values: number[][]): void {
    participants.forEach((p, i) =>
      values[i].forEach((v, j) => {
        this.tally.dice++;
        if (p.yellow && j === values[i].length - 1) this.tally.yellow[v - 3]++;
        else this.tally.normal[v - 1]++;
      }),
    );
  }

  private applyEngine(action: Parameters<typeof applyInPlace>[1], found: string, events?: GameEvent[]): void {
    const s = this.state!;
    const turnBefore = s.turn;
    const overBefore = s.phase === 'over';
    const expected = this.expectation();
    try {
      applyInPlace(s, action, events);
    } catch (e) {
      // The engine checks before it changes anything (R10), so the state is still intact.
      if (e instanceof RuleError) this.fail(`a legal action (${expected})`, `${found}: ${e.message}`, e);
      // Not a rule the engine names: still report the entry rather than lose where it happened.
      this.fail(
        `an entry the engine can apply (${expected})`,
        `${found}: the engine failed with "${e instanceof Error ? e.message : String(e)}"`,
      );
    }
    if (s.turn !== turnBefore || (s.phase === 'over' && !overBefore)) this.hashDue = turnBefore;
    else this.scheduleNext();
  }

  /** Scorer names and final scores, for reports. */
  scoreTable(): Record<string, number> {
    const s = this.state;
    const out: Record<string, number> = {};
    if (s) s.scores.forEach((v, i) => (out[scorerName(s, i)] = v));
    return out;
  }
}
