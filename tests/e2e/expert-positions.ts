// Fixed positions for the expert bot's portability check (issue 21): the same states, built
// the same way in Node and in Chromium's page, for the Node side of tests/e2e/expert-bot.mjs
// and the page it builds. Each is a game played by greedy bots from a seeded chooser up to a
// turn, then a decision due: the 2-seat base game, Expansion 1 with 3 seats (equipment, the
// yellow die), and the team variant.
import { greedyBot, randomEventAction, SeededChooser, botAction } from '../../src/bots';
import { applyInPlace, defaultOptions, newGame, serialize, type Colour, type GameOptions } from '../../src/engine';

export interface ExpertPosition {
  name: string;
  stateText: string;
  seed: number;
}

function positionAt(name: string, seats: Colour[], options: GameOptions, seed: number, turn: number): ExpertPosition {
  const state = newGame({ seats, options });
  const rng = new SeededChooser(seed);
  const bots = new SeededChooser(seed + 1);
  for (let guard = 0; guard < 10_000; guard++) {
    const event = randomEventAction(state, rng);
    if (event) {
      applyInPlace(state, event);
      continue;
    }
    if (state.turn >= turn && state.phase === 'place') break;
    applyInPlace(state, botAction(state, greedyBot, { rng: bots, budgetMs: Infinity }));
  }
  return { name, stateText: serialize(state), seed: seed * 7 + 1 };
}

export function expertPositions(): ExpertPosition[] {
  const expansion = defaultOptions();
  expansion.expansion = { tiles: true, blue: true, equipment: true, yellowDie: true };
  const teams = defaultOptions();
  teams.teams = true;
  return [
    positionAt('base, 2 seats, turn 9', ['red', 'black'], defaultOptions(), 11, 9),
    positionAt('Expansion 1, 3 seats, turn 14', ['red', 'black', 'blue'], expansion, 12, 14),
    positionAt('team variant, turn 6', ['red', 'black', 'green', 'white'], teams, 13, 6),
  ];
}
