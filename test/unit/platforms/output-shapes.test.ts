// Tool outputs as Codex, Gemini CLI, OpenCode, Cursor, Copilot CLI and VS Code hand them over (test/fixtures/output-shapes):
// each payload through the one capture path, then extraction, as a hook and `mnemo extract` run it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { captureFromPayload } from '../../../src/capture/from-payload.ts';
import { PayloadExtractor } from '../../../src/capture/extract-payloads.ts';
import { platformNamed } from '../../../src/platforms/index.ts';

interface Case {
  readonly id: string;
  readonly argv?: string;
  readonly payload: Record<string, unknown>;
  /** `says`: what the first event's data must contain (the line a failure is told by). */
  readonly expect: { readonly event: string; readonly failed: boolean; readonly types: readonly string[]; readonly says?: string };
}

const LIMITS = { maxInputChars: 2000, maxOutputChars: 4000 };

for (const host of ['codex', 'gemini', 'opencode', 'cursor', 'copilot', 'vscode']) {
  const fixture = JSON.parse(readFileSync(new URL(`../../fixtures/output-shapes/${host}.json`, import.meta.url), 'utf8')) as { platform: string; cases: Case[] };
  const platform = platformNamed(fixture.platform)!;
  // One stream per host, in order: a later pass resolves an earlier failure of the same session.
  // Payloads that carry no event name are read with the one their case names (the hook's argv).
  const extractor = new PayloadExtractor({ platform, limits: LIMITS, place: () => ({ project: '/work/shop' }) });
  test(`${host}: every output shape is read, judged and extracted as it should be`, () => {
    assert.ok(fixture.cases.length >= 6);
    for (const c of fixture.cases) {
      const read = captureFromPayload(c.payload, { platform, hostEvent: c.argv, limits: LIMITS, now: 1, uid: c.id, place: () => ({ project: '/work/shop' }) });
      assert.equal(read.kind, 'event', c.id);
      if (read.kind !== 'event') continue;
      assert.equal(read.event.event, c.expect.event, c.id);
      const obs = read.captured?.observation;
      assert.ok(obs, c.id);
      assert.equal(obs.type === 'error', c.expect.failed, `${c.id}: ${obs.title}`);
      const events = extractor.extract(c.payload, c.argv ? { hostEvent: c.argv } : {});
      assert.deepEqual(events.map((e) => e.type), c.expect.types, `${c.id}: ${JSON.stringify(events.map((e) => e.data))}`);
      if (c.expect.says) assert.ok(String(events[0]?.data).includes(c.expect.says), `${c.id}: ${String(events[0]?.data)}`);
    }
  });
}
