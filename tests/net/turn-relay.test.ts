// TURN for real (P3.3): Debian's coturn on 127.0.0.1 with a long-term credential, real WebRTC
// (node-datachannel) and a real PeerJS signalling server. The peers take their ICE servers
// and relay-only as a player sets them (the Connection settings, saved and resolved by
// net-settings, mapped by the app's own transportOptions). Two players and a bot play a
// whole game through the relay: identical logs that verify, every link's selected pair
// relay-to-relay, coturn's log full of allocations. With a wrong credential the joining
// player hears why within the connection timeout. coturn is stopped by its PID.
import { onPeerConnection } from './support/node-webrtc';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultOptions } from '../../src/engine';
import { verifyReplay } from '../../src/fair';
import { GameStore } from '../../src/session/game-store';
import { SimMeshSession as MeshSession, type SimMeshOptions as MeshOptions } from '../../src/sim/sim-mesh-session';
import { parseIceServerLines, resolveNetSettings, saveNetSettings } from '../../src/net/net-settings';
import { transportOptions } from '../../src/net/online';
import { createPeerJsTransport, type PeerJsTransport, type PeerJsTransportOptions } from '../../src/net/peerjs-transport';
import { immediateBots, MemoryStorage } from '../../src/sim/mesh-sim';
import { startCoturn, turnserverPath, type Coturn } from './support/coturn.mjs';
import { startSignalling, type TestSignalling } from './support/signalling-server';
import { twoSeatHost } from './support/two-seat-host';
import { until } from './support/until';

const CREDENTIAL = 'relay-s3cret';
const missing = !turnserverPath();
if (missing && !process.env.CI) {
  console.warn('\n!!! coturn (turnserver) is not installed: the TURN relay tests are SKIPPED (apt-get install -y coturn) !!!\n');
}

let signalling: TestSignalling;
let turn: Coturn;
const peerConnections: RTCPeerConnection[] = [];
beforeAll(async () => {
  signalling = await startSignalling();
  turn = await startCoturn({ credential: CREDENTIAL }); // in CI a missing coturn fails here
  onPeerConnection((pc) => peerConnections.push(pc));
}, 20_000);
afterAll(async () => {
  onPeerConnection(null);
  await turn?.stop();
  await signalling?.close();
});

/** What the Connection settings panel saves for "this TURN server, relay only", resolved as the app resolves it. */
async function settingsAsAPlayerSetsThem(credential: string): Promise<PeerJsTransportOptions> {
  const ice = parseIceServerLines(`${turn.url} ${turn.user} ${credential}`);
  if (!ice.ok) throw new Error(ice.reason);
  const storage = new MemoryStorage();
  const panel = { host: '127.0.0.1', port: signalling.port, path: '/', secure: false, iceServers: ice.value, relayOnly: true };
  const saved = saveNetSettings(storage, panel);
  expect(saved.ok).toBe(true);
  const resolved = await resolveNetSettings({ storage, env: {}, page: null, fetch: null });
  expect(resolved.source).toBe('saved');
  return transportOptions(resolved.settings);
}

/** The candidate types of a connection's selected pair, e.g. ['relay', 'relay']. */
async function selectedPair(pc: RTCPeerConnection): Promise<string[]> {
  const stats = [...(await pc.getStats()).values()] as { type: string; candidateType?: string }[];
  return ['local-candidate', 'remote-candidate'].map((type) => stats.find((s) => s.type === type)?.candidateType ?? 'none');
}

describe.skipIf(missing && !process.env.CI)('MeshSession through a real coturn relay, relay-only ICE', () => {
  it('2 players and a bot play a whole game through the relay: same logs, every selected pair relay, coturn relayed it', async () => {
    const options = await settingsAsAPlayerSetsThem(CREDENTIAL);
    expect(options).toMatchObject({ relayOnly: true, iceServers: [{ urls: [turn.url], username: turn.user, credential: CREDENTIAL }] });
    const rejects: string[][] = [[], []];
    const failures: string[] = [];
    const transports: PeerJsTransport[] = [];
    const opts = async (i: number): Promise<MeshOptions> => {
      const transport = await createPeerJsTransport({ ...options, deadAfterMs: 4_000, pingIntervalMs: 1_000 });
      transport.onLinkFailure((_peer, reason) => failures.push(reason));
      transports.push(transport);
      return {
        transport,
        name: `p${i}`,
        store: new GameStore(new MemoryStorage()),
        autopilot: 'random',
        botRunner: immediateBots,
        stallMs: 500,
        onReject: (l) => rejects[i].push(l),
      };
    };
    const seats = [
      { colour: 'red' as const, bot: null },
      { colour: 'black' as const, bot: null },
      { colour: 'green' as const, bot: 'random' as const },
    ];
    const host = MeshSession.host(await opts(0), { options: defaultOptions(), seats, hostColour: 'red' });
    const guest = MeshSession.join(await opts(1), host.transportId, false, host.invitation);
    const s = [host, guest];
    await until(() => !!guest.lobby, 'the lobby through the relay', 30_000);
    guest.takeSeat('black');
    await until(() => host.lobby!.seats.every((x) => x.bot || x.pub), 'every seat taken', 20_000);
    host.startGame();
    for (const x of s) void x.start();
    await until(() => s.every((x) => x.phase === 'over'), 'the end of the game', 150_000);

    const logs = s.map((x) => x.replayText());
    expect(logs[1]).toBe(logs[0]);
    const report = verifyReplay(logs[0]);
    expect(report.ok ? 'ok' : report.message).toBe('ok');
    expect(s.map((x) => x.forfeits())).toEqual([[], []]);
    expect(rejects.flat()).toEqual([]);
    expect(failures).toEqual([]);

    // The relay carried it: every connection that formed chose a relay-to-relay pair ...
    const connected = peerConnections.filter((pc) => pc.connectionState === 'connected');
    expect(connected.length).toBeGreaterThanOrEqual(2);
    const pairs = await Promise.all(connected.map(selectedPair));
    expect(pairs).toEqual(connected.map(() => ['relay', 'relay']));
    // ... and coturn says so: an allocation and a channel to the other's relay per peer, on the long-term credential.
    const who = `realm <${turn.realm}> user <${turn.user}>`;
    const line = (what: string) => new RegExp(`session (\\d+): ${who}: incoming packet ${what} processed, success`, 'g');
    const granted = (what: string) => new Set([...turn.log().matchAll(line(what))].map((m) => m[1])).size;
    expect([granted('ALLOCATE'), granted('CREATE_PERMISSION'), granted('CHANNEL_BIND')]).toEqual([2, 2, 2]);
    for (const x of s) x.leave();
    for (const t of transports) t.close();
  }, 200_000);

  it('with a wrong credential the joining player is told why within the connection timeout', async () => {
    const hostTransport = await createPeerJsTransport(await settingsAsAPlayerSetsThem(CREDENTIAL));
    const host = twoSeatHost(hostTransport);
    const wrong = await settingsAsAPlayerSetsThem('not-the-secret');
    const transport = await createPeerJsTransport(wrong); // the app's defaults: a dial is given up after 15 s
    const heard: string[] = [];
    transport.onLinkFailure((peer, reason) => heard.push(`${peer}: ${reason}`));
    const guest = MeshSession.join(
      { transport, name: 'guest', store: new GameStore(new MemoryStorage()) },
      host.transportId,
      false,
      host.invitation,
    );
    await until(() => heard.length > 0, 'the reason of the failed link', 15_000 + 10_000);
    expect(heard[0]).toBe(
      `${host.transportId}: no WebRTC link to ${host.transportId} within 15 s: ` +
        'relay only, and no TURN server gave a relay address (check its address, username and credential)',
    );
    expect(guest.phase).toBe('connecting');
    expect(guest.lobby).toBeNull();
    expect(turn.log()).toMatch(new RegExp(`check_stun_auth: user ${turn.user} credentials are incorrect`));
    guest.leave();
    host.leave();
  }, 60_000);
});
