// Scripted turns for engine tests: build a board tile by tile with exact draws,
// placements, deployments and dice, straight through the public engine API.
import {
  applyInPlace,
  defaultOptions,
  newGame,
  pending,
  tileDef,
  type Colour,
  type Deployment,
  type Equipment,
  type ExpansionOptions,
  type GameEvent,
  type GameOptions,
  type GameSetup,
  type GameState,
  type MeepleSize,
} from '../../src/engine';

export const EXPANSION_ALL: ExpansionOptions = { tiles: true, blue: true, equipment: true, yellowDie: true };
export const EXPANSION_NONE: ExpansionOptions = { tiles: false, blue: false, equipment: false, yellowDie: false };

export interface OptionsPatch {
  teams?: boolean;
  unplaceable?: GameOptions['unplaceable'];
  expansion?: Partial<ExpansionOptions>;
}

export function setupOf(seats: Colour[], patch: OptionsPatch = {}): GameSetup {
  const base = defaultOptions();
  return {
    seats,
    options: {
      teams: patch.teams ?? base.teams,
      unplaceable: patch.unplaceable ?? base.unplaceable,
      expansion: { ...base.expansion, ...patch.expansion },
    },
  };
}

export function startGame(seats: Colour[], patch: OptionsPatch = {}): GameState {
  return newGame(setupOf(seats, patch));
}

/** A deployment spec: a segment by printed label ("R:EW", "P") or index, or a planet attack. */
export interface DeploySpec {
  meeple?: MeepleSize;
  seg?: string | number;
  attack?: { x: number; y: number };
  equipment?: Equipment | null;
}

export interface Move {
  tile: string;
  x: number;
  y: number;
  r?: number;
  deploy?: DeploySpec | null;
  /** Values of each battle throw, one list per remaining participant (pending order). */
  throws?: number[][][];
}

/** Index of a segment on a tile by its printed label, with or without the symbol suffix. */
export function segIndex(tile: string, label: string): number {
  const def = tileDef(tile);
  const seg = def.segments.find((s) => s.label === label || s.label.split('*')[0] === label);
  if (!seg) throw new Error(`${tile} has no segment ${label}`);
  return seg.index;
}

export function deploymentOf(tile: string, d: DeploySpec): Deployment {
  const meeple = d.meeple ?? 'small';
  const equipment = d.equipment ?? null;
  if (d.attack) return { meeple, target: { attack: d.attack }, equipment };
  const seg = typeof d.seg === 'number' ? d.seg : segIndex(tile, d.seg ?? '');
  return { meeple, target: { seg }, equipment };
}

/** Draws, places and deploys one tile, then fights the battles with the given throws. */
export function play(state: GameState, move: Move): GameEvent[] {
  const events: GameEvent[] = [];
  applyInPlace(state, { type: 'draw', tile: move.tile }, events);
  if (state.phase !== 'place') throw new Error(`${move.tile} fits nowhere`);
  applyInPlace(state, { type: 'place', x: move.x, y: move.y, r: move.r ?? 0 }, events);
  applyInPlace(state, { type: 'deploy', deployment: move.deploy ? deploymentOf(move.tile, move.deploy) : null }, events);
  const throws = move.throws ?? [];
  let n = 0;
  while (phaseOf(state) === 'battle') {
    if (n >= throws.length) throw new Error(`${move.tile}: battle throw ${n + 1} needed, ${throws.length} given`);
    applyInPlace(state, { type: 'throw', values: throws[n++] }, events);
  }
  if (n < throws.length) throw new Error(`${move.tile}: ${throws.length} throws given, ${n} fought`);
  return events;
}

export function playAll(state: GameState, moves: Move[]): GameEvent[] {
  return moves.flatMap((m) => play(state, m));
}

/** Draws, places and deploys, stopping before the first battle throw. */
export function placeAndDeploy(state: GameState, move: Move): GameEvent[] {
  const events: GameEvent[] = [];
  applyInPlace(state, { type: 'draw', tile: move.tile }, events);
  applyInPlace(state, { type: 'place', x: move.x, y: move.y, r: move.r ?? 0 }, events);
  applyInPlace(state, { type: 'deploy', deployment: move.deploy ? deploymentOf(move.tile, move.deploy) : null }, events);
  return events;
}

/** The participants of the pending throw, or [] when no throw is pending. */
export function throwParticipants(state: GameState) {
  const p = pending(state);
  return p.kind === 'throw' ? p.participants : [];
}

export function scoreEvents(events: GameEvent[]) {
  return events.filter((e): e is Extract<GameEvent, { type: 'score' }> => e.type === 'score');
}

/** The phase, read fresh (TypeScript would otherwise keep a narrowed type across mutations). */
export function phaseOf(state: GameState): GameState['phase'] {
  return state.phase;
}
