// Engine figures: legal placements on a full board, and whole random games per second.
import { defaultOptions, legalPlacementsFor, newGame, supplyList, type GameOptions, type GameSetup, type GameState } from '../src/engine';
import { SeededChooser } from '../src/bots/chooser';
import { playout } from '../src/bots/playout';
import { randomBot } from '../src/bots/random';
import { median, type BenchRow } from './types';

function randomGame(setup: GameSetup, seed: number): GameState {
  const rng = new SeededChooser(seed);
  return playout(setup, { bots: setup.seats.map(() => randomBot), rng, ctx: () => ({ rng, budgetMs: 0 }) });
}

function gamesPerSecond(setup: GameSetup, seconds: number, rounds: number): number {
  const rates: number[] = [];
  let seed = 1;
  for (let r = 0; r < rounds; r++) {
    const t0 = performance.now();
    let n = 0;
    while (performance.now() - t0 < seconds * 1000) {
      randomGame(setup, seed++);
      n++;
    }
    rates.push(n / ((performance.now() - t0) / 1000));
  }
  return median(rates);
}

function fullBoardPlacementMs(): number {
  // A finished 5-seat game is a full board; time legal placements of every tile design on it.
  const setup: GameSetup = { seats: ['red', 'black', 'green', 'white', 'orange'], options: defaultOptions() };
  const state = randomGame(setup, 7);
  const ids = [...new Set(supplyList(newGame(setup)))];
  const samples: number[] = [];
  for (let round = 0; round < 200; round++) {
    const id = ids[round % ids.length];
    const t0 = performance.now();
    for (let i = 0; i < 20; i++) legalPlacementsFor(state, id);
    samples.push((performance.now() - t0) / 20);
  }
  return median(samples);
}

export default async function bench(): Promise<BenchRow[]> {
  const base: GameSetup = { seats: ['red', 'black', 'green', 'white', 'orange'], options: defaultOptions() };
  const all: GameOptions = { ...defaultOptions(), expansion: { tiles: true, blue: true, equipment: true, yellowDie: true } };
  const full: GameSetup = { seats: ['red', 'black', 'green', 'white', 'orange', 'blue'], options: all };
  gamesPerSecond(base, 0.5, 1); // warm-up
  return [
    { name: 'legal placements, one tile, full board', value: fullBoardPlacementMs(), unit: 'ms', target: '≤ 0.2 ms' },
    { name: 'random games/s, base set, 5 seats', value: gamesPerSecond(base, 1, 5), unit: 'games/s', target: '≥ 1000' },
    { name: 'random games/s, full Expansion 1, 6 seats', value: gamesPerSecond(full, 1, 5), unit: 'games/s', target: '≥ 1000' },
  ];
}
