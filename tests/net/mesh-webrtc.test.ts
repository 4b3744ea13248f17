// The lockstep session over real WebRTC (node-datachannel) and a real PeerJS signalling
// server, all on 127.0.0.1: a 3-peer mesh plays a whole bot game; mid-game one peer's
// connection is closed and it comes back with a new transport id, reclaiming its seat from
// its storage (P1.6); every log ends byte-identical and verifies.
import './support/node-webrtc';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultOptions } from '../../src/engine';
import { verifyReplay } from '../../src/fair';
import { GameStore } from '../../src/session/game-store';
import { SimMeshSession as MeshSession, type SimMeshOptions as MeshOptions } from '../../src/sim/sim-mesh-session';
import { immediateBots, MemoryStorage } from '../../src/sim/mesh-sim';
import { createPeerJsTransport } from '../../src/net/peerjs-transport';
import { startSignalling, type TestSignalling } from './support/signalling-server';
import { until } from './support/until';

let signalling: TestSignalling;
beforeAll(async () => {
  signalling = await startSignalling();
});
afterAll(async () => {
  await signalling?.close();
});

async function transport() {
  return createPeerJsTransport({
    host: '127.0.0.1',
    port: signalling.port,
    path: '/',
    secure: false,
    iceServers: [],
    deadAfterMs: 4_000,
    pingIntervalMs: 1_000,
  });
}

describe('MeshSession over PeerJS / WebRTC on loopback', () => {
  it('3 peers play a whole bot game; one drops its connection mid-game, returns with a new id and reclaims its seat', async () => {
    const storages = [new MemoryStorage(), new MemoryStorage(), new MemoryStorage()];
    const rejects: string[][] = [[], [], []];
    const transports: Awaited<ReturnType<typeof transport>>[] = [];
    const opts = async (i: number): Promise<MeshOptions> => ({
      transport: (transports[i] = await transport()),
      name: `p${i}`,
      store: new GameStore(storages[i]),
      autopilot: 'random',
      botRunner: immediateBots,
      stallMs: 500,
      onReject: (l) => rejects[i].push(l),
    });
    const s: MeshSession[] = [];
    s.push(
      MeshSession.host(await opts(0), {
        options: defaultOptions(),
        seats: [
          { colour: 'red', bot: null },
          { colour: 'black', bot: null },
          { colour: 'green', bot: null },
        ],
        hostColour: 'red',
      }),
    );
    s.push(MeshSession.join(await opts(1), s[0].transportId, false, s[0].invitation));
    s.push(MeshSession.join(await opts(2), s[0].transportId, false, s[0].invitation));
    await until(() => !!s[1].lobby && !!s[2].lobby, 'the lobby', 20_000);
    s[1].takeSeat('black');
    s[2].takeSeat('green');
    await until(() => s[0].lobby!.seats.every((x) => x.pub), 'every seat taken', 20_000);
    s[0].startGame();
    for (const x of s) void x.start();
    await until(() => s.every((x) => x.started && x.state.turn >= 15), 'turn 15', 60_000);
    // Peer 2's connection goes away (its transport closes); it comes back with a new id.
    const gameId = s[2].gameId;
    const oldId = s[2].transportId;
    s[2].dispose();
    transports[2].close();
    await new Promise((r) => setTimeout(r, 500));
    s[2] = MeshSession.resume(await opts(2), gameId);
    expect(s[2].transportId).not.toBe(oldId);
    void s[2].start();
    await until(() => s.every((x) => x.phase === 'over'), 'the end of the game', 120_000);
    const logs = s.map((x) => x.replayText());
    expect(logs[1]).toBe(logs[0]);
    expect(logs[2]).toBe(logs[0]);
    const report = verifyReplay(logs[0]);
    expect(report.ok ? 'ok' : report.message).toBe('ok');
    expect(s[2].forfeits()).toEqual([]); // back in time: it kept its seat
    expect(rejects.flat()).toEqual([]);
    for (const x of s) x.leave();
  }, 240_000);
});
