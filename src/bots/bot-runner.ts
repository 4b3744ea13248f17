// Runs bot decisions without freezing the table: in a Web Worker in the browser, in
// process where `Worker` does not exist (Node: tests, tournaments) or cannot start.
// The state crosses as canonical text (serialize → parseState), on both paths, so a
// decision depends only on (state, level, seed) wherever it is computed (P2.6).
import { serialize, type GameState } from '../engine';
import { chooseFromText, type BotReply, type BotRequest } from './bot-choice';
import type { BotLevel } from './levels';
import type { BotChoice } from './types';

export interface BotRunner {
  choose(state: GameState, level: BotLevel, seed: number): Promise<BotChoice>;
  dispose(): void;
}

export function createInProcessRunner(): BotRunner {
  let disposed = false;
  return {
    choose(state, level, seed) {
      if (disposed) return Promise.reject(new Error('the bot runner was disposed'));
      const text = serialize(state);
      // Resolve on a later task, like the worker does, so callers behave the same on both paths.
      return new Promise((resolve, reject) => {
        setTimeout(() => {
          try {
            resolve(chooseFromText(text, level, seed));
          } catch (e) {
            reject(e instanceof Error ? e : new Error(String(e)));
          }
        }, 0);
      });
    },
    dispose() {
      disposed = true;
    },
  };
}

export function createBotRunner(): BotRunner {
  if (typeof Worker === 'undefined') return createInProcessRunner();
  let worker: Worker;
  try {
    worker = new Worker(new URL('./bot-worker.ts', import.meta.url), { type: 'module' });
  } catch {
    return createInProcessRunner();
  }
  let nextId = 1;
  let disposed = false;
  let broken = false; // the worker failed: decide in process from now on (same code, same choice)
  const fallback = createInProcessRunner();
  const waiting = new Map<number, { request: BotRequest; resolve: (c: BotChoice) => void; reject: (e: Error) => void }>();
  worker.onmessage = (e: MessageEvent<BotReply>) => {
    const reply = e.data;
    const w = waiting.get(reply.id);
    if (!w) return;
    waiting.delete(reply.id);
    if ('error' in reply) w.reject(new Error(reply.error));
    else w.resolve(reply.choice);
  };
  worker.onerror = (e) => {
    e.preventDefault();
    broken = true;
    worker.terminate();
    for (const w of waiting.values()) {
      try {
        w.resolve(chooseFromText(w.request.stateText, w.request.level, w.request.seed));
      } catch (err) {
        w.reject(err instanceof Error ? err : new Error(String(err)));
      }
    }
    waiting.clear();
  };
  return {
    choose(state, level, seed) {
      if (disposed) return Promise.reject(new Error('the bot runner was disposed'));
      if (broken) return fallback.choose(state, level, seed);
      const id = nextId++;
      const request: BotRequest = { id, stateText: serialize(state), level, seed: seed >>> 0 };
      return new Promise((resolve, reject) => {
        waiting.set(id, { request, resolve, reject });
        worker.postMessage(request);
      });
    },
    dispose() {
      disposed = true;
      worker.terminate();
      fallback.dispose();
      for (const w of waiting.values()) w.reject(new Error('the bot runner was disposed'));
      waiting.clear();
    },
  };
}
