// The scenario runner against the engine itself: random legal games written out in the
// scenario format must replay to the same scores, laps and reserves.
import { describe, expect, it } from 'vitest';
import { applyInPlace, newGame, pending, scorerName, tileDef, type GameEvent, type GameSetup, type GameState } from '../../src/engine';
import { runScenarioText } from '../../src/scenario';
import { randomAction, randomSetup } from '../support/engine-random';
import { SeededRandom as Prng } from '../../src/fair/mulberry32';

type Turn = Record<string, unknown> & { throws?: Record<string, number[]>[] };

/** Plays a random game and records it as a scenario file. */
function recordGame(setup: GameSetup, seed: number): { state: GameState; text: string } {
  const prng = new Prng(seed);
  const s = newGame(setup);
  const turns: Turn[] = [];
  let current: Turn | null = null;
  while (s.phase !== 'over') {
    const p = pending(s);
    const a = randomAction(s, prng);
    if (a.type === 'throw' && p.kind === 'throw') {
      current!.throws!.push(Object.fromEntries(p.participants.map((q, i) => [scorerName(s, q.id), a.values[i]])));
    }
    const events: GameEvent[] = [];
    applyInPlace(s, a, events);
    if (a.type === 'draw') {
      // R4.3: a drawn tile that fits nowhere is its own scenario entry
      if (events.some((e) => e.type === 'unplaceable')) turns.push({ tile: a.tile, unplaceable: true });
    } else if (a.type === 'place') {
      current = { tile: s.tiles.at(-1)!.id, x: a.x, y: a.y, rotation: a.r, deploy: null, throws: [] };
      turns.push(current);
    } else if (a.type === 'deploy' && a.deployment) {
      const d = a.deployment;
      current!.deploy =
        'seg' in d.target
          ? { meeple: d.meeple, segment: tileDef(current!.tile as string).segments[d.target.seg].label, equipment: d.equipment }
          : { meeple: d.meeple, attack: d.target.attack, equipment: d.equipment };
    }
  }
  return { state: s, text: JSON.stringify({ seats: setup.seats, options: setup.options, turns, final: false }) };
}

describe('scenario runner agrees with the engine', () => {
  it('on random games of every setup kind: scores, laps and reserves (R8.1, R8.2, R1.7, R9.1, R5.5, R4.3)', () => {
    // R8.1, R8.2, R1.7 (laps), R9.1 (team scores), R5.5 (cards in reserve), R4.3 (unplaceable entries)
    const prng = new Prng(5150);
    let lapped = 0;
    for (let g = 0; g < 24; g++) {
      const setup = randomSetup(prng);
      const { state, text } = recordGame(setup, 9000 + g);
      const r = runScenarioText(text);
      const names = state.scores.map((_, i) => scorerName(state, i));
      expect(r.scores).toEqual(Object.fromEntries(names.map((n, i) => [n, state.scores[i]])));
      expect(r.laps).toEqual(Object.fromEntries(names.map((n, i) => [n, Math.floor(state.scores[i] / 50)])));
      lapped += Object.values(r.laps).filter((l) => l > 0).length;
      state.setup.seats.forEach((c, i) => {
        expect(r.reserve[c]).toMatchObject({ small: state.reserves[i].small, large: state.reserves[i].large });
        if (setup.options.expansion.equipment)
          expect(r.reserve[c]).toMatchObject({ lightsaber: state.reserves[i].lightsaber, blaster: state.reserves[i].blaster });
      });
      expect(r.events.filter((e) => e.type === 'over')).toHaveLength(1);
    }
    expect(lapped).toBeGreaterThan(0); // some scores pass 50
  });
});
