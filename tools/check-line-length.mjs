// Lists every line longer than 160 characters in the git-tracked .ts/.mjs files of src/, tests/ and bench/,
// and exits 1 if there is one: Biome keeps code at 140 columns but cannot split strings, templates or comments.
//   node tools/check-line-length.mjs
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const LIMIT = 160;
const tracked = execFileSync('git', ['ls-files', '-z', '--', 'src', 'tests', 'bench'], { encoding: 'utf8' })
  .split('\0')
  .filter((path) => /\.(ts|mjs)$/.test(path))
  .sort();

const long = [];
for (const path of tracked) {
  // Characters as awk and editors count them (code points), not UTF-16 units.
  const lines = readFileSync(path, 'utf8').split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const length = [...lines[i]].length;
    if (length > LIMIT) long.push(`${path}:${i + 1}: ${length}`);
  }
}

for (const entry of long) console.log(entry);
if (long.length > 0) {
  console.error(`${long.length} ${long.length === 1 ? 'line is' : 'lines are'} longer than ${LIMIT} characters`);
  process.exit(1);
}
