/**
 * The hook bundle that every hook process reads (plugin/dist/hook-main.cjs) stays under a fixed size,
 * so that it never grows unnoticed. Past 128 KB the text Node reads it into costs a hook about 35 more
 * page faults (bench/RESULTS.md). Round 8 crossed that line on purpose (credential formats, failure
 * shapes and tool-output shapes of every host: 123.7 → 143.8 KB): an A/B of PostToolUse in one run
 * (`MNEMO_BENCH_AGAINST=4b0c0be`, 30 rounds) measured +1.1 to +1.4 ms of CPU per hook, 1.25× → 1.27× of
 * a bare node start for Edit and 1.29× → 1.30× for Bash. The way back under 128 KB is a second, lazily
 * loaded bundle for what a Claude Code hook does not run (the other hosts' adapters, the token catalogue
 * when no prefix is seen); until then, this limit stops further growth.
 */
import assert from 'node:assert/strict';
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';

const BUNDLE = join(import.meta.dirname, '..', '..', '..', 'plugin', 'dist', 'hook-main.cjs');
const LIMIT = 152 * 1024;

test('the hook bundle stays under 152 KB', () => {
  const size = statSync(BUNDLE).size;
  assert.ok(size < LIMIT, `plugin/dist/hook-main.cjs is ${size} bytes; it must stay under ${LIMIT}`);
});
