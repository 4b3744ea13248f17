// PeerJS must stay out of the game page's initial JavaScript (≤ 250 KB gzip): the transport
// refers to it only through types and a dynamic import(), which Vite splits into its own chunk.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

describe('PeerJS is loaded lazily', () => {
  it('has no static import of peerjs in the transport, the settings or the panel', () => {
    for (const file of ['src/net/peerjs-transport.ts', 'src/net/net-settings.ts', 'src/ui/sw-net-settings.ts']) {
      const src = readFileSync(new URL(`../../${file}`, import.meta.url), 'utf8');
      const statics = [...src.matchAll(/^import\s+(?!type\b)[^;]*from\s+'peerjs'/gm)];
      expect(statics, file).toEqual([]);
    }
    const transport = readFileSync(new URL('../../src/net/peerjs-transport.ts', import.meta.url), 'utf8');
    expect(transport).toMatch(/await import\('peerjs'\)/);
  });
});
