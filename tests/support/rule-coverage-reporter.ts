// A Vitest reporter (vitest.config.ts): at the end of a run of the whole suite, every rule of docs/rules-spec.md
// must be named in the title of a test that passed, or the run fails. A missing rules file fails it too.
import { relative } from 'node:path';
import type { Reporter, TestModule, TestRunEndReason, TestSpecification, Vitest } from 'vitest/node';
import { type PassedTest, partialRun, uncoveredRules } from './rule-coverage';
import { RULES_SPEC, coverableRules, readSpec } from './spec-points';

export default class RuleCoverageReporter implements Reporter {
  private vitest: Vitest | null = null;
  private ran: string[] = [];

  onInit(vitest: Vitest): void {
    this.vitest = vitest;
  }

  onTestRunStart(specifications: ReadonlyArray<TestSpecification>): void {
    this.ran = specifications.map((s) => this.file(s.moduleId));
  }

  async onTestRunEnd(testModules: ReadonlyArray<TestModule>, _errors: unknown, reason: TestRunEndReason): Promise<void> {
    const vitest = this.vitest;
    if (!vitest) throw new Error('rule coverage: the reporter was not initialised');
    if (reason !== 'passed') return; // the run fails already; coverage would only repeat it
    const suite = (await vitest.globTestSpecifications()).map((s) => this.file(s.moduleId));
    const partial = partialRun(this.ran, suite, vitest.config.testNamePattern !== undefined);
    if (partial) {
      vitest.logger.log(`rule coverage: not checked (${partial})`);
      return;
    }
    const passed: PassedTest[] = testModules.flatMap((m) =>
      [...m.children.allTests('passed')].map((t) => ({ file: this.file(m.moduleId), title: t.name })),
    );
    let rules: string[];
    try {
      rules = coverableRules(readSpec(vitest.config.root, RULES_SPEC));
      if (rules.length === 0) throw new Error(`${RULES_SPEC} has no numbered rule`);
    } catch (e) {
      return this.fail(vitest, (e as Error).message);
    }
    const missing = uncoveredRules(rules, passed);
    if (missing.length > 0) return this.fail(vitest, `no passed test names ${missing.join(', ')} in its title (${RULES_SPEC})`);
    vitest.logger.log(`rule coverage: each of the ${rules.length} rules of ${RULES_SPEC} is named by a passed test`);
  }

  private fail(vitest: Vitest, message: string): void {
    vitest.logger.error(`rule coverage: ${message}`);
    process.exitCode = 1; // Vitest never lowers it, so the run ends failed
  }

  private file(moduleId: string): string {
    return relative(this.vitest?.config.root ?? process.cwd(), moduleId)
      .split('\\')
      .join('/');
  }
}
