// Benchmark runner: `npm run bench -- <name>` runs bench/<name>/<name>.bench.ts; without a name, every benchmark in turn.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const benchDir = path.dirname(fileURLToPath(import.meta.url));
const available = fs
  .readdirSync(benchDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && fs.existsSync(path.join(benchDir, entry.name, `${entry.name}.bench.ts`)))
  .map((entry) => entry.name);
const requested = process.argv.slice(2).filter((arg) => !arg.startsWith('-'));
const unknown = requested.filter((name) => !available.includes(name));
if (unknown.length) {
  console.error(`Unknown benchmark: ${unknown.join(', ')}. Available: ${available.join(', ')}`);
  process.exit(1);
}
for (const name of requested.length ? requested : available) {
  console.log(`\n== bench/${name} ==`);
  const result = spawnSync(
    process.execPath,
    [path.join(benchDir, name, `${name}.bench.ts`), ...process.argv.slice(2).filter((arg) => arg.startsWith('-'))],
    {
      stdio: 'inherit',
    },
  );
  if (result.status !== 0) process.exit(result.status ?? 1);
}
