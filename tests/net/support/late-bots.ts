// A bot runner that answers after `ms` of simulated time: a seat whose player thinks long,
// or waits until just before each deadline (the time-bank tests).
import { chooseFromText } from '../../../src/bots/bot-choice';
import type { BotRunner } from '../../../src/bots/bot-runner';
import { serialize } from '../../../src/engine';
import type { SimClock } from '../../../src/sim/sim-clock';

export function lateBots(clock: SimClock, ms: number): BotRunner {
  return {
    choose: (state, level, seed) =>
      new Promise((resolve) => clock.setTimeout(() => resolve(chooseFromText(serialize(state), level, seed)), ms)),
    dispose() {},
  };
}
