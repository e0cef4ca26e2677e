/**
 * The hint scan's tables are worked out at build time (scripts/hint-tables.ts) and committed: a format
 * added to the catalogue without them rebuilt would never be looked for. This fails until they are.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { HintScanner, packScanTables, scanTables, unpackScanTables } from '../../../src/core/privacy/hint-scan.ts';
import { HINT_SETS } from '../../../src/core/privacy/hint-sets.ts';
import { HINT_TABLES } from '../../../src/core/privacy/hint-tables.generated.ts';
import { HINT_TABLES_FILE, hintTablesSource } from '../../../scripts/hint-tables.ts';

test('the committed hint tables are those of the current word sets (else: npm run build)', () => {
  assert.deepEqual(HINT_TABLES, scanTables(HINT_SETS));
  assert.equal(readFileSync(HINT_TABLES_FILE, 'utf8'), hintTablesSource(scanTables(HINT_SETS)));
});

test('a scanner given tables finds what one that works them out finds, by loop and by regex', () => {
  const text = 'export GITHUB_TOKEN=ghp_0123456789abcdefghijABCDEFGHIJ0123; mysql -u root -pS3cret! db; Bearer xoxb-1-2-abc; PAT=1; path; le jeton';
  for (const cold of [0, Infinity]) {
    const given = new HintScanner(HINT_TABLES, cold);
    const worked = new HintScanner(HINT_SETS, cold);
    for (const t of [text, text.repeat(12)]) assert.deepEqual(given.scan(t), worked.scan(t));
  }
  const hits = new HintScanner(HINT_TABLES, 0).scan(text);
  assert.ok(hits.every((h) => h.length > 0), 'every set has a hit in the sample');
});

test('tables of sets with an unusable word are refused', () => {
  assert.throws(() => scanTables([{ words: ['ok', 'é'] }]));
});

test('packed tables stand for the same tables; more sets than the packing can name are refused', () => {
  const sets = [{ words: ['ab', 'abc'] }, { words: ['key', 'pat'], ignoreCase: true, wordEnd: ['pat'] }];
  const tables = scanTables(sets);
  assert.deepEqual(unpackScanTables(packScanTables(tables)), tables);
  assert.throws(() => packScanTables(scanTables(Array.from({ length: 11 }, (_, i) => ({ words: [`w${i}`] })))));
});
