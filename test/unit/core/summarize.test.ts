import { test } from 'node:test';
import assert from 'node:assert/strict';
import { summarizeHeuristically, SUMMARY_LIMITS } from '../../../src/core/summarize/heuristic.ts';
import { buildSnapshot } from '../../../src/core/summarize/snapshot.ts';
import { guessLanguage } from '../../../src/core/summarize/language.ts';
import { phrasesFor } from '../../../src/core/summarize/phrases.ts';
import type { Observation, ObsType } from '../../../src/core/types.ts';
import { PROJECT, SessionBuilder } from './session-builder.ts';

/** The lines of section `i` (0 goal, 1 done, 2 open, 3 next), bullets stripped. */
function section(text: string, i: number): string[] {
  const parts = text.split(/^## .*$/m).slice(1);
  return (parts[i] ?? '').split('\n').map((l) => l.replace(/^- /, '').trim()).filter(Boolean);
}

let n = 0;
function o(type: ObsType, title: string, body = title, extra: Partial<Observation> = {}): Observation {
  n++;
  return { id: n, sessionId: 1, project: '/p', platform: 'claude-code', kind: type === 'prompt' ? 'user' : 'tool', type, title, body, files: [], private: false, createdAt: 1_700_000_000_000 + n * 1000, ...extra };
}

test('goal: the user\'s requests; host wrappers of any name, notifications, markers, preambles and acknowledgements are not', () => {
  const s = new SessionBuilder()
    .prompt('<command-name>/ide</command-name>\n<command-message>ide</command-message>\n<command-args></command-args>')
    .prompt('<local-command-stdout>Connected to Visual Studio Code.</local-command-stdout>')
    .prompt('Add rate limiting to the API gateway with a token bucket per client.')
    .stop('Added a token bucket in src/gateway.ts.')
    .prompt('<task-notification>\n<task-id>b1</task-id>\n<status>completed</status>\n<summary>Background command "tests" completed (exit code 0)</summary>\n</task-notification>\nRead the output file to retrieve the result: /tmp/claude-1/x/tasks/b1.output')
    .stop('The background test run from earlier passed too.')
    .prompt('<some-future-wrapper>host text</some-future-wrapper>')
    .prompt('[Request interrupted by user]')
    .prompt('ok')
    .prompt('はい')
    .prompt('好的，继续')
    .prompt('네')
    .prompt('yes do option 1')
    .prompt('This session is being continued from a previous conversation that ran out of context. Summary: …')
    .prompt('Now make the bucket size configurable through RATE_LIMIT_BURST.')
    .stop('RATE_LIMIT_BURST now sets the bucket size.')
    .input();
  const sum = summarizeHeuristically(s);
  const goal = section(sum.detailed, 0);
  assert.deepEqual(goal, ['Add rate limiting to the API gateway with a token bucket per client.', 'Now make the bucket size configurable through RATE_LIMIT_BURST.']);
  for (const text of [sum.brief, sum.detailed]) {
    assert.doesNotMatch(text, /<[a-z]+-[a-z-]+>|Read the output file|\[Request interrupted|continued from a previous|Background command/);
    // The reply to the host's notification is not the session's result.
    assert.doesNotMatch(text, /background test run/);
  }
  // A slash command counts through what its arguments ask.
  const cmd = summarizeHeuristically(new SessionBuilder().prompt('<command-name>/review</command-name><command-args>focus on the retry logic in src/net.ts</command-args>').input());
  assert.deepEqual(section(cmd.brief, 0), ['/review focus on the retry logic in src/net.ts']);
  // The host's own session settings ask for no work, whatever their arguments.
  const settings = summarizeHeuristically(
    new SessionBuilder().prompt('Add a retry to the fetch client.').prompt('/rename retry-client').prompt('<command-name>/model</command-name><command-args>sonnet</command-args>').prompt('/compact keep the retry details').edit('src/fetch.ts').input(),
  );
  assert.deepEqual(section(settings.detailed, 0), ['Add a retry to the fetch client.'], settings.detailed);
});

test('a decision is listed as a decision, not as a goal', () => {
  const s = new SessionBuilder()
    .prompt('The checkout API returns 5xx under load; fix the connection pool in src/db/pool.ts.')
    .edit('src/db/pool.ts')
    .stop('Should the retry count stay at 3, or go up to 5?')
    .prompt('Keep it at 3, and do not raise the pool limit; commit it.')
    .commit('fix(db): release pooled connections on error')
    .stop('Committed.')
    .input();
  const sum = summarizeHeuristically(s);
  assert.deepEqual(section(sum.detailed, 0), ['The checkout API returns 5xx under load; fix the connection pool in src/db/pool.ts.']);
  assert.ok(section(sum.detailed, 1).includes('Decision: Keep it at 3, and do not raise the pool limit; commit it.'), sum.detailed);
});

test('done: commits by subject first (-m, heredoc, nested shell, amend), then the files that changed most and the tests that pass', () => {
  const s = new SessionBuilder()
    .prompt('Implement the npm provider and commit each step.')
    .edit('internal/npm/npm.go').edit('internal/npm/npm.go').edit('internal/npm/npm.go').edit('internal/cli/cli.go')
    .commit('feat(npm): implement npm provider', { heredoc: true })
    .bash('go test ./...', { fail: 'Exit code 1\n--- FAIL: TestFetch (0.00s)\nFAIL' })
    .edit('internal/npm/npm.go')
    .bash('go test ./...', { stdout: 'ok  \trepiq/internal/npm\t0.412s' })
    .commit('fix(npm): handle scoped names')
    .commit('fix(npm): encode scoped package names', { amend: true })
    .bash(`nix develop -c sh -c 'git add flake.nix && git commit -m "build: add gitleaks hook"'`, { stdout: 'gitleaks....Passed\n[main 4501584] build: add gitleaks hook\n 1 file changed' })
    .bash('git commit -m "chore: nothing"', { fail: 'Exit code 1\nOn branch main\nnothing to commit, working tree clean' })
    .stop('Done: the npm provider is in, tests pass.')
    .input();
  const sum = summarizeHeuristically(s);
  const done = section(sum.brief, 1);
  assert.deepEqual(done.slice(0, 3), ['Commit: feat(npm): implement npm provider', 'Commit: fix(npm): encode scoped package names', 'Commit: build: add gitleaks hook']);
  assert.doesNotMatch(sum.detailed, /handle scoped names/, 'an amended commit is replaced by what it was amended to');
  assert.match(done[3]!, /^Changed most: internal\/npm\/npm\.go ×4, internal\/cli\/cli\.go$/);
  assert.ok(done.some((l) => /^Tests pass: `go test \.\/\.\.\.` → ok repiq\/internal\/npm/.test(l)), sum.brief);
  // "nothing to commit" is nothing left to do, not a failure; the failed test run was settled by the green one.
  assert.deepEqual(section(sum.detailed, 2), ['none recorded']);
  assert.deepEqual(section(sum.detailed, 3), ['none recorded']);
});

test('open: a failure stays open only while no later success of the same action exists; nothing is both done and open', () => {
  const s = new SessionBuilder()
    .prompt('Ship the fix on a new branch.')
    .commit('fix: retry on ECONNRESET')
    .bash('git push', { fail: 'Exit code 128\nfatal: The current branch fix has no upstream branch.' })
    .bash('git push --set-upstream origin fix', { stdout: "branch 'fix' set up to track 'origin/fix'." })
    .edit('src/a.ts', 'String to replace not found in file.')
    .edit('src/a.ts')
    .bash('npm test', { stdout: 'Tests: 12 passed, 12 total' })
    .bash('npm run lint', { fail: 'Exit code 1\n3 problems (3 errors, 0 warnings)' })
    .bash('ls missing-dir', { fail: 'ls: missing-dir: No such file or directory' })
    .stop('Pushed. Lint still reports 3 errors.')
    .input();
  const sum = summarizeHeuristically(s);
  const [done, open, next] = [section(sum.detailed, 1), section(sum.detailed, 2), section(sum.detailed, 3)];
  assert.ok(!open.some((l) => /git push/.test(l)), 'the push that failed for lack of an upstream was settled by --set-upstream');
  assert.ok(!open.some((l) => /src\/a\.ts/.test(l)), 'the failed edit was settled by a later edit of the same file');
  assert.ok(!open.some((l) => /missing-dir/.test(l)), 'a failed look-around is no open problem');
  assert.ok(open.some((l) => /^Unresolved failure: Ran `npm run lint`/.test(l)), sum.detailed);
  assert.ok(next.some((l) => l === 'Fix and rerun: `npm run lint`'), sum.detailed);
  assert.ok(done.includes('Commit: fix: retry on ECONNRESET'));
  assert.ok(done.some((l) => l.startsWith('Ran: `git push --set-upstream origin fix`')));
  // A file a command wrote after its edit failed (`cat > f <<EOF`) got its content another way.
  const heredoc = summarizeHeuristically(
    new SessionBuilder()
      .prompt('Add the state types.')
      .tool('Write', { file_path: `${PROJECT}/types/state.ts`, content: 'x' }, undefined, 'File has not been read yet. Read it first before writing to it.')
      .bash("cat > types/state.ts << 'EOF'\nexport type S = 1;\nEOF")
      .stop('Done.')
      .input(),
  );
  assert.ok(!section(heredoc.detailed, 2).some((l) => /state\.ts/.test(l)), heredoc.detailed);
  // `xargs grep` finding nothing is a look that found nothing, like a bare grep.
  const looked = summarizeHeuristically(new SessionBuilder().prompt('Where is useTodos exported?').bash('find . -name "*.ts" | xargs -I {} grep -l "export.*useTodos" {}', { fail: 'Error' }).stop('It is not exported anywhere.').input());
  assert.deepEqual(section(looked.detailed, 2), ['none recorded'], looked.detailed);
  // One cause failing many runs of a program is one open problem, counted.
  const many = new SessionBuilder().prompt('Research these topics with gemini.');
  for (const topic of ['market size', 'top companies', 'CAD CAM trends']) many.bash(`gemini "${topic} 2025"`, { fail: 'Exit code 127\n(eval):1: command not found: gemini' });
  const grouped = section(summarizeHeuristically(many.stop('gemini is not installed.').input()).detailed, 2);
  assert.equal(grouped.filter((l) => /gemini/.test(l)).length, 1, grouped.join('\n'));
  assert.match(grouped.find((l) => /gemini/.test(l))!, /^Unresolved failure \(3×\): Ran `gemini "CAD CAM trends 2025"`/);
  // The same test command passing first and failing last is open, and only open.
  const later = summarizeHeuristically(new SessionBuilder().prompt('Keep the suite green.').bash('npm test', { stdout: 'Tests: 3 passed' }).edit('src/b.ts').bash('npm test', { fail: 'Exit code 1\nTests: 1 failed, 2 passed' }).stop('One test fails now.').input());
  assert.ok(!section(later.detailed, 1).some((l) => /npm test/.test(l)), later.detailed);
  assert.ok(section(later.detailed, 2).some((l) => /npm test/.test(l)), later.detailed);
});

test('next steps: the final message\'s next / remaining / TODO lists in any language, open tasks, unresolved failures', () => {
  const cases: [string, string, string][] = [
    ['Add the export command.', 'Export is in.\n\n## Next steps\n- Document `mnemo export` in the README\n- Add a --since flag', 'Document `mnemo export` in the README'],
    ['エクスポートを追加して', '追加しました。\n\n**次のステップ:**\n- README に使い方を書く\n- --since オプションを足す', 'README に使い方を書く'],
    ['내보내기 기능을 추가해 주세요', '추가했습니다.\n\n다음 단계:\n1. README에 사용법 추가\n2. --since 옵션', 'README에 사용법 추가'],
    ['请添加导出命令。', '已添加导出命令。\n\n下一步：\n- 在 README 中写明用法\n- 增加 --since 选项', '在 README 中写明用法'],
    ['Add the export command.', 'Export works.\n\n**TODO:** wire the export into the viewer', 'wire the export into the viewer'],
  ];
  for (const [ask, final, expect] of cases) {
    const sum = summarizeHeuristically(new SessionBuilder().prompt(ask).edit('src/export.ts').stop(final).input());
    assert.ok(section(sum.brief, 3).includes(expect), `${ask}\n${sum.brief}`);
    assert.ok(!section(sum.brief, 1).includes(expect), 'what remains is not listed as done');
  }
  const tasks = summarizeHeuristically(
    new SessionBuilder().prompt('Port the three modules.').todos([['Port strings', 'completed'], ['Port math', 'in_progress'], ['Port lists', 'pending']]).stop('Strings are ported.').input(),
  );
  assert.deepEqual(section(tasks.detailed, 3), ['In progress: Port math', 'Open task: Port lists']);
  // Every task done: nothing left, and "none recorded" says so.
  const finished = summarizeHeuristically(new SessionBuilder().prompt('Port the module.').todos([['Port strings', 'completed']]).stop('Ported.').input());
  assert.deepEqual(section(finished.detailed, 3), ['none recorded']);
});

test('an interrupted or unanswered last request is where to continue; a closing question waits for the user', () => {
  const cut = summarizeHeuristically(
    new SessionBuilder().prompt('Rewrite the YAML front matter in English.').tool('ExitPlanMode', { plan: 'x' }, undefined, "The user doesn't want to proceed with this tool use.").prompt('[Request interrupted by user for tool use]').input(),
  );
  assert.deepEqual(section(cut.brief, 3), ['Continue with: Rewrite the YAML front matter in English.']);
  const asked = summarizeHeuristically(
    new SessionBuilder().prompt('Clean up the registry.').edit('agent/registry.go').stop('We could drop the AgentTypeToRegistryName map and derive the mapping from the agents themselves. Want me to make that change?').input(),
  );
  assert.match(section(asked.brief, 3)[0] ?? '', /^Awaiting your reply: We could drop the AgentTypeToRegistryName map .*\(Want me to make that change\?\)$/);
});

test('written in the language the user wrote in, also when the host wrote in English around it', () => {
  const ko = summarizeHeuristically(
    new SessionBuilder().prompt('<command-name>/clear</command-name>').prompt('<local-command-stdout>Cleared</local-command-stdout>').prompt('@docs/system-rules.md을 @spec-design/ 에 작성해둔 내용에 맞게 수정해줘.').edit('docs/system-rules.md').stop('수정을 완료했습니다.').input(),
  );
  assert.equal(ko.language, 'ko');
  assert.match(ko.brief, /^## 목표\n/);
  assert.match(ko.brief, /## 완료한 작업\n- 주요 변경: docs\/system-rules\.md/);
  const zh = summarizeHeuristically({ observations: [o('prompt', '修复登录超时', '请修复登录超时的问题，并补充测试。')] });
  assert.equal(zh.language, 'zh');
  assert.match(zh.brief, /^## 用户目标\n- 请修复登录超时的问题/);
  assert.equal(guessLanguage(['Necesito que arregles el error de la conexión para el cliente']), 'es');
  assert.equal(guessLanguage(['Bitte behebe den Fehler in der Größenberechnung für Übersetzungen']), 'de');
});

test('private records never enter; the same request is one line', () => {
  const s = summarizeHeuristically({
    observations: [o('prompt', 'public goal, please fix the parser', 'public goal, please fix the parser'), o('prompt', '[PRIVATE]', 'the secret plan', { private: true }), o('prompt', 'public goal, please fix the parser')],
  });
  assert.doesNotMatch(s.detailed, /secret plan/);
  assert.equal(s.detailed.split('## Done')[0]!.match(/public goal/g)?.length, 1);
});

test('a commit subject is never cut, and the brief keeps five of many commits', () => {
  const b = new SessionBuilder().prompt('Land the whole epic, one commit per task.');
  const subjects = Array.from({ length: 9 }, (_, i) => `feat(epic): step ${i + 1} of the epic, with a subject long enough to matter for the line limit of the brief`);
  for (const subject of subjects) b.commit(subject);
  const sum = summarizeHeuristically(b.stop('All nine steps are committed.').input());
  const named = subjects.filter((x) => sum.brief.includes(x));
  assert.ok(named.length >= 5, `${named.length} named in the brief\n${sum.brief}`);
  assert.equal(subjects.filter((x) => sum.detailed.includes(x)).length, 9);
  assert.ok([...sum.brief].length <= SUMMARY_LIMITS.brief && [...sum.detailed].length <= SUMMARY_LIMITS.detailed);
});

test('the compaction snapshot keeps the last request, open tasks, unresolved errors, decisions, rules and files', () => {
  const snap = buildSnapshot({
    project: '/p',
    observations: [o('prompt', 'first'), o('change', 'Edited a', 'x', { files: ['/p/src/a.ts'] }), o('prompt', 'Now migrate the billing tables')],
    events: [
      { type: 'task', category: 'task', priority: 1, data: 'Backfill invoices [in_progress]' },
      { type: 'decision', category: 'decision', priority: 2, data: 'Keep UUID keys' },
      { type: 'rule', category: 'rule', priority: 1, data: 'CLAUDE.md: never push to main' },
    ],
    pendingErrors: ['npm run migrate: relation "invoices" does not exist'],
  });
  for (const want of ['Last request:\n- Now migrate the billing tables', 'Backfill invoices', 'relation "invoices"', 'Keep UUID keys', 'never push to main', 'src/a.ts']) assert.ok(snap.includes(want), want);
  assert.ok(buildSnapshot({ observations: [], events: [] }) === '');
  assert.ok(buildSnapshot({ observations: Array.from({ length: 500 }, (_, i) => o('prompt', `p${i}`, 'y'.repeat(300))), events: [] }, 800).length <= 800);
});

test('many changed files: the most changed first, as many as fit, and the count of the rest survives', () => {
  const b = new SessionBuilder().prompt('Refactor the components package.');
  const files = Array.from({ length: 30 }, (_, i) => `packages/some-long-package-name/src/components/deeply/nested/file-${i}.tsx`);
  files.forEach((f, i) => {
    for (let k = 0; k <= (i === 7 ? 3 : 0); k++) b.edit(f);
  });
  const sum = summarizeHeuristically(b.input());
  const line = section(sum.brief, 1).find((l) => l.startsWith('Changed most: '))!;
  assert.match(line, /^Changed most: packages\/some-long-package-name\/src\/components\/deeply\/nested\/file-7\.tsx ×4/);
  const shown = line.replace(/ \(\+\d+ more\)$/, '').split(', ').length;
  assert.equal(Number(/\(\+(\d+) more\)$/.exec(line)![1]) + shown, 30);
});

test('remarks typed without apostrophes, and short answers to the assistant\'s question, are not goals', () => {
  const sum = summarizeHeuristically(
    new SessionBuilder()
      .prompt('Move the collector to a shell script that watches the logs folder.')
      .edit('collector.sh')
      .stop('The collector runs. Want me to add a log viewer too, or keep it minimal?')
      .prompt('keep it minimal. we can revisit later')
      .prompt('okay, im watching the logs now')
      .input(),
  );
  assert.deepEqual(section(sum.detailed, 0), ['Move the collector to a shell script that watches the logs folder.']);
  assert.ok(section(sum.detailed, 1).includes('Decision: keep it minimal. we can revisit later'), sum.detailed);
});

test('commits without git\'s own line: the message counts unless the output says it failed; an amend replaces the last commit on its branch', () => {
  const sum = summarizeHeuristically(
    new SessionBuilder()
      .prompt('Commit the two specs on their branches.')
      .bash('git commit -m "docs: add the core spec" && git push', { stdout: 'To github.com:o/r.git\n   1a2b3c4..5d6e7f8  main -> main' })
      .bash(`sh -c 'git commit -m "bad message"'; echo "exit: $?"`, { stdout: 'commitizen check........Failed\nexit: 1' })
      .commit('Add app-level spec', { branch: 'feature/core' })
      .commit('chore: add the gitignore', { branch: 'main' })
      .commit('docs(specs): add app-level spec', { branch: 'feature/core', amend: true })
      .stop('Both are committed.')
      .input(),
  );
  const done = section(sum.detailed, 1).filter((l) => l.startsWith('Commit: '));
  assert.deepEqual(done, ['Commit: docs: add the core spec', 'Commit: docs(specs): add app-level spec', 'Commit: chore: add the gitignore']);
});

test('a failed commit is settled by a later commit of the same files under another subject, not by a commit of other files', () => {
  const run = (laterAdd: string) =>
    summarizeHeuristically(
      new SessionBuilder()
        .prompt('Commit the lessons file.')
        .bash('git add tasks/lessons.md && git commit -m "docs: add the release lesson"', { fail: 'Exit code 1\nThe following paths are ignored by one of your .gitignore files:\ntasks' })
        .edit('.gitignore')
        .bash(`git add ${laterAdd} && git commit -m "chore: track tasks/lessons.md"`, { stdout: '[main 1a2b3c4] chore: track tasks/lessons.md\n 2 files changed' })
        .stop('Committed.')
        .input(),
    );
  const settled = run('.gitignore tasks/lessons.md');
  assert.deepEqual(section(settled.detailed, 2), ['none recorded'], settled.detailed);
  assert.ok(!/docs: add the release lesson/.test(settled.detailed), settled.detailed);
  const other = run('.gitignore');
  assert.ok(section(other.detailed, 2).some((l) => l.startsWith('Unresolved failure:')), other.detailed);
  assert.ok(section(other.detailed, 3).some((l) => l.includes('docs: add the release lesson')), other.detailed);
});

test('next steps from the final message\'s prose: what it says is left or not done yet, never its closing question as a step', () => {
  const cases: [string, string, string][] = [
    ['Ship the fix.', 'Pushed the fix.\n\nThe migration has not been run on staging yet. Should I run it now?', 'The migration has not been run on staging yet.'],
    ['READMEを更新して', 'README を更新してプッシュしました。\n\n前回からの残タスクとして、設定ファイルの移行がコミットされていない状態です。こちらも進めますか？', '前回からの残タスクとして、設定ファイルの移行がコミットされていない状態です。'],
    ['README를 업데이트해 줘', 'README를 업데이트했습니다.\n\n남은 작업: 설정 파일 이전은 아직 커밋되지 않았습니다. 이것도 진행할까요?', '설정 파일 이전은 아직 커밋되지 않았습니다.'],
  ];
  for (const [ask, final, expect] of cases) {
    const sum = summarizeHeuristically(new SessionBuilder().prompt(ask).edit('README.md').stop(final).input());
    // A short request in Korean or Japanese still decides the headings' language.
    assert.equal(sum.language, /[가-힣]/.test(ask) ? 'ko' : /[ぁ-ん]/.test(ask) ? 'ja' : 'en', ask);
    const next = section(sum.detailed, 3);
    assert.ok(next.includes(expect), `${ask}\n${sum.detailed}`);
    const question = final.split(/(?<=[.。])\s*/).pop()!;
    assert.ok(!next.includes(question), `the closing question is no step of its own\n${sum.detailed}`);
  }
  // Naming a to-do list or leftover work is no next step when the sentence says it is done.
  for (const done of ['I created a todo list with four tasks and walked through each of them.', '残タスクをすべて片付けました。']) {
    const sum = summarizeHeuristically(new SessionBuilder().prompt('Walk me through the todo list feature.').edit('src/todo.ts').stop(done).input());
    assert.deepEqual(section(sum.detailed, 3), [phrasesFor(sum.language).nothing], `${done}\n${sum.detailed}`);
  }
});

test('steps the final message hands the user (commands to run, explained or fenced) are next steps, not done', () => {
  const ja = summarizeHeuristically(
    new SessionBuilder()
      .prompt('plan.md を更新して commit してください')
      .bash('jj log -r @')
      .bash('jj git push -b main')
      .edit('plan.md')
      .commit('docs: update plan')
      .stop('コミット完了。\n\n**jj コマンド説明:**\n1. `jj git import` — git のコミットを jj に取り込む\n2. `jj git push -b main` — main をプッシュ\n\n以下を実行してください:\n\n```bash\njj git import\njj git push -b main\n```\n\nタグプッシュでリリースが走ります。')
      .input(),
  );
  const done = section(ja.detailed, 1).join('\n');
  assert.ok(!done.includes('jj git import') && !done.includes('jj git push'), `handed over, not done\n${ja.detailed}`);
  assert.ok(section(ja.detailed, 3).some((l) => l.includes('jj git push -b main')), ja.detailed);
  assert.ok(done.includes('docs: update plan'), 'the commit is still done');
  // An explained command that is also a fenced step is listed once, as the step.
  assert.equal(section(ja.detailed, 3).filter((l) => l.includes('jj git push -b main')).length, 1, ja.detailed);

  const en = summarizeHeuristically(
    new SessionBuilder().prompt('Bump the version.').edit('package.json').bash('npm test', { stdout: '12 passing' }).stop('Bumped to 2.1.0 and the tests pass.\n\nTo publish, run the following:\n```bash\nnpm publish --access public\ngit push --tags\n```').input(),
  );
  assert.deepEqual(section(en.detailed, 3).filter((l) => l.includes('npm publish') || l.includes('git push')), ['npm publish --access public', 'git push --tags'], en.detailed);
  assert.ok(!section(en.detailed, 1).join('\n').includes('npm publish'), en.detailed);

  // A command the session built (its program never ran here), or one it did run, is a result; code shown is no step.
  const built = summarizeHeuristically(
    new SessionBuilder().prompt('Add an export command.').edit('src/export.ts').bash('npm test', { stdout: 'ok' }).stop('Export is in.\n\n- `mnemo export --since 2d` — writes the records as JSON\n- `npm test` passes\n\n```ts\nexport function run() {}\n```').input(),
  );
  const builtDone = section(built.detailed, 1).join('\n');
  assert.ok(builtDone.includes('mnemo export --since 2d') && builtDone.includes('npm test'), built.detailed);
  assert.ok(!built.detailed.includes('export function run'), built.detailed);
});

test('a passing run is shown by the line that counted tests, not a later one where none ran (cargo\'s doc-tests)', () => {
  const out = 'running 620 tests\n...\ntest result: ok. 620 passed; 0 failed; 0 ignored; 0 measured; 0 filtered out; finished in 1.20s\n\n   Doc-tests tij\n\nrunning 0 tests\n\ntest result: ok. 0 passed; 0 failed; 0 ignored; 0 measured; 0 filtered out; finished in 0.00s\n';
  const sum = summarizeHeuristically(new SessionBuilder().prompt('Fix the parser.').edit('src/parser.rs').bash('cargo test', { stdout: out }).stop('Fixed.').input());
  const line = section(sum.detailed, 1).find((l) => l.includes('cargo test'));
  assert.ok(line?.includes('620 passed'), sum.detailed);
  // Only runs where nothing ran: that is still what the output says.
  const none = summarizeHeuristically(new SessionBuilder().prompt('Fix the parser.').edit('src/parser.rs').bash('cargo test', { stdout: 'running 0 tests\n\ntest result: ok. 0 passed; 0 failed; 0 ignored\n' }).stop('Fixed.').input());
  assert.ok(section(none.detailed, 1).find((l) => l.includes('cargo test'))?.includes('0 passed'), none.detailed);
});

test('a passing run whose output logs errors and counts "0 fail" is no failure; a count from 1 up, or a capital FAIL, is', () => {
  const bun = ' 1274 pass\n 0 fail\n 2760 expect() calls\nRan 1274 tests across 56 files. [813.00ms]';
  const logged = `[routes] Error in POST /api/evaluate\nerror: Database connection failed\n      at evaluation.test.ts:315:25\n\n${bun}`;
  const ok = summarizeHeuristically(new SessionBuilder().prompt('Fix the tree view.').edit('src/tree.tsx').bash('bun run test 2>&1 | tail -30', { stdout: logged }).stop('All 1274 tests pass.').input());
  assert.deepEqual(section(ok.detailed, 2), [phrasesFor(ok.language).nothing], ok.detailed);
  for (const out of [' 1270 pass\n 4 fail\nRan 1274 tests across 56 files.', 'FAIL src/tree.test.tsx\nTests: 1 failed, 12 passed', 'Failed to compile.\n./src/App.tsx']) {
    const failed = summarizeHeuristically(new SessionBuilder().prompt('Fix the tree view.').edit('src/tree.tsx').bash('bun run test 2>&1 | tail -30', { stdout: out }).stop('Looking into it.').input());
    assert.ok(section(failed.detailed, 2).some((l) => l.includes('bun run test')), `${out}\n${failed.detailed}`);
  }
  // "Failed: 0" is a tally of nothing.
  const tally = summarizeHeuristically(new SessionBuilder().prompt('Run the suite.').bash('npm test | tail -3', { stdout: 'Passed: 12\nFailed: 0\nSkipped: 1' }).stop('Done.').input());
  assert.deepEqual(section(tally.detailed, 2), [phrasesFor(tally.language).nothing], tally.detailed);
});

test('Jujutsu commits count by their message: `jj commit -m` and `jj describe -m` print no git line', () => {
  const sum = summarizeHeuristically(
    new SessionBuilder()
      .prompt('Add revset input to rebase and release it.')
      .edit('src/rebase.rs')
      .bash('jj describe -m "feat: rebase revset input (v0.4.5)" 2>&1', { stdout: 'Working copy  (@) now at: mypslynw 4b3c2a1d feat: rebase revset input (v0.4.5)' })
      .bash('jj commit -m "docs: note the revset syntax"', { stdout: 'Working copy  (@) now at: zzqxwmqk 9a8b7c6d (empty) (no description set)' })
      .bash('jj log -r @-', { stdout: 'docs: note the revset syntax' })
      .stop('Released.')
      .input(),
  );
  const done = section(sum.detailed, 1).join('\n');
  assert.ok(done.includes('feat: rebase revset input (v0.4.5)') && done.includes('docs: note the revset syntax'), sum.detailed);
});

test('a purpose lead-in before a shell fence ("To import it into jj:", "取り込むには:") hands its commands over; so does a closing "please …" sentence', () => {
  const ja = summarizeHeuristically(
    new SessionBuilder()
      .prompt('リファクタリングしてコミットしてください')
      .edit('src/app.rs')
      .commit('refactor: unify rebase API')
      .stop('コミット完了しました。\n\n**jj 操作について**: 現在 detached HEAD 状態です。jj でこのコミットを取り込むには:\n\n```bash\njj git import    # git の変更を jj に取り込む\njj log           # 状態確認\n```\n\nその後、必要に応じて bookmark を設定してください。')
      .input(),
  );
  const next = section(ja.detailed, 3);
  assert.ok(next.includes('jj git import') && next.includes('jj log'), ja.detailed);
  assert.ok(next.some((l) => l.includes('bookmark を設定してください')), ja.detailed);
  assert.ok(!section(ja.detailed, 1).some((l) => l.includes('jj git import')), ja.detailed);

  const en = summarizeHeuristically(
    new SessionBuilder().prompt('Add the migration.').edit('db/001.sql').stop('Added the migration.\n\nTo apply it:\n```sh\n$ npm run migrate\n```\n\nPlease restart the API afterwards. Please let me know if anything looks off.').input(),
  );
  const enNext = section(en.detailed, 3);
  assert.ok(enNext.includes('npm run migrate') && enNext.includes('Please restart the API afterwards.'), en.detailed);
  assert.ok(!enNext.some((l) => l.includes('let me know')), `a closing courtesy is no step\n${en.detailed}`);
  // "To summarize:" before a list is no purpose: its items are results.
  const recap = summarizeHeuristically(new SessionBuilder().prompt('Fix the parser.').edit('src/parse.ts').stop('Fixed.\n\nTo summarize:\n- the tokenizer handles CRLF now').input());
  assert.ok(section(recap.detailed, 1).some((l) => l.includes('handles CRLF')), recap.detailed);
});

test('a listed command is a result unless the message hands the user steps', () => {
  const sum = summarizeHeuristically(
    new SessionBuilder().prompt('Switch the build to ESM.').edit('tsup.config.ts').bash('npm test', { stdout: '12 passing' }).stop('Done.\n\n- `npm run build` now emits ESM\n- `npm test` passes').input(),
  );
  assert.ok(section(sum.detailed, 1).some((l) => l.includes('`npm run build` now emits ESM')), sum.detailed);
});

test('a final message listing fixes under headings that name what each fixed: the fixes are done, no heading is an open issue', () => {
  const final = [
    "All builds, vet, and tests pass. Here's a summary of the three fixes:",
    '',
    '**1. Send-on-closed-channel panic** (`wal.go` + `store.go`):',
    '- Added a `shuttingDown` flag',
    '',
    '**2. Partial WAL record on write error** (`wal.go`):',
    '- `writeRecord` now assembles the whole record before one write',
    '',
    '## Known issues',
    '- the rotation still blocks when a host never drains its channel',
  ].join('\n');
  const sum = summarizeHeuristically(new SessionBuilder().prompt('Fix the shutdown bugs.').edit('wal.go').stop(final).input());
  const done = section(sum.detailed, 1).join('\n');
  const open = section(sum.detailed, 2);
  assert.match(done, /assembles the whole record/);
  assert.ok(!open.some((l) => /wal\.go|assembles/.test(l)), `fixes are no issues: ${JSON.stringify(open)}`);
  assert.ok(open.some((l) => /rotation still blocks/.test(l)), `a Known issues list still is: ${JSON.stringify(open)}`);
  // A Japanese heading ending in its issue word introduces problems; one naming the fixed error does not.
  const ja = summarizeHeuristically(new SessionBuilder().prompt('直して').edit('a.go').stop('修正しました。\n\n**書き込みエラー時のレコード** (`wal.go`):\n- 一度に書き込むようにした\n\n**残っている問題:**\n- ローテーションがまだ止まる').input());
  assert.ok(!section(ja.detailed, 2).some((l) => /一度に/.test(l)), section(ja.detailed, 2).join(' | '));
});

test('goal: a request that names its object only by pointing back takes the scene along; the host\'s own plan file is no change of the project', () => {
  const sum = summarizeHeuristically(
    new SessionBuilder()
      .prompt('For an OIDC-initiated user session no logout button is shown in the frontend UI. Investigate the issue and fix it')
      .edit('/home/u/.claude/plans/sleepy-ember.md')
      .edit(`${PROJECT}/internal/auth/auth.go`)
      .stop('Fixed: the session now keeps its auth source.')
      .input(),
  );
  assert.match(section(sum.brief, 0).join('\n'), /no logout button is shown/);
  const done = section(sum.detailed, 1).join('\n');
  assert.match(done, /internal\/auth\/auth\.go/);
  assert.doesNotMatch(done, /plans|sleepy-ember/);
});

test('npm ci installs: it is no test run; a line that introduced a list is a statement of its own', () => {
  const sum = summarizeHeuristically(
    new SessionBuilder().prompt('Build the frontend.').bash('cd web && npm ci && npm run build', { stdout: 'added 812 packages\nbuilt in 4.2s' }).stop('Committed as `6d86690c` on `main`:\n\n- the build passes').input(),
  );
  const done = section(sum.detailed, 1);
  assert.ok(!done.some((l) => /^Tests pass/.test(l)), done.join(' | '));
  assert.ok(done.some((l) => /^Checks pass: .*npm run build/.test(l)), done.join(' | '));
  assert.ok(!done.some((l) => /:$/.test(l)), done.join(' | '));
});
