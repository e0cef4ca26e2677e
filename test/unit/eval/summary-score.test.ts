// The summary scorer (eval/summaries/score.ts) measures what it claims: each measure is shown to
// count a case it must count and to leave alone one it must not.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseSummary, requiredCommits, scoreSession, scoreSummary, totals, type SessionLabel } from '../../../eval/summaries/score.ts';

const label: SessionLabel = {
  id: 's',
  split: 'test',
  transcript: 'x.jsonl',
  session: 'abc',
  language: 'en',
  commits: ['feat: add export', 'fix: handle empty input', 'docs: explain export'],
  done: [['export.ts']],
  open: [['--since flag', 'since']],
  endedOpen: true,
  resolved: [['git push']],
  notGoals: ['yes please', 'continue'],
};

const summary = (goal: string[], done: string[], open: string[], next: string[]) =>
  [['Goal', goal], ['Done', done], ['Open issues and risks', open], ['Next steps', next]].map(([h, lines]) => [`## ${h}`, ...(lines as string[]).map((l) => `- ${l}`)].join('\n')).join('\n');

test('sections are read by position, whatever the headings say', () => {
  const p = parseSummary('## 目標\n- a\n## 完了したこと\n- b\n- c\n## 未解決\n- d\n## 次\n- e');
  assert.deepEqual(p, { goal: ['a'], done: ['b', 'c'], open: ['d'], next: ['e'] });
});

test('commit subjects are counted by normalised substring; the goal rounds up and caps', () => {
  const s = scoreSummary(summary(['Add export'], ['Commit: feat: add export', 'Commit:   FIX: handle empty   input'], ['none recorded'], ['Add a --since flag']), label, 'brief');
  assert.equal(s.commitsNamed, 2);
  assert.equal(s.commitsRequired, 2); // ceil(0.6 × 3)
  assert.ok(s.commitsPass);
  assert.equal(requiredCommits(13, 'brief'), 5);
  assert.equal(requiredCommits(13, 'detailed'), 11);
  assert.equal(requiredCommits(30, 'detailed'), 12);
  assert.equal(requiredCommits(1, 'brief'), 1);
  assert.equal(scoreSummary(summary(['x'], ['Commit: feat: add expo'], [], ['y']), label, 'brief').commitsNamed, 0, 'a cut subject is not named');
});

test('contradictions: a resolved failure under open issues; the same commit or command both done and open', () => {
  const clean = scoreSummary(summary(['g'], ['Commit: feat: add export', 'Ran: `git push --set-upstream origin x`'], ['none recorded'], ['Add a --since flag']), label, 'detailed');
  assert.deepEqual(clean.contradictions, []);
  const bad = scoreSummary(
    summary(['g'], ['Commit: feat: add export', 'Fixed: `npm test -- checkout` succeeded after …'], ['Unresolved failure: Ran `git push 2>&1` — no upstream', 'Commit feat: add export failed', 'Unresolved failure: `npm test -- checkout`'], ['x']),
    label,
    'detailed',
  );
  assert.equal(bad.contradictions.length, 3, bad.contradictions.join('\n'));
  // A resolved failure mentioned only as a next step is no contradiction.
  assert.deepEqual(scoreSummary(summary(['g'], ['d'], ['none'], ['git push once CI is green']), label, 'detailed').contradictions, []);
});

test('noise: host bookkeeping anywhere, acknowledgements as goals; real lines are not noise', () => {
  const s = scoreSummary(
    summary(['yes please', 'Continue.', 'Add the export command'], ['Result: Read the output file to retrieve the result: /tmp/c/tasks/b1.output', '<local-command-stdout>Connected</local-command-stdout>'], ['[Request interrupted by user]'], ['Continue with: add a --since flag']),
    label,
    'brief',
  );
  assert.equal(s.noise.length, 5, s.noise.join('\n'));
  assert.ok(!s.noise.includes('Add the export command'));
  assert.ok(!s.noise.includes('Continue with: add a --since flag'));
});

test('next steps: a placeholder in any language is no next step; required only where the session ended open', () => {
  for (const none of ['none recorded', '記録なし', '기록 없음', '无记录', 'nichts erfasst']) {
    const s = scoreSummary(summary(['g'], ['d'], ['o'], [none]), label, 'brief');
    assert.equal(s.nextPresent, false, none);
    assert.equal(s.nextPass, false, none);
  }
  assert.equal(scoreSummary(summary(['g'], ['d'], ['o'], ['Add a --since flag']), label, 'brief').nextPass, true);
  assert.equal(scoreSummary(summary(['g'], ['d'], ['o'], ['none recorded']), { ...label, endedOpen: false }, 'brief').nextPass, true);
});

test('totals add sessions up per split; a missing summary is counted, not skipped', () => {
  const good = summary(['Add export'], ['Commit: feat: add export', 'Commit: fix: handle empty input', 'Commit: docs: explain export', 'Changed: export.ts'], ['none'], ['Add a --since flag']);
  const scores = [scoreSession(label, { brief: good, detailed: good }), scoreSession({ ...label, id: 't' }, undefined)];
  const t = totals([label, { ...label, id: 't' }], scores);
  assert.equal(t.sessions, 2);
  assert.equal(t.missing, 1);
  assert.equal(t.commits, 6);
  assert.equal(t.briefNamed, 3);
  assert.equal(t.briefPass, 1);
  assert.equal(t.doneFound, 1);
  assert.equal(t.openFound, 1);
  assert.equal(t.nextPass, 1);
  assert.equal(t.overLimit, 0);
  assert.equal(totals([label], [scoreSession(label, { brief: 'x'.repeat(901), detailed: good })]).overLimit, 1);
});

test('a thing the session did not do counts as a false accomplishment only under Done', () => {
  const withNotDone: SessionLabel = { ...label, notDone: [['npm publish'], ['git push --tags']] };
  const wrong = scoreSummary(summary(['x'], ['Ran: `npm publish --access public`', 'Commit: feat: add export'], [], ['`git push --tags`']), withNotDone, 'detailed');
  assert.deepEqual(wrong.falseDone, ['Ran: `npm publish --access public`']);
  const right = scoreSummary(summary(['x'], ['Commit: feat: add export'], [], ['npm publish --access public', 'git push --tags']), withNotDone, 'detailed');
  assert.deepEqual(right.falseDone, []);
  // Labels written before the field existed have none.
  assert.deepEqual(scoreSummary(summary(['x'], ['npm publish'], [], []), label, 'detailed').falseDone, []);
});
