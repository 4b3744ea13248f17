// The time-bank claim a hand-made item must carry to pass the wire's grammar (wire version 7):
// a move carries one whole number per lobby seat (nothing used), anything else none.
import { carriesClaim } from '../../src/fair/time-bank';
import type { Item } from '../../src/net/wire';

export function claimFor(body: Item['body'], seats: number): Item['w'] {
  return body.k === 'entry' && carriesClaim(body.entry) ? Array.from({ length: seats }, () => 0) : null;
}
