/**
 * The LoCoMo harness (eval/locomo) on a hand-made two-session conversation in LoCoMo's format
 * (test/fixtures/locomo/mini.json; the real data is never needed): every turn goes through the
 * plugin's hook processes and lands in the store dated by its session, each turn maps back to its own
 * observation (no dia_id in the stored text), evidence is normalised, and questions are asked of mnemo
 * and of the FTS5 baseline.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { askLocomo, diaKey, feedThroughHooks, indexDia, loadLocomo, normaliseEvidence, parseSessionDate, promptOf } from '../../../eval/locomo.ts';
import { cli } from '../../../eval/recall.ts';
import { openDatabase } from '../../../src/store/sqlite/driver.ts';

const FIXTURE = new URL('../../fixtures/locomo/mini.json', import.meta.url).pathname;

test('LoCoMo dates, evidence and prompts are read as the data writes them', () => {
  assert.equal(parseSessionDate('1:56 pm on 8 May, 2023'), Date.UTC(2023, 4, 8, 13, 56));
  assert.equal(parseSessionDate('12:09 am on 13 September, 2023'), Date.UTC(2023, 8, 13, 0, 9));
  assert.equal(parseSessionDate('12:30 pm on 1 January, 2024'), Date.UTC(2024, 0, 1, 12, 30));
  assert.throws(() => parseSessionDate('yesterday'));
  assert.deepEqual(normaliseEvidence(['D8:6; D9:17', 'D:11:26', 'D30:05', 'D8:6', 7]), ['D8:6', 'D9:17', 'D11:26', 'D30:5']);
  const [conv] = loadLocomo(FIXTURE);
  assert.equal(conv!.sessions.length, 2);
  assert.equal(conv!.questions.length, 6);
  assert.equal(promptOf(conv!.sessions[0]!.turns[2]!), 'Ada: We called her Pepper, after the colour of her coat. [shares a photo of a grey dog lying on a blue sofa]');
});

test('LoCoMo turns fed through the hooks map back to their dia_ids and are found by search', async () => {
  const root = mkdtempSync(join(tmpdir(), 'mnemo-locomo-'));
  const data = join(root, 'data');
  const conversations = loadLocomo(FIXTURE);
  const feed = await feedThroughHooks(conversations, () => data, root);
  assert.deepEqual(feed.failures, [], 'every hook exits 0 with one JSON object or nothing');
  assert.equal(feed.hooks, 7 + 2 * 3, 'SessionStart, one UserPromptSubmit per turn, Stop and SessionEnd per session');
  await cli(data, ['sessions', '--json', '--limit', '1']);
  const db = openDatabase({ path: join(data, 'mnemo.db'), busyTimeoutMs: 5000, readonly: true });
  try {
    const index = indexDia(db, feed.sessions);
    assert.deepEqual(index.unmatched, []);
    assert.equal(index.extra, 0);
    assert.equal(index.byDia.size, 7);
    const ids = [...index.byDia.values()].flat();
    assert.equal(new Set(ids).size, 7, 'the two "Thanks!" of different sessions are two observations');
    const rows = db.prepare('SELECT id, title, body, created_at FROM observations').all() as { id: number; title: string; body: string; created_at: number }[];
    assert.ok(rows.every((r) => !/D\d+:\d+/.test(r.title + r.body)), 'no dia_id is stored');
    const at = (d: string) => rows.find((r) => r.id === index.byDia.get(diaKey('mini-1', d))![0])!.created_at;
    // Stamped by the hooks' shifted clock: the session's date plus the seconds the replay took.
    assert.ok(at('D1:1') >= Date.UTC(2023, 2, 3, 9, 5) && at('D1:1') < Date.UTC(2023, 2, 3, 10, 5), `D1:1 at ${new Date(at('D1:1')).toISOString()}`);
    assert.ok(at('D2:1') >= Date.UTC(2023, 3, 17, 18, 40) && at('D2:1') < Date.UTC(2023, 3, 17, 19, 40), `D2:1 at ${new Date(at('D2:1')).toISOString()}`);

    const r = await askLocomo(data, db, 'per', conversations[0]!.questions, index, ['mnemo', 'fts5']);
    assert.deepEqual(
      r.skipped.map((s) => [s.question.index, s.reason]),
      [
        [4, 'no evidence'],
        [5, 'evidence D9:1 names no stored turn'],
      ],
    );
    assert.equal(r.unresolvedEvidence, 1);
    assert.equal(r.asked.length, 4 * 2);
    const rank = (i: number, mode: string) => r.asked.find((a) => a.question.index === i && a.mode === mode)!.rank;
    for (const mode of ['mnemo', 'fts5']) {
      assert.ok(rank(1, mode) !== undefined && rank(1, mode)! <= 3, `${mode}: the pottery class is found (rank ${rank(1, mode)})`);
      assert.ok(rank(2, mode) !== undefined && rank(2, mode)! <= 3, `${mode}: either evidence turn counts (rank ${rank(2, mode)})`);
    }
    assert.ok(rank(0, 'mnemo') !== undefined, 'the dog named in a photo turn is found');
  } finally {
    db.close();
  }
});
