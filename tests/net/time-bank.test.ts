// The time bank derived from the log (issue 17, bullet 5; docs/lockstep.md rule 5;
// src/fair/time-bank.ts): every move carries its author's signed claim of each seat's bank
// used; a seat's count is the smallest latest claim of the other live players. So every peer
// holding one log gives a wait the same bank, a reload loses nothing, one liar cannot spend
// an honest seat's bank, and the replay proves what each seat had used.
import { describe, expect, it } from 'vitest';
import { verifyReplay } from '../../src/fair';
import type { LogEntry } from '../../src/fair/log';
import type { SignatureSlot } from '../../src/fair/signatures';
import { BankBook, claimError, MAX_BANK_CLAIM } from '../../src/fair/time-bank';
import { MESH_SAVE_FORMAT, parseMeshSave } from '../../src/net/lockstep/mesh-save';
import { MeshSim } from '../../src/sim/mesh-sim';
import { lateBots } from './support/late-bots';

const HOUR = 3_600_000;
const LIGHT = { drop: 0.02, duplicate: 0.02, minDelay: 5, maxDelay: 40, reorder: 0.05, reorderDelay: 80 };

const place = (seat: number): LogEntry => ({ k: 'place', seat, x: 0, y: 1, r: 0 });
const by = (a: number): SignatureSlot => ({ kind: 'author', a });

describe('the count (src/fair/time-bank.ts)', () => {
  const lobby = ['red', 'black', 'green'];

  it("is the smallest latest claim of the other live players; a seat's claim about itself counts for nothing", () => {
    const book = new BankBook(lobby, [true, true, true]);
    expect([0, 1, 2].map((a) => book.used(a))).toEqual([0, 0, 0]);
    book.take(place(0), by(0), [999, 40, 30]);
    expect([0, 1, 2].map((a) => book.used(a))).toEqual([0, 40, 30]);
    book.take(place(1), by(1), [10, 0, 50]);
    // red: black's 10 (red's own 999 ignored); black: red's 40; green: the smaller of 30 and 50.
    expect([0, 1, 2].map((a) => book.used(a))).toEqual([10, 40, 30]);
    // A later claim replaces its author's earlier one.
    book.take(place(0), by(0), [0, 70, 60]);
    expect([0, 1, 2].map((a) => book.used(a))).toEqual([10, 70, 50]);
  });

  it('one liar cannot raise an honest seat’s count: claiming it spent changes nothing while another player says less', () => {
    const book = new BankBook(lobby, [true, true, true]);
    book.take(place(0), by(0), [0, 12, 20]);
    book.take(place(1), by(1), [5, 0, MAX_BANK_CLAIM]);
    expect(book.used(2)).toBe(20);
  });

  it("a dropped or resigned seat's claims stop counting; a reclaimed seat's count again; bots and unkeyed seats never", () => {
    const book = new BankBook(lobby, [true, true, false]);
    book.take(place(0), by(0), [0, 30, 0]);
    book.take(place(1), by(1), [50, 0, 0]);
    expect(book.used(1)).toBe(30);
    book.take({ k: 'drop', colour: 'red' }, null, null);
    expect(book.used(1)).toBe(0);
    book.take({ k: 'reclaim', colour: 'red' }, null, null);
    expect(book.used(1)).toBe(30);
    book.take({ k: 'resign', colour: 'red' }, by(0), null);
    expect(book.used(1)).toBe(0);
    // A claim on anything but a move, or of the wrong length, is not taken.
    book.take({ k: 'reveal', chain: 1, event: 3, value: '00'.repeat(32) }, by(1), [9, 9, 9]);
    book.take(place(1), by(1), [9, 9]);
    expect(book.used(0)).toBe(50);
  });

  it('a claim is one whole number of seconds per seat, from 0 to two hours', () => {
    expect(claimError([0, 240, MAX_BANK_CLAIM], 3)).toBeNull();
    expect(claimError([0, 240], 3)).toMatch(/a list of 3 bank claims/);
    expect(claimError([0, 1.5, 2], 3)).toMatch(/claim 1 is not/);
    expect(claimError([0, MAX_BANK_CLAIM + 1, 2], 3)).toMatch(/claim 1 is not/);
    expect(claimError(null, 3)).toMatch(/a list/);
  });
});

describe('every peer counts one bank from the log (P6, bullet 5)', () => {
  it('a slow seat: the same count on every peer, the same after a reload, spent and dropped; every replay says so', async () => {
    const sim = new MeshSim({ peers: 3, seed: 1722, chaos: LIGHT });
    await sim.open((i) => (i === 2 ? { botRunner: lateBots(sim.clock, 70_000) } : {}));
    const [a, b, slow] = sim.peers;
    const colour = sim.colours[2];
    const length = (p: typeof a) => JSON.parse(p.session.replayText()).entries.length as number;
    // Its moves take 70 s, 40 s beyond the free 30: after a few, the log's count says so.
    expect(await sim.runUntil(() => a.session.bankUsedMs(colour) >= 100_000, 2 * HOUR)).toBe(true);
    const settled = () => {
      const n = length(a);
      return length(b) === n && length(slow) === n;
    };
    expect(await sim.runUntil(settled, HOUR)).toBe(true);
    const count = a.session.bankUsedMs(colour);
    expect(count).toBeGreaterThanOrEqual(100_000);
    expect(count % 1000).toBe(0);
    expect(b.session.bankUsedMs(colour)).toBe(count);
    expect(slow.session.bankUsedMs(colour)).toBe(count);
    // A peer that reloads reads the same count from its log (a count on its own clock would start again from nothing).
    sim.crash(1);
    sim.restart(1);
    expect(await sim.runUntil(() => sim.peers[1].session.started && settled(), HOUR)).toBe(true);
    expect(sim.peers[1].session.bankUsedMs(colour)).toBe(a.session.bankUsedMs(colour));
    expect(sim.peers[1].session.bankUsedMs(colour)).toBeGreaterThanOrEqual(count);
    // The bank runs dry within a few more moves and the seat is dropped.
    expect(await sim.runUntil(() => a.session.forfeits().length > 0, 4 * HOUR)).toBe(true);
    expect(a.session.forfeits()).toEqual([{ colour, why: 'dropped' }]);
    expect(await sim.runUntil(() => a.session.phase === 'over' && sim.peers[1].session.phase === 'over', 4 * HOUR)).toBe(true);
    const replay = a.session.replayText();
    expect(sim.peers[1].session.replayText()).toBe(replay);
    const v = verifyReplay(replay);
    expect(v.ok, v.ok ? '' : v.message).toBe(true);
    const line = v.ok ? v.lines.find((l) => l.startsWith('time banks ')) : undefined;
    // The two others used nothing beyond their free parts; the slow seat had spent its 240 s when it was dropped.
    expect(line).toMatch(new RegExp(`^time banks \\(seconds used of 240, the smallest claim of the other players\\): .*${colour} 240`));
    expect(line).toMatch(new RegExp(`${sim.colours[0]} 0, ${sim.colours[1]} 0`));
    sim.dispose();
  }, 180_000);
});

describe('a game kept before the bank claims (wire version 7)', () => {
  it('cannot be resumed, and says why in one line (its items no longer pass the wire)', () => {
    const old = JSON.stringify({ format: MESH_SAVE_FORMAT, version: 1, gameId: 'g', secretKey: 'ab'.repeat(32), secret: null, items: [] });
    expect(() => parseMeshSave(old)).toThrow(/^an online game kept by an older version of this app: .*cannot go on here$/);
    expect(() => parseMeshSave(JSON.stringify({ format: 'other', version: 2 }))).toThrow(/^not an online game of this app$/);
  });
});
