// Each seat's time bank as this peer's log counts it (P6, bullet 5): the fold of
// src/fair/time-bank.ts over the log, fed the claim each move carried (the item that took the
// entry, as the replay writes it), kept up to date as the log grows and begun again when it
// goes back to another history. Every peer holding one log gives every wait the same bank.
import type { Colour } from '../../engine';
import type { Replica } from '../../fair/replica';
import { signatureSlots } from '../../fair/signatures';
import { BANK_UNIT_MS, BankBook } from '../../fair/time-bank';
import type { LobbySeat } from '../wire';
import type { ItemPool } from './item-pool';

export class BankCount {
  private book: BankBook;
  /** How many entries the book has taken, and the prefix hash there (another history: begin again). */
  private len = 0;
  private at = '';

  constructor(
    private readonly roster: readonly LobbySeat[],
    private readonly replica: () => Replica,
    private readonly pool: () => ItemPool,
    private readonly prefix: (i: number) => string,
  ) {
    this.book = this.fresh();
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
    const length = r.length;
    if (this.len > length || this.prefix(this.len) !== this.at) {
      this.book = this.fresh();
      this.len = 0;
    }
    if (this.len < length) {
      const entries = r.log.entries;
      const slots = signatureSlots(
        entries,
        this.roster.map((s) => s.pub !== null),
      );
      for (let i = this.len; i < length; i++) {
        const slot = slots[i];
        const claim = slot?.kind === 'author' ? (this.pool().tookEntry(slot.a, i, r, this.prefix(i))?.w ?? null) : null;
        this.book.take(entries[i], slot, claim);
      }
      this.len = length;
    }
    this.at = this.prefix(this.len);
    return this.book;
  }

  private fresh(): BankBook {
    return new BankBook(
      this.roster.map((s) => s.colour),
      this.roster.map((s) => s.pub !== null),
    );
  }
}
