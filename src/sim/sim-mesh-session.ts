// A MeshSession for simulations, tests and benches, with the test hooks injected from this
// side instead of living in the app's options: a bot that plays the peer's own seat
// (autopilot), a perturbed state hash (a peer whose engine disagrees), and where the next
// authored item would go (read by the lying peer, liar.ts, to forge lies that look real).
import type { Awaiting } from '../fair/follower';
import type { Replica } from '../fair/replica';
import type { Link } from '../net/lockstep/links';
import type { ItemPool } from '../net/lockstep/item-pool';
import type { VoteKey } from '../net/lockstep/seat-votes';
import type { PeerId } from '../net/transport';
import type { Frame } from '../net/wire';
import { MeshSession, type MeshOptions, type Role } from '../net/mesh-session';
import type { BotLevel } from '../session/session';

export interface SimMeshOptions extends MeshOptions {
  /** A bot that makes this peer's own seat's moves. */
  autopilot?: BotLevel | null;
  /** A peer whose engine is perturbed reports this instead of its real state hash. */
  tamperHash?: (turn: number, hash: string) => string;
  /** A voter that never casts a drop vote (the liar that withholds its votes, liar.ts). */
  withholdDropVotes?: boolean;
  /** A peer that signs another bank claim than it measured (`seat`: its own lobby seat; `turn`: the turn it moves in). */
  tamperClaim?: (w: number[], seat: number, turn: number) => number[];
}

export class SimMeshSession extends MeshSession {
  private readonly autopilot: BotLevel | null;
  private readonly tamperHash: ((turn: number, hash: string) => string) | null;
  private readonly tamperClaim: SimMeshOptions['tamperClaim'] | null;

  constructor(opts: SimMeshOptions, role: Role) {
    super(opts, role);
    this.autopilot = opts.autopilot ?? null;
    this.tamperHash = opts.tamperHash ?? null;
    this.tamperClaim = opts.tamperClaim ?? null;
    if (opts.withholdDropVotes) {
      // The one seam the session has no hook for: its private castVote, shadowed on this instance only. The vote is
      // marked cast (so this peer follows the group's count like any voter that answered) but never signed nor sent.
      const self = this as unknown as { castVote(k: VoteKey): boolean; votes: { cast(k: VoteKey): boolean } };
      const cast = self.castVote.bind(this);
      self.castVote = (k) => {
        if (k.what !== 'drop') return cast(k);
        self.votes.cast(k);
        return false;
      };
    }
  }

  protected override ownSeatBot(): BotLevel | null {
    return this.autopilot;
  }

  protected override reportedHash(turn: number, hash: string): string {
    return this.tamperHash ? this.tamperHash(turn, hash) : hash;
  }

  protected override signedClaim(w: number[]): number[] {
    return this.tamperClaim && this.mySeat !== null && this.replica?.state ? this.tamperClaim(w, this.mySeat, this.replica.state.turn) : w;
  }

  /** Where this peer's next authored item would go: its seat, next number, the log length, the next random event, what the log waits for. */
  get authoring(): { a: number; n: number; at: number; nextEvent: number; awaiting: Awaiting } | null {
    if (this.mySeat === null || !this.replica) return null;
    return {
      a: this.mySeat,
      n: this.nextSeq,
      at: this.replica.length,
      nextEvent: this.replica.follower.nextEvent,
      awaiting: this.replica.awaiting(),
    };
  }

  /** The hash of this peer's log prefix of `i` entries (a liar signs its lies on the history it holds); null beyond its log. */
  prefixAt(i: number): string | null {
    return this.replica && i <= this.replica.length ? this.prefix.at(i) : null;
  }

  /** The log as this peer holds it (read it, never change it). */
  get replicaView(): Replica | null {
    return this.replica;
  }

  /** The items this peer holds (read them, never change them). */
  get poolView(): ItemPool | null {
    return this.pool;
  }

  /** The link to `peer` itself, and a way to keep it there (the fuzzer speaks over one authenticated link). */
  linkTo(peer: PeerId): Link | undefined {
    return this.links.get(peer);
  }

  keepLink(link: Link): void {
    this.links.put(link);
  }

  /** Milliseconds spent on frames that waited for a link's check budget (the fuzzer's cost view counts them as the victim's work). */
  deferredMs = 0;

  protected override handleDeferred(link: Link, frames: readonly { frame: Frame; bytes: number }[]): void {
    const t0 = performance.now();
    super.handleDeferred(link, frames);
    this.deferredMs += performance.now() - t0;
  }

  /** When set, every frame this peer handles, in the order it handles them, with the link it came on (a test's view of ordering). */
  handled: { peer: PeerId; frame: Frame }[] | null = null;

  protected override handleSafely(link: Link, frame: Frame, bytes: number): void {
    this.handled?.push({ peer: link.peer, frame });
    super.handleSafely(link, frame, bytes);
  }
}
