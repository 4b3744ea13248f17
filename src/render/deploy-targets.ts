// Meeple spots of the deploy step (R5.2, R5.4, R10.2): the engine's legal deployments
// grouped by target (one clickable spot each), and the deployment a click on a spot means
// given the meeple size and equipment chosen in the HUD.
import { deployTargetKey, type Deployment, type DeployTarget, type Equipment, type MeepleSize } from '../engine';

/** The meeple size and equipment picked in the HUD before a spot is clicked (R5.1, R5.5). */
export interface DeployChoice {
  meeple: MeepleSize;
  equipment: Equipment | null;
}

/** The engine's key of a target (one equality everywhere). */
export const targetKey = deployTargetKey;

export interface SpotGroup {
  key: string;
  target: DeployTarget;
  options: Deployment[];
}

/** One group per distinct target, in the engine's order. */
export function groupByTarget(deployments: readonly Deployment[]): SpotGroup[] {
  const groups = new Map<string, SpotGroup>();
  for (const d of deployments) {
    const key = targetKey(d.target);
    let g = groups.get(key);
    if (!g) groups.set(key, (g = { key, target: d.target, options: [] }));
    g.options.push(d);
  }
  return [...groups.values()];
}

/** The deployment for a clicked spot: the exact HUD choice when legal, else the same size
    without equipment, else the same equipment on the other size, else the spot's first option. */
export function matchDeployment(group: SpotGroup, choice: DeployChoice): Deployment | null {
  const o = group.options;
  return (
    o.find((d) => d.meeple === choice.meeple && d.equipment === choice.equipment) ??
    o.find((d) => d.meeple === choice.meeple && d.equipment === null) ??
    o.find((d) => d.equipment === choice.equipment) ??
    o.find((d) => d.equipment === null) ??
    o[0] ??
    null
  );
}

/**
 * How far to spread a tile's spots apart about their centre so that no two are closer than
 * `minGap` pixels on screen (four route ends of a junction would otherwise overlap at the
 * default zoom): 1 when they already are, at most `max`.
 */
export function spreadFactor(screen: readonly { x: number; y: number }[], minGap: number, max = 2.4): number {
  let closest = Infinity;
  for (let i = 0; i < screen.length; i++)
    for (let j = i + 1; j < screen.length; j++)
      closest = Math.min(closest, Math.hypot(screen[i].x - screen[j].x, screen[i].y - screen[j].y));
  if (!Number.isFinite(closest)) return 1;
  if (closest < 1e-6) return max;
  return Math.min(max, Math.max(1, minGap / closest));
}

/** What a spot is, for its icon on the table: a merchant, an explorer, a conqueror or a planet attack (R5.2, R5.4). */
export type SpotKind = 'merchant' | 'explorer' | 'conqueror' | 'attack';
