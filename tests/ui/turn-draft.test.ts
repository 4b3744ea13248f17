// A turn drafted before it is sent (issue: confirm and undo): the draft is the engine's own
// placement on a copy, nothing reaches the state the session holds, the spots are the
// engine's (R5.2–R5.4), and a spot says what it is, with the dice of the battle it starts.
import { afterEach, describe, expect, it } from 'vitest';
import { applyInPlace, legalDeployments, legalPlacements, stateHash } from '../../src/engine';
import { draftDeployment, draftPlacement, draftTarget, sameTarget } from '../../src/ui/turn-draft';
import { battleIfDeployed, spotKind, spotLabel } from '../../src/ui/spot-text';
import { setLanguage } from '../../src/ui/i18n';
import { play, startGame } from '../support/engine-script';

describe('turn drafts', () => {
  afterEach(() => setLanguage('en'));

  it("drafts a placement on a copy: the real state is untouched, the spots are the engine's", () => {
    const s = startGame(['red', 'black']);
    applyInPlace(s, { type: 'draw', tile: 'SW22' });
    const before = stateHash(s);
    const p = legalPlacements(s)[0];
    const draft = draftPlacement(s, p);
    expect(stateHash(s)).toBe(before);
    expect(s.phase).toBe('place');
    expect(draft.preview.phase).toBe('deploy');
    expect(draft.preview.tiles.at(-1)).toMatchObject({ id: 'SW22', ...p });
    expect(draft.deployments).toEqual(legalDeployments(draft.preview));
    expect(draft.target).toBeNull();
  });

  it("refuses an illegal placement with the engine's rule (R4.2)", () => {
    const s = startGame(['red', 'black']);
    applyInPlace(s, { type: 'draw', tile: 'SW22' });
    expect(() => draftPlacement(s, { x: 5, y: 5, r: 0 })).toThrow(/R4/);
  });

  it('chooses, changes and clears a spot; the deployment follows the HUD choice', () => {
    const s = startGame(['red', 'black']);
    applyInPlace(s, { type: 'draw', tile: 'SW22' });
    let draft = draftPlacement(s, legalPlacements(s)[0]);
    const [first] = draft.deployments;
    draft = draftTarget(draft, first.target);
    expect(sameTarget(draft.target, first.target)).toBe(true);
    expect(draftDeployment(draft, { meeple: 'large', equipment: null })).toEqual({ ...first, meeple: 'large' });
    expect(draftDeployment(draft, { meeple: 'small', equipment: null })).toEqual({ ...first, meeple: 'small' });
    // a target the engine does not offer is ignored
    expect(draftTarget(draft, { seg: 99 })).toBe(draft);
    draft = draftTarget(draft, null);
    expect(draftDeployment(draft, { meeple: 'small', equipment: null })).toBeNull();
  });

  it("names each spot: merchant, explorer, conqueror, and a planet attack with each side's dice (R5.4, R6.2)", () => {
    const s = startGame(['red', 'black']);
    play(s, { tile: 'SW31', x: 0, y: 1, deploy: { seg: 'P' } }); // red holds a planet
    applyInPlace(s, { type: 'draw', tile: 'SW22' }); // black
    const p = legalPlacements(s).find((q) => q.x === 1 && q.y === 0)!;
    expect(p).toBeDefined();
    const draft = draftPlacement(s, p);
    const kinds = draft.deployments.map((d) => spotKind(draft.preview, d));
    expect(kinds).toContain('merchant');
    expect(kinds).toContain('attack');
    const attack = draft.deployments.find((d) => 'attack' in d.target && d.meeple === 'small')!;
    const battle = battleIfDeployed(draft.preview, attack)!;
    expect(battle.map((q) => [q.id, q.dice])).toEqual([
      [0, 2],
      [1, 1],
    ]); // SW31's Rebel symbol gives red a die (R6.2)
    expect(spotLabel(draft.preview, attack)).toBe('attack on the neighbouring planet (south-west) (battle: red 2 dice · black 1 die)');
    const merchant = draft.deployments.find((d) => spotKind(draft.preview, d) === 'merchant')!;
    expect(battleIfDeployed(draft.preview, merchant)).toBeNull();
    expect(spotLabel(draft.preview, merchant)).toBe('merchant on the trade route');
    setLanguage('cs');
    expect(spotLabel(draft.preview, merchant)).toBe('obchodník na obchodní cestě');
  });
});
