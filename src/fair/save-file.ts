// The save file (P4.1): a replay plus the secrets of the chains this device holds, so a
// game resumes where it stopped; read back with at most one secret per chain.
import { isHex } from './hex';
import { LogFormatError, MAX_SEATS, SAVE_FORMAT, type GameLog } from './log-entries';
import { parseJson, readLog, readVersion, stringifyLog, type FileInput } from './log-file';
import { isInt, isObject, type Raw } from './log-reader';
import { quote } from './strict-json';

export interface SaveFile {
  log: GameLog;
  secrets: { chain: number; secret: string }[];
}

export function stringifySave(log: GameLog, secrets: { chain: number; secret: string }[]): string {
  const replay = stringifyLog(log).trimEnd();
  return `{"format":${JSON.stringify(SAVE_FORMAT)},"version":${log.version},"secrets":${JSON.stringify(secrets)},\n"replay":${replay}}\n`;
}

export function parseSave(input: FileInput): SaveFile {
  return readSave(parseJson(input, 'the save'));
}

/** A replay file, or a save file (its replay and its secrets). */
export function parseReplayOrSave(input: FileInput): { log: GameLog; secrets: SaveFile['secrets'] | null } {
  const raw = parseJson(input, 'the file');
  if (raw.format === SAVE_FORMAT) return readSave(raw);
  return { log: readLog(raw), secrets: null };
}

/**
 * The secrets of a save: at most one per chain, in increasing chain order, each chain one
 * the log commits to (checked by the verifier), so checking them costs at most
 * MAX_SEATS × MAX_CHAIN_LENGTH hashes whatever the file holds.
 */
function readSave(raw: Raw): SaveFile {
  if (raw.format !== SAVE_FORMAT) throw new LogFormatError(`not a save file: "format" must be "${SAVE_FORMAT}"`, null);
  const version = readVersion(raw, 'save');
  for (const k of Object.keys(raw))
    if (!['format', 'version', 'secrets', 'replay'].includes(k))
      throw new LogFormatError(`unexpected top-level field ${quote(k, 20)} in the save`, null);
  const secrets = raw.secrets;
  const shape = `"secrets" must be a list of at most ${MAX_SEATS} {"chain": n, "secret": 64 lowercase hex digits}, one per chain in increasing chain order`;
  if (!Array.isArray(secrets) || secrets.length > MAX_SEATS) throw new LogFormatError(shape, null);
  const out: SaveFile['secrets'] = [];
  secrets.forEach((s, i) => {
    if (!isObject(s) || Object.keys(s).length !== 2 || !isInt(s.chain) || s.chain < 0 || s.chain >= MAX_SEATS || !isHex(s.secret, 32))
      throw new LogFormatError(`${shape} (secret ${i})`, null);
    if (i > 0 && s.chain <= out[i - 1].chain) throw new LogFormatError(`${shape} (secret ${i} repeats or reorders chain ${s.chain})`, null);
    out.push({ chain: s.chain, secret: s.secret });
  });
  const log = readLog(raw.replay);
  if (log.version !== version) throw new LogFormatError(`the save is version ${version} but its replay is version ${log.version}`, null);
  return { log, secrets: out };
}
