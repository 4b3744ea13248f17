// Issue 18, "one grammar": every item shape the wire accepts, sent by a seat to the honest
// peers in the middle of a game, leaves replays that verify; the shapes the replay could not
// keep (a state hash on anything but a move) are refused at the wire instead.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { verifyReplay } from '../../src/fair';
import { sign, type Identity } from '../../src/net/identity';
import { boundToPrefix, encodeFrame, itemSigningText, parseFrame, WireError, type Item, unusedClaim } from '../../src/net/wire';
import { MeshSim } from '../../src/sim/mesh-sim';
import { hasPython311 } from '../support/needs-tool';

const HOUR = 3_600_000;
const HASH = 'ab'.repeat(32);

function signed(gameId: string, key: Identity, a: number, n: number, at: number, body: Item['body'], h: Item['h'] = null): Item {
  const unsigned = { a, n, at, body, h, p: boundToPrefix(body) ? HASH : null, w: unusedClaim(body, 2) };
  return { ...unsigned, sig: sign(key, 'item', itemSigningText(gameId, unsigned)) };
}

/** Item shapes the wire accepts (each body with the log index it is signed for). */
const ACCEPTED: [string, (len: number) => { at: number; body: Item['body']; h?: Item['h'] }][] = [
  ['chat at the log index now', (len) => ({ at: len, body: { k: 'chat', c: 0, text: 'hello' } })],
  ['chat at index 0', () => ({ at: 0, body: { k: 'chat', c: 1, text: 'from the start' } })],
  ['chat signed for log index 999,999', () => ({ at: 999_999, body: { k: 'chat', c: 2, text: 'from far ahead' } })],
  ['chat of 200 characters', (len) => ({ at: len, body: { k: 'chat', c: 3, text: 'ž'.repeat(200) } })],
  ['a drop vote far ahead', () => ({ at: 999_999, body: { k: 'vote', what: 'drop', colour: 'red', point: 999_999 } })],
  ['a reclaim vote for a seat never dropped', (len) => ({ at: len, body: { k: 'vote', what: 'reclaim', colour: 'red', point: 999 } })],
  ['a reclaim veto', (len) => ({ at: len, body: { k: 'veto', what: 'reclaim', colour: 'green', point: 999, took: null } })],
  [
    'a drop veto naming an entry',
    () => ({ at: 999_998, body: { k: 'veto', what: 'drop', colour: 'red', point: 999_998, took: { n: 0, sig: 'cd'.repeat(64) } } }),
  ],
  [
    'a move for a slot far ahead with a hash of turn 4096',
    () => ({ at: 999_997, body: { k: 'entry', entry: { k: 'place', seat: 1, x: 0, y: 1, r: 0 } }, h: { turn: 4096, state: HASH } }),
  ],
];

/** Shapes the replay cannot keep: refused at the wire. */
const REFUSED: [string, Item['body'], RegExp][] = [
  ['a signed chat item carrying a state hash', { k: 'chat', c: 0, text: 'gg' }, /only a move carries a state hash/],
  ['a drop vote carrying a state hash', { k: 'vote', what: 'drop', colour: 'red', point: 7 }, /only a move carries a state hash/],
  ['a commitment carrying a state hash', { k: 'entry', entry: { k: 'commit', chain: 1, colour: 'black', commitment: HASH } }, /state hash/],
];

describe('one grammar: what the wire accepts, the replay keeps (issue 18)', () => {
  it.each(REFUSED)('the wire refuses %s', (_what, body, reason) => {
    const frame = encodeFrame({
      t: 'item',
      item: {
        a: 1,
        n: 3,
        at: 7,
        body,
        h: { turn: 2, state: HASH },
        p: boundToPrefix(body) ? HASH : null,
        w: unusedClaim(body, 2),
        sig: 'ef'.repeat(64),
      },
    });
    expect(() => parseFrame(frame)).toThrow(WireError);
    expect(() => parseFrame(frame)).toThrow(reason);
  });

  it("a move with a state hash of a turn beyond the replay's bound is refused at the wire", () => {
    const body = { k: 'entry' as const, entry: { k: 'place' as const, seat: 0, x: 0, y: 1, r: 0 } };
    const frame = encodeFrame({
      t: 'item',
      item: { a: 1, n: 3, at: 7, body, h: { turn: 4097, state: HASH }, p: HASH, w: [0, 0], sig: 'ef'.repeat(64) },
    });
    expect(() => parseFrame(frame)).toThrow(/item.h.turn/);
  });

  it('every accepted shape, sent mid-game by a seat, leaves honest replays that verify', async () => {
    const sim = new MeshSim({ peers: 3, seed: 31 });
    try {
      await sim.open();
      expect(await sim.runUntil(() => sim.peers[0].session.started && sim.peers[0].session.state.turn >= 4, HOUR)).toBe(true);
      const liar = sim.peers[1];
      const session = liar.session as unknown as { nextSeq: number; gameId: string };
      const key = liar.session.identity;
      const len = liar.session.replicaView!.length;
      let n = session.nextSeq;
      const frames = ACCEPTED.map(([what, shape]) => {
        const s = shape(len);
        const frame = encodeFrame({ t: 'item', item: signed(session.gameId, key, 1, n++, s.at, s.body, s.h ?? null) });
        expect(() => parseFrame(frame), what).not.toThrow();
        return frame;
      });
      // The seat's own session goes on after these numbers (it learns the items back by sync, as a peer does).
      session.nextSeq = n;
      for (const victim of [sim.peers[0], sim.peers[2]])
        for (const f of frames) sim.net.transport(victim.session.transportId)!.handlers!.message(liar.session.transportId, f);
      // And its next move carries a state hash of turn 4,000, a turn the log never reaches (the wire takes any turn to 4,096).
      const desync = (liar.session as unknown as { desync: { toSend: () => Item['h'] } }).desync;
      const honest = desync.toSend.bind(desync);
      let lied = false;
      desync.toSend = () => (lied ? honest() : ((lied = true), { turn: 4000, state: HASH }));
      expect(await sim.runUntil(() => sim.finished(), 2 * HOUR)).toBe(true);
      expect(lied).toBe(true);
      const logs = sim.logs();
      // The fault took: the honest peers hold the line signed for index 999,999.
      expect(logs[0]).toContain('"at":999999');
      for (const [i, log] of logs.entries()) {
        const report = verifyReplay(log);
        expect(report.ok ? 'ok' : report.message, `peer ${i}`).toBe('ok');
        if (report.ok)
          expect(report.lines.some((l) => /black signed a state hash of turn 4000 .*a turn the log had not ended/.test(l))).toBe(true);
      }
      // Chat numbering: black's lines are 0..3; one deleted from the middle is a gap both verifiers see (no re-signing needed).
      const lines = logs[0].split('\n');
      const middle = lines.findIndex((l) => l.includes('"colour":"black"') && l.includes('"c":1,'));
      expect(middle).toBeGreaterThan(0);
      const cut = lines
        .filter((_, i) => i !== middle)
        .join('\n')
        .replace(/,\n(\]|\n)/, '\n$1');
      const gap = verifyReplay(cut);
      expect(gap.ok ? 'ok' : gap.message).toMatch(
        /black's chat lines numbered 0 to 2, each once.*no chat line numbered 1 \(a line is missing\)/,
      );
      // tools/verify.py keeps the same lines (where python3 is here; tests/cli/python-verify.test.ts insists on it in CI).
      if (hasPython311) {
        const path = join(mkdtempSync(join(tmpdir(), 'one-grammar-')), 'replay.json');
        writeFileSync(path, logs[0]);
        const py = spawnSync('python3', [join(__dirname, '../../tools/verify.py'), path], { encoding: 'utf8' });
        expect(py.status, py.stderr).toBe(0);
        expect(py.stdout).toMatch(/black signed a state hash of turn 4000 .*a turn the log had not ended/);
        writeFileSync(path, cut);
        const pyGap = spawnSync('python3', [join(__dirname, '../../tools/verify.py'), path], { encoding: 'utf8' });
        expect(pyGap.status, pyGap.stderr).toBe(1);
        expect(pyGap.stderr).toMatch(/no chat line numbered 1 \(a line is missing\)/);
      }
    } finally {
      sim.dispose();
    }
  }, 120_000);
});
