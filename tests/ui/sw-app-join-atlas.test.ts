// @vitest-environment happy-dom
// <sw-app> opening a join link: the tile atlas's worker starts at once (it needs nothing of the page);
// the table is made on the click on Play or Watch, or once the join form has been on screen for
// 1.5 s without one (so neither the form nor the click waits behind it).
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
  openOnline: () => new Promise(() => {}), // the join stays under way
}));

describe('<sw-app> join link: the atlas first, the table after the form', () => {
  beforeAll(async () => {
    await Promise.all([import('../../src/ui/sw-join'), import('../../src/ui/sw-lobby'), import('../../src/ui/sw-online-panel')]);
  });
  afterEach(() => {
    document.body.replaceChildren();
    history.replaceState(null, '', location.pathname);
  });

  async function openLink() {
    calls.length = 0;
    history.replaceState(null, '', `${location.pathname}#join=host-peer-1`);
    await import('../../src/ui/sw-app');
    const app = document.createElement('sw-app') as HTMLElement & { updateComplete: Promise<boolean> };
    document.body.append(app);
    await app.updateComplete;
    await vi.waitFor(() => expect(formShown()).toBe(true));
    return app;
  }

  it('starts painting the atlas before the join form shows, and makes the table once the form has waited 1.5 s for a click', async () => {
    await openLink();
    const shownAt = Date.now();
    await new Promise((r) => setTimeout(r, 1_000));
    expect(calls.filter((c) => c.what === 'table')).toEqual([]); // a click may still come
    await vi.waitFor(() => expect(calls.some((c) => c.what === 'table')).toBe(true), { timeout: 2_000 });
    expect(Date.now() - shownAt).toBeGreaterThanOrEqual(1_400);
    const atlas = calls.findIndex((c) => c.what === 'atlas');
    const table = calls.findIndex((c) => c.what === 'table');
    expect(atlas).toBeGreaterThanOrEqual(0);
    expect(calls[atlas].formShown).toBe(false); // asked while the join card was still to be drawn
    expect(table).toBeGreaterThan(atlas);
    expect(calls[table].formShown).toBe(true);
  });

  it('makes the table at once on the click on Watch, and not again when the 1.5 s are up', async () => {
    const app = await openLink();
    const join = app.shadowRoot!.querySelector('sw-join') as HTMLElement & { updateComplete: Promise<boolean> };
    await join.updateComplete;
    const name = join.shadowRoot!.querySelector<HTMLInputElement>('[data-testid="join-name"]')!;
    name.value = 'Wes';
    name.dispatchEvent(new Event('input'));
    await join.updateComplete;
    join.shadowRoot!.querySelector<HTMLButtonElement>('[data-testid="join-watch"]')!.click();
    await vi.waitFor(() => expect(calls.filter((c) => c.what === 'table')).toHaveLength(1), { timeout: 500 });
    await new Promise((r) => setTimeout(r, 1_700));
    expect(calls.filter((c) => c.what === 'table')).toHaveLength(1);
  });
});
