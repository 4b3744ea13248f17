// The meeple size and equipment picked in the HUD before clicking a spot (R5.1, R5.5),
// kept to what the engine's legal deployments allow.
import type { Deployment } from '../engine';
import type { DeployChoice } from '../render/deploy-targets';

export type { DeployChoice };

export function choiceAllowed(choice: DeployChoice, legal: readonly Deployment[]): boolean {
  return legal.some((d) => d.meeple === choice.meeple && d.equipment === choice.equipment);
}

/** The nearest allowed choice: keep what the player picked when it is still legal. */
export function normaliseChoice(choice: DeployChoice, legal: readonly Deployment[]): DeployChoice {
  if (!legal.length || choiceAllowed(choice, legal)) return choice;
  const sameSize = legal.find((d) => d.meeple === choice.meeple && d.equipment === null) ?? legal.find((d) => d.meeple === choice.meeple);
  const any = legal.find((d) => d.equipment === null) ?? legal[0];
  const d = sameSize ?? any;
  return { meeple: d.meeple, equipment: d.equipment };
}
