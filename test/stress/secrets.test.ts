/**
 * Secrets never reach the disk or any output (issue 8 "Secrets"), end to end. The corpus in
 * test/fixtures/secrets (real-world formats, fake values) is planted into every way text reaches
 * mnemo — prompts, tool inputs and outputs, file contents, edits, errors, commands, final answers
 * (also read from a transcript's tail), subagent results, compaction summaries, MCP tools, JSON keys,
 * `mnemo import claude-code` and `mnemo import jsonl` — and then looked for in every file under the
 * data directory (database, WAL, spool, log) and in the output of the CLI, the MCP server, the
 * viewer's API and `mnemo extract`. The look-alike corpus (hashes, UUIDs, data URIs, identifiers)
 * must survive unredacted and stay searchable.
 *
 * Limits are raised (MNEMO_MAX_*_CHARS=1000000) so that truncation cannot hide a redaction miss;
 * one pass at the default limits puts secrets right at the cut.
 * test/unit/privacy holds the redaction engine's own suite; this is the system around it.
 */
import { before, describe, it, test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { LOOKALIKES, SECRETS, fragments, plantings, type Secret } from '../fixtures/secrets/corpus.ts';
import { resolveConfig } from '../../src/config/config.ts';
import { SqliteStore } from '../../src/store/sqlite/sqlite-store.ts';
import { startViewer } from '../../src/viewer/index.ts';
import { randomUUID } from 'node:crypto';
import { captureEvent } from '../../src/core/capture.ts';
import type { HookEvent } from '../../src/core/types.ts';
import {
  type EventName,
  REPO_ROOT,
  allFiles,
  childEnv,
  cliJs,
  exportAll,
  hookContractProblems,
  pool,
  report,
  runCli,
  runHook,
  scale,
  spoolFiles,
  startMcp,
  tempDir,
  textOf,
  validPayload,
} from './helpers.ts';
import { spawn } from 'node:child_process';

const UNLIMITED = { MNEMO_MAX_INPUT_CHARS: '1000000', MNEMO_MAX_OUTPUT_CHARS: '1000000' };

type Payload = Record<string, unknown>;

/** Every way text reaches a hook, as (event, payload extras) for a text. */
const PLACEMENTS: Record<string, { event: string; extra: (text: string, cwd: string, i: number) => Payload }> = {
  prompt: { event: 'UserPromptSubmit', extra: (t) => ({ prompt: `Please deploy with this config:\n${t}` }) },
  'bash-command': { event: 'PostToolUse', extra: (t, _c, i) => ({ tool_name: 'Bash', tool_use_id: `toolu_cmd_${i}`, tool_input: { command: t, description: 'deploy' }, tool_response: { stdout: 'done', stderr: '', interrupted: false } }) },
  'bash-output': { event: 'PostToolUse', extra: (t, _c, i) => ({ tool_name: 'Bash', tool_use_id: `toolu_out_${i}`, tool_input: { command: 'cat config/production.*' }, tool_response: { stdout: t, stderr: t.split('\n')[0], interrupted: false } }) },
  'write-file': { event: 'PostToolUse', extra: (t, c, i) => ({ tool_name: 'Write', tool_use_id: `toolu_write_${i}`, tool_input: { file_path: join(c, `.env.${i}`), content: t }, tool_response: { type: 'create', filePath: join(c, `.env.${i}`), content: t } }) },
  'edit-file': { event: 'PostToolUse', extra: (t, c, i) => ({ tool_name: 'Edit', tool_use_id: `toolu_edit_${i}`, tool_input: { file_path: join(c, 'config.ts'), old_string: 'placeholder', new_string: t }, tool_response: { filePath: join(c, 'config.ts'), oldString: 'placeholder', newString: t, originalFile: `before\n${t}\nafter` } }) },
  'read-file': { event: 'PostToolUse', extra: (t, c, i) => ({ tool_name: 'Read', tool_use_id: `toolu_read_${i}`, tool_input: { file_path: join(c, 'secrets.yaml') }, tool_response: { type: 'text', file: { filePath: join(c, 'secrets.yaml'), content: t, numLines: t.split('\n').length, startLine: 1, totalLines: 9 } } }) },
  'mcp-output': { event: 'PostToolUse', extra: (t, _c, i) => ({ tool_name: 'mcp__vault__read_secret', tool_use_id: `toolu_mcp_${i}`, tool_input: { path: 'kv/prod', note: t }, tool_response: { content: [{ type: 'text', text: t }] } }) },
  failure: { event: 'PostToolUseFailure', extra: (t, _c, i) => ({ tool_name: 'Bash', tool_use_id: `toolu_fail_${i}`, tool_input: { command: './deploy.sh' }, error: `Exit code 1\n${t}` }) },
  'pre-tool': { event: 'PreToolUse', extra: (t, _c, i) => ({ tool_name: 'Bash', tool_use_id: `toolu_pre_${i}`, tool_input: { command: t } }) },
  stop: { event: 'Stop', extra: (t) => ({ last_assistant_message: `I configured it:\n${t}` }) },
  'stop-transcript': {
    event: 'Stop',
    extra: (t, c, i) => {
      const file = join(c, `transcript-${i}.jsonl`);
      writeFileSync(file, JSON.stringify({ type: 'assistant', message: { role: 'assistant', content: [{ type: 'text', text: `Done:\n${t}` }] } }) + '\n');
      return { transcript_path: file, last_assistant_message: undefined };
    },
  },
  subagent: { event: 'SubagentStop', extra: (t) => ({ agent_type: 'general-purpose', last_assistant_message: t }) },
  compact: { event: 'PostCompact', extra: (t) => ({ compact_summary: `We set up deployment.\n${t}` }) },
  precompact: { event: 'PreCompact', extra: (t) => ({ trigger: 'manual', custom_instructions: `keep ${t}` }) },
};

/** Batches of rendered plantings, each batch becoming one text. */
function batches<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

interface Leak {
  readonly secret: string;
  readonly where: string;
}

function leaksIn(where: string, text: string | Buffer, secrets: readonly Secret[] = SECRETS): Leak[] {
  const hay = Buffer.isBuffer(text) ? text : Buffer.from(text, 'utf8');
  const out: Leak[] = [];
  for (const s of secrets) {
    for (const f of fragments(s)) {
      // JSON escapes the slash and the plus in some writers; look for those spellings too.
      const spellings = new Set([f, JSON.stringify(f).slice(1, -1), f.replaceAll('/', '\\/')]);
      if ([...spellings].some((sp) => hay.includes(Buffer.from(sp, 'utf8')))) {
        out.push({ secret: s.id, where });
        break;
      }
    }
  }
  return out;
}

function get(port: number, path: string): Promise<string> {
  return new Promise((res, rej) => {
    request({ host: '127.0.0.1', port, path, headers: { Host: `127.0.0.1:${port}` } }, (r) => {
      const chunks: Buffer[] = [];
      r.on('data', (c: Buffer) => chunks.push(c));
      r.on('end', () => res(Buffer.concat(chunks).toString('utf8')));
      r.on('error', rej);
    })
      .on('error', rej)
      .end();
  });
}

function extract(stdin: string, dataDir: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((res) => {
    const child = spawn(process.execPath, [cliJs(), 'extract'], { env: childEnv(dataDir), stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (b: Buffer) => (stdout += b.toString()));
    child.stderr.on('data', (b: Buffer) => (stderr += b.toString()));
    child.on('close', (code) => res({ code, stdout, stderr }));
    child.stdin.end(stdin);
  });
}

/** A Claude Code transcript (the fixture's shape) with every message's text replaced by plantings. */
function plantedTranscript(texts: readonly string[], cwd: string): string {
  const lines = readFileSync(join(REPO_ROOT, 'test', 'fixtures', 'transcripts', 'tomjnsn-agentlogs', 'crud.jsonl'), 'utf8').split('\n').filter(Boolean);
  let k = 0;
  const next = () => texts[k++ % texts.length]!;
  return lines
    .map((line) => {
      const o = JSON.parse(line) as { sessionId?: string; cwd?: string; message?: { content?: unknown } };
      if (o.sessionId) o.sessionId = 'secrets-import-session';
      if (o.cwd) o.cwd = cwd;
      const c = o.message?.content;
      if (typeof c === 'string') o.message!.content = next();
      else if (Array.isArray(c)) {
        for (const item of c as Record<string, unknown>[]) {
          if (item.type === 'text') item.text = next();
          else if (item.type === 'tool_use') item.input = { command: next() };
          else if (item.type === 'tool_result') item.content = next();
          else if (item.type === 'thinking') item.thinking = next();
        }
      }
      return JSON.stringify(o);
    })
    .join('\n');
}

describe('the secret corpus, planted everywhere', () => {
  const dataDir = tempDir('mnemo-stress-secrets-');
  const cwd = tempDir('mnemo-stress-secrets-cwd-');
  const all = plantings();
  let planted = 0;
  let hookRuns = 0;
  const spoolLeaks: Leak[] = [];
  const outputs: { where: string; text: string }[] = [];

  before(async () => {
    // Pass 1: every (secret, format) planting once, placements in rotation.
    // Pass 2: every secret in every placement (its first format).
    const names = Object.keys(PLACEMENTS);
    const jobs: { placement: string; text: string; n: number }[] = [];
    const size = scale(16, 4);
    batches(all, size).forEach((b, i) => jobs.push({ placement: names[i % names.length]!, text: b.map((p) => p.text).join('\n\n'), n: b.length }));
    for (const name of names) for (const b of batches(SECRETS.map((s) => all.find((p) => p.secret === s)!), scale(24, 6))) jobs.push({ placement: name, text: b.map((p) => p.text).join('\n\n'), n: b.length });
    const runs = await pool(jobs, 4, async (job, i) => {
      const { event, extra } = PLACEMENTS[job.placement]!;
      const payload = { ...validPayload(event as EventName, `secrets-${job.placement}`, cwd), ...extra(job.text, cwd, i) };
      planted += job.n;
      return { job, r: await runHook(event, payload, { dataDir, cwd, env: UNLIMITED }) };
    });
    hookRuns = runs.length;
    const problems = runs.flatMap(({ job, r }) => hookContractProblems(PLACEMENTS[job.placement]!.event, r).map((p) => `${job.placement}: ${p}`));
    assert.deepEqual(problems, []);
    for (const { job, r } of runs) outputs.push({ where: `hook ${job.placement} stdout`, text: r.stdout + r.stderr });
    // The spool, before anything folds it.
    for (const f of spoolFiles(dataDir)) spoolLeaks.push(...leaksIn(`spool/${f}`, readFileSync(join(dataDir, 'spool', f))));

    // MCP: save_memory and hook_event from another platform.
    const server = await startMcp(dataDir, cwd, UNLIMITED);
    for (const b of batches(all, 25)) {
      const text = b.map((p) => p.text).join('\n\n');
      const r1 = await server.call('save_memory', { title: `Credentials: ${b[0]!.text.replace(/\n/g, ' ')}`.slice(0, 300), text: text.slice(0, 100_000), type: 'note' });
      const r2 = await server.call('hook_event', { event: 'PostToolUse', platform: 'trae', payload: { session_id: 'secrets-trae', cwd, tool_name: 'run_command', tool_use_id: `call_${planted}`, tool_input: { command: b[0]!.text }, tool_response: { stdout: text } } });
      planted += 2 * b.length;
      outputs.push({ where: 'mcp save_memory', text: textOf(r1) }, { where: 'mcp hook_event', text: textOf(r2) });
    }
    await server.close();

    // Import: a transcript full of secrets, and a hand-made export carrying them.
    const transcript = join(cwd, 'planted-transcript.jsonl');
    writeFileSync(transcript, plantedTranscript(all.map((p) => p.text), cwd));
    const imp = await runCli(['import', 'claude-code', transcript, '--json'], dataDir, cwd);
    outputs.push({ where: 'import claude-code output', text: imp.stdout + imp.stderr });
    assert.equal(imp.code, 0, imp.stderr);
    const exported = join(cwd, 'planted-export.jsonl');
    const now = Date.now();
    const lines = [JSON.stringify({ record: 'session', id: 900, platform: 'claude-code', externalId: 'secrets-jsonl', project: cwd, startedAt: now, observationCount: all.length })];
    all.forEach((p, i) => lines.push(JSON.stringify({ record: 'observation', id: 9000 + i, sessionId: 900, project: cwd, platform: 'claude-code', kind: 'tool', type: 'command', title: `Ran ${p.text.split('\n')[0]!.slice(0, 150)}`, body: p.text, files: [], tags: 'Bash', toolName: 'Bash', private: false, createdAt: now + i, uid: `jsonl-secret-${i}` })));
    writeFileSync(exported, lines.join('\n') + '\n');
    const impJ = await runCli(['import', 'jsonl', exported, '--json'], dataDir, cwd);
    outputs.push({ where: 'import jsonl output', text: impJ.stdout + impJ.stderr });
    assert.equal(impJ.code, 0, impJ.stderr);
    planted += 2 * all.length;
  });

  it('no secret in any file under the data directory (db, WAL, spool, log)', async () => {
    const { observations, sessions } = await exportAll(dataDir);
    // Where each stored leak came from: the session names the placement, the text shows the format.
    const sessionName = new Map(sessions.map((x) => [x.id, x.externalId]));
    const sources = new Map<string, Set<string>>();
    for (const o of observations) {
      for (const l of leaksIn('', `${o.title}\n${o.body}\n${o.files.join(' ')}`)) {
        const secret = SECRETS.find((x) => x.id === l.secret)!;
        const needle = fragments(secret).find((f) => `${o.title}\n${o.body}`.includes(f)) ?? '';
        const at = `${o.title}\n${o.body}`.indexOf(needle);
        const context = `${o.title}\n${o.body}`.slice(Math.max(0, at - 40), at).replace(/\s+/g, ' ');
        const key = `${l.secret}`;
        if (!sources.has(key)) sources.set(key, new Set());
        sources.get(key)!.add(`${sessionName.get(o.sessionId)}/${o.type}: …${context}`);
      }
    }
    for (const [secret, where] of sources) console.log(`[stress] secret leak ${secret}: ${[...where].slice(0, 4).join(' | ')}`);
    assert.ok(observations.length > 50, `${observations.length} observations stored`);
    const leaks = [...spoolLeaks];
    const files = allFiles(dataDir);
    for (const f of files) leaks.push(...leaksIn(f.slice(dataDir.length + 1), readFileSync(f)));
    report('secrets on disk', { secretFormats: SECRETS.length, plantings: planted, hookRuns, filesScanned: files.length, leaked: leaks.length, leakedSecrets: [...new Set(leaks.map((l) => l.secret))] });
    assert.deepEqual(leaks, []);
  });

  it('no secret in what the CLI, the MCP server, the viewer API and `mnemo extract` print', async () => {
    const { observations } = await exportAll(dataDir);
    const ids = observations.map((o) => o.id);
    const queries = ['REDACTED', 'deploy', 'token', 'password', 'key', 'credentials', 'secret', 'AWS', 'github', 'BEGIN'];
    for (const args of [['export'], ['sessions', '--json'], ['context'], ['context', '--json'], ...queries.map((q) => ['search', q, '--json', '--limit', '200']), ['get', ...ids.slice(0, 200).map(String)], ['timeline', String(ids[0]), '--before', '50', '--after', '50']]) {
      const r = await runCli(args, dataDir, cwd);
      outputs.push({ where: `cli ${args.slice(0, 2).join(' ')}`, text: r.stdout + r.stderr });
    }
    const server = await startMcp(dataDir, cwd);
    for (const q of queries) outputs.push({ where: `mcp search ${q}`, text: textOf(await server.call('search', { query: q, limit: 50 })) });
    for (let i = 0; i < ids.length; i += 20) outputs.push({ where: 'mcp get_observations', text: textOf(await server.call('get_observations', { ids: ids.slice(i, i + 20) })) });
    outputs.push({ where: 'mcp context', text: textOf(await server.call('context', { query: 'deploy token' })) });
    outputs.push({ where: 'mcp timeline', text: textOf(await server.call('timeline', { id: ids[0]!, before: 50, after: 50 })) });
    await server.close();
    const config = resolveConfig({ MNEMO_DATA_DIR: dataDir });
    const store = SqliteStore.open({ path: config.dbPath, busyTimeoutMs: 5000 });
    const viewer = await startViewer({ store, config, version: 'stress', port: 0, pollMs: 60_000 });
    try {
      for (const path of ['/api/export', '/api/feed?limit=500', '/api/sessions', '/api/context', ...queries.map((q) => `/api/search?q=${q}&limit=200`), ...ids.slice(0, scale(60, 400)).map((id) => `/api/observations/${id}`)]) {
        outputs.push({ where: `viewer ${path.split('?')[0]}`, text: await get(viewer.port, path) });
      }
    } finally {
      await viewer.close();
      await store.close();
    }
    const payloads = all.slice(0, 60).map((p, i) => JSON.stringify(validPayload('PostToolUse', 'secrets-extract', cwd, { tool_use_id: `toolu_x_${i}`, tool_input: { command: p.text }, tool_response: { stdout: p.text, stderr: '' } })));
    const ex = await extract(payloads.join('\n'), dataDir);
    outputs.push({ where: 'cli extract', text: ex.stdout + ex.stderr });
    // A secret the store already holds shows up in every output (the previous test reports it);
    // here only leaks the outputs add on their own count.
    const stored = new Set(leaksIn('store', (await runCli(['export'], dataDir, cwd)).stdout).map((l) => l.secret));
    const found = outputs.flatMap((o) => leaksIn(o.where, o.text));
    const leaks = found.filter((l) => !stored.has(l.secret));
    report('secrets in output', { outputsChecked: outputs.length, leakedViaStore: found.length - leaks.length, leakedByOutputsAlone: leaks.length, leaks: leaks.slice(0, 30).map((l) => `${l.secret} @ ${l.where}`) });
    assert.deepEqual(leaks, []);
  });
});

test('tokens used as JSON object keys are redacted too ({"ghp_…": "alice"})', async () => {
  const dataDir = tempDir('mnemo-stress-secrets-keys-');
  const cwd = tempDir('mnemo-stress-secrets-keys-cwd-');
  // Tokens recognisable by shape alone, as keys of tool_input and tool_response.
  const shaped = SECRETS.filter((x) => x.formats.includes('bare') && !x.value.includes('\n'));
  const r = await runHook('PostToolUse', validPayload('PostToolUse', 'secrets-json-keys', cwd, { tool_name: 'Bash', tool_use_id: 'toolu_keys', tool_input: { command: 'jq . owners.json', map: Object.fromEntries(shaped.map((x) => [x.value, 'input'])) }, tool_response: Object.fromEntries(shaped.map((x, k) => [x.value, `owner-${k}`])) }), { dataDir, cwd, env: UNLIMITED });
  assert.deepEqual(hookContractProblems('PostToolUse', r), []);
  await exportAll(dataDir);
  const leaks = allFiles(dataDir).flatMap((f) => leaksIn(f.slice(dataDir.length + 1), readFileSync(f), shaped));
  report('secrets as JSON keys', { planted: shaped.length, leaked: leaks.length, leakedSecrets: leaks.map((l) => l.secret).slice(0, 12) });
  assert.deepEqual(leaks.map((l) => l.secret), []);
});

test('look-alikes (hashes, UUIDs, data URIs, identifiers) survive unredacted and stay searchable', async () => {
  const dataDir = tempDir('mnemo-stress-lookalikes-');
  const cwd = tempDir('mnemo-stress-lookalikes-cwd-');
  const doc = LOOKALIKES.map((l) => `${l.id}: ${l.value}`).join('\n');
  const runs = await Promise.all([
    runHook('UserPromptSubmit', validPayload('UserPromptSubmit', 'lookalikes', cwd, { prompt: `Check these:\n${doc}` }), { dataDir, cwd }),
    runHook('PostToolUse', validPayload('PostToolUse', 'lookalikes', cwd, { tool_use_id: 'toolu_look_out', tool_input: { command: 'git log -1 && docker images --digests' }, tool_response: { stdout: doc, stderr: '' } }), { dataDir, cwd }),
    runHook('PostToolUse', validPayload('PostToolUse', 'lookalikes', cwd, { tool_name: 'Write', tool_use_id: 'toolu_look_write', tool_input: { file_path: join(cwd, 'notes.md'), content: doc }, tool_response: { type: 'create', filePath: join(cwd, 'notes.md') } }), { dataDir, cwd }),
  ]);
  for (const r of runs) assert.equal(r.code, 0);
  const { observations } = await exportAll(dataDir);
  const text = observations.map((o) => `${o.title}\n${o.body}`).join('\n');
  const redacted = LOOKALIKES.filter((l) => !text.includes(l.value)).map((l) => `${l.id}: ${/\[REDACTED:[a-z_]+/.exec(text.slice(text.indexOf(`${l.id}:`), text.indexOf(`${l.id}:`) + 300))?.[0] ?? 'missing'}`);
  const unsearchable: string[] = [];
  for (const l of LOOKALIKES.filter((x) => x.searchable)) {
    const r = await runCli(['search', l.value, '--json'], dataDir, cwd);
    const hits = r.code === 0 ? (JSON.parse(r.stdout) as { body: string; title: string }[]) : [];
    if (!hits.some((h) => `${h.title}\n${h.body}`.includes(l.value))) unsearchable.push(`${l.id} (${l.value.slice(0, 40)}): ${r.code === 0 ? `${hits.length} hit(s)` : r.stderr.trim()}`);
  }
  report('look-alikes', { lookAlikes: LOOKALIKES.length, redacted: redacted.length, redactedIds: redacted, searchable: LOOKALIKES.filter((l) => l.searchable).length, unsearchable });
  assert.deepEqual(redacted, [], 'look-alikes were redacted');
  assert.deepEqual(unsearchable, [], 'look-alikes could not be found');
});

test('forgotten text does not linger in the database file or its WAL', async () => {
  const dataDir = tempDir('mnemo-stress-forget-');
  const cwd = tempDir('mnemo-stress-forget-cwd-');
  const marker = 'zqforgetmeplease7741zq';
  await runHook('UserPromptSubmit', validPayload('UserPromptSubmit', 'forget', cwd, { prompt: `my home address is ${marker}` }), { dataDir, cwd });
  await runHook('PostToolUse', validPayload('PostToolUse', 'forget', cwd, { tool_use_id: 'toolu_keep', tool_input: { command: 'make keepme' } }), { dataDir, cwd });
  const { observations } = await exportAll(dataDir);
  const target = observations.find((o) => o.body.includes(marker));
  assert.ok(target);
  const f = await runCli(['forget', String(target.id)], dataDir, cwd);
  assert.equal(f.code, 0, f.stderr);
  await exportAll(dataDir); // another process opens and closes the store (a checkpoint)
  const lingering = allFiles(dataDir).filter((p) => readFileSync(p).includes(Buffer.from(marker)));
  report('forget', { lingering: lingering.map((p) => p.slice(dataDir.length + 1)) });
  assert.deepEqual(lingering.map((p) => p.slice(dataDir.length + 1)), [], 'the forgotten text is still in these files (SQLite keeps deleted rows in free pages unless secure_delete is on)');
});


/** Every run of `n` characters of the needle (a fragment a cut could leave). */
function chunks(needle: string, n: number): string[] {
  const out: string[] = [];
  for (let i = 0; i + n <= needle.length; i++) out.push(needle.slice(i, i + n));
  return out;
}

/** Where truncateMiddle(text of `length`, max) cuts: the end of the head and the start of the tail. */
function cuts(length: number, max: number): [number, number] {
  const marker = `\n… [${length - max} characters omitted] …\n`;
  const room = Math.max(0, max - marker.length);
  const head = Math.ceil(room * 0.7);
  return [head, length - (room - head)];
}

test('secrets cut at the truncation boundaries leave no fragment behind (default limits)', async () => {
  // Capture clips long fields before it redacts them (bounded work); a secret straddling a cut must
  // not survive as a fragment the redactor no longer recognises. In-process over the whole corpus,
  // then a few through the real hook.
  // Secrets recognisable by their shape alone (the cut test plants the bare value), and only those
  // the redactor catches when nothing is cut (a miss there is the corpus test's business).
  const single = SECRETS.filter((x) => !x.value.includes('\n') && x.formats.includes('bare')).filter((x) => {
    const ev = { event: 'PostToolUse', platform: 'claude-code', sessionId: 'cut', toolName: 'Bash', toolUseId: 't', toolInput: { command: 'make' }, toolResponse: { stdout: `build ok\n${x.value}\nbuild ok` } } as HookEvent;
    return !JSON.stringify(captureEvent(ev, { place: { project: '/cut' }, now: 1, uid: 'u', limits: { maxInputChars: 2000, maxOutputChars: 4000 } })).includes(x.needles[0]!);
  });
  const filler = (n: number) => 'build step output, nothing secret here; '.repeat(Math.ceil(n / 40)).slice(0, n);
  const fields: { field: string; max: number; make: (text: string) => Partial<HookEvent> }[] = [
    { field: 'tool_response.stdout', max: 4000 * 4, make: (t) => ({ event: 'PostToolUse', toolName: 'Bash', toolUseId: 'toolu_cut', toolInput: { command: 'make' }, toolResponse: { stdout: t, stderr: '' } }) },
    { field: 'tool_input.command', max: 2000 * 4, make: (t) => ({ event: 'PostToolUse', toolName: 'Bash', toolUseId: 'toolu_cut', toolInput: { command: t }, toolResponse: { stdout: 'ok' } }) },
    { field: 'error', max: 4000 * 4, make: (t) => ({ event: 'PostToolUseFailure', toolName: 'Bash', toolUseId: 'toolu_cut', toolInput: { command: 'make' }, error: t }) },
    { field: 'prompt', max: 8000 * 4, make: (t) => ({ event: 'UserPromptSubmit', prompt: t }) },
  ];
  const leaks: string[] = [];
  let tried = 0;
  const through: { secret: Secret; stdin: Record<string, unknown> }[] = [];
  for (const s of single) {
    const needle = s.needles[0]!;
    const at = s.value.indexOf(needle);
    for (const f of fields) {
      const length = f.max * 2;
      for (const [which, cut] of cuts(length, f.max).entries()) {
        // The needle's middle sits on the cut.
        const start = cut - at - Math.floor(needle.length / 2);
        const text = filler(start) + s.value + filler(length - start - s.value.length);
        const ev = { platform: 'claude-code', sessionId: 'cut', cwd: '/cut', ...f.make(text) } as HookEvent;
        const ce = captureEvent(ev, { place: { project: '/cut' }, now: 1, uid: randomUUID(), limits: { maxInputChars: 2000, maxOutputChars: 4000 } });
        tried++;
        // The observation goes to the database; the whole event (with the clipped call) to the spool.
        const inObservation = chunks(needle, 12).find((c) => JSON.stringify(ce?.observation ?? {}).includes(c));
        const inSpool = chunks(needle, 12).find((c) => JSON.stringify(ce ?? {}).includes(c));
        if (inObservation) leaks.push(`${s.id} across the ${which ? 'tail' : 'head'} cut of ${f.field}: the observation keeps ${JSON.stringify(inObservation)}`);
        else if (inSpool) leaks.push(`${s.id} across the ${which ? 'tail' : 'head'} cut of ${f.field}: the spooled call keeps ${JSON.stringify(inSpool)}`);
        if (f.field === 'tool_response.stdout' && through.length < scale(8, 60)) {
          through.push({ secret: s, stdin: { tool_name: 'Bash', tool_use_id: `toolu_cut_${s.id}_${which}`, tool_input: { command: 'make' }, tool_response: { stdout: text, stderr: '' } } });
        }
      }
    }
  }
  const dataDir = tempDir('mnemo-stress-secrets-cut-');
  const cwd = tempDir('mnemo-stress-secrets-cut-cwd-');
  await pool(through, 4, (t) => runHook('PostToolUse', validPayload('PostToolUse', 'cut', cwd, t.stdin), { dataDir, cwd }));
  const onDisk: string[] = [];
  // The hooks' V8 code cache (cache/*.v8) holds mnemo's own compiled bundles, string literals included
  // (the redaction rules' hints, such as `hooks.slack.`): there a fragment counts only if it is not
  // already in the bundles' source text.
  const ownCode = readdirSync(join(REPO_ROOT, 'plugin', 'dist'))
    .filter((n) => n.endsWith('.cjs'))
    .map((n) => readFileSync(join(REPO_ROOT, 'plugin', 'dist', n), 'utf8'))
    .join('\n');
  const scan = () => {
    for (const file of allFiles(dataDir)) {
      const bytes = readFileSync(file);
      const codeCache = file.endsWith('.v8');
      for (const t of through) {
        const found = chunks(t.secret.needles[0]!, 12).find((c) => bytes.includes(Buffer.from(c)) && !(codeCache && ownCode.includes(c)));
        if (found) onDisk.push(`${t.secret.id} in ${file.slice(dataDir.length + 1)}: ${JSON.stringify(found)}`);
      }
    }
  };
  scan(); // the spool, before a fold
  await exportAll(dataDir);
  const spooled = onDisk.length;
  scan(); // the database
  const byField: Record<string, number> = {};
  for (const l of leaks) {
    const k = `${/cut of (\S+)/.exec(l)?.[1]}: ${/the (observation|spooled call)/.exec(l)?.[1]}`;
    byField[k] = (byField[k] ?? 0) + 1;
  }
  report('secrets at the cut', { secrets: single.length, fields: fields.length, inputsTried: tried, fragmentsKept: leaks.length, byField, throughHooks: through.length, fragmentsInSpool: spooled, fragmentsInDatabase: onDisk.length - spooled, onDisk: onDisk.slice(spooled, spooled + 4), examples: leaks.slice(0, 4) });
  assert.deepEqual(leaks, []);
  assert.deepEqual(onDisk, []);
});
