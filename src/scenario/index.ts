// The scenario format: a scripted game (seats, options, turns, fixed dice) to parse and play.
// Its own folder, not src/engine (which imports nothing; this reads strict JSON from src/fair)
// and not src/fair (nothing here is about fair randomness): tests and `npm run scenario` use it.
export { SCENARIO_JSON_LIMITS, SCENARIO_MAX_BYTES, ScenarioError, parseScenario, type Scenario } from './parse-scenario';
export { runScenario, runScenarioText, type ScenarioResult } from './play-scenario';
