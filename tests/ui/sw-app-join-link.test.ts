// @vitest-environment happy-dom
// <sw-app>: a join link pasted into a tab already open (only the #join= part changes) opens the join card (hashchange).
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

// The signalling a join link's form opens ahead (online.ts): recorded here, never opened (no server in a unit test).
const openedAhead: unknown[] = [];
vi.mock('../../src/net/online', async (original) => ({
  ...(await original<typeof import('../../src/net/online')>()),
  openTransportAhead: (link: unknown) => openedAhead.push(link),
}));
await import('../../src/ui/sw-app');

describe('<sw-app> and join links', () => {
  // The app loads the online screens lazily (home screen JS stays small); loaded here first, none is still on its way
  // when the environment is torn down (an import after teardown is an unhandled error that fails the whole run).
  beforeAll(async () => {
    await Promise.all([import('../../src/ui/sw-join'), import('../../src/ui/sw-lobby'), import('../../src/ui/sw-online-panel')]);
  });
  afterEach(() => {
    document.body.replaceChildren();
    history.replaceState(null, '', location.pathname);
  });

  it('reacts to a join link pasted into a tab on the home screen, with the server the link names', async () => {
    history.replaceState(null, '', location.pathname);
    const app = document.createElement('sw-app');
    document.body.append(app);
    await app.updateComplete;
    expect(app.shadowRoot!.querySelector('sw-home')).not.toBeNull();
    location.hash = '#join=host-peer-1&sig=wss%3A%2F%2Fsignal.example%3A9000%2Fpeerjs';
    window.dispatchEvent(new Event('hashchange'));
    await app.updateComplete;
    const join = app.shadowRoot!.querySelector('sw-join');
    expect(join).not.toBeNull();
    expect(join!.hostSignalling).toEqual({ host: 'signal.example', port: 9000, path: '/peerjs', secure: true });
    // the server's socket is opened while the player types a name, for the server the link names
    expect(openedAhead).toEqual([{ host: 'signal.example', port: 9000, path: '/peerjs', secure: true }]);
  });
});
