// Issue 14, the why, end to end: the real Claude Code CLI with the mnemo plugin, offline against the
// scripted stand-in API. The scripted model writes text before each tool call and after its result;
// Claude Code records it in its transcript, names the transcript in every hook payload, and mnemo
// reads it at SessionEnd (never in a tool-call hook). The narration lands on the calls' observations:
// searchable by words only the model wrote, and shown by `mnemo get`.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { openSqlite } from '../../src/store/sqlite/driver.ts';
import { assertClaudeInstalled, cleanupTempDirs, describeRun, makeHome, makeTempDir, PLUGIN_DIR, runClaude } from './claude-harness.ts';

after(cleanupTempDirs);

const CLI_ENTRY = join(PLUGIN_DIR, 'dist', 'cli.js');
const WHY = 'The retry loop never sees the timeout because the client swallows it, so I will surface the error first.';
const FINDING = 'The probe shows the swallowed TimeoutError now reaches the caller.';
const WHY_2 = 'Writing the fix down where the team keeps its notes.';

before(() => {
  assertClaudeInstalled();
  if (!existsSync(join(PLUGIN_DIR, 'dist', 'hook.cjs')) || !existsSync(CLI_ENTRY)) throw new Error('mnemo plugin is not built: run `npm run build`');
});

function cli(dataDir: string, args: string[]): string {
  const env: NodeJS.ProcessEnv = { ...process.env, MNEMO_DATA_DIR: dataDir };
  delete env.NODE_OPTIONS;
  return execFileSync(process.execPath, [CLI_ENTRY, ...args], { env, encoding: 'utf8', timeout: 30_000 });
}

test("the model's text before a tool call and after its result lands on the call's observation", { timeout: 180_000 }, async () => {
  const project = makeTempDir('project');
  const dataDir = makeTempDir('data');
  const run = await runClaude({
    prompt: 'The checkout retries never fire. Find out why and fix it.',
    cwd: project,
    home: makeHome(),
    pluginDir: PLUGIN_DIR,
    env: { MNEMO_DATA_DIR: dataDir },
    outputFormat: 'stream-json',
    script: [
      { blocks: [{ type: 'text', text: WHY }, { type: 'tool_use', id: 'toolu_e2e_probe', name: 'Bash', input: { command: 'echo "TimeoutError: upstream timed out"', description: 'Probe the timeout' } }] },
      { blocks: [{ type: 'text', text: FINDING }, { type: 'text', text: WHY_2 }, { type: 'tool_use', id: 'toolu_e2e_note', name: 'Write', input: { file_path: join(project, 'NOTES.md'), content: 'surface timeouts\n' } }] },
      { text: 'Done: the timeout is surfaced and noted.' },
    ],
  });
  const why = describeRun(run);
  assert.equal(run.code, 0, why);
  assert.deepEqual(run.apiErrors, [], why);
  assert.equal(run.mainRequests.length, 3, why);

  // Before any CLI command folds anything: the hooks alone (SessionEnd) attached the narration.
  const db = openSqlite(join(dataDir, 'mnemo.db'), { readonly: true });
  let rows: { call_id: string; why: string; finding: string; title: string | null }[];
  try {
    rows = db
      .prepare('SELECT n.call_id, n.why, n.finding, o.title FROM narration n LEFT JOIN observations o ON o.id = n.obs_id ORDER BY n.call_id')
      .all() as typeof rows;
  } finally {
    db.close();
  }
  const probe = rows.find((r) => r.call_id === 'toolu_e2e_probe');
  const note = rows.find((r) => r.call_id === 'toolu_e2e_note');
  assert.ok(probe && note, `narration rows: ${JSON.stringify(rows)}\n${why}`);
  assert.equal(probe.why, WHY);
  assert.equal(probe.finding, `${FINDING}\n${WHY_2}`);
  assert.match(probe.title ?? '', /^Ran `echo/, 'linked to the Bash call\'s observation');
  assert.equal(note.why, `${FINDING}\n${WHY_2}`);
  assert.equal(note.finding, 'Done: the timeout is surfaced and noted.');

  // Words only the model wrote find the call; `mnemo get` shows them.
  const hits = JSON.parse(cli(dataDir, ['search', 'client swallows the timeout', '--json'])) as { id: number; title: string }[];
  assert.ok(hits.length > 0, 'search finds the narrated call');
  assert.match(hits[0]!.title, /^Ran `echo/);
  const [record] = JSON.parse(cli(dataDir, ['get', String(hits[0]!.id), '--json'])) as { why?: string; finding?: string }[];
  assert.equal(record?.why, WHY);
  assert.equal(record?.finding, `${FINDING}\n${WHY_2}`);
  assert.match(cli(dataDir, ['get', String(hits[0]!.id)]), new RegExp(`^why: ${WHY.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`, 'm'));
});
