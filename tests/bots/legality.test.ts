// Every bot only ever returns one of the engine's legal options, in every option mix:
// 2–6 seats, the team variant, each Expansion 1 switch and the R4.3 rule option.
import { describe, expect, it } from 'vitest';
import { cloneState, newGame, serialize, type GameState } from '../../src/engine';
import { SeededChooser, botAction, createExpertBot, createStrongBot, greedyBot, randomBot, type Bot } from '../../src/bots';
import { assertLegal, decisionsOf, mixedSetup } from './support';

/** Plays one whole game, checking every decision for legality and that the bot left the state alone. */
function checkedGame(g: number, bot: Bot, everyMove: boolean): GameState {
  const setup = mixedSetup(g);
  const state = newGame(setup);
  const rngs = setup.seats.map((_, s) => new SeededChooser(g * 10 + s));
  const move = (s: GameState) => {
    const ctx = { rng: rngs[s.seat], budgetMs: Infinity };
    const before = everyMove ? serialize(s) : '';
    const choice = bot.choose(s, ctx);
    assertLegal(s, choice);
    if (everyMove && serialize(s) !== before) throw new Error(`${bot.name} changed the state it was given`);
    return botAction(s, { name: 'replay', choose: () => choice }, ctx);
  };
  for (const _ of decisionsOf(state, new SeededChooser(1000 + g), move));
  return state;
}

/**
 * Greedy plays 12 games of mixed setups (shifted by `mixShift`); `bot` is asked at a few
 * moments of each: every answer legal, the state it was given untouched. Returns how many.
 */
function sampledDecisions(bot: Bot, mixShift: number, eventSeed: number): number {
  let decisions = 0;
  for (let g = 0; g < 12; g++) {
    const rng = new SeededChooser(g);
    const greedy = (s: GameState) => botAction(s, greedyBot, { rng, budgetMs: Infinity });
    let n = 0;
    for (const state of decisionsOf(newGame(mixedSetup(g * 5 + ((g + mixShift) % 6))), new SeededChooser(eventSeed + g), greedy))
      if (n++ % 23 === g % 5) {
        const before = serialize(state);
        const copy = cloneState(state);
        assertLegal(state, bot.choose(state, { rng: new SeededChooser(n), budgetMs: Infinity }));
        expect(serialize(state)).toBe(before); // never mutates what it is given
        expect(serialize(copy)).toBe(before);
        decisions++;
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
