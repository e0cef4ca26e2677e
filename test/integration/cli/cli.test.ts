// The CLI as a user runs it: `node plugin/dist/cli.js …` in a subprocess against a store seeded by the
// real hook bundle, plus `runCli` in-process for argument handling. Exit codes: 0 ok, 1 failure or
// not found, 2 usage.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { openSqlite, type SqliteDb } from '../../../src/store/sqlite/driver.ts';
import { runCli } from '../../../src/cli/main.ts';
import type { Io } from '../../../src/cli/io.ts';
import { resolveConfig } from '../../../src/config/config.ts';
import {
  assertBuilt,
  childEnv,
  CLI,
  cleanupTemps,
  filesContaining,
  gitRepo,
  MARK,
  otherProjectPayloads,
  parseJsonl,
  runCliProc,
  seed,
  sessionPayloads,
  tempDir,
  TOOL_IDS,
  type CliRun,
  type ExportedObservation,
  type ExportedSession,
} from '../mcp/harness.ts';

const DATA_LINE_RE = /\bdata\b.*\bnot (as )?instructions/i;
const PKG_VERSION = (JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { version: string }).version;

let dataDir: string;
let repo: string;
let otherRepo: string;
let records: Array<ExportedObservation | ExportedSession> = [];
const ids = {} as Record<'prompt1' | 'read' | 'edit' | 'fail' | 'build' | 'push' | 'prompt2' | 'stop' | 'other', number>;
let session1Ids: number[] = [];

function cli(args: readonly string[], opts: { env?: Record<string, string>; cwd?: string; dataDir?: string } = {}): CliRun {
  return runCliProc(args, { dataDir: opts.dataDir ?? dataDir, cwd: opts.cwd ?? repo, ...(opts.env ? { env: opts.env } : {}) });
}

function ok(args: readonly string[], opts?: Parameters<typeof cli>[1]): CliRun {
  const r = cli(args, opts);
  assert.equal(r.status, 0, `mnemo ${args.join(' ')} exited ${r.status}\nstdout: ${r.stdout}\nstderr: ${r.stderr}`);
  return r;
}

function observations(): ExportedObservation[] {
  return records.filter((r): r is ExportedObservation => r.record === 'observation');
}

before(() => {
  assertBuilt();
  dataDir = tempDir('cli-data');
  repo = gitRepo('cli-repo');
  otherRepo = gitRepo('cli-other');
  seed(dataDir, sessionPayloads('cc-cli-1', repo));
  seed(dataDir, otherProjectPayloads('cc-cli-2', otherRepo));
  records = parseJsonl(ok(['export']).stdout);
  const obs = observations();
  const byTool = (id: string) => obs.find((o) => o.toolUseId === id)?.id;
  const found = {
    prompt1: obs.find((o) => o.type === 'prompt' && o.body.includes('连接池'))?.id,
    read: byTool(TOOL_IDS.read),
    edit: byTool(TOOL_IDS.edit),
    fail: byTool(TOOL_IDS.testFail),
    build: byTool(TOOL_IDS.build),
    push: byTool(TOOL_IDS.push),
    prompt2: obs.find((o) => o.type === 'prompt' && o.body.includes('payload'))?.id,
    stop: obs.find((o) => o.type === 'conclusion')?.id,
    other: byTool('toolu_other_01'),
  };
  for (const [k, v] of Object.entries(found)) {
    assert.ok(typeof v === 'number', `seeded record ${k} is missing from the export`);
    ids[k as keyof typeof ids] = v;
  }
  const s1 = obs.find((o) => o.id === ids.read)!.sessionId;
  session1Ids = obs.filter((o) => o.sessionId === s1).map((o) => o.id).sort((a, b) => a - b);
});

after(cleanupTemps);

// ------------------------------------------------------------------------------------------------
// Usage

test('--help prints usage listing every command, exit 0; no command is a usage error, exit 2', () => {
  const help = ok(['--help']);
  for (const c of ['hook', 'mcp', 'search', 'get', 'timeline', 'context', 'sessions', 'export', 'forget', 'doctor', 'demo', 'install']) {
    assert.match(help.stdout, new RegExp(`^\\s+${c}\\b`, 'm'), `--help lists ${c}`);
  }
  assert.match(help.stdout, /MNEMO_DATA_DIR/);
  const none = cli([]);
  assert.equal(none.status, 2);
  assert.match(none.stdout + none.stderr, /Usage: mnemo/);
  const version = ok(['--version']);
  assert.equal(version.stdout.trim(), PKG_VERSION, 'the CLI reports the package version');
});

test('an unknown command exits 2 with usage on stderr', () => {
  const r = cli(['frobnicate']);
  assert.equal(r.status, 2);
  assert.match(r.stderr, /unknown command "frobnicate"/);
  assert.match(r.stderr, /Usage: mnemo/);
  assert.equal(r.stdout, '');
});

test('bad options exit 2 with a clear one-line message and no stack trace', (t) => {
  const cases: Array<{ args: string[]; re: RegExp }> = [
    { args: ['search', 'pool', '--limit', 'abc'], re: /--limit must be an integer/ },
    { args: ['search', 'pool', '--limit', '0'], re: /--limit/ },
    { args: ['search', 'pool', '--bogus'], re: /bogus/ },
    { args: ['search'], re: /usage: mnemo search/ },
    { args: ['search', 'pool', '--type', 'nonsense'], re: /unknown type "nonsense"/ },
    { args: ['search', 'pool', '--since', 'someday'], re: /--since must be a date/ },
    { args: ['get'], re: /usage: mnemo get/ },
    { args: ['get', 'abc'], re: /not an observation id: "abc"/ },
    { args: ['get', '0'], re: /not an observation id/ },
    { args: ['timeline'], re: /usage: mnemo timeline/ },
    { args: ['timeline', '3', '--before', '-1'], re: /--before/ },
    { args: ['sessions', '--limit', 'x'], re: /--limit/ },
    { args: ['context', '--bogus'], re: /bogus/ },
    { args: ['export', '--bogus'], re: /bogus/ },
    { args: ['forget'], re: /usage: mnemo forget/ },
    { args: ['forget', '--session', 'x'], re: /--session/ },
    { args: ['doctor', '--bogus'], re: /bogus/ },
  ];
  for (const c of cases) {
    const r = cli(c.args);
    t.diagnostic(`mnemo ${c.args.join(' ')} → ${r.status}: ${r.stderr.trim().split('\n')[0]}`);
    assert.equal(r.status, 2, `mnemo ${c.args.join(' ')} should exit 2, got ${r.status}\n${r.stdout}${r.stderr}`);
    assert.match(r.stderr, c.re, `mnemo ${c.args.join(' ')}: unclear message: ${r.stderr}`);
    assert.match(r.stderr, new RegExp(`^mnemo ${c.args[0]}: `), 'the message names the command');
    assert.doesNotMatch(r.stderr, /\n\s+at \S+ \(/, 'no stack trace');
    assert.equal(r.stdout, '', 'nothing on stdout');
  }
});

test('runCli in-process: exit codes and streams match the subprocess', async () => {
  const run = async (argv: string[]) => {
    const out: string[] = [];
    const err: string[] = [];
    const env = { MNEMO_DATA_DIR: dataDir };
    const io: Io = { out: (s) => out.push(s), err: (s) => err.push(s), env, cwd: repo, config: resolveConfig(env) };
    const code = await runCli(argv, io);
    return { code, out: out.join('\n'), err: err.join('\n') };
  };
  const search = await run(['search', 'Next.js', '--json']);
  assert.equal(search.code, 0, search.err);
  const inProc = (JSON.parse(search.out) as Array<{ id: number }>).map((r) => r.id);
  const sub = (JSON.parse(ok(['search', 'Next.js', '--json']).stdout) as Array<{ id: number }>).map((r) => r.id);
  assert.deepEqual(inProc, sub);
  assert.equal(inProc[0], ids.build);
  const unknown = await run(['nope']);
  assert.equal(unknown.code, 2);
  assert.match(unknown.err, /unknown command/);
  const bad = await run(['search', 'x', '--limit', 'abc']);
  assert.equal(bad.code, 2);
  assert.match(bad.err, /--limit must be an integer/);
  assert.equal(bad.out, '');
  const help = await run(['--help']);
  assert.equal(help.code, 0);
  assert.match(help.out, /Usage: mnemo/);
});

// ------------------------------------------------------------------------------------------------
// Read commands

test('search: text index lines and --json array of results with id', () => {
  const text = ok(['search', 'Next.js']).stdout;
  assert.match(text, new RegExp(`^#${ids.build} `), `the best hit first:\n${text}`);
  for (const line of text.trim().split('\n')) assert.match(line, /^#\d+ \d{4}-\d\d-\d\d \d\d:\d\d /, `an index line: ${line}`);
  assert.ok(!text.includes('Creating an optimized production build'), 'text search shows titles, not bodies');

  const json = JSON.parse(ok(['search', 'src/db/pool.ts', '--json']).stdout) as Array<{ id: number; project: string; title: string }>;
  assert.ok(Array.isArray(json) && json.length >= 3);
  for (const r of json) assert.ok(Number.isInteger(r.id) && r.id > 0, `result without id: ${JSON.stringify(r).slice(0, 200)}`);
  for (const id of [ids.read, ids.edit, ids.prompt1]) assert.ok(json.some((r) => r.id === id), `#${id} found`);

  // The Chinese record and the English records about connections (through the bilingual glossary,
  // whose translations weigh a little more than a CJK question's own words: code and logs are English).
  const cjk = JSON.parse(ok(['search', '连接', '--json']).stdout) as Array<{ id: number }>;
  assert.ok(cjk.slice(0, 4).some((r) => r.id === ids.prompt1), `the Chinese record among the first four: ${JSON.stringify(cjk.map((r) => r.id))}`);
  assert.ok(!cjk.some((r) => r.id === ids.prompt2), 'not the Chinese record without 连接');
  const mixed = JSON.parse(ok(['search', 'payload优先', '--json']).stdout) as Array<{ id: number }>;
  assert.equal(mixed[0]?.id, ids.prompt2);

  assert.deepEqual(JSON.parse(ok(['search', 'ECONNRESET', '--since', '2999-01-01', '--json']).stdout), []);
  assert.deepEqual(JSON.parse(ok(['search', 'ECONNRESET', '--until', '2000-01-01', '--json']).stdout), []);
  const limited = JSON.parse(ok(['search', 'pool', '--limit', '1', '--json']).stdout) as unknown[];
  assert.equal(limited.length, 1);
  const narrowed = JSON.parse(ok(['search', 'checkout', '--project', otherRepo, '--json']).stdout) as Array<{ id: number }>;
  assert.deepEqual(narrowed.map((r) => r.id), [ids.other]);
  const typed = JSON.parse(ok(['search', 'pool.ts', '--type', 'change', '--json']).stdout) as Array<{ id: number }>;
  assert.deepEqual(typed.map((r) => r.id), [ids.edit]);

  const none = ok(['search', 'zzqxnothingmatches']);
  assert.match(none.stdout, /No observations match/);
  assert.deepEqual(JSON.parse(ok(['search', 'zzqxnothingmatches', '--json']).stdout), []);
  for (const q of ['a:b', 'foo*', '"unbalanced', '(', 'AND OR NOT', 'NEAR(']) ok(['search', q, '--json']);
});

test('get: text with the data-not-instructions line, --json, unknown id exits 1', () => {
  const text = ok(['get', String(ids.read)]).stdout;
  assert.match(text.split('\n')[0]!, DATA_LINE_RE);
  assert.ok(text.includes(MARK.bodyOnly), 'get shows the full body');
  assert.ok(text.includes(TOOL_IDS.read));

  const json = JSON.parse(ok(['get', String(ids.read), `#${ids.edit}`, '--json']).stdout) as ExportedObservation[];
  assert.deepEqual(json.map((o) => o.id).sort((a, b) => a - b), [ids.read, ids.edit].sort((a, b) => a - b));
  const edit = json.find((o) => o.id === ids.edit)!;
  assert.equal(edit.toolUseId, TOOL_IDS.edit);
  assert.equal(edit.type, 'change');
  assert.ok(edit.body.includes(MARK.identifier));

  const unknown = cli(['get', '987654']);
  assert.equal(unknown.status, 1);
  assert.match(unknown.stdout + unknown.stderr, /no such|not found|987654/i);
  const partial = cli(['get', String(ids.read), '987654', '--json']);
  assert.equal(partial.status, 1, 'a missing id among found ones still exits 1');
  assert.deepEqual((JSON.parse(partial.stdout) as ExportedObservation[]).map((o) => o.id), [ids.read]);
});

test('timeline: neighbours in order with the anchor marked; --json; unknown id exits 1', () => {
  const at = session1Ids.indexOf(ids.fail);
  const expected = session1Ids.slice(Math.max(0, at - 1), at + 2);
  const text = ok(['timeline', String(ids.fail), '--before', '1', '--after', '1']).stdout.trimEnd();
  const lines = text.split('\n');
  assert.deepEqual(lines.map((l) => Number(/#(\d+) /.exec(l)?.[1])), expected, text);
  assert.deepEqual(lines.map((l) => l.startsWith('→')), expected.map((id) => id === ids.fail), `only the anchor is marked:\n${text}`);

  const json = JSON.parse(ok(['timeline', String(ids.edit), '--json']).stdout) as ExportedObservation[];
  const got = json.map((o) => o.id);
  assert.deepEqual(got, [...got].sort((a, b) => a - b));
  assert.ok(got.includes(ids.edit) && !got.includes(ids.other));
  assert.equal(cli(['timeline', '987654']).status, 1);
});

test('context: the index for the project; --json chars within the budget; lines never cut', () => {
  const text = ok(['context']).stdout;
  assert.ok(text.includes(basename(repo)));
  assert.match(text, DATA_LINE_RE);
  for (const id of [ids.edit, ids.fail, ids.build]) assert.match(text, new RegExp(`^#${id} `, 'm'));
  assert.doesNotMatch(text, new RegExp(`^#${ids.other} `, 'm'));
  assert.ok(!text.includes(MARK.privateText));

  const full = JSON.parse(ok(['context', '--json']).stdout) as { project: string; chars: number; budget: number; context: string };
  assert.equal(full.project, repo);
  assert.equal(full.chars, full.context.length);
  assert.ok(full.chars > 0 && full.chars <= full.budget, `${full.chars} chars of ${full.budget}`);
  assert.equal(full.budget, 10_000);

  const small = JSON.parse(ok(['context', '--json'], { env: { MNEMO_CONTEXT_BUDGET: '500' } }).stdout) as typeof full;
  assert.equal(small.budget, 500);
  assert.ok(small.chars <= 500, `over budget: ${small.chars} > 500`);
  assert.equal(small.chars, small.context.length);
  assert.ok(full.chars > 500, 'the seeded index is larger than the small budget, so packing is exercised');
  const fullLines = new Set(full.context.split('\n'));
  const packed = small.context.split('\n').filter((l) => /^#\d+ /.test(l));
  assert.ok(packed.length > 0, `something useful fits in 500 characters:\n${small.context}`);
  for (const l of packed) assert.ok(fullLines.has(l), `a line was cut: ${l}`);

  const other = JSON.parse(ok(['context', '--cwd', otherRepo, '--json']).stdout) as typeof full;
  assert.equal(other.project, otherRepo);
  assert.match(other.context, new RegExp(`^#${ids.other} `, 'm'));
  const empty = ok(['context', '--cwd', tempDir('cli-empty-project')]);
  assert.match(empty.stdout, /No memory for .* yet/);
  // A subfolder of the repository is the same project.
  const sub = JSON.parse(ok(['context', '--cwd', join(repo, '.git'), '--json']).stdout) as typeof full;
  assert.equal(sub.project, repo);
});

test('sessions --json: our id, externalId, project, startedAt, endedAt, observationCount', () => {
  const list = JSON.parse(ok(['sessions', '--json']).stdout) as ExportedSession[];
  const s = list.find((x) => x.externalId === 'cc-cli-1');
  assert.ok(s, `the seeded session is listed: ${JSON.stringify(list)}`);
  assert.ok(Number.isInteger(s.id) && s.id > 0);
  assert.equal(s.project, repo);
  assert.equal(s.platform, 'claude-code');
  assert.equal(s.branch, 'main');
  assert.ok(typeof s.startedAt === 'number' && typeof s.endedAt === 'number' && s.endedAt >= s.startedAt, JSON.stringify(s));
  assert.equal(s.observationCount, observations().filter((o) => o.sessionId === s.id).length);
  assert.equal(s.observationCount, session1Ids.length);
  const other = list.find((x) => x.externalId === 'cc-cli-2');
  assert.equal(other?.project, otherRepo);

  const only = JSON.parse(ok(['sessions', '--project', otherRepo, '--json']).stdout) as ExportedSession[];
  assert.deepEqual(only.map((x) => x.externalId), ['cc-cli-2']);
  const text = ok(['sessions']).stdout;
  assert.match(text, /claude-code:cc-cli-1/);
});

test('export: JSONL, every line a record of session or observation; observations carry toolUseId', () => {
  const out = ok(['export']).stdout;
  const lines = out.split('\n').filter((l) => l.trim());
  const parsed = parseJsonl(out);
  assert.equal(parsed.length, lines.length);
  const sessionIds = new Set<number>();
  for (const r of parsed) {
    assert.ok(r.record === 'session' || r.record === 'observation', `unknown record: ${JSON.stringify(r).slice(0, 200)}`);
    if (r.record === 'session') sessionIds.add(r.id);
  }
  const obs = parsed.filter((r): r is ExportedObservation => r.record === 'observation');
  for (const o of obs) assert.ok(sessionIds.has(o.sessionId), `observation #${o.id} points at a session that is not exported`);
  const toolUseIds = new Set(obs.map((o) => o.toolUseId));
  for (const id of Object.values(TOOL_IDS)) assert.ok(toolUseIds.has(id), `tool_use_id ${id} is exported`);
  for (const o of obs.filter((x) => x.toolName)) assert.ok(o.toolUseId, `tool observation #${o.id} carries its toolUseId`);
  const priv = obs.filter((o) => o.private);
  assert.equal(priv.length, 1, 'the all-private prompt is kept as a flagged placeholder');
  assert.equal(priv[0]!.body, '[PRIVATE]');
  assert.equal(priv[0]!.title, '[PRIVATE]');
  assert.ok(!out.includes(MARK.allPrivate), 'the all-private prompt is not exported');
  assert.ok(!out.includes(MARK.privateText), 'the private block is not exported');
  assert.ok(!out.includes(MARK.ghToken), 'the token is not exported');

  const file = join(tempDir('cli-export'), 'all.jsonl');
  const r = ok(['export', '--out', file]);
  assert.equal(r.stdout, '');
  assert.equal(readFileSync(file, 'utf8').trim(), out.trim());
});

test('forget: the record is gone from search, get and export', () => {
  const before = JSON.parse(ok(['search', 'git push origin', '--json']).stdout) as Array<{ id: number }>;
  assert.ok(before.some((r) => r.id === ids.push));
  assert.match(ok(['forget', String(ids.push)]).stdout, /forgot 1 /);
  const after = JSON.parse(ok(['search', 'git push origin', '--json']).stdout) as Array<{ id: number }>;
  assert.ok(!after.some((r) => r.id === ids.push), 'search still finds a forgotten record');
  assert.equal(cli(['get', String(ids.push)]).status, 1);
  const exported = parseJsonl(ok(['export']).stdout);
  assert.ok(!exported.some((r) => r.record === 'observation' && r.id === ids.push), 'export still holds a forgotten record');
  assert.match(ok(['forget', String(ids.push)]).stdout, /forgot 0 /, 'forgetting twice is harmless');

  assert.match(ok(['forget', '--project', otherRepo]).stdout, /forgot 1 /);
  assert.deepEqual(JSON.parse(ok(['search', 'OTHERPROJECTMARK', '--json']).stdout), []);
  const sessions = JSON.parse(ok(['sessions', '--json']).stdout) as ExportedSession[];
  assert.ok(!sessions.some((s) => s.externalId === 'cc-cli-2'), 'forget --project drops its sessions');
  const left = parseJsonl(ok(['export']).stdout);
  assert.ok(!left.some((r) => r.project === otherRepo), 'nothing of the forgotten project is exported');
  assert.ok(left.some((r) => r.record === 'observation' && r.id === ids.edit), 'other records stay');
});

test('hook via the CLI: exit 0, one JSON object, and the event becomes searchable', () => {
  const payload = {
    session_id: 'cc-cli-hook',
    cwd: repo,
    hook_event_name: 'PostToolUse',
    tool_name: 'Bash',
    tool_use_id: 'toolu_cli_hook',
    tool_input: { command: 'echo NUMBATCLIHOOK' },
    tool_response: { stdout: 'NUMBATCLIHOOK', stderr: '', interrupted: false, isImage: false },
  };
  const r = spawnSync(process.execPath, [CLI, 'hook', 'PostToolUse'], {
    input: JSON.stringify(payload),
    cwd: repo,
    env: childEnv({ MNEMO_DATA_DIR: dataDir }),
    encoding: 'utf8',
    timeout: 20_000,
  });
  assert.equal(r.status, 0, r.stderr);
  assert.deepEqual(JSON.parse(r.stdout), {});
  assert.equal(r.stdout.trim().split('\n').length, 1, 'exactly one line of JSON');
  const found = JSON.parse(ok(['search', 'NUMBATCLIHOOK', '--json']).stdout) as ExportedObservation[];
  assert.equal(found.length, 1);
  assert.equal(found[0]!.toolUseId, 'toolu_cli_hook');
  const junk = spawnSync(process.execPath, [CLI, 'hook', 'PostToolUse'], { input: '{"trunc', env: childEnv({ MNEMO_DATA_DIR: dataDir }), encoding: 'utf8', timeout: 20_000 });
  assert.equal(junk.status, 0, 'a malformed payload never fails the host');
  assert.deepEqual(JSON.parse(junk.stdout), {});
});

// ------------------------------------------------------------------------------------------------
// doctor and demo use their own data directories.

test('doctor: healthy exits 0; FTS drift behind its back exits 1; --repair fixes it and makes a backup', (t) => {
  const dir = tempDir('cli-doctor');
  seed(dir, sessionPayloads('cc-doc-1', repo));
  const edit = parseJsonl(ok(['export'], { dataDir: dir }).stdout).find((r): r is ExportedObservation => r.record === 'observation' && r.toolUseId === TOOL_IDS.edit)!;

  const healthy = ok(['doctor'], { dataDir: dir });
  t.diagnostic(healthy.stdout);
  assert.match(healthy.stdout, /healthy/);
  assert.equal((JSON.parse(ok(['doctor', '--json'], { dataDir: dir }).stdout) as { healthy: boolean }).healthy, true);

  const db = openSqlite(join(dir, 'mnemo.db'));
  const total = (db.prepare('SELECT count(*) AS n FROM observations').get() as { n: number }).n;
  db.prepare('DELETE FROM observations_fts WHERE rowid = ?').run(edit.id);
  db.close();
  assert.deepEqual(JSON.parse(ok(['search', MARK.identifier, '--json'], { dataDir: dir }).stdout), [], 'the drift is real: search misses the row');

  const drift = cli(['doctor'], { dataDir: dir });
  t.diagnostic(drift.stdout);
  assert.equal(drift.status, 1, `doctor must fail on drift:\n${drift.stdout}${drift.stderr}`);
  assert.match(drift.stdout, /full-text|index/i);
  assert.match(drift.stdout, /✗/);
  const driftJson = JSON.parse(cli(['doctor', '--json'], { dataDir: dir }).stdout) as { healthy: boolean; checks: Array<{ ok: boolean }> };
  assert.equal(driftJson.healthy, false);

  const repaired = ok(['doctor', '--repair'], { dataDir: dir });
  t.diagnostic(repaired.stdout);
  assert.match(repaired.stdout, /backup/i);
  const backups = readdirSync(dir).filter((n) => /^mnemo\.db\.backup-/.test(n));
  assert.equal(backups.length, 1, `one backup in the data dir: ${readdirSync(dir).join(', ')}`);
  const bdb = openSqlite(join(dir, backups[0]!), { readonly: true, fileMustExist: true });
  try {
    assert.equal((bdb.prepare('SELECT count(*) AS n FROM observations').get() as { n: number }).n, total, 'the backup holds every observation');
    assert.equal((bdb.pragma('integrity_check', { simple: true }) as string), 'ok');
  } finally {
    bdb.close();
  }

  ok(['doctor'], { dataDir: dir });
  const back = JSON.parse(ok(['search', MARK.identifier, '--json'], { dataDir: dir }).stdout) as Array<{ id: number }>;
  assert.deepEqual(back.map((r) => r.id), [edit.id], 'after repair the row is searchable again');
});

test('demo: exit 0, shows the index and search results, nothing leaked, nothing written to the data dir', () => {
  const dir = join(tempDir('cli-demo'), 'never-created');
  const r = ok(['demo'], { dataDir: dir });
  assert.match(r.stdout, /SessionStart injects/);
  assert.match(r.stdout, /# mnemo: memory of/, 'the injected index is shown');
  assert.match(r.stdout, /^\s*│ #\d+ /m, 'index lines are shown');
  assert.match(r.stdout, /▶ mnemo search/);
  assert.match(r.stdout, /^\s+#\d+ \d{4}-\d\d-\d\d/m, 'search results are shown');
  assert.match(r.stdout, /nowhere in the store/);
  // The last session's brief: the commit by subject, the ECONNRESET run settled by the green one,
  // so it is neither "fixed" and "unresolved" at once nor open at all.
  const brief = r.stdout.slice(r.stdout.indexOf('## 上次会话'), r.stdout.indexOf('### 2026') > 0 ? r.stdout.indexOf('### 2026') : undefined);
  assert.match(brief, /提交: fix\(db\): release pooled connections on error and retry acquire/);
  assert.doesNotMatch(brief, /ECONNRESET/);
  assert.match(brief, /### 未解决问题与风险\n\s*│ - 无记录/);
  assert.doesNotMatch(r.stdout, /LEAKED/);
  assert.doesNotMatch(r.stdout, /hunter2|s3cr3tPass/, 'the demo output itself shows no secret');
  assert.equal(existsSync(dir), false, "demo wrote into the user's data directory");
  const project = /project:\s+(\S+)/.exec(r.stdout)?.[1];
  assert.ok(project && !existsSync(project), `demo cleans up its temporary project (${project})`);
});

test('no private text or secret anywhere in the data dir after all of the above', () => {
  for (const needle of [MARK.privateText, MARK.allPrivate, MARK.ghToken]) assert.deepEqual(filesContaining(dataDir, needle), [], `${needle} reached the disk`);
});
