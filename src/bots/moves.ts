// A turn's options, each with its one-ply value: every legal placement joined with every
// legal deployment on it (or none), judged by the evaluation of evaluate.ts. Shared by
// the greedy bot (pick the best), the strong bot (prune before searching) and rollouts.
import {
  STRIDE,
  applyInPlace,
  legalDeployments,
  legalPlacements,
  scorerOf,
  type Action,
  type Deployment,
  type GameState,
  type Placement,
} from '../engine';
import { DEFAULT_WEIGHTS, position, project, rootOf, utility, type MeepleView, type Weights } from './evaluate';
import type { Chooser } from './types';

export interface ScoredMove {
  placement: Placement;
  deployment: Deployment | null;
  value: number;
}

export interface ScoredDeployment {
  deployment: Deployment | null;
  value: number;
}

/** The state after placing, sharing everything a placement leaves untouched (R4). */
function placedCopy(state: GameState, p: Placement): GameState {
  const copy: GameState = { ...state, tiles: state.tiles.slice(), board: state.board.clone() };
  applyInPlace(copy, { type: 'place', x: p.x, y: p.y, r: p.r });
  return copy;
}

/** The meeple a deployment would add, resolved to its realm's root (R5.2, R5.4). */
function deployedMeeple(state: GameState, d: Deployment): MeepleView {
  const b = state.board;
  let root: number;
  if ('seg' in d.target) root = rootOf(b, (b.size - 1) * STRIDE + d.target.seg);
  else {
    const t = b.tileAt(d.target.attack.x, d.target.attack.y);
    root = t * STRIDE + b.defs[t].planet;
  }
  return { seat: state.seat, size: d.meeple, equipment: d.equipment, root };
}

/** Deployment options of a state in phase `deploy`, each with its value for the active seat's scorer. */
export function scoreDeployments(state: GameState, w: Weights = DEFAULT_WEIGHTS): ScoredDeployment[] {
  const scorer = scorerOf(state, state.seat);
  const options = legalDeployments(state);
  const extras = options.map((d) => deployedMeeple(state, d));
  const pos = position(
    state,
    state.board,
    extras.map((m) => m.root),
  );
  const out: ScoredDeployment[] = [{ deployment: null, value: utility(project(pos, w), scorer, w) }];
  options.forEach((d, i) => out.push({ deployment: d, value: utility(project(pos, w, extras[i]), scorer, w) }));
  return out;
}

/** Every (placement, deployment) of a state in phase `place`, valued (R4, R5). */
export function scoreMoves(state: GameState, w: Weights = DEFAULT_WEIGHTS, placements: Placement[] = legalPlacements(state)): ScoredMove[] {
  const out: ScoredMove[] = [];
  for (const placement of placements) {
    const placed = placedCopy(state, placement);
    for (const d of scoreDeployments(placed, w)) out.push({ placement, deployment: d.deployment, value: d.value });
  }
  return out;
}

/** The greedy turn among `placements`: the best (placement, deployment) as the two actions to apply (the rollouts' policy). */
export function bestTurn(
  state: GameState,
  rng: Chooser,
  w: Weights = DEFAULT_WEIGHTS,
  placements: Placement[] = legalPlacements(state),
): Action[] {
  const moves = scoreMoves(state, w, placements);
  const m =
    moves[
      bestIndex(
        moves.map((x) => x.value),
        rng,
      )
    ];
  return [
    { type: 'place', ...m.placement },
    { type: 'deploy', deployment: m.deployment },
  ];
}

/** Index of the best value; exact ties are broken by the chooser (deterministic per seed). */
export function bestIndex(values: number[], rng: Chooser): number {
  let best = -Infinity;
  const ties: number[] = [];
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (v > best) {
      best = v;
      ties.length = 0;
      ties.push(i);
    } else if (v === best) ties.push(i);
  }
  return ties.length === 1 ? ties[0] : ties[rng.int(ties.length)];
}
