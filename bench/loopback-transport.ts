// An in-process transport for the benches' floor: frames handed over on the next turn of
// the event loop, nothing else (no loss, no delay, no serialization beyond the text).
import type { PeerId, Transport, TransportHandlers } from '../src/net/transport';

/** The floor: frames handed over on the next turn of the event loop, nothing else. */
export class LoopbackTransport implements Transport {
  private handlers: TransportHandlers | null = null;
  private readonly peers = new Set<PeerId>();
  constructor(
    readonly id: PeerId,
    private readonly hub: Map<PeerId, LoopbackTransport>,
  ) {
    hub.set(id, this);
  }
  listen(h: TransportHandlers) {
    this.handlers = h;
  }
  connect(peer: PeerId) {
    const other = this.hub.get(peer);
    if (!other || this.peers.has(peer)) return;
    this.peers.add(peer);
    other.peers.add(this.id);
    setImmediate(() => {
      this.handlers?.open(peer);
      other.handlers?.open(this.id);
    });
  }
  disconnect(peer: PeerId) {
    this.peers.delete(peer);
  }
  send(peer: PeerId, frame: string) {
    const other = this.hub.get(peer);
    if (!other || !this.peers.has(peer)) return false;
    setImmediate(() => other.handlers?.message(this.id, frame));
    return true;
  }
  connected() {
    return [...this.peers].sort();
  }
  close() {
    this.hub.delete(this.id);
  }
}
