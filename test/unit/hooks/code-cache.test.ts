// The hook bundles are built inside the CommonJS module wrapper (scripts/build.mjs); code-cache runs
// such a file as it is, and still wraps a bundle that is not (an older build, a hand-made one).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, sep } from 'node:path';
import { compileCached, WRAP_HEAD, WRAP_TAIL } from '../../../src/hooks/code-cache.ts';

const BODY = "module.exports = { answer: 6 * 7, dir: __dirname, path: require('node:path').sep };";

for (const [label, text] of [
  ['wrapped', WRAP_HEAD + BODY + WRAP_TAIL],
  ['not wrapped', BODY],
] as const) {
  test(`a ${label} bundle runs once per start, with its module variables, and its cache is written and then used`, () => {
    const dir = mkdtempSync(join(tmpdir(), 'mnemo-code-cache-'));
    const file = join(dir, 'bundle.cjs');
    writeFileSync(file, text);
    const cacheDir = join(dir, 'cache');
    const run = { file, buildHash: 'abc', cacheDir, variant: 'Test', require: createRequire(file) };
    const before = process.listeners('exit');
    const exports = compileCached(run)() as { answer: number; dir: string; path: string };
    assert.deepEqual(exports, { answer: 42, dir, path: sep });
    // The cache is written when the process exits: the handler compileCached added is run now, alone.
    for (const writeAtExit of process.listeners('exit').filter((l) => !before.includes(l))) {
      process.removeListener('exit', writeAtExit);
      writeAtExit.call(process, 0);
    }
    const written = readdirSync(cacheDir);
    assert.equal(written.length, 1, `one cache file: ${written.join(', ')}`);
    assert.deepEqual(compileCached(run)(), exports);
  });
}
