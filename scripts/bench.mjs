// Runs the benchmarks: every bench/*.bench.ts, or those whose name contains one of the arguments.
// Usage: npm run bench [-- hooks|search|… ] [-- --no-write]
// Each runs in its own `node --import tsx` process, without NODE_EXTRA_CA_CERTS (this machine sets it,
// and it adds ~85 ms to every Node start, which would swamp the hook timings).
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const benchDir = join(root, 'bench');
const args = process.argv.slice(2);
const names = args.filter((a) => !a.startsWith('-'));
const passThrough = args.filter((a) => a.startsWith('-'));

const all = readdirSync(benchDir)
  .filter((f) => f.endsWith('.bench.ts'))
  .sort();
const base = (f) => f.replace(/\.bench\.ts$/, '');
// A name picks the benchmark of exactly that name (`search` is not `search-quality`), else those containing it.
const chosen = names.length
  ? all.filter((f) => names.some((n) => base(f) === n || (!all.some((g) => base(g) === n) && f.includes(n))))
  : all;
if (chosen.length === 0) {
  console.error(`no benchmark matches ${names.join(', ')}; have: ${all.map((f) => f.replace(/\.bench\.ts$/, '')).join(', ')}`);
  process.exit(1);
}

const env = { ...process.env };
delete env.NODE_EXTRA_CA_CERTS;
let failed = 0;
for (const f of chosen) {
  const file = relative(root, join(benchDir, f));
  console.log(`\n=== ${file} ===`);
  const started = Date.now();
  const r = spawnSync(process.execPath, ['--import', 'tsx', file, ...passThrough], { cwd: root, env, stdio: 'inherit' });
  console.log(`=== ${file}: ${r.status === 0 ? 'done' : `exit ${r.status ?? r.signal}`} in ${((Date.now() - started) / 1000).toFixed(0)} s ===`);
  if (r.status !== 0) failed++;
}
process.exit(failed ? 1 : 0);
