// npm run verify -- [--list] game.json
// Checks a replay offline (P1.5, P4.2) with the same verifyReplay the browser page uses.
// Exit 0: the summary of everything proven. Exit 1: the first discrepancy (entry index,
// expected, found). Exit 2: unreadable or malformed file, or bad arguments (one line).
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { verifyReplay, type VerifyReport } from '../fair';
import { MAX_ERROR_LINE, MAX_FILE_BYTES } from '../fair/log-entries';
import { parseReplayOrSave } from '../fair/save-file';
import { listDerived } from '../fair/verify';
import { clip, quote } from '../fair/strict-json';
import { ReadError, readBounded } from './read-bounded';
import { parseFlags, readCommandLine, UsageError } from './args';

export interface VerifyCliResult {
  code: number;
  stdout: string;
  stderr: string;
}

export function formatFailure(r: Extract<VerifyReport, { ok: false }>): string {
  if (r.malformed) return clip(`malformed replay: ${r.message}`, MAX_ERROR_LINE - 8);
  const where = r.entry === null ? 'replay' : `entry ${r.entry}`;
  return clip(`REJECTED at ${where}: expected ${r.expected}; found ${r.found}`, MAX_ERROR_LINE - 8);
}

const USAGE = 'usage: npm run verify -- [--list] FILE';

export function runVerify(argv: string[]): VerifyCliResult {
  const read = readCommandLine('verify', USAGE, argv, (args) => {
    const { values, positionals } = parseFlags(args, { list: { type: 'boolean' } }, true);
    if (positionals.length !== 1) throw new UsageError(`expected exactly one replay file, got ${positionals.length}`);
    return { list: values.list ?? false, file: positionals[0] };
  });
  if (!read.ok) return { code: read.code, stdout: read.stdout, stderr: read.stderr };
  const { list, file } = read.args;
  let bytes: Uint8Array;
  const shown = file.length <= 80 ? file : quote(file, 60);
  try {
    // npm runs scripts from the package root; INIT_CWD is where the user typed the command.
    bytes = readBounded(resolve(process.env.INIT_CWD ?? process.cwd(), file), MAX_FILE_BYTES, shown);
  } catch (e) {
    if (e instanceof ReadError) return { code: 2, stdout: '', stderr: `verify: ${clip(e.message, MAX_ERROR_LINE - 8)}\n` };
    throw e;
  }
  const report = verifyReplay(bytes);
  if (report.ok) {
    // --list: every derived draw, die and seating, one line each (docs/fairness.md §9).
    const derived = list ? ['derived values:', ...listDerived(parseReplayOrSave(bytes).log)] : [];
    return { code: 0, stdout: [...report.lines, ...derived].join('\n') + '\n', stderr: '' };
  }
  return { code: report.malformed ? 2 : 1, stdout: '', stderr: `verify: ${formatFailure(report)}\n` };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const r = runVerify(process.argv.slice(2));
  process.stdout.write(r.stdout);
  process.stderr.write(r.stderr);
  process.exitCode = r.code;
}
