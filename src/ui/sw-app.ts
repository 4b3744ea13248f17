// <sw-app>: the app shell. Screens: home, game (live games and replays alike), rules, verification report. Owns
// the Session (a LocalSession for hotseat and solo play) and the file actions: download a
// save or a replay, load a save, open or verify a replay. A game in progress is resumed
// when the page is opened again (P1.6).
import { LitElement, css, html, nothing } from 'lit';
import { customElement, property, query, state } from 'lit/decorators.js';
import { verifyReplay, type VerifyReport } from '../fair';
import { oneLine } from '../fair/one-line';
import { GameStore } from '../session/game-store';
import { ReplaySession } from '../session/replay-session';
import { openSession, resumeStored, type OpenRequest, type SessionDeps } from '../session/session-factory';
import type { Session } from '../session/session';
import type { MeshSession } from '../net/mesh-session';
import { openOnline, openTransportAhead, parseJoinLink, warmOnline, type LinkSignalling, type OnlineRequest } from '../net/online';
import type { PeerId } from '../net/transport';
import { downloadText } from './file-download';
import { replayDownload } from './replay-download';
import { initLanguage, t } from './i18n';
import { LanguageController } from './language-controller';
import type { FileRequest, NewGameRequest } from './sw-home';
import type { JoinChoice } from './sw-join';
import { expectedTableBox, type SwGame } from './sw-game';
import { theme } from './theme';
import './sw-home';
import './sw-game';
import './sw-verify-report';
import { loadRules } from './lazy-rules';
import { prepaintAtlas, prepareTable, warmTabletop } from '../render/lazy-tabletop';
import { storedName } from './player-name';
import { onlineErrorText } from './online-error';

/** Resolves after the next frame has been painted (or at once where there are no frames). */
function afterNextPaint(): Promise<void> {
  return new Promise((resolve) => {
    const raf = globalThis.requestAnimationFrame;
    if (typeof raf !== 'function') return resolve();
    raf(() => setTimeout(resolve, 0));
  });
}

/** Runs `work` when the page is next idle (within 2 s), or after a short wait where there is no idle callback. */
function whenIdle(work: () => void): void {
  const idle = globalThis.requestIdleCallback;
  if (typeof idle === 'function') idle(() => work(), { timeout: 2000 });
  else setTimeout(work, 100);
}

/** The online screens load with the first online game, not with the page (home screen JS ≤ 120 KB gzip). */
function loadOnlineScreens(): Promise<unknown> {
  return Promise.all([import('./sw-join'), import('./sw-lobby'), import('./sw-online-panel')]);
}

type Screen = 'home' | 'game' | 'verify' | 'rules' | 'join' | 'lobby';

function browserStore(): GameStore | null {
  try {
    return globalThis.localStorage ? new GameStore(globalThis.localStorage) : null;
  } catch {
    return null;
  }
}

@customElement('sw-app')
export class SwApp extends LitElement {
  static override styles = [
    theme,
    css`
    :host { display: block; position: fixed; inset: 0; background: var(--sw-bg); }
    :host > * { height: 100%; }
  `,
  ];

  /** Tests and reduced motion: no table animations, bots move as soon as the table is idle. */
  @property({ type: Boolean }) fast = false;
  /** Pause before a bot moves, so people can follow (ms). */
  @property({ type: Number }) botDelayMs = 450;

  @state() private screen: Screen = 'home';
  @state() private session: Session | null = null;
  @state() private homeError: string | null = null;
  @state() private report: VerifyReport | null = null;
  @state() private fileName = '';
  /** The last new-game form, so Menu brings it back as it was. */
  @state() private lastRequest: NewGameRequest | null = null;
  /** The online game, when the session is one (its lobby comes before any game state). */
  @state() private mesh: MeshSession | null = null;
  /** A join link's peer id, while the player chooses a name and whether to watch. */
  @state() private joinPeer: PeerId | null = null;
  /** The join link's invitation (null: a link to watch only). */
  private joinInvite: string | null = null;
  /** The signalling server the join link names (the host's), if any. */
  @state() private joinSignalling: LinkSignalling | null = null;
  @state() private busy = false;
  @state() private onlineError: string | null = null;
  /** Why the last WebRTC link failed before it opened, shown while the lobby is still connecting. */
  @state() private linkFailure: string | null = null;
  /** The signalling server this page lost (and retries), or null while it is reachable. */
  @state() private signallingLost: string | null = null;
  /** The last request that opened an online game, for Retry. */
  private lastOnline: OnlineRequest | null = null;
  @query('sw-game') private gameElement!: SwGame | null;
  private meshOff: (() => void) | null = null;
  protected readonly i18n = new LanguageController(this);
  private readonly store = browserStore();

  /** The game screen's element (tests reach the table through it). */
  get game(): SwGame | null {
    return this.gameElement;
  }

  get currentSession(): Session | null {
    return this.session;
  }

  override connectedCallback(): void {
    super.connectedCallback();
    initLanguage();
    document.title = t('appTitle');
    globalThis.addEventListener?.('hashchange', this.onHashChange);
    if (this.openJoinLink()) return;
    if (this.store && !this.session) {
      // A reload returns to the game that was on screen, online ones too, without asking (P1.6).
      const current = this.store.current;
      if (current && this.store.list().find((g) => g.gameId === current)?.kind === 'online') {
        void this.openOnlineGame({ kind: 'resume', gameId: current });
        return;
      }
      const { session, error } = resumeStored({ ...this.sessionDeps(), store: this.store });
      if (session) this.play(session);
      else if (error) this.homeError = t('fileError', { message: error });
    }
  }

  /** A join link (P3.1) in the address: choose a name (and the server), then play or watch. */
  private openJoinLink(): boolean {
    const link = parseJoinLink(globalThis.location?.hash ?? '');
    if (!link) return false;
    // A join link (P3.1): choose a name, then play (with the invitation) or watch.
    this.joinPeer = link.peer;
    this.joinInvite = link.invite;
    this.joinSignalling = link.signalling;
    this.onlineError = null;
    this.screen = 'join';
    void warmOnline();
    openTransportAhead(link.signalling); // the server's socket opens while the player types a name
    // The tile atlas first: its worker paints for 0.2–0.4 s of a core here (2.4 s when the page's
    // table and shaders are made meanwhile), and it needs nothing of the page.
    prepaintAtlas();
    // To play or to watch, a table comes next: it is made once the join form is on screen, so the
    // form does not wait behind three.js and a WebGL context (on a slow phone, 0.5 s or more).
    void loadOnlineScreens()
      .then(() => this.updateComplete)
      .then(afterNextPaint)
      .then(() => prepareTable(expectedTableBox()));
    return true;
  }

  /** A join link pasted into a tab already open: leave what is on screen (it stays in storage) for the join card. */
  private readonly onHashChange = (): void => {
    if (!parseJoinLink(globalThis.location?.hash ?? '')) return;
    if (this.mesh) this.leaveOnline();
    this.session?.dispose();
    this.session = null;
    if (this.store) this.store.current = null;
    this.openJoinLink();
  };

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    globalThis.removeEventListener?.('hashchange', this.onHashChange);
    this.session?.dispose();
    this.mesh?.dispose();
  }

  /** Opens an online game over PeerJS (loaded only now): the lobby first, the table once it starts. */
  private async openOnlineGame(req: OnlineRequest): Promise<void> {
    if (!this.store) {
      this.onlineError = t('onlineFailed', { message: 'no storage' });
      return;
    }
    this.lastOnline = req;
    this.busy = true;
    this.onlineError = null;
    this.linkFailure = null;
    prepareTable(expectedTableBox()); // made while the links form and the lobby waits (a join link's form began it)
    this.signallingLost = null;
    try {
      const onLinkFailure = (reason: string) => (this.linkFailure = reason);
      const onSignalling = (state: string, server: string) => (this.signallingLost = state === 'open' ? null : server);
      const deps = { ...this.sessionDeps(), store: this.store, onLinkFailure, onSignalling };
      const [mesh] = await Promise.all([openOnline(req, deps), loadOnlineScreens()]);
      this.adoptMesh(mesh);
      // The join link has done its work: a reload now returns to the stored game (P1.6).
      if (req.kind === 'join') globalThis.history?.replaceState(null, '', globalThis.location.pathname + globalThis.location.search);
    } catch (e) {
      this.onlineError = onlineErrorText(e);
      if (req.kind === 'resume') {
        this.store.current = null;
        // a resume starts from the list of games: its error goes there, not beside "Create an online game"
        this.homeError = this.onlineError;
        this.onlineError = null;
        this.screen = 'home';
      }
    } finally {
      this.busy = false;
    }
  }

  private adoptMesh(mesh: MeshSession): void {
    this.session?.dispose();
    this.session = null;
    this.meshOff?.();
    this.mesh = mesh;
    this.joinPeer = null;
    const offEvents = mesh.onEvent((e) => {
      // The start begun again without a silent seat, by one of this game's players: this page joins it (nothing was drawn).
      if (e.kind === 'rematch' && mesh.offersRestart(e.gameId)) return this.adoptMesh(mesh.acceptRematch(e.gameId));
      if (e.kind === 'lobby') {
        if (this.store && mesh.gameId) this.store.current = mesh.gameId;
        // Started: this peer owes its commitment at once; the table comes with the first state.
        if (mesh.phase === 'playing') void mesh.start();
        this.requestUpdate();
      }
    });
    const offUpdates = mesh.subscribe(() => {
      if (this.screen === 'lobby' && mesh.started) this.enterOnlineGame();
    });
    this.meshOff = () => {
      offEvents();
      offUpdates();
    };
    if (this.store && mesh.gameId) this.store.current = mesh.gameId;
    prepareTable(expectedTableBox()); // a rematch's lobby too (a table already made ahead is kept)
    // a seat's hash chain is built while the lobby waits, not in the task that starts the game
    whenIdle(() => this.mesh === mesh && mesh.prepareChain());
    this.screen = 'lobby';
    if (mesh.phase !== 'lobby' && mesh.phase !== 'connecting') void mesh.start();
    if (mesh.started) this.enterOnlineGame();
  }

  /** The table, once the online game has a state (every commitment in). */
  private enterOnlineGame(): void {
    const mesh = this.mesh;
    if (!mesh || !mesh.started) return;
    this.session = mesh;
    this.screen = 'game';
    void mesh.start().catch((e) => (this.homeError = oneLine(e)));
  }

  /** Retry from "still not connected": a started game is resumed from storage; a join or a host opens again. */
  private retryOnline(): void {
    const mesh = this.mesh;
    const req: OnlineRequest | null =
      mesh?.gameId && mesh.phase !== 'connecting' && mesh.phase !== 'lobby' ? { kind: 'resume', gameId: mesh.gameId } : this.lastOnline;
    if (!req) return;
    this.leaveOnline();
    if (req.kind === 'join') {
      this.joinPeer = req.peer;
      this.screen = 'join';
    } else if (req.kind === 'host') this.screen = 'home';
    void this.openOnlineGame(req);
  }

  /** A full game: join the same host again, as a spectator. */
  private watchInstead(): void {
    const req = this.lastOnline;
    if (req?.kind !== 'join') return;
    this.leaveOnline();
    this.joinPeer = req.peer;
    this.screen = 'join';
    void this.openOnlineGame({ ...req, watch: true });
  }

  private leaveOnline(): void {
    this.meshOff?.();
    this.meshOff = null;
    this.mesh?.leave();
    this.mesh = null;
    this.session = null;
  }

  private sessionDeps(): SessionDeps {
    return {
      store: this.store,
      // Bots wait until the table has shown the previous move, then a short beat.
      pace: async () => {
        await (this.gameElement?.idle() ?? Promise.resolve());
        // catching up (a reload, a late spectator): the bot's past moves need no beat to follow them
        if (!this.fast && this.botDelayMs > 0 && !this.session?.catchingUp) await new Promise((r) => setTimeout(r, this.botDelayMs));
      },
    };
  }

  private play(session: Session): void {
    this.session?.dispose();
    this.session = session;
    if (this.store) this.store.current = session.gameId;
    this.screen = 'game';
    this.homeError = null;
    void session.start().catch((e) => (this.homeError = oneLine(e)));
  }

  private open(req: OpenRequest): void {
    try {
      this.play(openSession(req, this.sessionDeps()));
    } catch (e) {
      this.homeError = req.kind === 'new-local' ? oneLine(e) : t('fileError', { message: oneLine(e) });
    }
  }

  private startNew(req: NewGameRequest): void {
    this.lastRequest = req;
    this.open({ kind: 'new-local', setup: req.setup, controllers: req.controllers });
  }

  private openFile(req: FileRequest): void {
    this.homeError = null;
    try {
      if (req.purpose === 'load') {
        this.open({ kind: 'file', text: req.text });
      } else if (req.purpose === 'replay') {
        // a replay is a session the game screen shows like any game (nothing to play)
        this.session?.dispose();
        this.session = new ReplaySession(req.text);
        this.screen = 'game';
      } else {
        this.report = verifyReplay(req.text);
        this.fileName = req.name;
        this.screen = 'verify';
      }
    } catch (e) {
      this.homeError = t('fileError', { message: oneLine(e) });
    }
  }

  private toMenu(): void {
    // The game stays in storage; the home screen offers to resume it.
    if (this.store) this.store.current = null;
    if (this.mesh) this.leaveOnline();
    this.session?.dispose();
    this.session = null;
    this.joinPeer = null;
    this.report = null;
    this.screen = 'home';
  }

  /** Resumes a stored game (the most recently played one when no id is given). */
  private resume(gameId: string | null = this.store?.list()[0]?.gameId ?? null): void {
    if (!this.store || !gameId) return;
    if (this.store.list().find((g) => g.gameId === gameId)?.kind === 'online') {
      void this.openOnlineGame({ kind: 'resume', gameId });
      return;
    }
    const { session, error } = resumeStored({ ...this.sessionDeps(), store: this.store }, gameId);
    if (session) this.play(session);
    else this.homeError = error ? t('fileError', { message: error }) : null;
  }

  /** Forgets a stored game (the home screen asked the player first). */
  private deleteGame(gameId: string): void {
    this.store?.remove(gameId);
    this.requestUpdate();
  }

  private save(kind: 'game' | 'replay'): void {
    const s = this.session;
    if (!s) return;
    const base = `carcassonne-sw-${s.gameId}-turn${s.state.turn}`;
    if (kind === 'replay') {
      // The session's own replay is verified before it is offered; one that fails is a bug report (issue 18).
      const offer = replayDownload(base, s.replayText());
      downloadText(offer.name, offer.text);
      this.gameElement?.notify(offer.failure ? t('replayBugReport', { name: offer.name }) : t('saved', { name: offer.name }));
      return;
    }
    const name = `${base}-save.json`;
    downloadText(name, s.saveText());
    this.gameElement?.notify(t('saved', { name }));
  }

  override render() {
    switch (this.screen) {
      case 'game':
        return html`<sw-game .session=${this.session} ?fast=${this.fast} @sw-menu=${() => this.toMenu()}
          @sw-save=${(e: CustomEvent<'game' | 'replay'>) => this.save(e.detail)} @sw-new-game=${() => this.toMenu()}>
          ${
            this.mesh
              ? html`<sw-online-panel slot="online" .session=${this.mesh} .signallingLost=${this.signallingLost}
            @sw-session-replaced=${(e: CustomEvent<MeshSession>) => this.adoptMesh(e.detail)}></sw-online-panel>`
              : nothing
          }</sw-game>`;
      case 'join':
        return html`<sw-join .error=${this.onlineError} ?busy=${this.busy} ?invited=${!!this.joinInvite}
          .hostSignalling=${this.joinSignalling} @sw-menu=${() => this.toMenu()}
          @sw-join=${(e: CustomEvent<JoinChoice>) =>
            void this.openOnlineGame({ kind: 'join', ...e.detail, peer: this.joinPeer!, invite: this.joinInvite })}></sw-join>`;
      case 'lobby':
        return html`<sw-lobby .session=${this.mesh} .linkFailure=${this.linkFailure} .signallingLost=${this.signallingLost} @sw-leave=${() => this.toMenu()}
          @sw-session-replaced=${(e: CustomEvent<MeshSession>) => this.adoptMesh(e.detail)}
          @sw-retry=${() => this.retryOnline()} @sw-watch=${() => this.watchInstead()}></sw-lobby>`;
      case 'rules':
        return html`<sw-rules @sw-close=${() => (this.screen = 'home')}></sw-rules>`;
      case 'verify':
        return html`<sw-verify-report .report=${this.report} .fileName=${this.fileName} @sw-menu=${() => this.toMenu()}></sw-verify-report>`;
      default:
        // the pointer or the keys on the home screen: the player heads to a game, three.js starts loading
        return html`<sw-home @pointerover=${warmTabletop} @focusin=${warmTabletop}
          .initial=${this.lastRequest} .games=${this.store?.list() ?? []} .error=${this.homeError} .onlineError=${this.onlineError}
          @sw-start=${(e: CustomEvent<NewGameRequest>) => this.startNew(e.detail)}
          @sw-start-online=${(e: CustomEvent<NewGameRequest>) => {
            this.lastRequest = e.detail;
            void this.openOnlineGame({
              kind: 'host',
              name: storedName() || t('guestName'),
              setup: e.detail.setup,
              controllers: e.detail.controllers,
              clock: e.detail.clock,
              standIn: e.detail.standIn,
            });
          }}
          @sw-resume=${(e: CustomEvent<string>) => this.resume(e.detail)}
          @sw-delete=${(e: CustomEvent<string>) => this.deleteGame(e.detail)} @sw-rules=${() => {
            void loadRules();
            this.screen = 'rules';
          }} @sw-file=${(e: CustomEvent<FileRequest>) => this.openFile(e.detail)}></sw-home>`;
    }
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'sw-app': SwApp;
  }
}
