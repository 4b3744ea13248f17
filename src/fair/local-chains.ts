// The hash chains this device owns (P2.1, P2.7): their secrets never leave it except in
// its own save. A chain reveals only for the event the replica says is due (P2.3).
import { freshSecret, HashChain, SECRET_BYTES } from './chain';
import { fromHex, toHex } from './hex';
import type { CommitEntry, RevealEntry } from './log-entries';
import type { Replica } from './replica';

export interface SavedSecret {
  chain: number;
  secret: string;
}

export class LocalChains {
  /** Lobby seat index → its chain. */
  private readonly chains = new Map<number, HashChain>();

  /** Fresh CSPRNG secrets for these lobby seats (or the given ones, for tests). */
  static fresh(seats: readonly number[], length: number, secrets?: readonly Uint8Array[]): LocalChains {
    const c = new LocalChains();
    seats.forEach((seat, i) => c.chains.set(seat, new HashChain(secrets?.[i] ?? freshSecret(), length)));
    return c;
  }

  /** From this device's saved secrets; throws an Error with a one-line message on a bad one. */
  static fromSaved(saved: readonly SavedSecret[], length: number): LocalChains {
    const c = new LocalChains();
    for (const s of saved) {
      if (c.chains.has(s.chain)) throw new Error(`two secrets for chain ${s.chain}`);
      c.chains.set(s.chain, new HashChain(fromHex(s.secret, SECRET_BYTES, 'secret'), length));
    }
    return c;
  }

  owns(chain: number): boolean {
    return this.chains.has(chain);
  }

  get seats(): number[] {
    return [...this.chains.keys()].sort((a, b) => a - b);
  }

  commitment(chain: number): string {
    return toHex(this.get(chain).commitment);
  }

  commitEntry(chain: number, colour: CommitEntry['colour']): CommitEntry {
    return { k: 'commit', chain, colour, commitment: this.commitment(chain) };
  }

  /** P2.3: the reveals this device owes for the event due now, in chain order; none when nothing is due. */
  revealsDue(replica: Replica): RevealEntry[] {
    const at = replica.awaiting();
    if (at.kind !== 'reveal') return [];
    return at.chains
      .filter((c) => this.chains.has(c))
      .map((chain) => ({ k: 'reveal', chain, event: at.event, value: toHex(this.get(chain).reveal(at.event)) }));
  }

  saved(): SavedSecret[] {
    return this.seats.map((chain) => ({ chain, secret: toHex(this.get(chain).secret) }));
  }

  private get(chain: number): HashChain {
    const c = this.chains.get(chain);
    if (!c) throw new Error(`internal: this device holds no chain ${chain}`);
    return c;
  }
}
