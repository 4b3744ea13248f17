// Bot figures (issue 21): CPU per decision of the expert and the strong bot side by side on
// the same positions (the e2e check's fixed set and more from greedy games), and one expert
// search run in a worker thread whose heap is capped at 64 MB (it must finish there).
import { Worker } from 'node:worker_threads';
import { createExpertBot, createStrongBot, greedyBot, SeededChooser, botAction, randomEventAction, type Bot } from '../src/bots';
import { applyInPlace, defaultOptions, newGame, parseState, serialize, type Colour, type GameOptions, type GameState } from '../src/engine';
import { p95 } from '../src/cli/tournament';
import { median, type BenchRow } from './types';

function positions(): GameState[] {
  const out: GameState[] = [];
  const expansion = defaultOptions();
  expansion.expansion = { tiles: true, blue: true, equipment: true, yellowDie: true };
  const setups: [Colour[], GameOptions][] = [
    [['red', 'black'], defaultOptions()],
    [['red', 'black', 'blue'], expansion],
  ];
  for (const [g, [seats, options]] of setups.entries()) {
    const state = newGame({ seats, options });
    const rng = new SeededChooser(40 + g);
    const bots = new SeededChooser(41 + g);
    for (let n = 0; state.phase !== 'over'; ) {
      const e = randomEventAction(state, rng);
      if (e) {
        applyInPlace(state, e);
        continue;
      }
      if (state.phase === 'place' && n++ % 6 === 0) out.push(newGameCopy(state));
      applyInPlace(state, botAction(state, greedyBot, { rng: bots, budgetMs: Infinity }));
    }
  }
  return out;
}

function newGameCopy(s: GameState): GameState {
  return parseState(serialize(s));
}

function cpuMs(bot: Bot, states: GameState[]): number[] {
  return states.map((s, i) => {
    const u0 = process.cpuUsage();
    bot.choose(s, { rng: new SeededChooser(i), budgetMs: Infinity });
    const u = process.cpuUsage(u0);
    return (u.user + u.system) / 1000;
  });
}

function cappedSearch(stateText: string): Promise<string> {
  const source = `
    const { workerData, parentPort } = require('node:worker_threads');
    require('tsx/cjs');
    const { chooseFromText } = require(${JSON.stringify(new URL('../src/bots/bot-choice.ts', import.meta.url).pathname)});
    parentPort.postMessage(JSON.stringify(chooseFromText(workerData, 'expert', 1)));`;
  return new Promise((resolve, reject) => {
    const w = new Worker(source, {
      eval: true,
      workerData: stateText,
      resourceLimits: { maxOldGenerationSizeMb: 64, maxYoungGenerationSizeMb: 16 },
    });
    w.once('message', (m) => {
      void w.terminate();
      resolve(String(m));
    });
    w.once('error', reject);
  });
}

export default async function bots(): Promise<BenchRow[]> {
  const states = positions();
  // Side by side, alternating, so a busy machine slows both alike.
  const expert = createExpertBot();
  const strong = createStrongBot();
  const e: number[] = [];
  const s: number[] = [];
  for (const st of states) {
    e.push(...cpuMs(expert, [st]));
    s.push(...cpuMs(strong, [st]));
  }
  let capped = 'failed';
  try {
    capped = await cappedSearch(serialize(states[Math.floor(states.length / 2)]));
  } catch (err) {
    capped = `failed: ${(err as Error).message}`;
  }
  return [
    { name: `expert placement decision, CPU (median of ${e.length})`, value: median(e), unit: 'ms', target: '≤ 1000 per move' },
    { name: 'expert placement decision, CPU (p95)', value: p95(e), unit: 'ms', target: '≤ 2000' },
    { name: `strong placement decision, CPU (median of ${s.length})`, value: median(s), unit: 'ms' },
    { name: 'expert ÷ strong, CPU per decision (medians)', value: median(e) / median(s), unit: '×' },
    {
      name: 'expert search in a worker with a 64 MB heap',
      value: capped.startsWith('{') ? 1 : 0,
      unit: capped.startsWith('{') ? 'done' : 'FAILED',
      target: '1 (finishes)',
      note: capped.startsWith('{') ? undefined : capped,
    },
  ];
}
