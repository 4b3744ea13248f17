import { describe, expect, it } from 'vitest';
import { defaultOptions, legalPlacements, type GameEvent, type GameState } from '../../src/engine';
import { LocalSession } from '../../src/session/local-session';
import { SessionController } from '../../src/ui/session-controller';
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

describe('deploy choice', () => {
  it('keeps a legal choice and otherwise falls back to a legal one (R5.1)', () => {
    const legal = [{ meeple: 'large' as const, target: { seg: 0 }, equipment: null }];
    expect(normaliseChoice({ meeple: 'small', equipment: null }, legal)).toEqual({ meeple: 'large', equipment: null });
    expect(normaliseChoice({ meeple: 'large', equipment: null }, legal)).toEqual({ meeple: 'large', equipment: null });
  });
});
