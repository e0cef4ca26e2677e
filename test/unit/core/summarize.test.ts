import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { summarizeHeuristically, SUMMARY_LIMITS } from '../../../src/core/summarize/heuristic.ts';
import { buildSnapshot } from '../../../src/core/summarize/snapshot.ts';
import { guessLanguage } from '../../../src/core/summarize/language.ts';
import type { Observation, ObsType } from '../../../src/core/types.ts';

let n = 0;
function o(type: ObsType, title: string, body = title, extra: Partial<Observation> = {}): Observation {
  n++;
  return { id: n, sessionId: 1, project: '/p', platform: 'claude-code', kind: type === 'prompt' ? 'user' : 'tool', type, title, body, files: [], private: false, createdAt: 1_700_000_000_000 + n * 1000, ...extra };
}

test('four sections: goal from the first request, changes, outcome, unresolved failures, next steps', () => {
  const s = summarizeHeuristically({
    project: '/p',
    observations: [
      o('prompt', 'Add rate limiting to the API', 'Add rate limiting to the API gateway. Use a token bucket.'),
      o('change', 'Edited src/gateway.ts', 'x', { files: ['/p/src/gateway.ts'] }),
      o('error', 'Failed: Ran `npm run lint` — Error: 3 problems', 'x'),
      o('conclusion', 'Done', 'Rate limiting is in place with a token bucket. Lint still fails.'),
      o('prompt', 'Now fix the lint errors', 'Now fix the lint errors'),
    ],
    events: [{ type: 'task', category: 'task', priority: 1, data: 'Write tests for the limiter [pending]' }],
  });
  assert.equal(s.language, 'en');
  assert.match(s.brief, /^## Goal\n- Add rate limiting to the API gateway\./);
  assert.match(s.brief, /## Done\n- Result: Rate limiting is in place with a token bucket\.\n- Changed: src\/gateway\.ts/);
  assert.match(s.brief, /## Open issues and risks\n- Unresolved failure: Failed: Ran `npm run lint`/);
  assert.match(s.brief, /## Next steps\n- Continue with: Now fix the lint errors/);
  assert.match(s.detailed, /Open task: Write tests for the limiter/);
  assert.ok(s.brief.length <= SUMMARY_LIMITS.brief && s.detailed.length <= SUMMARY_LIMITS.detailed);
});

test('a failure fixed later in the session is not left open', () => {
  const s = summarizeHeuristically({
    observations: [o('prompt', 'fix tests'), o('error', 'Failed: Ran `npm test` — Error: boom'), o('command', 'Ran `npm test` → 12 passed')],
  });
  assert.doesNotMatch(s.detailed, /Unresolved failure/);
});

test('written in the language the user wrote in', () => {
  const zh = summarizeHeuristically({ observations: [o('prompt', '修复登录超时', '请修复登录超时的问题，并补充测试。')] });
  assert.equal(zh.language, 'zh');
  assert.match(zh.brief, /^## 用户目标\n- 请修复登录超时的问题/);
  assert.match(zh.brief, /## 下一步建议/);
  const ja = summarizeHeuristically({ observations: [o('prompt', 'ログインのタイムアウトを直してください')] });
  assert.match(ja.brief, /^## 目標/);
  const ru = summarizeHeuristically({ observations: [o('prompt', 'Исправь тайм-аут входа, пожалуйста')] });
  assert.match(ru.brief, /^## Цель/);
  assert.equal(guessLanguage(['Necesito que arregles el error de la conexión para el cliente']), 'es');
  assert.equal(guessLanguage(['Bitte behebe den Fehler in der Größenberechnung für Übersetzungen']), 'de');
});

test('private records never enter; de-duplicated lines; limits hold for any input', () => {
  const s = summarizeHeuristically({
    observations: [o('prompt', 'public goal'), o('prompt', '[PRIVATE]', 'the secret plan', { private: true }), o('prompt', 'public goal')],
  });
  assert.doesNotMatch(s.detailed, /secret plan/);
  const goal = s.detailed.split('## Done')[0]!;
  assert.equal(goal.match(/public goal/g)?.length, 1, 'the same request is one line');
  fc.assert(
    fc.property(fc.array(fc.record({ t: fc.constantFrom<ObsType>('prompt', 'change', 'error', 'conclusion', 'command'), title: fc.string({ maxLength: 400 }), body: fc.string({ maxLength: 2000 }) }), { maxLength: 80 }), (rows) => {
      const r = summarizeHeuristically({ observations: rows.map((r) => o(r.t, r.title, r.body, { files: r.t === 'change' ? [`/p/${r.title.slice(0, 20)}`] : [] })) });
      assert.ok(r.brief.length <= SUMMARY_LIMITS.brief, `brief ${r.brief.length}`);
      assert.ok(r.detailed.length <= SUMMARY_LIMITS.detailed, `detailed ${r.detailed.length}`);
      assert.equal(r.brief.split('\n').filter((l) => l.startsWith('## ')).length, 4);
    }),
    { numRuns: 200 },
  );
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

test('many changed files: as many names as fit, and the count of the rest survives', () => {
  const files = Array.from({ length: 30 }, (_, i) => `/p/packages/some-long-package-name/src/components/deeply/nested/file-${i}.tsx`);
  const s = summarizeHeuristically({ project: '/p', observations: [o('prompt', 'refactor'), ...files.map((f) => o('change', `Edited ${f}`, 'x', { files: [f] }))] });
  const line = s.brief.split('\n').find((l) => l.startsWith('- Changed: '))!;
  assert.match(line, /\(\+\d+\)$/);
  const shown = line.split(', ').length;
  assert.equal(Number(/\(\+(\d+)\)$/.exec(line)![1]) + shown, 30);
});
