// Every rule the engine implements is checked by at least one real test: a citation such as
// `// R6.4` in a comment inside an it(...) body of the engine's test files (tests/engine,
// tests/cli). R10 is a UI rule and is covered elsewhere.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../', import.meta.url));
const TEST_DIRS = ['tests/engine', 'tests/cli'];

/** The numbered rules of RULES.md R1–R9 that the engine implements (all of them). */
const ENGINE_RULES = [
  'R1.1', 'R1.2', 'R1.3', 'R1.4', 'R1.5', 'R1.6', 'R1.7',
  'R2.1', 'R2.2', 'R2.3', 'R2.4',
  'R3',
  'R4.1', 'R4.2', 'R4.3', 'R4.4',
  'R5.1', 'R5.2', 'R5.3', 'R5.4', 'R5.5', 'R5.6',
  'R6.1', 'R6.2', 'R6.3', 'R6.4', 'R6.5', 'R6.6', 'R6.7', 'R6.8', 'R6.9',
  'R7.1', 'R7.2', 'R7.3', 'R7.4', 'R7.5',
  'R8.1', 'R8.2', 'R8.3',
  'R9.1', 'R9.2', 'R9.3',
];

function testFiles(): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const e of readdirSync(join(root, dir), { withFileTypes: true })) {
      const rel = `${dir}/${e.name}`;
      if (e.isDirectory()) walk(rel);
      else if (e.name.endsWith('.test.ts') && !rel.endsWith('rule-coverage.test.ts')) out.push(rel);
    }
  };
  for (const d of TEST_DIRS) if (existsSync(join(root, d))) walk(d);
  return out;
}

/** Rule numbers cited in comments inside test bodies: from an it( to the next it( or describe(. */
export function citedInTests(source: string): Set<string> {
  const cited = new Set<string>();
  const parts = source.split(/\n(?=\s*(?:it|describe)\()/);
  for (const part of parts) {
    if (!/^\s*it\(/.test(part)) continue;
    for (const line of part.split('\n')) {
      const c = line.indexOf('//');
      if (c < 0) continue;
      for (const m of line.slice(c).matchAll(/\bR(\d+)(?:\.(\d+))?\b/g)) cited.add(m[2] ? `R${m[1]}.${m[2]}` : `R${m[1]}`);
    }
  }
  return cited;
}

describe('rule coverage', () => {
  const cited = new Set<string>();
  for (const f of testFiles()) for (const r of citedInTests(readFileSync(join(root, f), 'utf8'))) cited.add(r);

  it('the citation reader only counts comments inside test bodies', () => {
    const sample = ["// R1.1 header: not a test", "it('x', () => {", '  // R6.4 and R6.5', "  const s = 'R7.1'; // R3", '});', "describe('y', () => {", '  // R8.2 outside any test'].join('\n');
    expect([...citedInTests(sample)].sort()).toEqual(['R3', 'R6.4', 'R6.5']);
  });

  it('each of R1–R9 and each numbered sub-rule the engine implements is cited by a test', () => {
    // R1 … R9 as listed in ENGINE_RULES
    const missing = ENGINE_RULES.filter((r) => !cited.has(r));
    expect(missing).toEqual([]);
    for (let n = 1; n <= 9; n++) expect([...cited].some((r) => r === `R${n}` || r.startsWith(`R${n}.`))).toBe(true);
  });

  it('the list above matches RULES.md R1–R9 when the shared rules are at hand', () => {
    // The shared rules live beside the checkout (../shared/RULES.md); skip the cross-check without them.
    const path = join(root, '../shared/RULES.md');
    if (!existsSync(path)) return;
    const numbered = [...readFileSync(path, 'utf8').matchAll(/^- (R\d+\.\d+) /gm)].map((m) => m[1]).filter((r) => !r.startsWith('R10.'));
    const sections = [...readFileSync(path, 'utf8').matchAll(/^## (R\d+) /gm)].map((m) => m[1]);
    // a section without numbered sub-rules (R3) is cited as a whole
    const leaves = sections.filter((s) => s !== 'R10' && !numbered.some((r) => r.startsWith(`${s}.`)));
    expect([...numbered, ...leaves].sort()).toEqual([...ENGINE_RULES].sort());
  });
});
