// A frame on its way in (P3.4), before anything reads it: the link's flood budget, the parse by
// the wire grammar, the fast signature checks it waits for (fast-checks.ts), and the frames
// whose checks are past the link's budget for this second, handled in order when it refills.
// It owns the fast checks and the timers that drain deferred frames; a frame that passes is
// handed to the session (the verdict, or its `handle` for one that waited), refusals are said
// once through `reject`.
import type { Clock } from '../clock';
import type { FastVerifier } from '../fast-ed25519';
import type { SignatureCheck } from '../identity';
import type { PeerId } from '../transport';
import { parseFrame, WireError, type Frame } from '../wire';
import { FastChecks } from './fast-checks';
import type { PoolContext } from './item-pool';
import { SIGNATURE_CHECKS_PER_SECOND } from './limits';
import type { Link, Links } from './links';

/** What the intake asks of the session. */
export interface IntakeContext {
  /** Whether the session still runs. */
  live(): boolean;
  /** Handles a frame that waited for its fast checks (the session's protected `handleSafely`). */
  handle(link: Link, frame: Frame, bytes: number): void;
  /** Handles, in their order, frames that waited for the link's check budget (the session's protected `handleDeferred`). */
  drained(link: Link, frames: readonly { frame: Frame; bytes: number }[]): void;
  /** The signatures a frame asks for that are not known yet (null before the start: no fast checks then). */
  signatures(frame: Frame): SignatureCheck[] | null;
  reject(line: string): void;
  who(link: Link): string;
}

/** A frame to handle now, from its proven or unproven link. */
export interface Arrived {
  link: Link;
  frame: Frame;
  bytes: number;
}

export class FrameIntake {
  /** Signature checks ahead of the replica (the page's WebCrypto), or null. */
  private readonly fastChecks: FastChecks | null;

  constructor(
    private readonly links: Links,
    private readonly clock: Clock,
    fastVerify: FastVerifier | null | undefined,
    private readonly ctx: IntakeContext,
  ) {
    this.fastChecks = fastVerify
      ? new FastChecks(fastVerify, (link, frame, bytes) => {
          const now = this.linkNow(link);
          if (now) ctx.handle(now, frame, bytes);
        })
      : null;
  }

  /** A frame's text from `peer`: the frame to handle now, or null (dropped, refused, or waiting for its checks). */
  receive(peer: PeerId, text: string): Arrived | null {
    const link = this.links.get(peer);
    if (!link) return null;
    const admission = this.links.admit(link, this.clock.now(), text.length);
    if (admission !== 'pass') {
      if (admission === 'drop-first') this.ctx.reject(`${this.ctx.who(link)} is sending too fast; frames dropped`);
      return null;
    }
    link.heardAt = this.clock.now();
    let frame: Frame;
    try {
      frame = parseFrame(text);
    } catch (e) {
      if (e instanceof WireError) {
        this.ctx.reject(`${this.ctx.who(link)}: ${e.message}`);
        return null;
      }
      throw e;
    }
    const checks = this.fastChecks ? this.ctx.signatures(frame) : null;
    if (this.fastChecks && checks) {
      const v = this.fastChecks.admit(link, frame, text.length, checks);
      if (v === 'dropped') this.ctx.reject(`${this.ctx.who(link)} sends signatures faster than they can be checked; a frame was dropped`);
      if (v !== 'now') return null;
    }
    return { link, frame, bytes: text.length };
  }

  /** One real signature check on `link` now, if its budget allows (the first refusal of a second is said). */
  mayCheck(link: Link): boolean {
    const a = this.links.spendCheck(link, this.clock.now());
    if (a === 'drop-first')
      this.ctx.reject(`${this.ctx.who(link)} sends more than ${SIGNATURE_CHECKS_PER_SECOND} signatures a second to check; frames dropped`);
    return a === 'pass';
  }

  /** The pool's context for a frame from `link`: its signature checks come out of the link's budget (past it, the frame is deferred). */
  checkedBy(link: Link, ctx: PoolContext): PoolContext {
    return { ...ctx, mayCheck: () => this.links.spendCheck(link, this.clock.now()) === 'pass' };
  }

  /**
   * A frame whose signature check is past `link`'s budget for this second waits, in order,
   * for the budget to refill: an honest burst costs time, not a frame. Past the queue's
   * bound it is dropped (said once a second); sync brings back anything honest.
   */
  defer(link: Link, f: Frame, bytes: number): void {
    const kept = this.links.defer(link, f, bytes, this.clock.now());
    if (kept === 'full-first')
      this.ctx.reject(`${this.ctx.who(link)} sends more than ${SIGNATURE_CHECKS_PER_SECOND} signatures a second to check; frames dropped`);
    if (link.draining) return;
    link.draining = true;
    this.clock.setTimeout(
      () => {
        link.draining = false;
        const frames = this.links.takeDeferred(link);
        // A link closed meanwhile takes its frames with it (its peer's sync brings back anything honest).
        const now = this.linkNow(link);
        if (now) this.ctx.drained(now, frames);
      },
      this.links.checksRefillIn(link, this.clock.now()),
    );
  }

  /**
   * Where frames that waited (for the check budget, for fast checks) are handled: the peer's
   * link as it is now, if it is the same identity's and proven (a redial keeps them); null once
   * the session is gone or the link closed.
   */
  private linkNow(link: Link): Link | null {
    const now = this.links.get(link.peer);
    return this.ctx.live() && now?.authed && now.pub === link.pub ? now : null;
  }
}
