// The turn of a local human on this device (a Lit Reactive Controller): the ghost the table
// shows (cell and rotation), the tile drafted on a copy of the state (turn-draft.ts), the
// spot and meeple chosen, taking them back step by step, and ending the turn, which sends
// the placement and then the deployment (R3). One-click play sends each at once instead.
// The game screen draws what it says (the table's view, the controls) and calls its intents.
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { legalDeployments, legalPlacements, sameDeployTarget, type Deployment, type Placement } from '../engine';
import { oneLine } from '../fair/one-line';
import { normaliseChoice, type DeployChoice } from './deploy-choice';
import { t } from './i18n';
import type { SessionController } from './session-controller';
import type { TableView } from './sw-table';
import { oneClickPlay } from './settings';
import { draftDeployment, draftPlacement, draftTarget, type TurnDraft } from './turn-draft';

export class TurnController implements ReactiveController {
  /** The turn drafted on this device, not sent yet (null: nothing drafted). */
  draft: TurnDraft | null = null;
  /** True while a drafted turn is being sent. */
  committing = false;
  /** The meeple size and equipment picked in the HUD (R5.1, R5.5). */
  choice: DeployChoice = { meeple: 'small', equipment: null };
  /** Where the table's ghost stands (it reports every move), null when there is none. */
  ghost: Placement | null = null;
  /** One-click play (a setting): placements and deployments go to the session at once. */
  oneClick = oneClickPlay();
  /** Where the ghost goes back to after a drafted placement is taken back. */
  private takenBack: Placement | null = null;

  /** `showError` shows an illegal intent's one-line message (the engine's, citing the rule). */
  constructor(
    private readonly host: ReactiveControllerHost,
    private readonly sessions: SessionController,
    private readonly showError: (text: string) => void,
  ) {
    host.addController(this);
  }

  hostUpdate(): void {
    // A draft belongs to the turn it was made in; anything else (a reload, a new session) drops it.
    if (!this.draft || this.committing) return;
    const shown = this.sessions.shown;
    if (!shown || shown.phase !== 'place' || shown.turn !== this.draft.preview.turn || this.humanSeat() === null) this.draft = null;
  }

  /** A new session: nothing drafted carries over. */
  reset(): void {
    this.draft = null;
  }

  /** Whose move the UI takes now: a local human's, once everything before it is shown. */
  humanSeat(): number | null {
    const s = this.sessions.status;
    if (!s || s.kind !== 'your-move' || this.sessions.busy || !this.sessions.session) return null;
    return s.seat;
  }

  /** What the table shows and offers: the drafted tile with its spots, or the engine's legal options. */
  tableView(): TableView | null {
    const shown = this.sessions.shown;
    if (!shown) return null;
    const draft = this.draft;
    if (draft) {
      // the drafted tile stands on the table; its spots are the engine's for that placement
      const deployments = this.committing ? [] : draft.deployments;
      const deployChoice = normaliseChoice(this.choice, draft.deployments);
      return { state: draft.preview, placements: [], deployments, deployChoice, selectedTarget: draft.target };
    }
    const human = this.humanSeat() !== null && !this.committing;
    const placements = human && shown.phase === 'place' ? legalPlacements(shown) : [];
    const deployments = human && shown.phase === 'deploy' ? legalDeployments(shown) : [];
    return { state: shown, placements, deployments, deployChoice: normaliseChoice(this.choice, deployments), initialGhost: this.takenBack };
  }

  /** The table's ghost moved or turned. */
  followGhost(p: Placement | null): void {
    this.ghost = p;
    this.host.requestUpdate();
  }

  choose(choice: DeployChoice): void {
    this.choice = choice;
    this.host.requestUpdate();
  }

  /** A placement chosen on the table: drafted (or, in one-click play, sent at once). */
  place(p: Placement): void {
    const shown = this.sessions.shown;
    if (this.humanSeat() === null || this.committing || this.draft || !shown || shown.phase !== 'place') return;
    if (this.oneClick) {
      void this.intent((session) => session.place(p));
      return;
    }
    try {
      this.setDraft(draftPlacement(shown, p));
      this.takenBack = null;
    } catch (err) {
      this.showError(t('illegalMove', { message: oneLine(err) }));
    }
  }

  /** A spot (or none) chosen: drafted, and a second choice of the same spot ends the turn. */
  deploy(d: Deployment | null): void {
    if (this.humanSeat() === null || this.committing) return;
    if (this.draft) {
      // a spot tapped once is chosen; tapped again (or Enter on it) it ends the turn
      if (d && sameDeployTarget(d.target, this.draft.target)) void this.endTurn();
      else {
        this.setDraft(draftTarget(this.draft, d?.target ?? null));
        if (d) this.choose({ meeple: d.meeple, equipment: d.equipment });
      }
      return;
    }
    void this.intent((session) => session.deploy(d));
  }

  /** Sends the drafted turn: the placement, then the deployment or none (R3). */
  async endTurn(): Promise<void> {
    const draft = this.draft;
    if (!draft || this.committing || this.humanSeat() === null) return;
    const deployment = draftDeployment(draft, normaliseChoice(this.choice, draft.deployments));
    this.committing = true;
    this.host.requestUpdate();
    try {
      await this.intent(async (session) => {
        await session.place(draft.placement);
        await session.deploy(deployment);
      });
    } finally {
      this.committing = false;
      this.setDraft(null);
    }
  }

  /** Takes the drafted tile back into the hand (the ghost stays where it was). */
  takeBack(): void {
    if (!this.draft || this.committing) return;
    this.takenBack = this.draft.placement;
    this.setDraft(null);
  }

  /** "No meeple": clears the drafted spot (the turn still needs ending), or skips the deploy step (R5.1). */
  skip(): void {
    if (this.draft) {
      this.setDraft(draftTarget(this.draft, null));
      return;
    }
    if (this.humanSeat() === null || this.sessions.shown?.phase !== 'deploy') return;
    void this.intent((session) => session.deploy(null));
  }

  /** Esc takes back step by step: the chosen spot, then the tile; without a draft it skips (R5.1). False: nothing to do. */
  stepBack(): boolean {
    if (this.draft?.target) this.setDraft(draftTarget(this.draft, null));
    else if (this.draft) this.takeBack();
    else if (this.sessions.shown?.phase === 'deploy') this.skip();
    else return false;
    return true;
  }

  /** Enter ends a drafted turn whose tile offers no spot. False: Enter is not the turn's. */
  enter(): boolean {
    if (!this.draft || this.draft.deployments.length) return false;
    void this.endTurn();
    return true;
  }

  private setDraft(draft: TurnDraft | null): void {
    this.draft = draft;
    this.host.requestUpdate();
  }

  private async intent(run: (session: NonNullable<SessionController['session']>) => Promise<void>): Promise<void> {
    try {
      await run(this.sessions.session!);
    } catch (e) {
      this.showError(t('illegalMove', { message: oneLine(e) }));
    }
  }
}
