// A state hash dispute as time goes (P1.4, P6.3): since when no majority can agree with this
// peer's hash, and the one timer that looks again DISPUTE_MS later. This peer stops only then,
// once the entries it asked for by position had time to come (desync-watch.ts judges the hashes).
import type { Clock } from '../clock';
import { DISPUTE_MS } from './limits';

/** Play on (a majority can agree, or there is no dispute), wait for the dispute to settle, or stop. */
export type DisputeVerdict = 'play' | 'wait' | 'stop';

export class HashDispute {
  /** Since when no majority can agree with this peer's state hash (null: it can, or no dispute). */
  private lostSince: number | null = null;

  /** `again`: DISPUTE_MS after a dispute began, the session judges the hashes again. */
  constructor(
    private readonly clock: Clock,
    private readonly again: () => void,
  ) {}

  /** `lost`: whether, by the latest judgement, no majority can agree with this peer. */
  settle(lost: boolean): DisputeVerdict {
    if (!lost) {
      this.lostSince = null;
      return 'play';
    }
    const now = this.clock.now();
    if (this.lostSince === null) {
      this.lostSince = now;
      this.clock.setTimeout(this.again, DISPUTE_MS);
      return 'wait';
    }
    return now - this.lostSince < DISPUTE_MS ? 'wait' : 'stop';
  }
}
