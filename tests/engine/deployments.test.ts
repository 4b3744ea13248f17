// Deploying a meeple: what the engine lists as legal and what it refuses (R5.1–R5.6, R3).
import { describe, expect, it } from 'vitest';
import { STRIDE, applyInPlace, deploymentError, legalDeployments, type Deployment, type GameState } from '../../src/engine';
import { deploymentOf, play, startGame } from '../support/engine-script';

const root = (s: GameState, i: number) => s.board.find(s.meeples[i].tile * STRIDE + s.meeples[i].seg);

/** Draw and place, stopping in the deploy phase. */
function drawAndPlace(s: GameState, tile: string, x: number, y: number, r = 0): void {
  applyInPlace(s, { type: 'draw', tile });
  applyInPlace(s, { type: 'place', x, y, r });
}

describe('where a meeple may go (R5.2, R5.3)', () => {
  it('onto any route or field segment of the tile just placed, in either size; never into space (R5.2)', () => {
    // R5.2: SW25 is a field (N) and a T-intersection of three one-edge route segments
    const s = startGame(['red', 'black']);
    drawAndPlace(s, 'SW25', 1, 0, 0);
    const segs = (d: Deployment) => ('seg' in d.target ? d.target.seg : -1);
    expect(legalDeployments(s).map((d) => [segs(d), d.meeple, d.equipment])).toEqual([
      [0, 'small', null],
      [0, 'large', null],
      [1, 'small', null],
      [1, 'large', null],
      [2, 'small', null],
      [2, 'large', null],
      [3, 'small', null],
      [3, 'large', null],
    ]);
    expect(deploymentError(s, { meeple: 'small', target: { seg: 4 }, equipment: null })?.rule).toBe('R5.2');
  });

  it('never onto a route whose realm already holds a meeple, the player’s own included (R5.3)', () => {
    // R5.3
    const s = startGame(['red', 'black']);
    play(s, { tile: 'SW22', x: 1, y: 0, deploy: { seg: 'R:EW' } }); // red on the start route
    drawAndPlace(s, 'SW22', 2, 0); // black extends it
    expect(legalDeployments(s)).toEqual([]);
    const onRoute = deploymentOf('SW22', { seg: 'R:EW' });
    expect(deploymentError(s, onRoute)?.message).toBe('the realm of R:EW already holds a meeple (R5.3)');
    expect(() => applyInPlace(s, { type: 'deploy', deployment: onRoute })).toThrow(/\(R5\.3\)$/);
    applyInPlace(s, { type: 'deploy', deployment: null }); // R5.1: none is always legal
    drawAndPlace(s, 'SW22', -1, 0); // red extends its own route
    expect(legalDeployments(s)).toEqual([]);
    expect(deploymentError(s, onRoute)?.rule).toBe('R5.3');
  });

  it('a field beside an occupied route is its own realm and stays open (R5.3)', () => {
    // R5.3 counts realms, not tiles
    const s = startGame(['red', 'black']);
    play(s, { tile: 'SW22', x: 1, y: 0, deploy: { seg: 'R:EW' } });
    drawAndPlace(s, 'SW01', 2, 0, 0); // field north, route continuing red's route
    expect(legalDeployments(s).map((d) => ('seg' in d.target ? d.target.seg : -1))).toEqual([0, 0]);
  });
});

describe('the reserve (R5.1, R1.4)', () => {
  it('lists only the sizes left; with no meeple left nothing is listed and deploying is refused (R5.1, R1.4)', () => {
    // R5.1, R1.4: 4 small and 1 large per colour. R5.4: attacks on several planets, held or not.
    const s = startGame(['red', 'black']);
    play(s, { tile: 'SW22', x: 1, y: 0, deploy: { seg: 'R:EW' } }); // red small 1
    play(s, { tile: 'SW22', x: 2, y: 0 });
    play(s, { tile: 'SW31', x: 0, y: 1, deploy: { seg: 'P' } }); // red small 2
    play(s, { tile: 'SW22', x: -1, y: 0 });
    play(s, { tile: 'SW32', x: 1, y: 1, deploy: { seg: 'P' } }); // red small 3
    play(s, { tile: 'SW22', x: 3, y: 0 });
    play(s, { tile: 'SW33', x: -1, y: 1, deploy: { seg: 'P' } }); // red small 4
    expect(s.reserves[0]).toMatchObject({ small: 0, large: 1 });
    play(s, { tile: 'SW04', x: 0, y: -1, r: 2 });
    drawAndPlace(s, 'SW34', 0, 2, 0); // a planet tile among three planets, all red's
    // R5.4: its own new planet, and the three planets around it (sorted by y, then x)
    expect(legalDeployments(s)).toEqual([
      { meeple: 'large', target: { seg: 0 }, equipment: null },
      { meeple: 'large', target: { attack: { x: -1, y: 1 } }, equipment: null },
      { meeple: 'large', target: { attack: { x: 0, y: 1 } }, equipment: null },
      { meeple: 'large', target: { attack: { x: 1, y: 1 } }, equipment: null },
    ]);
    expect(deploymentError(s, { meeple: 'small', target: { seg: 0 }, equipment: null })?.message).toBe(
      'no small meeple left in the reserve (R5.1)',
    );
    placeAndDeployRest(s, { meeple: 'large', target: { attack: { x: 0, y: 1 } }, equipment: null });
    // R5.6: a second red meeple on red's own planet is no battle
    expect(s.phase).toBe('draw');
    expect(s.reserves[0]).toMatchObject({ small: 0, large: 0 });
    play(s, { tile: 'SW36', x: 0, y: 3 }); // black
    drawAndPlace(s, 'SW37', 1, 2, 0); // red, with an empty reserve
    expect(legalDeployments(s)).toEqual([]);
    expect(deploymentError(s, { meeple: 'large', target: { seg: 0 }, equipment: null })?.rule).toBe('R5.1');
  });
});

function placeAndDeployRest(s: GameState, d: Deployment): void {
  applyInPlace(s, { type: 'deploy', deployment: d });
}

describe('planet attacks (R5.4)', () => {
  it('a tile among the 8 cells around a planet may attack it, held by another player or empty (R5.4)', () => {
    // R5.4
    const s = startGame(['red', 'black']);
    play(s, { tile: 'SW31', x: 0, y: 1, deploy: { seg: 'P' } }); // red
    drawAndPlace(s, 'SW22', 1, 0, 0); // diagonal to the planet
    const attack = { meeple: 'small' as const, target: { attack: { x: 0, y: 1 } }, equipment: null };
    expect(legalDeployments(s)).toContainEqual(attack);
    expect(deploymentError(s, attack)).toBeNull();
    // not a planet, and a planet too far away
    expect(deploymentError(s, { ...attack, target: { attack: { x: 0, y: 0 } } })?.message).toBe('there is no planet at (0,0) (R5.4)');
    applyInPlace(s, { type: 'deploy', deployment: null });
    play(s, { tile: 'SW32', x: 0, y: 2 }); // red: a second planet, empty
    drawAndPlace(s, 'SW22', 2, 0, 0); // black, far from both planets
    expect(legalDeployments(s).some((d) => 'attack' in d.target)).toBe(false);
    expect(deploymentError(s, { ...attack, target: { attack: { x: 0, y: 1 } } })?.message).toBe(
      'the planet at (0,1) is not among the 8 cells around the tile just placed (R5.4)',
    );
  });

  it('a tile with its own planet may still attack a neighbouring planet; its own planet is new and empty (R5.4)', () => {
    // R5.4
    const s = startGame(['red', 'black']);
    play(s, { tile: 'SW31', x: 0, y: 1, deploy: { seg: 'P', meeple: 'large' } }); // red large
    drawAndPlace(s, 'SW32', 1, 1, 0); // black: a planet tile next to red's planet
    const options = legalDeployments(s);
    expect(options).toContainEqual({ meeple: 'small', target: { seg: 0 }, equipment: null });
    expect(options).toContainEqual({ meeple: 'small', target: { attack: { x: 0, y: 1 } }, equipment: null });
    applyInPlace(s, { type: 'deploy', deployment: { meeple: 'small', target: { attack: { x: 0, y: 1 } }, equipment: null } });
    // R6.1: the attack starts a battle on red's planet at once
    expect(s.phase).toBe('battle');
    expect(s.meeples.map((m) => [m.seat, s.tiles[m.tile].id])).toEqual([
      [0, 'SW31'],
      [1, 'SW31'],
    ]);
  });
});

describe('same colour in one realm (R5.6)', () => {
  it('merging two routes that each hold a red meeple is no battle (R5.6)', () => {
    // R5.6; realms merge across tiles into one union-find root
    const s = startGame(['red', 'black']);
    play(s, { tile: 'SW22', x: 1, y: 0, deploy: { seg: 'R:EW' } }); // red, start route
    play(s, { tile: 'SW15', x: 2, y: 0, r: 0 }); // black: the route turns south
    play(s, { tile: 'SW15', x: 0, y: 1, r: 3, deploy: { seg: 'R:SW' } }); // red, a separate route E and S
    expect(root(s, 0)).not.toBe(root(s, 1));
    play(s, { tile: 'SW22', x: 1, y: 1 }); // black extends red's second route east
    const events = play(s, { tile: 'SW15', x: 2, y: 1, r: 1 }); // red joins them (N and W)
    expect(events.filter((e) => e.type === 'battle')).toEqual([]);
    expect(s.phase).toBe('draw');
    expect(s.meeples).toHaveLength(2);
    expect(root(s, 0)).toBe(root(s, 1));
  });
});

describe('turn order (R3)', () => {
  it('place, then deploy, then battles and scoring; actions out of order are refused (R3)', () => {
    // R3
    const s = startGame(['red', 'black']);
    expect(() => applyInPlace(s, { type: 'place', x: 1, y: 0, r: 0 })).toThrow(/\(R3\)$/);
    applyInPlace(s, { type: 'draw', tile: 'SW22' });
    expect(() => applyInPlace(s, { type: 'deploy', deployment: null })).toThrow(/\(R3\)$/);
    applyInPlace(s, { type: 'place', x: 1, y: 0, r: 0 });
    expect(() => applyInPlace(s, { type: 'throw', values: [] })).toThrow(/\(R3\)$/);
    applyInPlace(s, { type: 'deploy', deployment: null });
    expect([s.phase, s.seat, s.turn]).toEqual(['draw', 1, 2]); // next seat clockwise
  });
});
