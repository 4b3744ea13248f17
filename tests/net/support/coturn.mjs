// Debian's coturn (`turnserver`) on 127.0.0.1 for the TURN tests (the Node test and the e2e):
// a long-term credential, a free port, relay addresses on loopback only (coturn refuses
// loopback peers unless told otherwise), its log in a temporary file; stopped by its PID.
// The relays sit on 127.0.0.2, not the peers' 127.0.0.1: TURN permissions are per IP, so
// with one address for all a peer's own socket would pass as the other's permitted peer and
// ICE would find a direct path around the relay (libjuice does, via peer-reflexive pairs).
import { spawn, spawnSync } from 'node:child_process';
import { createSocket } from 'node:dgram';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The turnserver binary on PATH, or null when coturn is not installed. */
export function turnserverPath() {
  const found = spawnSync('sh', ['-c', 'command -v turnserver'], { encoding: 'utf8' });
  return found.status === 0 && found.stdout.trim() ? found.stdout.trim() : null;
}

/** A port free on 127.0.0.1 for both UDP and TCP at the moment of asking. */
async function freePort() {
  for (;;) {
    const udp = createSocket('udp4');
    const port = await new Promise((ok, no) => udp.once('error', no).bind(0, '127.0.0.1', () => ok(udp.address().port)));
    const tcp = createServer();
    const free = await new Promise((ok) => tcp.once('error', () => ok(false)).listen(port, '127.0.0.1', () => ok(true)));
    await new Promise((ok) => udp.close(ok));
    if (free) await new Promise((ok) => tcp.close(ok));
    if (free && port < 65_000) return port;
  }
}

const READY = /Total General servers/;
const READY_MS = 10_000;

/**
 * Starts coturn; resolves once it listens. `url` is what a player types into the ICE
 * servers setting, with `user` and `credential` beside it.
 */
export async function startCoturn({ user = 'carcassonne', credential, realm = 'carcassonne.test', relayPorts = 40 }) {
  const bin = turnserverPath();
  if (!bin) throw new Error('coturn is not installed (apt-get install -y coturn)');
  const dir = mkdtempSync(join(tmpdir(), 'sw-coturn-'));
  const logFile = join(dir, 'turn.log');
  const port = await freePort();
  const minPort = port + 1;
  const args = [
    '-n',
    '--listening-ip=127.0.0.1',
    '--relay-ip=127.0.0.2',
    `--listening-port=${port}`,
    `--min-port=${minPort}`,
    `--max-port=${minPort + relayPorts - 1}`,
    '--lt-cred-mech',
    `--user=${user}:${credential}`,
    `--realm=${realm}`,
    '--fingerprint',
    '--no-cli',
    '--no-tls',
    '--no-dtls',
    '--allow-loopback-peers',
    '--no-multicast-peers',
    `--userdb=${join(dir, 'turndb')}`,
    `--pidfile=${join(dir, 'turn.pid')}`,
    `--log-file=${logFile}`,
    '--simple-log',
    '--no-stdout-log',
    '--verbose',
  ];
  const child = spawn(bin, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (d) => (stderr = (stderr + d).slice(-2_000)));
  const exited = new Promise((ok) => child.once('exit', (code, signal) => ok({ code, signal })));
  let gone = false;
  void exited.then(() => (gone = true));
  const log = () => (existsSync(logFile) ? readFileSync(logFile, 'utf8') : '');
  // A test that crashes must not leave coturn behind: killed by its PID when this process exits.
  const onExit = () => child.pid && !gone && process.kill(child.pid, 'SIGKILL');
  process.once('exit', onExit);
  const stop = async () => {
    process.off('exit', onExit);
    if (!gone && child.pid) {
      process.kill(child.pid, 'SIGTERM');
      const late = setTimeout(() => !gone && child.pid && process.kill(child.pid, 'SIGKILL'), 3_000);
      await exited;
      clearTimeout(late);
    }
    rmSync(dir, { recursive: true, force: true });
  };
  const deadline = Date.now() + READY_MS;
  while (!READY.test(log())) {
    if (gone || Date.now() > deadline) {
      const why = gone ? 'exited' : `did not start within ${READY_MS} ms`;
      const tail = `${log().split('\n').slice(-8).join('\n')}${stderr}`;
      await stop();
      throw new Error(`coturn ${why}:\n${tail}`);
    }
    await new Promise((ok) => setTimeout(ok, 50));
  }
  return { pid: child.pid, port, url: `turn:127.0.0.1:${port}?transport=udp`, user, credential, realm, log, stop };
}
