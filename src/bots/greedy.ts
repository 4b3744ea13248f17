// The greedy bot: the option with the best one-ply value — points scored now, the expected
// worth of the realms it holds (battle odds included, R6), minus meeples and equipment
// tied up — looking no further than the end of its own turn.
import type { Bot } from './types';
import { DEFAULT_WEIGHTS, type Weights } from './evaluate';
import { bestIndex, scoreDeployments, scoreMoves } from './moves';

export function createGreedyBot(weights: Weights = DEFAULT_WEIGHTS): Bot {
  return {
    name: 'greedy',
    choose(state, { rng }) {
      if (state.phase === 'place') {
        const moves = scoreMoves(state, weights);
        const best =
          moves[
            bestIndex(
              moves.map((m) => m.value),
              rng,
            )
          ];
        return { type: 'place', placement: best.placement };
      }
      if (state.phase !== 'deploy') throw new Error(`greedy bot asked to move in phase ${state.phase}`);
      const options = scoreDeployments(state, weights);
      return {
        type: 'deploy',
        deployment:
          options[
            bestIndex(
              options.map((o) => o.value),
              rng,
            )
          ].deployment,
      };
    },
  };
}

export const greedyBot: Bot = createGreedyBot();
