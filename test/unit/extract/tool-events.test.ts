import { test } from 'node:test';
import assert from 'node:assert/strict';
import { EVENT_CATEGORIES, extractToolEvents } from '../../../src/core/extract/index.ts';
import { bash, bashFail, ofType, replay, run, types } from './helpers.ts';

// ----- files -------------------------------------------------------------------------------

test('Read → file_read with the range; rule files add rule and rule_content', () => {
  const plain = run({ toolName: 'Read', input: { file_path: '/repo/src/pool.ts', offset: 10, limit: 40 }, response: { type: 'text', file: { filePath: '/repo/src/pool.ts', content: 'x' } }, cwd: '/repo' });
  assert.deepEqual(types(plain.events), ['file_read']);
  assert.equal(plain.events[0]!.data, 'src/pool.ts (lines 10-50)');
  assert.equal(plain.events[0]!.priority, 1);

  const content = '---\ndescription: x\n---\n# Project rules\n\n- Use pnpm, never npm.\n- Run `pnpm test` before committing.\n\n```sh\nsecret stuff in code\n```\n';
  const rule = run({ toolName: 'Read', input: { file_path: '/repo/CLAUDE.md' }, response: { type: 'text', file: { filePath: '/repo/CLAUDE.md', content } }, cwd: '/repo' });
  assert.deepEqual(types(rule.events), ['rule', 'rule_content', 'file_read']);
  assert.equal(rule.events[0]!.category, 'rule');
  assert.equal(rule.events[1]!.data, 'CLAUDE.md: Project rules · Use pnpm, never npm. · Run `pnpm test` before committing.');

  const notRule = run({ toolName: 'Read', input: { file_path: '/repo/MYCLAUDE.md' }, response: 'x' });
  assert.deepEqual(types(notRule.events), ['file_read']);
});

test('rules of other assistants, through their own tool names and fields', () => {
  for (const [tool, input] of [
    ['read_file', { absolute_path: '/r/GEMINI.md' }],
    ['view', { filePath: '/r/AGENTS.md' }],
    ['read_file', { filePath: '/r/.github/copilot-instructions.md' }],
    ['Read', { file_path: '/r/.cursor/rules/style.mdc' }],
  ] as const) {
    const r = run({ toolName: tool, input, response: 'Always write tests.' });
    assert.deepEqual(types(r.events), ['rule', 'rule_content', 'file_read'], tool);
  }
});

test('a rule file with a secret in it is stored redacted', () => {
  const key = ['gh', 'p_', 'A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8'].join('');
  const r = run({ toolName: 'Read', input: { file_path: '/r/CLAUDE.md' }, response: `Deploy with token ${key}` });
  for (const e of r.events) assert.ok(!e.data.includes(key), e.data);
  assert.match(ofType(r.events, 'rule_content')[0]!.data, /\[REDACTED:github_token:[0-9a-f]{6}\]/);
});

test('Edit / MultiEdit / NotebookEdit → file_edit with the first changed line', () => {
  const e = run({ toolName: 'Edit', input: { file_path: '/r/a.ts', old_string: '// keep\nconst a = 1;', new_string: '// keep\nconst a = 2;' }, response: {}, cwd: '/r' });
  assert.deepEqual(types(e.events), ['file_edit']);
  assert.equal(e.events[0]!.data, 'a.ts: "const a = 1;" → "const a = 2;"');
  const m = run({ toolName: 'MultiEdit', input: { file_path: '/r/a.ts', edits: [{ old_string: 'a', new_string: 'b' }, { old_string: 'c', new_string: 'd' }] }, response: {} });
  assert.equal(m.events[0]!.data, '/r/a.ts (2 edits)');
  const n = run({ toolName: 'NotebookEdit', input: { notebook_path: '/r/n.ipynb', cell_id: 'c1', new_source: 'x', edit_mode: 'replace' }, response: {} });
  assert.deepEqual(types(n.events), ['file_edit']);
  const vs = run({ toolName: 'replace_string_in_file', input: { filePath: '/r/b.ts', oldString: 'x', newString: 'y' }, response: 'ok' });
  assert.equal(vs.events[0]!.data, '/r/b.ts: "x" → "y"');
});

test('Write → file_write; plans → plan_file_write; rule files → rule', () => {
  const w = run({ toolName: 'Write', input: { file_path: '/r/x.txt', content: 'a\nb\nc' }, response: {} });
  assert.deepEqual(types(w.events), ['file_write']);
  assert.equal(w.events[0]!.data, '/r/x.txt (3 lines)');
  const plan = run({ toolName: 'Write', input: { file_path: '/home/u/.claude/plans/happy-otter.md', content: '# Migrate to pnpm\n\n1. ...' }, response: {} });
  assert.deepEqual(types(plan.events), ['file_write', 'plan_file_write']);
  assert.match(plan.events[1]!.data, /Migrate to pnpm/);
  const rule = run({ toolName: 'Write', input: { file_path: '/r/AGENTS.md', content: '- Prefer small modules' }, response: {} });
  assert.deepEqual(types(rule.events), ['rule', 'rule_content', 'file_write']);
});

test('apply_patch: add → file_write, update/delete/move → file_edit', () => {
  const patch = ['*** Begin Patch', '*** Add File: src/new.ts', '+export {}', '*** Update File: src/old.ts', '@@', '-a', '+b', '*** Delete File: src/gone.ts', '*** Update File: src/a.ts', '*** Move to: src/b.ts', '*** End Patch'].join('\n');
  const r = run({ toolName: 'apply_patch', input: { input: patch }, response: 'Success' });
  assert.deepEqual(r.events.map((e) => `${e.type}:${e.data}`), [
    'file_write:src/new.ts', 'file_edit:src/old.ts', 'file_edit:src/gone.ts (deleted)', 'file_edit:src/a.ts', 'file_edit:src/b.ts (moved here)',
  ]);
  const unified = run({ toolName: 'patch', input: { patchText: '--- a/x.py\n+++ b/x.py\n@@ -1 +1 @@\n-a\n+b\n--- /dev/null\n+++ b/y.py\n@@\n+c' }, response: 'ok' });
  assert.deepEqual(types(unified.events), ['file_edit', 'file_write']);
});

test('Glob → file_glob, Grep → file_search (priority 3)', () => {
  const g = run({ toolName: 'Glob', input: { pattern: '**/*.ts', path: '/r/src' }, response: { filenames: ['a'], numFiles: 1, truncated: false }, cwd: '/r' });
  assert.equal(g.events[0]!.data, '**/*.ts in src → 1 file');
  assert.equal(g.events[0]!.priority, 3);
  const s = run({ toolName: 'Grep', input: { pattern: 'acquireConnection', path: '/r', glob: '*.ts', output_mode: 'content' }, response: { mode: 'content', numFiles: 2, content: 'x', numLines: 5 } });
  assert.equal(s.events[0]!.type, 'file_search');
  assert.equal(s.events[0]!.data, '"acquireConnection" in /r (*.ts) → 5 lines');
});

test('failed file calls yield only the failure', () => {
  const r = run({ toolName: 'Read', input: { file_path: '/r/missing.ts' }, failed: true, error: 'File does not exist.' });
  assert.deepEqual(types(r.events), ['error_tool']);
});

// ----- shell ---------------------------------------------------------------------------------

test('cd → cwd, resolved against the session cwd', () => {
  const r = run({ ...bash('cd ../lib && ls'), cwd: '/repo/app' });
  assert.deepEqual(r.events.map((e) => `${e.type}:${e.data}`), ['cwd:/repo/lib']);
  assert.equal(r.events[0]!.priority, 2);
  assert.deepEqual(types(run(bash('echo cd is a word')).events), []);
});

test('git operations → git; commits show the resulting commit line', () => {
  const r = run(bash('git add -A && git commit -m "fix pool leak"', { stdout: '[main 3f2a1c4] fix pool leak\n 1 file changed', stderr: '' }));
  assert.deepEqual(r.events.map((e) => e.data), ['git add -A', 'git commit [main 3f2a1c4] fix pool leak']);
  for (const cmd of ['git status', 'git -C repo log --oneline', 'git stash pop', 'git rebase -i HEAD~3', 'git cherry-pick abc', 'git worktree add ../x', 'git push origin main', 'git fetch --all', 'git clone https://github.com/a/b', 'git tag v1', 'git reset --hard', 'git merge dev', 'git pull', 'git diff HEAD', 'git branch -D x', 'git checkout -b feat']) {
    assert.deepEqual(types(run(bash(cmd)).events).filter((t) => t === 'git'), ['git'], cmd);
  }
  assert.deepEqual(types(run(bash('git --version')).events), []);
  assert.deepEqual(types(run(bash('echo "git commit"')).events), []);
  assert.deepEqual(types(run(bashFail('git commit -m x', 'Exit code 1\nnothing to commit, working tree clean')).events), ['error_tool']);
});

test('environment set-up → env, exported values masked', () => {
  const r = run(bash('source .venv/bin/activate && export API_URL=https://x.example DEBUG=1 && pip install -r requirements.txt'));
  assert.deepEqual(r.events.map((e) => e.data), ['source .venv/bin/activate', 'export API_URL=*** DEBUG=***', 'pip install -r requirements.txt']);
  for (const cmd of ['nvm use 20', 'conda activate ml', 'pyenv local 3.12.1', 'npm install', 'pnpm add zod', 'uv pip install httpx', 'cargo add serde', 'volta pin node@20', 'asdf install', 'python -m venv .venv', 'bundle install', 'go get github.com/x/y']) {
    assert.deepEqual(types(run(bash(cmd)).events), ['env'], cmd);
  }
  for (const cmd of ['npm test', 'npm run build', 'pip --version', 'echo export X=1']) {
    assert.deepEqual(types(run(bash(cmd)).events), [], cmd);
  }
});

test('heredoc bodies are not commands', () => {
  const r = run(bash("cat > setup.sh <<'EOF'\nexport SECRET=1\ngit push --force\ncd /\nEOF\nchmod +x setup.sh"));
  assert.deepEqual(types(r.events), []);
});

test('Codex shell arrays and other shells', () => {
  const r = run({ toolName: 'shell', input: { command: ['bash', '-lc', 'git status'], workdir: '/w' }, response: { output: 'On branch main', metadata: { exit_code: 0 } } });
  assert.deepEqual(types(r.events), ['git']);
  const g = run({ toolName: 'run_shell_command', input: { command: 'npm install', directory: '/w' }, response: 'Command: npm install\nExit Code: 0' });
  assert.deepEqual(types(g.events), ['env']);
});

// ----- failures --------------------------------------------------------------------------------

test('error_tool from structure; a passing summary is not an error', () => {
  const pass = run(bash('npm test', { stdout: 'Tests: 42 passed, 0 failed\n', stderr: '', interrupted: false, isImage: false }));
  assert.deepEqual(types(pass.events), []);
  const fail = run(bashFail('npm test', 'Exit code 1\nFAIL src/a.test.ts\n  ● adds\nTests: 1 failed, 41 passed'));
  assert.deepEqual(types(fail.events), ['error_tool']);
  assert.match(fail.events[0]!.data, /^Bash `npm test`: exit 1 — FAIL src\/a\.test\.ts/);
  assert.equal(fail.events[0]!.category, 'error');
  const interrupted = run({ ...bash('sleep 100'), response: undefined, isInterrupt: true, failed: true });
  assert.match(interrupted.events[0]!.data, /interrupted/);
});

test('constraint_discovered for failures that reveal a limit', () => {
  for (const [error, expect] of [
    ['Exit code 127\n/bin/bash: line 1: python: command not found', /command not found/],
    ['Exit code 1\nmkdir: cannot create directory \'/opt/x\': Permission denied', /Permission denied/],
    ['Error: File content (806.5KB) exceeds maximum allowed size (256KB).', /exceeds maximum/],
    ['npm ERR! engine Unsupported engine for x@2: wanted node >=22', /Unsupported engine/],
  ] as const) {
    const r = run(bashFail('x', error));
    assert.deepEqual(types(r.events), ['error_tool', 'constraint_discovered'], error);
    assert.match(r.events[1]!.data, expect);
  }
  assert.deepEqual(types(run(bashFail('npm test', 'Exit code 1\nexpected 2 to equal 3')).events), ['error_tool']);
});

// ----- tasks, plans, skills, agents ------------------------------------------------------------

test('TodoWrite → task with progress; TaskCreate / TaskUpdate', () => {
  const todos = [
    { content: 'Write parser', status: 'completed', activeForm: 'x' },
    { content: 'Add tests', status: 'in_progress', activeForm: 'x' },
    { content: 'Ship', status: 'pending', activeForm: 'x' },
  ];
  const r = run({ toolName: 'TodoWrite', input: { todos }, response: { oldTodos: [{ ...todos[0], status: 'in_progress' }, todos[1], todos[2]], newTodos: todos } });
  assert.deepEqual(r.events.map((e) => `${e.type}:${e.priority}:${e.data}`), ['task:1:1/3 done · completed: Write parser · now: Add tests · next: Ship']);
  const codex = run({ toolName: 'update_plan', input: { plan: [{ step: 'A', status: 'completed' }, { step: 'B', status: 'pending' }] }, response: 'Plan updated' });
  assert.equal(codex.events[0]!.data, '1/2 done · next: B');
  const c = run({ toolName: 'TaskCreate', input: { subject: 'Fix flaky test', description: 'retry logic' }, response: { task: { id: '7' } } });
  assert.deepEqual(c.events.map((e) => `${e.type}:${e.data}`), ['task_create:#7 Fix flaky test: retry logic']);
  const u = run({ toolName: 'TaskUpdate', input: { taskId: '7', status: 'completed' }, response: {} });
  assert.deepEqual(u.events.map((e) => `${e.type}:${e.data}`), ['task_update:#7 → completed']);
  assert.deepEqual(types(run({ toolName: 'TaskList', input: {}, response: { tasks: [] } }).events), []);
});

test('plan mode: enter, exit, approved (priority 1), rejected', () => {
  assert.deepEqual(types(run({ toolName: 'EnterPlanMode', input: {}, response: 'ok' }).events), ['plan_enter']);
  const ok = run({ toolName: 'ExitPlanMode', input: { plan: '# Plan\n- Move pool to its own module\n- Add tests' }, response: 'User has approved your plan.' });
  assert.deepEqual(ok.events.map((e) => `${e.type}:${e.priority}`), ['plan_exit:2', 'plan_approved:1']);
  assert.match(ok.events[1]!.data, /Move pool/);
  const no = run({ toolName: 'ExitPlanMode', input: { plan: 'x y z' }, failed: true, error: "The user doesn't want to proceed with this tool use." });
  assert.deepEqual(types(no.events), ['plan_exit', 'plan_rejected', 'error_tool']);
});

test('Skill → skill; Agent → launched / completed + finding', () => {
  assert.deepEqual(run({ toolName: 'Skill', input: { skill: 'pdf', args: 'report.pdf' }, response: 'ok' }).events.map((e) => e.data), ['pdf report.pdf']);
  const pre = extractToolEvents({ toolName: 'Task', input: { subagent_type: 'Explore', description: 'Map the store layer', prompt: '…' }, phase: 'pre' }, undefined);
  assert.deepEqual(pre.events.map((e) => `${e.type}:${e.priority}:${e.data}`), ['subagent_launched:3:[Explore] Map the store layer']);
  const post = run({ toolName: 'Agent', input: { subagent_type: 'Explore', description: 'Map the store layer', prompt: '…' }, response: { status: 'completed', content: [{ type: 'text', text: '## Findings\n- The store uses WAL mode\n- Writes go through a queue' }], totalToolUseCount: 7, totalDurationMs: 12_000 } });
  assert.deepEqual(types(post.events), ['subagent_completed', 'agent_finding']);
  assert.equal(post.events[0]!.data, '[Explore] Map the store layer (7 tool uses, 12s)');
  assert.equal(post.events[1]!.data, 'Map the store layer: Findings · The store uses WAL mode · Writes go through a queue');
  assert.equal(post.events[1]!.category, 'agent-finding');
});

// ----- MCP, questions, worktrees, references -----------------------------------------------------

test('MCP tools: call (priority 4) and response gist (priority 3), parameters redacted; own tools skipped', () => {
  const key = ['sk', '_live_', 'a1B2c3D4e5F6g7H8i9J0k1L2'].join('');
  const r = run({ toolName: 'mcp__jira__search', input: { api_key: key, jql: 'project = OPS' }, response: { content: [{ type: 'text', text: 'OPS-12 Pool leak in prod' }] } });
  assert.deepEqual(r.events.map((e) => `${e.type}:${e.priority}`), ['mcp_tool_call:4', 'mcp:3']);
  assert.ok(!JSON.stringify(r.events).includes(key));
  assert.equal(r.events[1]!.data, 'jira/search: OPS-12 Pool leak in prod');
  for (const own of ['mcp__plugin_mnemo_mnemo__search', 'mcp__mnemo__save_memory']) {
    const o = run({ toolName: own, input: { query: 'x' }, response: 'y' });
    assert.deepEqual(o.events, []);
    assert.equal(o.state.n, 0, 'own tools leave the state alone');
  }
  const idx = run({ toolName: 'mcp__context-mode__ctx_fetch_and_index', input: { url: 'https://docs.example.com/api' }, response: 'Fetched and indexed 5 sections (47.50KB) from https://docs.example.com/api' });
  assert.equal(ofType(idx.events, 'mcp')[0]!.bytes_avoided, 48640);
  assert.equal(ofType(idx.events, 'external_ref').length, 1);
});

test('AskUserQuestion keeps the question and the chosen answer only', () => {
  const input = { questions: [{ question: 'Which database?', header: 'DB', options: [{ label: 'Postgres', description: 'long text' }, { label: 'SQLite', description: 'more' }], multiSelect: false }] };
  const structured = run({ toolName: 'AskUserQuestion', input, response: { questions: input.questions, answers: { 'Which database?': 'SQLite' } } });
  assert.deepEqual(structured.events.map((e) => `${e.type}:${e.data}`), ['decision_question:Which database? → SQLite']);
  const text = run({ toolName: 'AskUserQuestion', input, response: 'User has answered your questions: "Which database?"="SQLite". You can now continue.' });
  assert.deepEqual(text.events.map((e) => e.data), ['Which database? → SQLite']);
  assert.ok(!JSON.stringify(text.events).includes('long text'));
});

test('EnterWorktree → worktree (category env)', () => {
  const r = run({ toolName: 'EnterWorktree', input: { name: 'feature-x' }, response: { worktreePath: '/r/.claude/worktrees/feature-x' } });
  assert.deepEqual(r.events.map((e) => `${e.type}:${e.category}:${e.data}`), ['worktree:env:entered worktree feature-x']);
});

test('external_ref: URLs (not loopback) and issue references', () => {
  const fetch = run({ toolName: 'WebFetch', input: { url: 'https://nodejs.org/api/net.html', prompt: 'x' }, response: 'page' });
  assert.deepEqual(fetch.events.map((e) => `${e.type}:${e.data}`), ['external_ref:https://nodejs.org/api/net.html']);
  assert.deepEqual(types(run(bash('curl -s http://localhost:3000/health && curl http://127.0.0.1:8080')).events), []);
  const push = run(bash('git push -u origin feat', { stdout: '', stderr: 'remote: Create a pull request:\nremote:   https://github.com/o/r/pull/new/feat\n' }));
  assert.deepEqual(ofType(push.events, 'external_ref').map((e) => e.data), ['https://github.com/o/r/pull/new/feat']);
  const commit = run(bash('git commit -m "Fix pool leak (closes #42, OPS-17, see o/r#7; UTF-8 safe)"'));
  assert.deepEqual(ofType(commit.events, 'external_ref').map((e) => e.data).sort(), ['#42', 'OPS-17', 'o/r#7'].sort());
  const noisy = run(bash('mix credo', { stdout: 'Please report issues at https://github.com/rrrene/credo/issues', stderr: '' }));
  assert.deepEqual(ofType(noisy.events, 'external_ref'), [], 'tool banners are not references');
  const readFile = run({ toolName: 'Read', input: { file_path: '/r/README.md' }, response: 'see https://example.com/docs' });
  assert.deepEqual(ofType(readFile.events, 'external_ref'), [], 'file contents are not references');
});

// ----- invariants ---------------------------------------------------------------------------------

test('every event has a known type, its category, a valid priority and bounded data', () => {
  const calls = [
    bash('cd /tmp && git status && npm i'), bashFail('npm test', 'Exit code 1\nError: boom'),
    { toolName: 'Read', input: { file_path: '/r/CLAUDE.md' }, response: 'x'.repeat(5000) },
    { toolName: 'Write', input: { file_path: '/r/x', content: 'y'.repeat(100_000) }, response: {} },
    { toolName: 'mcp__a__b', input: { q: 'z'.repeat(1000) }, response: 'w'.repeat(5000) },
  ];
  for (const call of calls) {
    for (const e of run(call).events) {
      assert.ok(e.type in EVENT_CATEGORIES, e.type);
      assert.equal(e.category, EVENT_CATEGORIES[e.type as keyof typeof EVENT_CATEGORIES]);
      assert.ok([1, 2, 3, 4, 5].includes(e.priority));
      assert.ok(e.data.length > 0 && e.data.length <= 300, `${e.type}: ${e.data.length}`);
    }
  }
});

test('the input state is never modified', () => {
  const state = Object.freeze({ v: 1 as const, n: 3, recent: Object.freeze([]), errors: Object.freeze([]) });
  const r = extractToolEvents(bashFail('npm test', 'Exit code 1'), state);
  assert.equal(state.n, 3);
  assert.equal(r.state.n, 4);
});

test('ExitPlanMode whose plan lives in a file (newer Claude Code) names the file', () => {
  const r = run({ toolName: 'ExitPlanMode', input: {}, response: { plan: null, isAgent: false, filePath: '/home/u/.claude/plans/humble-seeking-umbrella.md' } });
  assert.deepEqual(r.events.map((e) => `${e.type}:${e.data}`), [
    'plan_exit:plan in /home/u/.claude/plans/humble-seeking-umbrella.md',
    'plan_approved:plan in /home/u/.claude/plans/humble-seeking-umbrella.md',
  ]);
});

test('every type of the taxonomy is produced by some call or prompt', async () => {
  const { EVENT_TYPES, extractUserEvents } = await import('../../../src/core/extract/index.ts');
  const seen = new Set<string>();
  const add = (events: readonly { type: string }[]): void => events.forEach((e) => seen.add(e.type));
  const fixtures: Parameters<typeof run>[0][] = [
    { toolName: 'Read', input: { file_path: '/r/CLAUDE.md' }, response: 'Use pnpm.' },
    { toolName: 'Edit', input: { file_path: '/r/a.ts', old_string: 'a', new_string: 'b' }, response: {} },
    { toolName: 'Write', input: { file_path: '/u/.claude/plans/p.md', content: '# P' }, response: {} },
    { toolName: 'Glob', input: { pattern: '*.ts' }, response: { filenames: [] } },
    { toolName: 'Grep', input: { pattern: 'x' }, response: {} },
    bash('cd src && git status && npm i'),
    { toolName: 'TodoWrite', input: { todos: [{ content: 'a', status: 'pending' }] }, response: {} },
    { toolName: 'TaskCreate', input: { subject: 's' }, response: {} },
    { toolName: 'TaskUpdate', input: { taskId: '1', status: 'completed' }, response: {} },
    { toolName: 'EnterPlanMode', input: {}, response: 'ok' },
    { toolName: 'ExitPlanMode', input: { plan: 'p' }, response: 'User has approved your plan' },
    { toolName: 'ExitPlanMode', input: { plan: 'p' }, failed: true, error: 'rejected' },
    { toolName: 'Skill', input: { skill: 'pdf' }, response: 'ok' },
    { toolName: 'Agent', input: { description: 'd' }, phase: 'pre' },
    { toolName: 'Agent', input: { description: 'd' }, response: 'found it' },
    { toolName: 'mcp__a__b', input: { q: 'x' }, response: 'y' },
    { toolName: 'AskUserQuestion', input: {}, response: { answers: { 'Q?': 'A' } } },
    bashFail('python x.py', 'Exit code 127\npython: command not found'),
    { toolName: 'EnterWorktree', input: { name: 'w' }, response: {} },
    { toolName: 'WebFetch', input: { url: 'https://example.org/' }, response: 'x' },
  ];
  for (const f of fixtures) add(run(f).events);
  add(replay([bashFail('npm test', 'Exit code 1\nx'), bash('npm test'), bash('npm test'), bash('npm test')]).flat());
  for (const p of ['Can you check this?', 'Fix it now please', "don't use X, use Y", 'You are a senior engineer', 'TypeError: x\n    at f (/a.js:1:2)', '✅ fixed: it', `${'{"a": 1}\n'.repeat(300)}`]) add(extractUserEvents(p));
  assert.deepEqual(EVENT_TYPES.filter((t) => !seen.has(t)), []);
});

test('no fragment of a secret survives a clip: long commands, edits, todos, prompts', () => {
  const token = ['gh', 'p_', 'R2d2C3p0'.repeat(4), 'Zz9x'].join('');
  const pad = 'x'.repeat(55);
  const calls = [
    bashFail(`curl -s ${pad} -H "Authorization: token ${token}" https://api.github.com/user`, 'Exit code 22\ncurl: (22) 401'),
    { toolName: 'Edit', input: { file_path: '/r/a.env', old_string: 'A=1', new_string: `${pad}GITHUB=${token}` }, response: {} },
    { toolName: 'TodoWrite', input: { todos: [{ content: `${pad}rotate ${token}`, status: 'pending' }] }, response: {} },
    { toolName: 'Agent', input: { prompt: `${pad.repeat(2)} use ${token}` }, phase: 'pre' as const },
    { toolName: 'mcp__gh__call', input: { q: 'x' }, response: `${'y '.repeat(580)}${token} tail` },
  ];
  for (const c of calls) {
    for (const e of run(c).events) {
      for (let i = 0; i + 8 <= token.length; i++) assert.ok(!e.data.includes(token.slice(i, i + 8)), `${e.type}: ${e.data}`);
    }
  }
});
