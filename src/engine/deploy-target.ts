// The one equality of deployment targets and deployments, shared by the rules, the table, the
// turn draft and the bots (a target is a segment of the tile just placed or a planet to attack).
import type { DeployTarget, Deployment } from './types';

/** A string naming the target, equal exactly when the targets are equal. */
export function deployTargetKey(t: DeployTarget): string {
  return 'seg' in t ? `seg:${t.seg}` : `attack:${t.attack.x},${t.attack.y}`;
}

export function sameDeployTarget(a: DeployTarget | null | undefined, b: DeployTarget | null | undefined): boolean {
  return !!a && !!b && deployTargetKey(a) === deployTargetKey(b);
}

export function sameDeployment(a: Deployment, b: Deployment): boolean {
  return a.meeple === b.meeple && a.equipment === b.equipment && sameDeployTarget(a.target, b.target);
}
