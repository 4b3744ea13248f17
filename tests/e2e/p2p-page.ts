// The PeerJS transport in a real browser page, for tests/e2e/p2p-smoke.mjs: it resolves the
// signalling settings as the game does (here: the dev server's same-origin /peerjs), opens a
// transport and exposes it on window.p2p. ICE is kept to loopback: only 127.0.0.1
// candidates are sent or accepted, so the browsers talk over 127.0.0.1 and nothing else.
import { createPeerJsTransport } from '../../src/net/peerjs-transport';
import { resolveNetSettings } from '../../src/net/net-settings';

const LOOPBACK = / 127\.0\.0\.1 /;
const Native = globalThis.RTCPeerConnection;
class LoopbackOnly extends Native {
  constructor(config?: RTCConfiguration) {
    super({ ...config, iceServers: [] });
  }
  override set onicecandidate(listener: ((e: RTCPeerConnectionIceEvent) => void) | null) {
    super.onicecandidate =
      listener &&
      ((e) => {
        if (!e.candidate || LOOPBACK.test(e.candidate.candidate)) listener(e);
      });
  }
  override get onicecandidate() {
    return super.onicecandidate;
  }
  override addIceCandidate(candidate?: RTCIceCandidateInit | null): Promise<void> {
    if (candidate?.candidate && !LOOPBACK.test(candidate.candidate)) return Promise.resolve();
    return super.addIceCandidate(candidate ?? undefined);
  }
}
globalThis.RTCPeerConnection = LoopbackOnly;

const resolved = await resolveNetSettings();
// Loopback only: never fall back to the public signalling server from a test.
if (resolved.source !== 'same-origin' || resolved.settings.host !== '127.0.0.1')
  throw new Error(`not the same-origin signalling: ${JSON.stringify(resolved)}`);
const transport = await createPeerJsTransport({ ...resolved.settings, pingIntervalMs: 500, deadAfterMs: 3_000 });
const log = { opened: [] as string[], closed: [] as string[], frames: [] as [string, string][] };
transport.listen({
  open: (p) => log.opened.push(p),
  close: (p) => log.closed.push(p),
  message: (p, f) => log.frames.push([p, f]),
});
(globalThis as unknown as { p2p: unknown }).p2p = {
  id: transport.id,
  source: resolved.source,
  settings: resolved.settings,
  log,
  connect: (p: string) => transport.connect(p),
  send: (p: string, f: string) => transport.send(p, f),
  connected: () => transport.connected(),
};
