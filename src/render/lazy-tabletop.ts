// The tabletop and three.js load when a game opens, not with the page (the home screen's JS
// stays ≤ 120 KB gzip, bench/bundle.ts). warmTabletop() starts the download as soon as the
// player heads to a game (the new-game form, a join link, a resumed game), so it is in by the start.
import { prepaintTileAtlas } from './atlas-pixels';
import type * as TabletopModule from './table-module';

let loading: Promise<typeof TabletopModule> | null = null;
let loaded: typeof TabletopModule | null = null;

export function loadTabletop(): Promise<typeof TabletopModule> {
  loading ??= import('./table-module').then(
    (m) => (loaded = m),
    (e) => {
      loading = null; // a later game tries the download again
      throw e;
    },
  );
  return loading;
}

/** Starts loading in the background, and painting the tile atlas in its worker; a failure here is retried by the table itself. */
export function warmTabletop(): void {
  prepaintAtlas();
  loadTabletop().catch(() => {});
}

/**
 * Starts painting the tile atlas in its worker (once a page; kept in IndexedDB after the first
 * time): it needs no three.js and no main thread, so a page sure to show a table (a join link)
 * starts it before its first screen. The table asks again if this failed.
 */
export function prepaintAtlas(): void {
  prepaintTileAtlas().catch(() => {});
}

/**
 * On the way to a game that opens by itself (a join link, the lobby, an online game resuming): the
 * module and the atlas as warmTabletop, and a table made ahead out of sight at `box`, the size the
 * game screen will give it (spare-table.ts), so the start does not wait for one to be built.
 */
export function prepareTable(box: { width: number; height: number }): void {
  warmTabletop();
  loadTabletop().then(
    (m) => m.prepareSpareTable(box),
    () => {},
  );
}

/** The module if it is in already (the table is then created in the next task). */
export function loadedTabletop(): typeof TabletopModule | null {
  return loaded;
}
