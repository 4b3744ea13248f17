// Expansion 1 (2016): the 18 tiles, the blue seat, equipment and the yellow die,
// each switched on by its own option (R2.4). Everything the expansion changes is here.
import type { Capability } from './capability';
import type { Deployment, Equipment, GameOptions } from './types';

const EQUIPMENT: readonly Equipment[] = ['lightsaber', 'blaster'];

/** The equipment cards dealt in a game (R1.6, R2.4): the blaster only with the yellow die (docs/rules.md). */
export function equipmentInPlay(options: GameOptions): Equipment[] {
  if (!options.expansion.equipment) return [];
  return options.expansion.yellowDie ? ['lightsaber', 'blaster'] : ['lightsaber'];
}

export const expansion1: Capability = {
  name: 'expansion1',

  includesTiles: (group, options) => group === 'expansion1' && options.expansion.tiles,

  allowsColour: (colour, options) => colour === 'blue' && options.expansion.blue,

  // R1.6: one lightsaber and one blaster per colour. Decision (docs/rules.md): the blaster
  // only acts through the yellow die, so with the yellow die off no blaster is dealt.
  initReserve(reserve, options) {
    const dealt = equipmentInPlay(options);
    reserve.lightsaber = dealt.includes('lightsaber');
    reserve.blaster = dealt.includes('blaster');
  },

  // R5.5: one card still in reserve may go with the deployed meeple.
  deploymentVariants(state, seat, base) {
    if (!state.setup.options.expansion.equipment) return [];
    const reserve = state.reserves[seat];
    const out: Deployment[] = [];
    for (const e of EQUIPMENT) if (reserve[e]) out.push({ ...base, equipment: e });
    return out;
  },

  rejectDeployment(state, seat, d) {
    if (d.equipment === null) return null;
    const { equipment, yellowDie } = state.setup.options.expansion;
    if (!equipment) return { message: 'equipment is not in play in this game', rule: 'R2.4' };
    if (d.equipment === 'blaster' && !yellowDie) return { message: 'the blaster needs the yellow die, which is not in play', rule: 'R2.4' };
    if (!state.reserves[seat][d.equipment]) return { message: `the ${d.equipment} is already in use`, rule: 'R5.5' };
    return null;
  },

  onDeploy(state, meeple, d) {
    if (d.equipment === null) return;
    state.reserves[meeple.seat][d.equipment] = false;
    meeple.equipment = d.equipment;
  },

  // R5.5: the card returns with its meeple.
  onReturn(state, meeple) {
    if (meeple.equipment) state.reserves[meeple.seat][meeple.equipment] = true;
  },

  // R6.7 lightsaber: +1 to the highest die; R6.8 blaster: one die is the yellow die.
  modifyParticipant(state, p, meeples) {
    if (meeples.some((m) => m.equipment === 'lightsaber')) p.lightsaber = true;
    if (state.setup.options.expansion.yellowDie && meeples.some((m) => m.equipment === 'blaster')) p.yellow = true;
  },
};
