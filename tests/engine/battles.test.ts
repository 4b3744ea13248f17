// Battles (R6) and the team variant's battles (R9).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { runScenarioText } from '../../src/scenario';
import { STRIDE, applyInPlace, pending, throwError, type GameEvent, type GameState, type Participant } from '../../src/engine';
import { play, placeAndDeploy, scoreEvents, startGame, throwParticipants, type Move } from '../support/engine-script';

const battles = (events: GameEvent[]) => events.filter((e): e is Extract<GameEvent, { type: 'battle' }> => e.type === 'battle');
const dice = (ps: Participant[]) => ps.map((p) => [p.id, p.dice]);

/** Red holds the Rebel planet SW31 at (0,1) with `meeple`; black stands by; returns the state at red's next turn. */
function redPlanet(meeple: 'small' | 'large' = 'small', seats: GameState['setup']['seats'] = ['red', 'black']): GameState {
  const s = startGame(seats);
  play(s, { tile: 'SW31', x: 0, y: 1, deploy: { seg: 'P', meeple } });
  for (let i = 1; i < seats.length; i++) play(s, { tile: 'SW22', x: i, y: 0 });
  return s;
}

describe('when battles happen and in which order (R6.1)', () => {
  it('planets, then asteroid fields, then routes, when one tile starts three battles (R6.1)', () => {
    // R6.1: red's SW26 joins a field (red vs black) and a route (black vs red) and attacks
    // black's planet, all in one turn
    const s = startGame(['red', 'black']);
    const moves: Move[] = [
      { tile: 'SW14', x: 0, y: -1, r: 2, deploy: { seg: 'A:NW' } }, // red: field S+E
      { tile: 'SW15', x: 1, y: 0, r: 1, deploy: { seg: 'R:SW' } }, // black: route W+N
      { tile: 'SW04', x: 0, y: -2, r: 0 }, // red
      { tile: 'SW34', x: 2, y: 0, r: 0, deploy: { seg: 'P' } }, // black: Empire planet
      { tile: 'SW15', x: 2, y: -1, r: 1, deploy: { seg: 'R:SW' } }, // red: route W+N
      { tile: 'SW04', x: 1, y: -2, r: 2, deploy: { seg: 'A:N' } }, // black: field S
    ];
    for (const m of moves) play(s, m);
    const events = placeAndDeploy(s, { tile: 'SW26', x: 1, y: -1, r: 0, deploy: { attack: { x: 2, y: 0 } } });
    expect(s.phase).toBe('battle');
    expect(s.battles.map((b) => s.board.defs[b.realm[0]].segments[b.realm[1]].kind)).toEqual(['P', 'A', 'R']);
    expect(battles(events).map((b) => b.realm.kind)).toEqual(['P']); // announced one at a time
    const all: GameEvent[] = [...events];
    for (let i = 0; i < 3; i++) {
      const ps = throwParticipants(s);
      expect(ps.map((p) => p.id)).toEqual([0, 1]); // R6.1: participants in seat order
      applyInPlace(s, { type: 'throw', values: [ps[0].dice === 1 ? [6] : [6, 1], ps[1].dice === 1 ? [1] : [1, 1]] }, all);
    }
    expect(battles(all).map((b) => b.realm.kind)).toEqual(['P', 'A', 'R']);
    expect(s.phase).toBe('draw');
  });

  it('within a kind, by the smallest (y, x, segment) the realm covers — not by segment order on the new tile (R6.1)', () => {
    // R6.1: SWX18 turned once joins E+S with segment 0 and W+N with segment 1; the W+N realm
    // reaches row -2, so it is fought first although its segment index is higher
    const s = startGame(['red', 'green', 'black', 'white'], { expansion: { tiles: true } });
    const moves: Move[] = [
      { tile: 'SW03', x: 0, y: -1, r: 2 }, // red: route N+E
      { tile: 'SW07', x: 0, y: -2, r: 0, deploy: { seg: 'R:S' } }, // green on it
      { tile: 'SW15', x: 1, y: 0, r: 1, deploy: { seg: 'R:SW' } }, // black: start route + N
      { tile: 'SW22', x: -1, y: 0 }, // white
      { tile: 'SW29', x: 1, y: -2, r: 0, deploy: { seg: 'R:S' } }, // red: route S
      { tile: 'SW04', x: 2, y: -2, r: 3 }, // green
      { tile: 'SW22', x: -2, y: 0 }, // black
      { tile: 'SW22', x: 2, y: -1, deploy: { seg: 'R:EW' } }, // white: route W+E
    ];
    for (const m of moves) play(s, m);
    placeAndDeploy(s, { tile: 'SWX18', x: 1, y: -1, r: 1 });
    expect(s.battles.map((b) => b.participants.map((p) => s.setup.seats[p.id]))).toEqual([
      ['red', 'green'],
      ['black', 'white'],
    ]);
    const [first, second] = s.battles;
    const rootOf = (t: number, seg: number) => s.board.find(t * STRIDE + seg);
    const placed = s.tiles.length - 1;
    expect(rootOf(first.realm[0], first.realm[1])).toBe(rootOf(placed, 1)); // the new tile's segment 1 first
    expect(rootOf(second.realm[0], second.realm[1])).toBe(rootOf(placed, 0));
    expect([s.board.ys[first.realm[0]], s.board.xs[first.realm[0]]]).toEqual([-2, 0]);
    expect(s.board.ys[second.realm[0]]).toBe(-1);
  });

  it('a realm with meeples of two players is fought even if the active player takes no part (R6.1)', () => {
    // R6.1
    const s = startGame(['red', 'black', 'green']);
    play(s, { tile: 'SW42', x: -1, y: 0, r: 3, deploy: { seg: 'R:S' } }); // red
    play(s, { tile: 'SW04', x: 0, y: 1, r: 2 }); // black
    play(s, { tile: 'SW39', x: 1, y: 1, r: 2, deploy: { seg: 'R:S' } }); // green
    play(s, { tile: 'SW22', x: -1, y: -1 }); // red
    const events = placeAndDeploy(s, { tile: 'SW15', x: 1, y: 0, r: 0 }); // black joins them
    expect(battles(events)).toHaveLength(1);
    expect(battles(events)[0].participants.map((p) => p.id)).toEqual([0, 2]);
  });
});

describe('dice (R6.2, R6.3)', () => {
  it('1 per small, 2 per large, +1 for an own symbol, at most 3 (R6.2)', () => {
    // R6.2: red large + red small + the Rebel symbol of the planet = 4, capped at 3
    const s = redPlanet('large');
    play(s, { tile: 'SW22', x: -1, y: 0, deploy: { attack: { x: 0, y: 1 } } }); // red joins its own planet: no battle (R5.6)
    expect(s.phase).toBe('draw');
    placeAndDeploy(s, { tile: 'SW15', x: 1, y: 1, r: 3, deploy: { attack: { x: 0, y: 1 } } }); // black attacks
    const ps = throwParticipants(s);
    expect(dice(ps)).toEqual([
      [0, 3],
      [1, 1],
    ]);
    expect(ps.map((p) => p.symbol)).toEqual([true, false]);
  });

  it('players of the same faction battle too, and each gets the die of its own symbol (R6.1, R6.2, R1.3)', () => {
    // R6.1, R6.2, R1.3: black and white are both Empire; outside the team variant they fight
    const s = startGame(['black', 'white']);
    play(s, { tile: 'SW34', x: 0, y: 1, deploy: { seg: 'P' } }); // black on an Empire planet
    placeAndDeploy(s, { tile: 'SW22', x: 1, y: 0, deploy: { attack: { x: 0, y: 1 } } }); // white attacks
    expect(throwParticipants(s).map((p) => [p.id, p.dice, p.symbol])).toEqual([
      [0, 2, true],
      [1, 2, true],
    ]);
  });

  it('only each participant’s highest die counts (R6.3)', () => {
    // R6.3: red's 1, 6, 1 beats black's 5
    const s = redPlanet('large');
    play(s, { tile: 'SW22', x: -1, y: 0, deploy: { attack: { x: 0, y: 1 } } }); // red: 3 dice
    const events = play(s, { tile: 'SW15', x: 1, y: 1, r: 3, deploy: { attack: { x: 0, y: 1 } }, throws: [[[1, 6, 1], [5]]] });
    const t = events.find((e) => e.type === 'throw');
    expect(t).toMatchObject({
      winner: 0,
      losers: [{ id: 1, points: 1 }],
      rolls: [
        { id: 0, best: 6 },
        { id: 1, best: 5 },
      ],
    });
  });

  it('refuses a throw with the wrong number of participants, dice or faces (R6.3, R6.2, R1.5)', () => {
    // R6.3, R6.2, R1.5
    const s = redPlanet();
    play(s, { tile: 'SW22', x: -1, y: 0 });
    placeAndDeploy(s, { tile: 'SW15', x: 1, y: 1, r: 3, deploy: { attack: { x: 0, y: 1 } } }); // black attacks
    const ps = throwParticipants(s);
    expect(dice(ps)).toEqual([
      [0, 2],
      [1, 1],
    ]);
    expect(throwError(ps, [[3]])?.rule).toBe('R6.3');
    expect(throwError(ps, [[3, 4, 1], [2]])?.rule).toBe('R6.2');
    expect(throwError(ps, [[3, 4], [0]])?.message).toBe('die value 0 is outside 1–6 (R1.5)');
    expect(throwError(ps, [[3, 4], [2.5]])?.rule).toBe('R1.5');
    expect(() => applyInPlace(s, { type: 'throw', values: [[7, 1], [2]] })).toThrow(/\(R1\.5\)$/);
    expect(s.battles[0].throws).toBe(0); // nothing changed
    expect(pending(s).kind).toBe('throw'); // R6.9: the engine waits for the shared values
  });
});

describe('ties, losers and winners (R6.4–R6.6)', () => {
  it('ties score 1 each and throw again with the same dice; the loser scores its dice once (R6.4, R6.5)', () => {
    // R6.4, R6.5: two ties, then black loses: black 1 + 1 + 1 (one die, once), red 1 + 1
    const s = redPlanet('large');
    play(s, { tile: 'SW22', x: -1, y: 0, deploy: { attack: { x: 0, y: 1 } } }); // red: 3 dice now
    const all = play(s, {
      tile: 'SW15',
      x: 1,
      y: 1,
      r: 3,
      deploy: { attack: { x: 0, y: 1 } },
      throws: [
        [[4, 2, 1], [4]],
        [[5, 5, 5], [5]],
        [[6, 1, 1], [2]],
      ],
    });
    expect(scoreEvents(all).map((e) => [e.scorer, e.reason, e.points])).toEqual([
      [0, 'tie', 1],
      [1, 'tie', 1],
      [0, 'tie', 1],
      [1, 'tie', 1],
      [1, 'lost', 1],
    ]);
    expect(s.scores).toEqual([2, 3]);
    // R6.6: red's meeples stay on the planet; black's attacker is back in the reserve
    expect(s.meeples.map((m) => m.seat)).toEqual([0, 0]);
    expect(s.reserves[1]).toMatchObject({ small: 4, large: 1 });
  });

  it('an attack from the tile that completes the planet: battle first, then the winner scores it (R3, R5.4, R6.6, R7.3)', () => {
    // R3, R5.4, R6.6, R7.3 (decision in docs/rules.md): deploy → battle → scoring
    const s = startGame(['red', 'black']);
    const ring: Move[] = [
      { tile: 'SW22', x: 1, y: 0 },
      { tile: 'SW31', x: 0, y: 1, deploy: { seg: 'P', meeple: 'large' } }, // black's planet
      { tile: 'SW22', x: -1, y: 0 },
      { tile: 'SW15', x: 1, y: 1, r: 3 },
      { tile: 'SW15', x: -1, y: 1, r: 0 },
      { tile: 'SW22', x: 2, y: 0 },
      { tile: 'SW15', x: 1, y: 2, r: 1 },
      { tile: 'SW15', x: -1, y: 2, r: 2 },
    ];
    for (const m of ring) play(s, m);
    const events = play(s, {
      tile: 'SW22',
      x: 0,
      y: 2,
      deploy: { attack: { x: 0, y: 1 } },
      throws: [
        [
          [6, 1],
          [5, 5],
        ],
      ],
    });
    const order = events.filter((e) => ['battle', 'throw', 'completed', 'score'].includes(e.type)).map((e) => e.type);
    expect(order).toEqual(['battle', 'throw', 'score', 'completed', 'score']);
    expect(scoreEvents(events).map((e) => [e.scorer, e.reason, e.points])).toEqual([
      [1, 'lost', 2],
      [0, 'complete', 11],
    ]);
    expect(s.meeples).toEqual([]);
    expect(s.scores).toEqual([11, 2]);
  });

  it('the attacker who wins stays on the planet; the defender returns (R6.6)', () => {
    // R6.6
    const s = redPlanet('small');
    play(s, { tile: 'SW22', x: -1, y: 0, r: 0 }); // red
    const events = play(s, {
      tile: 'SW15',
      x: 1,
      y: 1,
      r: 3,
      deploy: { attack: { x: 0, y: 1 }, meeple: 'large' },
      throws: [
        [
          [3, 1],
          [2, 6],
        ],
      ],
    });
    expect(events.find((e) => e.type === 'throw')).toMatchObject({ winner: 1, losers: [{ id: 0, points: 2 }] }); // red 1 small + symbol = 2 dice
    expect(s.meeples).toEqual([expect.objectContaining({ seat: 1, size: 'large' })]);
    expect(s.scores).toEqual([2, 0]);
  });

  it('with three tied at the top, all three score and throw again (R6.4)', () => {
    // R6.4: the three-player field of the worked example, but all three throw 4 first
    const scenario = JSON.parse(readFileSync(new URL('../scenarios/asteroid-battle-three-players.json', import.meta.url), 'utf8'));
    scenario.turns[6].throws = [
      { red: [4, 2], white: [4], black: [4, 1] },
      { red: [6, 1], white: [2], black: [5, 5] },
    ];
    const r = runScenarioText(JSON.stringify(scenario));
    const throws = r.events.filter((e) => e.type === 'throw');
    expect(throws.map((t) => [t.tied, t.winner])).toEqual([
      [['red', 'white', 'black'], null],
      [[], 'red'],
    ]);
    expect(throws[1].losers).toEqual([
      { who: 'white', points: 1 },
      { who: 'black', points: 2 },
    ]);
    expect(r.scores).toEqual({ red: 1 + 12, white: 1 + 1, black: 1 + 2 });
  });
});

describe('the team variant (R9)', () => {
  const teams = ['red', 'black', 'green', 'white'] as GameState['setup']['seats'];

  it('team-mates never battle; a team is one participant with dice from both colours, at most 3 (R9.2, R9.3)', () => {
    // R9.2, R9.3: Empire = black small + white large + Empire symbol of SW34 = 4 → 3
    const s = startGame(teams, { teams: true });
    play(s, { tile: 'SW22', x: 1, y: 0 }); // red
    play(s, { tile: 'SW34', x: 0, y: 1, deploy: { seg: 'P' } }); // black on the Empire planet
    play(s, { tile: 'SW22', x: -1, y: 0 }); // green
    const mates = play(s, { tile: 'SW15', x: 1, y: 1, r: 3, deploy: { attack: { x: 0, y: 1 }, meeple: 'large' } }); // white joins black
    expect(battles(mates)).toEqual([]);
    placeAndDeploy(s, { tile: 'SW15', x: -1, y: 1, r: 0, deploy: { attack: { x: 0, y: 1 } } }); // red attacks
    const ps = throwParticipants(s);
    expect(ps.map((p) => [p.id, p.seats, p.dice, p.symbol])).toEqual([
      [0, [0], 1, false],
      [1, [1, 3], 3, true],
    ]);
    applyInPlace(s, { type: 'throw', values: [[6], [5, 5, 5]] });
    // R9.3: the losing team returns the meeples of both its colours and scores 3 once
    expect(s.scores).toEqual([0, 3]);
    expect(s.meeples.map((m) => m.seat)).toEqual([0]);
    expect([s.reserves[1].small, s.reserves[3].large]).toEqual([4, 1]);
  });

  it('R5.3 still forbids a team-mate on an occupied route', () => {
    // R9.2
    const s = startGame(teams, { teams: true });
    play(s, { tile: 'SW22', x: 1, y: 0, deploy: { seg: 'R:EW' } }); // red
    play(s, { tile: 'SW22', x: 2, y: 0 }); // black
    applyInPlace(s, { type: 'draw', tile: 'SW22' });
    applyInPlace(s, { type: 'place', x: -1, y: 0, r: 0 }); // green extends red's route
    expect(() => applyInPlace(s, { type: 'deploy', deployment: { meeple: 'small', target: { seg: 0 }, equipment: null } })).toThrow(
      /\(R5\.3\)$/,
    );
  });

  it('the team variant takes exactly red, green, black and white, alternating (R9.1, R9.3)', () => {
    // R9.1, R9.3
    expect(() => startGame(['red', 'green', 'black', 'white'], { teams: true })).toThrow(/\(R9\.1\)$/);
    expect(() => startGame(['red', 'black', 'green', 'orange'], { teams: true })).toThrow(/\(R9\.3\)$/);
    expect(() => startGame(['red', 'black', 'green'], { teams: true })).toThrow(/\(R9\.3\)$/);
    expect(startGame(['black', 'red', 'white', 'green'], { teams: true }).scores).toEqual([0, 0]); // R9.1: one score per team
  });
});
