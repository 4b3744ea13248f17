// @vitest-environment happy-dom
// <sw-online-panel> and <sw-status-line> describe the same moment: while the table still plays
// an earlier turn (shown ≠ the session's live state), the panel's waiting line names the seat
// of the shown state, and the live countdown waits until the screen has caught up.
import { afterEach, describe, expect, it } from 'vitest';
import { applyInPlace, cloneState, legalPlacements } from '../../src/engine';
import { setLanguage } from '../../src/ui/i18n';
import '../../src/ui/sw-online-panel';
import '../../src/ui/sw-status-line';
import { startGame } from '../support/engine-script';
import { DEFAULT_GAME_CLOCK } from '../../src/fair';

function states() {
  const shown = startGame(['red', 'black']);
  applyInPlace(shown, { type: 'draw', tile: 'SW22' });
  const live = cloneState(shown);
  applyInPlace(live, { type: 'place', ...legalPlacements(live)[0] });
  applyInPlace(live, { type: 'deploy', deployment: null });
  applyInPlace(live, { type: 'draw', tile: 'SW15' });
  return { shown, live };
}

function fakeMesh(state: ReturnType<typeof states>['live']) {
  return {
    started: true,
    state,
    revealsMissing: [],
    waiting: { colour: state.setup.seats[state.seat], what: 'place', since: 0, deadline: Date.now() + 30_000, votes: [], bankLeft: 60_000 },
    peers: [],
    seats: [],
    reclaims: [],
    ownColour: null,
    departed: [],
    seatIndex: null,
    lobby: null,
    gameClock: DEFAULT_GAME_CLOCK,
    chat: [],
    desyncReport: null,
    forfeits: () => [],
    onEvent: () => () => {},
    subscribe: () => () => {},
  };
}

const text = (el: HTMLElement, sel: string) => el.shadowRoot!.querySelector(sel)?.textContent?.replace(/\s+/g, ' ').trim() ?? '';

describe('<sw-online-panel> with the moment shown', () => {
  afterEach(() => {
    document.body.replaceChildren();
    setLanguage('en');
  });

  it('names the seat of the shown state, as the status line does, and shows no live countdown until it is live', async () => {
    const { shown, live } = states();
    expect(live.seat).not.toBe(shown.seat); // the session is a turn ahead of the screen
    const panel = Object.assign(document.createElement('sw-online-panel'), { session: fakeMesh(live) as never });
    const status = Object.assign(document.createElement('sw-status-line'), {
      state: shown,
      status: { kind: 'waiting-remote', seat: shown.seat } as const,
    });
    document.body.append(panel, status);
    await panel.updateComplete;
    // without the shown moment, the panel speaks of the live seat (black), the status line of red
    expect(text(panel, '[data-testid="online-waiting"]')).toContain('black');
    expect(text(status, '.who')).toContain('red');
    panel.shown = shown;
    await panel.updateComplete;
    const waiting = text(panel, '[data-testid="online-waiting"]');
    expect(waiting).toContain('red');
    expect(waiting).not.toContain('black');
    expect(panel.shadowRoot!.querySelector('.count')).toBeNull();
    panel.shown = live; // caught up: the countdown of the live wait is back
    await panel.updateComplete;
    expect(text(panel, '[data-testid="online-waiting"]')).toContain('black');
    expect(panel.shadowRoot!.querySelector('.count')).not.toBeNull();
  });
});
