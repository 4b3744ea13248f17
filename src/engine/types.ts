// Public types of the rules engine. State is plain data plus a derived board index.
import type { Faction, SegmentKind } from './tiles';
import type { BoardIndex } from './board';

export type Colour = 'red' | 'green' | 'black' | 'white' | 'orange' | 'blue';
export const COLOURS: readonly Colour[] = ['red', 'green', 'black', 'white', 'orange', 'blue'];

/** R1.3: colour → faction (blue is Expansion 1's Kylo Ren, Empire). */
export const COLOUR_FACTION: Record<Colour, Faction> = {
  red: 'Rebel',
  green: 'Rebel',
  black: 'Empire',
  white: 'Empire',
  orange: 'BountyHunters',
  blue: 'Empire',
};

export type Team = 'Rebel' | 'Empire';
export const TEAMS: readonly Team[] = ['Rebel', 'Empire'];

export interface ExpansionOptions {
  tiles: boolean;
  blue: boolean;
  equipment: boolean;
  yellowDie: boolean;
}

/** The parts of Expansion 1, each its own option (R2.4), in one order for every list of them. */
export const EXPANSION_PARTS: readonly (keyof ExpansionOptions)[] = ['tiles', 'blue', 'equipment', 'yellowDie'];

export interface GameOptions {
  teams: boolean;
  /** R4.3: "remove" (Hans im Glück) or "return" (Z-Man) for a tile that fits nowhere. */
  unplaceable: 'remove' | 'return';
  expansion: ExpansionOptions;
}

export interface GameSetup {
  seats: Colour[];
  options: GameOptions;
}

export type MeepleSize = 'small' | 'large';
export type Equipment = 'lightsaber' | 'blaster';

export interface PlacedTile {
  id: string;
  x: number;
  y: number;
  r: number;
}

export interface Meeple {
  seat: number;
  size: MeepleSize;
  equipment: Equipment | null;
  /** Index into `state.tiles` and the segment index on that tile. */
  tile: number;
  seg: number;
}

export interface Reserve {
  small: number;
  large: number;
  lightsaber: boolean;
  blaster: boolean;
}

export interface Participant {
  /** Seat index, or team index in the team variant. */
  id: number;
  seats: number[];
  dice: number;
  /** R6.8: one of the dice is the yellow die (given last). */
  yellow: boolean;
  /** R6.7: +1 to the highest die. */
  lightsaber: boolean;
  /** R6.2: one of their faction's symbols belongs to the realm. */
  symbol: boolean;
}

export interface BattleState {
  /** Representative node of the realm: [tile index, segment index]. */
  realm: [number, number];
  participants: Participant[];
  /** Ids of participants still fighting, in participant order. */
  remaining: number[];
  throws: number;
}

export type Phase = 'draw' | 'place' | 'deploy' | 'battle' | 'over';

export interface GameState {
  setup: GameSetup;
  tiles: PlacedTile[];
  meeples: Meeple[];
  reserves: Reserve[];
  /** One score per seat, or per team (Rebel, Empire) in the team variant (R9.1). */
  scores: number[];
  /** Count of each tile id still in the supply, in canonical set order. */
  supply: Record<string, number>;
  removed: string[];
  turn: number;
  seat: number;
  phase: Phase;
  drawn: string | null;
  battles: BattleState[];
  /** Derived index of the board (cells, realms); not part of the serialized state. */
  board: BoardIndex;
}

export interface Placement {
  x: number;
  y: number;
  r: number;
}

export type DeployTarget = { seg: number } | { attack: { x: number; y: number } };

export interface Deployment {
  meeple: MeepleSize;
  target: DeployTarget;
  equipment: Equipment | null;
}

export type Action =
  | { type: 'draw'; tile: string }
  | { type: 'place'; x: number; y: number; r: number }
  | { type: 'deploy'; deployment: Deployment | null }
  | { type: 'throw'; values: number[][] };

/** What the game waits for next. `draw` and `throw` are random events (P2.2). */
export type Pending =
  | { kind: 'draw'; seat: number; supply: string[] }
  | { kind: 'place'; seat: number; tile: string }
  | { kind: 'deploy'; seat: number; tile: string }
  | { kind: 'throw'; battle: BattleState; participants: Participant[] }
  | { kind: 'over' };

export interface RealmSummary {
  kind: SegmentKind;
  /** Distinct tiles of the realm as [x, y], sorted by (y, x). */
  tiles: [number, number][];
  symbols: Faction[];
  /** Representative node [tile index, segment index]. */
  node: [number, number];
}

export type GameEvent =
  | { type: 'drawn'; seat: number; tile: string }
  | { type: 'unplaceable'; seat: number; tile: string; outcome: 'removed' | 'returned' }
  | { type: 'placed'; seat: number; tile: string; x: number; y: number; r: number }
  | { type: 'deployed'; seat: number; meeple: MeepleSize; equipment: Equipment | null; x: number; y: number; seg: number; attack: boolean }
  | { type: 'battle'; realm: RealmSummary; participants: Participant[] }
  | {
      type: 'throw';
      realm: RealmSummary;
      throw: number;
      rolls: { id: number; values: number[]; yellow: boolean; lightsaber: boolean; best: number }[];
      tied: number[];
      winner: number | null;
      losers: { id: number; points: number }[];
    }
  | {
      type: 'returned';
      seat: number;
      meeple: MeepleSize;
      equipment: Equipment | null;
      x: number;
      y: number;
      seg: number;
      reason: 'battle' | 'scored';
    }
  | { type: 'score'; reason: 'complete' | 'final' | 'tie' | 'lost'; scorer: number; points: number; realm?: RealmSummary }
  | { type: 'completed'; realm: RealmSummary; scorer: number | null; points: number; final: boolean }
  | { type: 'turn'; turn: number; seat: number }
  | { type: 'over'; scores: number[] };
