// State hashes and desync (P1.4, P6.3): this log's hash per turn, the hashes other seats
// signed on their moves, and the verdict when they disagree — decided by the seats, not
// suffered. A hash the majority of the player seats contradicts proves its signer wrong
// (that seat is voted out, play goes on); this peer stops only when no majority can agree
// with it any more, and only after it asked the others for the disputed entries by position
// (a seat that showed this peer alone another version of its move is then caught
// equivocating, and its hashes count for nothing). The hash this peer reports of a turn
// passes through `reported` (the real hash; a test double may perturb it from the test side).
import type { Colour } from '../../engine';
import type { LogEntry } from '../../fair';
import type { DesyncReport } from './views';

export interface TurnHash {
  turn: number;
  state: string;
}

/** A signed hash heard: whose, where its item sits in the log. */
interface Heard {
  state: string;
  at: number;
}

/** What the judgement says after a pump. */
export interface HashVerdict {
  /** Seats the majority contradicts (to vote out). */
  wrong: number[];
  /** Log positions of items whose hashes dispute this peer's, not yet settled (to ask the others for, by position). */
  disputed: number[];
  /** No majority can agree with this peer on this turn: it stops (once it has asked). */
  lost: { turn: number; a: number; theirs: string } | null;
}

/** Most turns kept per seat (a game has fewer than 100 turns; bounds a peer that sends hashes for turns never played). */
const MAX_TURNS_KEPT = 512;

export class DesyncWatch {
  private readonly mine = new Map<number, string>();
  /** Per turn, per seat: the hash it signed (the first one heard). */
  private readonly theirs = new Map<number, Map<number, Heard>>();
  private readonly proven = new Set<number>();
  private lastSent = 0;
  private found: DesyncReport | null = null;

  constructor(private readonly reported: (turn: number, hash: string) => string) {}

  get report(): DesyncReport | null {
    return this.found;
  }

  /** Seats whose signed hash the majority contradicted. */
  isProvenWrong(a: number): boolean {
    return this.proven.has(a);
  }

  /** Hash entries this log derived. */
  noteDerived(entries: readonly LogEntry[]): void {
    for (const e of entries) if (e.k === 'hash') this.mine.set(e.turn, e.state);
  }

  /** Seat `a`'s state hash, carried by its move at log index `at`, counted once that move took its place here (the same prefix). */
  noteTheirs(a: number, h: TurnHash, at: number): void {
    let by = this.theirs.get(h.turn);
    if (!by) {
      if (this.theirs.size >= MAX_TURNS_KEPT) return;
      this.theirs.set(h.turn, (by = new Map()));
    }
    if (!by.has(a)) by.set(a, { state: h.state, at });
  }

  /** After a rewind: the hashes of the log kept, and only the hashes heard on it. */
  resetTo(entries: readonly LogEntry[], length: number): void {
    this.mine.clear();
    for (const e of entries) if (e.k === 'hash') this.mine.set(e.turn, e.state);
    for (const [turn, by] of this.theirs) {
      for (const [a, heard] of by) if (heard.at >= length) by.delete(a);
      if (by.size === 0) this.theirs.delete(turn);
    }
  }

  /** The hash to carry on this seat's next move: the latest one, once per turn. */
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

  /**
   * Judges the hashes heard (P6.3). A turn's hash rides on the next mover's move, so one turn
   * is vouched for by one seat; a seat agrees with this peer once a hash it signed for the
   * disputed turn or later matches this log's (a later state grows from the earlier one) and
   * none differs. `players`: the seats still played by a person (this one's own included when
   * it is one); `me`: this peer's seat or null; `void_`: seats whose word counts for nothing
   * (caught equivocating).
   */
  judge(players: readonly number[], me: number | null, void_: (a: number) => boolean): HashVerdict {
    const out: HashVerdict = { wrong: [], disputed: [], lost: null };
    if (this.found) return out;
    const voters = players.filter((a) => !void_(a) && !this.proven.has(a));
    const need = Math.floor(voters.length / 2) + 1;
    // Per seat: the first turn its signed hash differs from this log's, and the latest turn it matches.
    const differs = new Map<number, { turn: number; heard: Heard }>();
    const matches = new Map<number, number>();
    for (const [turn, by] of [...this.theirs].sort((x, y) => x[0] - y[0])) {
      const own = this.mine.get(turn);
      if (own === undefined) continue;
      const mine = this.reported(turn, own);
      for (const [a, heard] of by) {
        if (!voters.includes(a) || a === me) continue;
        if (heard.state !== mine) {
          if (!differs.has(a)) differs.set(a, { turn, heard });
        } else matches.set(a, turn);
      }
    }
    if (!differs.size) return out;
    const first = [...differs].sort((x, y) => x[1].turn - y[1].turn || x[0] - y[0])[0];
    const disputed = first[1].turn;
    let agree = me !== null && voters.includes(me) ? 1 : 0;
    let unheard = 0;
    for (const a of voters) {
      if (a === me || differs.has(a)) continue;
      if ((matches.get(a) ?? -1) >= disputed) agree++;
      else unheard++;
    }
    if (agree >= need) {
      for (const a of differs.keys()) if (!this.proven.has(a)) this.proven.add(a), out.wrong.push(a);
      return out;
    }
    for (const d of differs.values()) out.disputed.push(d.heard.at);
    if (agree + unheard < need) out.lost = { turn: disputed, a: first[0], theirs: first[1].heard.state };
    return out;
  }

  /** This peer stops: no majority agrees with it on `turn` (the desync report, P1.4). */
  stop(lost: { turn: number; theirs: string }, seat: { name: string; colour: Colour }, gameId: string, logText: string): DesyncReport {
    const mine = this.reported(lost.turn, this.mine.get(lost.turn) ?? '');
    this.found = { gameId, turn: lost.turn, mine, theirs: lost.theirs, peer: seat.name, colour: seat.colour, log: logText };
    return this.found;
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
