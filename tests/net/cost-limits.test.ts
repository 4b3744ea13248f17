// Issue 18, limits on work, not frames (the cheating-peer suite, over the in-memory network):
// a peer must not make another spend more CPU or bandwidth than it spends itself. Far-ahead
// items cost no signature check; crafted signatures are checked within a per-link budget
// while the game still finishes; a repeated hello is never answered with a new signature;
// sync answers stay within 10x their requests past a bounded catch-up; chat past its limits
// is not saved; a storage that refuses a write costs no save.
import { describe, expect, it } from 'vitest';
import { verifyReplay } from '../../src/fair';
import { forgetCheckedSignatures, sign, signatureChecks, signaturesMade, type Identity } from '../../src/net/identity';
import {
  CATCH_UP_BYTES,
  CATCH_UP_REFILL_PER_SECOND,
  MAX_CHAT_PER_SEAT,
  MAX_DEFERRED_FRAMES,
  SEQ_WINDOW,
  SIGNATURE_CHECKS_PER_SECOND,
  SYNC_AMPLIFICATION,
} from '../../src/net/lockstep/limits';
import { parseMeshSave } from '../../src/net/lockstep/mesh-save';
import { GameStore } from '../../src/session/game-store';
import { MemoryStorage, MeshSim, type SimPeer } from '../../src/sim/mesh-sim';
import { SimMeshSession } from '../../src/sim/sim-mesh-session';
import { boundToPrefix, encodeFrame, itemSigningText, type Item, unusedClaim } from '../../src/net/wire';

const HOUR = 3_600_000;

function signed(gameId: string, key: Identity, a: number, n: number, at: number, body: Item['body']): Item {
  const unsigned = { a, n, at, body, h: null, p: boundToPrefix(body) ? '00'.repeat(32) : null, w: unusedClaim(body, 3) };
  return { ...unsigned, sig: sign(key, 'item', itemSigningText(gameId, unsigned)) };
}

/** A signature of the right shape that nobody made (random hex: costs the sender nothing). */
function craftedSig(i: number): string {
  let s = '';
  for (let k = 0; k < 8; k++) s += ((i * 2654435761 + k * 40503) >>> 0).toString(16).padStart(8, '0');
  return s.repeat(2).slice(0, 128);
}

/** Author a's contiguous sequence as peer p holds it. */
const seqOf = (p: SimPeer, a: number) => (p.session as unknown as { pool: { sequences: number[] } }).pool.sequences[a];

async function started(seed: number): Promise<{ sim: MeshSim; victim: SimPeer; liar: SimPeer; other: SimPeer }> {
  const sim = new MeshSim({ peers: 3, seed });
  await sim.open();
  const [victim, liar, other] = sim.peers;
  expect(await sim.runUntil(() => victim.session.started && victim.session.state.turn >= 3, HOUR)).toBe(true);
  return { sim, victim, liar, other };
}

describe('limits on work: a peer cannot make another spend more than it spends (issue 18)', () => {
  it('items numbered beyond the sequence window cost no signature check', async () => {
    const { sim, victim, liar } = await started(1801);
    const inject = sim.net.transport(victim.session.transportId)!.handlers!;
    const base = seqOf(victim, 1) + SEQ_WINDOW;
    const checks = signatureChecks();
    const seen = victim.rejects.length;
    for (let i = 0; i < 300; i++) {
      const item: Item = {
        a: 1,
        n: base + i,
        at: 5,
        body: { k: 'chat', c: 0, text: `far ${i}` },
        h: null,
        p: null,
        w: null,
        sig: craftedSig(i),
      };
      inject.message(liar.session.transportId, encodeFrame({ t: 'item', item }));
    }
    expect(victim.rejects.slice(seen).filter((l) => /too far ahead/.test(l))).toHaveLength(300);
    expect(signatureChecks() - checks).toBe(0);
    // An item within the window with a crafted signature is checked (and refused): the counter counts.
    const near: Item = {
      a: 1,
      n: seqOf(victim, 1) + 5,
      at: 5,
      body: { k: 'chat', c: 0, text: 'near' },
      h: null,
      p: null,
      w: null,
      sig: craftedSig(9999),
    };
    inject.message(liar.session.transportId, encodeFrame({ t: 'item', item: near }));
    expect(signatureChecks() - checks).toBe(1);
    expect(victim.rejects.at(-1)).toMatch(/not signed by black's key/);
    sim.dispose();
  }, 60_000);

  it('a flood of crafted signatures on one link: the victim checks at most the budget a second, and the game still finishes', async () => {
    const { sim, victim, liar, other } = await started(1802);
    const inject = sim.net.transport(victim.session.transportId)!.handlers!;
    // 35 crafted-signature items every 100 ms of the clock (under the 400 frames/s limit) until the game is over,
    // while the liar's own session goes on playing over the same link.
    const t0 = sim.clock.now();
    const seen = victim.rejects.length;
    let sent = 0;
    let mostDeferred = 0;
    const burst = () => {
      if (sim.finished()) return;
      const first = seqOf(victim, 1);
      for (let k = 0; k < 35; k++, sent++) {
        const body = { k: 'chat' as const, c: 0, text: `x${sent}` };
        const item: Item = { a: 1, n: first + 1 + (sent % 500), at: 5, body, h: null, p: null, w: null, sig: craftedSig(sent) };
        inject.message(liar.session.transportId, encodeFrame({ t: 'item', item }));
      }
      mostDeferred = Math.max(mostDeferred, victim.session.deferredFrames);
      sim.clock.setTimeout(burst, 100);
    };
    burst();
    expect(await sim.runUntil(() => sim.finished(), 2 * HOUR)).toBe(true);
    const seconds = (sim.clock.now() - t0) / 1000;
    expect(sent / seconds).toBeGreaterThan(3 * SIGNATURE_CHECKS_PER_SECOND); // the flood is several times the budget
    expect(victim.rejects.some((l) => /signatures a second to check; frames dropped/.test(l))).toBe(true);
    // Each crafted item that was checked (at once, or deferred to a later second) was refused with one line:
    // no more of them than the budget allows a second; the frames waiting for the budget stayed within their bound.
    const checked = victim.rejects.slice(seen).filter((l) => /not signed by black's key/.test(l)).length;
    expect(checked).toBeGreaterThan(0);
    expect(mostDeferred).toBeGreaterThan(0);
    expect(mostDeferred).toBeLessThanOrEqual(MAX_DEFERRED_FRAMES);
    expect(checked).toBeLessThanOrEqual(SIGNATURE_CHECKS_PER_SECOND * Math.ceil(seconds + 1));
    expect(await sim.runUntil(() => sim.finished(), 2 * HOUR)).toBe(true);
    for (const p of [victim, liar, other]) expect(p.session.phase).toBe('over');
    const logs = sim.logs();
    for (const l of logs) expect(l).toBe(logs[0]);
    expect(logs[0]).not.toContain('"k":"drop"');
    const report = verifyReplay(logs[0]);
    expect(report.ok ? 'ok' : report.message).toBe('ok');
    sim.dispose();
  }, 180_000);

  it('an honest burst past the check budget (a watcher catching up on a whole game) is slowed, not dropped nor reported', async () => {
    const sim = new MeshSim({ peers: 2, seed: 1803 });
    await sim.open();
    expect(await sim.runUntil(() => sim.finished(), 2 * HOUR)).toBe(true);
    // The watcher is a fresh process: no signature is known to it yet (one process holds every simulated peer).
    forgetCheckedSignatures();
    const checks = signatureChecks();
    const t0 = sim.clock.now();
    const watcher = sim.spectate(0);
    const whole = sim.peers[0].session.replayText();
    let mostDeferred = 0;
    const caughtUp = await sim.runUntil(() => {
      mostDeferred = Math.max(mostDeferred, watcher.session.deferredFrames);
      return watcher.session.replayText() === whole;
    }, HOUR);
    expect(caughtUp).toBe(true);
    const seconds = (sim.clock.now() - t0) / 1000;
    // It did meet the budget: more checks than one second allows, some frames waited, and it took the seconds they needed.
    expect(signatureChecks() - checks).toBeGreaterThan(SIGNATURE_CHECKS_PER_SECOND);
    expect(mostDeferred).toBeGreaterThan(0);
    expect(seconds).toBeGreaterThanOrEqual(1);
    expect(watcher.rejects).toEqual([]);
    for (const p of sim.peers) expect(p.rejects).toEqual([]);
    sim.dispose();
  }, 120_000);

  it('a repeated hello on an authenticated link is never answered with a new signature', async () => {
    const { sim, victim, liar } = await started(1803);
    const inject = sim.net.transport(victim.session.transportId)!.handlers!;
    const hello = (nonce: string) =>
      encodeFrame({
        t: 'hello',
        v: 1,
        pub: liar.session.identity.publicKey,
        nonce,
        name: 'p1',
        game: victim.session.gameId,
        role: 'player',
      });
    let auths = 0;
    sim.net.filter = (from, to, frame) => {
      if (from === victim.session.transportId && to === liar.session.transportId && frame.startsWith('{"t":"auth"')) auths++;
      return true;
    };
    const made = signaturesMade();
    for (let i = 0; i < 300; i++) inject.message(liar.session.transportId, hello(i.toString(16).padStart(32, '0')));
    expect(signaturesMade() - made).toBe(0);
    expect(auths).toBe(0);
    sim.net.filter = null;
    // The game goes on: the handshake itself still works.
    expect(await sim.runUntil(() => sim.finished(), 2 * HOUR)).toBe(true);
    sim.dispose();
  }, 120_000);

  it('94 KB of sync requests draw at most 10x in answers past the catch-up allowance and its refill', async () => {
    const { sim, victim, liar } = await started(1804);
    const inject = sim.net.transport(victim.session.transportId)!.handlers!;
    await sim.runUntil(() => victim.session.state.turn >= 8, HOUR);
    // The cheapest request that asks for everything.
    const request = encodeFrame({ t: 'sync', have: [], len: 0, dig: [] });
    let asked = 0;
    let answered = 0;
    sim.net.filter = (from, to, frame) => {
      if (from === victim.session.transportId && to === liar.session.transportId) answered += frame.length;
      return from !== liar.session.transportId;
    };
    // 300 requests a second (under the frame limit) until 94 KB are sent.
    const t0 = sim.clock.now();
    while (asked < 94 * 1024) {
      for (let k = 0; k < 30; k++) {
        inject.message(liar.session.transportId, request);
        asked += request.length;
      }
      await sim.runUntil(() => false, 100);
    }
    sim.net.filter = null;
    expect(answered).toBeGreaterThan(0);
    // The victim's own items and requests to the liar meanwhile add a few KB.
    const refilled = (CATCH_UP_REFILL_PER_SECOND * (sim.clock.now() - t0)) / 1000;
    expect(answered).toBeLessThanOrEqual(SYNC_AMPLIFICATION * asked + CATCH_UP_BYTES + refilled + 64 * 1024);
    // Without the limit, each of these requests draws a full answer (the start record and 64 items): hundreds of times its size.
    const one = victim.session.replayText().length;
    expect(one).toBeGreaterThan(10 * request.length);
    sim.dispose();
  }, 120_000);
});

/** A storage that refuses (like a browser's QuotaExceededError) any write that would take it past `limit` characters. */
class QuotaStorage extends MemoryStorage {
  refused = 0;
  constructor(private readonly limit: number) {
    super();
  }
  override setItem(k: string, v: string): void {
    let used = v.length;
    for (const [key, value] of this.data) if (key !== k) used += value.length;
    if (used > this.limit) {
      this.refused++;
      const e = new Error('the quota has been exceeded');
      e.name = 'QuotaExceededError';
      throw e;
    }
    super.setItem(k, v);
  }
}

describe('items with no effect and a full storage (issue 18)', () => {
  it('11,000 valid signed junk chat lines leave the pool and the save bounded', async () => {
    const { sim, victim, liar } = await started(1805);
    const inject = sim.net.transport(victim.session.transportId)!.handlers!;
    const gameId = victim.session.gameId;
    const key = liar.session.identity;
    // From here the liar is a puppet: its own session is silent and only the test speaks for its key.
    sim.net.filter = (from) => from !== liar.session.transportId;
    // Numbers the liar's own session has not used (one it used, signed again, would be equivocation).
    const first = (liar.session as unknown as { nextSeq: number }).nextSeq;
    const held0 = victim.session.heldItems;
    // 50 a second (within the frame and signature budgets, so every one is read and checked), at ever new log indices.
    let n = first;
    const total = 11_000;
    const burst = () => {
      for (let k = 0; k < 5 && n < first + total; k++, n++)
        inject.message(
          liar.session.transportId,
          encodeFrame({
            t: 'item',
            item: signed(gameId, key, 1, n, 1 + (n % 997), {
              k: 'chat',
              c: (n - first) % MAX_CHAT_PER_SEAT,
              text: `junk ${n} ${'z'.repeat(150)}`,
            }),
          }),
        );
      if (n < first + total) sim.clock.setTimeout(burst, 100);
    };
    burst();
    expect(await sim.runUntil(() => n >= first + total, 2 * HOUR)).toBe(true);
    await sim.runUntil(() => false, 2_000);
    expect(victim.rejects.some((l) => /over the chat limit/.test(l))).toBe(true);
    expect(victim.rejects.some((l) => /numbered beyond/.test(l))).toBe(true);
    const saved = JSON.parse(victim.storage.data.get(`carcassonne-sw.game.${gameId}`)!);
    const chatSaved = (saved.items as Item[]).filter((i) => i.a === 1 && i.body.k === 'chat');
    expect(chatSaved.length).toBeLessThanOrEqual(MAX_CHAT_PER_SEAT);
    expect(victim.session.chat.filter((c) => c.colour === 'black').length).toBeLessThanOrEqual(MAX_CHAT_PER_SEAT);
    // The liar's items kept: what it authored before the flood and the chat the limits keep, of 11,000.
    expect((saved.items as Item[]).filter((i) => i.a === 1).length).toBeLessThanOrEqual(first + MAX_CHAT_PER_SEAT);
    // Every item held: those, and the two other seats' for the rest of the game (under 250 each, see MAX_ITEMS_PER_SEAT).
    expect(victim.session.heldItems - held0).toBeLessThanOrEqual(MAX_CHAT_PER_SEAT + 2 * 250);
    const saveChars = [...victim.storage.data.values()].reduce((s, v) => s + v.length, 0);
    expect(saveChars).toBeLessThan(400_000);
    sim.dispose();
  }, 300_000);

  it('a storage that refuses writes past a size: reported, no exception, and the last good save is kept and resumes', async () => {
    const quota = new QuotaStorage(60_000);
    const sim = new MeshSim({ peers: 3, seed: 1806 });
    await sim.open((i) => (i === 0 ? { store: new GameStore(quota, () => sim.clock.now()) } : {}));
    const victim = sim.peers[0];
    const problems: (string | null)[] = [];
    victim.session.onEvent((e) => {
      if (e.kind === 'save') problems.push(e.problem);
    });
    expect(await sim.runUntil(() => sim.finished(), 2 * HOUR)).toBe(true);
    expect(quota.refused).toBeGreaterThan(0);
    expect(problems[0]).toMatch(/could not save .*storage full.*the last save is kept/);
    expect(victim.session.saveProblem).toMatch(/storage full/);
    expect(victim.session.internalErrorCount).toBe(0);
    const gameId = victim.session.gameId;
    const text = quota.getItem(`carcassonne-sw.game.${gameId}`)!;
    const kept = parseMeshSave(text, quota.getItem(`carcassonne-sw.journal.${gameId}`));
    expect(kept.start?.settings.gameId).toBe(gameId);
    expect(kept.items.length).toBeGreaterThan(0);
    // The kept save opens again: an earlier point of the same game.
    const back = SimMeshSession.resume(
      { ...sim.meshOptions('again', new MemoryStorage()), store: new GameStore(quota, () => sim.clock.now()) },
      gameId,
    );
    expect(back.logLength).toBeGreaterThan(1);
    expect(back.logLength).toBeLessThan(victim.session.logLength);
    back.dispose();
    sim.dispose();
  }, 120_000);
});
