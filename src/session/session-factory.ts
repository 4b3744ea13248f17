// The one way the app opens a session: a new local game, a stored game by its id, or a
// save file. Errors are one-line messages for the player; a stored game that no longer
// loads is removed from the store (and the reason returned), never left to fail again.
import type { GameSetup } from '../engine';
import type { BotRunner } from '../bots/bot-runner';
import type { GameStore } from './game-store';
import { LocalSession, storedSeats } from './local-session';
import { oneLine } from '../fair/one-line';
import type { SeatController, Session } from './session';

export interface SessionDeps {
  store: GameStore | null;
  botRunner?: BotRunner;
  pace?: () => Promise<void>;
}

export type OpenRequest =
  | { kind: 'new-local'; setup: GameSetup; controllers: readonly SeatController[] }
  | { kind: 'stored'; gameId: string }
  | { kind: 'file'; text: string };

/** Opens a session; throws an Error with a one-line message. */
export function openSession(req: OpenRequest, deps: SessionDeps): Session {
  const opts = { store: deps.store, botRunner: deps.botRunner, pace: deps.pace };
  switch (req.kind) {
    case 'new-local':
      return LocalSession.create(req.setup, req.controllers, opts);
    case 'file':
      return LocalSession.resume(req.text, opts);
    case 'stored': {
      const text = deps.store?.load(req.gameId);
      if (!text) throw new Error(`no game ${req.gameId} is kept on this device`);
      return LocalSession.resume(text, opts);
    }
  }
}

/**
 * The stored game to return to, if any: the one on screen when the page was left, or
 * (first run after an update) the game an older version kept. A game that does not load
 * is dropped and its reason returned.
 */
export function resumeStored(
  deps: SessionDeps & { store: GameStore },
  gameId: string | null = deps.store.current,
): { session: Session | null; error: string | null } {
  const legacy = deps.store.takeLegacy();
  if (legacy) {
    try {
      const s = LocalSession.resume(legacy, { ...deps, store: null });
      if (s.state.phase !== 'over') {
        deps.store.save({ gameId: s.gameId, kind: 'local', seats: storedSeats(s.seats), turn: s.state.turn }, s.saveText());
        gameId ??= s.gameId;
      }
      s.dispose();
    } catch {
      // An unreadable old save cannot be moved; it is gone either way.
    }
  }
  if (!gameId) return { session: null, error: null };
  try {
    const session = openSession({ kind: 'stored', gameId }, deps);
    if (session.state.phase === 'over') {
      deps.store.remove(gameId);
      session.dispose();
      return { session: null, error: null };
    }
    return { session, error: null };
  } catch (e) {
    deps.store.remove(gameId);
    return { session: null, error: oneLine(e) };
  }
}
