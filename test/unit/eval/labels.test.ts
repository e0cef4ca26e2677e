import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { idsForKey, indexObservations } from '../../../eval/labels.ts';
import type { ReplayedEvent } from '../../../eval/hook-replay.ts';
import { openDatabase } from '../../../src/store/sqlite/driver.ts';

test('labels: non-tool events find their rows by title near the last match, neighbours swapped or a title repeated later', () => {
  const db = openDatabase({ path: join(mkdtempSync(join(tmpdir(), 'mnemo-labels-')), 'l.db'), busyTimeoutMs: 1000 });
  try {
    db.exec(`CREATE TABLE sessions (id INTEGER PRIMARY KEY, external_id TEXT);
      CREATE TABLE observations (id INTEGER PRIMARY KEY, uid TEXT, title TEXT, tool_use_id TEXT, session_id INTEGER);
      INSERT INTO sessions VALUES (1, 's');`);
    // Stored: the answer and the next prompt swapped by their stamps; "lost" never stored; "continue" typed twice.
    const titles = ['answer one', 'prompt two', 'continue', 'prompt three', 'answer two', 'prompt four', 'continue'];
    titles.forEach((t, i) => db.prepare('INSERT INTO observations VALUES (?, ?, ?, NULL, 1)').run(i + 1, `u${i}`, t));
    const ev = (key: string, title: string): ReplayedEvent => ({ sessionId: 's', hook: 'UserPromptSubmit', key: `${key}:prompt`, title }) as ReplayedEvent;
    const events = [ev('a1', 'answer one'), ev('p2', 'prompt two'), ev('c1', 'continue'), ev('lost', 'prompt lost'), ev('a2', 'answer two'), ev('p3', 'prompt three'), ev('p4', 'prompt four'), ev('c2', 'continue')];
    const index = indexObservations(db, events);
    const id = (k: string) => index.byKey.get(`${k}:prompt`);
    assert.deepEqual([id('a1'), id('p2'), id('c1'), id('a2'), id('p3'), id('p4'), id('c2')], [1, 2, 3, 5, 4, 6, 7]);
    assert.equal(index.unmatched, 1, 'only the event that was never stored');
    assert.deepEqual(idsForKey('p3', index), [4]);
  } finally {
    db.close();
  }
});
