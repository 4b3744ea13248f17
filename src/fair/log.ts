// The game log (P4.1) in one import: every name of the log's grammar and files, for the
// code outside src/fair that reads or writes logs. The parts: log-entries.ts (entries and
// limits), log-reader.ts (one entry), log-file.ts (the replay file), signed-section.ts
// (version 3's signatures), save-file.ts (replay plus secrets), bot-levels.ts.
export { BOT_LEVELS, type BotLevel } from './bot-levels';
export {
  REPLAY_FORMAT,
  SAVE_FORMAT,
  LOG_VERSION,
  SIGNED_LOG_VERSION,
  READABLE_VERSIONS,
  MAX_FILE_BYTES,
  LOG_JSON_LIMITS,
  MAX_ERROR_LINE,
  MAX_SEATS,
  MAX_COORD,
  MAX_TURN,
  MAX_LOG_INDEX,
  MAX_SCORE,
  MAX_SEGMENT,
  MAX_CHAT_TEXT,
  MAX_CHAT_LINES,
  MAX_CHAT_PER_SEAT,
  compareChat,
  LogFormatError,
  type LogVersion,
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
  type ThrowParticipant,
  type ThrowEntry,
  type HashEntry,
  type OverEntry,
  type DropEntry,
  type ResignEntry,
  type ReclaimEntry,
  type LogEntry,
  type EntryKind,
  type ChatEntry,
  type GameLog,
} from './log-entries';
export { readEntry } from './log-reader';
export { stringifyLog, readLog, parseLog, withoutSignatures, type FileInput } from './log-file';
export type { RosterSeat, EntrySignature, VoteSignature, VoteRecord, SignedSection } from './signed-section';
export { stringifySave, parseSave, parseReplayOrSave, type SaveFile } from './save-file';
