// Signalling and ICE settings: every source validated strictly, in the order saved → build
// → same-origin server → PeerJS's public server.
import { describe, expect, it } from 'vitest';
import {
  NET_SETTINGS_KEY,
  PUBLIC_SIGNALLING,
  buildNetSettings,
  iceServerLines,
  loadSavedNetSettings,
  netConfigBody,
  parseIceServerLines,
  parseIceServers,
  parseNetSettings,
  probeOnce,
  resolveNetSettings,
  saveNetSettings,
  type NetSettingsSources,
} from '../../src/net/net-settings';

class MemoryStorage {
  readonly items = new Map<string, string>();
  getItem(k: string) {
    return this.items.get(k) ?? null;
  }
  setItem(k: string, v: string) {
    this.items.set(k, v);
  }
  removeItem(k: string) {
    this.items.delete(k);
  }
}

const page = { protocol: 'http:', hostname: 'lan-box.example', port: '8080' };
const json =
  (body: string, type = 'application/json') =>
  async () =>
    new Response(body, { status: 200, headers: { 'content-type': type } });
const sources = (over: Partial<NetSettingsSources> = {}): NetSettingsSources => ({
  storage: new MemoryStorage(),
  env: {},
  page,
  fetch: null,
  ...over,
});
const good = {
  host: 'signal.example.org',
  port: 9000,
  path: '/peerjs',
  secure: true,
  iceServers: [{ urls: ['turn:turn.example.org:3478'], username: 'alice', credential: 's3cret' }],
};

describe('net settings', () => {
  it('uses the same-origin signalling, with no ICE servers, on our own dev/LAN server', async () => {
    const r = await resolveNetSettings(sources({ fetch: json(netConfigBody()) }));
    expect(r).toEqual({
      source: 'same-origin',
      warnings: [],
      settings: { host: 'lan-box.example', port: 8080, path: '/peerjs', secure: false, iceServers: [] },
    });
    const https = await resolveNetSettings(
      sources({ page: { protocol: 'https:', hostname: 'game.example.org', port: '' }, fetch: json(netConfigBody()) }),
    );
    expect(https.settings).toMatchObject({ host: 'game.example.org', port: 443, secure: true });
  });

  it('uses PeerJS public signalling on a static host (404, an SPA fallback page, no server at all)', async () => {
    for (const fetch of [
      async () => new Response('nope', { status: 404 }),
      json('<!doctype html>', 'text/html'),
      async () => Promise.reject(new TypeError('offline')),
    ]) {
      const r = await resolveNetSettings(sources({ fetch }));
      expect(r).toEqual({ source: 'public', warnings: [], settings: PUBLIC_SIGNALLING });
    }
    expect((await resolveNetSettings(sources({ page: null }))).source).toBe('public');
  });

  it("asks the page's server once per visit when an answer came, and again after no answer", async () => {
    let asked = 0;
    let online = false;
    const fetch = async () => {
      asked++;
      if (!online) throw new TypeError('offline');
      return new Response(netConfigBody(), { status: 200, headers: { 'content-type': 'application/json' } });
    };
    const probe = probeOnce({ page, fetch });
    const resolve = () => resolveNetSettings(sources({ fetch, probe }));
    expect((await resolve()).source).toBe('public'); // no answer: not kept
    online = true;
    const [a, b] = await Promise.all([resolve(), resolve()]); // asked together: one request
    expect([a.source, b.source]).toEqual(['same-origin', 'same-origin']);
    expect((await resolve()).settings).toEqual(a.settings);
    expect(asked).toBe(2);
    // a saved choice still wins at once, without asking
    const storage = new MemoryStorage();
    storage.setItem(NET_SETTINGS_KEY, JSON.stringify(good));
    expect((await resolveNetSettings(sources({ storage, fetch, probe }))).source).toBe('saved');
    expect(asked).toBe(2);
    // a static host's 404 is an answer too: kept
    let missing = 0;
    const notOurs = probeOnce({ page, fetch: async () => (missing++, new Response('nope', { status: 404 })) });
    for (let i = 0; i < 3; i++) expect((await resolveNetSettings(sources({ probe: notOurs }))).source).toBe('public');
    expect(missing).toBe(1);
  });

  it('lets the build environment override the defaults', async () => {
    const env = {
      VITE_SIGNAL_HOST: 'signal.example.org',
      VITE_SIGNAL_PORT: '9000',
      VITE_SIGNAL_PATH: '/myapp',
      VITE_ICE_SERVERS: '[{"urls":"stun:stun.example.org:3478"}]',
    };
    const r = await resolveNetSettings(sources({ env, fetch: json(netConfigBody()) }));
    expect(r).toEqual({
      source: 'build',
      warnings: [],
      settings: {
        host: 'signal.example.org',
        port: 9000,
        path: '/myapp',
        secure: false,
        iceServers: [{ urls: ['stun:stun.example.org:3478'] }],
      },
    });
    expect(buildNetSettings({ VITE_SIGNAL_HOST: 'signal.example.org' })).toEqual({
      ok: true,
      value: { host: 'signal.example.org', port: 443, path: '/', secure: true },
    });
    // ICE servers alone change only the ICE servers, whatever the signalling
    const ice = await resolveNetSettings(sources({ env: { VITE_ICE_SERVERS: '[]' } }));
    expect(ice.settings).toEqual({ ...PUBLIC_SIGNALLING, iceServers: [] });
  });

  it('lets saved panel settings override everything, and survives a reload', async () => {
    const storage = new MemoryStorage();
    expect(saveNetSettings(storage, good).ok).toBe(true);
    const r = await resolveNetSettings(sources({ storage, env: { VITE_SIGNAL_HOST: 'other.example.org' }, fetch: json(netConfigBody()) }));
    expect(r).toEqual({ source: 'saved', warnings: [], settings: good });
  });

  it('rejects a garbled or hostile saved value with one line and uses the default', async () => {
    const hostile = [
      'not json{',
      JSON.stringify({ ...good, host: 'evil.org/steal?x=' }),
      JSON.stringify({ ...good, host: 'a b' }),
      JSON.stringify({ ...good, port: 0 }),
      JSON.stringify({ ...good, port: '9000' }),
      JSON.stringify({ ...good, path: '/../../x' }),
      JSON.stringify({ ...good, path: 'peerjs' }),
      JSON.stringify({ ...good, secure: 'yes' }),
      JSON.stringify({ ...good, extra: 1 }),
      JSON.stringify({ ...good, iceServers: [{ urls: ['http://evil.org'] }] }),
      JSON.stringify({ ...good, iceServers: [{ urls: ['turn:turn.example.org'] }] }),
      JSON.stringify({ ...good, iceServers: [{ urls: ['stun:a'], username: 'has space' }] }),
      JSON.stringify({ ...good, iceServers: Array(9).fill({ urls: ['stun:a'] }) }),
      JSON.stringify({ ...good, iceServers: [{ urls: ['stun:a'], __proto__x: 1 }] }),
      JSON.stringify([good]),
      'null',
    ];
    for (const text of hostile) {
      const storage = new MemoryStorage();
      storage.setItem(NET_SETTINGS_KEY, text);
      const loaded = loadSavedNetSettings(storage);
      expect(loaded?.ok, text).toBe(false);
      const r = await resolveNetSettings(sources({ storage }));
      expect(r.source, text).toBe('public');
      expect(r.settings).toEqual(PUBLIC_SIGNALLING);
      expect(r.warnings, text).toHaveLength(1);
      expect(r.warnings[0], text).toMatch(/^saved network settings/);
      expect(r.warnings[0]).not.toContain('\n');
    }
  });

  it('reports a bad build value in one line and ignores it', async () => {
    for (const env of [
      { VITE_SIGNAL_HOST: 'x y' },
      { VITE_SIGNAL_HOST: 'ok.org', VITE_SIGNAL_PORT: '99999' },
      { VITE_SIGNAL_HOST: 'ok.org', VITE_SIGNAL_SECURE: 'maybe' },
      { VITE_ICE_SERVERS: '[{' },
      { VITE_ICE_SERVERS: '{"urls":"stun:a"}' },
    ]) {
      const r = await resolveNetSettings(sources({ env }));
      expect(r.source).toBe('public');
      expect(r.warnings).toHaveLength(1);
      expect(r.warnings[0]).toMatch(/^VITE_/);
    }
  });

  it('rejects a same-origin net-config.json that is not ours', async () => {
    const r = await resolveNetSettings(
      sources({ fetch: json(JSON.stringify({ kind: 'carcassonne-sw-net-config', version: 1, signallingPath: 'x', iceServers: [] })) }),
    );
    expect(r.source).toBe('public');
    expect(r.warnings[0]).toMatch(/path/);
    expect((await resolveNetSettings(sources({ fetch: json('{"hello":1}') }))).warnings[0]).toMatch(/not ours/);
  });

  it("reads and writes the panel's one-server-a-line ICE format", () => {
    const text = '# comment\nstun:stun.example.org:3478\n\nturn:t.example.org:3478?transport=udp,turns:t.example.org:5349 alice s3cret\n';
    const parsed = parseIceServerLines(text);
    expect(parsed).toEqual({
      ok: true,
      value: [
        { urls: ['stun:stun.example.org:3478'] },
        { urls: ['turn:t.example.org:3478?transport=udp', 'turns:t.example.org:5349'], username: 'alice', credential: 's3cret' },
      ],
    });
    if (parsed.ok) expect(parseIceServerLines(iceServerLines(parsed.value))).toEqual(parsed);
    expect(parseIceServerLines('turn:t.example.org alice')).toMatchObject({ ok: false, reason: expect.stringMatching(/^line 1/) });
    expect(parseIceServers([{ urls: 'stun:a' }])).toEqual({ ok: true, value: [{ urls: ['stun:a'] }] });
    expect(parseNetSettings({ ...good, iceServers: null })).toEqual({ ok: true, value: { ...good, iceServers: null } });
  });

  it('relay only (iceTransportPolicy relay): kept when a TURN server is given, refused without one, absent means any path', async () => {
    expect(parseNetSettings({ ...good, relayOnly: true })).toEqual({ ok: true, value: { ...good, relayOnly: true } });
    expect(parseNetSettings({ ...good, relayOnly: false })).toEqual({ ok: true, value: good });
    expect(parseNetSettings({ ...good, relayOnly: 'yes' })).toMatchObject({
      ok: false,
      reason: 'relay only must be true or false',
      why: { code: 'relayBool' },
    });
    const stunOnly = { ...good, iceServers: [{ urls: ['stun:stun.example.org:3478'] }] };
    for (const v of [
      { ...stunOnly, relayOnly: true },
      { ...good, iceServers: null, relayOnly: true },
    ]) {
      expect(parseNetSettings(v)).toMatchObject({ ok: false, reason: expect.stringMatching(/^relay only needs a TURN server/) });
    }
    const ice = JSON.stringify(good.iceServers);
    const relayBuild = (flag: string, servers = ice) => buildNetSettings({ VITE_ICE_SERVERS: servers, VITE_ICE_RELAY_ONLY: flag });
    expect(relayBuild('true')).toEqual({ ok: true, value: { iceServers: good.iceServers, relayOnly: true } });
    expect(relayBuild('0')).toEqual({ ok: true, value: { iceServers: good.iceServers } });
    const noServers = relayBuild('true', ''); // an empty variable is no variable
    expect(noServers).toMatchObject({ ok: false, reason: expect.stringMatching(/^VITE_ICE_RELAY_ONLY: relay only needs/) });
    expect(relayBuild('maybe')).toMatchObject({ ok: false, reason: 'VITE_ICE_RELAY_ONLY: relay only "maybe" is not true or false' });
    const env = { VITE_SIGNAL_HOST: 'signal.example.org', VITE_ICE_SERVERS: ice, VITE_ICE_RELAY_ONLY: '1' };
    const r = await resolveNetSettings(sources({ env }));
    expect(r.settings.relayOnly).toBe(true);
    const storage = new MemoryStorage();
    storage.setItem(NET_SETTINGS_KEY, JSON.stringify({ ...stunOnly, relayOnly: true }));
    const saved = loadSavedNetSettings(storage);
    expect(saved).toMatchObject({ ok: false, reason: expect.stringMatching(/^saved network settings: relay only needs/) });
  });
});
