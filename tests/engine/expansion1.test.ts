// Expansion 1: its special tiles, equipment, the yellow die, the sixth seat, and each
// option on its own (R1.3, R1.5, R1.6, R2.4, R5.5, R6.7, R6.8).
import { describe, expect, it } from 'vitest';
import { STRIDE, applyInPlace, legalDeployments, supplyList, type GameEvent, type GameState } from '../../src/engine';
import {
  EXPANSION_ALL,
  play,
  placeAndDeploy,
  scoreEvents,
  startGame,
  throwParticipants,
  type OptionsPatch,
} from '../support/engine-script';

const rootOf = (s: GameState, x: number, y: number, seg: number) => s.board.find(s.board.tileAt(x, y) * STRIDE + seg);
const ALL: OptionsPatch = { expansion: EXPANSION_ALL };
const EQUIP: OptionsPatch = { expansion: { equipment: true, yellowDie: true } };

/** Red's planet SW31 at (0,1), black's SW22 at (1,0); red to move. */
function redPlanet(equipment: 'lightsaber' | 'blaster' | null, patch: OptionsPatch = EQUIP): GameState {
  const s = startGame(['red', 'black'], patch);
  play(s, { tile: 'SW31', x: 0, y: 1, deploy: { seg: 'P', equipment } });
  play(s, { tile: 'SW22', x: 1, y: 0 });
  return s;
}

describe('the special tiles (docs/tiles.md, R7.1, R7.2)', () => {
  it('SWX01: its planet ends the routes on both sides (R7.1)', () => {
    // R7.1: the route from the start tile ends at SWX01's planet; its east route is another realm
    const s = startGame(['red', 'black'], { expansion: { tiles: true } });
    play(s, { tile: 'SWX01', x: 1, y: 0, deploy: { seg: 'R:W' } });
    expect(rootOf(s, 1, 0, 1)).not.toBe(rootOf(s, 1, 0, 2));
    const events = play(s, { tile: 'SW07', x: -1, y: 0, r: 3 }); // a field ends the west side
    // 3 tiles; the Empire symbol is on the planet, not on the route (R7.4)
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
  });

  it('SWX11: its asteroid field ends the routes on both sides (R7.1)', () => {
    // R7.1: turned once, SWX11's printed south route faces west and ends at its field
    const s = startGame(['red', 'black'], { expansion: { tiles: true } });
    play(s, { tile: 'SWX11', x: 1, y: 0, r: 1, deploy: { seg: 'R:S' } });
    const [field, north, south] = [0, 1, 2].map((seg) => rootOf(s, 1, 0, seg));
    expect(new Set([field, north, south]).size).toBe(3);
    expect(south).toBe(rootOf(s, 0, 0, 1)); // joined the start route
    const events = play(s, { tile: 'SW07', x: -1, y: 0, r: 3 });
    expect(scoreEvents(events)).toMatchObject([{ scorer: 0, points: 3, realm: { kind: 'R', symbols: [] } }]);
  });

  it('SWX04: four separate asteroid fields (R7.2)', () => {
    // R7.2: only the south field joins the start tile's field, and closes it at once (2 tiles × 2)
    const s = startGame(['red', 'black'], { expansion: { tiles: true } });
    applyInPlace(s, { type: 'draw', tile: 'SWX04' });
    applyInPlace(s, { type: 'place', x: 0, y: -1, r: 0 });
    const roots = [0, 1, 2, 3].map((seg) => rootOf(s, 0, -1, seg));
    expect(new Set(roots).size).toBe(4);
    expect(roots[2]).toBe(rootOf(s, 0, 0, 0));
    expect(legalDeployments(s).map((d) => ('seg' in d.target ? d.target.seg : -1))).toEqual([0, 0, 1, 1, 2, 2, 3, 3]);
    const events: GameEvent[] = [];
    applyInPlace(s, { type: 'deploy', deployment: { meeple: 'small', target: { seg: 2 }, equipment: null } }, events);
    expect(scoreEvents(events)).toMatchObject([{ scorer: 0, points: 4 }]);
  });
});

describe('equipment at deployment (R5.5, R1.6)', () => {
  it('every deployment is listed plain, with the lightsaber and with the blaster while they are in reserve (R5.5, R1.6)', () => {
    // R5.5, R1.6
    const s = startGame(['red', 'black'], EQUIP);
    expect(s.reserves[0]).toEqual({ small: 4, large: 1, lightsaber: true, blaster: true });
    applyInPlace(s, { type: 'draw', tile: 'SW22' });
    applyInPlace(s, { type: 'place', x: 1, y: 0, r: 0 });
    expect(legalDeployments(s).map((d) => [d.meeple, d.equipment])).toEqual([
      ['small', null],
      ['small', 'lightsaber'],
      ['small', 'blaster'],
      ['large', null],
      ['large', 'lightsaber'],
      ['large', 'blaster'],
    ]);
    applyInPlace(s, { type: 'deploy', deployment: { meeple: 'small', target: { seg: 0 }, equipment: 'lightsaber' } });
    expect(s.reserves[0]).toMatchObject({ small: 3, lightsaber: false, blaster: true });
    expect(s.meeples[0].equipment).toBe('lightsaber');
    play(s, { tile: 'SW22', x: 2, y: 0 }); // black
    applyInPlace(s, { type: 'draw', tile: 'SW04' });
    applyInPlace(s, { type: 'place', x: 0, y: -1, r: 2 }); // red again: one card left
    expect(legalDeployments(s).map((d) => [d.meeple, d.equipment])).toEqual([
      ['small', null],
      ['small', 'blaster'],
      ['large', null],
      ['large', 'blaster'],
    ]);
    expect(() => applyInPlace(s, { type: 'deploy', deployment: { meeple: 'small', target: { seg: 0 }, equipment: 'lightsaber' } })).toThrow(
      'the lightsaber is already in use (R5.5)',
    );
  });

  it('the card returns with its meeple when the realm is scored (R5.5, R7.5)', () => {
    // R5.5, R7.5
    const s = startGame(['red', 'black'], EQUIP);
    const events = play(s, { tile: 'SW04', x: 0, y: -1, r: 2, deploy: { seg: 'A:N', equipment: 'lightsaber' } }); // closes a 2-tile field
    expect(events.filter((e) => e.type === 'returned')).toMatchObject([{ seat: 0, equipment: 'lightsaber', reason: 'scored' }]);
    expect(s.reserves[0]).toEqual({ small: 4, large: 1, lightsaber: true, blaster: true });
  });
});

describe('lightsaber and blaster in battle (R6.7, R6.8)', () => {
  it('the lightsaber adds 1 to the highest die of each throw (R6.7)', () => {
    // R6.7: red's 6 + 1 beats black's 6
    const s = redPlanet('lightsaber');
    play(s, { tile: 'SW22', x: -1, y: 0 });
    const events = play(s, { tile: 'SW15', x: 1, y: 1, r: 3, deploy: { attack: { x: 0, y: 1 } }, throws: [[[6, 1], [6]]] });
    expect(events.find((e) => e.type === 'throw')).toMatchObject({
      rolls: [
        { id: 0, best: 7, lightsaber: true },
        { id: 1, best: 6, lightsaber: false },
      ],
      winner: 0,
    });
  });

  it('the blaster makes one die the yellow one (given last) without changing the dice count (R6.8, R1.5)', () => {
    // R6.8, R1.5: black's large meeple with a blaster rolls one normal die and the yellow die
    const s = redPlanet(null);
    play(s, { tile: 'SW22', x: -1, y: 0 });
    placeAndDeploy(s, { tile: 'SW15', x: 1, y: 1, r: 3, deploy: { attack: { x: 0, y: 1 }, meeple: 'large', equipment: 'blaster' } });
    const ps = throwParticipants(s);
    expect(ps.map((p) => [p.dice, p.yellow])).toEqual([
      [2, false],
      [2, true],
    ]);
    expect(() =>
      applyInPlace(s, {
        type: 'throw',
        values: [
          [1, 1],
          [7, 3],
        ],
      }),
    ).toThrow('die value 7 is outside 1–6 (R1.5)');
    expect(() =>
      applyInPlace(s, {
        type: 'throw',
        values: [
          [1, 1],
          [1, 2],
        ],
      }),
    ).toThrow('yellow die value 2 is outside 3–8 (R1.5)');
    const events: GameEvent[] = [];
    applyInPlace(
      s,
      {
        type: 'throw',
        values: [
          [6, 6],
          [1, 8],
        ],
      },
      events,
    );
    expect(events.find((e) => e.type === 'throw')).toMatchObject({ winner: 1, rolls: [{ best: 6 }, { best: 8, yellow: true }] });
    // R5.5: black stays with its blaster; red's meeple goes home
    expect(s.meeples).toEqual([expect.objectContaining({ seat: 1, equipment: 'blaster' })]);
  });

  it('lightsaber and blaster together: the best possible value is 9 (R6.8)', () => {
    // R6.8: red's lightsaber meeple and blaster meeple on one planet; 3 dice (cap), yellow 8 + 1
    const s = redPlanet('lightsaber');
    play(s, { tile: 'SW22', x: -1, y: 0, deploy: { attack: { x: 0, y: 1 }, equipment: 'blaster' } });
    placeAndDeploy(s, { tile: 'SW15', x: 1, y: 1, r: 3, deploy: { attack: { x: 0, y: 1 }, meeple: 'large' } });
    const [red] = throwParticipants(s);
    expect([red.dice, red.yellow, red.lightsaber]).toEqual([3, true, true]);
    const events: GameEvent[] = [];
    applyInPlace(
      s,
      {
        type: 'throw',
        values: [
          [1, 1, 8],
          [6, 6],
        ],
      },
      events,
    );
    expect(events.find((e) => e.type === 'throw')).toMatchObject({ rolls: [{ best: 9 }, { best: 6 }], winner: 0 });
  });

  it('several blasters: each participant gives its own yellow value (R6.8)', () => {
    // R6.8
    const s = redPlanet('blaster');
    play(s, { tile: 'SW22', x: -1, y: 0 });
    placeAndDeploy(s, { tile: 'SW15', x: 1, y: 1, r: 3, deploy: { attack: { x: 0, y: 1 }, meeple: 'large', equipment: 'blaster' } });
    expect(throwParticipants(s).map((p) => p.yellow)).toEqual([true, true]);
    const events: GameEvent[] = [];
    applyInPlace(
      s,
      {
        type: 'throw',
        values: [
          [2, 3],
          [1, 8],
        ],
      },
      events,
    );
    expect(events.find((e) => e.type === 'throw')).toMatchObject({ rolls: [{ best: 3 }, { best: 8 }], winner: 1 });
    // R5.5: red's blaster is back in its reserve with the meeple
    expect(s.reserves[0]).toMatchObject({ small: 4, blaster: true });
    expect(s.reserves[1]).toMatchObject({ large: 0, blaster: false });
  });

  it('team variant: a team fights with the equipment of both colours (R9.3)', () => {
    // R9.3, R6.7, R6.8: red's lightsaber and green's blaster make one Rebel participant
    const s = startGame(['red', 'black', 'green', 'white'], { teams: true, ...EQUIP });
    play(s, { tile: 'SW31', x: 0, y: 1, deploy: { seg: 'P', equipment: 'lightsaber' } }); // red
    play(s, { tile: 'SW22', x: 1, y: 0 }); // black
    play(s, { tile: 'SW22', x: -1, y: 0, deploy: { attack: { x: 0, y: 1 }, equipment: 'blaster' } }); // green joins red
    placeAndDeploy(s, { tile: 'SW15', x: 1, y: 1, r: 3, deploy: { attack: { x: 0, y: 1 } } }); // white attacks
    const ps = throwParticipants(s);
    expect(ps.map((p) => [p.id, p.seats, p.dice, p.yellow, p.lightsaber])).toEqual([
      [0, [0, 2], 3, true, true],
      [1, [3], 1, false, false],
    ]);
    applyInPlace(s, { type: 'throw', values: [[1, 1, 3], [5]] }); // 3 + 1 = 4 loses to 5
    expect(s.scores).toEqual([3, 0]);
    expect([s.reserves[0].lightsaber, s.reserves[2].blaster]).toEqual([true, true]); // both cards home
  });
});

describe('several cards on one side (R6.7, R6.8, R9.3)', () => {
  // Decision (docs/rules.md): a side with several lightsabers gets +1 once; with several
  // blasters, one yellow die — a team is one participant.
  function rebelsOnPlanet(card: 'lightsaber' | 'blaster'): GameState {
    const s = startGame(['red', 'black', 'green', 'white'], { teams: true, ...EQUIP });
    play(s, { tile: 'SW31', x: 0, y: 1, deploy: { seg: 'P', equipment: card } }); // red
    play(s, { tile: 'SW22', x: 1, y: 0 }); // black
    play(s, { tile: 'SW22', x: -1, y: 0, deploy: { attack: { x: 0, y: 1 }, equipment: card } }); // green joins
    placeAndDeploy(s, { tile: 'SW15', x: 1, y: 1, r: 3, deploy: { attack: { x: 0, y: 1 }, meeple: 'large' } }); // white attacks
    return s;
  }

  it('two lightsabers: +1 once (R6.7, R9.3)', () => {
    // R6.7, R9.3
    const s = rebelsOnPlanet('lightsaber');
    const events: GameEvent[] = [];
    applyInPlace(
      s,
      {
        type: 'throw',
        values: [
          [6, 1, 1],
          [1, 6],
        ],
      },
      events,
    );
    expect(events.find((e) => e.type === 'throw')).toMatchObject({ rolls: [{ best: 7 }, { best: 6 }], winner: 0 });
  });

  it('two blasters: one yellow die among the three (R6.8, R9.3)', () => {
    // R6.8, R9.3
    const s = rebelsOnPlanet('blaster');
    expect(throwParticipants(s).map((p) => [p.dice, p.yellow])).toEqual([
      [3, true],
      [2, false],
    ]);
    expect(() =>
      applyInPlace(s, {
        type: 'throw',
        values: [
          [1, 8, 8],
          [1, 6],
        ],
      }),
    ).toThrow('die value 8 is outside 1–6 (R1.5)');
    applyInPlace(s, {
      type: 'throw',
      values: [
        [1, 1, 8],
        [1, 6],
      ],
    });
    expect(s.scores).toEqual([0, 2]);
  });
});

describe('each option on its own (R2.4) and the sixth seat (R1.3)', () => {
  it('tiles only: 18 more tiles in the supply, no blue seat, no equipment (R2.4, R1.1)', () => {
    // R2.4, R1.1
    const s = startGame(['red', 'black'], { expansion: { tiles: true } });
    expect(supplyList(s)).toHaveLength(75 + 18);
    expect(s.reserves[0]).toEqual({ small: 4, large: 1, lightsaber: false, blaster: false });
    expect(() => startGame(['red', 'blue'], { expansion: { tiles: true } })).toThrow(/\(R2\.4\)$/);
    applyInPlace(s, { type: 'draw', tile: 'SW22' });
    applyInPlace(s, { type: 'place', x: 1, y: 0, r: 0 });
    expect(legalDeployments(s).every((d) => d.equipment === null)).toBe(true);
  });

  it('blue only: six seats, base tiles, no equipment (R1.3, R2.4)', () => {
    // R1.3, R2.4
    const seats = ['red', 'green', 'black', 'white', 'orange', 'blue'] as GameState['setup']['seats'];
    const s = startGame(seats, { expansion: { blue: true } });
    expect(s.scores).toHaveLength(6);
    expect(supplyList(s)).toHaveLength(75);
    expect(s.reserves[5]).toEqual({ small: 4, large: 1, lightsaber: false, blaster: false });
    expect(() => startGame(seats)).toThrow(/6 seats; this game takes 2 to 5 \(R1\.3\)$/);
    expect(() => startGame([...seats, 'red'], { expansion: { blue: true } })).toThrow(/\(R1\.3\)$/);
    expect(() => startGame(['red'])).toThrow(/\(R1\.3\)$/);
  });

  it('equipment without the yellow die: only the lightsaber is dealt; decision: a blaster acts only through it (R2.4, R1.6)', () => {
    // R2.4, R1.6
    const s = startGame(['red', 'black'], { expansion: { equipment: true } });
    expect(s.reserves[0]).toMatchObject({ lightsaber: true, blaster: false });
    applyInPlace(s, { type: 'draw', tile: 'SW22' });
    applyInPlace(s, { type: 'place', x: 1, y: 0, r: 0 });
    expect(legalDeployments(s).map((d) => d.equipment)).toEqual([null, 'lightsaber', null, 'lightsaber']);
    expect(() => applyInPlace(s, { type: 'deploy', deployment: { meeple: 'small', target: { seg: 0 }, equipment: 'blaster' } })).toThrow(
      /\(R2\.4\)$/,
    );
  });

  it('the yellow die without equipment: no blaster, so nobody ever rolls yellow (R2.4)', () => {
    // R2.4
    const s = redPlanet(null, { expansion: { yellowDie: true } });
    expect(s.reserves.map((r) => [r.lightsaber, r.blaster])).toEqual([
      [false, false],
      [false, false],
    ]);
    play(s, { tile: 'SW22', x: -1, y: 0 });
    expect(() =>
      placeAndDeploy(s, { tile: 'SW15', x: 1, y: 1, r: 3, deploy: { attack: { x: 0, y: 1 }, equipment: 'lightsaber' } }),
    ).toThrow(/\(R2\.4\)$/);
  });

  it('with everything on, six seats play with equipment and expansion tiles (R1.3, R2.4)', () => {
    // R1.3, R2.4
    const s = startGame(['red', 'green', 'black', 'white', 'orange', 'blue'], ALL);
    expect(s.reserves.every((r) => r.lightsaber && r.blaster)).toBe(true);
    expect(supplyList(s)).toContain('SWX18');
  });
});
