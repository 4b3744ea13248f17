// A turn drafted on this device before it is sent: the tile placed on a copy of the state
// (the engine's own pure applyAction, so the spots offered are the engine's R5.2–R5.5)
// and the spot chosen. Nothing reaches the session until the player confirms the turn, so
// the placement and the deployment can be taken back until then.
import { applyAction, legalDeployments, type Deployment, type DeployTarget, type GameState, type Placement } from '../engine';
import { groupByTarget, matchDeployment, targetKey } from '../render/deploy-targets';
import type { DeployChoice } from './deploy-choice';

export interface TurnDraft {
  readonly placement: Placement;
  /** The state after the drafted placement (phase `deploy`); never sent anywhere. */
  readonly preview: GameState;
  /** Legal deployments on the preview (R5.2–R5.5). */
  readonly deployments: readonly Deployment[];
  /** The spot chosen so far, or null for "no meeple". */
  readonly target: DeployTarget | null;
}

/** Drafts a placement; throws the engine's RuleError when it is illegal (R4.1, R4.2). */
export function draftPlacement(state: GameState, placement: Placement): TurnDraft {
  const { state: preview } = applyAction(state, { type: 'place', ...placement });
  return { placement, preview, deployments: legalDeployments(preview), target: null };
}

/** Chooses (or with null clears) the spot; a target the engine does not offer is ignored. */
export function draftTarget(draft: TurnDraft, target: DeployTarget | null): TurnDraft {
  if (target && !draft.deployments.some((d) => targetKey(d.target) === targetKey(target))) return draft;
  return { ...draft, target };
}

/** The deployment the draft means with the HUD's meeple and equipment choice (null: none). */
export function draftDeployment(draft: TurnDraft, choice: DeployChoice): Deployment | null {
  if (!draft.target) return null;
  const key = targetKey(draft.target);
  const group = groupByTarget(draft.deployments).find((g) => g.key === key);
  return group ? matchDeployment(group, choice) : null;
}

export { sameDeployTarget as sameTarget } from '../engine';
