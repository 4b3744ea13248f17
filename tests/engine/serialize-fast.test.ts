// P1.1: the field-by-field serializer writes exactly the canonical JSON of the plain state.
import { describe, expect, it } from 'vitest';
import { canonicalJson, defaultOptions, parseState, serialize, type GameSetup } from '../../src/engine';
import { plainState } from '../../src/engine/serialize';
import { SeededChooser } from '../../src/bots/chooser';
import { randomBot } from '../../src/bots/random';
import { botAction, randomEventAction } from '../../src/bots/playout';
import { applyInPlace, newGame } from '../../src/engine';

const setups: GameSetup[] = [
  { seats: ['red', 'black'], options: defaultOptions() },
  { seats: ['red', 'black', 'green', 'white'], options: { ...defaultOptions(), teams: true, unplaceable: 'return' } },
  {
    seats: ['red', 'black', 'green', 'white', 'orange', 'blue'],
    options: { ...defaultOptions(), expansion: { tiles: true, blue: true, equipment: true, yellowDie: true } },
  },
];

describe('serialize', () => {
  it('equals canonicalJson of the plain state at every step of random games (P1.1)', () => {
    let checked = 0;
    setups.forEach((setup, g) => {
      const rng = new SeededChooser(100 + g);
      const state = newGame(setup);
      while (state.phase !== 'over') {
        const text = serialize(state);
        expect(text).toBe(canonicalJson(plainState(state)));
        checked++;
        const action = randomEventAction(state, rng) ?? botAction(state, randomBot, { rng, budgetMs: 0 });
        applyInPlace(state, action);
      }
      expect(serialize(state)).toBe(canonicalJson(plainState(state)));
    });
    expect(checked).toBeGreaterThan(300);
  });

  it('parseState rejects unknown or malformed fields instead of dropping them (P1.3)', () => {
    const state = newGame(setups[2]);
    const good = JSON.parse(serialize(state));
    expect(serialize(parseState(JSON.stringify(good)))).toBe(serialize(state));
    for (const bad of [
      { ...good, extra: 1 },
      { ...good, reserves: [{ small: 4 }] },
      { ...good, setup: { ...good.setup, seats: 'red' } },
      { ...good, battles: [{ realm: [0, 0] }] },
      { ...good, drawn: 7 },
    ]) {
      expect(() => parseState(JSON.stringify(bad))).toThrow(/^state: /);
    }
  });
});
