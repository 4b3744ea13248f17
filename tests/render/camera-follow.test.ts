// The camera keeps framing the growing board until the player moves it. The animated path
// draws the grown board (showState at the end of the animation) before the next view: the
// decision must be made against the board as last framed, or the camera stops following.
import { describe, expect, it } from 'vitest';
import { CameraFollow } from '../../src/render/camera-follow';

describe('CameraFollow', () => {
  it('frames the first view, then every view whose board grew since it was last framed', () => {
    const f = new CameraFollow();
    expect(f.shouldFrame(1)).toBe(true);
    f.framed(1);
    expect(f.shouldFrame(1)).toBe(false);
    // animated play: the animator has already drawn 2 tiles; the view that follows still re-frames
    expect(f.shouldFrame(2)).toBe(true);
    f.framed(2);
    expect(f.shouldFrame(2)).toBe(false);
  });

  it('stops following once the player moves the camera, and follows again after F / Home', () => {
    const f = new CameraFollow();
    f.framed(3);
    f.userTookOver();
    expect(f.shouldFrame(4)).toBe(false);
    expect(f.following).toBe(false);
    f.resume();
    expect(f.following).toBe(true);
    expect(f.shouldFrame(4)).toBe(true);
  });
});
