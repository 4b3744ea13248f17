// The expert bot: a tree search over the game's real decision — a placement with its
// deployment (none, a meeple on a realm, a planet attack, with or without equipment) — with
// the future as chance. Below the root it is information-set Monte Carlo tree search
// (ISMCTS; Cowling, Powley and Whitehouse 2012): each iteration plays one sampled future,
// an order of the tiles still face down drawn uniformly from their known multiset (R2.2:
// never the real order, there is none) and battle dice thrown by their real odds (R6.3,
// R6.8); the nodes are the decisions of the seats in turn, each choosing for its own scorer
// (its team's, R9), the edges their moves by identity, so a move seen under several
// sampled tiles gathers the evidence of all of them, judged by how often it was available.
// Below the tree a greedy policy plays on to a fixed horizon and the evaluation judges the
// position (evaluate.ts) — with three or more scorers by LEARNED_WEIGHTS, the completion chances
// seen in self-play (`learned`; docs/bots.md), which is what made it win at 4 seats.
//
// The root is sequential halving (Karnin, Koren and Somekh 2013) over the best distinct
// placements by the one-ply evaluation, each owning its subtree, under common random
// numbers: a root move's n-th iteration plays future n, so a difference between two moves
// is theirs, not the draw's luck. Below the root, only the best 2 + ⌊√visits⌋ moves of a
// node are open (progressive widening) and PUCT chooses among them with a rank prior (the
// k-th best by the evaluation gets 1/k, normalised) and the move's own evaluation as its
// value before its first visit.
//
// Determinism (P2.6): a fixed number of iterations, never a clock; every random choice from
// seeded choosers; only + − × ÷, Math.sqrt and comparisons in anything that decides (no
// Math.log/exp/pow, whose last bits differ between engines). The same seed and state give
// the same move in Node and in every browser's worker.
import {
  applyInPlace,
  cloneState,
  pending,
  scorerOf,
  supplyList,
  supplySize,
  type Action,
  type Deployment,
  type GameState,
} from '../engine';
import { mix, SeededChooser } from './chooser';
import { DEFAULT_WEIGHTS, LEARNED_WEIGHTS, position, project, utility, type Weights } from './evaluate';
import { bestIndex, bestTurn, scoreDeployments, scoreMoves } from './moves';
import { randomEventAction } from './playout';
import type { Bot, BotChoice, BotContext, Chooser } from './types';

export interface ExpertOptions {
  /** Iterations (one sampled future each) for a placement decision. */
  iterations: number;
  /** Iterations for a deployment decision (asked after the placement, R3). */
  deployIterations: number;
  /** Turns after the bot's own that an iteration looks ahead (tree, then rollout); at least one round. */
  horizonTurns: number;
  /** Moves the root compares: the best distinct placements by the one-ply evaluation (`rootCandidates()`). */
  rootCandidates: number;
  /** Deployments the root of a deployment decision compares (the best by the one-ply evaluation); unset: `rootCandidates`. */
  deployCandidates?: number;
  /** Open moves at a node below the root: `widenBase` + ⌊`widenFactor` × √visits⌋. */
  widenBase: number;
  widenFactor: number;
  /**
   * Sampled futures the iterations share: each an order of the tiles still face down (a
   * uniform shuffle of the multiset) and its own dice. A root move's n-th iteration plays
   * future n (mod this count), so the root's moves are compared under the same futures
   * (common random numbers): a difference between them is the move's, not the draw's luck.
   */
  futures: number;
  /**
   * Where the search judges by `learnedWeights` (by default `LEARNED_WEIGHTS`: the completion
   * chances learned from self-play and a dearer reserve meeple) instead of `weights` (the hand-set
   * ones): with three or more scorers (`many`), everywhere (`all`), or nowhere (`none`).
   */
  learned: (typeof LEARNED_WHERE)[number];
  learnedWeights: Weights;
  /** The PUCT exploration constant. */
  exploration: number;
  /** Points that make one unit of value (a node's values are utilities ÷ this). */
  valueScale: number;
  /** How the search plays with three or more scorers; two (2 seats, the team variant) play as before. */
  many: ManyScorers;
  weights: Weights;
}

/** The values `ExpertOptions.learned` may take (the tournament's `--expert-options learned=` reads this list). */
export const LEARNED_WHERE = ['many', 'all', 'none'] as const;

/** The values `ManyScorers.value` may take (the tournament's `--expert-options value=` reads this list). */
export const MANY_VALUES = ['blend', 'mean', 'leader', 'bounded', 'win'] as const;

/**
 * The search with three or more scorers (not 2 seats, not the team variant's two teams). With
 * two, the bot's gain is its opponent's loss and the tree models the one opponent's replies; with
 * three opponents between two of its own moves, their nodes would spread the budget thin.
 */
export interface ManyScorers {
  /** The other seats play the greedy policy inside the tree as in the rollout: only the bot's own decisions are nodes. */
  othersGreedy: boolean;
  /**
   * The bot's value of a position: `blend` is evaluate.ts `utility` (own projection less ½ the
   * best other and ½ their mean); `mean` is own less the others' mean; `leader` is own less the
   * best other; `bounded` is that margin m bounded as m·k / (k + |m|), k = `marginPoints`
   * (about m for a small margin, at most k: a stand-in for the chance to win, with no exp);
   * `win` is a chance to finish first, `winChance` below, × `winPoints`.
   */
  value: (typeof MANY_VALUES)[number];
  marginPoints: number;
  /** Points that one whole chance to win is worth in the tree (`win`): near an even race, about one point a point. */
  winPoints: number;
  /**
   * Paranoid: the other seats' nodes choose against the bot (their edges take minus the bot's
   * own value) instead of each for its own scorer (max^n); only with the others as nodes.
   */
  paranoid: boolean;
}

export const DEFAULT_EXPERT: ExpertOptions = {
  iterations: 288,
  deployIterations: 64,
  horizonTurns: 4,
  rootCandidates: 10,
  widenBase: 2,
  widenFactor: 1,
  futures: 24,
  learned: 'many',
  learnedWeights: LEARNED_WEIGHTS,
  exploration: 1.4,
  valueScale: 10,
  many: { othersGreedy: false, value: 'blend', marginPoints: 20, winPoints: 40, paranoid: false },
  weights: DEFAULT_WEIGHTS,
};

/** One move of a node, by identity: a key, how to play it, its one-ply value and rank where last seen. */
interface Move {
  key: string;
  actions: Action[];
  value: number;
}

interface Edge {
  key: string;
  visits: number;
  total: number;
  /** Iterations in which this move was open at its node (ISMCTS availability). */
  avail: number;
  /** The move's one-ply value (÷ valueScale) when last seen, and its rank's prior. */
  first: number;
  prior: number;
  child: TreeNode | null;
}

interface TreeNode {
  visits: number;
  edges: Map<string, Edge>;
}

function deploymentKey(d: Deployment | null): string {
  if (!d) return '-';
  const where = 'seg' in d.target ? `s${d.target.seg}` : `a${d.target.attack.x},${d.target.attack.y}`;
  return `${d.meeple[0]}${where}${d.equipment ? d.equipment[0] : ''}`;
}

/** The moves of a decision, best one-ply value first (the engine's order breaks ties). */
function movesOf(state: GameState, w: Weights): Move[] {
  const out: Move[] =
    state.phase === 'place'
      ? scoreMoves(state, w).map((m) => ({
          key: `${m.placement.x},${m.placement.y},${m.placement.r}/${deploymentKey(m.deployment)}`,
          actions: [
            { type: 'place', ...m.placement },
            { type: 'deploy', deployment: m.deployment },
          ],
          value: m.value,
        }))
      : scoreDeployments(state, w).map((d) => ({
          key: deploymentKey(d.deployment),
          actions: [{ type: 'deploy', deployment: d.deployment }],
          value: d.value,
        }));
  const order = out.map((_, i) => i).sort((a, b) => out[b].value - out[a].value || a - b);
  return order.map((i) => out[i]);
}

/**
 * The moves the root compares: a placement is judged with its best deployment (the
 * deployment is decided again once the tile lies, R3), and a rotation that leaves the same
 * value on the same square is the same move for the evaluation (a symmetric tile): one each,
 * so the candidates are different moves, not copies of the best.
 */
function rootCandidates(moves: Move[], count: number): Move[] {
  if (!moves.length || moves[0].actions.length === 1) return moves.slice(0, Math.max(1, count));
  const out: Move[] = [];
  const placements = new Set<string>();
  const squares = new Set<string>();
  for (const m of moves) {
    const p = m.actions[0];
    if (p.type !== 'place') continue;
    const square = `${p.x},${p.y}|${m.value}`;
    const placement = `${p.x},${p.y},${p.r}`;
    if (placements.has(placement) || squares.has(square)) continue;
    placements.add(placement);
    squares.add(square);
    out.push(m);
    if (out.length >= count) break;
  }
  return out;
}

/** 1/1 + 1/2 + … + 1/n, for the rank prior (exact rationals in floating point, no logarithm). */
function harmonic(n: number): number {
  let h = 0;
  for (let k = 1; k <= n; k++) h += 1 / k;
  return h;
}

/** One sampled future: an order of the face-down tiles, a cursor into it, and the dice. */
interface Future {
  order: string[];
  at: number;
  dice: Chooser;
}

/** A uniform order of the supply multiset (Fisher–Yates over the canonical list, R2.2): never the real one, there is none. */
function sampleOrder(state: GameState, rng: Chooser): string[] {
  const order = supplyList(state);
  for (let i = order.length - 1; i > 0; i--) {
    const j = rng.int(i + 1);
    [order[i], order[j]] = [order[j], order[i]];
  }
  return order;
}

/** Plays random events (the future's next tile still in the supply, its dice) until a seat must decide or the game ends. */
function settle(state: GameState, f: Future): void {
  for (let guard = 0; state.phase !== 'over'; guard++) {
    if (guard > 1000) throw new Error('expert bot: events did not settle');
    const p = pending(state);
    if (p.kind === 'draw') {
      let tile: string | null = null;
      while (tile === null && f.at < f.order.length) {
        const t = f.order[f.at++];
        if ((state.supply[t] ?? 0) > 0) tile = t;
      }
      // A tile returned to the supply (R4.3 'return') is not in the order: drawn uniformly then.
      applyInPlace(state, { type: 'draw', tile: tile ?? p.supply[f.dice.int(p.supply.length)] });
      continue;
    }
    const e = randomEventAction(state, f.dice);
    if (!e) return;
    applyInPlace(state, e);
  }
}

/** The best move by the one-ply evaluation (the rollout policy: greedy, cheap, seeded ties). */
function greedyTurn(state: GameState, rng: Chooser, w: Weights): Action[] {
  if (state.phase === 'place') return bestTurn(state, rng, w);
  const ds = scoreDeployments(state, w);
  return [
    {
      type: 'deploy',
      deployment:
        ds[
          bestIndex(
            ds.map((d) => d.value),
            rng,
          )
        ].deployment,
    },
  ];
}

/** winChance's σ: the points a projected margin may still move with `left` tiles face down (-1: none, the game is over). */
export function winSigma(left: number): number {
  return left < 0 ? 0.5 : Math.min(20, 3 * Math.sqrt(left + 2));
}

/**
 * A scorer's chance to finish first from projected scores with `left` tiles still face down
 * (-1: the game is over, the scores are final). Against each other scorer the final margin is
 * the projected one give or take σ points, σ = min(20, 3·√(left + 2)): what the margin between
 * two seats' projections and their final scores spread by in 100 4-seat greedy games
 * (bench/projection-spread.ts, docs/bots.md). The chances against the others multiply (as if
 * independent); the normal curve is stood in for by ½(1 + z / √(z² + π/2)), its slope at 0,
 * with √ and no exp.
 */
export function winChance(values: number[], scorer: number, left: number): number {
  const sigma = winSigma(left);
  let p = 1;
  for (let i = 0; i < values.length; i++) {
    if (i === scorer) continue;
    const z = (values[scorer] - values[i]) / sigma;
    p *= 0.5 + (0.5 * z) / Math.sqrt(z * z + 1.5707963267948966);
  }
  return p;
}

export function createExpertBot(options: Partial<ExpertOptions> = {}): Bot {
  const opts: ExpertOptions = { ...DEFAULT_EXPERT, ...options };
  /** Which weights judge a position (`learned`). */
  const weightsFor = (state: GameState): Weights =>
    opts.learned === 'all' || (opts.learned === 'many' && state.scores.length > 2) ? opts.learnedWeights : opts.weights;
  const scale = opts.valueScale;
  const many = opts.many;

  /**
   * The bot's own value of a position's projections with three or more scorers (units of
   * `valueScale`); `left`: the tiles still face down, -1 once the game is over.
   */
  function manyValue(values: number[], scorer: number, left: number): number {
    if (many.value === 'blend') return utility(values, scorer, opts.weights) / scale;
    if (many.value === 'win') return (winChance(values, scorer, left) * many.winPoints) / scale;
    let best = -Infinity;
    let sum = 0;
    for (let i = 0; i < values.length; i++) {
      if (i === scorer) continue;
      if (values[i] > best) best = values[i];
      sum += values[i];
    }
    if (many.value === 'mean') return (values[scorer] - sum / (values.length - 1)) / scale;
    const m = values[scorer] - best;
    if (many.value === 'leader') return m / scale;
    const k = many.marginPoints;
    return (m * k) / (k + (m < 0 ? -m : m)) / scale;
  }

  /** Opens the best moves of a node for this iteration (progressive widening) and picks one by PUCT. */
  function select(node: TreeNode, moves: Move[]): { edge: Edge; move: Move } {
    const open = Math.min(moves.length, opts.widenBase + Math.floor(opts.widenFactor * Math.sqrt(node.visits)));
    const norm = harmonic(open);
    let best: Edge | null = null;
    let bestMove: Move | null = null;
    let bestScore = -Infinity;
    for (let rank = 0; rank < open; rank++) {
      const m = moves[rank];
      let e = node.edges.get(m.key);
      if (!e) {
        e = { key: m.key, visits: 0, total: 0, avail: 0, first: 0, prior: 0, child: null };
        node.edges.set(m.key, e);
      }
      e.avail++;
      e.first = m.value / scale;
      e.prior = 1 / (rank + 1) / norm;
      const q = e.visits ? e.total / e.visits : e.first;
      const score = q + (opts.exploration * e.prior * Math.sqrt(e.avail)) / (1 + e.visits);
      if (score > bestScore) {
        bestScore = score;
        best = e;
        bestMove = m;
      }
    }
    return { edge: best!, move: bestMove! };
  }

  /**
   * One iteration below root move `first` in future `k`: down its subtree (each seat choosing
   * for its own scorer, its team's in R9), then a greedy rollout to the horizon; the value
   * goes back up the path. Returns nothing: the edges hold the counts. With three or more
   * scorers (`manyScorers`) the bot's own edges take `manyValue`, and with `many.othersGreedy`
   * the other seats play the greedy policy instead of being nodes.
   */
  function iterate(
    state: GameState,
    first: { edge: Edge; move: Move },
    future: Future,
    policy: Chooser,
    horizon: number,
    manyScorers: boolean,
    w: Weights,
  ): void {
    const s = cloneState(state);
    const own = scorerOf(s, s.seat);
    const othersGreedy = manyScorers && many.othersGreedy;
    const path: { edge: Edge; scorer: number }[] = [{ edge: first.edge, scorer: own }];
    for (const a of first.move.actions) applyInPlace(s, a);
    let edge = first.edge;
    settle(s, future);
    while (s.phase !== 'over' && !(s.phase === 'place' && s.turn >= horizon)) {
      if (othersGreedy && scorerOf(s, s.seat) !== own) {
        for (const a of greedyTurn(s, policy, w)) applyInPlace(s, a);
        settle(s, future);
        continue;
      }
      if (!edge.child) {
        edge.child = { visits: 0, edges: new Map() };
        break;
      }
      const node: TreeNode = edge.child;
      const moves = movesOf(s, w);
      if (!moves.length) break;
      const picked = select(node, moves);
      node.visits++;
      path.push({ edge: picked.edge, scorer: scorerOf(s, s.seat) });
      for (const a of picked.move.actions) applyInPlace(s, a);
      settle(s, future);
      edge = picked.edge;
    }
    for (let guard = 0; s.phase !== 'over' && !(s.phase === 'place' && s.turn >= horizon); guard++) {
      if (guard > 1000) throw new Error('expert bot: rollout did not end');
      for (const a of greedyTurn(s, policy, w)) applyInPlace(s, a);
      settle(s, future);
    }
    const values = s.phase === 'over' ? s.scores : project(position(s, s.board), w);
    const left = s.phase === 'over' ? -1 : supplySize(s);
    for (const p of path) {
      p.edge.visits++;
      if (!manyScorers) p.edge.total += utility(values, p.scorer, w) / scale;
      else if (p.scorer === own) p.edge.total += manyValue(values, own, left);
      else p.edge.total += many.paranoid ? -manyValue(values, own, left) : utility(values, p.scorer, w) / scale;
    }
  }

  /**
   * The root: sequential halving over the best `rootCandidates` moves (Karnin, Koren and
   * Somekh 2013), each move owning its subtree. The budget is split over ⌈log₂ n⌉ rounds;
   * after each the better half by mean value stays. A move's n-th iteration plays future n,
   * so all moves of a round are compared under the same futures. Returns the chosen move.
   */
  function search(state: GameState, iterations: number, seed: number, ctx: BotContext): Move {
    const w = weightsFor(state);
    const rootMoves = movesOf(state, w);
    if (rootMoves.length === 1) return rootMoves[0];
    const seats = state.setup.seats.length;
    // Two scorers (2 seats, the team variant): `utility` is simply the difference, and the search plays as measured.
    const manyScorers = state.scores.length > 2;
    const horizon = state.turn + 1 + Math.max(seats, opts.horizonTurns);
    const start = ctx.now ? ctx.now() : 0;
    const outOfTime = () => ctx.now !== undefined && ctx.now() - start > ctx.budgetMs;
    const orders: string[][] = [];
    const futureOf = (k: number) => {
      orders[k] ??= sampleOrder(state, new SeededChooser(mix(seed, 3 * k)));
      return { order: orders[k], at: 0, dice: new SeededChooser(mix(seed, 3 * k + 1)) } as Future;
    };
    const count = state.phase === 'deploy' ? (opts.deployCandidates ?? opts.rootCandidates) : opts.rootCandidates;
    let alive = rootCandidates(rootMoves, count).map((move, rank) => ({
      move,
      rank,
      edge: { key: move.key, visits: 0, total: 0, avail: 0, first: move.value / scale, prior: 0, child: null } as Edge,
    }));
    let rounds = 0;
    for (let n = alive.length; n > 1; n = Math.ceil(n / 2)) rounds++;
    const mean = (c: (typeof alive)[number]) => (c.edge.visits ? c.edge.total / c.edge.visits : c.edge.first);
    for (let round = 0; round < rounds && alive.length > 1 && !outOfTime(); round++) {
      const per = Math.max(1, Math.floor(iterations / rounds / alive.length));
      for (let n = 0; n < per && !outOfTime(); n++) {
        for (const c of alive) {
          const k = c.edge.visits % opts.futures;
          iterate(state, c, futureOf(k), new SeededChooser(mix(seed, 3 * k + 2)), horizon, manyScorers, w);
        }
      }
      alive = alive
        .slice()
        .sort((a, b) => mean(b) - mean(a) || a.rank - b.rank)
        .slice(0, Math.ceil(alive.length / 2));
    }
    // The best mean of the last ones standing (ties: the evaluation's order).
    let best = alive[0];
    for (const c of alive) if (mean(c) > mean(best) || (mean(c) === mean(best) && c.rank < best.rank)) best = c;
    return best.move;
  }

  return {
    name: 'expert',
    choose(state: GameState, ctx: BotContext): BotChoice {
      if (state.phase !== 'place' && state.phase !== 'deploy') throw new Error(`expert bot asked to move in phase ${state.phase}`);
      const seed = ctx.rng.int(0x40000000);
      const move = search(state, state.phase === 'place' ? opts.iterations : opts.deployIterations, seed, ctx);
      const [first, second] = move.actions;
      if (first.type === 'place') return { type: 'place', placement: { x: first.x, y: first.y, r: first.r } };
      if (first.type === 'deploy' && !second) return { type: 'deploy', deployment: first.deployment };
      throw new Error('expert bot: a move that is neither a placement nor a deployment');
    },
  };
}

export const expertBot: Bot = createExpertBot();
