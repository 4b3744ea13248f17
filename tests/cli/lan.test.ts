// `npm run lan` as a user runs it (with --no-build against a fixture page), talked to only
// through 127.0.0.1: the page, the signalling at /peerjs, two PeerJS transports meeting
// through it over real WebRTC, and a clean stop on SIGINT.
import '../net/support/node-webrtc';
import { spawn, spawnSync, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { request } from 'node:http';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { createPeerJsTransport, type PeerJsTransport } from '../../src/net/peerjs-transport';
import { parseLanArgs } from '../../src/cli/lan';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const LAN = fileURLToPath(new URL('../../src/cli/lan.ts', import.meta.url));
const FIXTURE = fileURLToPath(new URL('./fixtures/lan-dist', import.meta.url));

let child: ChildProcessWithoutNullStreams | null = null;
const transports: PeerJsTransport[] = [];
afterEach(() => {
  for (const t of transports.splice(0)) t.close();
  child?.kill('SIGKILL');
  child = null;
});

/** Starts the LAN server on 127.0.0.1 and a free port; resolves with the port it printed. */
function startLan(): Promise<{ port: number; out: () => string }> {
  const c = spawn(process.execPath, ['--import', 'tsx', LAN, '--no-build', '--dir', FIXTURE, '--host', '127.0.0.1', '--port', '0'], {
    cwd: ROOT,
  });
  child = c;
  let out = '';
  c.stdout.setEncoding('utf8').on('data', (s: string) => (out += s));
  c.stderr.setEncoding('utf8').on('data', (s: string) => (out += s));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`lan did not start:\n${out}`)), 20_000);
    const check = () => {
      const m = /join: http:\/\/127\.0\.0\.1:(\d+)\//.exec(out);
      if (m && out.includes('Ctrl-C')) {
        clearTimeout(timer);
        resolve({ port: Number(m[1]), out: () => out });
      }
    };
    c.stdout.on('data', check);
    c.once('exit', () => reject(new Error(`lan exited:\n${out}`)));
  });
}

/** A raw GET, so a path like /%2e%2e/ reaches the server as written. */
function get(port: number, path: string): Promise<{ status: number; type: string; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, method: 'GET' }, (res) => {
      let body = '';
      res.setEncoding('utf8').on('data', (s: string) => (body += s));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, type: String(res.headers['content-type'] ?? ''), body }));
    });
    req.on('error', reject);
    req.setTimeout(5_000, () => req.destroy(new Error(`GET ${path} timed out`)));
    req.end();
  });
}

/** Runs one step of the test within its own bound, so a hang names the step (a loaded machine is slow: generous bounds). */
async function step<T>(what: string | (() => string), ms: number, run: () => Promise<T>): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const bound = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`step timed out after ${ms} ms: ${typeof what === 'string' ? what : what()}`)), ms);
  });
  try {
    return await Promise.race([run(), bound]);
  } finally {
    clearTimeout(timer);
  }
}

describe('npm run lan', () => {
  it('serves the page and signalling on one port, links two peers, and stops cleanly on SIGINT', { timeout: 120_000 }, async () => {
    const { port, out } = await startLan();
    expect(out()).toMatch(/[▄█▀]/); // the QR code of the join link

    const page = await get(port, '/');
    expect(page.status).toBe(200);
    expect(page.type).toMatch(/text\/html/);
    expect(page.body).toContain('carcassonne lan fixture');
    expect((await get(port, '/%2e%2e/package.json')).status).toBe(404); // nothing outside the folder
    expect((await get(port, '/missing.js')).status).toBe(404);
    const info = await get(port, '/peerjs/');
    expect(JSON.parse(info.body)).toMatchObject({ name: 'PeerJS Server' });
    const config = await get(port, '/net-config.json');
    expect(JSON.parse(config.body)).toEqual({ kind: 'carcassonne-sw-net-config', version: 1, signallingPath: '/peerjs', iceServers: [] });

    const options = { host: '127.0.0.1', port, path: '/peerjs', secure: false, iceServers: [] };
    const [a, b] = await step('both transports get an id from the signalling', 20_000, () =>
      Promise.all([createPeerJsTransport(options), createPeerJsTransport(options)]),
    );
    transports.push(a, b);
    const failures: string[] = [];
    a.onLinkFailure((_, reason) => failures.push(reason));
    let heard = '';
    const bOpen = new Promise<void>((resolve) => b.listen({ open: () => resolve(), close: () => {}, message: (_, f) => (heard = f) }));
    let redials = 4; // a failed dial reports `close`; redial as the session would, a bounded number of times
    const aOpen = new Promise<void>((resolve) =>
      a.listen({ open: () => resolve(), close: () => redials-- > 0 && a.connect(b.id), message: () => {} }),
    );
    a.connect(b.id);
    await step(
      () => `a WebRTC link opens on both sides (${failures.join('; ') || 'no dial failure reported'})`,
      60_000,
      () => Promise.all([aOpen, bOpen]),
    );
    // Sent again until heard, as the session's sync would: a frame may cross before the far side's channel is open.
    await step('a frame crosses the link', 10_000, async () => {
      while (!heard) {
        expect(a.send(b.id, 'hello over the LAN')).toBe(true);
        await new Promise((r) => setTimeout(r, 250));
      }
    });
    expect(heard).toBe('hello over the LAN');

    const c = child!;
    const exited = new Promise<number | null>((resolve) => c.once('exit', (code) => resolve(code)));
    c.kill('SIGINT');
    // It stops by itself, with exit 0: a generous bound against a hang, not a figure (a loaded machine is slow).
    const bound = new Promise<'hung'>((resolve) => setTimeout(() => resolve('hung'), 30_000).unref());
    expect(await Promise.race([exited, bound])).toBe(0);
  });

  it('refuses a bad flag with one line and the usage, exit code 2', () => {
    const r = spawnSync(process.execPath, ['--import', 'tsx', LAN, '--port', 'lots'], { cwd: ROOT, encoding: 'utf8', timeout: 20_000 });
    expect(r.status).toBe(2);
    const usage = expect.stringMatching(/^usage: npm run lan /);
    expect(r.stderr.trim().split('\n')).toEqual(['lan: --port needs a number from 0 to 65535, not "lots"', usage]);
  });

  it('parses its flags strictly', () => {
    expect(parseLanArgs(['--port', '9000', '--host', '0.0.0.0', '--no-build'])).toMatchObject({
      ok: true,
      options: { port: 9000, host: '0.0.0.0', build: false },
    });
    expect(parseLanArgs([])).toMatchObject({ ok: true, options: { port: 8080, host: '0.0.0.0', build: true } });
    for (const bad of [
      ['--port'],
      ['--port', '70000'],
      ['--port', '-1'],
      ['--host', 'my-laptop'],
      ['--host'],
      ['--bogus'],
      ['build'],
      ['--dir'],
    ]) {
      const r = parseLanArgs(bad);
      expect(r.ok, bad.join(' ')).toBe(false);
      if (!r.ok) expect(r.reason).not.toContain('\n');
    }
  });
});
