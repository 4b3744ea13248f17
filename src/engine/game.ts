// The rules as functions of state: new game, what the game waits for, the legal options,
// and applying one action. Randomness never happens here: draws and dice arrive as
// actions (R6.9, P1.1); the engine only says which random event it needs.
import { BoardIndex, STRIDE as STRIDE_, cellKey, keyX, keyY } from './board';
import type { Capability } from './capability';
import { expansion1 } from './expansion1';
import { sameDeployment } from './deploy-target';
import { DX, DY, TILESET as TILESET_, type Faction, type TileDef } from './tiles';

// Module-local copies of hot constants (cross-module live bindings cost a call in some loaders).
const STRIDE = STRIDE_;
const TILESET = TILESET_;
import {
  COLOURS, COLOUR_FACTION, TEAMS,
  type Action, type BattleState, type Colour, type Deployment, type GameEvent, type GameOptions,
  type GameSetup, type GameState, type Meeple, type Participant, type Pending, type Placement,
  type RealmSummary, type Reserve,
} from './types';

/** A rule broken by an action or a setup; `rule` is the number it cites from docs/rules-spec.md. */
export class RuleError extends Error {
  constructor(message: string, readonly rule: string) {
    super(`${message} (${rule})`);
    this.name = 'RuleError';
  }
}

const CAPABILITIES: readonly Capability[] = [expansion1];

export const SMALL_MEEPLES = 4;
export const LARGE_MEEPLES = 1;
export const MAX_DICE = 3;

export function defaultOptions(): GameOptions {
  return { teams: false, unplaceable: 'remove', expansion: { tiles: false, blue: false, equipment: false, yellowDie: false } };
}

// ---------------------------------------------------------------- setup (R1, R2, R9)

function validateSetup(setup: GameSetup): void {
  const { seats, options } = setup;
  const maxSeats = options.expansion.blue ? 6 : 5;
  if (seats.length < 2 || seats.length > maxSeats)
    throw new RuleError(`${seats.length} seats; this game takes 2 to ${maxSeats}`, 'R1.3');
  const seen = new Set<string>();
  for (const c of seats) {
    if (!COLOURS.includes(c)) throw new RuleError(`unknown colour "${c}"`, 'R1.3');
    if (seen.has(c)) throw new RuleError(`colour ${c} is seated twice`, 'R1.3');
    seen.add(c);
    const base = c !== 'blue';
    if (!base && !CAPABILITIES.some((cap) => cap.allowsColour?.(c, options)))
      throw new RuleError(`colour ${c} needs Expansion 1's blue seat, which is off`, 'R2.4');
  }
  if (options.teams) {
    const want = ['red', 'green', 'black', 'white'];
    if (seats.length !== 4 || !want.every((c) => seats.includes(c as Colour)))
      throw new RuleError('the team variant is played by exactly red, green, black and white', 'R9.3');
    for (let i = 0; i < 4; i++)
      if (teamOfColour(seats[i]) === teamOfColour(seats[(i + 1) % 4]))
        throw new RuleError('in the team variant the seats must alternate between the teams', 'R9.1');
  }
  if (options.unplaceable !== 'remove' && options.unplaceable !== 'return')
    throw new RuleError(`unplaceable must be "remove" or "return"`, 'R4.3');
}

function teamOfColour(c: Colour): number {
  return TEAMS.indexOf(COLOUR_FACTION[c] as 'Rebel' | 'Empire');
}

/** The tiles of the chosen sets, in canonical set order (R2.2, R2.4). */
export function tilesInPlay(options: GameOptions): TileDef[] {
  return TILESET.tiles.filter((t) => t.group === 'base' || CAPABILITIES.some((c) => c.includesTiles?.(t.group, options)));
}

export function newGame(setup: GameSetup): GameState {
  validateSetup(setup);
  const supply: Record<string, number> = {};
  for (const t of tilesInPlay(setup.options)) supply[t.id] = t.count - (t.id === TILESET.start.tile ? 1 : 0);
  const reserves: Reserve[] = setup.seats.map(() => {
    const r: Reserve = { small: SMALL_MEEPLES, large: LARGE_MEEPLES, lightsaber: false, blaster: false };
    for (const c of CAPABILITIES) c.initReserve?.(r, setup.options);
    return r;
  });
  const board = new BoardIndex();
  const start = TILESET.start;
  board.place(TILESET.byId.get(start.tile)!, start.x, start.y, start.rotation); // R2.1
  return {
    setup: structuredCloneSetup(setup),
    tiles: [{ id: start.tile, x: start.x, y: start.y, r: start.rotation }],
    meeples: [],
    reserves,
    scores: setup.options.teams ? [0, 0] : setup.seats.map(() => 0),
    supply,
    removed: [],
    turn: 1,
    seat: 0,
    phase: 'draw',
    drawn: null,
    battles: [],
    board,
  };
}

function structuredCloneSetup(s: GameSetup): GameSetup {
  return { seats: [...s.seats], options: { teams: s.options.teams, unplaceable: s.options.unplaceable, expansion: { ...s.options.expansion } } };
}

export function cloneState(s: GameState): GameState {
  return {
    setup: s.setup, // never mutated after newGame
    tiles: s.tiles.slice(),
    meeples: s.meeples.map((m) => ({ ...m })),
    reserves: s.reserves.map((r) => ({ ...r })),
    scores: s.scores.slice(),
    supply: { ...s.supply },
    removed: s.removed.slice(),
    turn: s.turn,
    seat: s.seat,
    phase: s.phase,
    drawn: s.drawn,
    battles: s.battles.map((b) => ({ ...b, remaining: b.remaining.slice() })),
    board: s.board.clone(),
  };
}

// ---------------------------------------------------------------- queries

/** Who scores for a seat: the seat, or its team in the team variant (R9.1). */
export function scorerOf(state: Pick<GameState, 'setup'>, seat: number): number {
  return state.setup.options.teams ? teamOfColour(state.setup.seats[seat]) : seat;
}

/** Name of a scorer: a colour, or a team name in the team variant. */
export function scorerName(state: Pick<GameState, 'setup'>, scorer: number): string {
  return state.setup.options.teams ? TEAMS[scorer] : state.setup.seats[scorer];
}

/** The remaining supply in canonical order, one entry per copy (P2.4 draws index it). */
export function supplyList(state: GameState): string[] {
  const out: string[] = [];
  for (const t of TILESET.tiles) {
    const n = state.supply[t.id] ?? 0;
    for (let i = 0; i < n; i++) out.push(t.id);
  }
  return out;
}

const TILES_IN_PLAY = new WeakMap<GameOptions, number>();

/** Tiles left in the supply: every tile in play less those placed or removed. */
export function supplySize(state: GameState): number {
  const options = state.setup.options;
  let total = TILES_IN_PLAY.get(options);
  if (total === undefined) {
    total = tilesInPlay(options).reduce((n, t) => n + t.count, 0);
    TILES_IN_PLAY.set(options, total);
  }
  return total - state.tiles.length - state.removed.length;
}

export function pending(state: GameState): Pending {
  switch (state.phase) {
    case 'draw': return { kind: 'draw', seat: state.seat, supply: supplyList(state) };
    case 'place': return { kind: 'place', seat: state.seat, tile: state.drawn! };
    case 'deploy': return { kind: 'deploy', seat: state.seat, tile: state.drawn! };
    case 'battle': {
      const b = state.battles[0];
      return { kind: 'throw', battle: b, participants: b.participants.filter((p) => b.remaining.includes(p.id)) };
    }
    case 'over': return { kind: 'over' };
  }
}

/** Every legal (cell, rotation) for a tile, sorted by (y, x, r) (R4.1, R4.2). */
export function legalPlacementsFor(state: GameState, tile: string): Placement[] {
  const def = TILESET.byId.get(tile);
  if (!def) return [];
  return state.board.placementsOf(def);
}

/** Legal placements of the drawn tile (R10.1). */
export function legalPlacements(state: GameState): Placement[] {
  return state.phase === 'place' && state.drawn ? legalPlacementsFor(state, state.drawn) : [];
}

/** Does the tile fit anywhere on the board (R4.3)? */
export function fitsAnywhere(state: GameState, def: TileDef): boolean {
  return state.board.fitsAnywhere(def);
}

/** Why a placement is illegal, or null when it is legal (R4.1, R4.2). */
export function placementError(state: GameState, tile: string, x: number, y: number, r: number): RuleError | null {
  const def = TILESET.byId.get(tile)!;
  const where = `${tile} at (${x},${y}) r${r}`;
  if (![0, 1, 2, 3].includes(r)) return new RuleError(`${where}: rotation must be 0, 1, 2 or 3`, 'R4.1');
  // A cell outside the range the board index packs into one key would alias another cell.
  const key = cellKey(x, y);
  if (keyX(key) !== x || keyY(key) !== y) return new RuleError(`${where} touches no placed tile`, 'R4.1');
  const board = state.board;
  if (board.tileAt(x, y) >= 0) return new RuleError(`${where}: the cell already holds a tile`, 'R4.1');
  if (!board.onFrontier(key)) return new RuleError(`${where} touches no placed tile`, 'R4.1');
  const names = ['north', 'east', 'south', 'west'];
  for (let d = 0; d < 4; d++) {
    const n = board.tileAt(x + DX[d], y + DY[d]);
    if (n < 0) continue;
    const mine = (def.edgeCode[r] >> (2 * d)) & 3;
    const theirs = (board.defs[n].edgeCode[board.rots[n]] >> (2 * ((d + 2) & 3))) & 3;
    if (mine !== theirs) return new RuleError(`${where} does not match the tile to the ${names[d]}`, 'R4.2');
  }
  return null;
}

function lastTile(state: GameState): number {
  return state.tiles.length - 1;
}

function realmHasMeeple(state: GameState, root: number): boolean {
  const b = state.board;
  for (const m of state.meeples) if (b.rootOf(m.tile, m.seg) === root) return true;
  return false;
}

/** Planet tiles among the 8 cells around tile t, as tile indices sorted by (y, x) (R5.4). */
function planetsAround(state: GameState, t: number): number[] {
  const b = state.board;
  const out: number[] = [];
  for (let dy = -1; dy <= 1; dy++)
    for (let dx = -1; dx <= 1; dx++) {
      if (!dx && !dy) continue;
      const n = b.tileAt(b.xs[t] + dx, b.ys[t] + dy);
      if (n >= 0 && b.defs[n].planet >= 0) out.push(n);
    }
  return out;
}

/** The base deployments (no equipment) open to the active seat on the tile just placed. */
function baseDeployments(state: GameState): Deployment[] {
  const seat = state.seat;
  const reserve = state.reserves[seat];
  const sizes = ([['small', reserve.small], ['large', reserve.large]] as const).filter(([, n]) => n > 0).map(([s]) => s);
  if (!sizes.length) return [];
  const t = lastTile(state);
  const b = state.board;
  const def = b.defs[t];
  const targets: Deployment['target'][] = [];
  for (const seg of def.segments) {
    // R5.2, R5.3: routes and fields only when their realm is empty; the new planet is always empty (R5.4).
    if (seg.kind === 'P' || !realmHasMeeple(state, b.find(t * STRIDE + seg.index))) targets.push({ seg: seg.index });
  }
  for (const p of planetsAround(state, t)) targets.push({ attack: { x: b.xs[p], y: b.ys[p] } }); // R5.4
  const out: Deployment[] = [];
  for (const target of targets) for (const meeple of sizes) out.push({ meeple, target, equipment: null });
  return out;
}

/** Every legal deployment on the tile just placed, equipment included (R5, R10.2). Skipping is always legal too. */
export function legalDeployments(state: GameState): Deployment[] {
  if (state.phase !== 'deploy') return [];
  const out: Deployment[] = [];
  for (const base of baseDeployments(state)) {
    out.push(base);
    for (const c of CAPABILITIES) if (c.deploymentVariants) out.push(...c.deploymentVariants(state, state.seat, base));
  }
  return out;
}

/** Why a deployment is illegal, or null (R5). */
export function deploymentError(state: GameState, d: Deployment): RuleError | null {
  const seat = state.seat;
  // Shape first, so a malformed deployment gets a message about its shape (R1.4, R1.6).
  if (!d || (d.meeple !== 'small' && d.meeple !== 'large')) return new RuleError(`meeple must be "small" or "large"`, 'R1.4');
  if (d.equipment !== null && d.equipment !== 'lightsaber' && d.equipment !== 'blaster')
    return new RuleError(`equipment must be "lightsaber", "blaster" or none`, 'R1.6');
  const target = d.target as Record<string, unknown> | undefined;
  const attack = target?.attack as Record<string, unknown> | undefined;
  if (!target || (!Number.isInteger(target.seg) && !(attack && Number.isInteger(attack.x) && Number.isInteger(attack.y))))
    return new RuleError('a deployment targets a segment of the tile just placed or a planet to attack', 'R5.2');
  for (const c of CAPABILITIES) {
    const why = c.rejectDeployment?.(state, seat, d);
    if (why) return new RuleError(why.message, why.rule);
  }
  if (legalDeployments(state).some((o) => sameDeployment(o, d))) return null;
  const reserve = state.reserves[seat];
  if (reserve[d.meeple] <= 0) return new RuleError(`no ${d.meeple} meeple left in the reserve`, 'R5.1');
  const t = lastTile(state);
  const b = state.board;
  if ('seg' in d.target) {
    const seg = b.defs[t].segments[d.target.seg];
    if (!seg) return new RuleError(`${b.defs[t].id} has no segment ${d.target.seg}`, 'R5.2');
    return new RuleError(`the realm of ${seg.label} already holds a meeple`, 'R5.3');
  }
  const { x, y } = d.target.attack;
  const p = b.tileAt(x, y);
  if (p < 0 || b.defs[p].planet < 0) return new RuleError(`there is no planet at (${x},${y})`, 'R5.4');
  return new RuleError(`the planet at (${x},${y}) is not among the 8 cells around the tile just placed`, 'R5.4');
}

// ---------------------------------------------------------------- realms

function nodeKey(b: BoardIndex, node: number): [number, number, number] {
  const t = Math.floor(node / STRIDE);
  return [b.ys[t], b.xs[t], node % STRIDE];
}

const KIND_RANK = { P: 0, A: 1, R: 2 } as const;

interface RealmInfo {
  root: number;
  kind: 'R' | 'A' | 'P';
  nodes: number[];
  /** Smallest (y, x, segment) node: the R6.1 ordering key and the realm's name. */
  first: number;
}

function realmInfo(state: GameState, root: number): RealmInfo {
  const b = state.board;
  const nodes = b.realmNodes(root);
  let first = nodes[0];
  for (const n of nodes) {
    const [y, x, s] = nodeKey(b, n);
    const [fy, fx, fs] = nodeKey(b, first);
    if (y < fy || (y === fy && (x < fx || (x === fx && s < fs)))) first = n;
  }
  const t = Math.floor(root / STRIDE);
  return { root, kind: b.defs[t].segments[root % STRIDE].kind, nodes, first };
}

/** R6.1: planets, then asteroid fields, then routes; then smallest (y, x, segment). */
function compareRealms(state: GameState, a: RealmInfo, b: RealmInfo): number {
  const k = KIND_RANK[a.kind] - KIND_RANK[b.kind];
  if (k) return k;
  const [ay, ax, as] = nodeKey(state.board, a.first);
  const [by, bx, bs] = nodeKey(state.board, b.first);
  return ay - by || ax - bx || as - bs;
}

function realmSymbols(state: GameState, info: RealmInfo): Faction[] {
  const b = state.board;
  const out: Faction[] = [];
  for (const n of info.nodes) out.push(...b.defs[Math.floor(n / STRIDE)].segments[n % STRIDE].symbols);
  return out;
}

function realmTiles(state: GameState, info: RealmInfo): number[] {
  const set = new Set<number>();
  for (const n of info.nodes) set.add(Math.floor(n / STRIDE));
  return [...set].sort((a, b) => a - b);
}

export function summarizeRealm(state: GameState, info: RealmInfo): RealmSummary {
  const b = state.board;
  const cells: [number, number][] = realmTiles(state, info).map((t) => [b.xs[t], b.ys[t]]);
  if (info.kind === 'P') {
    // A planet's realm is its tile and the tiles around it (R7.3).
    const t = Math.floor(info.root / STRIDE);
    for (let dy = -1; dy <= 1; dy++)
      for (let dx = -1; dx <= 1; dx++) if ((dx || dy) && b.tileAt(b.xs[t] + dx, b.ys[t] + dy) >= 0) cells.push([b.xs[t] + dx, b.ys[t] + dy]);
  }
  cells.sort((p, q) => p[1] - q[1] || p[0] - q[0]);
  const first = info.first;
  return { kind: info.kind, tiles: cells, symbols: realmSymbols(state, info), node: [Math.floor(first / STRIDE), first % STRIDE] };
}

function meeplesIn(state: GameState, root: number): Meeple[] {
  const b = state.board;
  return state.meeples.filter((m) => b.find(m.tile * STRIDE + m.seg) === root);
}

/** Points of a realm: R7 when complete, R8.2 at the end of the game. */
function realmPoints(state: GameState, info: RealmInfo, final: boolean): number {
  const symbols = realmSymbols(state, info).length * 2; // R7.4
  if (info.kind === 'P') {
    const t = Math.floor(info.root / STRIDE);
    return (final ? 1 + state.board.neighbours8(state.board.xs[t], state.board.ys[t]) : 9) + symbols; // R7.3, R8.2
  }
  const tiles = realmTiles(state, info).length;
  if (info.kind === 'A') return (final ? 1 : 2) * tiles + symbols; // R7.2, R8.2
  return tiles + symbols; // R7.1, R8.2
}

// ---------------------------------------------------------------- battles (R6)

function participantsOf(state: GameState, info: RealmInfo, meeples: Meeple[]): Participant[] {
  const teams = state.setup.options.teams;
  const symbols = realmSymbols(state, info);
  const byId = new Map<number, Meeple[]>();
  for (const m of meeples) {
    const id = scorerOf(state, m.seat);
    const list = byId.get(id);
    if (list) list.push(m);
    else byId.set(id, [m]);
  }
  const out: Participant[] = [];
  for (const [id, ms] of byId) {
    const seats = [...new Set(ms.map((m) => m.seat))].sort((a, b) => a - b);
    const faction: Faction = teams ? TEAMS[id] : COLOUR_FACTION[state.setup.seats[id]];
    const symbol = symbols.includes(faction); // R6.2, R9.3
    const raw = ms.reduce((n, m) => n + (m.size === 'large' ? 2 : 1), 0) + (symbol ? 1 : 0);
    const p: Participant = { id, seats, dice: Math.min(MAX_DICE, raw), yellow: false, lightsaber: false, symbol };
    for (const c of CAPABILITIES) c.modifyParticipant?.(state, p, ms);
    out.push(p);
  }
  // Participants in seat order: the first seat of each (P2.4 gives dice in this order).
  out.sort((a, b) => a.seats[0] - b.seats[0]);
  return out;
}

function startBattles(state: GameState, events?: GameEvent[]): void {
  const b = state.board;
  // Group the meeples by realm in one pass; a realm with two or more sides is a battle (R6.1, R9.2).
  const byRoot = new Map<number, Meeple[]>();
  for (const m of state.meeples) {
    const root = b.rootOf(m.tile, m.seg);
    const list = byRoot.get(root);
    if (list) list.push(m);
    else byRoot.set(root, [m]);
  }
  const battles: RealmInfo[] = [];
  for (const [root, ms] of byRoot) {
    const first = scorerOf(state, ms[0].seat);
    if (ms.some((m) => scorerOf(state, m.seat) !== first)) battles.push(realmInfo(state, root));
  }
  if (!battles.length) return scoreTurn(state, events);
  battles.sort((x, y) => compareRealms(state, x, y));
  state.battles = battles.map((info) => {
    const participants = participantsOf(state, info, byRoot.get(info.root)!);
    return { realm: [Math.floor(info.first / STRIDE), info.first % STRIDE], participants, remaining: participants.map((p) => p.id), throws: 0 };
  });
  state.phase = 'battle';
  announceBattle(state, events);
}

function battleRealm(state: GameState, battle: BattleState): RealmInfo {
  const [t, s] = battle.realm;
  return realmInfo(state, state.board.find(t * STRIDE + s));
}

function announceBattle(state: GameState, events?: GameEvent[]): void {
  if (!events) return;
  const battle = state.battles[0];
  events.push({ type: 'battle', realm: summarizeRealm(state, battleRealm(state, battle)), participants: battle.participants });
}

/** Checks one throw's values: count and faces per participant (R6.3, R6.8). */
export function throwError(participants: Participant[], values: number[][], names?: string[]): RuleError | null {
  if (!Array.isArray(values) || values.length !== participants.length)
    return new RuleError(`the throw needs values for ${participants.length} participants, got ${Array.isArray(values) ? values.length : 'none'}`, 'R6.3');
  for (let i = 0; i < participants.length; i++) {
    const p = participants[i];
    const v = values[i];
    if (!Array.isArray(v) || v.length !== p.dice) return new RuleError(`${names?.[i] ?? `participant ${i + 1}`} rolls ${p.dice} ${p.dice === 1 ? 'die' : 'dice'}, got ${Array.isArray(v) ? v.length : 'no'} ${Array.isArray(v) && v.length === 1 ? 'value' : 'values'}`, 'R6.2');
    for (let j = 0; j < v.length; j++) {
      const yellow = p.yellow && j === v.length - 1;
      const [lo, hi] = yellow ? [3, 8] : [1, 6];
      if (!Number.isInteger(v[j]) || v[j] < lo || v[j] > hi)
        return new RuleError(`${yellow ? 'yellow die' : 'die'} value ${v[j]} is outside ${lo}–${hi}`, yellow ? 'R1.5' : 'R1.5');
    }
  }
  return null;
}

function returnMeeple(state: GameState, m: Meeple, reason: 'battle' | 'scored', events?: GameEvent[]): void {
  const r = state.reserves[m.seat];
  if (m.size === 'large') r.large++;
  else r.small++;
  for (const c of CAPABILITIES) c.onReturn?.(state, m);
  const b = state.board;
  events?.push({ type: 'returned', seat: m.seat, meeple: m.size, equipment: m.equipment, x: b.xs[m.tile], y: b.ys[m.tile], seg: m.seg, reason });
}

function removeMeeples(state: GameState, gone: (m: Meeple) => boolean, reason: 'battle' | 'scored', events?: GameEvent[]): void {
  const keep: Meeple[] = [];
  for (const m of state.meeples) {
    if (gone(m)) returnMeeple(state, m, reason, events);
    else keep.push(m);
  }
  state.meeples = keep;
}

function addScore(state: GameState, scorer: number, points: number, reason: 'complete' | 'final' | 'tie' | 'lost', events?: GameEvent[], realm?: RealmSummary): void {
  state.scores[scorer] += points;
  events?.push(realm ? { type: 'score', reason, scorer, points, realm } : { type: 'score', reason, scorer, points });
}

function applyThrow(state: GameState, values: number[][], events?: GameEvent[]): void {
  const battle = state.battles[0];
  const fighting = battle.participants.filter((p) => battle.remaining.includes(p.id));
  const err = throwError(fighting, values, fighting.map((p) => scorerName(state, p.id)));
  if (err) throw err;
  battle.throws++;
  const best = fighting.map((p, i) => Math.max(...values[i]) + (p.lightsaber ? 1 : 0)); // R6.3, R6.7
  const top = Math.max(...best);
  const tied = fighting.filter((_, i) => best[i] === top).map((p) => p.id);
  const losers = fighting.filter((_, i) => best[i] < top);
  const realm = events ? summarizeRealm(state, battleRealm(state, battle)) : undefined;
  events?.push({
    type: 'throw', realm: realm!, throw: battle.throws,
    rolls: fighting.map((p, i) => ({ id: p.id, values: values[i].slice(), yellow: p.yellow, lightsaber: p.lightsaber, best: best[i] })),
    tied: tied.length > 1 ? tied : [], winner: tied.length === 1 ? tied[0] : null,
    losers: losers.map((p) => ({ id: p.id, points: p.dice })),
  });
  if (tied.length > 1) for (const id of tied) addScore(state, id, 1, 'tie', events); // R6.4
  for (const p of losers) {
    addScore(state, p.id, p.dice, 'lost', events); // R6.5
    const seats = new Set(p.seats);
    const [t, s] = battle.realm;
    const root = state.board.find(t * STRIDE + s);
    removeMeeples(state, (m) => seats.has(m.seat) && state.board.find(m.tile * STRIDE + m.seg) === root, 'battle', events);
  }
  battle.remaining = tied;
  if (tied.length > 1) return; // R6.4: the tied throw again
  state.battles.shift(); // R6.6: the winner stays
  if (state.battles.length) announceBattle(state, events);
  else scoreTurn(state, events);
}

// ---------------------------------------------------------------- scoring (R7, R8)

/** Realms touched by the tile just placed that are now complete, in R6.1 order. */
function completedRealms(state: GameState): RealmInfo[] {
  const b = state.board;
  const t = lastTile(state);
  const roots = new Set<number>();
  const def = b.defs[t];
  for (const seg of def.segments) roots.add(b.find(t * STRIDE + seg.index));
  for (const p of planetsAround(state, t)) roots.add(p * STRIDE + b.defs[p].planet);
  const out: RealmInfo[] = [];
  for (const root of roots) {
    // Cheap completeness test first: collecting a realm's nodes scans the whole board.
    const t = Math.floor(root / STRIDE);
    const kind = b.defs[t].segments[root % STRIDE].kind;
    const complete = kind === 'P' ? b.neighbours8(b.xs[t], b.ys[t]) === 8 : b.open[root] === 0;
    if (complete) out.push(realmInfo(state, root));
  }
  return out.sort((x, y) => compareRealms(state, x, y));
}

function scoreRealm(state: GameState, info: RealmInfo, final: boolean, events?: GameEvent[]): void {
  const ms = meeplesIn(state, info.root);
  const points = realmPoints(state, info, final);
  const realm = events ? summarizeRealm(state, info) : undefined;
  if (!ms.length) {
    events?.push({ type: 'completed', realm: realm!, scorer: null, points: 0, final });
    return;
  }
  // R7.5: after R6 exactly one player or team holds the realm.
  const scorer = scorerOf(state, ms[0].seat);
  events?.push({ type: 'completed', realm: realm!, scorer, points, final });
  addScore(state, scorer, points, final ? 'final' : 'complete', events, realm);
  if (!final) removeMeeples(state, (m) => ms.includes(m), 'scored', events);
}

function scoreTurn(state: GameState, events?: GameEvent[]): void {
  for (const info of completedRealms(state)) scoreRealm(state, info, false, events); // R7.5
  endTurn(state, events);
}

function endTurn(state: GameState, events?: GameEvent[]): void {
  state.drawn = null;
  if (supplySize(state) === 0) return finishGame(state, events); // R8.1
  state.turn++;
  state.seat = (state.seat + 1) % state.setup.seats.length;
  state.phase = 'draw';
  events?.push({ type: 'turn', turn: state.turn, seat: state.seat });
}

function finishGame(state: GameState, events?: GameEvent[]): void {
  // R8.2: every realm still holding meeples scores for its holder, in R6.1 order.
  const b = state.board;
  const roots = new Set<number>();
  for (const m of state.meeples) roots.add(b.find(m.tile * STRIDE + m.seg));
  const infos = [...roots].map((r) => realmInfo(state, r)).sort((x, y) => compareRealms(state, x, y));
  for (const info of infos) scoreRealm(state, info, true, events);
  state.phase = 'over';
  state.drawn = null;
  events?.push({ type: 'over', scores: state.scores.slice() });
}

/** Ends the game between turns and applies final scoring (R8.2): for scripted games that stop early. */
export function endGame(state: GameState, events?: GameEvent[]): void {
  if (state.phase !== 'draw') throw new RuleError(`the game can only end between turns, not during ${describePhase(state)}`, 'R8.1');
  finishGame(state, events);
}

// ---------------------------------------------------------------- actions

function applyDraw(state: GameState, tile: string, events?: GameEvent[]): void {
  const def = TILESET.byId.get(tile);
  if (!def) throw new RuleError(`unknown tile ${tile}`, 'R1.1');
  if (!(tile in state.supply)) throw new RuleError(`${tile} is an Expansion 1 tile and expansion tiles are off`, 'R2.4');
  if (state.supply[tile] <= 0) throw new RuleError(`no copy of ${tile} is left in the supply (the set holds ${def.count})`, 'R2.2');
  state.supply[tile]--;
  events?.push({ type: 'drawn', seat: state.seat, tile });
  if (fitsAnywhere(state, def)) {
    state.drawn = tile;
    state.phase = 'place';
    return;
  }
  // R4.3: a tile that fits nowhere leaves the game (or goes back under the Z-Man option); draw again.
  if (state.setup.options.unplaceable === 'return') {
    state.supply[tile]++;
    events?.push({ type: 'unplaceable', seat: state.seat, tile, outcome: 'returned' });
    // Decision (docs/rules.md): when nothing left in the supply fits anywhere, those tiles are removed and the game ends.
    const remaining = supplyList(state);
    if (!remaining.some((id) => fitsAnywhere(state, TILESET.byId.get(id)!))) {
      for (const id of remaining) {
        state.removed.push(id);
        state.supply[id]--;
        events?.push({ type: 'unplaceable', seat: state.seat, tile: id, outcome: 'removed' });
      }
      finishGame(state, events);
    }
    return;
  }
  state.removed.push(tile);
  events?.push({ type: 'unplaceable', seat: state.seat, tile, outcome: 'removed' });
  if (supplySize(state) === 0) finishGame(state, events); // R8.1
}

function applyPlace(state: GameState, x: number, y: number, r: number, events?: GameEvent[]): void {
  const tile = state.drawn!;
  const err = placementError(state, tile, x, y, r);
  if (err) throw err;
  state.board.place(TILESET.byId.get(tile)!, x, y, r);
  state.tiles.push({ id: tile, x, y, r });
  state.phase = 'deploy';
  events?.push({ type: 'placed', seat: state.seat, tile, x, y, r });
}

function applyDeploy(state: GameState, d: Deployment | null, events?: GameEvent[]): void {
  if (d) {
    const err = deploymentError(state, d);
    if (err) throw err;
    const b = state.board;
    let tile: number;
    let seg: number;
    if ('seg' in d.target) {
      tile = lastTile(state);
      seg = d.target.seg;
    } else {
      tile = b.tileAt(d.target.attack.x, d.target.attack.y);
      seg = b.defs[tile].planet;
    }
    const m: Meeple = { seat: state.seat, size: d.meeple, equipment: null, tile, seg };
    state.reserves[state.seat][d.meeple]--;
    for (const c of CAPABILITIES) c.onDeploy?.(state, m, d);
    state.meeples.push(m);
    state.meeples.sort(compareMeeples);
    events?.push({ type: 'deployed', seat: state.seat, meeple: d.meeple, equipment: m.equipment, x: b.xs[tile], y: b.ys[tile], seg, attack: 'attack' in d.target });
  }
  startBattles(state, events); // R3: battles, then scoring
}

/** Canonical meeple order, so that equal states serialize to equal bytes. */
export function compareMeeples(a: Meeple, b: Meeple): number {
  return a.tile - b.tile || a.seg - b.seg || a.seat - b.seat || (a.size === b.size ? 0 : a.size === 'small' ? -1 : 1) ||
    (a.equipment ?? '').localeCompare(b.equipment ?? '');
}

const PHASE_OF: Record<Action['type'], GameState['phase']> = { draw: 'draw', place: 'place', deploy: 'deploy', throw: 'battle' };

/** Applies an action to the state in place; pushes what happened to `events` when given. */
export function applyInPlace(state: GameState, action: Action, events?: GameEvent[]): void {
  if (state.phase === 'over') throw new RuleError('the game is over', 'R8.1');
  if (PHASE_OF[action.type] !== state.phase)
    throw new RuleError(`expected ${describePhase(state)}, got a ${action.type}`, 'R3');
  switch (action.type) {
    case 'draw': return applyDraw(state, action.tile, events);
    case 'place': return applyPlace(state, action.x, action.y, action.r, events);
    case 'deploy': return applyDeploy(state, action.deployment, events);
    case 'throw': return applyThrow(state, action.values, events);
  }
}

export function describePhase(state: GameState): string {
  switch (state.phase) {
    case 'draw': return 'a tile draw';
    case 'place': return `the placement of ${state.drawn}`;
    case 'deploy': return 'a deployment (or none)';
    case 'battle': return 'a battle throw';
    case 'over': return 'nothing (the game is over)';
  }
}

/** Pure form: returns the next state and the events; the input state is untouched. */
export function applyAction(state: GameState, action: Action): { state: GameState; events: GameEvent[] } {
  const next = cloneState(state);
  const events: GameEvent[] = [];
  applyInPlace(next, action, events);
  return { state: next, events };
}

/** Final standings: winners share the victory on equal scores (R8.3). */
export function winners(state: GameState): number[] {
  const top = Math.max(...state.scores);
  return state.scores.map((s, i) => [s, i]).filter(([s]) => s === top).map(([, i]) => i);
}

/** Laps of 50 points around the score track, for display (R1.7). */
export function scoreLaps(score: number): { laps: number; position: number } {
  return { laps: Math.floor(score / 50), position: score % 50 };
}

/** Every scorer's score with its laps of 50 (the 50/100 markers, R1.7), in scorer order. */
export function scoreTrack(state: GameState): { name: string; score: number; laps: number; position: number }[] {
  return state.scores.map((score, i) => ({ name: scorerName(state, i), score, ...scoreLaps(score) }));
}

