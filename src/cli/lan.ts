// npm run lan [-- --port N] [--host ADDR] [--no-build] [--dir DIR]
// Builds the app, then serves dist/ and PeerJS signalling (/peerjs) on one port of this
// machine's LAN addresses, and prints the link to share, with a QR code of it (P3.3). Needs
// no internet: the built page loads nothing from outside, and on this server it uses the
// same-origin signalling and no STUN (host candidates suffice on one LAN).
import { spawnSync } from 'node:child_process';
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { isIP } from 'node:net';
import { networkInterfaces } from 'node:os';
import { extname, join, resolve, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import QRCode from 'qrcode';
import { oneLine } from '../fair/one-line';
import { attachSignalling } from './signalling';
import { parseFlags, readCommandLine, UsageError } from './args';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const USAGE = 'usage: npm run lan -- [--port N] [--host ADDR] [--no-build] [--dir DIR]';

export interface LanOptions {
  port: number;
  host: string;
  build: boolean;
  dir: string;
}

/** Strict flags: a bad one is a one-line reason. */
export function parseLanArgs(argv: string[]): { ok: true; options: LanOptions } | { ok: false; reason: string } {
  try {
    return { ok: true, options: lanOptions(argv) };
  } catch (e) {
    if (e instanceof UsageError) return { ok: false, reason: e.message };
    throw e;
  }
}

function lanOptions(argv: string[]): LanOptions {
  const options: LanOptions = { port: 8080, host: '0.0.0.0', build: true, dir: join(ROOT, 'dist') };
  const flags = { port: { type: 'string' }, host: { type: 'string' }, dir: { type: 'string' }, 'no-build': { type: 'boolean' } } as const;
  const { values: f } = parseFlags(argv, flags);
  if (f['no-build']) options.build = false;
  if (f.port !== undefined) {
    if (!/^\d{1,5}$/.test(f.port) || Number(f.port) > 65535) throw new UsageError(`--port needs a number from 0 to 65535, not "${f.port}"`);
    options.port = Number(f.port);
  }
  if (f.host !== undefined) {
    if (!isIP(f.host)) throw new UsageError(`--host needs an IP address to bind, such as 0.0.0.0, not "${f.host}"`);
    options.host = f.host;
  }
  if (f.dir !== undefined) options.dir = resolve(f.dir);
  return options;
}

/** Every non-internal IPv4 address of this machine. */
export function lanAddresses(): string[] {
  return Object.values(networkInterfaces())
    .flat()
    .filter((a) => a && a.family === 'IPv4' && !a.internal)
    .map((a) => a!.address);
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.wasm': 'application/wasm',
  '.txt': 'text/plain; charset=utf-8',
  '.woff2': 'font/woff2',
};

/** Serves a file of `dir` for a GET; nothing outside `dir`, nothing but plain files. */
function serveStatic(dir: string, req: IncomingMessage, res: ServerResponse): void {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.writeHead(405, { allow: 'GET, HEAD' }).end();
    return;
  }
  let path: string;
  try {
    path = decodeURIComponent((req.url ?? '/').split('?')[0]);
  } catch {
    res.writeHead(400).end();
    return;
  }
  if (path.endsWith('/')) path += 'index.html';
  const file = resolve(dir, `.${path}`);
  if (path.includes('\0') || (file !== dir && !file.startsWith(dir + sep)) || !existsSync(file) || !statSync(file).isFile()) {
    res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('not found\n');
    return;
  }
  res.writeHead(200, {
    'content-type': TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream',
    'cache-control': 'no-cache',
    'x-content-type-options': 'nosniff',
  });
  if (req.method === 'HEAD') res.end();
  else createReadStream(file).pipe(res);
}

function build(): boolean {
  const r = spawnSync(process.execPath, [join(ROOT, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--logLevel', 'warn'], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  return r.status === 0;
}

export async function main(argv: string[]): Promise<number> {
  const args = readCommandLine('lan', USAGE, argv, lanOptions);
  if (!args.ok) {
    process.stdout.write(args.stdout);
    process.stderr.write(args.stderr);
    return args.code;
  }
  const options = args.args;
  if (options.build && !build()) {
    process.stderr.write('the build failed (see above)\n');
    return 1;
  }
  if (!existsSync(join(options.dir, 'index.html'))) {
    process.stderr.write(`${options.dir} has no index.html; run without --no-build, or point --dir at a built app\n`);
    return 1;
  }
  const dir = resolve(options.dir);
  const server = createServer();
  const signalling = attachSignalling(server);
  server.on('request', (req, res) => {
    if (!signalling.handle(req, res, () => res.writeHead(404).end())) serveStatic(dir, req, res);
  });
  const sockets = new Set<Socket>();
  server.on('connection', (s) => {
    sockets.add(s);
    s.once('close', () => sockets.delete(s));
  });
  const listening = await new Promise<string | null>((done) => {
    server.once('error', (e: NodeJS.ErrnoException) =>
      done(
        e.code === 'EADDRINUSE'
          ? `port ${options.port} on ${options.host} is taken; try --port N`
          : `cannot listen on ${options.host}:${options.port}: ${e.message}`,
      ),
    );
    server.listen(options.port, options.host, () => done(null));
  });
  if (listening) {
    process.stderr.write(`${listening}\n`);
    return 1;
  }
  const { port } = server.address() as AddressInfo;
  const wildcard = options.host === '0.0.0.0' || options.host === '::';
  const hosts = wildcard ? lanAddresses() : [options.host];
  const links = hosts.map((h) => `http://${h.includes(':') ? `[${h}]` : h}:${port}/`);
  console.log(`Carcassonne: Star Wars on the LAN, port ${port} (signalling at /peerjs)`);
  if (!links.length) console.log(`no LAN address found; on this machine: http://127.0.0.1:${port}/`);
  for (const link of links) console.log(`  join: ${link}`);
  if (links.length) console.log(await QRCode.toString(links[0], { type: 'terminal', small: true }));
  console.log('Ctrl-C stops the server.');

  return new Promise<number>((done) => {
    let stopping = false;
    const stop = () => {
      if (stopping) return;
      stopping = true;
      signalling.close();
      server.close(() => done(0));
      for (const s of sockets) s.destroy();
      setTimeout(() => done(0), 2_000).unref(); // a socket that will not close does not hold us
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (e: unknown) => {
      process.stderr.write(`lan: ${oneLine(e)}\n`);
      process.exit(1);
    },
  );
}
