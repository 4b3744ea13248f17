// Issue 12, once over real WebRTC (node-datachannel) and a real PeerJS signalling server on
// 127.0.0.1: a peer sends lies down its real data channel — a forged signature, a message
// claiming another seat, a malformed item, a burst of crafted signatures (issue 18) — and the honest peer
// refuses each with a reason, its log unchanged; the game still ends with identical logs.
//
// Which lies are tested where (sim = the simulated in-memory network: tests/net/hostile-peers.test.ts,
// the random liar of src/sim/liar.ts in `npm run chaos -- --liars` and tests/cli/chaos.test.ts, and
// tests/cli/fuzz.test.ts; WebRTC = this file, real data channels through a real signalling server):
//   lie                                                          sim   WebRTC
//   forged signature (one bit of a good one flipped)             yes   yes
//   an item claiming another seat (its number, the liar's key)   yes   yes
//   a move for another seat under the liar's own key             yes   yes
//   a malformed item (fields missing)                            yes   yes
//   unsigned item                                                yes   no
//   illegal move (off the board), move out of turn               yes   no
//   reveal early, of a later number, or not the next preimage    yes   no
//   an entry for a slot already filled (late)                    yes   no
//   replayed: from another game, or a duplicate of this one's    yes   no
//   numbered beyond what one seat may send                       yes   no
//   oversized, too deeply nested, random bytes                   yes   no
//   flood (the rate limit)                                       yes   no
//   crafted-signature flood (the link's check budget)            yes   yes
//   equivocation (one entry signed twice, the seat dropped)      yes   no
//   withheld reveal (timeout, the drop by vote, a bot plays on)  yes   no
import './support/node-webrtc';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultOptions, stateHash } from '../../src/engine';
import { verifyReplay } from '../../src/fair';
import { GameStore } from '../../src/session/game-store';
import { sign } from '../../src/net/identity';
import { MAX_DEFERRED_FRAMES, SEQ_WINDOW, SIGNATURE_CHECKS_PER_SECOND } from '../../src/net/lockstep/limits';
import { SimMeshSession as MeshSession, type SimMeshOptions as MeshOptions } from '../../src/sim/sim-mesh-session';
import { immediateBots, MemoryStorage } from '../../src/sim/mesh-sim';
import { createPeerJsTransport } from '../../src/net/peerjs-transport';
import { boundToPrefix, encodeFrame, itemSigningText, type Item, unusedClaim } from '../../src/net/wire';
import { startSignalling, type TestSignalling } from './support/signalling-server';
import { twoSeatHost } from './support/two-seat-host';
import { until } from './support/until';

let signalling: TestSignalling;
beforeAll(async () => {
  signalling = await startSignalling();
});
afterAll(async () => {
  await signalling?.close();
});

/** A peer's transport through the test's signalling, loopback only, dead links noticed within 4 s. */
function transport(extra: { maxLinks?: number; maxUnproven?: number } = {}) {
  return createPeerJsTransport({
    ...extra,
    host: '127.0.0.1',
    port: signalling.port,
    path: '/',
    secure: false,
    iceServers: [],
    deadAfterMs: 4_000,
    pingIntervalMs: 1_000,
  });
}

describe('hostile frames over PeerJS / WebRTC on loopback', () => {
  it('forged, wrong-seat and malformed frames are refused; the game ends identically', async () => {
    const rejects: string[][] = [[], []];
    const transports = [await transport(), await transport()];
    const opts = (i: number): MeshOptions => ({
      transport: transports[i],
      name: `p${i}`,
      store: new GameStore(new MemoryStorage()),
      autopilot: 'random',
      botRunner: immediateBots,
      stallMs: 500,
      onReject: (l) => rejects[i].push(l),
    });
    const honest = MeshSession.host(opts(0), {
      options: defaultOptions(),
      seats: [
        { colour: 'red', bot: null },
        { colour: 'black', bot: null },
      ],
      hostColour: 'red',
    });
    const liar = MeshSession.join(opts(1), honest.transportId, false, honest.invitation);
    await until(() => !!liar.lobby, 'the lobby', 20_000);
    liar.takeSeat('black');
    await until(() => honest.lobby!.seats.every((x) => x.pub), 'both seats', 20_000);
    honest.startGame();
    void honest.start();
    void liar.start();
    await until(() => honest.started && honest.state.turn >= 4, 'turn 4', 60_000);
    // Freeze the honest side's view for the check: the lies travel while the game runs, so compare entry by entry.
    const gameId = honest.gameId;
    // Numbered within the sequence window (256) and the seat's budget, beyond any number the game reaches by then.
    const signed = (a: number, body: Item['body'], at: number): Item => {
      const unsigned = { a, n: 200, at, body, h: null, p: boundToPrefix(body) ? '00'.repeat(32) : null, w: unusedClaim(body, 2) };
      return { ...unsigned, sig: sign(liar.identity, 'item', itemSigningText(gameId, unsigned)) };
    };
    const good = signed(1, { k: 'chat', c: 0, text: 'hello' }, 0);
    const lies: [string, RegExp][] = [
      [
        encodeFrame({ t: 'item', item: { ...good, sig: (good.sig![0] === '0' ? '1' : '0') + good.sig!.slice(1) } }),
        /not signed by black's key/,
      ],
      [encodeFrame({ t: 'item', item: signed(0, { k: 'chat', c: 0, text: 'I am red' }, 0) }), /not signed by red's key/],
      [
        encodeFrame({
          t: 'item',
          item: signed(1, { k: 'entry', entry: { k: 'place', seat: honest.state.setup.seats.indexOf('red'), x: 1, y: 0, r: 0 } }, 0),
        }),
        /sent a move for red's seat/,
      ],
      ['{"t":"item","item":{"a":1}}', /item lacks/],
    ];
    const entriesBefore = JSON.parse(honest.replayText()).entries.length;
    const prefix = JSON.parse(honest.replayText()).entries;
    for (const [frame, reason] of lies) {
      const seen = rejects[0].length;
      // Straight down the liar's real data channel.
      expect(transports[1].send(honest.transportId, frame)).toBe(true);
      await until(() => rejects[0].length > seen, `the refusal of ${reason}`, 10_000).catch(() => {});
      expect(
        rejects[0].slice(seen).some((l) => reason.test(l)),
        `${reason} in ${JSON.stringify(rejects[0].slice(seen))}`,
      ).toBe(true);
    }
    // A burst of items with crafted signatures down the same channel: checked within the link's budget only.
    // Numbered inside the honest peer's sequence window for black (its numbers held so far + 256), above
    // what black itself sends meanwhile, so every one reaches the signature check (the window comes first):
    // how far the game got by turn 4 varies with the machine's load, and a burst numbered past the window
    // would be refused before any check and test nothing.
    const startedAt = Date.now();
    const seen = rejects[0].length;
    const first = liar.authoring!.n + 16;
    const last = honest.poolView!.sequences[1] + SEQ_WINDOW - 1;
    const burst = last - first + 1;
    // Past a second's checks and the queue behind them (MAX_DEFERRED_FRAMES), even if the game used no checks.
    expect(burst).toBeGreaterThan(SIGNATURE_CHECKS_PER_SECOND + MAX_DEFERRED_FRAMES);
    for (let i = 0; i < burst; i++) {
      const sig = ((i * 2654435761) >>> 0).toString(16).padStart(8, '0').repeat(16);
      const item: Item = { a: 1, n: first + i, at: 0, body: { k: 'chat', c: 0, text: `x${i}` }, h: null, p: null, w: null, sig };
      transports[1].send(honest.transportId, encodeFrame({ t: 'item', item }));
    }
    await until(() => rejects[0].slice(seen).some((l) => /signatures a second to check/.test(l)), 'the check budget', 10_000);
    expect(rejects[0].slice(seen).filter((l) => /too far ahead/.test(l))).toEqual([]);
    const checked = rejects[0].slice(seen).filter((l) => /not signed by black's key/.test(l)).length;
    expect(checked).toBeGreaterThan(0);
    expect(checked).toBeLessThanOrEqual(SIGNATURE_CHECKS_PER_SECOND * (Math.ceil((Date.now() - startedAt) / 1000) + 1));
    // Nothing the lies said entered the log: the entries that were there are unchanged.
    expect(JSON.parse(honest.replayText()).entries.slice(0, entriesBefore)).toEqual(prefix);
    await until(() => honest.phase === 'over' && liar.phase === 'over', 'the end of the game', 120_000);
    expect(honest.replayText()).toBe(liar.replayText());
    expect(stateHash(honest.state)).toBe(stateHash(liar.state));
    const report = verifyReplay(honest.replayText());
    expect(report.ok ? 'ok' : report.message).toBe('ok');
    expect(honest.forfeits()).toEqual([]);
    honest.leave();
    liar.leave();
  }, 240_000);

  it("silent channels that keep redialling do not keep the invited player out of the host's lobby", async () => {
    // Small slots so that a few real channels fill them: 4 proven links, 3 strangers' slots.
    const hostTransport = await transport({ maxLinks: 4, maxUnproven: 3 });
    const host = twoSeatHost(hostTransport);
    const silent = await Promise.all(Array.from({ length: 6 }, () => transport()));
    let dials = 0;
    for (const t of silent) {
      t.listen({ open: () => {}, close: () => (dials++, t.connect(host.transportId)), message: () => {} });
      t.connect(host.transportId);
    }
    try {
      // The flood is real: the strangers' slots fill and the others keep dialling in.
      await until(() => hostTransport.connected().length === 3 && dials >= 3, 'the silent channels to fill the slots', 30_000);
      const invited = MeshSession.join(
        { transport: await transport(), name: 'friend', store: new GameStore(new MemoryStorage()) },
        host.transportId,
        false,
        host.invitation,
      );
      await until(() => !!invited.lobby, "the invited player's lobby", 30_000);
      invited.takeSeat('black');
      await until(() => host.lobby!.seats.some((x) => x.colour === 'black' && x.pub === invited.identity.publicKey), 'the seat', 20_000);
      expect(hostTransport.connected()).toContain(invited.transportId);
      expect(hostTransport.connected().length).toBeLessThanOrEqual(4 + 3);
      invited.leave();
    } finally {
      for (const t of silent) {
        t.listen({ open: () => {}, close: () => {}, message: () => {} });
        t.close();
      }
      host.leave();
    }
  }, 120_000);
});
