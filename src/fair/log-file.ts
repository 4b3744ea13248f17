// The replay file (P4.1): the log written one entry per line, and read back from untrusted
// bytes through the strict grammar with the file limits: format, version, entries, chat
// lines and, in version 3, the signed section.
import { COLOURS, type Colour } from '../engine';
import { isHex } from './hex';
import {
  compareChat,
  LOG_JSON_LIMITS,
  LogFormatError,
  MAX_CHAT_LINES,
  MAX_CHAT_PER_SEAT,
  MAX_CHAT_TEXT,
  MAX_LOG_INDEX,
  READABLE_VERSIONS,
  REPLAY_FORMAT,
  type ChatEntry,
  type GameLog,
  type LogEntry,
  type LogVersion,
} from './log-entries';
import { isInt, isObject, readEntry, type Raw } from './log-reader';
import { readSigned, stringifySigned } from './signed-section';
import { StrictJsonError, isJsonObject, parseStrictJson, quote, type JsonObject, type JsonValue } from './strict-json';

/** The replay file: one entry per line so that a diff or a human can follow it. */
export function stringifyLog(log: GameLog): string {
  const lines = log.entries.map((e) => '  ' + JSON.stringify(e));
  const chatLines = (log.chat ?? []).map(
    (c) =>
      '  ' +
      JSON.stringify({
        colour: c.colour,
        n: c.n,
        ...(c.c !== undefined ? { c: c.c } : {}),
        at: c.at,
        text: c.text,
        ...(c.sig !== undefined ? { sig: c.sig } : {}),
      }),
  );
  const chat = log.chat?.length ? `,"chat":[\n${chatLines.join(',\n')}\n]` : '';
  const signed = log.signed ? stringifySigned(log.signed) : '';
  return `{"format":${JSON.stringify(log.format)},"version":${log.version},"entries":[\n${lines.join(',\n')}\n]${chat}${signed}}\n`;
}

/** Text or bytes of a whole file, parsed by the strict grammar with the file limits. */
export type FileInput = string | Uint8Array;

export function parseJson(input: FileInput, what: string): JsonObject {
  let raw: JsonValue;
  try {
    raw = parseStrictJson(input, LOG_JSON_LIMITS);
  } catch (e) {
    if (e instanceof StrictJsonError) throw new LogFormatError(`${what} is not JSON of this format: ${e.message}`, null);
    throw e;
  }
  if (!isJsonObject(raw)) throw new LogFormatError(`${what} must be a JSON object`, null);
  return raw;
}

export function readVersion(raw: Raw, what: string): LogVersion {
  const v = raw.version;
  if (!READABLE_VERSIONS.includes(v as LogVersion))
    throw new LogFormatError(
      `unsupported ${what} version ${v === undefined ? '(missing)' : quote(v, 20)}; this verifier reads versions 1 and 2 (unsigned) and 3 to 5 (signed)`,
      null,
    );
  return v as LogVersion;
}

/** Chat lines, in (at, colour, n) order, each from a seat of the game that is not a bot seat (a bot seat has no player to write). */
function readChat(raw: unknown, entries: number, settings: LogEntry | undefined, version: LogVersion): ChatEntry[] {
  const signed = version >= 3;
  const players = settings?.k === 'settings' ? settings.setup.seats.filter((_, i) => !settings.bots?.[i]) : [];
  const numbered = version >= 4;
  const fields = ['colour', 'n', ...(numbered ? ['c'] : []), 'at', 'text', ...(signed ? ['sig'] : [])];
  const shape = `"chat" must be a list of at most ${MAX_CHAT_LINES} {${fields.map((f) => `"${f}"`).join(', ')}} lines`;
  if (!Array.isArray(raw) || raw.length > MAX_CHAT_LINES) throw new LogFormatError(shape, null);
  const out = raw.map((c, i): ChatEntry => {
    if (!isObject(c) || Object.keys(c).length !== fields.length || !fields.every((k) => k in c))
      throw new LogFormatError(`chat line ${i}: ${shape}`, null);
    const { colour, n, at, text } = c as Record<string, unknown>;
    if (signed && !isHex(c.sig, 64)) throw new LogFormatError(`chat line ${i}: "sig" must be 128 lowercase hex digits`, null);
    if (typeof colour !== 'string' || !COLOURS.includes(colour as Colour))
      throw new LogFormatError(`chat line ${i}: "colour" must be a colour`, null);
    if (!players.includes(colour as Colour))
      throw new LogFormatError(
        `chat line ${i}: "colour" must be a player's seat of this game (${players.join(', ') || 'none'}), got ${quote(colour, 20)}`,
        null,
      );
    if (!isInt(n) || n < 0 || n > MAX_LOG_INDEX || !isInt(at) || at < 0 || at > (version >= 4 ? MAX_LOG_INDEX : entries))
      throw new LogFormatError(
        `chat line ${i}: "n" and "at" must be integers ${version >= 4 ? `from 0 to ${MAX_LOG_INDEX}` : 'within the log'}`,
        null,
      );
    if (typeof text !== 'string' || text.length > MAX_CHAT_TEXT || /[\u0000-\u001f\u007f\u2028\u2029]/.test(text))
      throw new LogFormatError(`chat line ${i}: "text" must be at most ${MAX_CHAT_TEXT} characters without control characters`, null);
    if (numbered && (!isInt(c.c) || c.c < 0 || c.c >= MAX_CHAT_PER_SEAT))
      throw new LogFormatError(`chat line ${i}: "c" must be a chat number from 0 to ${MAX_CHAT_PER_SEAT - 1}`, null);
    const line: ChatEntry = { colour: colour as Colour, n, ...(numbered ? { c: c.c as number } : {}), at, text };
    return signed ? { ...line, sig: c.sig as string } : line;
  });
  for (let i = 1; i < out.length; i++)
    if (compareChat(out[i - 1], out[i]) >= 0)
      throw new LogFormatError(`chat line ${i}: lines must be in (at, colour, n) order, each once`, null);
  return out;
}

/** Reads the log object inside a replay (or inside a save). */
export function readLog(raw: unknown): GameLog {
  if (!isObject(raw)) throw new LogFormatError('the replay must be a JSON object', null);
  if (raw.format !== REPLAY_FORMAT)
    throw new LogFormatError(
      `not a replay file: "format" must be "${REPLAY_FORMAT}", got ${raw.format === undefined ? 'nothing' : quote(raw.format, 40)}`,
      null,
    );
  const version = readVersion(raw, 'replay');
  const signedKeys = ['host', 'startSig', 'roster', 'signed', 'votes'];
  for (const k of Object.keys(raw))
    if (!['format', 'version', 'entries', ...(version >= 2 ? ['chat'] : []), ...(version >= 3 ? signedKeys : [])].includes(k))
      throw new LogFormatError(`unexpected top-level field ${quote(k, 20)}`, null);
  if (!Array.isArray(raw.entries)) throw new LogFormatError('"entries" must be a list', null);
  const entries = raw.entries.map((e, i) => readEntry(e, i, version));
  const chat = 'chat' in raw ? readChat(raw.chat, entries.length, entries[0], version) : undefined;
  if (version >= 3) {
    for (const k of signedKeys) if (!(k in raw)) throw new LogFormatError(`a signed replay lacks "${k}"`, null);
    const signed = readSigned(raw, entries.length, version >= 5);
    return chat ? { format: REPLAY_FORMAT, version, entries, chat, signed } : { format: REPLAY_FORMAT, version, entries, signed };
  }
  if (version === 1) {
    const late = entries.findIndex((e) => e.k === 'drop' || e.k === 'resign' || e.k === 'reclaim' || (e.k === 'settings' && e.bots));
    if (late >= 0) throw new LogFormatError(`entry ${late}: a version-1 replay has no bot seats, drops, resignations or reclaims`, late);
  }
  return chat ? { format: REPLAY_FORMAT, version, entries, chat } : { format: REPLAY_FORMAT, version, entries };
}

export function parseLog(input: FileInput): GameLog {
  return readLog(parseJson(input, 'the replay file'));
}

/**
 * The same log as an unsigned version-2 replay (signatures, keys and votes left out):
 * what a log binds without signatures, for the mutation tests and the independent verifier.
 */
export function withoutSignatures(log: GameLog): GameLog {
  const plain: GameLog = { format: log.format, version: 2, entries: log.entries };
  if (log.chat?.length) plain.chat = log.chat.map(({ colour, n, at, text }) => ({ colour, n, at, text }));
  return plain;
}
