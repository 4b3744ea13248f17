// waiting-text.ts: the one waiting line the status line and the online panel share, in people's words.
import { afterEach, describe, expect, it } from 'vitest';
import { applyInPlace } from '../../src/engine';
import type { SeatInfo } from '../../src/session/session';
import { setLanguage } from '../../src/ui/i18n';
import { personName } from '../../src/ui/seat-names';
import { countdownText, waitingText, type WaitSource } from '../../src/ui/waiting-text';
import { startGame } from '../support/engine-script';

const seats: SeatInfo[] = [
  { colour: 'red', controller: { kind: 'remote', name: 'Ana' }, localHuman: false },
  { colour: 'black', controller: { kind: 'human' }, localHuman: true },
  { colour: 'green', controller: { kind: 'bot', level: 'greedy' }, localHuman: false },
];

function source(over: Partial<WaitSource> = {}): WaitSource {
  const state = startGame(['red', 'black', 'green']);
  applyInPlace(state, { type: 'draw', tile: 'SW22' });
  return { started: true, state, seats, revealsMissing: [], waiting: null, ...over };
}

describe('waitingText', () => {
  afterEach(() => setLanguage('en'));

  it('names the first reveal missing (chain order holds the rest up), never the viewer among those after it', () => {
    const text = waitingText(source({ revealsMissing: ['red', 'black'] }));
    expect(text).toBe('Waiting for the reveal of Ana (red).');
    expect(text).not.toMatch(/black|You/);
    const more = { ...seats[0], colour: 'white' as const, controller: { kind: 'remote' as const, name: 'Wes' } };
    const s = source({ seats: [...seats, more], revealsMissing: ['red', 'black', 'white'] });
    expect(waitingText(s)).toBe('Waiting for the reveal of Ana (red), then 1 more.');
  });

  it("says the viewer's own reveal is on its way when only the viewer's is missing", () => {
    expect(waitingText(source({ revealsMissing: ['black'] }))).toBe('Your reveal is being sent…');
    expect(waitingText(source({ revealsMissing: ['black', 'red'] }))).toBe('Your reveal is being sent…');
  });

  it("names the player whose move it is, and speaks to the viewer on the viewer's own turn", () => {
    const s = source();
    expect(waitingText(s)).toBe('Waiting for Ana (red) to place a tile.');
    s.state.seat = 1;
    expect(waitingText(s)).toBe('Your turn: place the tile.');
  });

  it('shows the viewer its own countdown, and the others a named one', () => {
    const mineLeft = countdownText(source({ waiting: { colour: 'black', deadline: 12_000 } }), 0);
    expect(mineLeft).toBe('You will be dropped in 12 s — act now.');
    expect(countdownText(source({ waiting: { colour: 'red', deadline: 5_000 } }), 0)).toBe('Ana (red) has 5 s left.');
    expect(countdownText(source({ waiting: { colour: 'red', deadline: 5_000 } }), 9_000)).toBe('Ana (red) is silent.');
    expect(countdownText(source(), 0)).toBeNull();
  });

  it('uses no English colour word or "You" in Czech and Romanian', () => {
    for (const lang of ['cs', 'ro'] as const) {
      setLanguage(lang);
      const text = waitingText(source({ revealsMissing: ['red', 'green'] }));
      expect(text).not.toMatch(/\b(red|green|black|You)\b/);
      expect(personName(seats, 'black')).not.toBe('You');
    }
  });

  it('Romanian gives a bare colour its article: "ca jucătorul negru să…", not "ca negru să…"', () => {
    setLanguage('ro');
    const s = source({ seats: [] });
    expect(waitingText(s)).toBe('Se așteaptă ca jucătorul roșu să atașeze un cartonaș.');
  });
});
