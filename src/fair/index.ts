// Fair randomness and the game log (docs/protocol-spec.md P2, P4): the public face of src/fair.
export { FairMatch, freshGameId, type MatchOptions } from './match';
export { verifyReplay, verifyEntries, replayLog, chiSquareUniform, CHI_SQUARE_5DF_P01, type VerifyReport } from './verify';
export {
  parseLog,
  parseReplayOrSave,
  stringifyLog,
  readEntry,
  LogFormatError,
  REPLAY_FORMAT,
  SAVE_FORMAT,
  LOG_VERSION,
  type GameLog,
  type LogEntry,
  type EntryKind,
  type SettingsEntry,
  type GameClock,
  DEFAULT_GAME_CLOCK,
  CLOCK_BOUNDS,
  type CommitEntry,
  type RevealEntry,
  type SeatsEntry,
  type DrawEntry,
  type PlaceEntry,
  type DeployEntry,
  type ThrowEntry,
  type HashEntry,
  type OverEntry,
} from './log';
export { HashChain, revealMatches, freshSecret, DEFAULT_CHAIN_LENGTH, SECRET_BYTES } from './chain';
export { eventSeed, RandomStream, deriveDrawIndex, deriveThrow, deriveSeating, allowedSeatings, EVENT_TAG } from './derive';
export { LogFollower, EntryError, describeEntry } from './follower';
