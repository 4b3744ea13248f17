// The numbered points of the repository's own specs (docs/rules-spec.md, docs/protocol-spec.md),
// read from the files themselves, and the rule or protocol numbers a text cites.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export const RULES_SPEC = 'docs/rules-spec.md';
export const PROTOCOL_SPEC = 'docs/protocol-spec.md';

/** Reads a spec file of the repository; a missing or empty one is an error, never an empty list. */
export function readSpec(root: string, path: string): string {
  const full = join(root, path);
  if (!existsSync(full)) throw new Error(`${path} is missing: the numbered rules and protocol points live there`);
  const text = readFileSync(full, 'utf8');
  if (text.trim() === '') throw new Error(`${path} is empty`);
  return text;
}

export interface SpecPoints {
  /** The section headings, e.g. R3 from "## R3 A turn". */
  sections: string[];
  /** The numbered items, e.g. R6.4 from "- R6.4 When one participant …". */
  points: string[];
}

/** The sections and numbered items of a spec, for one letter (R rules, P protocol). */
export function specPoints(markdown: string, letter: 'R' | 'P'): SpecPoints {
  const sections = [...markdown.matchAll(new RegExp(`^## (${letter}\\d+) `, 'gm'))].map((m) => m[1]);
  const points = [...markdown.matchAll(new RegExp(`^- (${letter}\\d+\\.\\d+) `, 'gm'))].map((m) => m[1]);
  return { sections, points };
}

/** What rule coverage asks a test title to cite: every numbered item, and each section that has none (R3). */
export function coverableRules(markdown: string): string[] {
  const { sections, points } = specPoints(markdown, 'R');
  const leaves = sections.filter((s) => !points.some((p) => p.startsWith(`${s}.`)));
  return [...points, ...leaves].sort(compareNumbers);
}

/** Every rule or protocol number a text cites, R6.4 or P2 alike, in order of first appearance, once each. */
export function citations(text: string): string[] {
  return [...new Set([...text.matchAll(/\b([RP]\d+(?:\.\d+)?)\b/g)].map((m) => m[1]))];
}

/** Orders by number, so that a tenth item follows the ninth and R10 follows R9. */
export function compareNumbers(a: string, b: string): number {
  const [pa, pb] = [a, b].map((s) => [s.charCodeAt(0), ...s.slice(1).split('.').map(Number)]);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) if ((pa[i] ?? -1) !== (pb[i] ?? -1)) return (pa[i] ?? -1) - (pb[i] ?? -1);
  return 0;
}
