// The rules engine's public face. Pure: no DOM, network, clock or ambient randomness.
export * from './types';
export {
  RuleError, defaultOptions, newGame, cloneState, pending, legalPlacements, legalPlacementsFor, legalDeployments,
  placementError, deploymentError, throwError, fitsAnywhere, applyAction, applyInPlace, supplyList, supplySize,
  scorerOf, scorerName, endGame, winners, scoreLaps, scoreTrack, tilesInPlay, describePhase, SMALL_MEEPLES, LARGE_MEEPLES, MAX_DICE,
} from './game';
export { equipmentInPlay } from './expansion1';
export { serialize, parseState, stateHash, canonicalJson } from './serialize';
export { TILESET, tileDef, DX, DY, DIR_LETTERS, FACTIONS, type TileDef, type SegmentDef, type Faction, type Dir } from './tiles';
export { BoardIndex, STRIDE } from './board';
export { deployTargetKey, sameDeployTarget, sameDeployment } from './deploy-target';
