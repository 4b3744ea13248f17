// The command line of every CLI, one convention: Node's util.parseArgs, strict; --help or -h prints
// the usage on stdout (exit 0); a bad flag is one line saying what is wrong, then the usage (exit 2).
import { parseArgs, type ParseArgsConfig } from 'node:util';

/** A bad command line, said in one line. */
export class UsageError extends Error {}

type Options = NonNullable<ParseArgsConfig['options']>;

/** A whole number from `min` to `max` given for `name`, or a one-line UsageError. */
export function wholeInRange(name: string, v: string, min: number, max: number): number {
  const n = /^\d{1,15}$/.test(v) ? Number(v) : Number.NaN;
  if (!(n >= min && n <= max))
    throw new UsageError(`${name} must be a whole number from ${min} to ${max}, got ${JSON.stringify(v.slice(0, 20))}`);
  return n;
}

/** `argv` read strictly against `options`; Node's complaints become one-line UsageErrors. */
export function parseFlags<O extends Options>(argv: readonly string[], options: O, allowPositionals = false) {
  try {
    return parseArgs({ args: [...argv], options, strict: true, allowPositionals });
  } catch (e) {
    throw new UsageError(complaint(e, argv));
  }
}

function complaint(e: unknown, argv: readonly string[]): string {
  const code = (e as { code?: string }).code;
  const message = e instanceof Error ? e.message : String(e);
  const named = /'([^']*)'/.exec(message)?.[1] ?? '';
  const flag = named.split(' ')[0];
  if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION' || code === 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL') {
    return `unknown argument ${JSON.stringify(flag.slice(0, 40))}`;
  }
  if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') {
    if (/does not take an argument/.test(message)) return `${flag} takes no value`;
    const next = argv[argv.indexOf(flag) + 1];
    // "ambiguous": the value looks like a flag (`--seed -1`, `--out --seed`)
    if (/ambiguous/.test(message) && next !== undefined) return `${flag} needs a value, got ${JSON.stringify(next.slice(0, 20))}`;
    return `${flag} needs a value`;
  }
  throw e;
}

export type CommandLine<T> = { ok: true; args: T } | { ok: false; code: 0 | 2; stdout: string; stderr: string };

/** `argv` read by `parse` for the CLI `name`: its arguments, or what to print and the exit code. */
export function readCommandLine<T>(name: string, usage: string, argv: readonly string[], parse: (argv: string[]) => T): CommandLine<T> {
  const end = argv.indexOf('--');
  const flags = end < 0 ? argv : argv.slice(0, end);
  if (flags.some((a) => a === '--help' || a === '-h')) return { ok: false, code: 0, stdout: `${usage}\n`, stderr: '' };
  try {
    return { ok: true, args: parse([...argv]) };
  } catch (e) {
    if (e instanceof UsageError) return { ok: false, code: 2, stdout: '', stderr: `${name}: ${e.message}\n${usage}\n` };
    throw e;
  }
}

/** readCommandLine for a main(): prints and exits on --help or a bad command line. */
export function commandLineOrExit<T>(name: string, usage: string, argv: readonly string[], parse: (argv: string[]) => T): T {
  const r = readCommandLine(name, usage, argv, parse);
  if (r.ok) return r.args;
  process.stdout.write(r.stdout);
  process.stderr.write(r.stderr);
  process.exit(r.code);
}
