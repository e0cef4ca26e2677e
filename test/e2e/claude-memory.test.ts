// Issue 2, end to end: the real Claude Code CLI with the mnemo plugin (plugin/), offline against the
// scripted stand-in API.
// Session 1 writes a file, runs a failing command and edits the file, with a prompt that carries
// <private> text. Session 2 in the same project gets an index naming that file in its first request; its
// scripted model calls search and get_observations and gets the right records back. Session 3 resumes
// session 2 and gets no injection. The private text appears nowhere in the data directory.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import {
  assertClaudeInstalled,
  cleanupTempDirs,
  CLAUDE_BIN,
  describeRun,
  makeHome,
  makeTempDir,
  PLUGIN_DIR,
  runClaude,
  type RunClaudeResult,
} from './claude-harness.ts';
import { requestTexts, toolResults, type StepContext } from './fake-anthropic.ts';
import { BACKGROUND_EVENTS } from '../../src/install/assistants/claude-code.ts';

after(cleanupTempDirs);

const SEARCH = 'mcp__plugin_mnemo_mnemo__search';
const GET = 'mcp__plugin_mnemo_mnemo__get_observations';
const SECRET = 'BLUEFALCON';
const FILE_NAME = 'orbit-planner.js';
const HOOK_ENTRY = join(PLUGIN_DIR, 'dist', 'hook.cjs');
const CLI_ENTRY = join(PLUGIN_DIR, 'dist', 'cli.js');

before(() => {
  assertClaudeInstalled();
  // Never skip: a missing plugin build is a failure with instructions, not a silent pass.
  const missing = [join(PLUGIN_DIR, 'hooks', 'hooks.json'), HOOK_ENTRY].filter((p) => !existsSync(p));
  if (missing.length > 0) {
    throw new Error(`mnemo plugin is not built (missing ${missing.join(', ')}). Run \`npm install\` or \`npm run build\`.`);
  }
});

test('claude plugin validate --strict plugin passes', { timeout: 30_000 }, () => {
  const result = spawnSync(CLAUDE_BIN, ['plugin', 'validate', '--strict', PLUGIN_DIR], {
    encoding: 'utf8',
    env: { PATH: process.env.PATH, HOME: makeHome(), DISABLE_AUTOUPDATER: '1', CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1' },
    timeout: 25_000,
  });
  assert.equal(result.status, 0, `claude plugin validate --strict plugin failed:\n${result.stdout}\n${result.stderr}`);
  assert.match(result.stdout, /Validation passed/);
});

test('mnemo remembers session 1 in session 2 through the real Claude Code CLI', { timeout: 120_000 }, async (t) => {
  const project = makeTempDir('project');
  git(project, 'init', '-q', '-b', 'main');
  git(project, 'commit', '-q', '--allow-empty', '-m', 'init');
  const home = makeHome();
  const dataDir = makeTempDir('data');
  const env = { MNEMO_DATA_DIR: dataDir };
  const file = join(project, FILE_NAME);

  // ---- Session 1: write, fail, edit, conclude.
  const s1 = await runClaude({
    prompt: `Please add an orbit planner module. <private>my secret codename is ${SECRET}</private> Then run the check and fix it.`,
    cwd: project,
    home,
    pluginDir: PLUGIN_DIR,
    env,
    outputFormat: 'stream-json',
    script: [
      { tool_use: { id: 'toolu_s1_write', name: 'Write', input: { file_path: file, content: 'export const orbit = 1;\n' } } },
      {
        tool_use: {
          id: 'toolu_s1_check',
          name: 'Bash',
          input: { command: `grep -q "orbit = 2" ${FILE_NAME} || { echo "orbit check failed: expected orbit = 2" >&2; exit 3; }`, description: 'Run the orbit check' },
        },
      },
      { tool_use: { id: 'toolu_s1_edit', name: 'Edit', input: { file_path: file, old_string: 'orbit = 1', new_string: 'orbit = 2' } } },
      { text: `Added ${FILE_NAME}; the orbit check failed with exit code 3, so I changed orbit to 2.` },
    ],
  });
  const why1 = `session 1: ${describeRun(s1)}\n  hooks: ${describeHooks(s1)}`;
  assert.equal(s1.code, 0, why1);
  assert.deepEqual(s1.apiErrors, [], why1);
  assert.equal(s1.mainRequests.length, 4, `a Stop hook must not keep Claude talking; ${why1}`);
  assert.equal(readFileSync(file, 'utf8'), 'export const orbit = 2;\n');
  assert.equal(toolResults(s1.mainRequests[2]!.body).find((r) => r.tool_use_id === 'toolu_s1_check')?.is_error, true, why1);
  assertHooksBehaved(s1, 'session 1');

  // ---- Session 2: the index names the file; search, then open a record.
  let searchResultText = '';
  let chosenIds: number[] = [];
  const s2 = await runClaude({
    // The prompt does not name the file, so whatever names it in session 2 comes from session 1's records.
    prompt: 'What did we work on last time?',
    cwd: project,
    home,
    pluginDir: PLUGIN_DIR,
    env,
    outputFormat: 'stream-json',
    script: [
      // MCP tools are deferred in Claude Code: a real model loads their schemas with ToolSearch first.
      { tool_use: { id: 'toolu_s2_load', name: 'ToolSearch', input: { query: `select:${SEARCH},${GET}` } } },
      { tool_use: { id: 'toolu_s2_search', name: SEARCH, input: { query: 'orbit-planner', limit: 10 } } },
      (ctx: StepContext) => {
        const result = toolResults(ctx.request.body).find((r) => r.tool_use_id === 'toolu_s2_search');
        if (!result) throw new Error('no tool_result for the search call');
        searchResultText = result.text;
        chosenIds = pickIds(result.text, FILE_NAME).slice(0, 5);
        if (chosenIds.length === 0) throw new Error(`no observation id found in the search result:\n${result.text}`);
        return { tool_use: { id: 'toolu_s2_get', name: GET, input: { ids: chosenIds } } };
      },
      { text: `Last time ${FILE_NAME} was created, a check failed, and it was edited.` },
    ],
  });
  const why2 = `session 2: ${describeRun(s2)}\n  hooks: ${describeHooks(s2)}\n  store: ${exportStore(dataDir).slice(0, 4000)}`;
  assert.equal(s2.code, 0, why2);
  assert.deepEqual(s2.apiErrors, [], why2);
  assert.equal(s2.mainRequests.length, 4, why2);
  assertHooksBehaved(s2, 'session 2');

  // The SessionStart hook's additionalContext names the file, fits Claude Code's cap, and is in the very first request.
  const startOutput = hookResponses(s2).find((e) => e.hook_event === 'SessionStart')?.stdout;
  const additionalContext: unknown = startOutput ? JSON.parse(startOutput)?.hookSpecificOutput?.additionalContext : undefined;
  assert.ok(typeof additionalContext === 'string', `SessionStart printed hookSpecificOutput.additionalContext: ${startOutput}`);
  assert.match(additionalContext, /mnemo/i);
  assert.ok(additionalContext.includes(FILE_NAME), `the index names ${FILE_NAME}:\n${additionalContext}`);
  assert.ok(additionalContext.length <= 10_000, `the index fits Claude Code's 10,000-character cap (got ${additionalContext.length})`);
  const firstTexts = requestTexts(s2.mainRequests[0]!.body);
  assert.ok(
    firstTexts.some((t) => t.includes(additionalContext)),
    `first request of session 2 carries the index; texts:\n${firstTexts.map((t) => t.slice(0, 300)).join('\n---\n')}\n${why2}`,
  );

  // The MCP tools were offered with their schemas after ToolSearch.
  const tools = (s2.mainRequests[1]!.body.tools as Array<{ name: string; input_schema?: any }>).map((t) => t.name);
  assert.ok(tools.includes(SEARCH) && tools.includes(GET), `ToolSearch loaded the mnemo tools; tools: ${tools.join(',')}`);

  // search answered with the file's records.
  const search = toolResults(s2.mainRequests[2]!.body).find((r) => r.tool_use_id === 'toolu_s2_search');
  assert.ok(search, why2);
  assert.equal(search.is_error, false, `search failed: ${search.text}`);
  const fileRows = searchRows(search.text).filter((r) => r.line.includes(FILE_NAME));
  assert.ok(fileRows.length >= 2, `search lists the records of the write and the edit of ${FILE_NAME}:\n${searchResultText}`);

  // get_observations returned full records that name the file.
  const got = toolResults(s2.mainRequests[3]!.body).find((r) => r.tool_use_id === 'toolu_s2_get');
  assert.ok(got, why2);
  assert.equal(got.is_error, false, `get_observations(${chosenIds.join(',')}) failed: ${got.text}`);
  assert.ok(got.text.includes(FILE_NAME), `get_observations(${chosenIds.join(',')}) names ${FILE_NAME}:\n${got.text}`);
  // Full details, not just titles: the edit's input is in the record.
  assert.ok(got.text.includes('orbit = 2'), `get_observations returns the records' details:\n${got.text}`);
  for (const id of chosenIds) assert.ok(got.text.includes(String(id)), `record #${id} is in the answer`);
  assert.match(got.text, /instruction/i, 'records are prefaced by a line saying they are data, not instructions');

  // ---- Session 3 resumes session 2: no injection on resume.
  const s2Id = s2.events.find((e) => e.type === 'result')?.session_id;
  assert.ok(typeof s2Id === 'string', 'session 2 reported its session id');
  const s3 = await runClaude({
    prompt: 'Carry on.',
    cwd: project,
    home,
    pluginDir: PLUGIN_DIR,
    env,
    outputFormat: 'stream-json',
    args: ['--resume', s2Id],
    script: [{ text: 'Carrying on.' }],
  });
  const why3 = `session 3 (resume): ${describeRun(s3)}\n  hooks: ${describeHooks(s3)}`;
  assert.equal(s3.code, 0, why3);
  assert.deepEqual(s3.apiErrors, [], why3);
  for (const e of hookResponses(s3).filter((h) => h.hook_event === 'SessionStart')) {
    assert.ok(!String(e.stdout).includes('additionalContext'), `no injection on resume: ${e.stdout}`);
  }

  // ---- The store: sessions were closed by SessionEnd, on the git branch they ran on.
  if (existsSync(CLI_ENTRY)) {
    const sessions = exportStore(dataDir)
      .split('\n')
      .filter((l) => l.trim())
      .map((l) => JSON.parse(l))
      .filter((r) => r.record === 'session');
    assert.ok(sessions.length >= 2, `two sessions stored: ${JSON.stringify(sessions)}`);
    for (const session of sessions) {
      assert.ok(session.endedAt, `SessionEnd closed session ${session.id}: ${JSON.stringify(session)}`);
      assert.equal(session.branch, 'main', `session ${session.id} records its branch`);
    }
  }

  t.diagnostic(`claude runs: session 1 ${s1.durationMs} ms, session 2 ${s2.durationMs} ms, session 3 (resume) ${s3.durationMs} ms`);

  // ---- Privacy: the private text is nowhere in the data dir, nor sent back to the model.
  await waitForQuiet(dataDir);
  const leaks = grepTree(dataDir, [SECRET, 'codename']);
  assert.deepEqual(leaks, [], `private text found in the data dir: ${leaks.join(', ')}`);
  for (const r of [...s2.requests, ...s3.requests]) {
    // Session 3 resumes session 2, whose transcript never held the secret either.
    assert.ok(!r.rawBody.toUpperCase().includes(SECRET), `a later session's request ${r.url} carries ${SECRET}`);
  }
  if (existsSync(CLI_ENTRY)) {
    for (const q of [SECRET, 'codename']) {
      const out = cli(dataDir, ['search', q, '--json']);
      assert.deepEqual(JSON.parse(out), [], `mnemo search ${q} --json finds nothing`);
    }
  }
});

// ---------------------------------------------------------------------------------------------

function git(cwd: string, ...args: string[]): void {
  execFileSync('git', ['-c', 'user.name=e2e', '-c', 'user.email=e2e@example.invalid', ...args], { cwd, stdio: 'ignore' });
}

function cli(dataDir: string, args: string[]): string {
  const env: NodeJS.ProcessEnv = { ...process.env, MNEMO_DATA_DIR: dataDir };
  delete env.NODE_OPTIONS;
  return execFileSync(process.execPath, [CLI_ENTRY, ...args], { env, encoding: 'utf8', timeout: 20_000 });
}

function exportStore(dataDir: string): string {
  if (!existsSync(CLI_ENTRY)) return '(no cli)';
  try {
    return cli(dataDir, ['export']);
  } catch (err) {
    return `(export failed: ${err instanceof Error ? err.message : String(err)})`;
  }
}

/** Hook lifecycle events reported by --include-hook-events. */
function hookResponses(run: RunClaudeResult): any[] {
  return run.events.filter((e) => e.type === 'system' && e.subtype === 'hook_response');
}

function describeHooks(run: RunClaudeResult): string {
  return hookResponses(run)
    .map((e) => `${e.hook_event}=${e.exit_code}/${e.outcome}${e.stdout ? ` stdout=${String(e.stdout).slice(0, 200)}` : ''}${e.stderr ? ` stderr=${String(e.stderr).slice(0, 300)}` : ''}`)
    .join('\n    ');
}

/** Hooks never hurt the host: exit 0, one JSON object (or nothing) on stdout, nothing that keeps Stop going. */
function assertHooksBehaved(run: RunClaudeResult, label: string): void {
  const responses = hookResponses(run);
  const events = new Set(responses.map((e) => e.hook_event));
  for (const expected of ['SessionStart', 'UserPromptSubmit', 'Stop']) {
    assert.ok(events.has(expected), `${label}: ${expected} hook ran (saw ${[...events].join(',')})`);
  }
  for (const e of responses) {
    const where = `${label} ${e.hook_event} hook (stdout=${JSON.stringify(e.stdout)}, stderr=${JSON.stringify(e.stderr)})`;
    // A background (async) hook still running when the session ends is signalled and reported as
    // cancelled; mnemo's hook finishes writing its event all the same (the store checks prove it).
    if (e.outcome === 'cancelled' && BACKGROUND_EVENTS.has(e.hook_event)) continue;
    assert.equal(e.exit_code, 0, `${where} exits 0`);
    assert.equal(e.outcome, 'success', where);
    const stdout = String(e.stdout ?? '').trim();
    if (e.hook_event === 'Stop' || e.hook_event === 'SubagentStop') {
      assert.ok(stdout === '' || stdout === '{}', `${where} prints nothing`);
    } else if (stdout !== '' && e.hook_event !== 'SessionEnd') {
      let parsed: unknown;
      assert.doesNotThrow(() => (parsed = JSON.parse(stdout)), `${where} prints one JSON object`);
      assert.ok(parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed), `${where} prints an object`);
    }
  }
}

/**
 * The rows of a search result with their ids. Accepts JSON (an array, or an object with `results`) or text
 * lines that carry an id as `#12`, `[12]`, `id: 12` or a leading number.
 */
function searchRows(text: string): Array<{ id: number; line: string }> {
  try {
    const parsed = JSON.parse(text);
    const list: unknown[] | undefined = Array.isArray(parsed) ? parsed : Array.isArray(parsed?.results) ? parsed.results : undefined;
    if (list) {
      return list
        .filter((r: any) => Number.isInteger(Number(r?.id)))
        .map((r: any) => ({ id: Number(r.id), line: JSON.stringify(r) }));
    }
  } catch {
    // not JSON: read it as text
  }
  const out: Array<{ id: number; line: string }> = [];
  for (const line of text.split('\n')) {
    const m =
      /#(\d+)\b/.exec(line) ??
      /\bid["']?\s*[:=]\s*(\d+)/i.exec(line) ??
      /\[(\d+)\]/.exec(line) ??
      /^\s*[|*-]?\s*(\d+)\s*[|.:)\]\s]/.exec(line);
    if (m) out.push({ id: Number(m[1]), line });
  }
  return out;
}

/** Observation ids from a search result, rows naming `preferred` first. */
function pickIds(text: string, preferred: string): number[] {
  const rows = searchRows(text);
  const ranked = [...rows.filter((r) => r.line.includes(preferred)), ...rows.filter((r) => !r.line.includes(preferred))];
  return [...new Set(ranked.map((r) => r.id))];
}

/** Files under `dir` whose bytes contain any needle (case-insensitive, UTF-8 and UTF-16). */
function grepTree(dir: string, needles: string[]): string[] {
  const hits: string[] = [];
  const walk = (d: string): void => {
    for (const name of readdirSync(d)) {
      const path = join(d, name);
      const st = statSync(path);
      if (st.isDirectory()) walk(path);
      else if (st.isFile()) {
        const bytes = readFileSync(path);
        const latin = bytes.toString('latin1').toLowerCase();
        const utf16 = bytes.toString('utf16le').toLowerCase();
        for (const n of needles) {
          if (latin.includes(n.toLowerCase()) || utf16.includes(n.toLowerCase())) hits.push(`${path} (${n})`);
        }
      }
    }
  };
  walk(dir);
  return hits;
}

/** Waits until nothing in `dir` has changed for a moment (a detached summarizer may still be writing). */
async function waitForQuiet(dir: string, quietMs = 400, maxMs = 5_000): Promise<void> {
  const latest = (): number => {
    let max = 0;
    const walk = (d: string): void => {
      for (const name of readdirSync(d)) {
        const st = statSync(join(d, name));
        if (st.isDirectory()) walk(join(d, name));
        max = Math.max(max, st.mtimeMs);
      }
    };
    walk(dir);
    return max;
  };
  const deadline = Date.now() + maxMs;
  while (Date.now() < deadline) {
    if (Date.now() - latest() >= quietMs) return;
    await new Promise((r) => setTimeout(r, 100));
  }
}
