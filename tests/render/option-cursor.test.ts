// The option cursor (R10.1, R10.2): the ghost only ever stands on a legal cell with a legal
// rotation, keeps the player's rotation where it can, survives new options on the same
// cell, comes back to a taken-back placement, and spots cycle with wrapping.
import { describe, expect, it } from 'vitest';
import { OptionCursor } from '../../src/render/option-cursor';

const placements = [
  { x: 1, y: 0, r: 0 },
  { x: 1, y: 0, r: 2 },
  { x: 0, y: 1, r: 1 },
  { x: 0, y: 1, r: 2 },
  { x: 0, y: 1, r: 3 },
];

describe('OptionCursor', () => {
  it('rotates through legal rotations both ways and keeps the chosen one when moving', () => {
    const c = new OptionCursor();
    c.setOptions(placements, []);
    expect(c.mode()).toBe('place');
    expect(c.rotate(1)).toBe(true); // the ghost appears on the first cell
    expect(c.ghostPlacement()).toEqual({ x: 1, y: 0, r: 2 });
    c.rotate(-1);
    expect(c.ghostPlacement()).toEqual({ x: 1, y: 0, r: 0 });
    c.rotate(-1);
    expect(c.ghostPlacement()).toEqual({ x: 1, y: 0, r: 2 });
    c.moveTo(c.cellAt(0, 1)!);
    expect(c.ghostPlacement()).toEqual({ x: 0, y: 1, r: 2 }); // r 2 is legal there too
    expect(c.moveTo(c.cellAt(0, 1)!)).toBe(false);
  });

  it('keeps the ghost on the same cell across new options, else returns it to a taken-back placement', () => {
    const c = new OptionCursor();
    c.setOptions(placements, []);
    c.moveTo(c.cellAt(0, 1)!);
    c.setOptions(placements, []);
    expect(c.ghostPlacement()?.x).toBe(0);
    c.clear();
    expect(c.mode()).toBe('idle');
    c.setOptions(placements, [], { x: 0, y: 1, r: 3 });
    expect(c.ghostPlacement()).toEqual({ x: 0, y: 1, r: 3 });
    c.clear();
    c.setOptions(placements, [], { x: 9, y: 9, r: 0 }); // not legal: no ghost
    expect(c.ghostPlacement()).toBeNull();
  });

  it('cycles spots with wrapping, and drops a focus that no longer exists', () => {
    const c = new OptionCursor();
    const d = (seg: number) => ({ meeple: 'small' as const, target: { seg }, equipment: null });
    c.setOptions([], [d(0), d(1), d(2)]);
    expect(c.mode()).toBe('deploy');
    c.cycle(-1);
    expect(c.hovered).toBe(2);
    c.cycle(1);
    expect(c.hovered).toBe(0);
    c.hovered = 2;
    c.setOptions([], [d(0)]);
    expect(c.hovered).toBe(-1);
  });
});
