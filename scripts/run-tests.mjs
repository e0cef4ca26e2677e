// Runs every test file under test/ (or the folders/files given) with node's test runner and tsx.
// Usage: node scripts/run-tests.mjs [path ...]
import { spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
function collect(p, out) {
  const st = statSync(p);
  if (st.isFile()) return p.endsWith('.test.ts') && out.push(p);
  for (const name of readdirSync(p).sort()) if (name !== 'fixtures' && name !== 'node_modules') collect(join(p, name), out);
}
const targets = process.argv.slice(2);
const files = [];
for (const t of targets.length ? targets : ['test']) collect(join(root, t), files);

if (files.length === 0) {
  console.error('no test files found');
  process.exit(1);
}
const env = { ...process.env };
// This machine sets NODE_EXTRA_CA_CERTS; it adds ~85 ms to every node start the tests spawn. Tests that run
// npm against the registry (test/e2e/installed.ts) find it under another name.
if (env.NODE_EXTRA_CA_CERTS) env.MNEMO_TEST_NODE_EXTRA_CA_CERTS = env.NODE_EXTRA_CA_CERTS;
delete env.NODE_EXTRA_CA_CERTS;
// Each file runs in its own process, two at a time; the timeout bounds each file as a whole as well as
// each test without its own (a test may ask for less, never for more than its file gets).
const FILE_TIMEOUT_MS = 300_000;
const reporters = ['--test-reporter=tap', '--test-reporter-destination=stdout', '--test-reporter=./scripts/test-file-times.mjs', '--test-reporter-destination=stdout'];
const r = spawnSync(process.execPath, ['--import', 'tsx', '--test', '--test-concurrency=2', `--test-timeout=${FILE_TIMEOUT_MS}`, ...reporters, ...files.map((f) => relative(root, f))], {
  cwd: root,
  env,
  stdio: 'inherit',
});
process.exit(r.status ?? 1);
