// Animations of the table (first version: syncs to the final state at once).
import type { GameEvent, GameState } from '../engine';
import type { Tabletop } from './tabletop';
import type { labelAtlas } from './figures';

export class TableAnimator {
  constructor(private readonly table: Tabletop, private readonly labels: ReturnType<typeof labelAtlas>) {}
  play(_events: GameEvent[], after: GameState, _reduced: boolean): Promise<void> {
    this.table.setView({ state: after, placements: [], deployments: [], deployChoice: { meeple: 'small', equipment: null } });
    return Promise.resolve();
  }
  syncScores(_state: GameState): void {}
  faceCamera(_yaw: number): void {}
  update(_now: number): boolean {
    return false;
  }
  dispose(): void {}
}
