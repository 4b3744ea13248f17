// @vitest-environment happy-dom
// <sw-online-panel>: while this device cannot save the game (storage full), a banner says so
// on screen until a save goes through again (issue 18).
import { afterEach, describe, expect, it } from 'vitest';
import type { MeshSession } from '../../src/net/mesh-session';
import '../../src/ui/sw-online-panel';
import { DEFAULT_GAME_CLOCK } from '../../src/fair';

function fakeSession(problem: { now: string | null }): MeshSession {
  return {
    get saveProblem() {
      return problem.now;
    },
    peers: [],
    waiting: null,
    started: false,
    seatIndex: null,
    lobby: null,
    gameClock: DEFAULT_GAME_CLOCK,
    phase: 'playing',
    chat: [],
    desyncReport: null,
    revealsMissing: [],
    seats: [],
    reclaims: [],
    ownColour: null,
    departed: [],
    forfeits: () => [],
    onEvent: () => () => {},
    subscribe: () => () => {},
  } as unknown as MeshSession;
}

describe('<sw-online-panel>', () => {
  afterEach(() => document.body.replaceChildren());

  it('shows a banner while the game cannot be saved on this device, and none once it can', async () => {
    const problem: { now: string | null } = { now: 'this device could not save the game (storage full); the last save is kept' };
    const el = Object.assign(document.createElement('sw-online-panel'), { session: fakeSession(problem) });
    document.body.append(el);
    await el.updateComplete;
    const banner = el.shadowRoot!.querySelector('[data-testid="save-problem"]');
    expect(banner?.getAttribute('role')).toBe('alert');
    expect(banner?.textContent).toMatch(/Not saved on this device: .*storage full/);
    problem.now = null;
    el.requestUpdate();
    await el.updateComplete;
    expect(el.shadowRoot!.querySelector('[data-testid="save-problem"]')).toBeNull();
  });
});
