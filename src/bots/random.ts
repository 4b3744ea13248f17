// The random bot: uniform among the engine's legal options (skipping deployment counts as one).
import { legalDeployments, legalPlacements } from '../engine';
import type { Bot } from './types';

export const randomBot: Bot = {
  name: 'random',
  choose(state, { rng }) {
    if (state.phase === 'place') {
      const options = legalPlacements(state);
      return { type: 'place', placement: options[rng.int(options.length)] };
    }
    const options = legalDeployments(state);
    const i = rng.int(options.length + 1);
    return { type: 'deploy', deployment: i === options.length ? null : options[i] };
  },
};
