// Property tests: hundreds of random legal games (2–5 seats, 6 with blue, teams on and off,
// every Expansion 1 option on and off, unplaceable "remove" and "return"), every choice made
// by a seeded PRNG among the options the engine lists. Each game is played twice.
import { describe, expect, it } from 'vitest';
import {
  LARGE_MEEPLES,
  SMALL_MEEPLES,
  STRIDE,
  applyInPlace,
  newGame,
  pending,
  scorerOf,
  stateHash,
  supplySize,
  tilesInPlay,
  type Action,
  type GameSetup,
  type GameState,
} from '../../src/engine';
import { randomAction, randomSetup } from '../support/engine-random';
import { phaseOf } from '../support/engine-script';
import { SeededRandom as Prng } from '../../src/fair/mulberry32';

const GAMES = 300;

interface Played {
  state: GameState;
  actions: Action[];
  hashes: string[];
}

/**
 * The invariants that must hold between turns (phase "draw" or "over"); returns what is
 * broken. Plain checks rather than expect() calls: they run tens of thousands of times.
 */
function brokenBetweenTurns(s: GameState): string[] {
  const bad: string[] = [];
  const b = s.board;
  const { equipment, yellowDie } = s.setup.options.expansion;
  s.setup.seats.forEach((colour, seat) => {
    const mine = s.meeples.filter((m) => m.seat === seat);
    // R1.4: every meeple is on the board or in its reserve
    const small = mine.filter((m) => m.size === 'small').length + s.reserves[seat].small;
    const large = mine.filter((m) => m.size === 'large').length + s.reserves[seat].large;
    if (small !== SMALL_MEEPLES || large !== LARGE_MEEPLES) bad.push(`${colour} has ${small} small and ${large} large meeples (R1.4)`);
    // R1.6, R5.5: each card is in the reserve or with exactly one meeple of its colour
    for (const card of ['lightsaber', 'blaster'] as const) {
      const dealt = equipment && (card === 'lightsaber' || yellowDie) ? 1 : 0;
      const count = mine.filter((m) => m.equipment === card).length + (s.reserves[seat][card] ? 1 : 0);
      if (count !== dealt) bad.push(`${colour}'s ${card}: ${count} copies, expected ${dealt} (R5.5)`);
    }
  });
  const byRoot = new Map<number, Set<number>>();
  for (const m of s.meeples) {
    const root = b.find(m.tile * STRIDE + m.seg);
    const set = byRoot.get(root) ?? new Set<number>();
    set.add(scorerOf(s, m.seat));
    byRoot.set(root, set);
  }
  for (const [root, scorers] of byRoot) {
    // R6.1, R6.4: after the battles one player (or team) holds each realm
    if (scorers.size !== 1) bad.push(`a realm is held by ${scorers.size} sides after the battles (R6.1)`);
    // R7.5: during the game a completed realm keeps no meeple
    const t = Math.floor(root / STRIDE);
    const kind = b.defs[t].segments[root % STRIDE].kind;
    const complete = kind === 'P' ? b.neighbours8(b.xs[t], b.ys[t]) === 8 : b.open[root] === 0;
    if (complete && s.phase !== 'over') bad.push(`a completed ${kind} realm still holds meeples (R7.5)`);
  }
  // scores are never negative (R1.7)
  if (s.scores.some((v) => v < 0 || !Number.isSafeInteger(v))) bad.push(`bad scores ${s.scores} (R1.7)`);
  return bad;
}

function playGame(setup: GameSetup, seed: number, check: boolean): Played & { broken: string[] } {
  const prng = new Prng(seed);
  const state = newGame(setup);
  const actions: Action[] = [];
  const hashes: string[] = [];
  const broken: string[] = [];
  let lastScores = state.scores.slice();
  while (state.phase !== 'over' && actions.length < 20000) {
    const p = pending(state);
    if (check && p.kind === 'throw') {
      // R6.1: at least two sides; R6.2, R6.8: 1 to 3 dice each
      if (p.participants.length < 2) broken.push('a battle with one side (R6.1)');
      for (const q of p.participants) if (q.dice < 1 || q.dice > 3) broken.push(`${q.dice} dice (R6.2)`);
    }
    const a = randomAction(state, prng);
    applyInPlace(state, a);
    actions.push(a);
    if (check) {
      // R6.4, R6.5, R7, R8.2: scores only ever grow
      if (state.scores.some((v, i) => v < lastScores[i])) broken.push(`a score went down after ${a.type} (R7)`);
      lastScores = state.scores.slice();
      if (phaseOf(state) === 'draw' || phaseOf(state) === 'over') broken.push(...brokenBetweenTurns(state));
    }
    if (actions.length % 25 === 0) hashes.push(stateHash(state));
  }
  hashes.push(stateHash(state));
  return { state, actions, hashes, broken: [...new Set(broken)] };
}

describe(`${GAMES} random legal games`, () => {
  const prng = new Prng(20260);
  const setups: GameSetup[] = Array.from({ length: GAMES }, () => randomSetup(prng));

  it('cover every kind of setup', () => {
    // R1.3, R2.4, R4.3, R9: the sample includes each option both ways, 2 to 6 seats
    const seatCounts = new Set(setups.map((s) => s.seats.length));
    expect([...seatCounts].sort()).toEqual([2, 3, 4, 5, 6]);
    for (const key of ['tiles', 'blue', 'equipment', 'yellowDie'] as const)
      expect(new Set(setups.map((s) => s.options.expansion[key])).size).toBe(2);
    expect(new Set(setups.map((s) => s.options.teams)).size).toBe(2);
    expect(new Set(setups.map((s) => s.options.unplaceable)).size).toBe(2);
  });

  it('every game ends with each tile, meeple and card accounted for; replays give the same hashes (R8.1, R4.3, R1.4, R5.5, P1.1)', () => {
    // R8.1, R4.3, R1.4, R5.5, R6.9
    let unplaceable = 0;
    let battles = 0;
    setups.forEach((setup, i) => {
      const first = playGame(setup, 1000 + i, true);
      const s = first.state;
      expect({ game: i, broken: first.broken }).toEqual({ game: i, broken: [] });
      expect(s.phase).toBe('over'); // R8.1
      // R4.3, R8.1: placed + removed + left in the supply = the tiles in play
      const inPlay = tilesInPlay(setup.options).reduce((n, t) => n + t.count, 0);
      const left = Object.values(s.supply).reduce((n, c) => n + c, 0);
      expect(s.tiles.length + s.removed.length + left).toBe(inPlay);
      expect(left).toBe(0);
      expect(supplySize(s)).toBe(0);
      for (const id of s.removed) expect(s.supply[id]).toBe(0);
      unplaceable += s.removed.length;
      battles += first.actions.filter((a) => a.type === 'throw').length;
      // R6.9: the same inputs give the same states
      const second = playGame(setup, 1000 + i, false);
      expect(second.hashes).toEqual(first.hashes);
      expect(second.actions).toEqual(first.actions);
      // and replaying the recorded actions reproduces the final state
      const replay = newGame(setup);
      for (const a of first.actions) applyInPlace(replay, a);
      expect(stateHash(replay)).toBe(first.hashes.at(-1));
    });
    expect(battles).toBeGreaterThan(GAMES); // the sample really fights
    expect(unplaceable).toBeGreaterThan(0); // and meets tiles that fit nowhere (R4.3)
  });
});
