// A Lit Reactive Controller that owns the Tabletop for an element: created when the host
// connects (inside the container the host renders) and three.js has loaded (lazy-tabletop.ts),
// disposed when it disconnects.
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { Deployment, GameEvent, GameState, Placement } from '../engine';
import { oneLine } from '../fair/one-line';
import { loadedTabletop, loadTabletop } from './lazy-tabletop';
import type { TableSurface } from './table-surface';
import type { Tabletop, TableView } from './tabletop';

/** CSS pixels of the table the HUD covers on each side. */
export type Insets = Partial<{ top: number; right: number; bottom: number; left: number }>;

export interface TableControllerHost extends ReactiveControllerHost, HTMLElement {
  /** The element the canvas goes into (in the host's shadow root). */
  tableContainer(): HTMLElement | null;
}

export class TableController implements ReactiveController {
  tabletop: Tabletop | null = null;
  private view: TableView | null = null;
  private insets: Insets | null = null;
  private failed = false;
  /** The task that will create the table (it comes after the host's update). */
  private creating: ReturnType<typeof setTimeout> | null = null;
  /** The canvas and renderer made for the table to come (in the task before it). */
  private surface: TableSurface | null = null;

  constructor(
    private readonly host: TableControllerHost,
    private readonly handlers: {
      place(p: Placement): void;
      deploy(d: Deployment | null): void;
      ghost?(p: Placement | null): void;
      /** The notice shown instead of the table without WebGL, in the player's language. */
      noWebGl?(reason: string): string;
    },
  ) {
    host.addController(this);
  }

  hostConnected(): void {
    // the container exists after the first render; create then (hostUpdated) if not yet
    this.ensure();
  }

  hostUpdated(): void {
    this.ensure();
  }

  hostDisconnected(): void {
    if (this.creating !== null) clearTimeout(this.creating);
    this.creating = null;
    if (this.surface) loadedTabletop()?.closeTableSurface(this.surface); // a surface means the module is loaded
    this.surface = null;
    this.tabletop?.dispose();
    this.tabletop = null;
  }

  setView(view: TableView | null): void {
    this.view = view;
    if (view && this.tabletop) this.tabletop.setView(view);
  }

  /** Kept for a table created later (the HUD may measure itself first). */
  setInsets(insets: Insets): void {
    this.insets = insets;
    this.tabletop?.setInsets(insets);
  }

  playEvents(events: GameEvent[], after: GameState, onEvent?: (e: GameEvent) => void): Promise<void> {
    return this.tabletop ? this.tabletop.playEvents(events, after, onEvent) : Promise.resolve();
  }

  private ensure(): void {
    if (this.tabletop || this.creating || !this.host.isConnected) return;
    const container = this.host.tableContainer();
    if (!container) return;
    const module = loadedTabletop();
    if (!module) {
      loadTabletop().then(
        () => this.ensure(),
        (e) => this.fail(container, e),
      );
      return;
    }
    // A table made ahead, out of sight, while the player was on the way here (spare-table.ts).
    const spare = module.takeSpareTable(container);
    if (spare) return this.adopt(spare);
    // In tasks of their own, not in the host's update: the WebGL context in one (table-surface.ts),
    // the table (its buffers, every mesh) in the next; on a slow device each is 50–150 ms, and the
    // host's render is more.
    const still = () => !this.tabletop && this.host.isConnected && this.host.tableContainer() === container;
    this.creating = setTimeout(() => {
      this.creating = null;
      if (!still()) return this.ensure();
      let surface: TableSurface;
      try {
        surface = module.openTableSurface(container);
      } catch (e) {
        this.fail(container, e);
        return;
      }
      this.surface = surface;
      this.creating = setTimeout(() => {
        this.creating = null;
        this.surface = null;
        if (still()) return this.create(module, container, surface);
        module.closeTableSurface(surface);
        this.ensure();
      }, 0);
    }, 0);
  }

  private create(module: NonNullable<ReturnType<typeof loadedTabletop>>, container: HTMLElement, surface: TableSurface): void {
    let table: Tabletop;
    try {
      table = new module.Tabletop(container, surface);
    } catch (e) {
      module.closeTableSurface(surface);
      this.fail(container, e);
      return;
    }
    this.adopt(table);
  }

  private adopt(table: Tabletop): void {
    table.onPlace = (p) => this.handlers.place(p);
    table.onDeploy = (d) => this.handlers.deploy(d);
    table.onGhostChange = (p) => this.handlers.ghost?.(p);
    this.tabletop = table;
    if (this.view) table.setView(this.view);
    if (this.insets) table.setInsets(this.insets);
  }

  /** No WebGL (disabled, blocked or lost) or no three.js: say so in place of the table instead of breaking the page. */
  private fail(container: HTMLElement, e: unknown): void {
    if (this.failed) return;
    this.failed = true;
    const note = document.createElement('p');
    note.className = 'no-webgl';
    note.setAttribute('role', 'alert');
    const reason = oneLine(e);
    note.textContent = this.handlers.noWebGl?.(reason) ?? `The 3D table cannot start: ${reason}`;
    note.style.cssText = 'margin:0;padding:2em;color:#fff;font:16px system-ui,sans-serif;';
    container.append(note);
  }
}
