// Wires the app: mounts <sw-app>. With ?e2e in the URL (browser tests) animations are
// skipped and a test hook `window.__sw` exposes the table's screen mapping and the
// engine's view of the game, so tests can click real cells and compare real scores.
// With ?bench (npm run bench -- online) the hook is there but the app runs as for a player.
import { legalDeployments, legalPlacements, stateHash } from './engine';
import { registerAppUpdates } from './app-updates';
import './ui/sw-app';

const params = new URLSearchParams(location.search);
const testing = params.has('e2e');
const hooked = testing || params.has('bench');
const app = document.createElement('sw-app');
app.fast = testing || window.matchMedia('(prefers-reduced-motion: reduce)').matches;
if (testing) app.botDelayMs = 0;
document.body.append(app);
registerAppUpdates();

if (hooked) {
  (window as unknown as { __sw: unknown }).__sw = {
    app,
    session: () => app.currentSession,
    state: () => app.currentSession?.state ?? null,
    status: () => app.currentSession?.status ?? null,
    tabletop: () => app.game?.table?.tabletop ?? null,
    /** The turn drafted on this device and not sent yet (null when none). */
    draft: () => app.game?.draft ?? null,
    /** True when the UI shows everything the session did and waits for a local human. */
    ready: () => !!app.game && app.currentSession?.status.kind === 'your-move' && !app.game.sessionController.busy,
    legalPlacements: () => (app.currentSession ? legalPlacements(app.currentSession.state) : []),
    legalDeployments: () => (app.currentSession ? legalDeployments(app.currentSession.state) : []),
    stateHash: () => (app.currentSession ? stateHash(app.currentSession.state) : null),
    /** What the game screen shows: its state's hash and turn, and whether the table draws it (shaders and tile designs in, sharp: at full resolution). */
    shown: () => {
      const shown = app.game?.sessionController.shown;
      const table = app.game?.table?.tabletop;
      return shown
        ? { hash: stateHash(shown), turn: shown.turn, table: !!table, designs: !!table?.drawsBoard, sharp: !!table?.designsSharp }
        : null;
    },
  };
}
