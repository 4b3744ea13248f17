// The runner's worker path, with a stand-in Worker class (Node has none): requests and replies
// are matched by id, and a failing worker falls back to deciding in process (same choice).
import { afterEach, describe, expect, it } from 'vitest';
import { applyInPlace, newGame, serialize } from '../../src/engine';
import { SeededChooser, createBotRunner, greedyBot, randomEventAction } from '../../src/bots';
import { chooseFromText, type BotReply, type BotRequest } from '../../src/bots/bot-choice';
import { mixedSetup } from './support';

type Handler = ((e: { data: BotReply }) => void) | null;

class ReplyingWorker {
  static created: string[] = [];
  onmessage: Handler = null;
  onerror: ((e: { preventDefault(): void; message: string }) => void) | null = null;
  constructor(url: URL, opts: { type: string }) {
    ReplyingWorker.created.push(`${url.pathname.split('/').pop()} ${opts.type}`);
  }
  postMessage(req: BotRequest) {
    // Answer out of order: a later request is answered first.
    const delay = req.id % 2 ? 5 : 0;
    setTimeout(() => this.onmessage?.({ data: { id: req.id, choice: chooseFromText(req.stateText, req.level, req.seed) } }), delay);
  }
  terminate() {}
}

class FailingWorker extends ReplyingWorker {
  override postMessage() {
    setTimeout(() => this.onerror?.({ preventDefault() {}, message: 'boom' }), 0);
  }
}

function placeState() {
  const state = newGame(mixedSetup(1));
  applyInPlace(state, randomEventAction(state, new SeededChooser(2))!);
  return state;
}

afterEach(() => {
  delete (globalThis as { Worker?: unknown }).Worker;
});

describe('bot runner, worker path (P2.6)', () => {
  it('starts bot-worker.ts as a module worker and matches replies to requests', async () => {
    (globalThis as { Worker?: unknown }).Worker = ReplyingWorker;
    const runner = createBotRunner();
    const state = placeState();
    const [a, b] = await Promise.all([runner.choose(state, 'greedy', 1), runner.choose(state, 'random', 2)]);
    expect(ReplyingWorker.created).toContain('bot-worker.ts module');
    expect(a).toEqual(greedyBot.choose(state, { rng: new SeededChooser(1), budgetMs: Infinity }));
    expect(b).toEqual(chooseFromText(serialize(state), 'random', 2));
    runner.dispose();
  });

  it('falls back to deciding in process when the worker fails', async () => {
    (globalThis as { Worker?: unknown }).Worker = FailingWorker;
    const runner = createBotRunner();
    const state = placeState();
    const want = greedyBot.choose(state, { rng: new SeededChooser(5), budgetMs: Infinity });
    expect(await runner.choose(state, 'greedy', 5)).toEqual(want);
    expect(await runner.choose(state, 'greedy', 5)).toEqual(want); // later calls go in process
    runner.dispose();
  });
});
