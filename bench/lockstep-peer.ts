// One peer of bench/lockstep-webrtc.ts's multi-process game, in its own process as in a real
// game (every browser checks signatures and runs the rules on its own thread): a MeshSession
// over real WebRTC on loopback whose seat is played by the random bot. It prints its transport
// id, then, at the end of the game, when it applied each placement (in log order), on the
// monotonic clock that every process of this machine shares (process.hrtime).
// THINK_MS is how long its bot waits before each move (0: at once, the game runs flat out).
// Usage: node --import tsx lockstep-peer.ts SIGNALLING_PORT THINK_MS (host | HOST_ID COLOUR)
import '../tests/net/support/node-webrtc';
import type { BotRunner } from '../src/bots/bot-runner';
import { immediateBots } from '../src/sim/mesh-sim';
import { createPeerJsTransport } from '../src/net/peerjs-transport';
import { benchSession, COLOURS, placementTimes, until } from './lockstep-game';

async function main(): Promise<void> {
  const [port, think, hostId, colour] = process.argv.slice(2);
  const thinkMs = Number(think);
  const botRunner: BotRunner =
    thinkMs > 0
      ? { choose: (...a) => new Promise((r) => setTimeout(r, thinkMs)).then(() => immediateBots.choose(...a)), dispose() {} }
      : immediateBots;
  const transport = await createPeerJsTransport({ host: '127.0.0.1', port: Number(port), path: '/', secure: false, iceServers: [] });
  const host = hostId === 'host';
  const s = benchSession(transport, colour ?? 'host', botRunner, host ? null : hostId);
  // The host's address and the invitation its join link would carry.
  process.stdout.write(`id ${s.transportId}${s.invitation ? `:${s.invitation}` : ''}\n`);
  const applied = placementTimes(s, () => Number(process.hrtime.bigint()) / 1e6);
  if (host) {
    await until(() => !!s.lobby && s.lobby.seats.every((x) => x.pub), 'the seats', 60_000);
    s.startGame();
  } else {
    await until(() => !!s.lobby, 'the lobby', 60_000);
    s.takeSeat(COLOURS.find((c) => c === colour) ?? null);
    await until(() => s.started, 'the start', 60_000);
  }
  void s.start();
  await until(() => s.phase === 'over', 'the end', 300_000);
  // Wait for the others to finish too before the links close (the log is the same on all).
  await new Promise((r) => setTimeout(r, 1_000));
  s.leave();
  process.stdout.write(`applied ${JSON.stringify(applied)}\n`, () => process.exit(0));
}

main().catch((e: Error) => {
  process.stderr.write(`lockstep-peer: ${e.message}\n`);
  process.exit(1);
});
