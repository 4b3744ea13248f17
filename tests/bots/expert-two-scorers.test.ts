// The expert's play with two scorers (a 2-seat game, or the team variant's two teams, R9) is
// pinned: its win rate against strong (docs/bots.md) was measured over hundreds of games with
// exactly this play, and what the search does with three or more scorers must not touch it.
// The expected choices were computed with the expert as of commit 0bdb9fd; a change that
// alters any of them alters 2-seat play, and the 2-seat figures must then be measured again.
import { describe, expect, it } from 'vitest';
import { applyInPlace, defaultOptions, newGame, type Colour, type GameOptions, type GameState } from '../../src/engine';
import {
  SeededChooser,
  botAction,
  createExpertBot,
  expertBot,
  greedyBot,
  randomEventAction,
  type Bot,
  type BotChoice,
} from '../../src/bots';

/** A game played by greedy from seeded choosers until `turn`, then the placement (or, with `deploy`, the deployment) due. */
function positionAt(seats: Colour[], options: GameOptions, seed: number, turn: number, deploy: boolean): GameState {
  const state = newGame({ seats, options });
  const events = new SeededChooser(seed);
  const bots = new SeededChooser(seed + 1);
  for (let guard = 0; guard < 10_000; guard++) {
    const event = randomEventAction(state, events);
    if (event) {
      applyInPlace(state, event);
      continue;
    }
    if (state.turn >= turn && state.phase === (deploy ? 'deploy' : 'place')) break;
    applyInPlace(state, botAction(state, greedyBot, { rng: bots, budgetMs: Infinity }));
  }
  return state;
}

function expansionOptions(): GameOptions {
  const o = defaultOptions();
  o.expansion = { tiles: true, blue: true, equipment: true, yellowDie: true };
  return o;
}

function teamOptions(): GameOptions {
  const o = defaultOptions();
  o.teams = true;
  return o;
}

const TWO: Colour[] = ['red', 'black'];
const FOUR: Colour[] = ['red', 'black', 'green', 'white'];

interface Pinned {
  name: string;
  state: () => GameState;
  seed: number;
}

const FULL_EFFORT: Pinned[] = [
  { name: 'base, 2 seats, turn 4, placement', state: () => positionAt(TWO, defaultOptions(), 31, 4, false), seed: 1 },
  { name: 'base, 2 seats, turn 21, placement', state: () => positionAt(TWO, defaultOptions(), 32, 21, false), seed: 2 },
  { name: 'base, 2 seats, turn 44, placement', state: () => positionAt(TWO, defaultOptions(), 33, 44, false), seed: 3 },
  { name: 'base, 2 seats, turn 15, deployment', state: () => positionAt(TWO, defaultOptions(), 34, 15, true), seed: 4 },
  { name: 'Expansion 1, 2 seats, turn 18, placement', state: () => positionAt(TWO, expansionOptions(), 35, 18, false), seed: 5 },
  { name: 'team variant, turn 12, placement', state: () => positionAt(FOUR, teamOptions(), 36, 12, false), seed: 6 },
];

const REDUCED_EFFORT: Pinned[] = [
  { name: 'base, 2 seats, turn 8, deployment', state: () => positionAt(TWO, defaultOptions(), 41, 8, true), seed: 7 },
  { name: 'base, 2 seats, turn 30, placement', state: () => positionAt(TWO, defaultOptions(), 42, 30, false), seed: 8 },
  { name: 'Expansion 1, 2 seats, turn 33, deployment', state: () => positionAt(TWO, expansionOptions(), 43, 33, true), seed: 9 },
  { name: 'team variant, turn 25, deployment', state: () => positionAt(FOUR, teamOptions(), 44, 25, true), seed: 10 },
  {
    name: 'team variant, Expansion 1, turn 20, placement',
    state: () => positionAt(FOUR, { ...expansionOptions(), teams: true }, 45, 20, false),
    seed: 11,
  },
];

const EXPECTED: Record<string, BotChoice> = {
  'base, 2 seats, turn 4, placement': { type: 'place', placement: { x: 1, y: 0, r: 0 } },
  'base, 2 seats, turn 21, placement': { type: 'place', placement: { x: -2, y: 0, r: 0 } },
  'base, 2 seats, turn 44, placement': { type: 'place', placement: { x: -4, y: 2, r: 2 } },
  'base, 2 seats, turn 15, deployment': { type: 'deploy', deployment: { meeple: 'small', target: { seg: 0 }, equipment: null } },
  'Expansion 1, 2 seats, turn 18, placement': { type: 'place', placement: { x: -1, y: -3, r: 1 } },
  'team variant, turn 12, placement': { type: 'place', placement: { x: 3, y: -3, r: 1 } },
  'base, 2 seats, turn 8, deployment': { type: 'deploy', deployment: { meeple: 'small', target: { seg: 0 }, equipment: null } },
  'base, 2 seats, turn 30, placement': { type: 'place', placement: { x: 1, y: 6, r: 2 } },
  'Expansion 1, 2 seats, turn 33, deployment': { type: 'deploy', deployment: { meeple: 'small', target: { seg: 0 }, equipment: null } },
  'team variant, turn 25, deployment': { type: 'deploy', deployment: { meeple: 'small', target: { seg: 0 }, equipment: null } },
  'team variant, Expansion 1, turn 20, placement': { type: 'place', placement: { x: 1, y: -4, r: 0 } },
};

function choices(bot: Bot, pinned: Pinned[]): Record<string, BotChoice> {
  const out: Record<string, BotChoice> = {};
  for (const p of pinned) out[p.name] = bot.choose(p.state(), { rng: new SeededChooser(p.seed), budgetMs: Infinity });
  return out;
}

const pick = (names: Pinned[]) => Object.fromEntries(names.map((p) => [p.name, EXPECTED[p.name]]));

describe('the expert with two scorers plays as measured (2 seats, the team variant)', () => {
  it('full effort: the same choices as the expert of the 2-seat figures', () => {
    expect(choices(expertBot, FULL_EFFORT)).toEqual(pick(FULL_EFFORT));
  }, 120_000);

  it('reduced effort: the same choices as the expert of the 2-seat figures', () => {
    expect(choices(createExpertBot({ iterations: 48, deployIterations: 16, futures: 8 }), REDUCED_EFFORT)).toEqual(pick(REDUCED_EFFORT));
  }, 120_000);
});
