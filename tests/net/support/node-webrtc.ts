// Real WebRTC in Node for the transport tests and the bench: node-datachannel's polyfill
// and `ws` installed as browser globals before PeerJS is first imported (PeerJS probes
// RTCPeerConnection when it loads). Every peer connection is pinned to loopback: ICE bound to
// 127.0.0.1 and only ICE servers on 127.0.0.1 kept (the TURN test's coturn), so nothing
// leaves this machine's loopback.
import polyfill from 'node-datachannel/polyfill';
import { WebSocket } from 'ws';

type Config = RTCConfiguration & { bindAddress?: string };

const onLoopback = (server: RTCIceServer) =>
  (Array.isArray(server.urls) ? server.urls : [server.urls]).every((u) => /^(stun|turn)s?:127\.0\.0\.1[:?]/.test(u));
let created: ((pc: RTCPeerConnection) => void) | null = null;

/** Hears every peer connection made from now on (the TURN test reads their selected candidate pairs). */
export function onPeerConnection(listener: ((pc: RTCPeerConnection) => void) | null): void {
  created = listener;
}

class LoopbackRTCPeerConnection extends (polyfill.RTCPeerConnection as unknown as typeof RTCPeerConnection) {
  private early: RTCIceCandidateInit[] | null = [];
  private described = { local: false, remote: false };
  constructor(config?: Config) {
    super({ ...config, iceServers: (config?.iceServers ?? []).filter(onLoopback), bindAddress: '127.0.0.1' } as Config);
    created?.(this);
  }
  // The polyfill gathers host candidates synchronously, so the answer's candidates can reach
  // the offerer before the answer itself; a browser's operations chain would wait for the
  // descriptions, and so does this: candidates that come early are held until both are set.
  override async setLocalDescription(description?: RTCLocalSessionDescriptionInit): Promise<void> {
    await super.setLocalDescription(description);
    this.described.local = true;
    await this.flush();
  }
  override async setRemoteDescription(description: RTCSessionDescriptionInit): Promise<void> {
    await super.setRemoteDescription(description);
    this.described.remote = true;
    await this.flush();
  }
  override async addIceCandidate(candidate?: RTCIceCandidateInit | null): Promise<void> {
    if (this.early && candidate) this.early.push(candidate);
    else await super.addIceCandidate(candidate ?? undefined);
  }
  private async flush(): Promise<void> {
    if (!this.early || !this.described.local || !this.described.remote) return;
    const held = this.early;
    this.early = null;
    for (const c of held) await super.addIceCandidate(c);
  }
}

// PeerJS sets onclose but no onerror; in Node an 'error' event with no listener would throw
// (a refused signalling socket must only close, as in a browser).
class QuietWebSocket extends WebSocket {
  constructor(...args: ConstructorParameters<typeof WebSocket>) {
    super(...args);
    this.on('error', () => {});
  }
}

const g = globalThis as Record<string, unknown>;
if (!g.__loopbackWebRtc) {
  for (const [name, value] of Object.entries(polyfill)) g[name] = value;
  g.RTCPeerConnection = LoopbackRTCPeerConnection;
  g.WebSocket = QuietWebSocket;
  // PeerJS reads location.protocol to choose ws: or wss: when `secure` is not given.
  if (!g.location) g.location = { protocol: 'http:', hostname: '127.0.0.1' };
  g.__loopbackWebRtc = true;
}

/** PeerJS, imported only after the globals above are in place. */
export async function loadPeerJs(): Promise<typeof import('peerjs')> {
  return import('peerjs');
}
