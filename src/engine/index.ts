// The rules engine's public face. Pure: no DOM, network, clock or ambient randomness.
export * from './types';
export { RuleError } from './rule-error';
export { defaultOptions, newGame, cloneState, tilesInPlay, SMALL_MEEPLES, LARGE_MEEPLES } from './setup';
export { pending, supplyList, supplySize, scorerOf, scorerName, describePhase } from './queries';
export { legalPlacements, legalPlacementsFor, legalDeployments, placementError, deploymentError, fitsAnywhere } from './legal-options';
export { throwError, MAX_DICE } from './battles';
export { endGame, winners, scoreLaps, scoreTrack } from './scoring';
export { applyAction, applyInPlace } from './apply';
export { equipmentInPlay } from './expansion1';
export { serialize, parseState, stateHash, canonicalJson } from './serialize';
export { TILESET, tileDef, DX, DY, DIR_LETTERS, FACTIONS, type TileDef, type SegmentDef, type Faction, type Dir } from './tiles';
export { BoardIndex, STRIDE } from './board';
export { deployTargetKey, sameDeployTarget, sameDeployment } from './deploy-target';
