// npm run scenario -- FILE.json: plays a scripted game and prints the result as JSON.
// Exit 0 with the result on stdout; exit 2 with one line on stderr for any bad input.
import { parseFlags, readCommandLine, UsageError } from './args';
import { oneLine } from '../fair/one-line';
import { ReadError, readBounded } from './read-bounded';
import { SCENARIO_MAX_BYTES, ScenarioError, runScenarioText } from '../scenario';

const USAGE = 'usage: npm run scenario -- FILE.json';

function main(argv: string[]): number {
  const read = readCommandLine('scenario', USAGE, argv, (args) => {
    const { positionals } = parseFlags(args, {}, true);
    if (positionals.length !== 1) throw new UsageError(`expected exactly one scenario file, got ${positionals.length}`);
    return positionals[0];
  });
  if (!read.ok) {
    process.stdout.write(read.stdout);
    process.stderr.write(read.stderr);
    return read.code;
  }
  const file = read.args;
  let text: Uint8Array;
  try {
    text = readBounded(file, SCENARIO_MAX_BYTES, file.length <= 80 ? file : `${file.slice(0, 60)}…`);
  } catch (e) {
    if (e instanceof ReadError) {
      process.stderr.write(`${e.message}\n`);
      return 2;
    }
    throw e;
  }
  try {
    const result = runScenarioText(text);
    process.stdout.write(`${JSON.stringify(result, null, 1)}\n`);
    return 0;
  } catch (e) {
    if (e instanceof ScenarioError) {
      process.stderr.write(`${e.message}\n`);
      return 2;
    }
    process.stderr.write(`internal error: ${oneLine(e).slice(0, 180)}\n`);
    return 3;
  }
}

process.exitCode = main(process.argv.slice(2));
