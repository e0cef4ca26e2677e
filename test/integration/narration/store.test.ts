// The narration in the store: searchable and weighed above a call's raw output, shown by
// get_observations / mnemo get, gone with a forgotten observation or session (and not read back in),
// kept by export and import jsonl, rebuilt by doctor --repair, and added to the word index of an
// older store by deferred maintenance, never by a hook's open.
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { openSqlite } from '../../../src/store/sqlite/driver.ts';
import type { CapturedEvent } from '../../../src/core/types.ts';
import { detailBlock } from '../../../src/core/format/records.ts';
import { foldNarration } from '../../../src/narration/fold.ts';
import { pendingSteps } from '../../../src/store/sqlite/maintenance.ts';
import { SqliteStore } from '../../../src/store/sqlite/sqlite-store.ts';
import { downgradeToV6 } from '../store/v4-store.ts';
import { cleanup, tempDir } from '../import/helpers.ts';

after(() => { if (!process.env.KEEP) cleanup(); });

const SESSION = 'd00dfeed-0000-4000-8000-000000000006';
let n = 0;

function toolEvent(callId: string, title: string, body: string, transcript?: string): CapturedEvent {
  n++;
  return {
    uid: `uid-${n}-${callId}`,
    at: 1_760_000_000_000 + n * 1000,
    event: 'PostToolUse',
    platform: 'claude-code',
    externalSessionId: SESSION,
    place: { project: '/proj/a' },
    dedupeKey: `post:${callId}`,
    observation: { kind: 'tool', type: 'command', title, body, files: [], toolName: 'Bash', toolUseId: callId, private: false, tags: 'Bash' },
    call: { toolName: 'Bash', input: { command: title }, response: body, phase: 'post' },
    ...(transcript ? { transcripts: [transcript] } : {}),
  };
}

const line = (o: unknown) => JSON.stringify({ sessionId: SESSION, isSidechain: false, ...(o as object) });
function transcriptWith(calls: { id: string; why?: string; finding?: string }[]): string {
  const out: string[] = [line({ type: 'user', message: { role: 'user', content: 'fix the checkout retries' } })];
  for (const [i, c] of calls.entries()) {
    if (c.why) out.push(line({ type: 'assistant', message: { id: `m${i}`, role: 'assistant', content: [{ type: 'text', text: c.why }] } }));
    out.push(line({ type: 'assistant', message: { id: `m${i}`, role: 'assistant', content: [{ type: 'tool_use', id: c.id, name: 'Bash', input: { command: 'x' } }] } }));
    out.push(line({ type: 'user', message: { role: 'user', content: [{ tool_use_id: c.id, type: 'tool_result', content: 'out' }] } }));
    if (c.finding) out.push(line({ type: 'assistant', message: { id: `f${i}`, role: 'assistant', content: [{ type: 'text', text: c.finding }] } }));
    out.push(line({ type: 'user', message: { role: 'user', content: `next ${i}` } }));
  }
  return out.join('\n') + '\n';
}

/** A store with `count` plain calls and, among them, calls whose narration the transcript gives. */
async function narratedStore(dir: string, narrated: { id: string; why?: string; finding?: string; title?: string; body?: string }[]): Promise<{ store: SqliteStore; path: string; transcript: string }> {
  const path = join(dir, 'mnemo.db');
  const transcript = join(dir, `${SESSION}.jsonl`);
  writeFileSync(transcript, transcriptWith(narrated));
  const store = SqliteStore.open({ path, busyTimeoutMs: 5000, synchronous: 'NORMAL' });
  const filler = Array.from({ length: 30 }, (_, i) => toolEvent(`toolu_fill${i}`, `Ran npm test ${i}`, `Output: ${i} tests passed`, transcript));
  await store.ingest([...filler, ...narrated.map((c) => toolEvent(c.id, c.title ?? `Ran step ${c.id}`, c.body ?? 'Output: ok', transcript))]);
  foldNarration(store);
  return { store, path, transcript };
}

function filesHolding(dir: string, needle: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && readFileSync(join(e.parentPath, e.name)).includes(Buffer.from(needle)))
    .map((e) => e.name);
}

test('narration is searchable, and a call the model explained outranks one whose long output merely holds the word', async () => {
  const dir = tempDir('narration-search');
  const longOutput = `Output: ${Array.from({ length: 300 }, (_, i) => `line ${i} of the migration log`).join('\n')} and the client swallows the timeout somewhere\n`;
  const { store } = await narratedStore(dir, [
    { id: 'toolu_log', title: 'Ran cat migration.log', body: longOutput },
    { id: 'toolu_why', why: 'The retry loop never sees the timeout because the client swallows it, so I will surface the error first.', finding: 'The error now reaches the retry loop.' },
  ]);
  try {
    const hits = await store.search({ query: 'client swallows timeout', limit: 5 });
    const titles = hits.map((h) => h.observation.title);
    assert.equal(titles[0], 'Ran step toolu_why', JSON.stringify(titles));
    assert.ok(titles.includes('Ran cat migration.log'));
    // Words that only the finding holds find the call too.
    const byFinding = await store.search({ query: 'reaches the retry loop', limit: 3 });
    assert.equal(byFinding[0]?.observation.title, 'Ran step toolu_why');
    const [o] = await store.getObservations([hits[0]!.observation.id]);
    assert.equal(o?.why, 'The retry loop never sees the timeout because the client swallows it, so I will surface the error first.');
    assert.equal(o?.finding, 'The error now reaches the retry loop.');
    const block = detailBlock(o!);
    assert.match(block, /^why: The retry loop never sees the timeout/m);
    assert.match(block, /^finding: The error now reaches the retry loop\.$/m);
  } finally {
    await store.close();
  }
});

test('forgetting an observation or a session takes its narration and the reader state quoting it; reading the transcript again brings none back', async () => {
  const dir = tempDir('narration-forget');
  const marker = 'qzwhymarker7731qz';
  const sessionMarker = 'qzsessionmarker4410qz';
  const { store, path, transcript } = await narratedStore(dir, [
    { id: 'toolu_a', why: `Checking ${marker} before the deploy.`, finding: 'It is set.' },
    { id: 'toolu_b', why: `Now ${sessionMarker} for the rest.` },
  ]);
  // The reader's state holds the latest text (a call not made yet).
  writeFileSync(transcript, readFileSync(transcript, 'utf8') + line({ type: 'assistant', message: { id: 'mz', role: 'assistant', content: [{ type: 'text', text: `Next I look at ${marker} again.` }] } }) + '\n');
  foldNarration(store);
  const [a] = (await store.search({ query: marker, limit: 1 })).map((h) => h.observation.id);
  assert.ok(a);
  assert.ok(filesHolding(dir, marker).includes('mnemo.db') || filesHolding(dir, marker).includes('mnemo.db-wal'));
  assert.equal(await store.forget({ ids: [a!] }), 1);
  foldNarration(store);
  await store.close();
  assert.deepEqual(
    filesHolding(dir, marker).filter((f) => f.startsWith('mnemo.db')),
    [],
    'the forgotten narration is in the store files',
  );
  const db = openSqlite(path, { readonly: true });
  assert.equal((db.prepare("SELECT count(*) AS n FROM narration WHERE call_id = 'toolu_a'").get() as { n: number }).n, 0);
  const sessionId = (db.prepare('SELECT id FROM sessions WHERE external_id = ?').get(SESSION) as { id: number }).id;
  db.close();

  const again = SqliteStore.open({ path, busyTimeoutMs: 5000 });
  await again.forget({ sessionId });
  foldNarration(again);
  await again.close();
  const db2 = openSqlite(path, { readonly: true });
  assert.equal((db2.prepare('SELECT count(*) AS n FROM narration').get() as { n: number }).n, 0, 'a session forgotten: no narration left or read back in');
  assert.equal((db2.prepare('SELECT count(*) AS n FROM transcripts WHERE state IS NOT NULL').get() as { n: number }).n, 0);
  db2.close();
  assert.deepEqual(filesHolding(dir, sessionMarker).filter((f) => f.startsWith('mnemo.db')), []);
});

test('an older store: the word index gains the narration columns by deferred maintenance; searches work throughout; doctor --repair rebuilds them too', async () => {
  const dir = tempDir('narration-upgrade');
  const path = join(dir, 'mnemo.db');
  const transcript = join(dir, `${SESSION}.jsonl`);
  const first = SqliteStore.open({ path, busyTimeoutMs: 5000, synchronous: 'NORMAL' });
  await first.ingest(Array.from({ length: 300 }, (_, i) => toolEvent(`toolu_old${i}`, `Ran old step ${i}`, `Output: pool drained ${i}`, transcript)));
  await first.close();
  downgradeToV6(path);

  // A hook's open migrates at once and defers the index: nothing rebuilt yet.
  const hookOpen = SqliteStore.open({ path, busyTimeoutMs: 5000 });
  const raw = openSqlite(path);
  assert.deepEqual(pendingSteps(raw as never).map((p) => [p.step, p.cursor]), [['fts_narration', 0]]);
  assert.equal((raw.prepare('SELECT count(*) AS n FROM observations_fts_next').get() as { n: number }).n, 0);
  // Narration read mid-upgrade, and writes while the index is being rebuilt.
  writeFileSync(transcript, transcriptWith([{ id: 'toolu_old7', why: 'Draining the pool on purpose to reproduce the leak.' }, { id: 'toolu_new1', why: 'Watching for the leak after the fix.' }]));
  await hookOpen.ingest([toolEvent('toolu_new0', 'Ran setup', 'Output: ready', transcript)]);
  foldNarration(hookOpen);
  assert.ok((await hookOpen.search({ query: 'pool drained', limit: 5 })).length > 0, 'search answers from the old index meanwhile');
  hookOpen.maintain({ maxChunks: 1, chunkRows: 100 });
  await hookOpen.ingest([toolEvent('toolu_new1', 'Ran new step', 'Output: fine', transcript)]);
  await hookOpen.forget({ ids: [(await hookOpen.search({ query: 'old step 3', limit: 1 }))[0]!.observation.id] });
  assert.equal(pendingSteps(raw as never)[0]?.step, 'fts_narration');
  // The rest runs in slices; then narration is searchable.
  while (hookOpen.maintain({ maxChunks: 1 }).chunks) {
    /* a slice at a time */
  }
  assert.deepEqual(pendingSteps(raw as never), []);
  assert.deepEqual(await hookOpen.check(), []);
  const indexed = (raw.prepare('SELECT count(*) AS n FROM observations_fts').get() as { n: number }).n;
  assert.equal(indexed, (raw.prepare('SELECT count(*) AS n FROM observations WHERE private = 0').get() as { n: number }).n);
  for (const [query, title] of [['reproduce the leak on purpose', 'Ran old step 7'], ['watching after the fix', 'Ran new step']] as const) {
    assert.equal((await hookOpen.search({ query, limit: 1 }))[0]?.observation.title, title, query);
  }
  assert.equal((await hookOpen.search({ query: '"old step 3"', limit: 5 })).filter((h) => h.observation.title === 'Ran old step 3').length, 0, 'the forgotten row is in neither index');

  // doctor --repair's rebuild keeps the narration in the index.
  assert.ok(hookOpen.rebuildIndex() > 0);
  assert.equal((await hookOpen.search({ query: 'reproduce the leak on purpose', limit: 1 }))[0]?.observation.title, 'Ran old step 7');
  raw.close();
  await hookOpen.close();
});
