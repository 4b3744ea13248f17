// The strong bot: a Monte Carlo planner. It ranks every option of its turn by the greedy
// evaluation, keeps the best few, and compares them by playing each forward several turns
// in many sampled futures: tiles drawn from the supply multiset that is still hidden (R2.2;
// never an order, there is none), battle dice thrown (R6.3, R6.8), every seat (its own
// included) answering with a fast greedy policy, the position then judged by the
// evaluation. Candidates are culled by sequential halving, and all candidates of a round
// see the same sampled futures (common random numbers), so the comparison is fair.
//
// Determinism (P2.6): the effort is a fixed number of rollouts, never a clock, and every
// random choice comes from the seeded chooser; the same seed and state give the same
// choice on every peer. `ctx.budgetMs` is honoured only when `ctx.now` is given — a safety
// cap for uses that are not in lockstep (hints, analysis); lockstep callers omit `now`.
import {
  applyInPlace,
  cloneState,
  legalPlacements,
  scorerOf,
  type Action,
  type Deployment,
  type GameState,
  type Placement,
} from '../engine';
import { mix, SeededChooser } from './chooser';
import { DEFAULT_WEIGHTS, evaluateState, type Weights } from './evaluate';
import { bestIndex, bestTurn, scoreDeployments, scoreMoves } from './moves';
import { randomEventAction } from './playout';
import type { Bot, BotChoice, BotContext, Chooser } from './types';

export interface StrongOptions {
  /** Rollouts for the placement decision (split over the candidates by sequential halving). */
  iterations: number;
  /** Rollouts for the deployment decision, made after the placement. */
  deployIterations: number;
  /** Options kept after the one-ply ranking (placement decision). */
  candidates: number;
  /** Options kept for the deployment decision. */
  deployCandidates: number;
  /** Turns played forward after the bot's own; never fewer than one round (every other
      seat once and the bot's own next turn). Longer horizons (more seats) get
      proportionally fewer rollouts, so the work per decision stays about the same. */
  horizonTurns: number;
  /** Placements the rollout policy samples per turn (greedy among them); a large number
      means every placement, i.e. the rollout seats play exactly like the greedy bot. */
  rolloutPlacements: number;
  weights: Weights;
}

export const DEFAULT_STRONG: StrongOptions = {
  iterations: 160,
  deployIterations: 48,
  candidates: 8,
  deployCandidates: 4,
  horizonTurns: 4,
  rolloutPlacements: 1000,
  weights: DEFAULT_WEIGHTS,
};

interface Candidate {
  placement: Placement | null; // null when deciding only the deployment
  deployment: Deployment | null;
  prior: number;
  total: number;
  samples: number;
}

/** Fast greedy policy for rollouts: the best of a sample of placements, deployment included. */
function rolloutTurn(state: GameState, rng: Chooser, opts: StrongOptions): Action[] {
  let placements = legalPlacements(state);
  if (placements.length > opts.rolloutPlacements) {
    const pool = placements.slice();
    for (let i = 0; i < opts.rolloutPlacements; i++) {
      const j = i + rng.int(pool.length - i);
      [pool[i], pool[j]] = [pool[j], pool[i]];
    }
    placements = pool.slice(0, opts.rolloutPlacements);
  }
  return bestTurn(state, rng, opts.weights, placements);
}

/** Plays a sampled future from `state` (mutated) and judges it for `scorer`. */
function rollout(state: GameState, scorer: number, horizonTurn: number, seed: number, opts: StrongOptions): number {
  // Separate streams: the draws and dice of sample j are the same for every candidate.
  const events = new SeededChooser(mix(seed, 1));
  const policy = new SeededChooser(mix(seed, 2));
  let guard = 0;
  while (state.phase !== 'over' && !(state.phase === 'draw' && state.turn >= horizonTurn)) {
    if (++guard > 10000) throw new Error('strong bot rollout did not end');
    const event = randomEventAction(state, events);
    if (event) {
      applyInPlace(state, event);
      continue;
    }
    for (const a of rolloutTurn(state, policy, opts)) applyInPlace(state, a);
  }
  return evaluateState(state, scorer, opts.weights);
}

export function createStrongBot(options: Partial<StrongOptions> = {}): Bot {
  const opts: StrongOptions = { ...DEFAULT_STRONG, ...options };
  return {
    name: 'strong',
    choose(state: GameState, ctx: BotContext): BotChoice {
      const scorer = scorerOf(state, state.seat);
      let candidates: Candidate[];
      let budget: number;
      let keep: number;
      if (state.phase === 'place') {
        candidates = scoreMoves(state, opts.weights).map((m) => ({
          placement: m.placement,
          deployment: m.deployment,
          prior: m.value,
          total: 0,
          samples: 0,
        }));
        budget = opts.iterations;
        keep = opts.candidates;
      } else if (state.phase === 'deploy') {
        candidates = scoreDeployments(state, opts.weights).map((d) => ({
          placement: null,
          deployment: d.deployment,
          prior: d.value,
          total: 0,
          samples: 0,
        }));
        budget = opts.deployIterations;
        keep = opts.deployCandidates;
      } else throw new Error(`strong bot asked to move in phase ${state.phase}`);
      const seed = ctx.rng.int(0x40000000);
      // Keep the best few by the one-ply value (stable order: the engine's option order breaks ties).
      const order = candidates.map((_, i) => i).sort((a, b) => candidates[b].prior - candidates[a].prior || a - b);
      let alive = order.slice(0, Math.max(1, keep)).map((i) => candidates[i]);
      const start = ctx.now ? ctx.now() : 0;
      const outOfTime = () => ctx.now !== undefined && ctx.now() - start > ctx.budgetMs;
      if (alive.length > 1 && budget > 0) {
        let rounds = 0;
        for (let n = alive.length; n > 1; n = Math.ceil(n / 2)) rounds++;
        const turns = Math.max(state.setup.seats.length, opts.horizonTurns);
        const horizon = state.turn + 1 + turns;
        budget = Math.max(1, Math.floor((budget * opts.horizonTurns) / turns));
        let sample = 0;
        for (let round = 0; round < rounds && alive.length > 1 && !outOfTime(); round++) {
          const per = Math.max(1, Math.floor(budget / rounds / alive.length));
          for (let k = 0; k < per && !outOfTime(); k++, sample++) {
            for (const c of alive) {
              const s = cloneState(state);
              if (c.placement) applyInPlace(s, { type: 'place', ...c.placement });
              applyInPlace(s, { type: 'deploy', deployment: c.deployment });
              c.total += rollout(s, scorer, horizon, mix(seed, sample), opts);
              c.samples++;
            }
          }
          // Sequential halving: keep the better half by mean (ties: the better prior).
          const ranked = alive.slice().sort((a, b) => mean(b) - mean(a) || b.prior - a.prior);
          alive = ranked.slice(0, Math.ceil(alive.length / 2));
        }
      }
      const values = alive.map((c) => (c.samples ? mean(c) : c.prior));
      const best = alive[bestIndex(values, ctx.rng)];
      return best.placement ? { type: 'place', placement: best.placement } : { type: 'deploy', deployment: best.deployment };
    },
  };
}

function mean(c: Candidate): number {
  return c.samples ? c.total / c.samples : -Infinity;
}

export const strongBot: Bot = createStrongBot();
