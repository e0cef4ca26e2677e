// `mnemo import claude-code` over real transcripts: the sessions and observations they hold (counted
// by hand from the files, see the table), idempotence, subagent and compaction files, privacy, broken
// lines, and the CLI as a user runs it (default folder under HOME, --json, exit codes).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SqliteStore } from '../../../src/store/sqlite/sqlite-store.ts';
import { importClaudeCode, type ImportReport } from '../../../src/import/claude-code-import.ts';
import { FAKE } from '../../unit/privacy/fake-secrets.ts';
import { cleanup, cli, cliProcess, exportRecords, FIXTURES, tempDir, TranscriptBuilder, type Rec } from './helpers.ts';

after(cleanup);

const LIMITS = { maxInputChars: 2000, maxOutputChars: 4000 };

/**
 * Observations per session, counted by hand from the transcripts: prompts the user typed (host
 * messages, bare slash commands, interruptions excluded), tool calls (tool_use blocks with their
 * tool_result), the last text of each finished turn, subagent results, compaction marker + summary.
 */
const EXPECTED: Record<string, { file: string; observations: number; types: Record<string, number>; ended: boolean }> = {
  // 1 prompt, 13 calls (Glob 2 + Read 3 → discovery 5; Edit 3; Bash 5 of which 1 failed), 1 answer.
  'c64cc478-3430-40fe-8e9c-4ee9986e9754': { file: 'DRMacIver-claude-reliability/coverage-test-fix/transcript.jsonl', observations: 15, types: { prompt: 1, discovery: 5, change: 3, command: 4, error: 1, conclusion: 1 }, ended: true },
  // 1 prompt, Write + Bash, 1 answer.
  'de3b8b19-5bc0-4a2a-934a-1b6806567e25': { file: 'DRMacIver-claude-reliability/hello-world-script/transcript.jsonl', observations: 4, types: { prompt: 1, change: 1, command: 1, conclusion: 1 }, ended: true },
  // 1 prompt, 39 calls (TodoWrite 10, Bash 16, Read 3 + Glob 1, Edit 1 + Write 7, Task 1), 1 answer.
  'c7d3d95c-57f0-4359-8f4b-926a9bef5a3f': { file: 'DRMacIver-claude-reliability/python-to-rust-port/transcript.jsonl', observations: 41, types: { prompt: 1, note: 10, command: 16, discovery: 4, change: 8, subagent: 1, conclusion: 1 }, ended: true },
  // 5 prompts, 10 calls (2 failed), 5 answers, /compact: marker + summary. The warm-up sidechain adds nothing.
  'c45af7b1-cb7c-4e51-93db-8cbb250a877a': { file: 'oneryalcin-fasthooks/sample_main_transcript.jsonl', observations: 22, types: { prompt: 5, command: 3, change: 3, discovery: 2, error: 2, conclusion: 5, marker: 1, compact: 1 }, ended: true },
  // "how are you doing", its answer, /compact (marker + summary); /clear and /compact are not prompts.
  '0e26ec2f-937e-482c-b889-bc126f996913': { file: 'tomjnsn-agentlogs/compact.jsonl', observations: 4, types: { prompt: 1, conclusion: 1, marker: 1, compact: 1 }, ended: true },
  // 1 prompt, Task call, the inline subagent's result, 1 answer.
  '609efeca-2f51-4118-b077-e91c9fe63f73': { file: 'tomjnsn-agentlogs/subagent.jsonl', observations: 4, types: { prompt: 1, subagent: 2, conclusion: 1 }, ended: true },
  // 1 prompt, 9 calls (TodoWrite 5, Write, Read, Edit, Bash), 1 answer.
  '8122657c-fe54-4dc9-89a3-20049e8a84f7': { file: 'tomjnsn-agentlogs/crud.jsonl', observations: 11, types: { prompt: 1, note: 5, change: 2, discovery: 1, command: 1, conclusion: 1 }, ended: true },
  // 1 prompt, 2 calls the user rejected; the turn was interrupted, so no answer.
  '55604662-cf2a-4331-851a-ec234028f8ca': { file: 'marot-spotter/short.jsonl', observations: 3, types: { prompt: 1, error: 2 }, ended: true },
  // /create-beads with arguments + "create the beads", 16 calls, 1 answer (the first turn was interrupted);
  // the question asked (AskUserQuestion) and the plan approved (ExitPlanMode) are decisions.
  '491e126e-1e71-469c-ade2-fcc8af567c74': { file: 'marot-spotter/subagent.jsonl', observations: 19, types: { prompt: 2, discovery: 8, decision: 2, subagent: 1, change: 1, command: 4, conclusion: 1 }, ended: true },
  // 2 prompts, 6 calls, both turns interrupted (no answer); /mcp is not a prompt.
  'd6e0bada-1959-4eec-a9d2-0bfade768d8f': { file: 'marot-spotter/tool_heavy.jsonl', observations: 8, types: { prompt: 2, command: 2, discovery: 4 }, ended: true },
  // No main transcript: the subagent's 2 WebFetch calls and result, and the compaction run's summary.
  '258c7280-ae70-4798-800f-63464d01a85d': { file: 'marot-spotter/258c7280-…/subagents/', observations: 4, types: { discovery: 2, subagent: 1, compact: 1 }, ended: false },
};

let dataDir: string;
let first: ImportReport;
let second: ImportReport;
let exportedAfterFirst: string;

async function importWith(root: string, dir = dataDir, extra: Partial<Parameters<typeof importClaudeCode>[1]> = {}): Promise<ImportReport> {
  const store = SqliteStore.open({ path: join(dir, 'mnemo.db'), busyTimeoutMs: 5000 });
  try {
    return await importClaudeCode(store, { root, limits: LIMITS, openWithinMs: 2 * 3600_000, ...extra });
  } finally {
    await store.close();
  }
}

before(async () => {
  dataDir = tempDir('fixtures');
  first = await importWith(FIXTURES);
  exportedAfterFirst = (await exportRecords(dataDir)).text;
  second = await importWith(FIXTURES);
});

test('the fixture transcripts hold the sessions and observations counted by hand', async () => {
  assert.equal(first.files, 13);
  assert.equal(first.sessions, Object.keys(EXPECTED).length);
  assert.equal(first.observations, Object.values(EXPECTED).reduce((n, e) => n + e.observations, 0));
  assert.equal(first.duplicates, 0);
  assert.equal(first.malformedLines, 0);
  assert.equal(first.orphanResults, 0);
  assert.equal(first.foldedFiles, 0);
  assert.equal(first.summaries, Object.keys(EXPECTED).length);
  assert.deepEqual(first.failures, []);
  assert.equal(first.toolCalls, 13 + 2 + 39 + 10 + 1 + 9 + 2 + 16 + 6 + 2);

  const { records } = await exportRecords(dataDir);
  const sessions = records.filter((r) => r.record === 'session');
  assert.deepEqual(sessions.map((s) => s.externalId).sort(), Object.keys(EXPECTED).sort());
  for (const s of sessions) {
    const want = EXPECTED[s.externalId]!;
    const obs = records.filter((r) => r.record === 'observation' && r.sessionId === s.id);
    const types: Record<string, number> = {};
    for (const o of obs) types[o.type] = (types[o.type] ?? 0) + 1;
    assert.deepEqual(types, want.types, `${want.file}: observation types`);
    assert.equal(s.observationCount, want.observations, want.file);
    assert.equal(s.endedAt !== undefined, want.ended, `${want.file}: ended`);
    assert.equal(s.platform, 'claude-code');
    // Every imported observation carries a deterministic import uid; tool calls the hooks' natural key.
    for (const o of obs) {
      assert.match(o.uid, /^cc-[\w-]{27}$/);
      if (o.toolUseId) assert.equal(o.dedupeKey, `${o.type === 'pending' ? 'pre' : 'post'}:${o.toolUseId}`);
    }
    assert.ok(s.summary?.brief, `${want.file}: summarized`);
  }
});

test('sessions keep the transcript’s place, branch and times', async () => {
  const { records } = await exportRecords(dataDir);
  const byExt = new Map(records.filter((r) => r.record === 'session').map((s) => [s.externalId, s]));
  const compact = byExt.get('0e26ec2f-937e-482c-b889-bc126f996913')!;
  assert.equal(compact.project, '/Users/philipp/dev/studio');
  assert.equal(compact.branch, 'main');
  assert.equal(compact.startedAt, Date.parse('2025-10-10T21:56:01.418Z'));
  assert.equal(compact.endedAt, Date.parse('2025-10-10T21:57:52.066Z'));
  assert.equal(compact.source, 'import');
  const gqc = byExt.get('258c7280-ae70-4798-800f-63464d01a85d')!;
  assert.equal(gqc.branch, 'spotter-gqc');
  assert.equal(gqc.project, '/home/USER/projects/spotter-worktrees/spotter-gqc');
  const obs = records.filter((r) => r.record === 'observation' && r.sessionId === compact.id);
  assert.deepEqual(obs.map((o) => o.createdAt), [...obs.map((o) => o.createdAt)].sort((a, b) => a - b), 'observations in time order');
  assert.equal(obs.find((o) => o.type === 'prompt')!.createdAt, Date.parse('2025-10-10T21:56:06.117Z'));
});

test('subagent results are attributed to their agent; compaction summaries are searchable', async () => {
  const { records } = await exportRecords(dataDir);
  const subagents = records.filter((r) => r.record === 'observation' && r.type === 'subagent' && r.kind === 'note');
  assert.deepEqual(subagents.map((o) => o.title.split(':')[0]).sort(), ['Subagent finished', 'Subagent general-purpose finished']);
  const compacts = records.filter((r) => r.record === 'observation' && r.type === 'compact');
  assert.equal(compacts.length, 3);
  assert.ok(compacts.every((o) => o.title.startsWith('Compacted: ')));
  const store = SqliteStore.open({ path: join(dataDir, 'mnemo.db'), busyTimeoutMs: 5000 });
  try {
    const hits = await store.search({ query: 'annotation lifecycle review page', types: ['compact'] });
    assert.ok(hits.some((h) => h.observation.project.endsWith('spotter-gqc')), 'the compaction run of a session without its transcript is found');
    assert.deepEqual(await store.check(), [], 'indexes consistent');
  } finally {
    await store.close();
  }
});

test('re-import adds nothing and changes nothing', async () => {
  assert.equal(second.observations, 0);
  assert.equal(second.duplicates, first.observations);
  assert.equal(second.summaries, 0);
  assert.equal((await exportRecords(dataDir)).text, exportedAfterFirst);
});

test('a transcript that grew since the last import adds only the new part', async () => {
  const dir = tempDir('grow');
  const project = tempDir('grow-project');
  const b = new TranscriptBuilder({ cwd: project }).prompt('add retries to the client').tool('toolu_g1', 'Read', { file_path: join(project, 'client.ts') }, { output: { type: 'text', file: { filePath: join(project, 'client.ts'), content: 'export {}' } } });
  const file = b.write(join(dir, 'projects', 'p', `${b.sessionId}.jsonl`));
  const r1 = await importWith(join(dir, 'projects'), dir);
  assert.equal(r1.observations, 2);
  b.text('Added retries.').prompt('now the tests').tool('toolu_g2', 'Bash', { command: 'npm test' }, { output: { stdout: 'ok', stderr: '', interrupted: false } }).write(file);
  const r2 = await importWith(join(dir, 'projects'), dir);
  assert.equal(r2.observations, 3, 'the answer, the new prompt and the new call');
  assert.equal(r2.duplicates, 2);
});

test('a session resumed into a new file with its history copied in (Claude Code < 2.0) is not stored twice', async () => {
  for (const copiesKeepTheirSession of [true, false]) {
    const dir = tempDir('resume');
    const a = new TranscriptBuilder({ cwd: '/r' })
      .prompt('start the port')
      .tool('toolu_r1', 'Bash', { command: 'ls' }, { output: { stdout: 'a.py', stderr: '', interrupted: false } })
      .text('Listed the files.');
    a.write(join(dir, 'projects', 'r', `${a.sessionId}.jsonl`));
    const resumedId = '7e57e57e-0000-4000-8000-000000000001';
    const copied = a.lines.map((l) => (copiesKeepTheirSession ? l : l.replaceAll(a.sessionId, resumedId)));
    const b = new TranscriptBuilder({ cwd: '/r', sessionId: resumedId, start: a.now + 60_000 }).prompt('now the tests').text('Tests pass.');
    b.lines.unshift(...copied);
    b.write(join(dir, 'projects', 'r', `${resumedId}.jsonl`));
    const r = await importWith(join(dir, 'projects'), dir);
    assert.equal(r.observations, 5, `3 from the first session, 2 new in the resumed one (copies keep their session: ${copiesKeepTheirSession})`);
    const { records } = await exportRecords(dir);
    const sessions = records.filter((x) => x.record === 'session');
    const resumed = sessions.find((x) => x.externalId === resumedId)!;
    assert.deepEqual(records.filter((x) => x.record === 'observation' && x.sessionId === resumed.id).map((o) => o.title), ['now the tests', 'Tests pass.']);
  }
});

test('private blocks and secrets in a transcript never reach the store', async () => {
  const dir = tempDir('privacy');
  const project = tempDir('privacy-project');
  const secrets = [FAKE.githubClassic, FAKE.awsAccessKey, FAKE.anthropic, FAKE.password, FAKE.jwt];
  const b = new TranscriptBuilder({ cwd: project })
    .prompt(`Deploy it. <private>the staging password is PRIVATEMARKER42</private> Token: ${FAKE.githubClassic}`)
    .prompt('<private>ALLPRIVATEMARKER only</private>')
    .tool('toolu_p1', 'Bash', { command: `AWS_ACCESS_KEY_ID=${FAKE.awsAccessKey} aws s3 ls`, description: 'list' }, { output: { stdout: `key=${FAKE.anthropic}\n<private>PRIVATEOUTPUT</private>`, stderr: '', interrupted: false } })
    .tool('toolu_p2', 'Bash', { command: `psql postgres://app:${FAKE.password}@db.internal/shop` }, { error: `Exit code 2\nFATAL: password authentication failed for ${FAKE.jwt}` })
    .text(`Done. I used ${FAKE.githubClassic}. <private>PRIVATEANSWER</private>`)
    .compaction(`Summary: the user gave token ${FAKE.githubClassic} <private>PRIVATECOMPACT</private>`);
  b.write(join(dir, 'projects', 'p', `${b.sessionId}.jsonl`));
  const r = await importWith(join(dir, 'projects'), dir);
  assert.equal(r.observations, 7);
  const { text, records } = await exportRecords(dir);
  for (const s of secrets) assert.ok(!text.includes(s), `a secret of length ${s.length} reached the store`);
  for (const m of ['PRIVATEMARKER42', 'ALLPRIVATEMARKER', 'PRIVATEOUTPUT', 'PRIVATEANSWER', 'PRIVATECOMPACT']) assert.ok(!text.includes(m), `${m} reached the store`);
  const priv = records.filter((x) => x.record === 'observation' && x.private);
  assert.equal(priv.length, 1);
  assert.equal(priv[0]!.body, '[PRIVATE]');
  assert.match(text, /\[REDACTED:/);
  // Nor anywhere else in the data directory (database, WAL, spool, log).
  const { readdirSync, readFileSync, statSync } = await import('node:fs');
  const walk = (d: string): string[] => readdirSync(d).flatMap((n) => (statSync(join(d, n)).isDirectory() ? walk(join(d, n)) : [join(d, n)]));
  for (const f of walk(dir).filter((f) => !f.endsWith('.jsonl'))) {
    const bytes = readFileSync(f).toString('latin1');
    for (const m of ['PRIVATEMARKER42', 'PRIVATEOUTPUT', FAKE.githubClassic, FAKE.awsAccessKey]) assert.ok(!bytes.includes(m), `${m.slice(0, 6)}… found in ${f}`);
  }
});

test('malformed lines are counted and skipped, never fatal; empty files and folders named *.jsonl are harmless', async () => {
  const dir = tempDir('malformed');
  const b = new TranscriptBuilder({ cwd: '/nowhere' }).prompt('before the damage').raw('{"type":"user","message":').raw('not json at all').raw('[]').prompt('after the damage');
  b.write(join(dir, 'projects', 'p', `${b.sessionId}.jsonl`));
  writeFileSync(join(dir, 'projects', 'p', 'empty.jsonl'), '');
  mkdirSync(join(dir, 'projects', 'p', 'unreadable.jsonl'));
  const r = await importWith(join(dir, 'projects'), dir);
  assert.equal(r.malformedLines, 3);
  assert.equal(r.observations, 2);
  assert.equal(r.files, 2, 'a folder named *.jsonl is not a transcript');
});

test('CLI: default folder under HOME, one summary line, --json, exit codes', async () => {
  const home = tempDir('home');
  const data = tempDir('cli-data');
  cpSync(join(FIXTURES, 'tomjnsn-agentlogs'), join(home, '.claude', 'projects', '-Users-philipp-dev-studio'), { recursive: true });
  const run = await cliProcess(['import', 'claude-code'], data, { HOME: home });
  assert.equal(run.code, 0, run.err);
  assert.match(run.out, /^imported 3 file\(s\), 3 session\(s\), \d+ event\(s\) \(10 tool calls\) · 19 new observation\(s\), 0 duplicate\(s\), 10 call\(s\) narrated · [\d.]+ s, [\d,]+ events\/s\n$/);
  assert.ok(!run.err.includes('\x1b['), 'no progress bar when stderr is not a terminal');

  const again = await cliProcess(['import', 'claude-code', '--json'], data, { HOME: home });
  assert.equal(again.code, 0, again.err);
  const report = JSON.parse(again.out) as ImportReport;
  assert.equal(report.observations, 0);
  assert.equal(report.duplicates, 19);
  assert.equal(report.files, 3);
  for (const k of ['sessions', 'events', 'toolCalls', 'seconds', 'eventsPerSecond', 'toolCallsPerSecond', 'malformedLines']) assert.equal(typeof (report as unknown as Rec)[k], 'number', k);

  const sessions = JSON.parse((await cliProcess(['sessions', '--json'], data)).out) as Rec[];
  assert.equal(sessions.length, 3);
  assert.ok(sessions.every((s) => s.summary?.brief));

  const missing = await cli(['import', 'claude-code', join(home, 'nope')], data);
  assert.equal(missing.code, 1);
  assert.match(missing.err, /no transcripts at/);
  assert.equal((await cli(['import'], data)).code, 2);
  assert.equal((await cli(['import', 'cursor'], data)).code, 2);
  assert.equal((await cli(['import', 'claude-code', '--bogus'], data)).code, 2);
  // One transcript file may be given instead of a folder.
  const one = await cli(['import', 'claude-code', join(FIXTURES, 'marot-spotter', 'short.jsonl'), '--json'], data);
  assert.equal(one.code, 0, one.err);
  assert.equal((JSON.parse(one.out) as ImportReport).observations, 3);
});
