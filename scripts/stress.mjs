// `npm run test:stress`: the stress suites (test/stress) at full scale — hundreds of hook processes,
// long chaos runs, thousands of fuzzed inputs, a gigabyte store — then every suite's figures again,
// gathered in one block at the end. `npm test` runs the same files in their bounded CI form.
// Usage: node scripts/stress.mjs [test/stress/<file>.test.ts ...]   (MNEMO_STRESS_SEED=n replays a run)
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const targets = process.argv.slice(2);
const env = { ...process.env, MNEMO_STRESS_SCALE: process.env.MNEMO_STRESS_SCALE ?? 'full' };
// This machine sets NODE_EXTRA_CA_CERTS; it adds ~85 ms to every node start the suites spawn.
delete env.NODE_EXTRA_CA_CERTS;

const child = spawn(process.execPath, [join(root, 'scripts', 'run-tests.mjs'), ...(targets.length ? targets : ['test/stress'])], {
  cwd: root,
  env,
  stdio: ['ignore', 'pipe', 'inherit'],
});
const figures = [];
let pending = '';
child.stdout.on('data', (chunk) => {
  process.stdout.write(chunk);
  pending += chunk.toString('utf8');
  const lines = pending.split('\n');
  pending = lines.pop() ?? '';
  for (const line of lines) {
    const m = /^#?\s*\[stress\] (.*)$/.exec(line.trim());
    if (m) figures.push(m[1]);
  }
});
child.on('close', (code) => {
  console.log(`\n=== stress figures (${env.MNEMO_STRESS_SCALE} scale) ===`);
  for (const f of figures) console.log(f);
  process.exit(code ?? 1);
});
