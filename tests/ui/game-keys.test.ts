// @vitest-environment happy-dom
// The game screen's keys: a replay steps with the arrows, Page keys, Home and End (clamped);
// Esc closes the rules before anything else, then takes the turn back a step (R5.1); Enter
// is the turn's only when it ends it; typing in a field and modified keys are left alone.
import { afterEach, describe, expect, it } from 'vitest';
import { GameKeysController, type GameKeyActions } from '../../src/ui/game-keys';

function keysWith(patch: Partial<GameKeyActions> & { step?: number; steps?: number } = {}) {
  const log: string[] = [];
  const replay =
    patch.steps === undefined
      ? undefined
      : {
          step: patch.step ?? 0,
          steps: patch.steps,
          go: (n: number) => log.push(`go ${n}`),
        };
  const actions: GameKeyActions = {
    replay: () => replay,
    rulesOpen: () => false,
    closeRules: () => log.push('close rules'),
    stepBack: () => (log.push('step back'), true),
    enter: () => (log.push('enter'), false),
    ...patch,
  };
  const host = { addController() {}, removeController() {}, requestUpdate() {}, updateComplete: Promise.resolve(true) };
  const keys = new GameKeysController(host, actions);
  keys.hostConnected();
  return { log, keys };
}

function press(key: string, init: KeyboardEventInit = {}, target: EventTarget = window): KeyboardEvent {
  const e = new KeyboardEvent('keydown', { key, bubbles: true, composed: true, cancelable: true, ...init });
  target.dispatchEvent(e);
  return e;
}

describe('game keys', () => {
  let disconnect: (() => void) | null = null;
  afterEach(() => {
    disconnect?.();
    document.body.replaceChildren();
  });

  it('steps through a replay, clamped to its ends', () => {
    const { log, keys } = keysWith({ step: 3, steps: 5 });
    disconnect = () => keys.hostDisconnected();
    for (const key of ['ArrowRight', 'PageDown', 'ArrowLeft', 'PageUp', 'Home', 'End']) expect(press(key).defaultPrevented).toBe(true);
    expect(log).toEqual(['go 4', 'go 4', 'go 2', 'go 2', 'go 0', 'go 5']);
    keys.hostDisconnected();
    const end = keysWith({ step: 5, steps: 5 });
    press('ArrowRight');
    end.keys.hostDisconnected();
    expect(end.log).toEqual(['go 5']);
  });

  it('Esc closes the rules first (a replay does not step under them), then steps the turn back', () => {
    let rules = true;
    const closeRules = () => ((rules = false), log.push('close rules'));
    const { log, keys } = keysWith({ step: 1, steps: 4, rulesOpen: () => rules, closeRules });
    disconnect = () => keys.hostDisconnected();
    press('ArrowRight');
    expect(press('Escape').defaultPrevented).toBe(true);
    expect(press('Escape').defaultPrevented).toBe(true);
    expect(log).toEqual(['close rules', 'step back']);
  });

  it('leaves keys alone when the turn has nothing to do, in a field, with a modifier, or once handled', () => {
    const { log, keys } = keysWith({ stepBack: () => (log.push('step back'), false) });
    disconnect = () => keys.hostDisconnected();
    expect(press('Escape').defaultPrevented).toBe(false);
    expect(press('Enter').defaultPrevented).toBe(false);
    const input = document.createElement('input');
    document.body.append(input);
    press('Escape', {}, input);
    press('Escape', { ctrlKey: true });
    const handled = new KeyboardEvent('keydown', { key: 'Escape', cancelable: true });
    handled.preventDefault();
    window.dispatchEvent(handled);
    expect(log).toEqual(['step back', 'enter']);
  });

  it('stops listening when its host disconnects', () => {
    const { log, keys } = keysWith();
    keys.hostDisconnected();
    press('Escape');
    expect(log).toEqual([]);
  });
});
