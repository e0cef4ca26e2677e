// Sessions with many commits (10–20, as real working sessions have), drawn by fast-check and run
// through the real capture and extraction (session-builder), scored by the evaluation's own scorer
// (eval/summaries/score.ts) against what the drawn session is known to hold:
// - the brief names ≥ 60 % of the final commit subjects (at most 5 required), the detailed ≥ 80 %
//   (at most 12), whatever the subjects' length and language, amends and retried commits included;
// - the limits hold in characters (CJK counted as characters); no contradiction; no host bookkeeping;
// - no remark, decision or acknowledgement is listed as a goal;
// - next steps are present wherever the session ended with something open (an open task, items the
//   final message says remain, a failure nothing fixed), and "none recorded" only where nothing is.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { summarizeHeuristically, SUMMARY_LIMITS } from '../../../src/core/summarize/heuristic.ts';
import { charCount, normalize, parseSummary, scoreSummary, type SessionLabel } from '../../../eval/summaries/score.ts';
import { SessionBuilder } from './session-builder.ts';

const TYPES = ['feat', 'fix', 'docs', 'refactor', 'test', 'chore', 'perf', 'build', ''];
const SCOPES = ['', 'api', 'cli', 'db', 'npm', 'auth', 'viewer', 'ci', 'specs'];
const ACTIONS = [
  'add the export command',
  'handle scoped package names in the registry client',
  'release pooled connections when a query times out',
  'retry on ECONNRESET with exponential backoff and jitter',
  'document the cache directory and how to clear it',
  'wire agentType through GetTranscriptFromCommit for correct chunk reassembly',
  'make GetByAgentType accept both display and registry names',
  'split the summarizer into facts, goals and layout modules',
  'address review comments',
  'log warnings for transcript chunking and read failures',
  'archive transcript chunk files in multi-session checkpoints so that a resumed session can be read back whole',
  'align the timeout behaviour of the npm provider with the GitHub provider and document both in the spec',
  'エクスポートコマンドを追加',
  'タイムアウト時にコネクションを解放する',
  '修复连接池泄漏',
  '添加导出命令的单元测试',
  '내보내기 명령 추가',
  '로그인 타임아웃 수정',
];
const FILES = ['src/export.ts', 'src/db/pool.ts', 'internal/npm/client.go', 'cmd/entire/cli/agent.go', 'README.md', 'docs/specs/scope.md', 'src/core/summarize/facts.ts', 'test/export.test.ts'];
const REQUESTS = [
  'Implement the npm provider described in docs/specs/npm.md and commit each step.',
  'Fix the flaky retry test in test/net.test.ts and push the branch.',
  'Add a --json flag to the export command.',
  'Implement the package providers described in docs/specs/providers.md, one commit per provider, and keep the test suite green throughout; when done push the branch and open a PR against main.',
  'npmプロバイダーを実装して、各ステップでコミットして',
  '帮我把导出功能加上单元测试',
  '로그인 버그 고쳐줘',
];
/** Prompts that are not goals, by class: remarks, concessions, check-ins, acknowledgements. */
const NOT_GOALS = ["I concede defeat. let's go back", 'okay, im watching the logs now', 'did you push?', 'thanks, looks good', 'we have an import cycle now', '我在看日志', 'テスト通った', '로그 보고 있어요', 'yes please', 'ok'];
/** Answers to the assistant's closing question (the step before asks one). */
const DECISIONS = ['yes do option 2', 'the second one', '用方案二', '2番でお願いします', '2번으로 해주세요'];
const REMAINING = [
  ['## Next steps', 'Document the cache directory in the README', 'Add an integration test for the registry client'],
  ['## Remaining', 'Wire the maven provider into the CLI once its registry client handles pagination and rate limits', 'Decide whether the cache directory moves under XDG_CACHE_HOME on Linux and macOS'],
  ['**残り:**', 'README に使い方を書く', 'レジストリクライアントの統合テストを追加'],
  ['下一步：', '在 README 中写明用法', '增加 --since 选项'],
  ['다음 단계:', 'README에 사용법 추가', '통합 테스트 추가'],
] as const;

const subject = fc
  .tuple(fc.constantFrom(...TYPES), fc.constantFrom(...SCOPES), fc.constantFrom(...ACTIONS), fc.integer({ min: 1, max: 999 }))
  .map(([t, s, a, n]) => `${t ? `${t}${s ? `(${s})` : ''}: ` : ''}${a}${n % 3 === 0 ? ` (#${n})` : ` ${n}`}`);

interface CommitStep {
  readonly subject: string;
  readonly form: 'm' | 'heredoc';
  /**
   * A hook rejects the first attempt; after a fix the same subject goes through ('same'), or the same
   * files are committed under another subject ('other').
   */
  readonly retried: 'no' | 'same' | 'other';
  /** The commit is amended afterwards under a new subject. */
  readonly amendedTo?: string;
  readonly edits: readonly string[];
  readonly testFirstFails: boolean;
  /** What happens between this commit and the next (host bookkeeping, the user talking). */
  readonly between: 'none' | 'notification' | 'marker' | 'wrapper' | 'remark' | 'request' | 'question';
  readonly noteIndex: number;
}

const commitStep: fc.Arbitrary<CommitStep> = fc.record({
  subject,
  form: fc.constantFrom('m' as const, 'heredoc' as const),
  retried: fc.constantFrom('no' as const, 'same' as const, 'other' as const),
  amendedTo: fc.option(subject, { nil: undefined, freq: 6 }),
  edits: fc.array(fc.constantFrom(...FILES), { minLength: 1, maxLength: 3 }),
  testFirstFails: fc.boolean(),
  between: fc.constantFrom('none' as const, 'none' as const, 'notification' as const, 'marker' as const, 'wrapper' as const, 'remark' as const, 'request' as const, 'question' as const),
  noteIndex: fc.nat(),
});

interface Drawn {
  readonly request: string;
  /** Every subject carries a long explanation (some teams write 100-character subjects). */
  readonly longSubjects: boolean;
  readonly steps: readonly CommitStep[];
  readonly openTasks: number;
  readonly remaining?: number;
  readonly failingAtEnd: boolean;
  readonly pushRetried: boolean;
}

const drawn: fc.Arbitrary<Drawn> = fc.record({
  request: fc.constantFrom(...REQUESTS),
  longSubjects: fc.boolean(),
  steps: fc.array(commitStep, { minLength: 10, maxLength: 20 }),
  openTasks: fc.integer({ min: 0, max: 3 }),
  remaining: fc.option(fc.integer({ min: 0, max: REMAINING.length - 1 }), { nil: undefined }),
  failingAtEnd: fc.boolean(),
  pushRetried: fc.boolean(),
});

interface Built {
  readonly builder: SessionBuilder;
  readonly label: SessionLabel;
  /** What is open at the end, each as alternatives that should show up under Next steps. */
  readonly open: readonly string[];
}

/** Long subjects run to about 110 characters: what long-subject teams write, short of a paragraph. */
const LONG_TAIL = ' so that a resumed session reads back whole after a restart';
const LONG_SUBJECT = 110;
const lengthen = (subject: string) => (subject.length < LONG_SUBJECT - LONG_TAIL.length ? subject + LONG_TAIL : subject);

function build(drawnSession: Drawn): Built {
  const d = drawnSession.longSubjects
    ? { ...drawnSession, steps: drawnSession.steps.map((s) => ({ ...s, subject: lengthen(s.subject), ...(s.amendedTo ? { amendedTo: lengthen(s.amendedTo) } : {}) })) }
    : drawnSession;
  const b = new SessionBuilder().prompt(d.request);
  const finals: string[] = [];
  const notGoals: string[] = [];
  const resolved: string[][] = [];
  d.steps.forEach((s, i) => {
    for (const f of s.edits) b.edit(f);
    if (s.testFirstFails) {
      b.bash('npm test', { fail: 'Exit code 1\nTests: 1 failed, 39 passed' }).edit(s.edits[0]!);
      resolved.push(['npm test']);
    }
    b.bash('npm test', { stdout: 'Tests: 40 passed, 40 total' });
    if (s.retried !== 'no') {
      const first = s.retried === 'same' ? s.subject : `wip: ${s.subject}`;
      b.bash(`git add ${s.edits.join(' ')} && git commit -m ${JSON.stringify(first)}`, { fail: 'Exit code 1\neslint...............Failed\n- hook id: eslint' });
      b.bash('npx eslint --fix src', { stdout: '' });
      if (s.retried === 'other') resolved.push([first]);
    }
    b.commit(s.subject, { heredoc: s.form === 'heredoc', branch: 'feature/work', ...(s.retried === 'other' ? { add: s.edits } : {}) });
    if (s.amendedTo && !finals.some((f) => normalize(f) === normalize(s.amendedTo!))) {
      b.commit(s.amendedTo, { amend: true, branch: 'feature/work' });
      finals.push(s.amendedTo);
    } else if (!finals.some((f) => normalize(f) === normalize(s.subject))) finals.push(s.subject);
    if (s.between === 'notification') {
      b.stop(`Committed ${s.subject}.`).prompt(`<task-notification>\n<task-id>b${i}</task-id>\n<status>completed</status>\n<summary>Background command "npm run build" completed (exit code 0)</summary>\n</task-notification>\nRead the output file to retrieve the result: /tmp/claude-1/p/tasks/b${i}.output`);
      b.stop('The background build finished as well.');
    } else if (s.between === 'marker') b.prompt('[Request interrupted by user for tool use]');
    else if (s.between === 'wrapper') b.prompt('<local-command-stdout>Compacted (ctrl+o to see full summary)</local-command-stdout>');
    else if (s.between === 'remark') {
      const remark = NOT_GOALS[s.noteIndex % NOT_GOALS.length]!;
      b.stop(`Committed ${s.subject}.`).prompt(remark);
      notGoals.push(remark);
    } else if (s.between === 'question') {
      const decision = DECISIONS[s.noteIndex % DECISIONS.length]!;
      b.stop(`Committed ${s.subject}. Option 1 keeps the cache in memory, option 2 writes it to disk. Which one should I take?`).prompt(decision);
      notGoals.push(decision);
    } else if (s.between === 'request') b.stop(`Committed ${s.subject}.`).prompt(REQUESTS[s.noteIndex % REQUESTS.length]!);
  });
  if (d.pushRetried) {
    b.bash('git push', { fail: 'Exit code 128\nfatal: The current branch feature/work has no upstream branch.' });
    b.bash('git push --set-upstream origin feature/work', { stdout: "branch 'feature/work' set up to track 'origin/feature/work'." });
    resolved.push(['git push']);
  } else b.bash('git push', { stdout: 'To github.com:o/r.git\n   1a2b3c4..5d6e7f8  feature/work -> feature/work' });
  const open: string[] = [];
  const tasks: [string, 'pending' | 'in_progress' | 'completed'][] = [['Port the registry client', 'completed']];
  for (let t = 0; t < d.openTasks; t++) {
    const task = `Open task number ${t + 1}: migrate the ${['billing', 'search', 'auth'][t]} tables`;
    tasks.push([task, t === 0 ? 'in_progress' : 'pending']);
    open.push(task);
  }
  b.todos(tasks);
  if (d.failingAtEnd) {
    b.bash('npm run lint', { fail: 'Exit code 1\nsrc/export.ts:12:3 error no-unused-vars' });
    open.push('npm run lint');
  }
  const remaining = d.remaining !== undefined ? REMAINING[d.remaining]! : undefined;
  if (remaining) open.push(remaining[1], remaining[2]);
  b.stop(`All ${finals.length} commits are on feature/work and pushed.${remaining ? `\n\n${remaining[0]}\n- ${remaining[1]}\n- ${remaining[2]}` : ''}`);
  const label: SessionLabel = {
    id: 'drawn',
    split: 'dev',
    transcript: '',
    session: '',
    language: 'en',
    commits: finals,
    done: [],
    open: open.map((o) => [o]),
    endedOpen: open.length > 0,
    resolved,
    notGoals,
  };
  return { builder: b, label, open };
}

test('many commits: the brief and the detailed summary name enough commit subjects, within the limits, with no contradiction, noise or remark as a goal', () => {
  fc.assert(
    fc.property(drawn, (d) => {
      const { builder, label } = build(d);
      const sum = summarizeHeuristically(builder.input());
      for (const kind of ['brief', 'detailed'] as const) {
        const text = sum[kind];
        const score = scoreSummary(text, label, kind);
        assert.ok(charCount(text) <= SUMMARY_LIMITS[kind], `${kind}: ${charCount(text)} characters`);
        assert.ok(score.commitsPass, `${kind} names ${score.commitsNamed} of ${label.commits.length} commits, ${score.commitsRequired} required\n${text}`);
        assert.deepEqual(score.contradictions, [], `${kind}\n${text}`);
        assert.deepEqual(score.noise, [], `${kind}\n${text}`);
        assert.ok(score.nextPass, `${kind}: the session ended open, no next steps\n${text}`);
      }
    }),
    { numRuns: 120, includeErrorInReport: true },
  );
});

test('many commits: every open item reaches the detailed next steps, and "none recorded" only where nothing is open', () => {
  fc.assert(
    fc.property(drawn, (d) => {
      const { builder, label, open } = build(d);
      const sum = summarizeHeuristically(builder.input());
      const next = parseSummary(sum.detailed).next.join('\n');
      for (const item of open) assert.ok(next.includes(item), `"${item}" missing from the next steps\n${sum.detailed}`);
      // The scorer's reading of a placeholder ("none recorded" in any language we ship).
      for (const kind of ['brief', 'detailed'] as const) assert.equal(scoreSummary(sum[kind], label, kind).nextPresent, open.length > 0, sum[kind]);
    }),
    { numRuns: 120, includeErrorInReport: true },
  );
});

test('a long request, long subjects and long next steps: the brief still names five commits and keeps a next step', () => {
  const subjects = ['npm', 'pypi', 'crates', 'maven', 'nuget', 'hex', 'pub', 'gems', 'cocoapods', 'conda', 'go', 'cran'].map(
    (name, i) => `feat(${name}): add the ${name} provider with retries, timeouts and a cache that survives a restart (#${100 + i})`,
  );
  const b = new SessionBuilder().prompt(REQUESTS.reduce((a, r) => (r.length > a.length ? r : a)));
  for (const s of subjects) b.edit(`src/providers/${s.split('(')[1]!.split(')')[0]}.ts`).bash('npm test', { stdout: 'Tests: 40 passed' }).commit(s);
  const remaining = ['## Remaining', `${REMAINING[1]![1]} once its registry client handles pagination, rate limits and the mirror configuration of private registries`, REMAINING[1]![2]] as const;
  b.stop(`All providers are in.\n\n${remaining[0]}\n- ${remaining[1]}\n- ${remaining[2]}`);
  const sum = summarizeHeuristically(b.input());
  const label: SessionLabel = { id: 'long', split: 'dev', transcript: '', session: '', language: 'en', commits: subjects, done: [], open: [[remaining[1]]], endedOpen: true, resolved: [], notGoals: [] };
  const brief = scoreSummary(sum.brief, label, 'brief');
  assert.equal(brief.commitsNamed, 5, sum.brief);
  assert.ok(brief.nextPresent, sum.brief);
  assert.ok(charCount(sum.brief) <= SUMMARY_LIMITS.brief);
  assert.ok(parseSummary(sum.brief).goal.length > 0, 'the goal is cut shorter, not dropped');
});
