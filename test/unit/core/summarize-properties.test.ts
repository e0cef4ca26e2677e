// Properties of the heuristic summary for any sequence of hook events, drawn by fast-check and run
// through the real capture and extraction (session-builder): nothing is both done and open, no host
// bookkeeping line appears, and the limits hold in characters (CJK and emoji counted as one each).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { summarizeHeuristically, SUMMARY_LIMITS } from '../../../src/core/summarize/heuristic.ts';
import { SessionBuilder } from './session-builder.ts';

const COMMANDS = ['npm test', 'npm run lint', 'git push', 'go test ./...', 'make build', 'cargo test', 'pytest tests/test_api.py', 'gh pr create --fill', 'python3 scripts/migrate.py'];
const FILES = ['src/a.ts', 'src/b.ts', 'docs/guide.md', 'internal/npm/npm.go', 'README.md'];
const SUBJECTS = ['feat: add the export command', 'fix(db): release pooled connections', 'docs: explain the retry limit', 'テストを追加', '修复连接池泄漏'];
const WORDS = ['fix', 'the', 'login', 'timeout', 'and', 'add', 'tests', 'for', 'retry', 'ログイン', 'を', '直して', '修复', '登录', '超时', '로그인', '수정', '🚀', 'ünïcödé', 'x'.repeat(40)];

/** Host bookkeeping as the test knows it (its own list, not the summarizer's recognizer). */
const HOST_RE = [/<\/?[a-z][a-z0-9]*(?:[-_][a-z0-9]+)+[^>]*>/i, /Read the output file/, /\[Request interrupted/, /continued from a previous conversation/, /\/tasks\/[\w-]+\.output/, /Caveat: The messages below/];

const text = fc.array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 30 }).map((w) => w.join(' '));
const tag = fc.tuple(fc.constantFrom('task', 'local', 'command', 'system', 'bash', 'user', 'hook'), fc.constantFrom('notification', 'stdout', 'name', 'reminder', 'input', 'caveat', 'output')).map(([a, b]) => `${a}-${b}`);

type Step =
  | { k: 'prompt'; text: string }
  | { k: 'wrapper'; tag: string; text: string }
  | { k: 'notice'; id: string }
  | { k: 'marker' }
  | { k: 'preamble' }
  | { k: 'ack'; text: string }
  | { k: 'bash'; cmd: string; ok: boolean }
  | { k: 'commit'; subject: string; ok: boolean }
  | { k: 'edit'; file: string; ok: boolean }
  | { k: 'todos'; items: [string, 'pending' | 'in_progress' | 'completed'][] }
  | { k: 'stop'; text: string; next: string[] };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ k: fc.constant('prompt' as const), text }),
  fc.record({ k: fc.constant('wrapper' as const), tag, text }),
  fc.record({ k: fc.constant('notice' as const), id: fc.stringMatching(/^[0-9a-f]{4,9}$/) }),
  fc.record({ k: fc.constant('marker' as const) }),
  fc.record({ k: fc.constant('preamble' as const) }),
  fc.record({ k: fc.constant('ack' as const), text: fc.constantFrom('ok', 'yes please', 'continue', 'はい', '好的', '네', '👍') }),
  fc.record({ k: fc.constant('bash' as const), cmd: fc.constantFrom(...COMMANDS), ok: fc.boolean() }),
  fc.record({ k: fc.constant('commit' as const), subject: fc.constantFrom(...SUBJECTS), ok: fc.boolean() }),
  fc.record({ k: fc.constant('edit' as const), file: fc.constantFrom(...FILES), ok: fc.boolean() }),
  fc.record({ k: fc.constant('todos' as const), items: fc.array(fc.tuple(text, fc.constantFrom('pending' as const, 'in_progress' as const, 'completed' as const)), { maxLength: 5 }) }),
  fc.record({ k: fc.constant('stop' as const), text, next: fc.array(text, { maxLength: 4 }) }),
);

function build(steps: readonly Step[]): SessionBuilder {
  const b = new SessionBuilder();
  for (const s of steps) {
    if (s.k === 'prompt') b.prompt(s.text);
    else if (s.k === 'wrapper') b.prompt(`<${s.tag}>${s.text}</${s.tag}>`);
    else if (s.k === 'notice') b.prompt(`<task-notification>\n<task-id>${s.id}</task-id>\n<status>completed</status>\n</task-notification>\nRead the output file to retrieve the result: /tmp/claude-1/p/tasks/${s.id}.output`);
    else if (s.k === 'marker') b.prompt('[Request interrupted by user for tool use]');
    else if (s.k === 'preamble') b.prompt('This session is being continued from a previous conversation that ran out of context. The summary below covers the earlier portion.');
    else if (s.k === 'ack') b.prompt(s.text);
    else if (s.k === 'bash') b.bash(s.cmd, s.ok ? { stdout: 'Tests: 4 passed, 4 total' } : { fail: 'Exit code 1\nError: boom' });
    else if (s.k === 'commit') s.ok ? b.commit(s.subject) : b.bash(`git commit -m ${JSON.stringify(s.subject)}`, { fail: 'Exit code 1\npre-commit hook failed' });
    else if (s.k === 'edit') b.edit(s.file, s.ok ? undefined : 'String to replace not found in file.');
    else if (s.k === 'todos') b.todos(s.items);
    else b.stop(`${s.text}${s.next.length ? `\n\n## Next steps\n${s.next.map((x) => `- ${x}`).join('\n')}` : ''}`);
  }
  return b;
}

function sections(summary: string): string[][] {
  return summary.split(/^## .*$/m).slice(1).map((p) => p.split('\n').map((l) => l.replace(/^- /, '').trim()).filter(Boolean));
}

const spans = (line: string) => [...line.matchAll(/`([^`]+)`/g)].map((m) => m[1]!);

test('for any sequence of events: nothing both done and open, no host bookkeeping, limits in characters', () => {
  fc.assert(
    fc.property(fc.array(step, { maxLength: 60 }), (steps) => {
      const sum = summarizeHeuristically(build(steps).input());
      for (const [kind, textOf, limit] of [['brief', sum.brief, SUMMARY_LIMITS.brief], ['detailed', sum.detailed, SUMMARY_LIMITS.detailed]] as const) {
        assert.ok([...textOf].length <= limit, `${kind}: ${[...textOf].length} characters`);
        assert.equal(textOf.split('\n').filter((l) => l.startsWith('## ')).length, 4, kind);
        for (const line of textOf.split('\n')) for (const re of HOST_RE) assert.doesNotMatch(line, re, `${kind} shows host bookkeeping`);
        const [, done = [], open = []] = sections(textOf);
        for (const subject of SUBJECTS) {
          assert.ok(!(done.some((l) => l.includes(subject)) && open.some((l) => l.includes(subject))), `${kind}: commit "${subject}" both done and open`);
        }
        const doneCommands = new Set(done.flatMap(spans));
        for (const line of open) for (const c of spans(line)) assert.ok(!doneCommands.has(c), `${kind}: \`${c}\` both done and open`);
      }
      // The same as one structural statement: no key is on both sides.
      const doneKeys = new Set(sum.facts.done.flatMap((l) => l.keys));
      for (const l of [...sum.facts.open, ...sum.facts.next]) for (const k of l.keys) assert.ok(!doneKeys.has(k), `key ${k} both done and open`);
    }),
    { numRuns: 250 },
  );
});

test('for any sequence of events: a command whose last attempt succeeded is never an open failure, one whose last attempt failed is', () => {
  fc.assert(
    fc.property(fc.array(fc.record({ cmd: fc.constantFrom(...COMMANDS), ok: fc.boolean() }), { minLength: 1, maxLength: 25 }), (runs) => {
      const b = new SessionBuilder().prompt('Keep the build green and ship it.');
      for (const r of runs) b.bash(r.cmd, r.ok ? { stdout: 'Tests: 4 passed, 4 total' } : { fail: 'Exit code 1\nError: boom' });
      const sum = summarizeHeuristically(b.input());
      const open = sections(sum.detailed)[2] ?? [];
      for (const cmd of COMMANDS) {
        const last = runs.filter((r) => r.cmd === cmd).pop();
        if (!last) continue;
        const listed = open.some((l) => l.startsWith('Unresolved failure:') && spans(l).some((s) => s === cmd || s.startsWith(`${cmd} `)));
        assert.equal(listed, !last.ok, `${cmd}: last ${last.ok ? 'succeeded' : 'failed'}\n${sum.detailed}`);
      }
    }),
    { numRuns: 200 },
  );
});
