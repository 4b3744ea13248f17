// Dev page for the tabletop: builds a board with the engine and random bots, then draws it.
// ?board=full (a whole game of 6 random bots with Expansion 1) | empty (start tile only)
//       | place (mid-game, legal cells shown) | deploy (mid-game, meeple spots shown)
// &seed=N  &turns=N (for place/deploy). Exposes window.bench for the screenshot / bench driver.
import {
  applyInPlace,
  cloneState,
  defaultOptions,
  legalDeployments,
  legalPlacements,
  newGame,
  type Colour,
  type GameEvent,
  type GameState,
} from '../src/engine';
import { randomBot } from '../src/bots/random';
import { botAction, continuePlayout, randomEventAction } from '../src/bots/playout';
import type { Chooser } from '../src/bots/types';
import { Tabletop, type TableView } from '../src/render/tabletop';
import { SeededRandom } from '../src/fair/mulberry32';

const params = new URLSearchParams(location.search);
const board = params.get('board') ?? 'full';
const seed = Number(params.get('seed') ?? 1);
const turns = Number(params.get('turns') ?? 30);

const rnd = new SeededRandom(seed);
const rng: Chooser = { int: (n) => Math.floor(rnd.next() * n) };
const seats: Colour[] = ['red', 'green', 'black', 'white', 'orange', 'blue'];
const options = defaultOptions();
options.expansion = { tiles: true, blue: true, equipment: true, yellowDie: true };
let state: GameState = newGame({ seats, options });
const events: GameEvent[] = [];
const ctx = (_seat: number) => ({ rng, budgetMs: 0 });
// &tile=SW13 with board=deploy: stop at the first deployment on that design (e.g. a four-way junction)
const onTile = new URLSearchParams(location.search).get('tile');

if (board === 'full') {
  state = continuePlayout(state, { bots: seats.map(() => randomBot), rng, ctx, events });
} else if (board === 'place' || board === 'deploy') {
  // play until the given turn, then stop where a human would act
  for (let n = 0; n < 100000; n++) {
    if (state.phase === 'over') break;
    const wantedTile = !onTile || state.tiles[state.tiles.length - 1]?.id === onTile;
    if (state.turn >= turns && state.phase === board && (board === 'place' || (legalDeployments(state).length > 0 && wantedTile))) break;
    const a = randomEventAction(state, rng) ?? botAction(state, randomBot, ctx(state.seat));
    applyInPlace(state, a, events);
  }
}

// ?board=battle|score: the turn of the first battle (or completed scoring), to replay its events
let replay: { before: GameState; after: GameState; events: GameEvent[] } | null = null;
if (board === 'battle' || board === 'score') {
  const all: GameEvent[] = [];
  let mark = { before: cloneState(state), at: 0 };
  for (let n = 0; n < 100000 && state.phase !== 'over'; n++) {
    if (state.phase === 'place') mark = { before: cloneState(state), at: all.length };
    const a = randomEventAction(state, rng) ?? botAction(state, randomBot, ctx(state.seat));
    applyInPlace(state, a, all);
    if (state.turn < turns || state.phase !== 'draw') continue;
    const turnEvents = all.slice(mark.at);
    const wanted =
      board === 'battle' ? turnEvents.some((e) => e.type === 'throw') : turnEvents.some((e) => e.type === 'score' && e.points > 2);
    if (wanted) {
      replay = { before: mark.before, after: cloneState(state), events: turnEvents };
      break;
    }
  }
  if (replay) state = replay.before;
}

const host = document.getElementById('table')!;
const table = new Tabletop(host);
const view: TableView = {
  state,
  placements: state.phase === 'place' ? legalPlacements(state) : [],
  deployments: state.phase === 'deploy' ? legalDeployments(state) : [],
  deployChoice: { meeple: 'small', equipment: null },
};
table.setView(view);
table.animator.speed = Number(params.get('speed') ?? 1);
const placed: unknown[] = [];
table.onPlace = (p) => placed.push(p);
table.onDeploy = (d) => placed.push(d);

declare global {
  interface Window {
    bench: {
      table: Tabletop;
      state: GameState;
      events: GameEvent[];
      intents: unknown[];
      view: TableView;
      play(): Promise<void>;
      replayEvents(): GameEvent[];
      advance(): void;
    };
  }
}
window.bench = {
  table,
  state,
  events,
  intents: placed,
  view,
  play: () => (replay ? table.playEvents(replay.events, replay.after) : Promise.resolve()),
  replayEvents: () => replay?.events ?? [],
  // plays on to the next placement and shows it (the board grows: the camera glides)
  advance: () => {
    const s = window.bench.state;
    do {
      const a = randomEventAction(s, rng) ?? botAction(s, randomBot, ctx(s.seat));
      applyInPlace(s, a, events);
    } while (s.phase !== 'place' && s.phase !== 'over');
    const next: TableView = {
      state: cloneState(s),
      placements: s.phase === 'place' ? legalPlacements(s) : [],
      deployments: [],
      deployChoice: view.deployChoice,
    };
    window.bench.view = next;
    table.setView(next);
  },
};
// ready once the tile designs are in (painted in a worker) and the shaders compiled: screenshots and frame times include them
await Promise.all([table.atlasReady, table.shadersReady]);
document.title = `ready ${board} tiles=${state.tiles.length} meeples=${state.meeples.length}`;
