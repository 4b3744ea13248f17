// A PeerJS transport in its own process, for the dead-peer test: it dials the peer named on
// the command line, echoes what it hears, and is then killed with SIGKILL (no goodbye).
// Usage: node --import tsx transport-child.ts SIGNALLING_PORT PEER_ID
import './node-webrtc';
import { createPeerJsTransport } from '../../../src/net/peerjs-transport';

const [port, target] = process.argv.slice(2);
const transport = await createPeerJsTransport({ host: '127.0.0.1', port: Number(port), path: '/', secure: false, iceServers: [] });
transport.listen({
  open: (p) => process.stdout.write(`open ${p}\n`),
  close: () => {},
  message: (p, f) => transport.send(p, f),
});
process.stdout.write(`id ${transport.id}\n`);
transport.connect(target);
// Lives at most a minute, should the test fail to kill it.
setTimeout(() => process.exit(0), 60_000);
