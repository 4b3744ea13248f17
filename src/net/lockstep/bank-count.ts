// Each seat's time bank as this peer's log counts it (P6, bullet 5): the fold of
// src/fair/time-bank.ts over the log, fed the claim each move carried (the item that took the
// entry, as the replay writes it), kept up to date as the log grows and begun again when it
// goes back to another history. Every peer holding one log gives every wait the same bank.
import type { Colour } from '../../engine';
import type { LogEntry } from '../../fair/log';
import type { Replica } from '../../fair/replica';
import { signatureWalk, type SignatureSlot } from '../../fair/signatures';
import { BANK_UNIT_MS, BankBook } from '../../fair/time-bank';
import type { LobbySeat } from '../wire';
import type { ItemPool } from './item-pool';

export class BankCount {
  private book!: BankBook;
  /** Whose signature each next entry needs (signatures.ts), walked along with the book. */
  private walk!: (e: LogEntry) => SignatureSlot;
  /** How many entries the book has taken (-1: none walked yet), and the prefix hash there (another history: begin again). */
  private len = -1;
  private at = '';
  private readonly hasKey: boolean[];

  constructor(
    private readonly roster: readonly LobbySeat[],
    private readonly replica: () => Replica,
    private readonly pool: () => ItemPool,
    private readonly prefix: (i: number) => string,
  ) {
    this.hasKey = roster.map((s) => s.pub !== null);
  }

  /** What `colour` has used of its bank by the log's count, in ms. */
  usedMs(colour: Colour): number {
    const a = this.roster.findIndex((r) => r.colour === colour);
    return a < 0 ? 0 : this.upToDate().used(a) * BANK_UNIT_MS;
  }

  /** Lobby seat `a`'s latest claim in the log (null: none yet). */
  claimOf(a: number): readonly number[] | null {
    return this.upToDate().claimOf(a);
  }

  private upToDate(): BankBook {
    const r = this.replica();
    const entries = r.log.entries;
    if (this.len < 0 || this.len > r.length || this.prefix(this.len) !== this.at) {
      this.book = new BankBook(
        this.roster.map((s) => s.colour),
        this.hasKey,
      );
      this.walk = signatureWalk(entries[0], this.hasKey);
      this.len = 0;
    }
    for (; this.len < r.length; this.len++) {
      const i = this.len;
      const slot = this.walk(entries[i]);
      const claim = slot?.kind === 'author' ? (this.pool().tookEntry(slot.a, i, r, this.prefix(i))?.w ?? null) : null;
      this.book.take(entries[i], slot, claim);
    }
    this.at = this.prefix(this.len);
    return this.book;
  }
}
