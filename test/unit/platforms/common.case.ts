/**
 * One behaviour suite for every platform adapter (Hono's `common.case.test.ts`): each
 * `<platform>.test.ts` calls `runPlatformSuite` with its fixture and the mapping it expects.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { HookEvent } from '../../../src/core/types.ts';
import { PayloadError, UnknownEventError, type Platform } from '../../../src/platforms/index.ts';
import { loadFixture } from './fixtures.ts';

export type Expected = Partial<Record<keyof HookEvent, unknown>> | 'ignored';

export interface PlatformCase {
  readonly platform: Platform;
  /** Fixture file name (test/fixtures/platforms/<name>.json). */
  readonly fixture: string;
  /** The common event each fixture payload becomes (fields checked exactly; absent ones must be absent when listed as undefined). */
  readonly expected: Readonly<Record<string, Expected>>;
  /** SessionStart's stdout with context `ctx`, parsed. */
  readonly sessionStartOutput: (ctx: string) => unknown;
  /** What Stop prints ('' where any output could keep the agent going, else '{}'). */
  readonly stopOutput: '' | '{}';
  /** A fixture event and a field to corrupt: the adapter must drop it and name it. */
  readonly wrongType: { readonly id: string; readonly field: string; readonly value: unknown };
}

const CWD = '/work/demo-repo';

export function runPlatformSuite(c: PlatformCase): void {
  const fixture = loadFixture(c.fixture, CWD);
  const p = c.platform;

  describe(`${p.name} adapter`, () => {
    test('the fixture cites its sources and covers every expectation', () => {
      assert.ok(fixture.$source.length > 0);
      assert.equal(fixture.platform, p.name);
      assert.deepEqual(fixture.events.map((e) => e.id).sort(), Object.keys(c.expected).sort());
    });

    for (const ev of fixture.events) {
      test(`${ev.argv} (${ev.id}) maps as documented`, () => {
        assert.ok(p.events.has(ev.argv), `${ev.argv} is a documented ${p.name} event`);
        const warnings: string[] = [];
        const parsed = p.parse(ev.argv, ev.payload, (m) => warnings.push(m));
        const want = c.expected[ev.id]!;
        assert.deepEqual(warnings, [], 'a documented payload reads without warnings');
        if (want === 'ignored') {
          assert.equal(parsed.kind, 'ignored');
          return;
        }
        assert.equal(parsed.kind, 'event');
        if (parsed.kind !== 'event') return;
        const got = parsed.event as unknown as Record<string, unknown>;
        assert.equal(got.platform, p.name);
        assert.equal(typeof got.sessionId, 'string');
        assert.ok((got.sessionId as string).length > 0);
        for (const [k, v] of Object.entries(want)) assert.deepEqual(got[k], v, `${ev.id}.${k}`);
        for (const [k, v] of Object.entries(got)) assert.notEqual(v, undefined, `${ev.id}.${k} is never set to undefined`);
      });
    }

    test('an event name the host does not document is an UnknownEventError', () => {
      const first = fixture.events[0]!;
      assert.throws(() => p.parse('NoSuchEvent', stripEventName(first.payload)), UnknownEventError);
      assert.throws(() => p.parse(undefined, stripEventName(first.payload)), UnknownEventError);
    });

    test('a payload without a session id is a PayloadError naming the field', () => {
      const mapped = fixture.events.find((e) => c.expected[e.id] !== 'ignored')!;
      assert.throws(
        () => p.parse(mapped.argv, {}),
        (err: unknown) => err instanceof PayloadError && !(err instanceof UnknownEventError) && /session|conversation|sessionID/i.test((err as Error).message),
      );
    });

    test('a field of the wrong type is dropped and named, never quoted', () => {
      const ev = fixture.events.find((e) => e.id === c.wrongType.id)!;
      const warnings: string[] = [];
      const payload = { ...ev.payload, [c.wrongType.field]: c.wrongType.value };
      const parsed = p.parse(ev.argv, payload, (m) => warnings.push(m));
      assert.equal(parsed.kind, 'event');
      assert.equal(warnings.length, 1, warnings.join('\n'));
      assert.match(warnings[0]!, new RegExp(`wrong type: .*${c.wrongType.field}`));
      assert.ok(!warnings[0]!.includes(JSON.stringify(c.wrongType.value)), 'the value is not quoted');
    });

    test('output: SessionStart context in the host format; one JSON object (or nothing) for every event', () => {
      assert.deepEqual(JSON.parse(p.format('SessionStart', { context: 'CTX line' })), c.sessionStartOutput('CTX line'));
      assert.equal(p.format('Stop', {}), c.stopOutput);
      for (const ev of fixture.events) {
        const parsed = p.parse(ev.argv, ev.payload);
        const out = p.format(parsed.kind === 'event' ? parsed.event.event : undefined, {});
        if (out === '') continue;
        assert.equal(out.split('\n').length, 1);
        const v: unknown = JSON.parse(out);
        assert.ok(v && typeof v === 'object' && !Array.isArray(v), `${ev.id} prints one JSON object`);
        assert.ok(!out.includes('additionalContext') && !out.includes('additional_context'), `${ev.id} injects nothing without context`);
      }
      const empty = p.format(undefined, {});
      assert.ok(empty === '' || empty === '{}');
    });
  });
}

function stripEventName(payload: Record<string, unknown>): Record<string, unknown> {
  const { hook_event_name: _a, hookEventName: _b, event: _c, ...rest } = payload;
  return rest;
}
