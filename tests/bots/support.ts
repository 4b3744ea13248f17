// Shared helpers of the bot tests: game setups covering every option mix, the decisions of a
// game played out, and a legality check.
import {
  applyInPlace,
  defaultOptions,
  legalDeployments,
  legalPlacements,
  newGame,
  parseState,
  serialize,
  type Colour,
  type Deployment,
  type GameSetup,
  type Action,
  type GameState,
} from '../../src/engine';
import { SeededChooser, botAction, greedyBot, randomEventAction, type Chooser } from '../../src/bots';
import type { BotChoice } from '../../src/bots/types';

const COLOURS: Colour[] = ['red', 'black', 'green', 'white', 'orange', 'blue'];

/** Setup number g of a cycle through 2–6 seats, the team variant and every Expansion 1 switch (R2.4, R9). */
export function mixedSetup(g: number): GameSetup {
  const options = defaultOptions();
  const bits = Math.floor(g / 6);
  options.expansion = { tiles: (bits & 1) !== 0, blue: false, equipment: (bits & 2) !== 0, yellowDie: (bits & 4) !== 0 };
  options.unplaceable = (bits & 8) !== 0 ? 'return' : 'remove';
  const kind = g % 6;
  if (kind === 5) {
    options.teams = true; // R9.1: red, black, green, white alternate Rebel/Empire
    return { seats: COLOURS.slice(0, 4), options };
  }
  const seats = 2 + kind; // 2..6
  if (seats === 6) options.expansion.blue = true; // R1.3: the sixth seat is Expansion 1's blue
  return { seats: COLOURS.slice(0, seats), options };
}

const key = (x: unknown) => JSON.stringify(x);
const deploymentKey = (d: Deployment) =>
  `${d.meeple}|${'seg' in d.target ? `seg ${d.target.seg}` : `attack ${d.target.attack.x},${d.target.attack.y}`}|${d.equipment}`;

/** Throws unless the choice is one of the engine's legal options for the state (R4.1, R5, R10). */
export function assertLegal(state: GameState, choice: BotChoice): void {
  if (state.phase === 'place') {
    if (choice.type !== 'place') throw new Error(`expected a placement, got ${key(choice)}`);
    const ok = legalPlacements(state).some((p) => p.x === choice.placement.x && p.y === choice.placement.y && p.r === choice.placement.r);
    if (!ok) throw new Error(`illegal placement ${key(choice.placement)} on turn ${state.turn}`);
    return;
  }
  if (state.phase !== 'deploy' || choice.type !== 'deploy')
    throw new Error(`expected a deployment in phase ${state.phase}, got ${key(choice)}`);
  if (choice.deployment === null) return; // R5.1: deploying nothing is always allowed
  const legal = new Set(legalDeployments(state).map(deploymentKey));
  const d = choice.deployment;
  if (!legal.has(deploymentKey(d))) throw new Error(`illegal deployment ${key(d)} on turn ${state.turn}`);
}

/**
 * Plays `state` out to the end: chance events (draws, throws) from `events`, and at each seat's
 * decision (a placement or a deployment) yields the live state, then applies `move(state)`. A
 * caller that keeps a state copies it (the loop goes on changing this one).
 */
export function* decisionsOf(state: GameState, events: Chooser, move: (state: GameState) => Action): Generator<GameState> {
  while (state.phase !== 'over') {
    const event = randomEventAction(state, events);
    if (event) {
      applyInPlace(state, event);
      continue;
    }
    yield state;
    applyInPlace(state, move(state));
  }
}

/**
 * Every `every`-th decision that `keep` accepts of game `g` (`mixedSetup(g)`, played by greedy,
 * chance events seeded `eventSeed`), each a copy that crossed as text (serialize → parseState,
 * as a state crosses to the bot worker).
 */
export function sampledDecisions(g: number, every: number, eventSeed = 500 + g, keep: (s: GameState) => boolean = () => true): GameState[] {
  const rng = new SeededChooser(g);
  const out: GameState[] = [];
  let n = 0;
  for (const state of decisionsOf(newGame(mixedSetup(g)), new SeededChooser(eventSeed), (s) =>
    botAction(s, greedyBot, { rng, budgetMs: Infinity }),
  ))
    if (keep(state) && n++ % every === 0) out.push(parseState(serialize(state)));
  return out;
}
