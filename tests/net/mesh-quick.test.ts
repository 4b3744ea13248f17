import { describe, expect, it } from 'vitest';
import { defaultOptions } from '../../src/engine';
import { verifyReplay } from '../../src/fair';
import { MeshSim } from '../../src/net/mesh-sim';

const chaos = { drop: 0.1, duplicate: 0.05, minDelay: 5, maxDelay: 80, reorder: 0.1, reorderDelay: 150 };
describe('mesh quick', () => {
  for (const [peers, teams, exp] of [[2, false, false], [3, false, false], [4, true, false], [6, false, true]] as const) {
    it(`${peers} peers chaos`, async () => {
      const options = defaultOptions();
      options.teams = teams;
      if (exp) options.expansion = { tiles: true, blue: true, equipment: true, yellowDie: true };
      const sim = new MeshSim({ peers, seed: 7, chaos, options });
      await sim.open();
      const ok = await sim.runUntil(() => sim.finished(), 3_600_000);
      const logs = sim.logs();
      console.log(ok, sim.peers.map((p) => [p.session.phase, p.session.replayText().length, p.rejects.slice(0, 3)]), sim.net.stats.frames, sim.clock.now());
      expect(ok).toBe(true);
      for (const l of logs) expect(l).toBe(logs[0]);
      expect(verifyReplay(logs[0]).ok).toBe(true);
      sim.dispose();
    });
  }
});
