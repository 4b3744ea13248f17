// @vitest-environment happy-dom
// A table's first frame (src/render/first-frame.ts): the canvas comes into the page with it, keys
// asked for before it reach the table then (unless the player moved on), and the board counts as
// drawn only once the shaders are compiled and the designs are in.
import { describe, expect, it } from 'vitest';
import { FirstFrame } from '../../src/render/first-frame';

function hiddenCanvas(): HTMLCanvasElement {
  const canvas = document.createElement('canvas');
  canvas.tabIndex = 0;
  canvas.style.visibility = 'hidden'; // as table-surface.ts makes it
  document.body.append(canvas);
  return canvas;
}

const settled = async (p: Promise<void>) => {
  let done = false;
  void p.then(() => (done = true));
  await new Promise((r) => setTimeout(r, 0));
  return done;
};

describe('first frame', () => {
  it('brings the canvas into the page and gives it the keys asked for while it was out', () => {
    const canvas = hiddenCanvas();
    const first = new FirstFrame(canvas, false);
    first.focus();
    expect(document.activeElement).not.toBe(canvas); // a hidden canvas cannot take the focus yet
    first.rendered(false);
    expect(canvas.style.visibility).toBe('');
    expect(document.activeElement).toBe(canvas);
    canvas.remove();
  });

  it('leaves the focus where the player put it after asking', () => {
    const canvas = hiddenCanvas();
    const input = document.createElement('input');
    document.body.append(input);
    const first = new FirstFrame(canvas, false);
    first.focus();
    input.focus();
    first.rendered(false);
    expect(canvas.style.visibility).toBe('');
    expect(document.activeElement).toBe(input);
    canvas.remove();
    input.remove();
  });

  it('counts the board drawn only with its shaders compiled and its designs in, once', async () => {
    const first = new FirstFrame(hiddenCanvas(), false);
    first.rendered(true);
    expect(first.boardDrawn).toBe(false); // not compiled yet
    first.compiled = true;
    first.rendered(false);
    expect(first.boardDrawn).toBe(false); // the designs are not in
    expect(await settled(first.drawn)).toBe(false);
    first.rendered(true);
    expect(first.boardDrawn).toBe(true);
    expect(await settled(first.drawn)).toBe(true);
  });

  it('lets whoever waits for the first frame go when the table is gone before it', async () => {
    const first = new FirstFrame(hiddenCanvas(), false);
    expect(await settled(first.drawn)).toBe(false);
    first.end();
    expect(await settled(first.drawn)).toBe(true);
    expect(first.boardDrawn).toBe(false);
  });
});
