import { test } from 'node:test';
import assert from 'node:assert/strict';
import { charCount, parseSummaryReply, sectionHeadings } from '../../../src/llm/index.ts';

const EN = sectionHeadings('en');
const body = (language: string, lines = 1, point = 'p'): string =>
  sectionHeadings(language)
    .map((h, i) => `## ${h}\n${Array.from({ length: lines }, (_, j) => `- ${point} ${i}.${j}`).join('\n')}`)
    .join('\n\n');
const reply = (brief: string, detailed = body('en', 2)): string => JSON.stringify({ brief, detailed });

function ok(r: ReturnType<typeof parseSummaryReply>): { brief: string; detailed: string; trimmed: boolean } {
  assert.ok(r.ok, r.ok ? '' : r.reason);
  return r;
}

test('plain JSON, fenced JSON and JSON wrapped in chatter all parse', () => {
  const b = body('en');
  for (const text of [reply(b), '```json\n' + reply(b) + '\n```', `Here you go:\n${reply(b)}\nHope this helps!`]) {
    assert.equal(ok(parseSummaryReply(text, 'en')).brief, b);
  }
});

test('keys in another case or one level down are found', () => {
  const b = body('en');
  assert.equal(ok(parseSummaryReply(JSON.stringify({ Brief: b, DETAILED: b }), 'en')).detailed, b);
  assert.equal(ok(parseSummaryReply(JSON.stringify({ summary: { brief: b, detailed: b } }), 'en')).brief, b);
});

test('heading spellings are normalized to "## Heading"; a preamble before the first heading is dropped', () => {
  const messy = ['Session summary', '**Goal:**', '- fix login', '### Done', '- raised timeout', '1. Open issues and risks', '- flaky CI', 'Next steps：', '- rerun CI'].join('\n');
  const { brief } = ok(parseSummaryReply(reply(messy), 'en'));
  assert.equal(brief, `## Goal\n- fix login\n\n## Done\n- raised timeout\n\n## Open issues and risks\n- flaky CI\n\n## Next steps\n- rerun CI`);
});

test('English headings in a Chinese summary are accepted and rewritten in Chinese', () => {
  const { brief } = ok(parseSummaryReply(reply(body('en'), body('zh')), 'zh'));
  for (const h of sectionHeadings('zh')) assert.ok(brief.includes(`## ${h}\n`));
  assert.ok(!brief.includes('## Goal'));
});

test('a double-escaped one-line value ("\\\\n") is repaired', () => {
  const b = body('en');
  const text = `{"brief": ${JSON.stringify(b.replace(/\n/g, '\\n'))}, "detailed": ${JSON.stringify(b)}}`;
  assert.equal(ok(parseSummaryReply(text, 'en')).brief, b);
});

test('structure is enforced: missing, repeated, out-of-order and empty sections are rejected', () => {
  const cases: Array<[string, RegExp]> = [
    [`## ${EN[0]}\n- a\n## ${EN[1]}\n- b\n## ${EN[2]}\n- c`, /"brief" section "Next steps" is missing/],
    [`## ${EN[0]}\n- a\n## ${EN[0]}\n- a\n## ${EN[1]}\n- b`, /"brief" section "Goal" is repeated/],
    [`## ${EN[1]}\n- b\n## ${EN[0]}\n- a`, /"brief" section "Done" is out of order/],
    [`## ${EN[0]}\n## ${EN[1]}\n- b\n## ${EN[2]}\n- c\n## ${EN[3]}\n- d`, /"brief" section "Goal" is empty/],
    ['just prose, no headings', /"brief" section "Goal" is missing/],
  ];
  for (const [brief, reason] of cases) {
    const r = parseSummaryReply(reply(brief), 'en');
    assert.ok(!r.ok);
    assert.match(r.reason, reason);
  }
});

test('missing, non-string and empty values are rejected; so are empty and non-JSON replies', () => {
  const b = body('en');
  const expect = (text: string, reason: RegExp): void => {
    const r = parseSummaryReply(text, 'en');
    assert.ok(!r.ok);
    assert.match(r.reason, reason);
  };
  expect(JSON.stringify({ brief: b }), /"detailed" is missing/);
  expect(JSON.stringify({ brief: 42, detailed: b }), /"brief" is not a string/);
  expect(JSON.stringify({ brief: '  ', detailed: b }), /"brief" is empty/);
  expect('   \n', /^empty reply$/);
  expect('[1, 2, 3]', /no JSON object/);
  expect('{"brief": "unterminated', /no JSON object/);
});

test('characters are counted as code points: 900 CJK characters fit, emoji count once', () => {
  assert.equal(charCount('目标🙂'), 3);
  const headings = sectionHeadings('zh');
  const fixed = charCount(headings.map((h) => `## ${h}\n- `).join('\n\n'));
  const filler = '修'.repeat(Math.floor((900 - fixed) / 4));
  const exact = headings.map((h) => `## ${h}\n- ${filler}`).join('\n\n');
  assert.ok(charCount(exact) <= 900);
  assert.equal(ok(parseSummaryReply(reply(exact, body('zh')), 'zh')).trimmed, false);
});

test('over-long: trimmed line by line from the longest sections, never emptying one; far over is rejected', () => {
  const long = body('en', 12, 'x'.repeat(12));
  const n = charCount(long);
  assert.ok(n > 900 && n <= 1350, `fixture ${n}`);
  const r = ok(parseSummaryReply(reply(long), 'en'));
  assert.equal(r.trimmed, true);
  assert.ok(charCount(r.brief) <= 900);
  for (const h of EN) assert.match(r.brief, new RegExp(`## ${h}\\n- `));
  for (const line of r.brief.split('\n')) assert.ok(line === '' || long.split('\n').includes(line), `"${line}" comes from the reply`);

  const oneLineEach = EN.map((h) => `## ${h}\n- ${'y'.repeat(300)}`).join('\n\n');
  const single = parseSummaryReply(reply(oneLineEach), 'en');
  assert.ok(!single.ok);
  assert.match(single.reason, /over-long reply: "brief" has \d+ characters \(limit 900\)/);

  const far = parseSummaryReply(reply(body('en', 40, 'z'.repeat(20))), 'en');
  assert.ok(!far.ok, 'more than 1.5× the limit is not trimmed');
  assert.match(far.reason, /over-long/);

  const detailedLong = parseSummaryReply(reply(body('en'), body('en', 200, 'd'.repeat(30))), 'en');
  assert.ok(!detailedLong.ok);
  assert.match(detailedLong.reason, /"detailed" has \d+ characters \(limit 3200\)/);
});
