// The worked examples of the printed rules, rebuilt as scenario files (tests/scenarios/*.json)
// on our reconstructed tile set (docs/tiles.md) and run through the scenario runner. The boards
// are ours; the figures (dice, points, who stays) are the examples' own.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runScenarioText, type ScenarioResult } from '../../src/scenario';

const dir = fileURLToPath(new URL('../scenarios/', import.meta.url));
const run = (name: string): ScenarioResult => runScenarioText(readFileSync(dir + name, 'utf8'));
type Ev = Record<string, unknown>;
const ofType = (r: ScenarioResult, type: string): Ev[] => r.events.filter((e) => e.type === type);

describe('worked examples of the base game', () => {
  it('a 3-tile route scores 3 for the merchant even when another player completes it (R7.1, R7.5)', () => {
    // R7.1, R7.5: SW25's intersection ends the route at one side, SW07's asteroid field at the
    // other; black places the closing tile, red (merchant on the right of the intersection) scores.
    // R5.3: white's explorer went onto the field of the second tile because the route was taken.
    const r = run('route-3-points.json');
    expect(r.scores).toEqual({ red: 3, white: 0, black: 0 });
    const [score] = ofType(r, 'score');
    expect(score).toMatchObject({
      turn: 3,
      reason: 'complete',
      who: 'red',
      points: 3,
      realm: {
        kind: 'route',
        tiles: [
          [1, 0],
          [2, 0],
          [3, 0],
        ],
      },
    });
    // R7.5: the merchant returns; white's explorer (not in the scored realm) stays.
    expect(r.reserve.red).toEqual({ small: 4, large: 1 });
    expect(r.reserve.white).toEqual({ small: 3, large: 1 });
  });

  it('an asteroid field of 3 tiles with an Empire symbol scores 8 (R7.2, R7.4)', () => {
    // R7.2, R7.4: 3 tiles × 2 + 1 symbol × 2 = 8, scored when no open edge is left.
    const r = run('asteroid-field-8-points.json');
    expect(r.scores).toEqual({ red: 8, black: 0 });
    expect(ofType(r, 'score')).toEqual([
      {
        turn: 3,
        type: 'score',
        reason: 'complete',
        who: 'red',
        points: 8,
        realm: {
          kind: 'asteroid field',
          tiles: [
            [0, -1],
            [1, -1],
            [0, 0],
          ],
          symbols: ['Empire'],
        },
      },
    ]);
    expect(r.reserve.red).toEqual({ small: 4, large: 1 }); // R7.5: the explorer returns
  });

  it('a surrounded planet scores 11: 9 tiles and its own symbol (R7.3, R7.4)', () => {
    // R7.3, R7.4: the planet and the 8 cells around; only the planet's own symbol counts.
    const r = run('planet-11-points.json');
    expect(r.scores).toEqual({ red: 11, black: 0 });
    const [score] = ofType(r, 'score');
    expect(score).toMatchObject({ turn: 8, who: 'red', points: 11, realm: { kind: 'planet', symbols: ['Rebel'] } });
    expect((score.realm as { tiles: unknown[] }).tiles).toHaveLength(9);
  });

  it('route battle: 6 beats 1, the loser scores 1 and the winner the completed 4-tile route (R6.1, R6.2, R6.5, R7.1)', () => {
    // R6.1: the battle comes before scoring; R6.2: one die each — the Rebel symbol printed on
    // SW42's planet belongs to the planet, not to the route ending there (the printed example
    // makes the same point). R6.5: white scores 1 per die and takes the meeple back. R7.1: the
    // route ends at two planets (SW42, SW39) and covers 4 tiles. The printed example joins the
    // route with a tile that also shows a field and a planet; no such tile is in our set, so the
    // join is a plain curve (SW15) and the planet-symbol point is made by SW42 instead.
    const r = run('route-battle.json');
    const [battle] = ofType(r, 'battle');
    expect(battle.participants).toEqual([
      { who: 'red', dice: 1, symbol: false, yellow: false, lightsaber: false },
      { who: 'white', dice: 1, symbol: false, yellow: false, lightsaber: false },
    ]);
    expect(ofType(r, 'score')).toEqual([
      { turn: 5, type: 'score', reason: 'lost', who: 'white', points: 1 },
      {
        turn: 5,
        type: 'score',
        reason: 'complete',
        who: 'red',
        points: 4,
        realm: {
          kind: 'route',
          tiles: [
            [-1, 0],
            [0, 0],
            [1, 0],
            [1, 1],
          ],
          symbols: [],
        },
      },
    ]);
    expect(r.scores).toEqual({ red: 4, white: 1 });
  });

  it('three-player asteroid battle with a tie: white 1, then red 1+2, black 1+12 (R6.2, R6.4, R6.5, R7.2, R7.4)', () => {
    // R6.2: red 1 small + own Rebel symbol = 2 dice; white 1 small = 1; black 1 large = 2.
    // The Empire symbol on the route of SW11 beside the field gives black and white nothing.
    // R6.4: throw 1 white 3 loses, red and black tie on 4 (1 point each); throw 2 black 6 wins.
    // R6.5: red lost with 2 dice → 2 points. R7.2, R7.4: 5 tiles × 2 + 1 symbol × 2 = 12.
    const r = run('asteroid-battle-three-players.json');
    const [battle] = ofType(r, 'battle');
    expect((battle.participants as Ev[]).map((p) => [p.who, p.dice, p.symbol])).toEqual([
      ['red', 2, true],
      ['white', 1, false],
      ['black', 2, false],
    ]);
    const throws = ofType(r, 'throw');
    expect(throws.map((t) => [t.tied, t.winner, t.losers])).toEqual([
      [['red', 'black'], null, [{ who: 'white', points: 1 }]],
      [[], 'black', [{ who: 'red', points: 2 }]],
    ]);
    expect(ofType(r, 'score').map((s) => [s.who, s.reason, s.points])).toEqual([
      ['red', 'tie', 1],
      ['black', 'tie', 1],
      ['white', 'lost', 1],
      ['red', 'lost', 2],
      ['black', 'complete', 12],
    ]);
    expect(r.scores).toEqual({ red: 3, white: 1, black: 13 });
    expect(Object.values(r.reserve)).toEqual([
      { small: 4, large: 1 },
      { small: 4, large: 1 },
      { small: 4, large: 1 },
    ]);
  });

  it('planet attack with a tie: 5–5 gives 1 point each, then 5 beats 4 and the attacker stays (R5.4, R6.2, R6.4, R6.5, R6.6)', () => {
    // R5.4: red attacks white's planet from a tile among its 8 neighbours. R6.2: red 1 small +
    // the Rebel symbol on the planet = 2 dice; white's large = 2 dice, and the Empire symbol on
    // the attacking route tile (SW11) counts for nothing in a planet battle.
    // R6.4 tie → 1 point each; R6.5 white loses with 2 dice → 2 points; R6.6 the attacker stays.
    const r = run('planet-attack-tie.json');
    const [battle] = ofType(r, 'battle');
    expect((battle.participants as Ev[]).map((p) => [p.who, p.dice, p.symbol])).toEqual([
      ['red', 2, true],
      ['white', 2, false],
    ]);
    expect(ofType(r, 'score').map((s) => [s.who, s.reason, s.points])).toEqual([
      ['red', 'tie', 1],
      ['white', 'tie', 1],
      ['white', 'lost', 2],
    ]);
    expect(r.scores).toEqual({ red: 1, white: 3 });
    expect(r.reserve.red).toEqual({ small: 3, large: 1 }); // still on the planet
    expect(r.reserve.white).toEqual({ small: 4, large: 1 });
    expect(ofType(r, 'returned')).toEqual([
      { turn: 3, type: 'returned', seat: 'white', meeple: 'large', equipment: null, x: 0, y: 1, reason: 'battle' },
    ]);
  });

  it('final scoring: green 5, black 1, orange 6, white 2, red 3 (R8.2, R8.1)', () => {
    // R8.2: incomplete field 1 per tile + 2 per symbol (green 3 + 2; black 1; white 2);
    // incomplete planet 1 + 1 per tile around + its symbol (orange 1 + 3 + 2); open route 1 per
    // tile (red 3). R8.1: with "final" the scores are applied after the last turn.
    const r = run('final-scoring.json');
    expect(r.scores).toEqual({ red: 3, green: 5, black: 1, white: 2, orange: 6 });
    const finals = ofType(r, 'score').filter((s) => s.reason === 'final');
    expect(finals.map((s) => [s.who, s.points, (s.realm as Ev).kind])).toEqual([
      // R6.1 order reused for final scoring: planet, then fields by (y, x), then the route.
      ['orange', 6, 'planet'],
      ['black', 1, 'asteroid field'],
      ['white', 2, 'asteroid field'],
      ['green', 5, 'asteroid field'],
      ['red', 3, 'route'],
    ]);
    expect(ofType(r, 'over')).toHaveLength(1);
  });

  it('team variant: team dice pool both colours and the team symbol, cap 3; the losing team scores once (R9.2, R9.3, R6.4)', () => {
    // R9.2: green attacking the planet its team-mate red holds starts no battle.
    // R9.3: Rebel = red large (2) + green small (1) + Rebel planet symbol (1) = 4 → 3 dice;
    // Empire = white small = 1 die. Tie 4–4: each team scores 1 (R6.4). Then Rebel loses:
    // both colours' meeples return and the team scores 3 once (R6.5, R9.3).
    const r = run('team-battle.json');
    const battles = ofType(r, 'battle');
    expect(battles).toHaveLength(1);
    expect(battles[0].turn).toBe(4);
    expect((battles[0].participants as Ev[]).map((p) => [p.who, p.dice, p.symbol])).toEqual([
      ['Rebel', 3, true],
      ['Empire', 1, false],
    ]);
    expect(ofType(r, 'score').map((s) => [s.who, s.reason, s.points])).toEqual([
      ['Rebel', 'tie', 1],
      ['Empire', 'tie', 1],
      ['Rebel', 'lost', 3],
    ]);
    expect(r.scores).toEqual({ Rebel: 4, Empire: 1 });
    expect(ofType(r, 'returned').map((e) => [e.seat, e.meeple])).toEqual([
      ['red', 'large'],
      ['green', 'small'],
    ]);
    expect(r.reserve).toEqual({
      red: { small: 4, large: 1 },
      black: { small: 4, large: 1 },
      green: { small: 4, large: 1 },
      white: { small: 3, large: 1 },
    });
  });
});

describe('worked example of Expansion 1', () => {
  it('blue (lightsaber, own symbol) against red (blaster): 7–7 tie, then 5+1 beats 5 (R6.2)', () => {
    // R6.2: blue 1 small + the Empire symbol of its field = 2 dice; R6.7 lightsaber +1.
    // R6.8: red's single die is the yellow one. Throw 1: blue 6+1 = 7 ties red's yellow 7 → 1
    // point each (R6.4). Throw 2: blue 5+1 = 6 beats 5 → red returns meeple and blaster and
    // scores 1 (R6.5, R5.5).
    const r = run('expansion-lightsaber-vs-blaster.json');
    const [battle] = ofType(r, 'battle');
    expect(battle.participants).toEqual([
      { who: 'red', dice: 1, symbol: false, yellow: true, lightsaber: false },
      { who: 'blue', dice: 2, symbol: true, yellow: false, lightsaber: true },
    ]);
    const throws = ofType(r, 'throw');
    expect(throws.map((t) => t.best)).toEqual([
      { red: 7, blue: 7 },
      { red: 5, blue: 6 },
    ]);
    expect(throws[0].modifiers).toEqual({ red: { yellow: true, lightsaber: false }, blue: { yellow: false, lightsaber: true } });
    expect(ofType(r, 'score').map((s) => [s.who, s.reason, s.points])).toEqual([
      ['red', 'tie', 1],
      ['blue', 'tie', 1],
      ['red', 'lost', 1],
    ]);
    expect(r.scores).toEqual({ red: 2, blue: 1 });
    expect(ofType(r, 'returned')).toEqual([
      { turn: 4, type: 'returned', seat: 'red', meeple: 'small', equipment: 'blaster', x: 0, y: -1, reason: 'battle' },
    ]);
    expect(r.reserve.red).toEqual({ small: 4, large: 1, lightsaber: true, blaster: true });
    expect(r.reserve.blue).toEqual({ small: 3, large: 1, lightsaber: false, blaster: true });
  });
});
