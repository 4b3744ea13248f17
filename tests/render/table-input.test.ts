// @vitest-environment happy-dom
// Pointer and keys on the table (contracts.md "Keyboard on the table"; R10.1, R10.2):
// what each gesture asks the table to do, with a recording stand-in for the Tabletop.
import { describe, expect, it } from 'vitest';
import { TableInput, type TableActions, type TableMode } from '../../src/render/table-input';

function setup(mode: TableMode, ghostHere = false) {
  const calls: string[] = [];
  const actions: TableActions = {
    mode: () => mode,
    hoverAt: (x, y) => (calls.push(`hover ${x},${y}`), true),
    ghostIsAt: () => ghostHere,
    confirmAt: (x, y) => void calls.push(`confirm ${x},${y}`),
    confirmCurrent: () => void calls.push('confirm-current'),
    rotateGhost: () => void calls.push('rotate'),
    step: (dx, dy) => void calls.push(`step ${dx},${dy}`),
    reframe: () => void calls.push('reframe'),
  };
  const canvas = document.createElement('canvas');
  document.body.append(canvas);
  const input = new TableInput(canvas, actions);
  const pointer = (type: string, x: number, y: number, button = 0, pointerType = 'mouse') =>
    canvas.dispatchEvent(new PointerEvent(type, { clientX: x, clientY: y, button, pointerType, bubbles: true }));
  const key = (k: string, target: EventTarget = canvas) => {
    const e = new KeyboardEvent('keydown', { key: k, bubbles: true, cancelable: true, composed: true });
    target.dispatchEvent(e);
    return e.defaultPrevented;
  };
  return { calls, canvas, input, pointer, key };
}

describe('table input', () => {
  it('hover moves the ghost; a click confirms at the pointer (R10.1)', () => {
    const { calls, pointer, input } = setup('place');
    pointer('pointermove', 10, 20);
    pointer('pointerdown', 10, 20);
    pointer('pointerup', 12, 21);
    expect(calls).toEqual(['hover 10,20', 'confirm 12,21']);
    input.dispose();
  });

  it('a drag is the camera, not a click', () => {
    const { calls, pointer, input } = setup('place');
    pointer('pointerdown', 10, 20);
    pointer('pointerup', 60, 20);
    expect(calls).toEqual([]);
    input.dispose();
  });

  it('right-click and wheel-click turn the ghost; R too (R4.2)', () => {
    const { calls, pointer, key, input } = setup('place');
    pointer('pointerdown', 5, 5, 2);
    pointer('pointerup', 5, 5, 2);
    pointer('pointerdown', 5, 5, 1);
    pointer('pointerup', 5, 5, 1);
    expect(key('r')).toBe(true);
    expect(calls).toEqual(['rotate', 'rotate', 'rotate']);
    input.dispose();
  });

  it('a touch first moves the ghost, a second tap on it confirms', () => {
    const first = setup('place', false);
    first.pointer('pointerdown', 5, 5, 0, 'touch');
    first.pointer('pointerup', 5, 5, 0, 'touch');
    expect(first.calls).toEqual(['hover 5,5']);
    first.input.dispose();
    const second = setup('place', true);
    second.pointer('pointerdown', 5, 5, 0, 'touch');
    second.pointer('pointerup', 5, 5, 0, 'touch');
    expect(second.calls).toEqual(['confirm 5,5']);
    second.input.dispose();
  });

  it('keys while deploying: arrows cycle, Enter confirms; Esc is left to the game screen (one handler)', () => {
    const { calls, key, input } = setup('deploy');
    key('ArrowRight');
    key('Enter');
    expect(key('Escape')).toBe(false); // not handled here: <sw-game> alone skips or takes back
    expect(key('r')).toBe(false); // R means nothing while deploying
    expect(calls).toEqual(['step 1,0', 'confirm-current']);
    input.dispose();
  });

  it('keys reach the table when nothing has the focus, not when another control has it', () => {
    const { calls, key, input } = setup('place');
    key(' ', document.body);
    const button = document.createElement('button');
    document.body.append(button);
    key('r', button);
    expect(calls).toEqual(['confirm-current']);
    input.dispose();
  });

  it('does nothing when nobody is asked to act, and stops listening once disposed', () => {
    const idle = setup('idle');
    idle.pointer('pointermove', 1, 1);
    idle.pointer('pointerdown', 1, 1);
    idle.pointer('pointerup', 1, 1);
    expect(idle.key('Escape')).toBe(false);
    expect(idle.calls).toEqual([]);
    idle.input.dispose();
    const gone = setup('place');
    gone.input.dispose();
    gone.key('r');
    gone.key('f', document.body);
    expect(gone.calls).toEqual([]);
  });

  it('cancels the mouse events a tap would send afterwards (no click on controls the tap brought up)', () => {
    const { canvas, input } = setup('place');
    const end = new Event('touchend', { bubbles: true, cancelable: true });
    canvas.dispatchEvent(end);
    expect(end.defaultPrevented).toBe(true);
    input.dispose();
    const after = new Event('touchend', { bubbles: true, cancelable: true });
    canvas.dispatchEvent(after);
    expect(after.defaultPrevented).toBe(false);
  });
});
