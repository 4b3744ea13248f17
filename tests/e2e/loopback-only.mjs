// Runs the browser suites (`npm run test:e2e`) inside a network namespace of their own that
// has only `lo`: Chromium offers every local interface as an ICE candidate, so in the host's
// namespace a WebRTC test could address this machine's other interfaces. Inside, nothing but
// 127.0.0.1 exists, and a test may cut UDP on `lo` with `tc` (tests/e2e/udp-cut.mjs) without
// touching the machine. `unshare -rn` makes an unprivileged user namespace with its own net.
// Each suite runs in turn, as before; the first that fails stops the run with its exit code.
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const HERE = dirname(fileURLToPath(import.meta.url));
const SUITES = ['run.mjs', 'online.mjs', 'start-again.mjs', 'turn.mjs', 'phones.mjs'];

if (process.env.SW_LOOPBACK_NS !== '1') {
  // IPv6 off in there too, so every candidate is 127.0.0.1 (the UDP cut shapes IPv4); the script and its arguments follow.
  const inner = 'ip link set lo up && (sysctl -qw net.ipv6.conf.all.disable_ipv6=1 || true) && exec "$0" "$@"';
  const args = ['-rn', 'sh', '-c', inner, process.execPath, fileURLToPath(import.meta.url), ...process.argv.slice(2)];
  const r = spawnSync('unshare', args, { stdio: 'inherit', env: { ...process.env, SW_LOOPBACK_NS: '1' } });
  if (r.error) {
    console.error(`test:e2e: cannot make a network namespace with only lo (unshare -rn: ${r.error.message})`);
    process.exit(2);
  }
  process.exit(r.status ?? 1);
}

const only = process.argv.slice(2);
for (const suite of only.length ? only : SUITES) {
  const r = spawnSync(process.execPath, [join(HERE, suite)], { stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
