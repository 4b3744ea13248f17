// Realms across tiles and their scoring during the game (R7) and at the end (R8.2).
import { describe, expect, it } from 'vitest';
import { STRIDE, endGame, type GameEvent, type GameState } from '../../src/engine';
import { play, scoreEvents, startGame } from '../support/engine-script';

const completed = (events: GameEvent[]) => events.filter((e): e is Extract<GameEvent, { type: 'completed' }> => e.type === 'completed');
const rootOf = (s: GameState, x: number, y: number, seg: number) => s.board.find(s.board.tileAt(x, y) * STRIDE + seg);

describe('routes (R7.1)', () => {
  it('a route closing into a loop is complete: 4 curves score 4 (R7.1)', () => {
    // R7.1: "or when it closes into a loop"
    const s = startGame(['red', 'black']);
    play(s, { tile: 'SW15', x: 0, y: 1, r: 3, deploy: { seg: 'R:SW' } }); // E and S
    play(s, { tile: 'SW15', x: 1, y: 1, r: 0 }); // W and S
    const before = play(s, { tile: 'SW15', x: 0, y: 2, r: 2 }); // N and E
    expect(completed(before)).toEqual([]);
    const events = play(s, { tile: 'SW15', x: 1, y: 2, r: 1 }); // N and W: the loop closes
    expect(scoreEvents(events)).toMatchObject([
      {
        reason: 'complete',
        scorer: 0,
        points: 4,
        realm: {
          kind: 'R',
          tiles: [
            [0, 1],
            [1, 1],
            [0, 2],
            [1, 2],
          ],
        },
      },
    ]);
    expect(s.scores).toEqual([4, 0]);
    expect(s.meeples).toEqual([]);
  });

  it('ends at an intersection and at a planet: 3 tiles score 3 (R7.1)', () => {
    // R7.1: SW25's west leg stops at its intersection; SW39's route stops at its planet
    const s = startGame(['red', 'black']);
    play(s, { tile: 'SW25', x: 1, y: 0, r: 0, deploy: { seg: 'R:W' } });
    const events = play(s, { tile: 'SW39', x: -1, y: 0, r: 3 }); // black closes red's route
    expect(scoreEvents(events)).toMatchObject([
      {
        scorer: 0,
        points: 3,
        realm: {
          kind: 'R',
          tiles: [
            [-1, 0],
            [0, 0],
            [1, 0],
          ],
          symbols: [],
        },
      },
    ]);
    // the Bounty Hunter symbol on SW39 sits on its planet, not on the route (R7.4)
  });

  it('the legs of an intersection are separate realms (R7.1)', () => {
    // R7.1: an intersection ends every route that reaches it
    const s = startGame(['red', 'black']);
    play(s, { tile: 'SW13', x: 1, y: 0 });
    const roots = [0, 1, 2, 3].map((seg) => rootOf(s, 1, 0, seg));
    expect(new Set(roots).size).toBe(4);
    expect(roots[3]).toBe(rootOf(s, 0, 0, 1)); // the west leg joined the start route
  });
});

describe('asteroid fields (R7.2)', () => {
  it('complete when no open edge is left: 2 tiles score 4 (R7.2)', () => {
    // R7.2
    const s = startGame(['red', 'black']);
    const events = play(s, { tile: 'SW04', x: 0, y: -1, r: 2, deploy: { seg: 'A:N' } });
    expect(scoreEvents(events)).toMatchObject([
      {
        reason: 'complete',
        scorer: 0,
        points: 4,
        realm: {
          kind: 'A',
          tiles: [
            [0, -1],
            [0, 0],
          ],
        },
      },
    ]);
  });

  it('two separate fields on one tile stay separate (SW09; R7.2, R1.2)', () => {
    // R7.2, R1.2: A:N and A:S of SW09 are two realms
    const s = startGame(['red', 'black']);
    play(s, { tile: 'SW09', x: 0, y: -1, r: 0 });
    expect(rootOf(s, 0, -1, 0)).not.toBe(rootOf(s, 0, -1, 1));
    expect(rootOf(s, 0, -1, 1)).toBe(rootOf(s, 0, 0, 0)); // the south one joins the start field
  });
});

describe('planets (R7.3)', () => {
  it('a planet tile placed into a fully surrounded hole is complete at once (R7.3)', () => {
    // R7.3: the 8 neighbours first, then the planet with its conqueror: 9 + its symbol = 11
    const s = startGame(['red', 'black']);
    const ring = [
      { tile: 'SW22', x: 1, y: 0, r: 0 },
      { tile: 'SW22', x: -1, y: 0, r: 0 },
      { tile: 'SW15', x: 1, y: 1, r: 3 },
      { tile: 'SW15', x: -1, y: 1, r: 0 },
      { tile: 'SW15', x: 1, y: 2, r: 1 },
      { tile: 'SW15', x: -1, y: 2, r: 2 },
      { tile: 'SW22', x: 0, y: 2, r: 0 },
    ];
    for (const m of ring) play(s, m);
    expect(s.board.neighbours8(0, 1)).toBe(8);
    const events = play(s, { tile: 'SW31', x: 0, y: 1, deploy: { seg: 'P' } });
    expect(scoreEvents(events)).toMatchObject([{ reason: 'complete', points: 11, realm: { kind: 'P', symbols: ['Rebel'] } }]);
    expect(s.scores).toEqual([0, 11]); // the 8th turn is black's (seat 1)
    expect(s.meeples).toEqual([]);
  });
});

describe('symbols (R7.4)', () => {
  it('a tile counts once even when the realm runs through two of its segments; every symbol on them counts (R7.4)', () => {
    // R7.4: the route leaves SW30 east and comes back into its south leg (which carries a Bounty
    // Hunters symbol): 4 distinct tiles + 1 symbol = 6, scored by red whatever the faction.
    // (No tile of the set has symbols on two segments of the same kind, so one symbol is the most
    // this can show.)
    const s = startGame(['red', 'black']);
    play(s, { tile: 'SW30', x: 1, y: 0, r: 0, deploy: { seg: 'R:E' } });
    play(s, { tile: 'SW15', x: 2, y: 0, r: 0 });
    play(s, { tile: 'SW15', x: 2, y: 1, r: 1 });
    const events = play(s, { tile: 'SW15', x: 1, y: 1, r: 2 });
    const [score] = scoreEvents(events);
    expect(score).toMatchObject({
      scorer: 0,
      points: 6,
      realm: {
        kind: 'R',
        tiles: [
          [1, 0],
          [2, 0],
          [1, 1],
          [2, 1],
        ],
        symbols: ['BountyHunters'],
      },
    });
  });

  it('symbols in two different tiles of a field both count (R7.4)', () => {
    // R7.4: SW20 (Rebel) and SW21 (Empire) in one closed field: 4 tiles × 2 + 2 symbols × 2 = 12
    const s = startGame(['red', 'black']);
    play(s, { tile: 'SW20', x: 0, y: -1, r: 1, deploy: { seg: 'A:EW' } }); // field N–S
    expect(completed(play(s, { tile: 'SW21', x: 0, y: -2, r: 3 }))).toEqual([]); // field S and W
    const events = play(s, { tile: 'SW04', x: -1, y: -2, r: 1 }); // closes it from the west
    expect(scoreEvents(events)).toMatchObject([{ scorer: 0, points: 12, realm: { symbols: ['Rebel', 'Empire'] } }]);
  });
});

describe('who scores (R7.5)', () => {
  it('a completed realm without meeples scores nothing (R7.5)', () => {
    // R7.5
    const s = startGame(['red', 'black']);
    const events = play(s, { tile: 'SW04', x: 0, y: -1, r: 2 });
    expect(completed(events)).toMatchObject([{ scorer: null, points: 0, final: false }]);
    expect(scoreEvents(events)).toEqual([]);
    expect(s.scores).toEqual([0, 0]);
  });

  it('several meeples of one colour in a completed realm: it scores once, all return (R7.5, R5.6)', () => {
    // R7.5, R5.6: two red meeples on one planet
    const s = startGame(['red', 'black']);
    play(s, { tile: 'SW31', x: 0, y: 1, deploy: { seg: 'P' } });
    play(s, { tile: 'SW22', x: 1, y: 0 });
    play(s, { tile: 'SW22', x: -1, y: 0, deploy: { attack: { x: 0, y: 1 }, meeple: 'large' } });
    for (const m of [
      { tile: 'SW15', x: 1, y: 1, r: 3 },
      { tile: 'SW15', x: -1, y: 1, r: 0 },
      { tile: 'SW15', x: 1, y: 2, r: 1 },
      { tile: 'SW15', x: -1, y: 2, r: 2 },
    ])
      play(s, m);
    const events = play(s, { tile: 'SW22', x: 0, y: 2 });
    expect(scoreEvents(events)).toMatchObject([{ scorer: 0, points: 11 }]);
    expect(events.filter((e) => e.type === 'returned')).toHaveLength(2);
    expect(s.reserves[0]).toMatchObject({ small: 4, large: 1 });
    expect(s.scores).toEqual([11, 0]);
  });
});

describe('final scoring (R8.2)', () => {
  it('route 1 per tile, field 1 per tile, planet 1 + 1 per tile around, each + 2 per symbol (R8.2)', () => {
    // R8.2
    const s = startGame(['red', 'black']);
    play(s, { tile: 'SW20', x: 0, y: -1, r: 1, deploy: { seg: 'A:EW' } }); // red: field start + SW20 (Rebel), open north
    play(s, { tile: 'SW31', x: 0, y: 1, deploy: { seg: 'P' } }); // black: Rebel planet, 1 tile around
    play(s, { tile: 'SW12', x: 1, y: 0, r: 1, deploy: { seg: 'R:NS' } }); // red: start route + SW12 (Bounty Hunters)
    const events: GameEvent[] = [];
    endGame(s, events);
    expect(s.phase).toBe('over');
    const finals = scoreEvents(events).map((e) => [e.scorer, e.realm?.kind, e.points]);
    // planet (0,1): 1 + 2 around ((0,0), (1,0)) + 2; field: 2 tiles + 2; route: 2 tiles + 2
    expect(finals).toEqual([
      [1, 'P', 5],
      [0, 'A', 4],
      [0, 'R', 4],
    ]);
    expect(s.scores).toEqual([8, 5]);
    expect(events.at(-1)).toEqual({ type: 'over', scores: [8, 5] });
  });
});
