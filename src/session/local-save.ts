// The file that resumes a local game: the match's own save (log + this device's secrets)
// wrapped with what only this device knows: which seats are humans and which are bots.
import { BOT_LEVELS, type BotLevel, type SeatController } from './session';

export const LOCAL_SAVE_FORMAT = 'carcassonne-sw-local-save';
export const LOCAL_SAVE_VERSION = 1;

export interface LocalSave {
  format: typeof LOCAL_SAVE_FORMAT;
  version: number;
  seats: SeatController[];
  /** FairMatch.saveText() */
  match: string;
}

export function encodeLocalSave(seats: readonly SeatController[], match: string): string {
  const save: LocalSave = { format: LOCAL_SAVE_FORMAT, version: LOCAL_SAVE_VERSION, seats: seats.map((s) => ({ ...s })), match };
  return JSON.stringify(save);
}

function checkController(c: unknown, i: number): SeatController {
  const o = c as Record<string, unknown>;
  if (o && o.kind === 'human') return { kind: 'human' };
  if (o && o.kind === 'bot' && BOT_LEVELS.includes(o.level as never)) return { kind: 'bot', level: o.level as BotLevel };
  throw new Error(`save file: seat ${i + 1} is neither a human nor a bot of a known level`);
}

/** Parses a local save; throws an Error with a one-line message when the text is not one. */
export function parseLocalSave(text: string): LocalSave {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    throw new Error('save file: not JSON');
  }
  const o = raw as Record<string, unknown>;
  if (!o || typeof o !== 'object' || o.format !== LOCAL_SAVE_FORMAT) throw new Error('save file: not a saved game of this app');
  if (o.version !== LOCAL_SAVE_VERSION) throw new Error(`save file: version ${String(o.version)} is not ${LOCAL_SAVE_VERSION}`);
  if (!Array.isArray(o.seats) || o.seats.length < 2) throw new Error('save file: the seat list is missing');
  if (typeof o.match !== 'string') throw new Error('save file: the match log is missing');
  return { format: LOCAL_SAVE_FORMAT, version: o.version, seats: o.seats.map(checkController), match: o.match };
}

export function isLocalSave(text: string): boolean {
  return text.includes(`"${LOCAL_SAVE_FORMAT}"`);
}
