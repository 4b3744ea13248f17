// Tests that need a tool outside Node (python3 ≥ 3.11 for tools/verify.py): on a developer's laptop
// without it they are skipped, loudly; in CI (CI set) the missing tool is a failing test, since CI
// installs what its suites need and a skip there would leave it green.
import { spawnSync } from 'node:child_process';
import { it } from 'vitest';

const version = spawnSync('python3', ['--version'], { encoding: 'utf8' });
/** python3 is on the PATH and is 3.11 or later (tools/verify.py needs it). */
export const hasPython311 = version.status === 0 && /Python 3\.(1[1-9]|[2-9]\d)/.test(version.stdout + version.stderr);

/** Whether to skip the tests that need `tool`: true only when it is missing; in CI that is also a failing test. */
export function skipWithout(tool: string, present: boolean, what: string): boolean {
  if (present) return false;
  if (process.env.CI) {
    it(`${tool} is installed (CI must install it: ${what})`, () => {
      throw new Error(`${tool} is missing in CI, so ${what} would not be checked`);
    });
  } else console.warn(`\n*** SKIPPED: ${tool} not found, so ${what} is not checked here (in CI this fails) ***\n`);
  return true;
}
