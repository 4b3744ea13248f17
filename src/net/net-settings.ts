// Where the signalling server is and which ICE servers WebRTC may use (P3.1, P3.3).
// Chosen in this order, each source validated strictly (a bad value is reported in one line
// and skipped): the player's own settings (the panel, kept in localStorage); the build's
// environment (VITE_SIGNAL_HOST, VITE_SIGNAL_PORT, VITE_SIGNAL_PATH, VITE_SIGNAL_SECURE,
// VITE_ICE_SERVERS, VITE_ICE_RELAY_ONLY); our own dev/LAN server, found by its same-origin /net-config.json;
// else PeerJS's public signalling server.

/** One STUN or TURN server, as RTCPeerConnection takes it. */
export interface IceServer {
  urls: string[];
  username?: string;
  credential?: string;
}

export interface NetSettings {
  host: string;
  port: number;
  /** Where the PeerJS server is mounted, e.g. "/" or "/peerjs". */
  path: string;
  /** wss:// and https:// rather than ws:// and http://. */
  secure: boolean;
  /** `null` keeps PeerJS's defaults (a public STUN and TURN server). */
  iceServers: IceServer[] | null;
  /** Only TURN relays, never a direct or STUN path (RTCConfiguration iceTransportPolicy 'relay'); absent: any path. */
  relayOnly?: true;
}

export type NetSettingsSource = 'saved' | 'build' | 'same-origin' | 'public';

export interface ResolvedNetSettings {
  settings: NetSettings;
  source: NetSettingsSource;
  /** One line per source that was present but rejected. */
  warnings: string[];
}

/** Why the Connection settings panel refuses a value: a code and its values, so the page can say it in the player's language. */
export type NetWhyCode = keyof typeof ENGLISH_WHY;
export interface NetWhy {
  code: NetWhyCode;
  params: Record<string, string | number>;
}

/** `reason` is English (logs, build errors); `why`, when present, is the same refusal for the player's language. */
export type Parsed<T> = { ok: true; value: T } | { ok: false; reason: string; why?: NetWhy };

const ENGLISH_WHY = {
  hostType: 'host {v} is not a host name',
  host: 'host {v} is not a host name or address',
  port: 'port {v} is not a whole number from 1 to 65535',
  path: 'path {v} must start with / and hold only letters, digits and . _ ~ - /',
  secureValue: 'secure {v} is not true or false',
  relayValue: 'relay only {v} is not true or false',
  relayNeedsTurn: 'relay only needs a TURN server (turn: or turns:) among the ICE servers',
  iceList: 'ICE servers must be a list',
  iceMax: 'at most {max} ICE servers',
  iceObject: 'ICE server {i} is not an object',
  iceField: 'ICE server {i} has an unknown field "{field}"',
  iceUrls: 'ICE server {i} needs 1 to {max} urls',
  iceUrl: 'ICE server {i}: {v} is not a stun:, stuns:, turn: or turns: url',
  iceCredential: 'ICE server {i}: {k} must be 1–256 printable characters without spaces',
  iceTurnLogin: 'ICE server {i}: a TURN server needs a username and a credential',
  settingsObject: 'settings are not an object',
  settingUnknown: 'unknown setting "{field}"',
  portNumber: 'port must be a number',
  secureBool: 'secure must be true or false',
  relayBool: 'relay only must be true or false',
  iceLine: 'line {line}: expected URL[,URL…] and optionally a username and a credential',
} as const;

/** A refusal with its code: the English reason filled from ENGLISH_WHY, and the code for the page to translate. */
function refuse<T>(code: NetWhyCode, params: Record<string, string | number> = {}): Parsed<T> {
  const reason = ENGLISH_WHY[code].replace(/\{(\w+)\}/g, (m, k: string) => (k in params ? String(params[k]) : m));
  return { ok: false, reason, why: { code, params } };
}

/** PeerJS's public signalling server (the default of a static build). */
export const PUBLIC_SIGNALLING: NetSettings = { host: '0.peerjs.com', port: 443, path: '/', secure: true, iceServers: null };
/** Where our dev and LAN servers mount signalling, and the file that says they do. */
export const SIGNALLING_PATH = '/peerjs';
export const NET_CONFIG_FILE = 'net-config.json';
export const NET_SETTINGS_KEY = 'carcassonne-sw.net-settings';

const MAX_ICE_SERVERS = 8;
const MAX_URLS = 4;

const ok = <T>(value: T): Parsed<T> => ({ ok: true, value });
const bad = <T>(reason: string): Parsed<T> => ({ ok: false, reason });
const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const shown = (v: unknown) => JSON.stringify(typeof v === 'string' && v.length > 40 ? `${v.slice(0, 40)}…` : v) ?? String(v);

export function parseHost(v: unknown): Parsed<string> {
  if (typeof v !== 'string' || v.length === 0 || v.length > 253) return refuse('hostType', { v: shown(v) });
  const name = /^(?=.{1,253}$)[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$/;
  const ipv6 = /^\[[0-9A-Fa-f:.]{2,45}\]$/;
  return name.test(v) || ipv6.test(v) ? ok(v) : refuse('host', { v: shown(v) });
}

export function parsePort(v: unknown): Parsed<number> {
  const n = typeof v === 'string' && /^\d{1,5}$/.test(v) ? Number(v) : v;
  return typeof n === 'number' && Number.isInteger(n) && n >= 1 && n <= 65535 ? ok(n) : refuse('port', { v: shown(v) });
}

export function parsePath(v: unknown): Parsed<string> {
  if (typeof v !== 'string' || !/^\/[A-Za-z0-9._~/-]{0,200}$/.test(v) || v.includes('..') || v.includes('//'))
    return refuse('path', { v: shown(v) });
  return ok(v);
}

function parseFlag(code: 'secureValue' | 'relayValue', v: unknown): Parsed<boolean> {
  if (typeof v === 'boolean') return ok(v);
  if (v === 'true' || v === '1') return ok(true);
  if (v === 'false' || v === '0') return ok(false);
  return refuse(code, { v: shown(v) });
}

export const parseSecure = (v: unknown): Parsed<boolean> => parseFlag('secureValue', v);
export const parseRelayOnly = (v: unknown): Parsed<boolean> => parseFlag('relayValue', v);

const hasTurn = (servers: IceServer[] | null | undefined) => !!servers?.some((s) => s.urls.some((u) => u.startsWith('turn')));

/** Relay only needs a relay: at least one turn: or turns: server among the ICE servers. */
export function checkRelayOnly(relayOnly: boolean, iceServers: IceServer[] | null | undefined): Parsed<boolean> {
  return !relayOnly || hasTurn(iceServers) ? ok(relayOnly) : refuse('relayNeedsTurn');
}

const ICE_URL = /^(stun|stuns|turn|turns):[A-Za-z0-9.\-[\]:]{1,260}(\?transport=(udp|tcp))?$/;
const CREDENTIAL = /^[\x21-\x7e]{1,256}$/;

/** A list of ICE servers: at most 8, each with 1–4 stun:/stuns:/turn:/turns: urls; TURN needs a username and a credential. */
export function parseIceServers(v: unknown): Parsed<IceServer[]> {
  if (!Array.isArray(v)) return refuse('iceList');
  if (v.length > MAX_ICE_SERVERS) return refuse('iceMax', { max: MAX_ICE_SERVERS });
  const out: IceServer[] = [];
  for (const [i, s] of v.entries()) {
    if (!isRecord(s)) return refuse('iceObject', { i: i + 1 });
    const extra = Object.keys(s).filter((k) => k !== 'urls' && k !== 'username' && k !== 'credential');
    if (extra.length) return refuse('iceField', { i: i + 1, field: extra[0] });
    const urls = typeof s.urls === 'string' ? [s.urls] : s.urls;
    if (!Array.isArray(urls) || urls.length === 0 || urls.length > MAX_URLS) return refuse('iceUrls', { i: i + 1, max: MAX_URLS });
    for (const u of urls) if (typeof u !== 'string' || !ICE_URL.test(u)) return refuse('iceUrl', { i: i + 1, v: shown(u) });
    const server: IceServer = { urls: [...(urls as string[])] };
    for (const k of ['username', 'credential'] as const) {
      if (s[k] === undefined) continue;
      if (typeof s[k] !== 'string' || !CREDENTIAL.test(s[k])) return refuse('iceCredential', { i: i + 1, k });
      server[k] = s[k];
    }
    if (server.urls.some((u) => u.startsWith('turn')) && (!server.username || !server.credential))
      return refuse('iceTurnLogin', { i: i + 1 });
    out.push(server);
  }
  return ok(out);
}

/** Every field of a whole settings object, nothing else. */
export function parseNetSettings(v: unknown): Parsed<NetSettings> {
  if (!isRecord(v)) return refuse('settingsObject');
  const extra = Object.keys(v).filter((k) => !['host', 'port', 'path', 'secure', 'iceServers', 'relayOnly'].includes(k));
  if (extra.length) return refuse('settingUnknown', { field: extra[0] });
  const host = parseHost(v.host);
  if (!host.ok) return host;
  const port = parsePort(v.port);
  if (!port.ok) return port;
  if (typeof v.port !== 'number') return refuse('portNumber');
  const path = parsePath(v.path);
  if (!path.ok) return path;
  const secure = parseSecure(v.secure);
  if (!secure.ok || typeof v.secure !== 'boolean') return secure.ok ? refuse('secureBool') : secure;
  let iceServers: IceServer[] | null = null;
  if (v.iceServers !== null) {
    const ice = parseIceServers(v.iceServers);
    if (!ice.ok) return ice;
    iceServers = ice.value;
  }
  // Absent in settings saved before relay-only existed: any path, as then.
  if (v.relayOnly !== undefined && typeof v.relayOnly !== 'boolean') return refuse('relayBool');
  const relay = checkRelayOnly(v.relayOnly === true, iceServers);
  if (!relay.ok) return relay;
  const settings: NetSettings = { host: host.value, port: port.value, path: path.value, secure: secure.value, iceServers };
  if (relay.value) settings.relayOnly = true;
  return ok(settings);
}

/**
 * The ICE servers the panel takes, one server a line: `URL[,URL…] [USERNAME CREDENTIAL]`,
 * e.g. `turn:turn.example.org:3478,turns:turn.example.org:5349 alice s3cret`. Blank lines
 * and lines starting with # are skipped.
 */
export function parseIceServerLines(text: string): Parsed<IceServer[]> {
  const servers: unknown[] = [];
  for (const [i, raw] of text.split('\n').entries()) {
    const line = raw.trim();
    if (!line || line.startsWith('#')) continue;
    const words = line.split(/\s+/);
    if (words.length !== 1 && words.length !== 3) return refuse('iceLine', { line: i + 1 });
    servers.push({ urls: words[0].split(','), ...(words.length === 3 ? { username: words[1], credential: words[2] } : {}) });
  }
  return parseIceServers(servers);
}

export function iceServerLines(servers: IceServer[]): string {
  return servers.map((s) => [s.urls.join(','), ...(s.username && s.credential ? [s.username, s.credential] : [])].join(' ')).join('\n');
}

export type BuildEnv = Record<string, string | boolean | undefined>;

/** The build's own choice (Vite's VITE_* variables), or null when it made none. */
export function buildNetSettings(env: BuildEnv): Parsed<Partial<NetSettings>> | null {
  const str = (k: string) => (typeof env[k] === 'string' && env[k] !== '' ? (env[k] as string) : undefined);
  const host = str('VITE_SIGNAL_HOST');
  const iceText = str('VITE_ICE_SERVERS');
  const relayText = str('VITE_ICE_RELAY_ONLY');
  if (host === undefined && iceText === undefined && relayText === undefined) return null;
  const out: Partial<NetSettings> = {};
  if (host !== undefined) {
    const h = parseHost(host);
    if (!h.ok) return bad(`VITE_SIGNAL_HOST: ${h.reason}`);
    const p = parsePort(str('VITE_SIGNAL_PORT') ?? '443');
    if (!p.ok) return bad(`VITE_SIGNAL_PORT: ${p.reason}`);
    const path = parsePath(str('VITE_SIGNAL_PATH') ?? '/');
    if (!path.ok) return bad(`VITE_SIGNAL_PATH: ${path.reason}`);
    const secure = parseSecure(str('VITE_SIGNAL_SECURE') ?? String(p.value === 443));
    if (!secure.ok) return bad(`VITE_SIGNAL_SECURE: ${secure.reason}`);
    Object.assign(out, { host: h.value, port: p.value, path: path.value, secure: secure.value });
  }
  if (iceText !== undefined) {
    let json: unknown;
    try {
      json = JSON.parse(iceText);
    } catch {
      return bad('VITE_ICE_SERVERS is not JSON');
    }
    const ice = parseIceServers(json);
    if (!ice.ok) return bad(`VITE_ICE_SERVERS: ${ice.reason}`);
    out.iceServers = ice.value;
  }
  if (relayText !== undefined) {
    const relay = parseRelayOnly(relayText);
    if (!relay.ok) return bad(`VITE_ICE_RELAY_ONLY: ${relay.reason}`);
    const usable = checkRelayOnly(relay.value, out.iceServers);
    if (!usable.ok) return bad(`VITE_ICE_RELAY_ONLY: ${usable.reason} of VITE_ICE_SERVERS`);
    if (relay.value) out.relayOnly = true;
  }
  return ok(out);
}

export interface PageLocation {
  protocol: string;
  hostname: string;
  port: string;
}

/** What our dev/LAN server writes at /net-config.json: its signalling path and ICE servers. */
export function parseNetConfig(v: unknown, page: PageLocation): Parsed<NetSettings> {
  if (!isRecord(v) || v.kind !== 'carcassonne-sw-net-config' || v.version !== 1) return bad('net-config.json is not ours');
  const path = parsePath(v.signallingPath);
  if (!path.ok) return path;
  const ice = parseIceServers(v.iceServers);
  if (!ice.ok) return ice;
  const secure = page.protocol === 'https:';
  const host = parseHost(page.hostname.includes(':') && !page.hostname.startsWith('[') ? `[${page.hostname}]` : page.hostname);
  if (!host.ok) return host;
  const port = parsePort(page.port === '' ? (secure ? 443 : 80) : page.port);
  if (!port.ok) return port;
  return ok({ host: host.value, port: port.value, path: path.value, secure, iceServers: ice.value });
}

/** The body our servers send at /net-config.json (LAN: host candidates suffice, no STUN). */
export function netConfigBody(iceServers: IceServer[] = []): string {
  return JSON.stringify({ kind: 'carcassonne-sw-net-config', version: 1, signallingPath: SIGNALLING_PATH, iceServers });
}

export interface NetSettingsSources {
  storage: Pick<Storage, 'getItem'> | null;
  env: BuildEnv;
  page: PageLocation | null;
  fetch: ((url: string, init?: RequestInit) => Promise<Response>) | null;
  /** How long the same-origin probe may take (ms). */
  probeTimeoutMs?: number;
  /** Replaces `probeSameOrigin(sources)`: the browser's asks its page's server once per visit (`browserSources`). */
  probe?: () => Promise<Parsed<NetSettings> | null>;
}

export function loadSavedNetSettings(storage: Pick<Storage, 'getItem'> | null): Parsed<NetSettings> | null {
  let text: string | null = null;
  try {
    text = storage?.getItem(NET_SETTINGS_KEY) ?? null;
  } catch {
    return null; // storage unavailable (private mode): nothing saved
  }
  if (text === null) return null;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return bad('saved network settings are not JSON');
  }
  const parsed = parseNetSettings(json);
  return parsed.ok ? parsed : bad(`saved network settings: ${parsed.reason}`);
}

/** Saves validated settings; a bad value is refused with its reason (nothing is written). */
export function saveNetSettings(storage: Pick<Storage, 'setItem'>, settings: unknown): Parsed<NetSettings> {
  const parsed = parseNetSettings(settings);
  if (parsed.ok) storage.setItem(NET_SETTINGS_KEY, JSON.stringify(parsed.value));
  return parsed;
}

export function clearSavedNetSettings(storage: Pick<Storage, 'removeItem'>): void {
  storage.removeItem(NET_SETTINGS_KEY);
}

/** Asks the page's own server for /net-config.json; null when it is not one of ours. */
export async function probeSameOrigin(
  sources: Pick<NetSettingsSources, 'page' | 'fetch' | 'probeTimeoutMs'>,
): Promise<Parsed<NetSettings> | null> {
  return (await askSameOrigin(sources)).answer;
}

/** The probe's answer, and whether a server answered at all (no answer: offline, file://, a timeout; worth asking again). */
async function askSameOrigin(
  sources: Pick<NetSettingsSources, 'page' | 'fetch' | 'probeTimeoutMs'>,
): Promise<{ answer: Parsed<NetSettings> | null; answered: boolean }> {
  const { page, fetch: get } = sources;
  if (!page || !get || (page.protocol !== 'http:' && page.protocol !== 'https:')) return { answer: null, answered: true };
  const controller = typeof AbortController === 'function' ? new AbortController() : null;
  const timer = setTimeout(() => controller?.abort(), sources.probeTimeoutMs ?? 2_000);
  let text: string | null;
  try {
    const res = await get(`./${NET_CONFIG_FILE}`, { cache: 'no-store', signal: controller?.signal });
    // a static host's 404 or SPA fallback page is not read: not ours
    text = res.ok && /json/.test(res.headers.get('content-type') ?? '') ? await res.text() : null;
  } catch {
    return { answer: null, answered: false }; // no server answered (file://, offline): not ours, this time
  } finally {
    clearTimeout(timer);
  }
  if (text === null) return { answer: null, answered: true };
  if (text.length > 16_384) return { answer: bad('net-config.json is too large'), answered: true };
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { answer: bad('net-config.json is not JSON'), answered: true };
  }
  return { answer: parseNetConfig(json, page), answered: true };
}

/**
 * `askSameOrigin` for these sources, asked once: an answer (a config, a refusal, "not ours") is
 * kept, so a page asks its server once per visit however many times the settings are resolved
 * (a join resolves them for its form, for the signalling opened ahead and for the click); no
 * answer is asked again next time.
 */
export function probeOnce(
  sources: Pick<NetSettingsSources, 'page' | 'fetch' | 'probeTimeoutMs'>,
): () => Promise<Parsed<NetSettings> | null> {
  let kept: Promise<{ answer: Parsed<NetSettings> | null; answered: boolean }> | null = null;
  return async () => {
    const asking = (kept ??= askSameOrigin(sources));
    const r = await asking;
    if (!r.answered && kept === asking) kept = null;
    return r.answer;
  };
}

/** The settings to use now, where they came from, and what was rejected on the way. */
export async function resolveNetSettings(sources: NetSettingsSources = browserSources()): Promise<ResolvedNetSettings> {
  const warnings: string[] = [];
  const saved = loadSavedNetSettings(sources.storage);
  if (saved?.ok) return { settings: saved.value, source: 'saved', warnings };
  if (saved && !saved.ok) warnings.push(`${saved.reason}; using the default`);

  const build = buildNetSettings(sources.env);
  if (build && !build.ok) warnings.push(`${build.reason}; ignored`);
  const fromBuild = build?.ok ? build.value : {};
  if (fromBuild.host !== undefined) return { settings: { ...PUBLIC_SIGNALLING, ...fromBuild }, source: 'build', warnings };

  const probed = await (sources.probe ? sources.probe() : probeSameOrigin(sources));
  if (probed && !probed.ok) warnings.push(`${probed.reason}; using the public signalling server`);
  if (probed?.ok) return { settings: { ...probed.value, ...fromBuild }, source: 'same-origin', warnings };
  return { settings: { ...PUBLIC_SIGNALLING, ...fromBuild }, source: fromBuild.iceServers ? 'build' : 'public', warnings };
}

declare global {
  interface ImportMeta {
    readonly env?: BuildEnv;
  }
}

/** The page's server, asked once per visit (`probeOnce`). */
let pageProbe: (() => Promise<Parsed<NetSettings> | null>) | null = null;

/** The browser's own sources: localStorage, this build's VITE_* values, the page's origin (asked once per visit), fetch. */
export function browserSources(): NetSettingsSources {
  let storage: Storage | null = null;
  try {
    storage = globalThis.localStorage ?? null;
  } catch {
    storage = null;
  }
  const env: BuildEnv = {
    VITE_SIGNAL_HOST: import.meta.env?.VITE_SIGNAL_HOST,
    VITE_SIGNAL_PORT: import.meta.env?.VITE_SIGNAL_PORT,
    VITE_SIGNAL_PATH: import.meta.env?.VITE_SIGNAL_PATH,
    VITE_SIGNAL_SECURE: import.meta.env?.VITE_SIGNAL_SECURE,
    VITE_ICE_SERVERS: import.meta.env?.VITE_ICE_SERVERS,
    VITE_ICE_RELAY_ONLY: import.meta.env?.VITE_ICE_RELAY_ONLY,
  };
  const loc = globalThis.location;
  const page = loc ? { protocol: loc.protocol, hostname: loc.hostname, port: loc.port } : null;
  const get = typeof globalThis.fetch === 'function' ? globalThis.fetch.bind(globalThis) : null;
  pageProbe ??= probeOnce({ page, fetch: get });
  return { storage, env, page, fetch: get, probe: pageProbe };
}
