// Tweens of the table's animations: driven by frames, scaled by the speed factor, and ended
// by a timer when no frame comes (a hidden page must never make the game wait).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Tweens, easeInOut, easeOutBounce, easeOutCubic } from '../../src/render/tweens';

describe('tweens', () => {
  afterEach(() => vi.useRealTimers());

  it('runs from the first frame for its duration, asks for frames, and ends on step(1)', async () => {
    let frames = 0;
    const tweens = new Tweens(() => frames++);
    const steps: number[] = [];
    let done = false;
    void tweens.tween(100, (t) => steps.push(t)).then(() => (done = true));
    expect(frames).toBe(1);
    expect(tweens.update(1000)).toBe(true); // the first frame starts it
    expect(tweens.update(1050)).toBe(true);
    expect(tweens.update(1100)).toBe(false);
    await Promise.resolve();
    expect(done).toBe(true);
    expect(steps).toEqual([0, 0.5, 1, 1]);
  });

  it('takes longer at a lower speed, and a timer finishes it without frames', async () => {
    vi.useFakeTimers();
    const tweens = new Tweens(() => {});
    tweens.speed = 0.5;
    const steps: number[] = [];
    const ended = tweens.tween(100, (t) => steps.push(t));
    tweens.update(0);
    tweens.update(100);
    expect(steps).toEqual([0, 0.5]);
    vi.advanceTimersByTime(200 + 400);
    await ended;
    expect(steps.at(-1)).toBe(1);
  });

  it('dispose ends what runs and starts nothing more', async () => {
    const tweens = new Tweens(() => {});
    const steps: number[] = [];
    const running = tweens.tween(100, (t) => steps.push(t));
    tweens.dispose();
    await running;
    expect(steps).toEqual([1]);
    await tweens.tween(100, (t) => steps.push(t));
    expect(steps).toEqual([1]);
    expect(tweens.update(0)).toBe(false);
  });

  it('eases from 0 to 1', () => {
    for (const ease of [easeOutCubic, easeInOut, easeOutBounce]) {
      expect(ease(0)).toBeCloseTo(0);
      expect(ease(1)).toBeCloseTo(1);
    }
  });
});
