// The game screen's keys (a Lit Reactive Controller on window keydown): in a replay the
// arrows, Page Up / Down, Home and End step through it; Esc closes the rules, else takes
// the turn back a step or skips (R5.1); Enter ends a drafted turn with no spot to choose.
// The table's own keys (R, arrows, Space / Enter, F) are table-input.ts's; Esc is only here.
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { ReplayControl } from '../session/session';

/** What the keys do, as the game screen provides it. */
export interface GameKeyActions {
  /** The replay shown, if any. */
  replay(): ReplayControl | undefined;
  rulesOpen(): boolean;
  closeRules(): void;
  /** Esc during play: one step back in the turn, or a skip; false when there is nothing to do. */
  stepBack(): boolean;
  /** Enter: ends the drafted turn when that is what it means; false otherwise. */
  enter(): boolean;
}

export class GameKeysController implements ReactiveController {
  constructor(
    host: ReactiveControllerHost,
    private readonly actions: GameKeyActions,
  ) {
    host.addController(this);
  }

  hostConnected(): void {
    window.addEventListener('keydown', this.onKey);
  }

  hostDisconnected(): void {
    window.removeEventListener('keydown', this.onKey);
  }

  private readonly onKey = (e: KeyboardEvent): void => {
    if (e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey) return;
    const origin = e.composedPath()[0];
    if (origin instanceof HTMLInputElement || origin instanceof HTMLSelectElement) return;
    const replay = this.actions.replay();
    if (replay && !this.actions.rulesOpen()) {
      const to = replayStep(e.key, replay);
      if (to !== null) {
        e.preventDefault();
        replay.go(Math.max(0, Math.min(replay.steps, to)));
        return;
      }
    }
    if (e.key === 'Escape' && this.actions.rulesOpen()) {
      this.actions.closeRules();
      e.preventDefault();
    } else if (e.key === 'Escape') {
      if (this.actions.stepBack()) e.preventDefault();
    } else if (e.key === 'Enter') {
      // nothing to deploy on the drafted tile: Enter ends the turn
      if (this.actions.enter()) e.preventDefault();
    }
  };
}

/** The replay step a key goes to (before clamping), or null when the key does not step. */
function replayStep(key: string, replay: ReplayControl): number | null {
  if (key === 'ArrowRight' || key === 'PageDown') return replay.step + 1;
  if (key === 'ArrowLeft' || key === 'PageUp') return replay.step - 1;
  if (key === 'Home') return 0;
  if (key === 'End') return replay.steps;
  return null;
}
