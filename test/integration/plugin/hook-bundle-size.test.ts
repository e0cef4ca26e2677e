/**
 * The hook bundle that every hook process reads (plugin/dist/hook-main.cjs) stays under 128 KB. Past
 * that size the text Node reads it into costs a hook about 35 more page faults (bench/RESULTS.md).
 * Round 8 crossed the line (credential formats, failure shapes and tool-output shapes of every host:
 * 123.7 → 150.2 KB, +1 to +3 ms of CPU per hook in A/B runs); round 9 brought it back by moving what
 * most hooks never run into bundles hook-main.cjs loads when needed (LAZY_PARTS in scripts/build.mjs:
 * the other hosts' adapters, the credential formats' catalogue, the command-line credentials). Whatever
 * is added to the hook either fits, or goes into such a part.
 */
import assert from 'node:assert/strict';
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';

const DIST = join(import.meta.dirname, '..', '..', '..', 'plugin', 'dist');
const LIMIT = 128 * 1024;

test('the hook bundle stays under 128 KB', () => {
  const size = statSync(join(DIST, 'hook-main.cjs')).size;
  assert.ok(size < LIMIT, `plugin/dist/hook-main.cjs is ${size} bytes; it must stay under ${LIMIT}`);
});
