// `mnemo export` → `mnemo import jsonl` → `mnemo export`: the same records, byte for byte, ids
// included (kept when free), with the fields a lossless restore needs (uids, natural and content
// keys, extracted events, session source / state / snapshot / summary). Into a store that already
// holds rows, ids are remapped and every reference follows; a second restore adds nothing; old
// exports without uids restore idempotently; broken lines are counted; privacy runs again.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { importClaudeCode } from '../../../src/import/claude-code-import.ts';
import { SqliteStore } from '../../../src/store/sqlite/sqlite-store.ts';
import { FAKE } from '../../unit/privacy/fake-secrets.ts';
import { cleanup, cli, cliProcess, exportRecords, FIXTURES, tempDir, type Rec } from './helpers.ts';

after(cleanup);

let source: string;
let exported: { text: string; records: Rec[] };
let file: string;

async function openStore(dir: string): Promise<SqliteStore> {
  return SqliteStore.open({ path: join(dir, 'mnemo.db'), busyTimeoutMs: 5000 });
}

before(async () => {
  source = tempDir('jsonl-source');
  const store = await openStore(source);
  try {
    await importClaudeCode(store, { root: FIXTURES, limits: { maxInputChars: 2000, maxOutputChars: 4000 }, openWithinMs: 2 * 3600_000 });
    // A snapshot (PreCompact) and a forgotten row (an id gap) make the round trip harder.
    const s = (await store.listSessions({ limit: 1 }))[0]!;
    await store.saveSnapshot(s.id, '## Snapshot\n- last request: port the project');
    await store.forget({ ids: [3, 4] });
  } finally {
    await store.close();
  }
  exported = await exportRecords(source);
  file = join(source, 'export.jsonl');
  writeFileSync(file, exported.text + '\n');
});

test('export carries what a lossless restore needs, next to the fields it always had', () => {
  const sessions = exported.records.filter((r) => r.record === 'session');
  const observations = exported.records.filter((r) => r.record === 'observation');
  assert.equal(sessions.length, 11);
  assert.equal(observations.length, 133);
  for (const k of ['id', 'platform', 'externalId', 'project', 'startedAt', 'observationCount', 'eventCount', 'summary']) assert.ok(sessions.every((s) => k in s), `sessions have ${k}`);
  // Every session but the one whose main transcript is gone started with SessionStart (source "import").
  assert.equal(sessions.filter((s) => s.source === 'import').length, 10);
  for (const k of ['id', 'sessionId', 'project', 'platform', 'kind', 'type', 'title', 'body', 'files', 'tags', 'private', 'createdAt', 'priority', 'uid']) assert.ok(observations.every((o) => k in o), `observations have ${k}`);
  assert.ok(observations.some((o) => o.dedupeKey?.startsWith('post:')), 'natural keys');
  assert.ok(observations.some((o) => o.contentKey), 'content keys');
  const withEvents = observations.filter((o) => o.events?.length);
  assert.ok(withEvents.length > 50, 'extracted events');
  assert.ok(withEvents.every((o) => o.events.every((e: Rec) => typeof e.id === 'number' && e.type && e.category && e.priority >= 1 && e.priority <= 5)));
  assert.equal(
    sessions.reduce((n, s) => n + s.eventCount, 0),
    observations.reduce((n, o) => n + (o.events?.length ?? 0), 0),
    'every event is exported once, with its observation',
  );
  assert.ok(sessions.some((s) => s.state !== undefined), 'extraction state');
  assert.ok(sessions.some((s) => s.snapshot?.startsWith('## Snapshot')), 'snapshot');
  assert.ok(!observations.some((o) => o.id === 3 || o.id === 4), 'the forgotten rows are gone');
});

test('export → import jsonl into an empty data dir → export: identical, ids included', async () => {
  const target = tempDir('jsonl-target');
  const r = await cli(['import', 'jsonl', file, '--json'], target);
  assert.equal(r.code, 0, r.err);
  const report = JSON.parse(r.out) as Rec;
  assert.equal(report.sessions, 11);
  assert.equal(report.observations, 133);
  assert.equal(report.remapped, 0);
  assert.equal(report.duplicates, 0);
  assert.equal(report.malformedLines, 0);
  const again = await exportRecords(target);
  assert.equal(again.text, exported.text);
  // The restored store works: search, context index, integrity.
  const store = await openStore(target);
  try {
    assert.deepEqual(await store.check(), []);
    const hits = await store.search({ query: 'multiply_numbers' });
    assert.ok(hits.length > 0);
    const events = await store.eventsFor({ sessionId: hits[0]!.observation.sessionId });
    assert.ok(events.length > 0);
  } finally {
    await store.close();
  }
  // Restoring the same file again adds nothing.
  const twice = await cli(['import', 'jsonl', file, '--json'], target);
  const t = JSON.parse(twice.out) as Rec;
  assert.equal(t.observations + t.sessions + t.events, 0);
  assert.equal(t.duplicates, 144);
  assert.equal((await exportRecords(target)).text, exported.text);
});

test('into a store that holds other rows: ids are remapped, references follow, nothing is lost', async () => {
  const target = tempDir('jsonl-busy');
  // Occupy low ids with a different session.
  const store = await openStore(target);
  try {
    await importClaudeCode(store, { root: join(FIXTURES, 'marot-spotter', 'short.jsonl'), limits: { maxInputChars: 2000, maxOutputChars: 4000 }, openWithinMs: 0 });
    await store.forget({ sessionId: (await store.listSessions({ limit: 1 }))[0]!.id });
    await importClaudeCode(store, { root: join(FIXTURES, 'tomjnsn-agentlogs', 'crud.jsonl'), limits: { maxInputChars: 2000, maxOutputChars: 4000 }, openWithinMs: 0 });
  } finally {
    await store.close();
  }
  const r = await cli(['import', 'jsonl', file, '--json'], target);
  assert.equal(r.code, 0, r.err);
  const report = JSON.parse(r.out) as Rec;
  assert.ok(report.remapped > 0, 'some ids were taken');
  assert.equal(report.duplicates, 1 + 11, 'the crud session and its observations were already there');
  const after = (await exportRecords(target)).records;
  const sessions = new Map(after.filter((x) => x.record === 'session').map((s) => [s.id, s]));
  const observations = after.filter((x) => x.record === 'observation');
  assert.equal(observations.length, 133);
  // Every observation sits in the session with the same external id as before, with the same content and events.
  const before = new Map(exported.records.filter((x) => x.record === 'observation').map((o) => [o.uid, o]));
  const beforeSessions = new Map(exported.records.filter((x) => x.record === 'session').map((s) => [s.id, s]));
  for (const o of observations) {
    const was = before.get(o.uid)!;
    assert.ok(was, `observation ${o.uid} came from the export`);
    assert.equal(sessions.get(o.sessionId)!.externalId, beforeSessions.get(was.sessionId)!.externalId);
    assert.equal(o.body, was.body);
    assert.deepEqual((o.events ?? []).map((e: Rec) => [e.type, e.data]), (was.events ?? []).map((e: Rec) => [e.type, e.data]));
  }
  const check = await openStore(target);
  try {
    assert.deepEqual(await check.check(), []);
  } finally {
    await check.close();
  }
});

test('an export without uids (written before they were) restores idempotently', async () => {
  const legacy = join(tempDir('jsonl-legacy'), 'old.jsonl');
  const lines = exported.records.map((r) => {
    const { uid: _u, dedupeKey: _d, contentKey: _c, events: _e, source: _s, state: _st, snapshot: _sn, ...rest } = r;
    return JSON.stringify(rest);
  });
  writeFileSync(legacy, lines.join('\n') + '\n');
  const target = tempDir('jsonl-legacy-target');
  const first = JSON.parse((await cli(['import', 'jsonl', legacy, '--json'], target)).out) as Rec;
  assert.equal(first.observations, 133);
  const second = JSON.parse((await cli(['import', 'jsonl', legacy, '--json'], target)).out) as Rec;
  assert.equal(second.observations, 0);
  const { records } = await exportRecords(target);
  const strip = (r: Rec) => {
    const { uid: _u, dedupeKey: _d, contentKey: _c, events: _e, source: _s, state: _st, snapshot: _sn, eventCount: _ec, ...rest } = r;
    return rest;
  };
  assert.deepEqual(records.map(strip), exported.records.map(strip));
});

test('broken lines and unknown records are counted, never fatal; privacy runs on what comes in', async () => {
  const dir = tempDir('jsonl-broken');
  const input = join(dir, 'in.jsonl');
  const session = { record: 'session', id: 7, platform: 'claude-code', externalId: 'ext-7', project: '/p', startedAt: 1, observationCount: 0 };
  const good = { record: 'observation', id: 70, sessionId: 7, project: '/p', platform: 'claude-code', kind: 'user', type: 'prompt', title: `deploy with ${FAKE.githubClassic}`, body: `deploy <private>PRIVATEJSONL</private> with ${FAKE.githubClassic}`, files: [], tags: '', private: false, createdAt: 2 };
  writeFileSync(
    input,
    [
      JSON.stringify(session),
      '{"record":"observation",',
      JSON.stringify({ ...good, id: 71, kind: 'robot' }),
      JSON.stringify({ record: 'vector', id: 1 }),
      JSON.stringify({ ...good, id: 72, sessionId: 99 }),
      JSON.stringify(good),
      '',
    ].join('\n'),
  );
  const r = await cli(['import', 'jsonl', input, '--json'], dir);
  assert.equal(r.code, 0, r.err);
  const report = JSON.parse(r.out) as Rec;
  assert.equal(report.malformedLines, 2);
  assert.equal(report.unknownRecords, 1);
  assert.equal(report.orphans, 1);
  assert.equal(report.observations, 1);
  const { text } = await exportRecords(dir);
  assert.ok(!text.includes(FAKE.githubClassic));
  assert.ok(!text.includes('PRIVATEJSONL'));
  // Usage errors and missing files.
  assert.equal((await cli(['import', 'jsonl'], dir)).code, 2);
  assert.equal((await cli(['import', 'jsonl', join(dir, 'nope.jsonl')], dir)).code, 1);
});

test('CLI as a user runs it: export | import jsonl - (stdin), one summary line', async () => {
  const target = tempDir('jsonl-stdin');
  const { spawn } = await import('node:child_process');
  const { childEnv, cliJs } = await import('../hooks/helpers.ts');
  const child = spawn(process.execPath, [cliJs(), 'import', 'jsonl', '-'], { cwd: target, env: childEnv(target), stdio: ['pipe', 'pipe', 'pipe'] });
  const out: Buffer[] = [];
  child.stdout.on('data', (b: Buffer) => out.push(b));
  child.stdin.end(exported.text + '\n');
  const code = await new Promise<number | null>((res) => child.on('close', res));
  assert.equal(code, 0);
  assert.match(Buffer.concat(out).toString('utf8'), /^restored 11 session\(s\), 133 observation\(s\), \d+ event\(s\) from 144 line\(s\) · 0 already present · 0 id\(s\) remapped · [\d.]+ s\n$/);
  const viaProcess = await cliProcess(['export'], target);
  assert.equal(viaProcess.out.trim(), exported.text.trim());
});
