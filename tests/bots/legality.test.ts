// Every bot only ever returns one of the engine's legal options, in every option mix:
// 2–6 seats, the team variant, each Expansion 1 switch and the R4.3 rule option.
import { describe, expect, it } from 'vitest';
import { applyInPlace, cloneState, newGame, serialize, type GameState } from '../../src/engine';
import {
  SeededChooser,
  botAction,
  createExpertBot,
  createStrongBot,
  greedyBot,
  randomBot,
  randomEventAction,
  type Bot,
} from '../../src/bots';
import { assertLegal, mixedSetup } from './support';

/** Plays one whole game, checking every decision for legality and that the bot left the state alone. */
function checkedGame(g: number, bot: Bot, everyMove: boolean): GameState {
  const setup = mixedSetup(g);
  const state = newGame(setup);
  const events = new SeededChooser(1000 + g);
  const rngs = setup.seats.map((_, s) => new SeededChooser(g * 10 + s));
  while (state.phase !== 'over') {
    const event = randomEventAction(state, events);
    if (event) {
      applyInPlace(state, event);
      continue;
    }
    const ctx = { rng: rngs[state.seat], budgetMs: Infinity };
    const before = everyMove ? serialize(state) : '';
    const choice = bot.choose(state, ctx);
    assertLegal(state, choice);
    if (everyMove && serialize(state) !== before) throw new Error(`${bot.name} changed the state it was given`);
    applyInPlace(state, botAction(state, { name: 'replay', choose: () => choice }, ctx));
  }
  return state;
}

/**
 * Greedy plays 12 games of mixed setups (shifted by `mixShift`); `bot` is asked at a few
 * moments of each: every answer legal, the state it was given untouched. Returns how many.
 */
function sampledDecisions(bot: Bot, mixShift: number, eventSeed: number): number {
  let decisions = 0;
  for (let g = 0; g < 12; g++) {
    const state = newGame(mixedSetup(g * 5 + ((g + mixShift) % 6)));
    const events = new SeededChooser(eventSeed + g);
    const rng = new SeededChooser(g);
    let n = 0;
    while (state.phase !== 'over') {
      const event = randomEventAction(state, events);
      if (event) {
        applyInPlace(state, event);
        continue;
      }
      if (n++ % 23 === g % 5) {
        const before = serialize(state);
        const copy = cloneState(state);
        assertLegal(state, bot.choose(state, { rng: new SeededChooser(n), budgetMs: Infinity }));
        expect(serialize(state)).toBe(before); // never mutates what it is given
        expect(serialize(copy)).toBe(before);
        decisions++;
      }
      applyInPlace(state, botAction(state, greedyBot, { rng, budgetMs: Infinity }));
    }
  }
  return decisions;
}

describe('bots return only legal options (R4.1, R4.2, R5.1–R5.5, R9, R10)', () => {
  // Generous timeouts: the work is a few seconds of CPU, but the machine may be shared.
  it('random: 240 games over every option mix', () => {
    for (let g = 0; g < 240; g++) expect(checkedGame(g, randomBot, g < 24).phase).toBe('over');
  }, 180_000);

  it('greedy: 96 games over every option mix, the state it is given untouched', () => {
    for (let g = 0; g < 96; g++) expect(checkedGame(g, greedyBot, g < 24).phase).toBe('over');
  }, 180_000);

  it('strong (reduced effort): decisions sampled from games of every option mix', () => {
    expect(sampledDecisions(createStrongBot({ iterations: 8, deployIterations: 4, candidates: 4 }), 0, 77)).toBeGreaterThan(40);
  }, 180_000);

  it('expert (reduced effort): decisions sampled from games of every option mix', () => {
    expect(sampledDecisions(createExpertBot({ iterations: 12, deployIterations: 6, futures: 4 }), 3, 177)).toBeGreaterThan(40);
  }, 180_000);
});
