// @vitest-environment happy-dom
// <sw-app> opening a join link: the tile atlas's worker starts at once (it needs nothing of the page),
// the table is made only once the join form is on screen (so the form does not wait behind it).
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

const calls: { what: string; formShown: boolean }[] = [];
const formShown = () => !!document.querySelector('sw-app')?.shadowRoot?.querySelector('sw-join');
vi.mock('../../src/render/lazy-tabletop', () => ({
  prepaintAtlas: () => calls.push({ what: 'atlas', formShown: formShown() }),
  prepareTable: () => calls.push({ what: 'table', formShown: formShown() }),
  warmTabletop: () => calls.push({ what: 'warm', formShown: formShown() }),
  loadTabletop: () => new Promise(() => {}),
  loadedTabletop: () => null,
}));

vi.mock('../../src/net/online', async (original) => ({
  ...(await original<typeof import('../../src/net/online')>()),
  openTransportAhead: () => {}, // no signalling server in a unit test
}));

describe('<sw-app> join link: the atlas first, the table after the form', () => {
  beforeAll(async () => {
    await Promise.all([import('../../src/ui/sw-join'), import('../../src/ui/sw-lobby'), import('../../src/ui/sw-online-panel')]);
  });
  afterEach(() => {
    document.body.replaceChildren();
    history.replaceState(null, '', location.pathname);
  });

  it('starts painting the atlas before the join form shows, and makes the table after it', async () => {
    history.replaceState(null, '', `${location.pathname}#join=host-peer-1`);
    await import('../../src/ui/sw-app');
    const app = document.createElement('sw-app') as HTMLElement & { updateComplete: Promise<boolean> };
    document.body.append(app);
    await app.updateComplete;
    await vi.waitFor(() => expect(calls.some((c) => c.what === 'table')).toBe(true), { timeout: 2_000 });
    const atlas = calls.findIndex((c) => c.what === 'atlas');
    const table = calls.findIndex((c) => c.what === 'table');
    expect(atlas).toBeGreaterThanOrEqual(0);
    expect(calls[atlas].formShown).toBe(false); // asked while the join card was still to be drawn
    expect(table).toBeGreaterThan(atlas);
    expect(calls[table].formShown).toBe(true);
  });
});
