// @vitest-environment happy-dom
// Game settings of an online game. The game clock (issue 17, bullet 5; docs/lockstep.md rule 5): the host
// picks it, the lobby shows it to every guest, the start signs it into the settings, every
// peer times every seat by it whatever its own options say, and one grammar reads it in the
// log, the wire and the second verifier alike. The stand-in bot for a player who leaves
// (issue 21): greedy unless the host picks another, signed with the settings, named by the replay.
import { afterEach, describe, expect, it } from 'vitest';
import { defaultOptions } from '../../src/engine';
import { DEFAULT_GAME_CLOCK, readEntry, LogFormatError, verifyReplay } from '../../src/fair';
import { CLOCK_PRESETS, clockOf } from '../../src/net/lockstep/limits';
import { encodeFrame, parseFrame, WireError } from '../../src/net/wire';
import { MemoryStorage, MeshSim } from '../../src/sim/mesh-sim';
import { SimMeshSession } from '../../src/sim/sim-mesh-session';
import type { NewGameRequest } from '../../src/ui/sw-home';
import '../../src/ui/sw-home';
import '../../src/ui/sw-lobby';

const HOUR = 3_600_000;

const settings = (extra: Record<string, unknown>) => ({
  k: 'settings',
  setup: { seats: ['red', 'black'], options: defaultOptions() },
  gameId: 'g1',
  chainLength: 4096,
  shuffleSeats: false,
  ...extra,
});

describe('the clock in the log grammar', () => {
  it('reads a clock in whole ms, and refuses one outside its bounds with one line naming the field', () => {
    const clock = { ...CLOCK_PRESETS.quick };
    expect(readEntry(settings({ clock }), 0)).toEqual(settings({ clock }));
    const bad: [Record<string, unknown>, RegExp][] = [
      [{ ...clock, freeMoveMs: clock.moveMs + 1 }, /"freeMoveMs" must be an integer from 0 to 45000/],
      [{ ...clock, revealMs: 999 }, /"revealMs" must be an integer from 1000 to 3600000/],
      [{ ...clock, bankMs: 1.5 }, /"bankMs"/],
      [{ ...clock, extra: 1 }, /unexpected field "extra"/],
      [{ moveMs: 1000 }, /missing field "revealMs"/],
    ];
    for (const [c, why] of bad) expect(() => readEntry(settings({ clock: c }), 0)).toThrow(why);
    expect(() => readEntry(settings({ clock: 'fast' }), 0)).toThrow(/"clock" must be an object/);
    // A version-1 log has no clock.
    expect(() => readEntry(settings({ clock }), 0, 1)).toThrow(LogFormatError);
  });

  it('the options of a session become a full clock, each free part within its cap', () => {
    expect(clockOf()).toEqual(DEFAULT_GAME_CLOCK);
    expect(clockOf({ moveMs: 6_000, revealMs: 3_000 })).toEqual({
      moveMs: 6_000,
      revealMs: 3_000,
      bankMs: 240_000,
      freeMoveMs: 6_000,
      freeRevealMs: 3_000,
    });
    for (const c of Object.values(CLOCK_PRESETS)) expect(readEntry(settings({ clock: c }), 0)).toMatchObject({ clock: c });
  });
});

describe('the clock on the wire', () => {
  const lobby = (clock?: unknown) => ({
    t: 'lobby',
    lobby: {
      gameId: 'g1',
      host: 'ab'.repeat(32),
      options: defaultOptions(),
      shuffleSeats: false,
      ...(clock === undefined ? {} : { clock }),
      seats: [{ colour: 'red', bot: null, pub: null, name: null }],
      rematchOf: null,
    },
  });

  it('a lobby carries its clock; one saved before wire version 6 has the defaults; a bad one is refused in one line', () => {
    const f = parseFrame(JSON.stringify(lobby(CLOCK_PRESETS.relaxed)));
    expect(f.t === 'lobby' && f.lobby.clock).toEqual(CLOCK_PRESETS.relaxed);
    expect(parseFrame(encodeFrame(f))).toEqual(f);
    const old = parseFrame(JSON.stringify(lobby()));
    expect(old.t === 'lobby' && old.lobby.clock).toEqual(DEFAULT_GAME_CLOCK);
    let message = '';
    try {
      parseFrame(JSON.stringify(lobby({ ...CLOCK_PRESETS.quick, moveMs: 0 })));
    } catch (e) {
      expect(e).toBeInstanceOf(WireError);
      message = (e as Error).message;
    }
    expect(message).toMatch(/^lobby\.clock: .*"moveMs" must be an integer from 1000/);
    expect(message).not.toContain('\n');
  });
});

describe('the host picks the clock; every peer times by the signed one', () => {
  afterEach(() => document.body.replaceChildren());

  it('the new-game form asks for the clock (standard by default) and the stand-in bot (greedy by default), and the request carries both', async () => {
    const el = document.createElement('sw-home');
    document.body.append(el);
    await el.updateComplete;
    expect(el.request.clock).toBe('standard');
    const select = el.shadowRoot!.querySelector<HTMLSelectElement>('select[data-clock]')!;
    expect([...select.options].map((o) => o.value)).toEqual(['quick', 'standard', 'relaxed']);
    select.value = 'quick';
    select.dispatchEvent(new Event('change'));
    await el.updateComplete;
    let request: NewGameRequest | null = null;
    el.addEventListener('sw-start-online', (e) => (request = (e as CustomEvent<NewGameRequest>).detail));
    (el.shadowRoot!.querySelector('input[data-online-name]') as HTMLInputElement).value = 'Leia';
    el.shadowRoot!.querySelector('input[data-online-name]')!.dispatchEvent(new Event('input'));
    el.shadowRoot!.querySelector<HTMLButtonElement>('button[data-start-online]')!.click();
    expect(request!.clock).toBe('quick');
    // The stand-in for a player who leaves: greedy unless picked (cheap enough for a phone).
    expect(request!.standIn).toBe('greedy');
    const standIn = el.shadowRoot!.querySelector<HTMLSelectElement>('select[data-stand-in]')!;
    expect([...standIn.options].map((o) => o.value)).toEqual(['greedy', 'strong', 'expert']);
    standIn.value = 'expert';
    standIn.dispatchEvent(new Event('change'));
    await el.updateComplete;
    expect(el.request.standIn).toBe('expert');
  });

  it("a guest whose own options differ shows the host's clock in the lobby, and the start signs it: the guest times seats by it", async () => {
    const sim = new MeshSim({ peers: 1, seed: 1730 });
    const host = SimMeshSession.host(sim.meshOptions('Leia', new MemoryStorage()), {
      options: defaultOptions(),
      seats: [
        { colour: 'red', bot: null },
        { colour: 'black', bot: null },
      ],
      hostColour: 'red',
      clock: { ...CLOCK_PRESETS.quick },
    });
    const guest = SimMeshSession.join(
      { ...sim.meshOptions('Han', new MemoryStorage()), timeouts: { moveMs: 600_000, revealMs: 600_000 } },
      host.transportId,
      false,
      host.invitation,
    );
    expect(await sim.runUntil(() => guest.lobby !== null, 10_000)).toBe(true);
    expect(guest.gameClock).toEqual(CLOCK_PRESETS.quick);
    const el = Object.assign(document.createElement('sw-lobby'), { session: guest });
    document.body.append(el);
    await el.updateComplete;
    expect(el.shadowRoot!.querySelector('[data-testid="lobby-clock"]')!.textContent).toMatch(
      /45 s a move \(15 s free\), 15 s a reveal, a time bank of 2 min/,
    );
    guest.takeSeat('black');
    expect(await sim.runUntil(() => host.lobby!.seats[1].pub === guest.identity.publicKey, 10_000)).toBe(true);
    host.startGame();
    expect(await sim.runUntil(() => guest.started, 10_000)).toBe(true);
    expect(guest.replayText()).toContain(
      '"clock":{"moveMs":45000,"revealMs":15000,"bankMs":120000,"freeMoveMs":15000,"freeRevealMs":8000}',
    );
    expect(guest.gameClock).toEqual(CLOCK_PRESETS.quick);
    // Byte for byte the settings the host's own log holds.
    const settingsLine = (text: string) => text.split('\n')[1];
    expect(settingsLine(guest.replayText())).toBe(settingsLine(host.replayText()));
    // The guest's countdown for a silent host is the signed clock's, not its own 10 minutes.
    host.dispose();
    expect(await sim.runUntil(() => guest.waiting !== null, 60_000)).toBe(true);
    const w = guest.waiting!;
    expect(w.deadline - w.since).toBeLessThanOrEqual(CLOCK_PRESETS.quick.moveMs);
    guest.dispose();
  });
});

describe('the stand-in bot for a player who leaves', () => {
  it('the grammar reads it from the level list and refuses any other name', () => {
    expect(readEntry(settings({ standIn: 'expert' }), 0)).toMatchObject({ standIn: 'expert' });
    expect(() => readEntry(settings({ standIn: 'genius' }), 0)).toThrow(/"standIn" must be one of random, greedy, strong, expert/);
  });

  it('a game hosted with the strong stand-in: a player resigns, every peer lets the strong bot play the seat, and the replay says so', async () => {
    const sim = new MeshSim({ peers: 3, seed: 1731, standIn: 'strong' });
    await sim.open();
    const [a, , leaver] = sim.peers;
    expect(await sim.runUntil(() => a.session.started && a.session.state.turn >= 3, HOUR)).toBe(true);
    expect(a.session.replayText().split('\n')[1]).toContain('"standIn":"strong"');
    leaver.session.resign();
    const colour = leaver.session.ownColour!;
    expect(await sim.runUntil(() => sim.peers.every((p) => p.session.forfeits().some((f) => f.colour === colour)), HOUR)).toBe(true);
    type Inside = { replica: { follower: { control(c: string): { by: string; level?: string } } } };
    for (const p of sim.peers)
      expect((p.session as unknown as Inside).replica.follower.control(colour)).toMatchObject({ by: 'bot', level: 'strong' });
    const report = verifyReplay(a.session.replayText());
    expect(
      report.ok && report.lines.some((l) => l.includes(`${colour} resigned`) && l.includes('a stand-in bot (strong) plays the seat')),
    ).toBe(true);
    sim.dispose();
  }, 120_000);

  it('the default stays greedy and is not written (older logs read alike)', () => {
    const sim = new MeshSim({ peers: 1, seed: 1732 });
    const host = SimMeshSession.host(sim.meshOptions('Leia', new MemoryStorage()), {
      options: defaultOptions(),
      seats: [
        { colour: 'red', bot: null },
        { colour: 'black', bot: 'greedy' },
      ],
      hostColour: 'red',
      standIn: 'greedy',
    });
    expect(host.lobby!.standIn).toBeUndefined();
    host.dispose();
  });
});
