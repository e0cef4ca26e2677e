// The spool's own files: what a writer that died, or a power loss, leaves behind.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import type { CapturedEvent } from '../../../src/core/types.ts';
import { projectTag } from '../../../src/store/project-tag.ts';
import { spoolHoldsOthers, spoolList, spoolRead, spoolWrite } from '../../../src/store/spool.ts';

const event = (uid: string): CapturedEvent => ({ uid, at: Date.now(), event: 'SessionStart', platform: 'claude-code', externalSessionId: 's1', place: { project: '/p' } }) as CapturedEvent;

test('an old temp file holding a complete event is moved into place (a power loss undid its rename); a cut one is removed', () => {
  const dir = mkdtempSync(join(tmpdir(), 'mnemo-spool-'));
  const first = spoolWrite(dir, event('first'));
  const second = spoolWrite(dir, event('second'));
  // As if the rename of `second` never reached the disk, and the writer of a third died mid-write.
  renameSync(second, join(dir, `.tmp-${basename(second)}`));
  writeFileSync(join(dir, '.tmp-99999999999999999-0000-0000000001-cut.json'), '{"uid":"cut","at":1,');
  const fresh = join(dir, '.tmp-99999999999999999-0001-0000000001-writing.json');
  writeFileSync(fresh, '{"uid":');
  const old = new Date(Date.now() - 120_000);
  for (const n of readdirSync(dir)) if (n.startsWith('.tmp-') && join(dir, n) !== fresh) utimesSync(join(dir, n), old, old);

  const listed = spoolList(dir);
  assert.deepEqual(listed, [first, second], 'both events, in capture order');
  assert.deepEqual(listed.map((f) => (spoolRead(f) as { event: CapturedEvent }).event.uid), ['first', 'second']);
  assert.deepEqual(readdirSync(dir).filter((n) => n.startsWith('.tmp-')), [basename(fresh)], 'a temp file still being written is left alone');
});

test('spoolHoldsOthers: any event but the caller\'s own, or one being written, counts; quarantined ones do not', () => {
  const dir = mkdtempSync(join(tmpdir(), 'mnemo-spool-others-'));
  assert.equal(spoolHoldsOthers(join(dir, 'none-yet')), false, 'no spool folder yet');
  const own = spoolWrite(dir, event('own'));
  assert.equal(spoolHoldsOthers(dir, own), false);
  assert.equal(spoolHoldsOthers(dir), true, 'without saying which is its own');
  mkdirSync(join(dir, 'corrupt'));
  writeFileSync(join(dir, 'corrupt', 'x.json'), '{');
  assert.equal(spoolHoldsOthers(dir, own), false, 'quarantined files wait for a person, not a fold');
  const writing = join(dir, '.tmp-99999999999999999-0001-0000000001-writing.json');
  writeFileSync(writing, '{"uid":');
  assert.equal(spoolHoldsOthers(dir, own), true, 'an event being written');
  rmSync(writing);
  spoolWrite(dir, event('other'));
  assert.equal(spoolHoldsOthers(dir, own), true, 'another event');
});

test('spoolHoldsOthers for a project: events of other projects do not count; untagged names may be anyone\'s', () => {
  const dir = mkdtempSync(join(tmpdir(), 'mnemo-spool-projects-'));
  const at = (project: string, uid: string): CapturedEvent => ({ ...event(uid), place: { project } }) as CapturedEvent;
  const own = spoolWrite(dir, at('/code/app', 'own'));
  assert.match(basename(own), new RegExp(`\\.p${projectTag('/code/app')}\\.json$`));
  spoolWrite(dir, at('/code/other', 'theirs'));
  assert.equal(spoolHoldsOthers(dir, own, '/code/app'), false, 'only another project waits');
  assert.equal(spoolHoldsOthers(dir, own), true, 'without a project, every event counts');
  assert.equal(spoolHoldsOthers(dir, own, '/code/other'), true);
  writeFileSync(join(dir, '00000000000000001-0000-0000000001-olduid.json'), '{}');
  assert.equal(spoolHoldsOthers(dir, own, '/code/app'), true, 'a name from before tags');
});

