// A network split over real WebRTC (node-datachannel) and a real PeerJS signalling server on
// 127.0.0.1 (P6.1): two humans and a bot seat; the WebRTC links between the two humans are
// closed and every reconnection between them is refused for 25 s (signalling stays up), longer
// than the timeouts and the grace, so each side drops the other; then the links may form
// again. What must hold: the cut happened (each side dropped a seat of the other, the links
// were down), and after the heal both peers hold one log, the game finishes, and the log
// verifies. The timeouts are short (3 s a reveal, 6 s a move) so the test takes under a minute.
import './support/node-webrtc';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultOptions } from '../../src/engine';
import { verifyReplay } from '../../src/fair';
import { GameStore } from '../../src/session/game-store';
import { SimMeshSession as MeshSession, type SimMeshOptions as MeshOptions } from '../../src/sim/sim-mesh-session';
import { immediateBots, MemoryStorage } from '../../src/sim/mesh-sim';
import { createPeerJsTransport } from '../../src/net/peerjs-transport';
import type { Admission, PeerId, Transport, TransportHandlers } from '../../src/net/transport';
import { startSignalling, type TestSignalling } from './support/signalling-server';
import { until } from './support/until';

let signalling: TestSignalling;
beforeAll(async () => {
  signalling = await startSignalling();
});
afterAll(async () => {
  await signalling?.close();
});

/**
 * A real PeerJS transport whose WebRTC link to chosen peers can be cut: `cut(peer)` closes the
 * data channel and refuses every new one with that peer (dialled or incoming) until `heal()`.
 */
function cuttable(inner: Transport): Transport & { cut(peer: PeerId): void; heal(): void; refused: number } {
  const blocked = new Set<PeerId>();
  let handlers: TransportHandlers | null = null;
  const t = {
    refused: 0,
    get id() {
      return inner.id;
    },
    listen(h: TransportHandlers) {
      handlers = h;
      inner.listen({
        open: (p) => {
          if (!blocked.has(p)) return h.open(p);
          t.refused++;
          inner.disconnect(p);
        },
        close: (p) => h.close(p),
        message: (p, f) => {
          if (!blocked.has(p)) h.message(p, f);
        },
      });
    },
    connect: (p: PeerId) => {
      if (!blocked.has(p)) return inner.connect(p);
      t.refused++; // the session tried to dial the other human again: refused while cut
    },
    disconnect: (p: PeerId) => inner.disconnect(p),
    proven: (p: PeerId) => inner.proven?.(p),
    admit: (a: Admission) => inner.admit?.(a),
    send: (p: PeerId, f: string) => !blocked.has(p) && inner.send(p, f),
    connected: () => inner.connected().filter((p) => !blocked.has(p)),
    close: () => inner.close(),
    cut(p: PeerId) {
      blocked.add(p);
      inner.disconnect(p);
      handlers?.close(p); // as a lost link is reported (a deliberate disconnect reports nothing)
    },
    heal() {
      blocked.clear();
    },
  };
  return t;
}

describe('a network split over PeerJS / WebRTC on loopback (P6.1)', () => {
  it('two humans and a bot, their WebRTC links cut for 25 s: each drops the other; after the heal one log, the game finishes and verifies', async () => {
    const rejects: string[][] = [[], []];
    const transports: ReturnType<typeof cuttable>[] = [];
    const opts = async (i: number): Promise<MeshOptions> => ({
      transport: (transports[i] = cuttable(
        await createPeerJsTransport({
          host: '127.0.0.1',
          port: signalling.port,
          path: '/',
          secure: false,
          iceServers: [],
          deadAfterMs: 4_000,
          pingIntervalMs: 1_000,
        }),
      )),
      name: `p${i}`,
      store: new GameStore(new MemoryStorage()),
      autopilot: 'random',
      botRunner: immediateBots,
      stallMs: 500,
      autoDrop: true,
      timeouts: { moveMs: 6_000, revealMs: 3_000, bankMs: 6_000, freeMoveMs: 3_000, freeRevealMs: 2_000 },
      onReject: (l) => rejects[i].push(l),
    });
    const s: MeshSession[] = [];
    s.push(
      MeshSession.host(await opts(0), {
        options: defaultOptions(),
        seats: [
          { colour: 'red', bot: null },
          { colour: 'black', bot: null },
          { colour: 'green', bot: 'greedy' },
        ],
        hostColour: 'red',
      }),
    );
    s.push(MeshSession.join(await opts(1), s[0].transportId, false, s[0].invitation));
    await until(() => !!s[1].lobby, 'the lobby', 20_000);
    s[1].takeSeat('black');
    await until(() => s[0].lobby!.seats.every((x) => x.bot || x.pub), 'both seats taken', 20_000);
    s[0].startGame();
    for (const x of s) void x.start();
    await until(() => s.every((x) => x.started && x.state.turn >= 5), 'turn 5', 60_000);
    // The cut: both directions, at both ends.
    transports[0].cut(s[1].transportId);
    transports[1].cut(s[0].transportId);
    await new Promise((r) => setTimeout(r, 25_000));
    // It happened: the links are down, reconnections were refused, each side dropped the other's seat, the logs differ.
    expect(transports[0].connected()).not.toContain(s[1].transportId);
    expect(transports[0].refused + transports[1].refused).toBeGreaterThan(0);
    expect(s[0].forfeits().map((f) => f.colour)).toContain('black');
    expect(s[1].forfeits().map((f) => f.colour)).toContain('red');
    expect(s[0].replayText()).not.toBe(s[1].replayText());
    for (const t of transports) t.heal();
    await until(
      () => s.every((x) => x.phase === 'over') && s[0].replayText() === s[1].replayText(),
      'one log, finished, on both peers',
      120_000,
    );
    const log = s[0].replayText();
    const report = verifyReplay(log);
    expect(report.ok ? 'ok' : report.message).toBe('ok');
    // One outcome on both pages (the count at the first fork: the documented equal-split rule).
    expect(s[0].forfeits()).toEqual(s[1].forfeits());
    expect(s[0].forfeits().length).toBeLessThanOrEqual(1);
    for (const x of s) x.leave();
  }, 240_000);
});
