// The progress bar and the report line: what a person sees during and after an import.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { progressBar, progressLine } from '../../../src/import/progress.ts';
import { claudeCodeReportLine } from '../../../src/cli/commands/import.ts';

const p = { files: 3, totalFiles: 12, bytes: 250, totalBytes: 1000, events: 12_345, observations: 10_000, elapsedMs: 2000 };

test('progress line: share of bytes, files, events and rate, within the width', () => {
  const line = progressLine(p, 100);
  assert.match(line, /^\[######------------------\]  25% · files 3\/12 · events 12,345 · 6,173\/s$/);
  assert.ok(progressLine(p, 30).length <= 30);
  assert.match(progressLine({ ...p, bytes: 0, totalBytes: 0, files: 0, totalFiles: 0 }), /100%/);
});

test('the bar redraws in place at most every 100 ms and erases itself', () => {
  const writes: string[] = [];
  let t = 0;
  const bar = progressBar({ write: (s) => writes.push(s), columns: 120 }, () => t);
  t = 1000;
  bar.update(p);
  t = 1050;
  bar.update(p);
  t = 1200;
  bar.update({ ...p, files: 4 });
  bar.done();
  assert.equal(writes.length, 3);
  assert.ok(writes[0]!.startsWith('\r\x1b[2K['));
  assert.match(writes[1]!, /files 4\/12/);
  assert.equal(writes[2], '\r\x1b[2K');
});

test('the final line names every count the brief asks for', () => {
  const line = claudeCodeReportLine({
    files: 12, sessions: 4, events: 12_345, toolCalls: 10_000, observations: 9_000, duplicates: 3_000, narrated: 1_200, malformedLines: 2, orphanResults: 0, foldedFiles: 1,
    summaries: 4, seconds: 2.5, eventsPerSecond: 4938, toolCallsPerSecond: 4000, failures: [],
  });
  assert.equal(line, 'imported 12 file(s), 4 session(s), 12,345 event(s) (10,000 tool calls) · 9,000 new observation(s), 3,000 duplicate(s), 1,200 call(s) narrated · 2.5 s, 4,938 events/s · 2 malformed line(s) skipped');
});
