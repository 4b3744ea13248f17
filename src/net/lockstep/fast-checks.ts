// Signature checks ahead of the replica (issue 19): the frames of a link whose signatures are
// not known yet wait while a fast verifier (the page's WebCrypto, src/net/fast-ed25519.ts)
// checks them, all started at once; they are then handled in the order they came, whatever
// order the checks finish in, and frames behind them on that link wait too. What the verifier
// confirms is known valid (identity.ts preverify); the rest is judged by the synchronous check.
import type { FastVerifier } from '../fast-ed25519';
import { preverify, type SignatureCheck } from '../identity';
import { itemSigningText, type Frame, type Item, type LobbySeat } from '../wire';
import { MAX_VERIFYING_FRAMES } from './limits';
import type { Link } from './links';

/** The signatures `frame` would have a peer check that are not known already (a copy of a held item costs none). */
export function signaturesIn(
  frame: Frame,
  gameId: string,
  roster: readonly LobbySeat[],
  held: (a: number, n: number) => Item | undefined,
): SignatureCheck[] {
  const items =
    frame.t === 'item' ? [frame.item] : frame.t === 'items' ? frame.items : frame.t === 'evidence' ? [frame.first, frame.second] : [];
  const out: SignatureCheck[] = [];
  for (const item of items) {
    const pub = roster[item.a]?.pub;
    if (!pub || !item.sig || held(item.a, item.n)?.sig === item.sig) continue;
    out.push({ publicKey: pub, tag: 'item', body: itemSigningText(gameId, item), signature: item.sig });
  }
  return out;
}

export type VerifyVerdict = 'now' | 'waits' | 'dropped';

export class FastChecks {
  constructor(
    private readonly fast: FastVerifier,
    /** Handles a frame that waited, on the peer's link as it is then (null: gone, or another identity's: the frame goes with it). */
    private readonly handle: (link: Link, frame: Frame, bytes: number) => void,
  ) {}

  /** Whether `frame` (needing `checks`) is handled now, waits for its checks (and those before it), or is dropped (queue full). */
  admit(link: Link, frame: Frame, bytes: number, checks: readonly SignatureCheck[]): VerifyVerdict {
    if (checks.length === 0 && link.verifying === 0) return 'now';
    if (link.verifying >= MAX_VERIFYING_FRAMES) return 'dropped';
    link.verifying++;
    const checked = checks.length ? preverify(this.fast, checks) : null;
    link.verifyChain = link.verifyChain
      .then(() => checked)
      .then(() => {
        link.verifying--;
        this.handle(link, frame, bytes);
      });
    return 'waits';
  }
}
