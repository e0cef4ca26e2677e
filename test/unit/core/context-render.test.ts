import { test } from 'node:test';
import assert from 'node:assert/strict';
import { renderContext, collapseKey } from '../../../src/core/context/render.ts';
import type { Observation, ObsType } from '../../../src/core/types.ts';

const clock = { day: (ms: number) => new Date(ms).toISOString().slice(0, 10), time: (ms: number) => new Date(ms).toISOString().slice(11, 16) };
const T0 = Date.parse('2026-11-20T09:00:00Z');

function obs(id: number, type: ObsType, title: string, extra: Partial<Observation> = {}): Observation {
  return { id, sessionId: 1, project: '/p', platform: 'claude-code', kind: 'tool', type, title, body: '', files: [], private: false, createdAt: T0 + id * 60_000, ...extra };
}

test('one line per observation, grouped by day, with legend and how-to line', () => {
  const list = [obs(1, 'prompt', 'Fix the pool'), obs(2, 'change', 'Edited src/a.ts', { files: ['/p/src/a.ts'] }), obs(3000, 'error', 'Failed: npm test')].reverse();
  const r = renderContext({ projectName: 'p', observations: list, budget: 10_000, clock });
  assert.match(r.text, /^# mnemo: memory of p/);
  assert.match(r.text, /Legend: .*✎ change/);
  assert.match(r.text, /get_observations/);
  assert.match(r.text, /### 2026-11-20\n#1 09:01 ❯ Fix the pool\n#2 09:02 ✎ Edited src\/a.ts/);
  assert.match(r.text, /### 2026-11-22\n#3000 11:00 ✗ Failed: npm test/);
  assert.equal(r.shown, 3);
});

test('the same file edited ten times is one line with a count', () => {
  const list = Array.from({ length: 10 }, (_, i) => obs(i + 1, 'change', `Edited src/a.ts (+${i} −1)`, { files: ['/p/src/a.ts'] })).reverse();
  const r = renderContext({ projectName: 'p', observations: list, budget: 10_000, clock });
  const lines = r.text.split('\n').filter((l) => l.startsWith('#') && !l.startsWith('# ') && !l.startsWith('###'));
  assert.equal(lines.length, 1);
  assert.match(lines[0]!, /^#10 .* ×10$/);
  assert.equal(collapseKey(list[0]!), collapseKey(list[9]!));
});

test('never over budget, never cut mid-line, and the important lines win', () => {
  const many: Observation[] = [];
  for (let i = 1; i <= 600; i++) many.push(obs(i, 'discovery', `Read src/file${i}.ts with a long descriptive title to fill the budget quickly`, { files: [`/p/src/file${i}.ts`] }));
  many.push(obs(601, 'decision', 'Decided to keep retries at 3'));
  many.push(obs(5, 'error', 'Failed: cargo build — E0308 mismatched types', { createdAt: T0 }));
  const newestFirst = many.sort((a, b) => b.createdAt - a.createdAt);
  for (const budget of [700, 2000, 5000, 10_000]) {
    const r = renderContext({ projectName: 'p', observations: newestFirst, budget, clock });
    assert.ok(r.text.length <= budget, `budget ${budget}: got ${r.text.length}`);
    for (const line of r.text.split('\n')) assert.ok(!line.endsWith('…') || line.length < 200);
    if (budget >= 2000) {
      assert.match(r.text, /Decided to keep retries at 3/);
      assert.match(r.text, /E0308/, 'an old error outranks routine reads');
    }
    // Every selected line is a complete line of the full rendering.
    const full = renderContext({ projectName: 'p', observations: newestFirst, budget: 1_000_000, clock }).text.split('\n');
    for (const line of r.text.split('\n')) assert.ok(full.includes(line), `line not whole: ${line}`);
  }
});

test('private and bookkeeping rows never appear; empty input gives empty text', () => {
  const r = renderContext({ projectName: 'p', observations: [obs(1, 'prompt', 'secret', { private: true }), obs(2, 'pending', 'About to run')], budget: 10_000, clock });
  assert.equal(r.text, '');
});
