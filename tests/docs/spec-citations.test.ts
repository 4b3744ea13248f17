// The rule and protocol numbers the code cites exist in the repository's own specs (docs/rules-spec.md,
// docs/protocol-spec.md), and rule coverage (tests/support/rule-coverage.ts) counts only passed titles.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { partialRun, uncoveredRules } from '../support/rule-coverage';
import { PROTOCOL_SPEC, RULES_SPEC, citations, coverableRules, readSpec, specPoints } from '../support/spec-points';

const root = fileURLToPath(new URL('../../', import.meta.url));
const CITING = ['src', 'tests', 'docs', 'tools', 'bench', 'README.md'];
const TEXT = /\.(ts|mjs|js|py|md|html|json)$/;
/** This file's samples cite numbers that do not exist on purpose. */
const SELF = 'tests/docs/spec-citations.test.ts';

function textFiles(rel: string): string[] {
  const full = join(root, rel);
  const entries = (() => {
    try {
      return readdirSync(full, { withFileTypes: true });
    } catch {
      return null;
    }
  })();
  if (!entries) return TEXT.test(rel) ? [rel] : [];
  return entries.flatMap((e) => (e.isDirectory() ? textFiles(`${rel}/${e.name}`) : TEXT.test(e.name) ? [`${rel}/${e.name}`] : []));
}

describe('the specs in docs/', () => {
  const rules = specPoints(readSpec(root, RULES_SPEC), 'R');
  const protocol = specPoints(readSpec(root, PROTOCOL_SPEC), 'P');

  it('number the rules R1–R10 and the protocol P1–P6, in order', () => {
    expect(rules.sections).toEqual(Array.from({ length: 10 }, (_, i) => `R${i + 1}`));
    expect(protocol.sections).toEqual(Array.from({ length: 6 }, (_, i) => `P${i + 1}`));
    for (const { sections, points } of [rules, protocol]) {
      expect(new Set(points).size).toBe(points.length);
      for (const p of points) expect(sections).toContain(p.split('.')[0]);
    }
  });

  it('hold every R<n>.<m> and P<n>.<m> cited in src, tests, docs, tools, bench and the README', () => {
    const known = new Set([...rules.sections, ...rules.points, ...protocol.sections, ...protocol.points]);
    const unknown: string[] = [];
    for (const f of CITING.flatMap(textFiles).filter((f) => f !== SELF)) {
      for (const c of citations(readFileSync(join(root, f), 'utf8'))) if (!known.has(c)) unknown.push(`${f}: ${c}`);
    }
    expect(unknown).toEqual([]);
  });

  it('a missing spec is an error, never an empty list', () => {
    expect(() => readSpec(root, 'docs/no-such-spec.md')).toThrow(/missing/);
  });
});

describe('rule coverage counts passed test titles only', () => {
  const spec = ['## R3 A turn', 'text R9.9 in prose', '## R6 Battles', '- R6.1 first', '- R6.2 second', '  - R6.3 nested: not an item'];
  const rules = coverableRules(spec.join('\n'));
  const passed = (titles: string[]) => titles.map((title) => ({ file: 'a.test.ts', title }));

  it('the rules to cover are the numbered items and each section without items', () => {
    expect(rules).toEqual(['R3', 'R6.1', 'R6.2']);
  });

  it('a rule counts when a passed title names it; a section does not cover its items, nor a tenth item the first', () => {
    expect(uncoveredRules(rules, passed(['R6.2 ties score 1', 'R3 order', 'R6 any', 'R6.10 x']))).toEqual(['R6.1']);
    expect(uncoveredRules(rules, passed([]))).toEqual(rules);
  });

  it('a run that left out test files or filtered tests by name cannot judge coverage', () => {
    const suite = ['a.test.ts', 'b.test.ts'];
    expect(partialRun(suite, suite, false)).toBeNull();
    expect(partialRun(['a.test.ts'], suite, false)).toBe("the run took 1 of the suite's 2 test files");
    expect(partialRun(suite, suite, true)).toBe('the run filtered tests by name');
  });
});
