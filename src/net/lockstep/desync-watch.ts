// State hashes and desync (P1.4): this log's hash per turn, the hashes other seats signed on
// their entries, and the verdict when one contradicts this peer's: a desync report. The hash
// this peer reports of a turn passes through `reported` (the real hash; a test double may
// perturb it from the test side).
import type { Colour } from '../../engine';
import type { LogEntry } from '../../fair';
import type { DesyncReport } from './views';

export interface TurnHash {
  turn: number;
  state: string;
}

export class DesyncWatch {
  private readonly mine = new Map<number, string>();
  private readonly theirs = new Map<string, TurnHash & { a: number }>();
  private lastSent = 0;
  private found: DesyncReport | null = null;

  constructor(private readonly reported: (turn: number, hash: string) => string) {}

  get report(): DesyncReport | null {
    return this.found;
  }

  /** Hash entries this log derived. */
  noteDerived(entries: readonly LogEntry[]): void {
    for (const e of entries) if (e.k === 'hash') this.mine.set(e.turn, e.state);
  }

  /** Seat `a`'s state hash, counted once its entry took its place here (the same log prefix). */
  noteTheirs(a: number, h: TurnHash): void {
    this.theirs.set(`${a}|${h.turn}`, { ...h, a });
  }

  /** After a rewind: the hashes of the log kept. */
  resetTo(entries: readonly LogEntry[]): void {
    this.mine.clear();
    for (const e of entries) if (e.k === 'hash') this.mine.set(e.turn, e.state);
  }

  /** The hash to carry on this seat's next entry: the latest one, once per turn. */
  toSend(entries: readonly LogEntry[]): TurnHash | null {
    let latest: TurnHash | null = null;
    for (let i = entries.length - 1; i >= 0 && !latest; i--) {
      const e = entries[i];
      if (e.k === 'hash') latest = { turn: e.turn, state: this.reported(e.turn, e.state) };
    }
    if (!latest || latest.turn <= this.lastSent) return null;
    this.lastSent = latest.turn;
    return latest;
  }

  /** Compares every hash heard with this log's; the first contradiction becomes the desync report. */
  check(who: (a: number) => { name: string; colour: Colour }, gameId: string, logText: () => string): DesyncReport | null {
    if (this.found) return null;
    for (const [k, h] of this.theirs) {
      const own = this.mine.get(h.turn);
      if (own === undefined) continue;
      const mine = this.reported(h.turn, own);
      this.theirs.delete(k);
      if (mine === h.state) continue;
      const seat = who(h.a);
      this.found = { gameId, turn: h.turn, mine, theirs: h.state, peer: seat.name, colour: seat.colour, log: logText() };
      return this.found;
    }
    return null;
  }

  /** The desync report as a file: turn, both hashes, both peers, and this peer's log. */
  reportText(myName: string, myColour: Colour | null): string {
    const d = this.found;
    if (!d) return '';
    return JSON.stringify({
      format: 'carcassonne-sw-desync-report',
      gameId: d.gameId,
      turn: d.turn,
      mine: { peer: myName, colour: myColour, hash: d.mine },
      theirs: { peer: d.peer, colour: d.colour, hash: d.theirs },
      log: d.log,
    });
  }
}
