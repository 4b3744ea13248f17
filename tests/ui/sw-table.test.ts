// @vitest-environment happy-dom
// <sw-table> hosts the Tabletop through its Reactive Controller: created when connected,
// fed the view, its intents re-sent as sw-place / sw-deploy events (bubbling, composed),
// disposed when disconnected; a table made ahead (spare-table.ts) is taken at once. WebGL is
// replaced by a recording stand-in; the real canvas is exercised in Chromium by bench/render.ts
// --check and the UI's e2e tests.
import { describe, expect, it, vi } from 'vitest';

const made: FakeTabletop[] = [];
class FakeTabletop {
  onPlace: ((p: unknown) => void) | null = null;
  onDeploy: ((d: unknown) => void) | null = null;
  onGhostChange: ((p: unknown) => void) | null = null;
  views: unknown[] = [];
  played: unknown[] = [];
  disposed = false;
  constructor(
    readonly host: HTMLElement,
    readonly surface?: unknown,
  ) {
    made.push(this);
  }
  setView(v: unknown) {
    this.views.push(v);
  }
  playEvents(events: unknown[], after: unknown) {
    this.played.push([events, after]);
    return Promise.resolve();
  }
  dispose() {
    this.disposed = true;
  }
  moveTo(host: HTMLElement) {
    this.moved.push(host);
  }
  moved: HTMLElement[] = [];
}
/** Tables made ahead, taken first by the next table that connects (spare-table.ts). */
const spares: FakeTabletop[] = [];
/** The canvas and renderer made in the task before the table (table-surface.ts), and those given back. */
const surfaces: { host: HTMLElement; closed: boolean }[] = [];
vi.mock('../../src/render/table-module', () => ({
  Tabletop: FakeTabletop,
  takeSpareTable: (container: HTMLElement) => {
    const table = spares.shift() ?? null;
    table?.moveTo(container);
    return table;
  },
  openTableSurface: (host: HTMLElement) => {
    const s = { host, closed: false };
    surfaces.push(s);
    return s;
  },
  closeTableSurface: (s: { closed: boolean }) => {
    s.closed = true;
  },
}));

const { SwTable } = await import('../../src/ui/sw-table');
const { loadTabletop, loadedTabletop } = await import('../../src/render/lazy-tabletop');
const nextTask = () => new Promise((r) => setTimeout(r, 0));
/** The table comes two tasks after the host's update: its canvas and renderer, then its meshes (each a long task on a slow device). */
const tableTasks = async () => {
  await nextTask();
  await nextTask();
};

describe('<sw-table>', () => {
  it('loads the tabletop module (three.js) only once a table connects, then creates the table', async () => {
    expect(loadedTabletop()).toBeNull();
    const el = document.createElement('sw-table');
    document.body.append(el);
    await el.updateComplete;
    expect(made).toHaveLength(0);
    await loadTabletop();
    await Promise.resolve();
    await tableTasks();
    expect(made).toHaveLength(1);
    expect(el.tabletop).toBe(made[0] as never);
    el.remove();
    expect(made[0].disposed).toBe(true);
    made.length = 0;
  });

  it('creates one Tabletop inside its shadow root once connected, and passes the view (R10.1)', async () => {
    const el = document.createElement('sw-table');
    expect(el).toBeInstanceOf(SwTable);
    const view = { state: {}, placements: [], deployments: [], deployChoice: { meeple: 'small', equipment: null } } as never;
    el.view = view;
    document.body.append(el);
    await el.updateComplete;
    expect(made).toHaveLength(0); // not in the host's update...
    await nextTask();
    expect(made).toHaveLength(0); // ...nor in the task that makes its canvas and renderer...
    const surface = surfaces.at(-1)!;
    expect(el.shadowRoot!.contains(surface.host)).toBe(true);
    await nextTask();
    expect(made).toHaveLength(1); // ...but in the one after
    const table = made[0];
    expect(table.surface).toBe(surface); // the table is made on that canvas
    expect(el.tabletop).toBe(table as never);
    expect(el.shadowRoot!.contains(table.host)).toBe(true);
    expect(table.views.at(-1)).toBe(view);
    const next = { ...(view as object) } as never;
    el.view = next;
    await el.updateComplete;
    expect(table.views.at(-1)).toBe(next);
    el.remove();
  });

  it('re-sends placements and deployments as bubbling, composed events (R5.1)', async () => {
    const el = document.createElement('sw-table');
    document.body.append(el);
    await el.updateComplete;
    await tableTasks();
    const table = made.at(-1)!;
    const got: [string, unknown, boolean, boolean][] = [];
    for (const type of ['sw-place', 'sw-deploy', 'sw-ghost'])
      document.body.addEventListener(type, (e) => got.push([type, (e as CustomEvent).detail, e.bubbles, e.composed]));
    table.onPlace!({ x: 1, y: 0, r: 3 });
    table.onDeploy!(null);
    table.onDeploy!({ meeple: 'large', target: { seg: 1 }, equipment: null });
    table.onGhostChange!({ x: 0, y: 1, r: 0 });
    expect(got).toEqual([
      ['sw-place', { x: 1, y: 0, r: 3 }, true, true],
      ['sw-deploy', null, true, true],
      ['sw-deploy', { meeple: 'large', target: { seg: 1 }, equipment: null }, true, true],
      ['sw-ghost', { x: 0, y: 1, r: 0 }, true, true],
    ]);
    el.remove();
  });

  it('forwards playEvents and disposes the Tabletop on disconnect; a reconnect makes a new one', async () => {
    const el = document.createElement('sw-table');
    document.body.append(el);
    await el.updateComplete;
    await tableTasks();
    const first = made.at(-1)!;
    await el.playEvents([{ type: 'turn', turn: 2, seat: 1 }], {} as never);
    expect(first.played).toHaveLength(1);
    el.remove();
    expect(first.disposed).toBe(true);
    expect(el.tabletop).toBeNull();
    await expect(el.playEvents([], {} as never)).resolves.toBeUndefined(); // no table: nothing to wait for
    document.body.append(el);
    await el.updateComplete;
    await tableTasks();
    expect(made.at(-1)).not.toBe(first);
    expect(el.tabletop).toBe(made.at(-1) as never);
    el.remove();
  });
  it('takes a table made ahead in the host’s update, with no task of its own, and passes it the view', async () => {
    await loadTabletop();
    const before = made.length;
    const spare = new FakeTabletop(document.createElement('div'));
    spares.push(spare);
    const surfacesBefore = surfaces.length;
    const el = document.createElement('sw-table');
    const view = { state: {}, placements: [], deployments: [], deployChoice: { meeple: 'small', equipment: null } } as never;
    el.view = view;
    document.body.append(el);
    await el.updateComplete;
    expect(el.tabletop).toBe(spare as never); // at once, not two tasks later
    expect(spare.moved).toEqual([el.shadowRoot!.querySelector('.table')]);
    expect(spare.views.at(-1)).toBe(view);
    await tableTasks();
    expect(made).toHaveLength(before + 1); // only the spare itself: no second table, no canvas
    expect(surfaces).toHaveLength(surfacesBefore);
    spare.onPlace!({ x: 0, y: 1, r: 0 }); // its intents reach the page as any table's
    el.remove();
    expect(spare.disposed).toBe(true);
  });
  it('a table removed before the task that would create it makes none', async () => {
    const before = made.length;
    const el = document.createElement('sw-table');
    document.body.append(el);
    await el.updateComplete;
    el.remove();
    await tableTasks();
    expect(made).toHaveLength(before);
    expect(el.tabletop).toBeNull();
  });
  it('a table removed between its canvas and its meshes gives the canvas and renderer back', async () => {
    const before = made.length;
    const el = document.createElement('sw-table');
    document.body.append(el);
    await el.updateComplete;
    await nextTask();
    const surface = surfaces.at(-1)!;
    expect(surface.closed).toBe(false);
    el.remove();
    expect(surface.closed).toBe(true);
    await tableTasks();
    expect(made).toHaveLength(before);
    expect(el.tabletop).toBeNull();
  });
});

describe('<sw-table> without WebGL', () => {
  it('shows a one-line notice instead of throwing when the table cannot start', async () => {
    const { TableController } = await import('../../src/render/table-controller');
    const tabletop = await import('../../src/render/table-module');
    const original = tabletop.openTableSurface;
    (tabletop as { openTableSurface: unknown }).openTableSurface = () => {
      throw new Error('Error creating WebGL context.\nmore detail');
    };
    try {
      const container = document.createElement('div');
      const host = Object.assign(document.createElement('div'), {
        addController() {},
        removeController() {},
        requestUpdate() {},
        updateComplete: Promise.resolve(true),
        tableContainer: () => container,
      });
      document.body.append(host);
      const controller = new TableController(host as never, { place() {}, deploy() {} });
      expect(() => controller.hostConnected()).not.toThrow();
      await nextTask();
      controller.hostUpdated(); // a second try does not stack a second notice
      await nextTask();
      expect(controller.tabletop).toBeNull();
      expect(container.querySelectorAll('.no-webgl')).toHaveLength(1);
      expect(container.textContent).toBe('The 3D table cannot start: Error creating WebGL context.');
    } finally {
      (tabletop as { openTableSurface: unknown }).openTableSurface = original;
    }
  });
});
