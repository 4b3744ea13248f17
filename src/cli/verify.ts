// npm run verify -- game.json
// Checks a replay offline (P1.5, P4.2) with the same verifyReplay the browser page uses.
// Exit 0: the summary of everything proven. Exit 1: the first discrepancy (entry index,
// expected, found). Exit 2: unreadable or malformed file, or bad arguments (one line).
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { verifyReplay, type VerifyReport } from '../fair';

export interface VerifyCliResult { code: number; stdout: string; stderr: string }

export function formatFailure(r: Extract<VerifyReport, { ok: false }>): string {
  if (r.malformed) return `malformed replay: ${r.message}`;
  const where = r.entry === null ? 'replay' : `entry ${r.entry}`;
  return `REJECTED at ${where}: expected ${r.expected}; found ${r.found}`;
}

export function runVerify(argv: string[]): VerifyCliResult {
  const usage = 'usage: npm run verify -- FILE';
  if (argv.length !== 1 || argv[0].startsWith('--')) return { code: 2, stdout: '', stderr: `verify: expected exactly one replay file. ${usage}\n` };
  let text: string;
  try {
    // npm runs scripts from the package root; INIT_CWD is where the user typed the command.
    text = readFileSync(resolve(process.env.INIT_CWD ?? process.cwd(), argv[0]), 'utf8');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    return { code: 2, stdout: '', stderr: `verify: cannot read ${argv[0]}${code ? ` (${code})` : ''}\n` };
  }
  const report = verifyReplay(text);
  if (report.ok) return { code: 0, stdout: report.lines.join('\n') + '\n', stderr: '' };
  return { code: report.malformed ? 2 : 1, stdout: '', stderr: `verify: ${formatFailure(report)}\n` };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const r = runVerify(process.argv.slice(2));
  process.stdout.write(r.stdout);
  process.stderr.write(r.stderr);
  process.exitCode = r.code;
}
