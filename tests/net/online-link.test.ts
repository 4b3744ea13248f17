// The join link (P3.1): the host's peer id and its signalling server (host, port, path, secure), never a credential.
import { describe, expect, it } from 'vitest';
import { joinLink, joinServer, parseJoinLink, parseSignallingUrl, peerFromLink } from '../../src/net/online';
import { PUBLIC_SIGNALLING, type NetSettingsSource } from '../../src/net/net-settings';

const page = { origin: 'https://play.example', pathname: '/sw/' };
const sig = { host: 'signal.example', port: 9000, path: '/peerjs', secure: true };

describe('join link', () => {
  it("uses the link's server without asking only when this page has no server of its own (P3.1)", () => {
    const resolved = (source: NetSettingsSource, settings = { ...PUBLIC_SIGNALLING }) => ({ settings, source, warnings: [] });
    const own = { ...sig, iceServers: [] };
    expect(joinServer(null, resolved('public'))).toBe('page');
    expect(joinServer(sig, resolved('public'))).toBe('link');
    for (const source of ['saved', 'build', 'same-origin'] as const) {
      expect(joinServer(sig, resolved(source))).toBe('ask');
      expect(joinServer(sig, resolved(source, own))).toBe('page'); // the same server: nothing to ask
    }
  });

  it('carries the signalling the host uses and reads it back', () => {
    const link = joinLink(page, 'abc-123', { signalling: sig });
    expect(link).toBe('https://play.example/sw/#join=abc-123&sig=wss%3A%2F%2Fsignal.example%3A9000%2Fpeerjs');
    expect(parseJoinLink(new URL(link).hash)).toEqual({ peer: 'abc-123', invite: null, signalling: sig });
    expect(joinLink(page, 'abc-123')).toBe('https://play.example/sw/#join=abc-123');
    expect(parseJoinLink('#join=abc-123')).toEqual({ peer: 'abc-123', invite: null, signalling: null });
  });

  it('ignores a signalling part that is not a plain ws(s)://host:port/path (credentials, queries, bad ports)', () => {
    for (const bad of [
      'wss://user:pw@x.example:443/',
      'https://x.example:443/',
      'wss://x.example:0/',
      'wss://x.example:99999/',
      'wss://x.example:443/p?q=1',
      'wss://x.example/',
      '%E0%A4%A',
    ])
      expect(parseJoinLink(`#join=abc&sig=${encodeURIComponent(bad)}`)?.signalling ?? null).toBeNull();
    expect(parseSignallingUrl('ws://192.168.1.5:9000/')).toEqual({ host: '192.168.1.5', port: 9000, path: '/', secure: false });
    // the peer still comes through, and a hostile fragment is refused whole
    expect(peerFromLink('#join=abc&sig=%E0%A4%A')).toBe('abc');
    expect(peerFromLink('#join=abc&token=x')).toBeNull();
  });
});
