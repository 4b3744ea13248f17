// Setup, the supply, tiles that fit nowhere, the end of the game, winners, and the state as
// data: serialization, hashing and the purity of applyAction (R1.3, R1.4, R1.7, R2.2, R2.3,
// R4.3, R8.1, R8.3).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  COLOUR_FACTION,
  TILESET,
  applyAction,
  applyInPlace,
  endGame,
  newGame,
  parseState,
  pending,
  scoreLaps,
  scorerName,
  serialize,
  stateHash,
  supplyList,
  supplySize,
  winners,
  type GameEvent,
  type GameState,
} from '../../src/engine';
import { runScenarioText } from '../../src/scenario';
import { phaseOf, play, setupOf, startGame } from '../support/engine-script';
import { playRandomGame, randomAction, randomSetup } from '../support/engine-random';
import { SeededRandom as Prng } from '../../src/fair/mulberry32';

/** A board where no frontier cell accepts four route edges: SW13 (and SWX18) fit nowhere. */
function closedToCrossings(s: GameState): void {
  play(s, { tile: 'SW07', x: 1, y: 0, r: 1 }); // route end west, fields N, E, S
  play(s, { tile: 'SW39', x: -1, y: 0, r: 3 }); // route end east, space elsewhere
}

describe('setup (R1.3, R1.4, R2.2, R2.3)', () => {
  it('every seat gets 4 small and 1 large meeple; the supply holds every tile but the start tile (R1.4, R2.2)', () => {
    // R1.4, R2.2
    const s = startGame(['red', 'black', 'orange']);
    expect(s.reserves.map((r) => [r.small, r.large])).toEqual([
      [4, 1],
      [4, 1],
      [4, 1],
    ]);
    const p = pending(s);
    expect(p.kind).toBe('draw');
    if (p.kind !== 'draw') return;
    expect(p.supply).toHaveLength(75);
    expect(p.supply.filter((t) => t === 'SW01')).toHaveLength(3);
    expect(supplySize(s)).toBe(75);
  });

  it('the supply is listed in the canonical set order, whatever was drawn before (R2.2)', () => {
    // R2.2: the engine never shuffles; a draw is an index into this list chosen by shared randomness
    const s = startGame(['red', 'black'], { expansion: { tiles: true } });
    const order = TILESET.tiles.map((t) => t.id);
    const before = supplyList(s);
    expect(before).toEqual([...before].sort((a, b) => order.indexOf(a) - order.indexOf(b)));
    play(s, { tile: 'SW22', x: 1, y: 0 });
    const after = supplyList(s);
    const expected = [...before];
    expected.splice(before.indexOf('SW22'), 1);
    expect(after).toEqual(expected);
  });

  it('colours belong to factions; scores are named by colour, or by team in the team variant (R1.3)', () => {
    // R1.3
    expect(COLOUR_FACTION).toEqual({
      red: 'Rebel',
      green: 'Rebel',
      black: 'Empire',
      white: 'Empire',
      orange: 'BountyHunters',
      blue: 'Empire',
    });
    const s = startGame(['orange', 'red']);
    expect([scorerName(s, 0), scorerName(s, 1)]).toEqual(['orange', 'red']);
    const t = startGame(['red', 'black', 'green', 'white'], { teams: true });
    expect([scorerName(t, 0), scorerName(t, 1)]).toEqual(['Rebel', 'Empire']);
    expect(() => startGame(['red', 'red'])).toThrow(/\(R1\.3\)$/);
    expect(() => startGame(['red', 'purple' as 'red'])).toThrow(/\(R1\.3\)$/);
  });

  it('seat 0 moves first, then each seat in order, round and round (R2.3, R3)', () => {
    // R2.3, R3
    const s = startGame(['white', 'orange', 'red']);
    const seats: number[] = [];
    for (const m of [
      { tile: 'SW22', x: 1, y: 0 },
      { tile: 'SW22', x: 2, y: 0 },
      { tile: 'SW22', x: 3, y: 0 },
      { tile: 'SW22', x: -1, y: 0 },
    ]) {
      seats.push(s.seat);
      play(s, m);
    }
    expect(seats).toEqual([0, 1, 2, 0]);
    expect([s.seat, s.turn]).toEqual([1, 5]);
  });

  it('a draw must name a tile still in the supply (R2.2, R1.1, R2.4)', () => {
    // R2.2, R1.1, R2.4
    const s = startGame(['red', 'black']);
    expect(() => applyInPlace(s, { type: 'draw', tile: 'SW99' })).toThrow(/\(R1\.1\)$/);
    expect(() => applyInPlace(s, { type: 'draw', tile: 'SWX01' })).toThrow(/\(R2\.4\)$/);
    play(s, { tile: 'SW05', x: 0, y: -1 });
    expect(() => applyInPlace(s, { type: 'draw', tile: 'SW05' })).toThrow('no copy of SW05 is left in the supply (the set holds 1) (R2.2)');
    expect(s.phase).toBe('draw');
  });
});

describe('a tile that fits nowhere (R4.3)', () => {
  it('"remove": it leaves the game and the same player draws again (R4.3)', () => {
    // R4.3
    const s = startGame(['red', 'black']);
    closedToCrossings(s);
    const before = supplySize(s);
    const events: GameEvent[] = [];
    applyInPlace(s, { type: 'draw', tile: 'SW13' }, events);
    expect(events).toEqual([
      { type: 'drawn', seat: 0, tile: 'SW13' },
      { type: 'unplaceable', seat: 0, tile: 'SW13', outcome: 'removed' },
    ]);
    expect(s.removed).toEqual(['SW13']);
    expect(s.supply.SW13).toBe(0);
    expect(supplySize(s)).toBe(before - 1);
    expect([s.phase, s.seat, s.turn]).toEqual(['draw', 0, 3]);
  });

  it('"return" (Z-Man): it goes back into the supply and the same player draws again (R4.3)', () => {
    // R4.3 option
    const s = startGame(['red', 'black'], { unplaceable: 'return' });
    closedToCrossings(s);
    const before = supplySize(s);
    const events: GameEvent[] = [];
    applyInPlace(s, { type: 'draw', tile: 'SW13' }, events);
    expect(events[1]).toEqual({ type: 'unplaceable', seat: 0, tile: 'SW13', outcome: 'returned' });
    expect(s.removed).toEqual([]);
    expect(s.supply.SW13).toBe(1);
    expect(supplySize(s)).toBe(before);
    expect([s.phase, s.seat]).toEqual(['draw', 0]);
    play(s, { tile: 'SW22', x: 0, y: 1 }); // the redraw fits
    expect(s.tiles).toHaveLength(4);
  });

  it('"return": when nothing left in the supply fits anywhere, those tiles are removed and the game ends (R4.3, R8.1)', () => {
    // R4.3, R8.1 — decision in the engine's applyDraw: otherwise the game could never end.
    // The scenario places the other 74 base tiles so that no cell accepts SW13's four routes.
    const r = runScenarioText(readFileSync(new URL('../scenarios/last-tile-fits-nowhere-return.json', import.meta.url), 'utf8'));
    expect(r.events.filter((e) => e.type === 'unplaceable' || e.type === 'over')).toEqual([
      { turn: 75, type: 'unplaceable', seat: 'red', tile: 'SW13', outcome: 'returned' },
      { turn: 75, type: 'unplaceable', seat: 'red', tile: 'SW13', outcome: 'removed' },
      { turn: 75, type: 'over', scores: { red: 0, black: 0 } },
    ]);
  });

  it('"remove": the game ends when the last tile of the supply fits nowhere (R8.1)', () => {
    // R8.1: "a tile that fits nowhere is removed as R4.3 says" — and the supply is then empty
    const r = runScenarioText(readFileSync(new URL('../scenarios/last-tile-fits-nowhere-remove.json', import.meta.url), 'utf8'));
    expect(r.events.filter((e) => e.type === 'unplaceable' || e.type === 'over')).toEqual([
      { turn: 75, type: 'unplaceable', seat: 'red', tile: 'SW13', outcome: 'removed' },
      { turn: 75, type: 'over', scores: { red: 0, black: 0 } },
    ]);
  });
});

describe('the end (R8.1, R8.3, R1.7)', () => {
  it('the game ends after the turn that places the last tile, and then accepts nothing (R8.1)', () => {
    // R8.1
    const { state, actions } = playRandomGame(setupOf(['red', 'black']), 99);
    expect(state.phase).toBe('over');
    expect(supplySize(state)).toBe(0);
    expect(supplyList(state)).toEqual([]);
    const lastPlace = actions.map((a) => a.type).lastIndexOf('place');
    expect(actions.slice(lastPlace + 1).every((a) => a.type === 'deploy' || a.type === 'throw')).toBe(true);
    expect(() => applyInPlace(state, { type: 'draw', tile: 'SW01' })).toThrow('the game is over (R8.1)');
  });

  it('endGame applies final scoring only between turns (R8.1, R8.2)', () => {
    // R8.1, R8.2
    const s = startGame(['red', 'black']);
    applyInPlace(s, { type: 'draw', tile: 'SW22' });
    expect(() => endGame(s)).toThrow(/\(R8\.1\)$/);
  });

  it('the highest score wins; equal scores share the victory (R8.3)', () => {
    // R8.3
    const s = startGame(['red', 'black', 'green']);
    endGame(s);
    expect(winners(s)).toEqual([0, 1, 2]);
    const t = startGame(['red', 'black', 'green']);
    play(t, { tile: 'SW25', x: 1, y: 0, deploy: { seg: 'R:W' } }); // red
    play(t, { tile: 'SW22', x: 0, y: 1, deploy: { seg: 'R:EW' } }); // black
    play(t, { tile: 'SW39', x: -1, y: 0, r: 3 }); // green completes red's 3-tile route
    endGame(t); // black's open route: 1 tile
    expect(t.scores).toEqual([3, 1, 0]);
    expect(winners(t)).toEqual([0]);
    const u = startGame(['red', 'black']);
    play(u, { tile: 'SW22', x: 1, y: 0, deploy: { seg: 'R:EW' } });
    play(u, { tile: 'SW14', x: 0, y: -1, r: 2, deploy: { seg: 'A:NW' } }); // black: open 2-tile field
    endGame(u);
    expect(u.scores).toEqual([2, 2]);
    expect(winners(u)).toEqual([0, 1]);
  });

  it('score laps of 50 for the score track (R1.7)', () => {
    // R1.7
    expect([0, 49, 50, 123].map(scoreLaps)).toEqual([
      { laps: 0, position: 0 },
      { laps: 0, position: 49 },
      { laps: 1, position: 0 },
      { laps: 2, position: 23 },
    ]);
  });
});

describe('the state as data (R6.9, P1.1)', () => {
  it('serialize → parseState → serialize is byte-identical, and equal states hash equal, at many points of random games (P1.1)', () => {
    // R6.9: every peer computes the same state from the same actions
    const prng = new Prng(777);
    let checked = 0;
    for (let g = 0; g < 12; g++) {
      const setup = randomSetup(prng);
      const a = newGame(setup);
      const b = newGame(setup);
      let step = 0;
      while (a.phase !== 'over') {
        const action = randomAction(a, prng);
        applyInPlace(a, action);
        applyInPlace(b, structuredClone(action));
        if (step++ % 5 === 0 || phaseOf(a) === 'battle' || phaseOf(a) === 'over') {
          const text = serialize(a);
          const parsed = parseState(text);
          expect(serialize(parsed)).toBe(text);
          expect(stateHash(parsed)).toBe(stateHash(a));
          expect(stateHash(b)).toBe(stateHash(a));
          checked++;
          if (phaseOf(a) !== 'over') {
            // the parsed state plays on exactly like the original
            const next = randomAction(a, new Prng(step));
            expect(stateHash(applyAction(parsed, next).state)).toBe(stateHash(applyAction(a, next).state));
          }
        }
      }
    }
    expect(checked).toBeGreaterThan(500);
  });

  it('different states hash differently', () => {
    // P1.1
    const a = startGame(['red', 'black']);
    const b = startGame(['red', 'black']);
    expect(stateHash(a)).toBe(stateHash(b));
    applyInPlace(b, { type: 'draw', tile: 'SW22' });
    expect(stateHash(a)).not.toBe(stateHash(b));
    expect(stateHash(a)).toMatch(/^[0-9a-f]{64}$/);
  });

  it('parseState refuses malformed text with a one-line reason', () => {
    // P1.1
    expect(() => parseState('{')).toThrow(/^state: text: not JSON/);
    const good = JSON.parse(serialize(startGame(['red', 'black'])));
    expect(() => parseState(JSON.stringify({ ...good, v: 99 }))).toThrow(/^state: v:/);
    expect(() => parseState(JSON.stringify({ ...good, tiles: [{ id: 'SW99', x: 0, y: 0, r: 0 }] }))).toThrow(/^state: tiles\[0\]/);
    expect(() => parseState(JSON.stringify({ ...good, scores: [0.5, 0] }))).toThrow(/^state: scores\[0\]/);
    // two tiles in one cell, or a cell outside the board index's range (it would alias another)
    const start = good.tiles[0];
    expect(() => parseState(JSON.stringify({ ...good, tiles: [start, { id: 'SW22', x: 0, y: 0, r: 0 }] }))).toThrow(/^state: tiles\[1\]/);
    expect(() => parseState(JSON.stringify({ ...good, tiles: [start, { id: 'SW22', x: 0, y: 8192, r: 0 }] }))).toThrow(
      /^state: tiles\[1\]/,
    );
  });

  it('applyAction never changes its input', () => {
    // P1.1: the pure form returns a new state
    const prng = new Prng(31337);
    for (let g = 0; g < 6; g++) {
      let s = newGame(randomSetup(prng));
      while (s.phase !== 'over') {
        const action = randomAction(s, prng);
        const text = serialize(s);
        const board = JSON.stringify([[...s.board.cells], s.board.parent, s.board.open, [...s.board.constraints], s.board.frontierYX]);
        const { state: next } = applyAction(s, action);
        expect(serialize(s)).toBe(text);
        expect(JSON.stringify([[...s.board.cells], s.board.parent, s.board.open, [...s.board.constraints], s.board.frontierYX])).toBe(
          board,
        );
        s = next;
      }
    }
  });
});

describe('score track', () => {
  it('exposes each score with its laps of 50 (R1.7)', async () => {
    const { newGame, scoreTrack, defaultOptions } = await import('../../src/engine');
    const state = newGame({ seats: ['red', 'black'], options: defaultOptions() });
    state.scores = [49, 123];
    expect(scoreTrack(state)).toEqual([
      { name: 'red', score: 49, laps: 0, position: 49 },
      { name: 'black', score: 123, laps: 2, position: 23 },
    ]);
  });
});
