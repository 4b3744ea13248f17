// npm run scenario -- FILE.json: plays a scripted game and prints the result as JSON.
// Exit 0 with the result on stdout; exit 2 with one line on stderr for any bad input.
import { readFileSync } from 'node:fs';
import { ScenarioError, runScenarioText } from './scenario-runner';

function main(argv: string[]): number {
  if (argv.length !== 1 || argv[0].startsWith('-')) {
    process.stderr.write('usage: npm run scenario -- FILE.json\n');
    return 2;
  }
  const file = argv[0];
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    process.stderr.write(`${file}: cannot read (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})\n`);
    return 2;
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
    process.stderr.write(`${file}: internal error: ${(e as Error).message}\n`);
    return 3;
  }
}

process.exitCode = main(process.argv.slice(2));
