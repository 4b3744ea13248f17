// What a replay download offers (issue 18): the session's replay is checked by the verifier
// first; one that fails is offered as a bug report (another file name, the failure inside,
// a visible line), never as a replay file that would not verify.
import { verifyReplay } from '../fair';

export const BUG_REPORT_FORMAT = 'carcassonne-star-wars-bug-report';

export interface ReplayDownload {
  name: string;
  text: string;
  /** Why the replay failed its own check (null: it verifies and is offered as itself). */
  failure: string | null;
}

/** The file to offer for `replay`, the text the session wrote; `base` names it (`carcassonne-sw-<game>-turn<n>`). */
export function replayDownload(base: string, replay: string): ReplayDownload {
  const report = verifyReplay(replay);
  if (report.ok) return { name: `${base}-replay.json`, text: replay, failure: null };
  const text = JSON.stringify({ format: BUG_REPORT_FORMAT, version: 1, verify: report.message, replay }, null, 1);
  return { name: `${base}-bug-report.json`, text: `${text}\n`, failure: report.message };
}
