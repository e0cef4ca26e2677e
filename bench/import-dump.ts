/**
 * Every stored row of an import of the corpus, as text: run it before and after a change to the
 * import path (conversion, capture, extraction, ingest, summaries) and compare the files (they must
 * be byte-identical). Not a test: it writes what the code as it is stores, whatever that is.
 *
 *   node --import tsx bench/import-dump.ts /tmp/import-golden.txt [workers]
 *
 * Input: the real transcripts (../shared/corpus/transcripts) and the test fixtures' transcripts,
 * imported with a fixed clock into a fresh store (the corpus twice: the hooks' default capture limits
 * and short ones, so cuts land elsewhere). Output: every row of every table (sessions with
 * their state, observations with all columns, events, summaries, file links, project volume) in id
 * order, and the full-text index's every term instance (fts5vocab 'instance': term, row, column,
 * offset), which is what a search can find.
 */
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openSqlite, type SqliteDb } from '../src/store/sqlite/driver.ts';
import { importClaudeCode } from '../src/import/claude-code-import.ts';
import { SqliteStore } from '../src/store/sqlite/sqlite-store.ts';
import { ROOT } from './lib/report.ts';

const out = process.argv[2] ?? '/tmp/import-dump.txt';
const workers = Number(process.argv[3] ?? 0);
const CLOCK = Date.UTC(2030, 0, 1);
// Summaries stamp their creation with Date.now(): the same stamp in every run.
Date.now = () => CLOCK;

function isDir(p: string): boolean {
  try {
    return statSync(p).isDirectory();
  } catch {
    return false;
  }
}

const corpus = [join(ROOT, '..', 'shared', 'corpus', 'transcripts'), join(ROOT, '..', '..', 'shared', 'corpus', 'transcripts')].find(isDir);
const lines: string[] = [];
const work = mkdtempSync(join(tmpdir(), 'mnemo-import-dump-'));
try {
  const fixtures = join(ROOT, 'test', 'fixtures', 'transcripts');
  const runs = [
    ['corpus', corpus, { maxInputChars: 2000, maxOutputChars: 4000 }],
    ['corpus, short limits', corpus, { maxInputChars: 300, maxOutputChars: 500 }],
    ['fixtures', fixtures, { maxInputChars: 2000, maxOutputChars: 4000 }],
  ] as const;
  for (const [name, root, limits] of runs) {
    if (!root) continue;
    const path = join(work, `${name.replace(/\W+/g, '-')}.db`);
    const store = SqliteStore.open({ path, busyTimeoutMs: 5000 });
    const r = await importClaudeCode(store, { root, limits, openWithinMs: 2 * 3600_000, workers, clock: () => CLOCK });
    await store.close();
    const { seconds: _s, eventsPerSecond: _e, toolCallsPerSecond: _t, ...report } = r;
    lines.push(`# ${name} ${JSON.stringify(report)}`);
    const db = openSqlite(path, { readonly: true });
    const tables = db.prepare(`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE 'observations_fts%' ORDER BY name`).pluck().all() as string[];
    for (const t of tables) {
      lines.push(`## ${t}`);
      // WITHOUT ROWID tables: ordered by every column.
      const cols = (db.prepare(`SELECT count(*) FROM pragma_table_info(?)`).pluck().get(t) as number);
      const withoutRowid = /WITHOUT\s+ROWID/i.test(db.prepare(`SELECT sql FROM sqlite_master WHERE name = ?`).pluck().get(t) as string);
      const order = withoutRowid ? Array.from({ length: cols }, (_, i) => i + 1).join(', ') : 'rowid';
      for (const row of db.prepare(`SELECT * FROM "${t}" ORDER BY ${order}`).iterate()) lines.push(JSON.stringify(row, (_k, v) => (Buffer.isBuffer(v) ? `hex:${v.toString('hex')}` : v)));
    }
    db.close();
    // The index's content: every term instance. fts5vocab needs a writable connection for its temp table.
    const w = openSqlite(path);
    w.exec(`CREATE VIRTUAL TABLE temp.vocab USING fts5vocab(main, observations_fts, 'instance')`);
    lines.push('## observations_fts (instances)');
    for (const row of w.prepare(`SELECT term, doc, col, offset FROM temp.vocab ORDER BY doc, col, offset, term`).raw().iterate()) lines.push(JSON.stringify(row));
    w.close();
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
writeFileSync(out, lines.join('\n') + '\n');
console.log(`${lines.length} lines → ${out}`);
