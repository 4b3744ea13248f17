// FairMatch: the contract the UI codes against (contracts.md), P1.1, P1.3, P1.6, P4.1.
import { describe, expect, it } from 'vitest';
import { defaultOptions, legalPlacements, RuleError, stateHash, type Action, type GameSetup } from '../../src/engine';
import { FairMatch, replayLog, verifyReplay } from '../../src/fair';
import type { SeatsEntry } from '../../src/fair/log';
import { fixedSecrets } from './fixtures';

const setup = (): GameSetup => ({ seats: ['red', 'black', 'green'], options: defaultOptions() });

function firstMove(m: FairMatch): Action {
  const p = legalPlacements(m.state)[0];
  return { type: 'place', ...p };
}

describe('FairMatch', () => {
  it('commits every chain before the first reveal, and start() is idempotent (P2.1)', () => {
    const m = FairMatch.create(setup(), { secrets: fixedSecrets(3), gameId: 'm1' });
    expect(m.log.entries.map((e) => e.k)).toEqual(['settings', 'commit', 'commit', 'commit']);
    const events = m.start();
    expect(events.map((e) => e.type)).toContain('drawn');
    expect(m.state.phase).toBe('place');
    const n = m.log.entries.length;
    expect(m.start()).toEqual([]);
    expect(m.log.entries.length).toBe(n);
  });

  it('the same secrets and actions give the same log and state (P1.1)', () => {
    const a = FairMatch.create(setup(), { secrets: fixedSecrets(3), gameId: 'same' });
    const b = FairMatch.create(setup(), { secrets: fixedSecrets(3), gameId: 'same' });
    a.start();
    b.start();
    a.act(firstMove(a));
    b.act(firstMove(b));
    expect(a.replayText()).toBe(b.replayText());
    expect(stateHash(a.state)).toBe(stateHash(b.state));
  });

  it('an illegal action throws RuleError and changes nothing (P1.3)', () => {
    const m = FairMatch.create(setup(), { secrets: fixedSecrets(3), gameId: 'illegal' });
    m.start();
    const before = { log: m.replayText(), hash: stateHash(m.state) };
    expect(() => m.act({ type: 'place', x: 40, y: 40, r: 0 })).toThrow(RuleError);
    expect(() => m.act({ type: 'deploy', deployment: null })).toThrow(RuleError); // wrong phase (R3)
    expect(() => m.act({ type: 'draw', tile: 'SW01' })).toThrow(/shared randomness/); // P2.4
    expect(() => m.act({ type: 'place', x: 0.5, y: 1, r: 0 })).toThrow(/malformed place action: "x" must be an integer/);
    expect(m.replayText()).toBe(before.log);
    expect(stateHash(m.state)).toBe(before.hash);
  });

  it('rejects a bad setup with the RuleError of the rule it breaks', () => {
    expect(() => FairMatch.create({ seats: ['red'], options: defaultOptions() })).toThrow(/R1\.3/);
  });

  it('saveText / fromSave resumes on this device and continues identically (P1.6)', () => {
    const a = FairMatch.create(setup(), { secrets: fixedSecrets(3), gameId: 'resume' });
    a.start();
    a.act(firstMove(a));
    const save = a.saveText();
    expect(save).not.toBe(a.replayText());
    const b = FairMatch.fromSave(save);
    expect(stateHash(b.state)).toBe(stateHash(a.state));
    a.act({ type: 'deploy', deployment: null });
    b.act({ type: 'deploy', deployment: null });
    expect(b.replayText()).toBe(a.replayText());
    expect(a.replayText()).not.toMatch(/secret/); // the replay carries no secrets
  });

  it('fromSave refuses a save whose secret does not match its commitment, in one line', () => {
    const a = FairMatch.create(setup(), { secrets: fixedSecrets(3), gameId: 'resume2' });
    a.start();
    const save = JSON.parse(a.saveText());
    save.secrets[1].secret = '00'.repeat(32);
    expect(() => FairMatch.fromSave(JSON.stringify(save))).toThrow(/^cannot resume: .*chain 1/);
    expect(() => FairMatch.fromSave('{oops')).toThrow(/^cannot resume: .*not JSON/);
  });

  it('a finished match verifies, and replayLog gives one state per entry (P1.5)', () => {
    const m = FairMatch.create(
      { seats: ['red', 'black'], options: defaultOptions() },
      { secrets: fixedSecrets(2), gameId: 'full', shuffleSeats: true },
    );
    m.start();
    for (let n = 0; m.state.phase !== 'over' && n < 1000; n++) {
      if (m.state.phase === 'place') m.act(firstMove(m));
      else m.act({ type: 'deploy', deployment: null });
    }
    expect(m.state.phase).toBe('over');
    expect(() => m.act({ type: 'deploy', deployment: null })).toThrow(/the game is over \(R8\.1\)/);
    const report = verifyReplay(m.replayText());
    expect(report.ok).toBe(true);
    const replay = replayLog(m.replayText());
    expect(replay.states.length).toBe(m.log.entries.length);
    expect(stateHash(replay.states[replay.states.length - 1])).toBe(stateHash(m.state));
    expect(replay.events.flat().filter((e) => e.type === 'placed').length).toBe(m.state.tiles.length - 1);
    // R2.3: the shuffle is event 0: both chains reveal for event 0, the seating follows, the first draw is event 1
    const first = m.log.entries.slice(0, 8).map((e) => ('event' in e ? `${e.k} ${e.event}` : e.k));
    expect(first).toEqual(['settings', 'commit', 'commit', 'reveal 0', 'reveal 0', 'seats 0', 'reveal 1', 'reveal 1']);
    const seating = m.log.entries[5] as SeatsEntry;
    expect([...seating.order].sort()).toEqual(['black', 'red']);
    expect(m.state.setup.seats).toEqual(seating.order); // the game was played in that order
    // and it is the seating derived from event 0: the other order does not verify
    const other = JSON.parse(m.replayText()) as { entries: { k: string; order?: string[] }[] };
    other.entries[5].order = [...seating.order].reverse();
    expect(verifyReplay(JSON.stringify(other)).ok).toBe(false);
  });
});
