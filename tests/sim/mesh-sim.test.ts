// The simulated network's own guard: timers that keep re-arming at one simulated instant (a
// bug that freezes simulated time, as a drop grace once did) stop the run instead of hanging it.
import { describe, expect, it } from 'vitest';
import { MAX_STEPS_AT_ONE_INSTANT, MeshSim } from '../../src/sim/mesh-sim';

describe('MeshSim.runUntil', () => {
  it('stops, and stays stopped, when timers re-arm at one instant past the limit', async () => {
    const sim = new MeshSim({ peers: 2, seed: 1 });
    let fired = 0;
    const spin = () => {
      fired++;
      sim.clock.setTimeout(spin, 0);
    };
    sim.clock.setTimeout(spin, 10);
    expect(await sim.runUntil(() => false, 60_000)).toBe(false);
    // The fault really happened: simulated time froze at 10 ms while the timer fired past the limit.
    expect(sim.clock.now()).toBe(10);
    expect(fired).toBeGreaterThan(MAX_STEPS_AT_ONE_INSTANT);
    expect(sim.spinning).toBe(true);
    const more = fired;
    expect(await sim.runUntil(() => false, 60_000)).toBe(false);
    expect(fired).toBe(more);
    sim.dispose();
  });

  it('lets many timers at one instant through when they do not re-arm', async () => {
    const sim = new MeshSim({ peers: 2, seed: 1 });
    let fired = 0;
    for (let i = 0; i < 1000; i++) sim.clock.setTimeout(() => fired++, 5);
    sim.clock.setTimeout(() => fired++, 20);
    expect(await sim.runUntil(() => fired === 1001, 60_000)).toBe(true);
    expect(sim.spinning).toBe(false);
    sim.dispose();
  });
});
