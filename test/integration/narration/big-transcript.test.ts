// A 500 MB transcript (2,000 turns with 250 KB tool results, and one 40 MB line, larger than any
// buffer the reader keeps) is read to its end in a fresh process whose peak memory stays far below
// the file's size: the reader streams fixed-size chunks and skims a line too long to gather.
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { closeSync, openSync, statSync, writeFileSync, writeSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { openSqlite } from '../../../src/store/sqlite/driver.ts';
import { cleanup, tempDir } from '../import/helpers.ts';

after(cleanup);

const SESSION = 'c0ffee00-0000-4000-8000-000000000500';
const TURNS = 2000;
const RESULT_BYTES = 250 * 1024;
const HUGE_LINE_BYTES = 40 * 1024 * 1024;
/** Peak resident memory allowed for the reading process (the file is 500 MB). */
const MAX_RSS_MB = 256;

function writeTranscript(path: string): void {
  const fd = openSync(path, 'w');
  const filler = 'lorem ipsum dolor sit amet '.repeat(Math.ceil(RESULT_BYTES / 27)).slice(0, RESULT_BYTES);
  const line = (o: unknown) => writeSync(fd, JSON.stringify(o) + '\n');
  const base = { sessionId: SESSION, cwd: '/project', isSidechain: false };
  try {
    for (let t = 0; t < TURNS; t++) {
      line({ ...base, type: 'assistant', message: { id: `m${t}a`, role: 'assistant', content: [{ type: 'text', text: `Turn ${t}: checking the pool before the retry.` }] } });
      line({ ...base, type: 'assistant', message: { id: `m${t}a`, role: 'assistant', content: [{ type: 'tool_use', id: `toolu_${t}`, name: 'Bash', input: { command: `cat big-${t}.log` } }] } });
      const content = t === TURNS / 2 ? 'x'.repeat(HUGE_LINE_BYTES) : filler;
      line({ ...base, type: 'user', message: { role: 'user', content: [{ tool_use_id: `toolu_${t}`, type: 'tool_result', content }] } });
      line({ ...base, type: 'assistant', message: { id: `m${t}b`, role: 'assistant', content: [{ type: 'text', text: `Turn ${t}: the log shows the pool drained.` }] } });
    }
  } finally {
    closeSync(fd);
  }
}

test('a 500 MB transcript is read to its end with bounded memory', (t) => {
  const dir = tempDir('big');
  const path = join(dir, `${SESSION}.jsonl`);
  writeTranscript(path);
  const size = statSync(path).size;
  assert.ok(size > 500 * 1024 * 1024, `${size} bytes`);
  const script = join(dir, 'fold.mts');
  const src = (p: string) => JSON.stringify(resolve(p));
  writeFileSync(
    script,
    `import { SqliteStore } from ${src('src/store/sqlite/sqlite-store.ts')};
     import { captureEvent } from ${src('src/core/capture.ts')};
     import { foldNarration } from ${src('src/narration/fold.ts')};
     const store = SqliteStore.open({ path: process.env.DB, busyTimeoutMs: 5000, synchronous: 'NORMAL' });
     const ev = captureEvent({ event: 'SessionStart', platform: 'claude-code', sessionId: ${JSON.stringify(SESSION)}, transcriptPath: process.env.TRANSCRIPT, source: 'startup' },
       { place: { project: '/project' }, now: Date.now(), uid: 'start-1', limits: { maxInputChars: 2000, maxOutputChars: 4000 } });
     await store.ingest([ev]);
     const r = foldNarration(store);
     await store.close();
     process.stdout.write(JSON.stringify({ ...r, maxRssMb: process.resourceUsage().maxRSS / 1024 }));`,
  );
  const env: NodeJS.ProcessEnv = { ...process.env, DB: join(dir, 'mnemo.db'), TRANSCRIPT: path };
  delete env.NODE_EXTRA_CA_CERTS;
  const run = spawnSync(process.execPath, ['--import', 'tsx', script], { env, encoding: 'utf8', timeout: 600_000 });
  assert.equal(run.status, 0, run.stderr);
  const r = JSON.parse(run.stdout) as { bytes: number; changed: number; unfinished: number; maxRssMb: number };
  assert.equal(r.bytes, size, 'read to the end');
  assert.equal(r.unfinished, 0);
  // A call read across two chunks (its why in one, its finding in the next) is saved twice.
  assert.ok(r.changed >= TURNS);
  t.diagnostic(`peak resident memory ${r.maxRssMb.toFixed(0)} MB reading ${(size / 2 ** 20).toFixed(0)} MB`);
  assert.ok(r.maxRssMb < MAX_RSS_MB, `peak memory ${r.maxRssMb.toFixed(0)} MB for a ${(size / 2 ** 20).toFixed(0)} MB file`);

  // Read back through the driver this Node uses (better-sqlite3 is built for one Node only).
  const db = openSqlite(join(dir, 'mnemo.db'), { readonly: true });
  let stored: unknown;
  try {
    stored = [
      { ...(db.prepare("SELECT count(*) AS n FROM narration WHERE why <> '' AND finding <> ''").get() as object) },
      ...(db.prepare("SELECT call_id, why, finding FROM narration WHERE call_id IN ('toolu_1000','toolu_1999') ORDER BY call_id").all() as object[]).map((r) => ({ ...r })),
    ];
  } finally {
    db.close();
  }
  // Every call has its why and its finding, the one with the 40 MB result too.
  assert.deepEqual(stored, [
    { n: TURNS },
    // No prompts between the turns: the text after one result is also the why of the next call.
    { call_id: 'toolu_1000', why: 'Turn 999: the log shows the pool drained.\nTurn 1000: checking the pool before the retry.', finding: 'Turn 1000: the log shows the pool drained.\nTurn 1001: checking the pool before the retry.' },
    { call_id: 'toolu_1999', why: 'Turn 1998: the log shows the pool drained.\nTurn 1999: checking the pool before the retry.', finding: 'Turn 1999: the log shows the pool drained.' },
  ]);
});
