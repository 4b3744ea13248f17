// Web Worker entry: thinks for a bot seat off the main thread so the table never freezes.
// Started by bot-runner.ts as `new Worker(new URL('./bot-worker.ts', import.meta.url), { type: 'module' })`.
import { chooseFromText, type BotReply, type BotRequest } from './bot-choice';

const scope = self as unknown as {
  onmessage: ((e: MessageEvent<BotRequest>) => void) | null;
  postMessage(message: BotReply): void;
};

scope.onmessage = (e) => {
  const { id, stateText, level, seed } = e.data;
  try {
    scope.postMessage({ id, choice: chooseFromText(stateText, level, seed) });
  } catch (err) {
    scope.postMessage({ id, error: err instanceof Error ? err.message : String(err) });
  }
};
