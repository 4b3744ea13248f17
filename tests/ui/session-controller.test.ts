import { describe, expect, it } from 'vitest';
import { defaultOptions, legalPlacements, type GameEvent, type GameState } from '../../src/engine';
import { LocalSession } from '../../src/session/local-session';
import type { SessionUpdate } from '../../src/session/session';
import { CATCH_UP_DRAW_MS, SessionController } from '../../src/ui/session-controller';
import { normaliseChoice } from '../../src/ui/deploy-choice';

function fakeHost() {
  const host = {
    updates: 0,
    controllers: [] as unknown[],
    addController(c: unknown) {
      host.controllers.push(c);
    },
    removeController() {},
    requestUpdate() {
      host.updates++;
    },
    updateComplete: Promise.resolve(true),
  };
  return host;
}

describe('SessionController', () => {
  it('shows each update only after the table has played its events, in order; idle() waits for it', async () => {
    const session = LocalSession.create({ seats: ['red', 'black'], options: defaultOptions() }, [{ kind: 'human' }, { kind: 'human' }], {
      secrets: [new Uint8Array(32), new Uint8Array(32).fill(9)],
    });
    const host = fakeHost();
    const ctl = new SessionController(host);
    ctl.hostConnected();
    const played: { events: GameEvent[]; after: GameState; shownBefore: number }[] = [];
    let release: () => void = () => {};
    ctl.animate = (events, after) => {
      played.push({ events, after, shownBefore: ctl.shown!.tiles.length });
      return new Promise((r) => (release = r));
    };
    ctl.attach(session);
    await session.start();
    await session.place(legalPlacements(session.state)[0]);
    expect(ctl.busy).toBe(true);
    // The first update (the first draw) is playing; nothing after it is shown yet.
    expect(played).toHaveLength(1);
    expect(ctl.shown!.phase).toBe('draw');
    let idle = false;
    void ctl.idle().then(() => (idle = true));
    release();
    await new Promise((r) => setTimeout(r, 0));
    expect(played).toHaveLength(2);
    expect(played[1].shownBefore).toBe(1); // the placement is animated before the HUD shows it
    release();
    await new Promise((r) => setTimeout(r, 0));
    expect(ctl.shown!.tiles.length).toBe(2);
    expect(ctl.events.some((e) => e.type === 'placed')).toBe(true);
    expect(idle).toBe(true);
    session.dispose();
  });
});

/** Plays `turns` whole turns of a two-human local game (first legal placement, no meeple). */
async function playTurns(session: LocalSession, turns: number): Promise<void> {
  const until = session.state.turn + turns;
  for (let guard = 0; guard < 10 * turns && session.state.turn < until && session.state.phase !== 'over'; guard++) {
    if (session.state.phase === 'place') await session.place(legalPlacements(session.state)[0]);
    else if (session.state.phase === 'deploy') await session.deploy(null);
    else break;
  }
}

/**
 * `session` as a networked one behind the live edge shows it: its own updates, re-sent marked as
 * catching up while `behind()` holds. `off` stops the re-sending.
 */
function markedCatchingUp(session: LocalSession, behind: () => boolean = () => true): { marked: LocalSession; off: () => void } {
  const listeners: ((u: SessionUpdate) => void)[] = [];
  const off = session.subscribe((u) => listeners.forEach((l) => l(behind() ? { ...u, catchingUp: true } : u)));
  const marked = Object.create(session, {
    subscribe: { value: (l: (u: SessionUpdate) => void) => (listeners.push(l), () => {}) },
  }) as LocalSession;
  return { marked, off };
}

describe('SessionController catching up', () => {
  const twoHumans = () =>
    LocalSession.create({ seats: ['red', 'black'], options: defaultOptions() }, [{ kind: 'human' }, { kind: 'human' }], {
      secrets: [new Uint8Array(32), new Uint8Array(32).fill(9)],
    });

  it('a burst of 40 turns queues no animation for past turns: only the last turn plays, over the board drawn once', async () => {
    const session = twoHumans();
    const host = fakeHost();
    const ctl = new SessionController(host);
    ctl.hostConnected();
    const played: { events: GameEvent[]; after: GameState; shownTurn: number }[] = [];
    let release: () => void = () => {};
    ctl.animate = (events, after) => {
      played.push({ events, after, shownTurn: ctl.shown!.turn });
      return new Promise((r) => (release = r));
    };
    ctl.attach(session);
    await session.start(); // the first draw plays and holds the queue
    await playTurns(session, 40);
    const liveTurn = session.state.turn;
    expect(liveTurn).toBeGreaterThanOrEqual(40);
    expect(played).toHaveLength(1); // the burst waits behind the first animation
    for (let i = 0; i < 5 && ctl.busy; i++) {
      release();
      await new Promise((r) => setTimeout(r, 0));
    }
    expect(ctl.busy).toBe(false);
    // after the first draw, only the last turn played (its placement, then its deployment and the next draw);
    // every turn before it was shown at once, and the board of the last turn's start was drawn before it played
    const after = played.slice(1);
    expect(after.length).toBeGreaterThan(0);
    expect(after.length).toBeLessThanOrEqual(2);
    expect(after.flatMap((p) => p.events).filter((e) => e.type === 'placed')).toHaveLength(1);
    expect(after[0].shownTurn).toBe(liveTurn - 1);
    // the screen's moment is the session's: state, status and the event log agree
    expect(ctl.shown!.turn).toBe(liveTurn);
    expect(ctl.status).toEqual(session.status);
    expect(ctl.events).toHaveLength(session.history().length);
    session.dispose();
  });

  it('one update holding 10 turns (a stored log applied on reload) plays only from its last placement', async () => {
    const session = twoHumans();
    const updates: SessionUpdate[] = [];
    session.subscribe((u) => updates.push(u));
    let listener: (u: SessionUpdate) => void = () => {};
    const quiet = Object.create(session, { subscribe: { value: (l: typeof listener) => ((listener = l), () => {}) } }) as LocalSession;
    const ctl = new SessionController(fakeHost());
    ctl.hostConnected();
    ctl.attach(quiet);
    const played: GameEvent[][] = [];
    ctl.animate = async (events) => {
      played.push(events);
    };
    await session.start();
    await playTurns(session, 10);
    const all = updates.flatMap((u) => u.steps);
    expect(all.filter((st) => st.intent === 'place')).toHaveLength(10);
    listener({ state: updates.at(-1)!.state, status: updates.at(-1)!.status, steps: all });
    await ctl.idle();
    expect(played).toHaveLength(1);
    expect(played[0].filter((e) => e.type === 'placed')).toHaveLength(1);
    expect(played[0].length).toBeLessThan(all.flatMap((st) => st.events).length);
    expect(ctl.events).toHaveLength(session.history().length);
    session.dispose();
  });

  it('plays nothing of an update the session marks as catching up, even at the end of the queue', async () => {
    const session = twoHumans();
    const ctl = new SessionController(fakeHost());
    ctl.hostConnected();
    let calls = 0;
    ctl.animate = async () => {
      calls++;
    };
    const { marked, off } = markedCatchingUp(session);
    ctl.attach(marked);
    await session.start();
    await playTurns(session, 3);
    await ctl.idle();
    expect(calls).toBe(0);
    expect(ctl.shown!.turn).toBe(session.state.turn);
    off();
    session.dispose();
  });

  it('draws a catch-up once: updates marked catching up are not drawn one by one, the live update draws at once', async () => {
    const session = twoHumans();
    const host = fakeHost();
    const ctl = new SessionController(host);
    ctl.hostConnected();
    ctl.animate = async () => {};
    let behind = true;
    const { marked, off } = markedCatchingUp(session, () => behind);
    ctl.attach(marked);
    const drawsAtAttach = host.updates;
    await session.start();
    await playTurns(session, 6);
    await ctl.idle();
    // every update of the catch-up is held (the state is current) but none was drawn yet
    expect(ctl.shown!.turn).toBe(session.state.turn);
    expect(ctl.events).toHaveLength(session.history().length);
    expect(host.updates).toBe(drawsAtAttach);
    // the live edge: the first update that is not catching up draws at once, and the put-off draw is not made after it
    behind = false;
    await playTurns(session, 1);
    await ctl.idle();
    expect(host.updates).toBeGreaterThan(drawsAtAttach);
    const drawsLive = host.updates;
    await new Promise((r) => setTimeout(r, CATCH_UP_DRAW_MS + 50));
    expect(host.updates).toBe(drawsLive);
    expect(ctl.status).toEqual(session.status);
    off();
    session.dispose();
  });

  it('a long catch-up still draws its progress every CATCH_UP_DRAW_MS, never more often', async () => {
    const session = twoHumans();
    const host = fakeHost();
    const ctl = new SessionController(host);
    ctl.hostConnected();
    ctl.animate = async () => {};
    const { marked, off } = markedCatchingUp(session);
    ctl.attach(marked);
    const drawsAtAttach = host.updates;
    await session.start();
    await playTurns(session, 3);
    await new Promise((r) => setTimeout(r, CATCH_UP_DRAW_MS + 50));
    expect(host.updates).toBe(drawsAtAttach + 1); // one draw for the whole burst, once the interval passed
    await playTurns(session, 3);
    await ctl.idle();
    expect(host.updates).toBe(drawsAtAttach + 1); // the next burst waits for its own interval
    await new Promise((r) => setTimeout(r, CATCH_UP_DRAW_MS + 50));
    expect(host.updates).toBe(drawsAtAttach + 2);
    off();
    session.dispose();
  });
});

describe('deploy choice', () => {
  it('keeps a legal choice and otherwise falls back to a legal one (R5.1)', () => {
    const legal = [{ meeple: 'large' as const, target: { seg: 0 }, equipment: null }];
    expect(normaliseChoice({ meeple: 'small', equipment: null }, legal)).toEqual({ meeple: 'large', equipment: null });
    expect(normaliseChoice({ meeple: 'large', equipment: null }, legal)).toEqual({ meeple: 'large', equipment: null });
  });
});
