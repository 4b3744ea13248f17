// Hooks through which an expansion changes the base rules without `if`s scattered in
// them (STYLE: rules of an expansion live with the expansion).
import type { Colour, Deployment, GameOptions, GameState, Meeple, Participant, Reserve } from './types';
import type { TileDef } from './tiles';

export interface Capability {
  name: string;
  /** Is this tile group part of the supply under these options? */
  includesTiles?(group: TileDef['group'], options: GameOptions): boolean;
  /** May this colour take a seat under these options? */
  allowsColour?(colour: Colour, options: GameOptions): boolean;
  /** Adds the capability's items to a seat's starting reserve. */
  initReserve?(reserve: Reserve, options: GameOptions): void;
  /** Variants of a base deployment this capability allows (e.g. with equipment, R5.5). */
  deploymentVariants?(state: GameState, seat: number, base: Deployment): Deployment[];
  /** Explains why a deployment's extra parts are not allowed, or null. */
  rejectDeployment?(state: GameState, seat: number, d: Deployment): { message: string; rule: string } | null;
  /** A meeple has just been deployed with this deployment. */
  onDeploy?(state: GameState, meeple: Meeple, d: Deployment): void;
  /** A meeple returns to its owner's reserve. */
  onReturn?(state: GameState, meeple: Meeple): void;
  /** Adjusts a battle participant from the meeples it fights with (R6.7, R6.8). */
  modifyParticipant?(state: GameState, p: Participant, meeples: Meeple[]): void;
}
