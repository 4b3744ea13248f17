// Where this device keeps its games in progress, keyed by game id (P1.6): several at once,
// hotseat and online alike, each with only this device's own secrets. An index lists them
// for the home screen; each game's text sits under its own key. The storage is untrusted
// too (another tab, an old version, a hand edit): a broken index or entry is dropped with
// a reason, never thrown at the player.
import type { Colour } from '../engine';

/** The part of window.localStorage the sessions use (injectable for tests). */
export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** The pre-store key of the single local game in progress; read once and moved into the store. */
export const LEGACY_STORAGE_KEY = 'carcassonne-sw.game-in-progress';
const INDEX_KEY = 'carcassonne-sw.games';
const GAME_KEY = 'carcassonne-sw.game.';
const CURRENT_KEY = 'carcassonne-sw.current-game';
const AUX_KEY = 'carcassonne-sw.journal.';
/** More games than anyone keeps in progress; the oldest beyond it are forgotten. */
export const MAX_STORED_GAMES = 20;
const GAME_ID = /^[0-9A-Za-z_-]{1,64}$/;

export type StoredSeat = { colour: Colour; who: 'human' | 'bot' | 'remote' | 'me'; label: string };

export interface StoredGame {
  gameId: string;
  kind: 'local' | 'online';
  seats: StoredSeat[];
  /** The turn in progress (R3), for the list. */
  turn: number;
  /** Milliseconds since the epoch of the last save (ordering the list only). */
  updatedAt: number;
}

function isStoredGame(v: unknown): v is StoredGame {
  const o = v as StoredGame;
  return (
    !!o &&
    typeof o === 'object' &&
    typeof o.gameId === 'string' &&
    GAME_ID.test(o.gameId) &&
    (o.kind === 'local' || o.kind === 'online') &&
    Number.isSafeInteger(o.turn) &&
    Number.isSafeInteger(o.updatedAt) &&
    Array.isArray(o.seats) &&
    o.seats.length <= 6 &&
    o.seats.every(
      (s) =>
        s &&
        typeof s.colour === 'string' &&
        typeof s.label === 'string' &&
        s.label.length <= 64 &&
        ['human', 'bot', 'remote', 'me'].includes(s.who),
    )
  );
}

export class GameStore {
  constructor(
    private readonly storage: KeyValueStorage,
    private readonly now: () => number = () => Date.now(),
  ) {}

  /** Games in progress, the most recently played first. */
  list(): StoredGame[] {
    let raw: unknown;
    try {
      raw = JSON.parse(this.storage.getItem(INDEX_KEY) ?? '[]');
    } catch {
      raw = [];
    }
    const games = Array.isArray(raw) ? raw.filter(isStoredGame) : [];
    return games.sort((a, b) => b.updatedAt - a.updatedAt || (a.gameId < b.gameId ? -1 : 1));
  }

  has(gameId: string): boolean {
    return this.list().some((g) => g.gameId === gameId);
  }

  /** The stored text of a game, or null. */
  load(gameId: string): string | null {
    if (!GAME_ID.test(gameId)) return null;
    return this.storage.getItem(GAME_KEY + gameId);
  }

  save(summary: Omit<StoredGame, 'updatedAt'>, text: string): void {
    if (!GAME_ID.test(summary.gameId)) throw new Error(`game id must be 1–64 of [0-9A-Za-z_-]`);
    this.storage.setItem(GAME_KEY + summary.gameId, text);
    const others = this.list().filter((g) => g.gameId !== summary.gameId);
    const all = [{ ...summary, updatedAt: this.now() }, ...others];
    for (const old of all.slice(MAX_STORED_GAMES)) {
      this.storage.removeItem(GAME_KEY + old.gameId);
      this.storage.removeItem(AUX_KEY + old.gameId);
    }
    this.storage.setItem(INDEX_KEY, JSON.stringify(all.slice(0, MAX_STORED_GAMES)));
  }

  /** A small second text beside a game's, written often (an online game's journal of its own latest items). */
  saveAux(gameId: string, text: string): void {
    if (GAME_ID.test(gameId)) this.storage.setItem(AUX_KEY + gameId, text);
  }

  loadAux(gameId: string): string | null {
    return GAME_ID.test(gameId) ? this.storage.getItem(AUX_KEY + gameId) : null;
  }

  remove(gameId: string): void {
    this.storage.removeItem(GAME_KEY + gameId);
    this.storage.removeItem(AUX_KEY + gameId);
    if (this.storage.getItem(CURRENT_KEY) === gameId) this.storage.removeItem(CURRENT_KEY);
    this.storage.setItem(INDEX_KEY, JSON.stringify(this.list().filter((g) => g.gameId !== gameId)));
  }

  /** The game on screen when the page was left (a reload returns to it without asking, P1.6). */
  get current(): string | null {
    const id = this.storage.getItem(CURRENT_KEY);
    return id && GAME_ID.test(id) && this.has(id) ? id : null;
  }

  set current(gameId: string | null) {
    if (gameId) this.storage.setItem(CURRENT_KEY, gameId);
    else this.storage.removeItem(CURRENT_KEY);
  }

  /** The one game a previous version kept under a fixed key, if any (moved by the caller, then dropped here). */
  takeLegacy(): string | null {
    const text = this.storage.getItem(LEGACY_STORAGE_KEY);
    if (text !== null) this.storage.removeItem(LEGACY_STORAGE_KEY);
    return text;
  }
}
