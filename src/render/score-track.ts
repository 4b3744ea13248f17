// The 3D score track: 50 slots laid along a rectangle around the board, and where each
// scorer's marker stands (laps of 50 as R1.7 says; scoreLaps from the engine).
import { scoreLaps, type GameEvent } from '../engine';

export const TRACK_SLOTS = 50;

export interface Bounds {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

/** The rectangle the track runs on: the board's cells plus a margin, never smaller than 8×5 (slots 0.52 apart). */
export function trackRect(cells: Bounds, margin = 0.9): Bounds {
  let { minX, minY, maxX, maxY } = cells;
  minX -= 0.5 + margin;
  maxX += 0.5 + margin;
  minY -= 0.5 + margin;
  maxY += 0.5 + margin;
  const grow = (lo: number, hi: number, min: number): [number, number] => {
    const extra = Math.max(0, min - (hi - lo)) / 2;
    return [lo - extra, hi + extra];
  };
  [minX, maxX] = grow(minX, maxX, 8);
  [minY, maxY] = grow(minY, maxY, 5);
  return { minX, minY, maxX, maxY };
}

/** Board position of slot i (0..49): clockwise from the north-west corner, evenly spaced. */
export function slotPosition(rect: Bounds, slot: number): { x: number; y: number } {
  const w = rect.maxX - rect.minX;
  const h = rect.maxY - rect.minY;
  let d = ((((slot % TRACK_SLOTS) + TRACK_SLOTS) % TRACK_SLOTS) / TRACK_SLOTS) * 2 * (w + h);
  if (d < w) return { x: rect.minX + d, y: rect.minY };
  d -= w;
  if (d < h) return { x: rect.maxX, y: rect.minY + d };
  d -= h;
  if (d < w) return { x: rect.maxX - d, y: rect.maxY };
  d -= w;
  return { x: rect.minX, y: rect.maxY - d };
}

/** Where a score stands: its slot and the completed laps of 50. */
export function markerSlot(score: number): { slot: number; laps: number } {
  const { laps, position } = scoreLaps(Math.max(0, score));
  return { slot: position, laps };
}

/** Slots a marker passes through moving from one score to another (for the animation), both ends included. */
export function markerPath(from: number, to: number): number[] {
  const out: number[] = [];
  const step = to >= from ? 1 : -1;
  for (let s = from; ; s += step) {
    out.push(markerSlot(s).slot);
    if (s === to) break;
  }
  return out;
}

/** The scores before `events` happened, from the scores after them (the markers start there). */
export function scoresBefore(events: readonly GameEvent[], after: readonly number[]): number[] {
  const before = after.slice();
  for (const e of events) if (e.type === 'score' && e.scorer >= 0 && e.scorer < before.length) before[e.scorer] -= e.points;
  return before;
}
