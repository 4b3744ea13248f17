// The bots' judgement of a position: for every scorer (a seat, or a team in the team
// variant, R9.1) a projected final score = points already scored + the expected worth of
// the realms it holds + the option value of the meeples and equipment still in reserve.
// Contested realms (a placement merged them, or a meeple attacked, R6.1) count by their
// exact battle odds (R6.2–R6.8); realms completed this turn count their R7 points.
// Uses only + − × ÷ and comparisons so that every browser computes the same bits (P2.6).
import {
  COLOUR_FACTION,
  STRIDE,
  TEAMS,
  scorerOf,
  supplySize,
  type BoardIndex,
  type Equipment,
  type Faction,
  type GameState,
  type MeepleSize,
} from '../engine';
import { battleOdds, type Fighter } from './battle-odds';
import { LEARNED_COMPLETION } from './completion-table';

/** Tunable weights of the evaluation (documented in docs/bots.md). */
export interface Weights {
  /** Worth of the first meeple in reserve early in the game (points). */
  meeple: number;
  /** Each further meeple in reserve is worth this fraction of the previous one. */
  meepleDecay: number;
  /** Extra worth of the large meeple over a small one while it is in reserve. */
  largeBonus: number;
  /** Worth of an equipment card in reserve early in the game (R5.5). */
  equipment: number;
  /** Expected growth per open end of a held route (points, early game). */
  routeGrowth: number;
  /** Expected growth per open edge of a held asteroid field (tiles, early game). */
  fieldGrowth: number;
  /** With three or more scorers: how much the others' projections weigh against one's own (`utility`). */
  rivals: number;
  /** The part of that weight on the best other projection; the rest on their mean (`utility`). */
  leaderShare: number;
  /** Completion chances learned from self-play (completion-table.ts), or null: the hand-set formula. */
  completion: CompletionTable | null;
}

/**
 * Chances that a held realm completes before the game ends, as seen in self-play: by kind, by
 * open edges (1, 2, 3, 4 or more; a planet's missing neighbours), and by time — the seat's own
 * turns left for a route or field (its holder extends it), the tiles left for a planet (anyone's
 * tile closes it). Row values stand at the middle of their bucket; straight lines between.
 */
export interface CompletionTable {
  raEdges: number[];
  pEdges: number[];
  R: number[][];
  A: number[][];
  P: number[][];
}

export const DEFAULT_WEIGHTS: Weights = {
  meeple: 3,
  meepleDecay: 0.7,
  largeBonus: 0.8,
  equipment: 1.5,
  routeGrowth: 0.6,
  fieldGrowth: 0.5,
  rivals: 1,
  leaderShare: 0.5,
  completion: null,
};

/**
 * The weights the expert judges by where `ExpertOptions.learned` says: the completion chances
 * learned from self-play and, screened on top of them (bench/weight-screen.ts, docs/bots.md), a
 * reserve meeple worth 13 points instead of 3 — once realms are seen to complete as rarely as
 * they do, a meeple kept is worth far more than the hand-set weight said.
 */
export const LEARNED_WEIGHTS: Weights = { ...DEFAULT_WEIGHTS, completion: LEARNED_COMPLETION, meeple: 13 };

const FACTION_BIT: Record<Faction, number> = { Rebel: 1, Empire: 2, BountyHunters: 4 };

/** What the evaluation needs to know about one realm. */
export interface RealmStat {
  kind: 'R' | 'A' | 'P';
  tiles: number;
  symbols: number;
  /** Bit set of the factions whose symbols belong to the realm (R6.2). */
  factions: number;
  /** Open edges of a route / asteroid field; missing neighbours of a planet. */
  open: number;
  /** Tiles around a planet (R7.3, R8.2). */
  around: number;
  lastTile: number;
}

/** Root of a node without path compression, so the state we are given stays untouched. */
export function rootOf(board: BoardIndex, node: number): number {
  const parent = board.parent;
  while (parent[node] !== node) node = parent[node];
  return node;
}

/** One full scan of the board's nodes fills the statistics of the requested realm roots. */
export function realmStats(board: BoardIndex, roots: Iterable<number>): Map<number, RealmStat> {
  const out = new Map<number, RealmStat>();
  for (const root of roots) {
    if (out.has(root)) continue;
    const t = Math.floor(root / STRIDE);
    const kind = board.defs[t].segments[root % STRIDE].kind;
    const stat: RealmStat = { kind, tiles: 0, symbols: 0, factions: 0, open: 0, around: 0, lastTile: -1 };
    if (kind === 'P') {
      // A planet is a realm of its own segment; its worth counts the tiles around (R7.3).
      const seg = board.defs[t].segments[root % STRIDE];
      stat.tiles = 1;
      stat.symbols = seg.symbols.length;
      for (const f of seg.symbols) stat.factions |= FACTION_BIT[f];
      stat.around = board.neighbours8(board.xs[t], board.ys[t]);
      stat.open = 8 - stat.around;
    } else {
      stat.open = board.open[root];
    }
    out.set(root, stat);
  }
  let wanted = false;
  for (const stat of out.values()) if (stat.kind !== 'P') wanted = true;
  if (!wanted) return out;
  const stride = STRIDE; // a local copy: the imported binding may be a getter after bundling
  const defs = board.defs;
  for (let t = 0; t < defs.length; t++) {
    const segments = defs[t].segments;
    for (let s = 0; s < segments.length; s++) {
      const seg = segments[s];
      if (seg.kind === 'P') continue;
      const stat = out.get(rootOf(board, t * stride + s));
      if (!stat) continue;
      if (t !== stat.lastTile) {
        stat.tiles++; // a tile counts once for its realm (R7.4)
        stat.lastTile = t;
      }
      const symbols = seg.symbols;
      stat.symbols += symbols.length;
      for (const f of symbols) stat.factions |= FACTION_BIT[f];
    }
  }
  return out;
}

function clamp01(x: number): number {
  return x < 0 ? 0 : x > 1 ? 1 : x;
}

/** A learned chance at time `x` (own turns or tiles left): straight lines between the buckets' middles, from 0 at 0. */
function learnedChance(t: CompletionTable, kind: 'R' | 'A' | 'P', open: number, x: number): number {
  const edges = kind === 'P' ? t.pEdges : t.raEdges;
  const row = t[kind][(open > 4 ? 4 : open) - 1];
  let px = 0;
  let py = 0;
  for (let i = 0; i < row.length; i++) {
    const mx = (edges[i] + edges[i + 1]) / 2;
    if (x <= mx) return py + ((row[i] - py) * (x - px)) / (mx - px);
    px = mx;
    py = row[i];
  }
  return py;
}

/** Chance that a realm with `open` open edges (or missing planet neighbours) completes. */
function completionChance(kind: 'R' | 'A' | 'P', open: number, tilesLeft: number, seats: number, w: Weights): number {
  if (open <= 0) return 1;
  if (tilesLeft <= 0) return 0;
  if (w.completion) return learnedChance(w.completion, kind, open, kind === 'P' ? tilesLeft : tilesLeft / seats);
  const base = kind === 'P' ? 0.95 - 0.1 * open : 0.85 - 0.15 * (open - 1);
  const time = clamp01(tilesLeft / ((kind === 'P' ? 5 : 6) * open));
  return clamp01(base < 0.1 ? 0.1 : base) * time;
}

/** Expected points of a realm for its holder, R7 if it completes, R8.2 if not. */
export function realmWorth(stat: RealmStat, tilesLeft: number, w: Weights, seats = 2): number {
  // A route is worth the same either way (R7.1 = R8.2): its chance is not needed.
  const needed = stat.open > 0 && stat.kind !== 'R';
  return worthAt(stat, tilesLeft, w, needed ? completionChance(stat.kind, stat.open, tilesLeft, seats, w) : 1);
}

/** realmWorth with the realm's chance to complete, `pc`, already known. */
function worthAt(stat: RealmStat, tilesLeft: number, w: Weights, pc: number): number {
  const sym = 2 * stat.symbols; // R7.4
  if (stat.open <= 0) return stat.kind === 'P' ? 9 + sym : stat.kind === 'A' ? 2 * stat.tiles + sym : stat.tiles + sym;
  const early = clamp01(tilesLeft / 25);
  if (stat.kind === 'R') return stat.tiles + sym + w.routeGrowth * stat.open * early; // R7.1 = R8.2
  if (stat.kind === 'A') return (stat.tiles + w.fieldGrowth * stat.open * early) * (1 + pc) + sym; // R7.2, R8.2
  const fill = 0.5 * clamp01(tilesLeft / 30);
  return pc * 9 + (1 - pc) * (1 + stat.around + stat.open * fill) + sym; // R7.3, R8.2
}

/** A meeple as the evaluation sees it: where (realm root) and what. */
export interface MeepleView {
  seat: number;
  size: MeepleSize;
  equipment: Equipment | null;
  root: number;
}

/** Precomputed per-position data shared by the evaluation of several deployments. */
export interface Position {
  state: GameState;
  board: BoardIndex;
  meeples: MeepleView[];
  stats: Map<number, RealmStat>;
  /** Tiles left in the supply (the current tile is already out of it). */
  tilesLeft: number;
}

export function meepleViews(state: GameState, board: BoardIndex): MeepleView[] {
  return state.meeples.map((m) => ({ seat: m.seat, size: m.size, equipment: m.equipment, root: rootOf(board, m.tile * STRIDE + m.seg) }));
}

/** Builds the position; `extraRoots` are realms a hypothetical meeple may join. */
export function position(state: GameState, board: BoardIndex, extraRoots: number[] = []): Position {
  const meeples = meepleViews(state, board);
  const stats = realmStats(board, [...meeples.map((m) => m.root), ...extraRoots]);
  return { state, board, meeples, stats, tilesLeft: supplySize(state) };
}

interface Side {
  scorer: number;
  seats: number[];
  small: number;
  large: number;
  lightsaber: boolean;
  blaster: boolean;
  /** Equipment cards on these meeples (they come back with them, R5.5). */
  cards: number;
}

/** Cumulative worth of n meeples in reserve: m + m·d + m·d² + … */
function reserveCurve(w: Weights): number[] {
  const out = [0];
  let v = w.meeple;
  for (let i = 1; i <= 8; i++) {
    out.push(out[i - 1] + v);
    v *= w.meepleDecay;
  }
  return out;
}

function interpolate(curve: number[], x: number): number {
  if (x <= 0) return 0;
  const i = Math.floor(x);
  if (i >= curve.length - 1) return curve[curve.length - 1];
  return curve[i] + (x - i) * (curve[i + 1] - curve[i]);
}

/**
 * Projected final score of every scorer. `extra` is a meeple the active seat would add
 * (a deployment being considered), already resolved to its realm root.
 */
export function project(pos: Position, w: Weights = DEFAULT_WEIGHTS, extra?: MeepleView): number[] {
  const { state } = pos;
  const seats = state.setup.seats.length;
  const teams = state.setup.options.teams;
  const yellowDie = state.setup.options.expansion.yellowDie;
  const values = state.scores.slice();
  // Meeples (small, large) and cards expected back in each seat's reserve.
  const reserveSmall = state.reserves.map((r) => r.small);
  const reserveLarge = state.reserves.map((r) => r.large);
  const cards = state.reserves.map((r) => (r.lightsaber ? 1 : 0) + (r.blaster ? 1 : 0));
  const meeples = extra ? [...pos.meeples, extra] : pos.meeples;
  if (extra) {
    if (extra.size === 'large') reserveLarge[extra.seat]--;
    else reserveSmall[extra.seat]--;
    if (extra.equipment) cards[extra.seat]--;
  }
  const tilesLeft = pos.tilesLeft;
  const turnsLeft = tilesLeft / seats;
  // Group the meeples by realm and by side (a seat, or a team: R9.2).
  const groups = new Map<number, Side[]>();
  for (const m of meeples) {
    let sides = groups.get(m.root);
    if (!sides) groups.set(m.root, (sides = []));
    const scorer = scorerOf(state, m.seat);
    let side = sides.find((s) => s.scorer === scorer);
    if (!side) sides.push((side = { scorer, seats: [], small: 0, large: 0, lightsaber: false, blaster: false, cards: 0 }));
    if (!side.seats.includes(m.seat)) side.seats.push(m.seat);
    if (m.size === 'large') side.large++;
    else side.small++;
    if (m.equipment === 'lightsaber') side.lightsaber = true;
    if (m.equipment === 'blaster') side.blaster = true;
    if (m.equipment) side.cards++;
  }
  const back = (side: Side, p: number) => {
    // Spread the meeples returned with probability p evenly over the side's seats (teams, R9.3).
    const perSeat = 1 / side.seats.length;
    for (const seat of side.seats) {
      reserveSmall[seat] += p * side.small * perSeat;
      reserveLarge[seat] += p * side.large * perSeat;
      cards[seat] += p * side.cards * perSeat;
    }
  };
  for (const [root, sides] of groups) {
    const stat = pos.stats.get(root)!;
    const complete = stat.open <= 0;
    // One chance to complete serves the realm's worth and its meeples' return.
    const pc = complete ? 1 : completionChance(stat.kind, stat.open, tilesLeft, seats, w);
    const worth = worthAt(stat, tilesLeft, w, pc);
    // Locked meeples come back when their realm completes (R7.5).
    const returnChance = complete ? 1 : pc * clamp01(turnsLeft / 4);
    if (sides.length === 1) {
      values[sides[0].scorer] += worth;
      back(sides[0], returnChance);
      continue;
    }
    // R6.2: 1 die per small, 2 per large, +1 for a symbol of the side's faction; at most 3.
    const fighters: Fighter[] = sides.map((s) => {
      const faction: Faction = teams ? TEAMS[s.scorer] : COLOUR_FACTION[state.setup.seats[s.scorer]];
      const symbol = (stat.factions & FACTION_BIT[faction]) !== 0;
      const dice = Math.min(3, s.small + 2 * s.large + (symbol ? 1 : 0));
      return { dice, yellow: yellowDie && s.blaster, lightsaber: s.lightsaber };
    });
    const odds = battleOdds(fighters);
    sides.forEach((s, i) => {
      const p = odds.win[i];
      // R6.5 the loser scores its dice; R6.4 ties score 1 each.
      values[s.scorer] += p * worth + (1 - p) * fighters[i].dice + odds.tiePoints[i];
      back(s, 1 - p + p * returnChance);
    });
  }
  // Option value of the reserve: worth less as the game runs out of turns.
  const time = clamp01(turnsLeft / 8);
  const curve = reserveCurve(w);
  for (let seat = 0; seat < seats; seat++) {
    const v = interpolate(curve, reserveSmall[seat] + reserveLarge[seat]) + w.largeBonus * reserveLarge[seat] + w.equipment * cards[seat];
    values[scorerOf(state, seat)] += time * v;
  }
  return values;
}

/** One number for a scorer: its projection against the others' (max and mean blended, weighed by `rivals` and `leaderShare`). */
export function utility(values: number[], scorer: number, w: Weights = DEFAULT_WEIGHTS): number {
  if (values.length === 1) return values[0];
  let max = -Infinity;
  let sum = 0;
  for (let i = 0; i < values.length; i++) {
    if (i === scorer) continue;
    if (values[i] > max) max = values[i];
    sum += values[i];
  }
  // With the default weights (1, ½) both factors are exactly ½: the same bits as ever.
  // Two scorers: the plain difference (½ + ½ of the one other), whatever the weights.
  const many = values.length > 2;
  const onLeader = many ? w.rivals * w.leaderShare : 0.5;
  const onMean = many ? w.rivals * (1 - w.leaderShare) : 0.5;
  return values[scorer] - onLeader * max - (onMean * sum) / (values.length - 1);
}

export function evaluateState(state: GameState, scorer: number, w: Weights = DEFAULT_WEIGHTS): number {
  // R8.2 has already scored the realms still held: the scores are the final word.
  if (state.phase === 'over') return utility(state.scores, scorer, w);
  return utility(project(position(state, state.board), w), scorer, w);
}
