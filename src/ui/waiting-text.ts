// What an online game waits for, in people's words: one function gives the line that both the
// status line and the online panel show, so they never disagree; it names who really holds the
// game up (never the viewer, unless it is the viewer's own move or reveal), and the countdown of
// a silent seat, the viewer's own included ("You will be dropped in 12 s — act now").
import type { Colour, GameState } from '../engine';
import type { SeatInfo } from '../session/session';
import { t } from './i18n';
import { personName } from './seat-names';

/** What the waiting line reads of an online session (MeshSession has all of it). */
export interface WaitSource {
  readonly started: boolean;
  readonly state: GameState;
  readonly seats: readonly SeatInfo[];
  readonly revealsMissing: readonly Colour[];
  readonly waiting: { colour: Colour; deadline: number } | null;
}

function mine(seats: readonly SeatInfo[], colour: Colour): boolean {
  return seats.find((s) => s.colour === colour)?.localHuman === true;
}

/**
 * The session as of the moment on screen: while the table still plays an earlier turn
 * (catching up), the line names that turn's seat, and the live reveals and countdown wait.
 */
export function shownMoment(s: WaitSource, shown: GameState | null): WaitSource {
  const live = s.started ? s.state : null;
  const same = !shown || !live || (shown.turn === live.turn && shown.phase === live.phase && shown.seat === live.seat);
  return same ? s : { started: s.started, state: shown, seats: s.seats, revealsMissing: [], waiting: null };
}

/** The one waiting line: the start, the end, the reveals still missing, or whose move it is. */
export function waitingText(s: WaitSource): string {
  if (!s.started) return t('onlineStarting');
  const st = s.state;
  if (st.phase === 'over') return t('onlineOver');
  if (s.revealsMissing.length) {
    // P4.2: reveals are taken in chain order, so the first one missing holds up all after it (the viewer's own included)
    const head = s.revealsMissing[0];
    if (mine(s.seats, head)) return t('onlineOwnReveal');
    const after = s.revealsMissing.slice(1).filter((c) => !mine(s.seats, c)).length;
    const who = personName(s.seats, head);
    return after ? t('onlineWaitReveals', { n: after, who }) : t('onlineWaitReveal', { who });
  }
  const colour = st.setup.seats[st.seat];
  if (mine(s.seats, colour)) return t(st.phase === 'deploy' ? 'onlineYourDeploy' : 'onlineYourPlace');
  return t(st.phase === 'deploy' ? 'onlineWaitDeploy' : 'onlineWaitPlace', { who: personName(s.seats, colour) });
}

/** The countdown of the seat waited for, at clock time `now`: the viewer's own says to act now. */
export function countdownText(s: WaitSource, now: number): string | null {
  const w = s.waiting;
  if (!w) return null;
  const left = Math.max(0, Math.ceil((w.deadline - now) / 1000));
  if (mine(s.seats, w.colour)) return left > 0 ? t('onlineOwnCountdown', { s: left }) : t('onlineOwnSilent');
  const who = personName(s.seats, w.colour);
  return left > 0 ? t('onlineCountdown', { who, s: left }) : t('onlineSilent', { who });
}
