// A PeerJS transport in its own process, for the dead-peer test: it dials the peer named on
// the command line, echoes what it hears, and is then killed with SIGKILL (no goodbye).
// Usage: node --import tsx transport-child.ts SIGNALLING_PORT PEER_ID
import './node-webrtc';
import { createPeerJsTransport } from '../../../src/net/peerjs-transport';

const [port, target] = process.argv.slice(2);
const transport = await createPeerJsTransport({
  host: '127.0.0.1',
  port: Number(port),
  path: '/',
  secure: false,
  iceServers: [],
  dialTimeoutMs: 8_000,
});
// A dial may fail (node-datachannel now and then fails a DTLS handshake; the transport reports
// that as a close), so it is redialled like the session does, at most three times in all.
let dials = 0;
let linked = false;
const dial = () => {
  dials++;
  process.stdout.write(`dial ${dials}\n`);
  transport.connect(target);
};
transport.listen({
  open: (p) => {
    linked = true;
    process.stdout.write(`open ${p}\n`);
  },
  close: (p) => {
    if (p === target && !linked && dials < 3) dial();
  },
  message: (p, f) => transport.send(p, f),
});
process.stdout.write(`id ${transport.id}\n`);
dial();
// Lives at most a minute, should the test fail to kill it.
setTimeout(() => process.exit(0), 60_000);
