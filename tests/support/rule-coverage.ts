// Rule coverage from the titles of tests that ran and passed: which rules of docs/rules-spec.md no passed
// test names, and whether a run was the whole suite. Pure; the reporter and its test share it.
import { citations } from './spec-points';

/** A test that passed: its file and its own title (not its describe blocks'). */
export interface PassedTest {
  file: string;
  title: string;
}

/** The rules no passed test cites in its title, in the order given. */
export function uncoveredRules(rules: readonly string[], passed: readonly PassedTest[]): string[] {
  const cited = new Set(passed.flatMap((t) => citations(t.title)));
  return rules.filter((r) => !cited.has(r));
}

/** Why a run cannot judge coverage (some test files or tests left out), or null when it can. */
export function partialRun(ran: readonly string[], suite: readonly string[], filteredByName: boolean): string | null {
  const given = new Set(ran);
  const notRun = suite.filter((f) => !given.has(f));
  if (notRun.length > 0) return `the run took ${suite.length - notRun.length} of the suite's ${suite.length} test files`;
  if (filteredByName) return 'the run filtered tests by name';
  return null;
}
