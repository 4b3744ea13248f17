// Canonical serialization of the whole game state and its SHA-256 hash (P1.1):
// sorted keys, no whitespace, integers only, so equal states give equal bytes everywhere.
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { BoardIndex, cellKey, keyX, keyY } from './board';
import { TILESET } from './tiles';
import type { GameState } from './types';

export const STATE_VERSION = 1;

/** JSON with object keys sorted at every level; rejects floats and non-finite numbers. */
export function canonicalJson(value: unknown): string {
  if (value === null) return 'null';
  switch (typeof value) {
    case 'number':
      if (!Number.isSafeInteger(value)) throw new Error(`canonical state holds only integers, found ${value}`);
      return String(value);
    case 'boolean':
      return value ? 'true' : 'false';
    case 'string':
      return JSON.stringify(value);
    case 'object': {
      if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
      const obj = value as Record<string, unknown>;
      const keys = Object.keys(obj).filter((k) => obj[k] !== undefined).sort();
      return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson(obj[k])}`).join(',')}}`;
    }
    default:
      throw new Error(`cannot serialize a ${typeof value}`);
  }
}

export function serialize(state: GameState): string {
  const { board: _derived, ...plain } = state;
  return canonicalJson({ v: STATE_VERSION, ...plain });
}

export function stateHash(state: GameState): string {
  return bytesToHex(sha256(utf8ToBytes(serialize(state))));
}

function fail(where: string, what: string): never {
  throw new Error(`state: ${where}: ${what}`);
}

function isInt(v: unknown): v is number {
  return typeof v === 'number' && Number.isSafeInteger(v);
}

/** Parses a serialized state, checking its shape, and rebuilds the board index. */
export function parseState(text: string): GameState {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (e) {
    fail('text', `not JSON (${(e as Error).message})`);
  }
  const o = raw as Record<string, unknown>;
  if (!o || typeof o !== 'object') fail('top level', 'not an object');
  if (o.v !== STATE_VERSION) fail('v', `version ${String(o.v)} is not ${STATE_VERSION}`);
  const tiles = o.tiles as GameState['tiles'];
  if (!Array.isArray(tiles) || !tiles.length) fail('tiles', 'must be a non-empty list');
  const cells = new Set<number>();
  tiles.forEach((t, i) => {
    if (!t || !TILESET.byId.has(t.id) || !isInt(t.x) || !isInt(t.y) || !isInt(t.r) || t.r < 0 || t.r > 3) fail(`tiles[${i}]`, 'bad tile');
    // one tile per cell, and only cells the board index can key without aliasing
    const key = cellKey(t.x, t.y);
    if (keyX(key) !== t.x || keyY(key) !== t.y || cells.has(key)) fail(`tiles[${i}]`, `bad cell (${t.x},${t.y})`);
    cells.add(key);
  });
  for (const k of ['meeples', 'reserves', 'scores', 'removed', 'battles'] as const) if (!Array.isArray(o[k])) fail(k, 'must be a list');
  if (!o.setup || typeof o.setup !== 'object') fail('setup', 'missing');
  if (!o.supply || typeof o.supply !== 'object') fail('supply', 'missing');
  for (const [id, n] of Object.entries(o.supply as Record<string, unknown>)) if (!TILESET.byId.has(id) || !isInt(n) || n < 0) fail(`supply.${id}`, 'bad count');
  if (!isInt(o.turn) || !isInt(o.seat)) fail('turn/seat', 'must be integers');
  if (!['draw', 'place', 'deploy', 'battle', 'over'].includes(o.phase as string)) fail('phase', `unknown phase ${String(o.phase)}`);
  (o.scores as unknown[]).forEach((s, i) => isInt(s) || fail(`scores[${i}]`, 'must be an integer'));
  (o.meeples as GameState['meeples']).forEach((m, i) => {
    if (!m || !isInt(m.tile) || m.tile < 0 || m.tile >= tiles.length || !isInt(m.seg) || !isInt(m.seat)) fail(`meeples[${i}]`, 'bad meeple');
  });
  const { v: _v, ...rest } = o;
  let board: BoardIndex;
  try {
    board = BoardIndex.fromTiles(tiles);
  } catch (e) {
    fail('tiles', (e as Error).message);
  }
  return { ...(rest as unknown as Omit<GameState, 'board'>), board };
}
