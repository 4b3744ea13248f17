// npm run scenario -- FILE.json: plays a scripted game and prints the result as JSON.
// Exit 0 with the result on stdout; exit 2 with one line on stderr for any bad input.
import { ReadError, readBounded } from './read-bounded';
import { SCENARIO_MAX_BYTES, ScenarioError, runScenarioText } from './scenario-runner';

function main(argv: string[]): number {
  if (argv.length !== 1 || argv[0].startsWith('-')) {
    process.stderr.write('usage: npm run scenario -- FILE.json\n');
    return 2;
  }
  const file = argv[0];
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
    process.stderr.write(`internal error: ${(e as Error).message.split('\n')[0].slice(0, 180)}\n`);
    return 3;
  }
}

process.exitCode = main(process.argv.slice(2));
