import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { renderContext, type TeammateObservation } from '../../../src/core/context/render.ts';
import type { IndexedObservation, ObsType } from '../../../src/core/types.ts';

const clock = { day: (ms: number) => new Date(ms).toISOString().slice(0, 10), time: (ms: number) => new Date(ms).toISOString().slice(11, 16) };
const T0 = Date.parse('2026-11-20T09:00:00Z');
const mine = (id: number, type: ObsType, title: string): IndexedObservation => ({ id, type, title, files: [], private: false, createdAt: T0 + id * 60_000, priority: 5 });
/** Titles that differ in letters (digits collapse lines: "file1", "file2" are one line ×2). */
const word = (i: number) => i.toString(26).replace(/\d/g, (d) => 'qrstuvwxyz'[Number(d)]!);
const theirs = (id: number, type: ObsType, title: string, author = 'bob'): TeammateObservation => ({ ...mine(id, type, title), author });

test('teammates get a block of their own lines with authors, after one’s own, within a quarter of the budget', () => {
  const own = Array.from({ length: 300 }, (_, i) => mine(i + 1, 'change', `Edited src/mine/${word(i)}.ts`)).reverse();
  const team = Array.from({ length: 300 }, (_, i) => theirs(1000 + i, i % 10 === 0 ? 'decision' : 'command', `Ran check ${word(i)} of the suite`, i % 2 ? 'bob' : 'carol')).reverse();
  const r = renderContext({ projectName: 'p', observations: own, teammates: team, budget: 10_000, clock });
  assert.ok(r.text.length <= 10_000);
  const [ownPart, teamPart] = r.text.split('\n## From teammates');
  assert.ok(teamPart, 'a teammates block');
  assert.ok(teamPart!.length <= 0.25 * 10_000 + 100, `block of ${teamPart!.length} chars`);
  assert.match(teamPart!, /@bob/);
  assert.match(teamPart!, /@carol/);
  assert.doesNotMatch(ownPart!, /Ran check/);
  assert.ok(ownPart!.split('\n').filter((l) => l.startsWith('#') && /Edited/.test(l)).length > 50, 'one’s own index keeps most of the room');
  // Decisions rank above commands in the block too.
  assert.ok(teamPart!.split('\n').filter((l) => l.includes('◆')).length >= 20);
});

test('no teammates, no block; only teammates, a block under the header', () => {
  const alone = renderContext({ projectName: 'p', observations: [mine(1, 'change', 'Edited a.ts')], teammates: [], budget: 10_000, clock });
  assert.doesNotMatch(alone.text, /From teammates/);
  const onlyTeam = renderContext({ projectName: 'p', observations: [], teammates: [theirs(5, 'change', 'Edited b.ts')], budget: 10_000, clock });
  assert.match(onlyTeam.text, /## From teammates[^\n]*\n#5 2026-11-20 09:05 ✎ Edited b\.ts @bob/);
});

test('any lists and budget: never over the budget, no line cut, authors kept to a safe alphabet', () => {
  const title = fc.string({ minLength: 1, maxLength: 120 });
  const author = fc.string({ minLength: 1, maxLength: 80 });
  fc.assert(
    fc.property(fc.array(title, { maxLength: 60 }), fc.array(fc.tuple(title, author), { maxLength: 60 }), fc.integer({ min: 500, max: 10_000 }), (own, team, budget) => {
      const r = renderContext({
        projectName: 'p',
        observations: own.map((t, i) => mine(i + 1, 'change', t.replace(/\n/g, ' '))),
        teammates: team.map(([t, a], i) => theirs(500 + i, 'note', t.replace(/\n/g, ' '), a)),
        budget,
        clock,
      });
      assert.ok(r.text.length <= budget);
      const block = r.text.split('\n## From teammates')[1] ?? '';
      for (const line of block.split('\n').filter((l) => l.startsWith('#'))) assert.match(line, / @[\w.@?-]{1,64}$/);
    }),
    { numRuns: 200 },
  );
});
