import { describe, expect, it } from 'vitest';
import { defaultOptions, legalDeployments, legalPlacements, stateHash, type GameSetup } from '../../src/engine';
import { replayLog, verifyReplay } from '../../src/fair';
import { LocalSession, type KeyValueStorage } from '../../src/session/local-session';
import { GameStore, LEGACY_STORAGE_KEY } from '../../src/session/game-store';
import { resumeStored } from '../../src/session/session-factory';
import { parseLocalSave } from '../../src/session/local-save';
import { botSeed } from '../../src/session/bot-seed';
import type { Session, SessionUpdate } from '../../src/session/session';

class MemoryStorage implements KeyValueStorage {
  data = new Map<string, string>();
  getItem(k: string) {
    return this.data.get(k) ?? null;
  }
  setItem(k: string, v: string) {
    this.data.set(k, v);
  }
  removeItem(k: string) {
    this.data.delete(k);
  }
}

const setup: GameSetup = { seats: ['red', 'black'], options: defaultOptions() };
const secrets = [new Uint8Array(32).fill(1), new Uint8Array(32).fill(2)];

/** Plays the local humans' moves with the first legal option until the state is over or `turns` pass. */
async function playHumans(session: Session, maxTurns = Infinity): Promise<void> {
  while (session.state.phase !== 'over' && session.state.turn <= maxTurns) {
    if (session.state.phase === 'place') await session.place(legalPlacements(session.state)[0]);
    else if (session.state.phase === 'deploy') await session.deploy(legalDeployments(session.state)[0] ?? null);
    else throw new Error(`unexpected phase ${session.state.phase}`);
  }
}

describe('LocalSession', () => {
  it('plays a hotseat game to the end with fair dice, and the replay re-derives the same scores (P1.5)', async () => {
    const store = new GameStore(new MemoryStorage());
    const session = LocalSession.create(setup, [{ kind: 'human' }, { kind: 'human' }], { store, secrets });
    const updates: SessionUpdate[] = [];
    session.subscribe((u) => updates.push(u));
    await session.start();
    expect(session.state.phase).toBe('place');
    expect(session.status).toEqual({ kind: 'your-move', seat: 0 });
    await playHumans(session);
    expect(session.state.phase).toBe('over');
    expect(session.status.kind).toBe('over');
    // P1.5: the replay file re-derives the final state.
    const replay = replayLog(session.replayText());
    expect(stateHash(replay.states[replay.states.length - 1])).toBe(stateHash(session.state));
    expect(verifyReplay(session.replayText()).ok).toBe(true);
    // Every step's events are in the history, and the history's 'over' scores are the engine's (R8).
    const over = session.history().filter((e) => e.type === 'over');
    expect(over).toHaveLength(1);
    expect(over[0].type === 'over' && over[0].scores).toEqual(session.state.scores);
    expect(updates.length).toBeGreaterThan(100);
    // A finished game is no longer "in progress".
    expect(store.list()).toEqual([]);
    expect(store.load(session.gameId)).toBeNull();
    session.dispose();
  });

  it('rejects an illegal placement with a one-line message and changes nothing (R4.2, P1.3)', async () => {
    const session = LocalSession.create(setup, [{ kind: 'human' }, { kind: 'human' }], { secrets });
    await session.start();
    const before = stateHash(session.state);
    await expect(session.place({ x: 5, y: 5, r: 0 })).rejects.toThrow(/\(R4\.1\)$/);
    expect(stateHash(session.state)).toBe(before);
    // The queue is not blocked by the rejected intent.
    await session.place(legalPlacements(session.state)[0]);
    expect(session.state.phase).toBe('deploy');
    session.dispose();
  });

  it('lets bots play their own seats and refuses human intents for them', async () => {
    const session = LocalSession.create(setup, [{ kind: 'bot', level: 'random' }, { kind: 'human' }], { secrets });
    const statuses: string[] = [];
    session.subscribe((u) => statuses.push(u.status.kind));
    const started = session.start();
    await started;
    // After start the bot (seat 0) is due; its move is queued behind start.
    await expect(session.place({ x: 0, y: 1, r: 0 })).rejects.toThrow();
    while (session.state.seat === 0 && session.state.phase !== 'over') await new Promise((r) => setTimeout(r, 1));
    expect(session.status).toEqual({ kind: 'your-move', seat: 1 });
    expect(statuses).toContain('bot-thinking');
    session.dispose();
  });

  it('resumes the game in progress from storage after a reload (P1.6)', async () => {
    const store = new GameStore(new MemoryStorage());
    const first = LocalSession.create(setup, [{ kind: 'human' }, { kind: 'human' }], { store, secrets });
    await first.start();
    await playHumans(first, 6);
    const hash = stateHash(first.state);
    const historyLength = first.history().length;
    first.dispose();
    expect(store.list().map((g) => [g.gameId, g.kind, g.turn])).toEqual([[first.gameId, 'local', first.state.turn]]);
    const { session, error } = resumeStored({ store }, first.gameId);
    expect(error).toBeNull();
    expect(session).not.toBeNull();
    expect(stateHash(session!.state)).toBe(hash);
    expect(session!.history().length).toBe(historyLength);
    await session!.start(); // idempotent: nothing new is due
    expect(stateHash(session!.state)).toBe(hash);
    await playHumans(session!);
    expect(session!.state.phase).toBe('over');
    session!.dispose();
  });

  it('keeps seat controllers in the save file and rejects a broken one in one line', async () => {
    const session = LocalSession.create(setup, [{ kind: 'human' }, { kind: 'bot', level: 'greedy' }], { secrets });
    const save = parseLocalSave(session.saveText());
    expect(save.seats).toEqual([{ kind: 'human' }, { kind: 'bot', level: 'greedy' }]);
    expect(() =>
      parseLocalSave(
        '{"format":"carcassonne-sw-local-save","version":1,"seats":[{"kind":"bot","level":"godlike"},{"kind":"human"}],"match":""}',
      ),
    ).toThrow('save file: seat 1 is neither a human nor a bot of a known level');
    expect(() => LocalSession.resume('not json at all')).toThrow(/^cannot resume|not/);
    const store = new GameStore(new MemoryStorage());
    store.save({ gameId: 'broken1', kind: 'local', seats: [], turn: 1 }, '{"broken"');
    const { session: none, error } = resumeStored({ store }, 'broken1');
    expect(none).toBeNull();
    expect(error).toMatch(/./);
    expect(error).not.toContain('\n');
    expect(store.has('broken1')).toBe(false); // dropped, not left to fail again
    session.dispose();
  });

  it('derives bot seeds from the game and the moment only (P2.6: same moves on every device)', () => {
    const a = botSeed('g1', { turn: 3, seat: 1, phase: 'place' });
    expect(botSeed('g1', { turn: 3, seat: 1, phase: 'place' })).toBe(a);
    expect(botSeed('g1', { turn: 3, seat: 1, phase: 'deploy' })).not.toBe(a);
    expect(botSeed('g2', { turn: 3, seat: 1, phase: 'place' })).not.toBe(a);
    expect(Number.isInteger(a) && a >= 0 && a < 2 ** 32).toBe(true);
  });

  it('keeps several games in progress side by side, keyed by game id, and moves an old single save in (P1.6)', async () => {
    const storage = new MemoryStorage();
    const store = new GameStore(storage);
    const a = LocalSession.create(setup, [{ kind: 'human' }, { kind: 'human' }], { store, secrets });
    const b = LocalSession.create(
      { seats: ['green', 'white', 'red'], options: defaultOptions() },
      [{ kind: 'human' }, { kind: 'bot', level: 'random' }, { kind: 'human' }],
      { store },
    );
    await a.start();
    await b.start();
    await playHumans(a, 3);
    expect(new Set(store.list().map((g) => g.gameId))).toEqual(new Set([a.gameId, b.gameId]));
    expect(
      store
        .list()
        .find((g) => g.gameId === b.gameId)!
        .seats.map((s) => s.who),
    ).toEqual(['human', 'bot', 'human']);
    const hashA = stateHash(a.state);
    a.dispose();
    b.dispose();
    // Resuming one leaves the other as it was.
    const ra = resumeStored({ store }, a.gameId).session!;
    expect(stateHash(ra.state)).toBe(hashA);
    const rb = resumeStored({ store }, b.gameId).session!;
    expect(rb.setup.seats).toEqual(['green', 'white', 'red']);
    ra.dispose();
    rb.dispose();
    store.remove(a.gameId);
    expect(store.list().map((g) => g.gameId)).toEqual([b.gameId]);
    // The single game an older version kept under its fixed key joins the store and is resumed.
    const old = LocalSession.create(setup, [{ kind: 'human' }, { kind: 'human' }], {
      secrets: [new Uint8Array(32).fill(7), new Uint8Array(32).fill(8)],
    });
    await old.start();
    storage.setItem(LEGACY_STORAGE_KEY, old.saveText());
    const moved = resumeStored({ store }, null);
    expect(moved.session!.gameId).toBe(old.gameId);
    expect(storage.getItem(LEGACY_STORAGE_KEY)).toBeNull();
    expect(store.has(old.gameId)).toBe(true);
    moved.session!.dispose();
    old.dispose();
  });

  it('survives a hostile index in storage: unknown shapes are ignored, never thrown', () => {
    const storage = new MemoryStorage();
    storage.setItem(
      'carcassonne-sw.games',
      '[{"gameId":"../../x","kind":"local","seats":[],"turn":1,"updatedAt":1},{"gameId":"ok","kind":"evil"},5,null]',
    );
    const store = new GameStore(storage);
    expect(store.list()).toEqual([]);
    storage.setItem('carcassonne-sw.games', '{not json');
    expect(store.list()).toEqual([]);
  });
});
