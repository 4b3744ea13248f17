// Canonical serialization of the whole game state and its SHA-256 hash (P1.1):
// sorted keys, no whitespace, integers only, so equal states give equal bytes everywhere.
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { BoardIndex, cellKey, keyX, keyY } from './board';
import { TILESET } from './tiles';
import { COLOURS, type GameState } from './types';

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
      const keys = Object.keys(obj)
        .filter((k) => obj[k] !== undefined)
        .sort();
      return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson(obj[k])}`).join(',')}}`;
    }
    default:
      throw new Error(`cannot serialize a ${typeof value}`);
  }
}

/** The state's plain data (no derived index) with its version: what is serialized. */
export function plainState(state: GameState): Record<string, unknown> {
  const { board: _derived, ...plain } = state;
  return { v: STATE_VERSION, ...plain };
}

const str = JSON.stringify;
const int = (n: number): string => {
  if (!Number.isSafeInteger(n)) throw new Error(`canonical state holds only integers, found ${n}`);
  return String(n);
};
const ints = (xs: number[]): string => `[${xs.map(int).join(',')}]`;

/**
 * Canonical bytes of the state: the same text as `canonicalJson(plainState(state))`
 * (the tests hold them equal), written field by field in sorted-key order because every
 * turn of every replay hashes the state.
 */
export function serialize(state: GameState): string {
  const { setup } = state;
  const o = setup.options;
  const e = o.expansion;
  const battles = state.battles
    .map(
      (b) =>
        `{"participants":[${b.participants
          .map(
            (p) =>
              `{"dice":${int(p.dice)},"id":${int(p.id)},"lightsaber":${p.lightsaber},"seats":${ints(p.seats)},"symbol":${p.symbol},"yellow":${p.yellow}}`,
          )
          .join(',')}],` + `"realm":${ints(b.realm)},"remaining":${ints(b.remaining)},"throws":${int(b.throws)}}`,
    )
    .join(',');
  const meeples = state.meeples
    .map(
      (m) =>
        `{"equipment":${m.equipment === null ? 'null' : str(m.equipment)},"seat":${int(m.seat)},` +
        `"seg":${int(m.seg)},"size":${str(m.size)},"tile":${int(m.tile)}}`,
    )
    .join(',');
  const reserves = state.reserves
    .map((r) => `{"blaster":${r.blaster},"large":${int(r.large)},"lightsaber":${r.lightsaber},"small":${int(r.small)}}`)
    .join(',');
  const supply = Object.keys(state.supply)
    .sort()
    .map((id) => `${str(id)}:${int(state.supply[id])}`)
    .join(',');
  const tiles = state.tiles.map((t) => `{"id":${str(t.id)},"r":${int(t.r)},"x":${int(t.x)},"y":${int(t.y)}}`).join(',');
  return (
    `{"battles":[${battles}],"drawn":${state.drawn === null ? 'null' : str(state.drawn)},"meeples":[${meeples}],` +
    `"phase":${str(state.phase)},"removed":[${state.removed.map((id) => str(id)).join(',')}],"reserves":[${reserves}],` +
    `"scores":${ints(state.scores)},"seat":${int(state.seat)},` +
    `"setup":{"options":{"expansion":{"blue":${e.blue},"equipment":${e.equipment},"tiles":${e.tiles},"yellowDie":${e.yellowDie}},` +
    `"teams":${o.teams},"unplaceable":${str(o.unplaceable)}},"seats":[${setup.seats.map((c) => str(c)).join(',')}]},` +
    `"supply":{${supply}},"tiles":[${tiles}],"turn":${int(state.turn)},"v":${STATE_VERSION}}`
  );
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
  for (const [id, n] of Object.entries(o.supply as Record<string, unknown>))
    if (!TILESET.byId.has(id) || !isInt(n) || n < 0) fail(`supply.${id}`, 'bad count');
  if (!isInt(o.turn) || !isInt(o.seat)) fail('turn/seat', 'must be integers');
  if (!['draw', 'place', 'deploy', 'battle', 'over'].includes(o.phase as string)) fail('phase', `unknown phase ${String(o.phase)}`);
  (o.scores as unknown[]).forEach((s, i) => isInt(s) || fail(`scores[${i}]`, 'must be an integer'));
  (o.meeples as GameState['meeples']).forEach((m, i) => {
    if (!m || !isInt(m.tile) || m.tile < 0 || m.tile >= tiles.length || !isInt(m.seg) || !isInt(m.seat))
      fail(`meeples[${i}]`, 'bad meeple');
  });
  (o.meeples as GameState['meeples']).forEach((m, i) => {
    const def = TILESET.byId.get(tiles[m.tile].id)!;
    if (!def.segments[m.seg] || (m.size !== 'small' && m.size !== 'large') || ![null, 'lightsaber', 'blaster'].includes(m.equipment))
      fail(`meeples[${i}]`, 'bad meeple');
  });
  // String fields: the round trip below cannot tell 7 from "7", so check them here.
  if (o.drawn !== null && !TILESET.byId.has(o.drawn as string)) fail('drawn', 'must be a tile id or null');
  (o.removed as unknown[]).forEach((id, i) => TILESET.byId.has(id as string) || fail(`removed[${i}]`, 'not a tile id'));
  const setup = o.setup as GameState['setup'];
  if (!Array.isArray(setup.seats) || !setup.seats.every((c) => (COLOURS as readonly unknown[]).includes(c)))
    fail('setup.seats', 'must be a list of colours');
  if (!setup.options || !['remove', 'return'].includes(setup.options.unplaceable)) fail('setup.options', 'malformed');
  let board: BoardIndex;
  try {
    board = BoardIndex.fromTiles(tiles);
  } catch (e) {
    fail('tiles', (e as Error).message);
  }
  const state = {
    setup: o.setup,
    tiles,
    meeples: o.meeples,
    reserves: o.reserves,
    scores: o.scores,
    supply: o.supply,
    removed: o.removed,
    turn: o.turn,
    seat: o.seat,
    phase: o.phase,
    drawn: o.drawn,
    battles: o.battles,
    board,
  } as GameState;
  // Every field must survive the round trip: nothing unknown, missing or of the wrong shape.
  let same = false;
  try {
    same = serialize(state) === canonicalJson(o);
  } catch {
    same = false;
  }
  if (!same) fail('top level', 'fields missing, unknown or malformed (the state does not serialize back to itself)');
  return state;
}
