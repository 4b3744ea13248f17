// The evaluation's worth of a realm meets the scoring rules at its edges, and the greedy bot
// takes the points a deployment scores at once.
import { describe, expect, it } from 'vitest';
import { applyInPlace, legalDeployments, newGame, STRIDE, type GameState } from '../../src/engine';
import { DEFAULT_WEIGHTS, evaluateState, project, realmStats, realmWorth, rootOf, utility, type RealmStat } from '../../src/bots/evaluate';
import { SeededChooser, botAction, greedyBot, randomBot, randomEventAction } from '../../src/bots';
import { decisionsOf, mixedSetup } from './support';

const stat = (kind: RealmStat['kind'], tiles: number, symbols: number, open: number, around = 0): RealmStat => ({
  kind,
  tiles,
  symbols,
  factions: 0,
  open,
  around,
  lastTile: -1,
});

describe('realm worth (R7, R8.2)', () => {
  it('complete realms are worth their R7 points', () => {
    expect(realmWorth(stat('R', 4, 1, 0), 30, DEFAULT_WEIGHTS)).toBe(6); // R7.1 + R7.4
    expect(realmWorth(stat('A', 3, 1, 0), 30, DEFAULT_WEIGHTS)).toBe(8); // R7.2 + R7.4
    expect(realmWorth(stat('P', 1, 1, 0, 8), 30, DEFAULT_WEIGHTS)).toBe(11); // R7.3 + R7.4
  });

  it('with no tile left, open realms are worth exactly their R8.2 final points', () => {
    expect(realmWorth(stat('R', 4, 1, 2), 0, DEFAULT_WEIGHTS)).toBe(6);
    expect(realmWorth(stat('A', 3, 2, 3), 0, DEFAULT_WEIGHTS)).toBe(7); // 1 per tile at the end
    expect(realmWorth(stat('P', 1, 1, 3, 5), 0, DEFAULT_WEIGHTS)).toBe(8); // 1 + 5 around + 2
  });

  it('an open asteroid field is worth more while it can still complete', () => {
    expect(realmWorth(stat('A', 3, 0, 1), 40, DEFAULT_WEIGHTS)).toBeGreaterThan(realmWorth(stat('A', 3, 0, 1), 0, DEFAULT_WEIGHTS));
  });
});

/** Deploy states of seeded random games (every option mix), with the chooser that reached them. */
function* deployStates(games: number): Generator<GameState> {
  for (let g = 0; g < games; g++) {
    const rng = new SeededChooser(g);
    const random = (s: GameState) => botAction(s, randomBot, { rng, budgetMs: Infinity });
    for (const state of decisionsOf(newGame(mixedSetup(g)), new SeededChooser(g + 40), random)) if (state.phase === 'deploy') yield state;
  }
}

describe('greedy takes points (R7.5)', () => {
  it('deploys when a free realm the tile just completed is worth 4 or more', () => {
    let cases = 0;
    for (const state of deployStates(30)) {
      const b = state.board;
      const t = b.size - 1;
      const completing = legalDeployments(state).filter((d) => {
        if (!('seg' in d.target)) return false;
        const root = rootOf(b, t * STRIDE + d.target.seg);
        const s = realmStats(b, [root]).get(root)!;
        return s.open === 0 && realmWorth(s, 10, DEFAULT_WEIGHTS) >= 4;
      });
      if (!completing.length) continue;
      cases++;
      const choice = greedyBot.choose(state, { rng: new SeededChooser(1), budgetMs: Infinity });
      expect(choice.type === 'deploy' && choice.deployment).toBeTruthy();
    }
    expect(cases).toBeGreaterThan(5);
  });

  it('a finished game is judged by its final scores', () => {
    const state = newGame(mixedSetup(0));
    const events = new SeededChooser(3);
    const rng = new SeededChooser(4);
    while (state.phase !== 'over')
      applyInPlace(state, randomEventAction(state, events) ?? botAction(state, greedyBot, { rng, budgetMs: Infinity }));
    expect(evaluateState(state, 0)).toBe(state.scores[0] - state.scores[1]);
  });
});

describe('sides of a realm (R6.1, R9.2)', () => {
  it('team-mates sharing a realm hold it together; an opponent in it means a battle', () => {
    const state = newGame(mixedSetup(5)); // team variant: seats red, black, green, white
    const root = 0; // any node id will do: the position below is built by hand
    const stats = new Map([[root, stat('R', 3, 0, 2)]]);
    const meeple = (seat: number) => ({ seat, size: 'small' as const, equipment: null, root });
    const mates = project({ state, board: state.board, meeples: [meeple(0), meeple(2)], stats, tilesLeft: 50 });
    const rivals = project({ state, board: state.board, meeples: [meeple(0), meeple(1)], stats, tilesLeft: 50 });
    const worth = realmWorth(stats.get(root)!, 50, DEFAULT_WEIGHTS);
    // Rebel holds the whole route with its two meeples; against Empire it is a 1-die v 1-die battle.
    const alone = project({ state, board: state.board, meeples: [], stats, tilesLeft: 50 });
    expect(mates[0] - alone[0]).toBeGreaterThan(worth - 8); // the route, minus two meeples' reserve value
    expect(mates[1]).toBe(alone[1]);
    expect(rivals[0]).toBeLessThan(mates[0]);
    expect(rivals[1]).toBeGreaterThan(alone[1] - 6);
    expect(rivals[0] - alone[0]).toBeCloseTo(rivals[1] - alone[1], 9); // a fair 1 v 1 battle is symmetric
  });
});

describe('the weights that only three or more scorers feel (rivals, leaderShare)', () => {
  // The formula as it stood before the two weights existed: the defaults must keep its bits (P2.6, every peer's bot the same).
  const before = (v: number[], i: number) => {
    const others = v.filter((_, j) => j !== i);
    return v[i] - 0.5 * Math.max(...others) - (0.5 * others.reduce((a, x) => a + x, 0)) / others.length;
  };
  const rng = new SeededChooser(11);
  const samples = Array.from({ length: 200 }, (_, k) => Array.from({ length: 2 + (k % 4) }, () => rng.int(100000) / 1000));

  it('the defaults give the same bits as the blend of ½ the best other and ½ their mean', () => {
    for (const v of samples) for (let i = 0; i < v.length; i++) expect(Object.is(utility(v, i), before(v, i))).toBe(true);
  });

  it('rivals weighs the others; leaderShare moves that weight between the best other and their mean', () => {
    const v = [50, 70, 40, 30];
    expect(utility(v, 0, { ...DEFAULT_WEIGHTS, leaderShare: 1 })).toBe(50 - 70);
    expect(utility(v, 0, { ...DEFAULT_WEIGHTS, leaderShare: 0 })).toBe(50 - 140 / 3);
    expect(utility(v, 0, { ...DEFAULT_WEIGHTS, rivals: 0 })).toBe(50);
    expect(utility(v, 0, { ...DEFAULT_WEIGHTS, rivals: 0.5, leaderShare: 1 })).toBe(50 - 35);
  });

  it('with two scorers the value stays the plain difference, whatever the two weights', () => {
    for (const w of [
      { rivals: 0.3, leaderShare: 0 },
      { rivals: 2, leaderShare: 1 },
    ])
      expect(utility([61, 48], 0, { ...DEFAULT_WEIGHTS, ...w })).toBe(13);
  });
});
