import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { EVENT_CATEGORIES, extractToolEvents, extractUserEvents, initialState, type ExtractedEvent, type SessionState, type ToolCall } from '../../../src/core/extract/index.ts';

const here = dirname(fileURLToPath(import.meta.url));
const fixtures = resolve(here, '../../fixtures/extract');
const load = <T>(name: string): T => JSON.parse(readFileSync(join(fixtures, name), 'utf8')) as T;

interface HookPayload {
  session_id: string;
  tool_name: string;
  tool_input: unknown;
  tool_response: unknown;
  cwd: string;
}
interface TranscriptCall extends ToolCall {
  source: string;
  session: string;
}

function checkInvariants(events: readonly ExtractedEvent[]): void {
  for (const e of events) {
    assert.ok(e.type in EVENT_CATEGORIES, e.type);
    assert.equal(e.category, EVENT_CATEGORIES[e.type as keyof typeof EVENT_CATEGORIES]);
    assert.ok(e.data.length > 0 && e.data.length <= 300);
  }
}

/** Replays calls per session with the state stored as JSON in between, like separate hook processes. */
function replayBySession<T>(items: readonly T[], session: (t: T) => string, call: (t: T) => ToolCall): ExtractedEvent[][] {
  const stored = new Map<string, string>();
  return items.map((item) => {
    const key = session(item);
    const prior = stored.has(key) ? (JSON.parse(stored.get(key)!) as SessionState) : initialState();
    const r = extractToolEvents(call(item), prior);
    stored.set(key, JSON.stringify(r.state));
    return r.events;
  });
}

test('real PostToolUse payloads: typed events, no false errors', () => {
  const payloads = load<HookPayload[]>('post-tool-use.json');
  const all = replayBySession(payloads, (p) => p.session_id, (p) => ({ toolName: p.tool_name, input: p.tool_input, response: p.tool_response, cwd: p.cwd }));
  const counts = new Map<string, number>();
  for (const events of all) {
    checkInvariants(events);
    for (const e of events) counts.set(e.type, (counts.get(e.type) ?? 0) + 1);
  }
  for (const t of ['file_read', 'file_edit', 'file_write', 'file_glob', 'file_search', 'task', 'git', 'env']) {
    assert.ok((counts.get(t) ?? 0) > 0, `no ${t} in corpus`);
  }
  // PostToolUse fires for successful calls only: test logs with "FAIL" or "✓ … passed" are not errors.
  assert.equal(counts.get('error_tool') ?? 0, 0);
  const status = payloads.findIndex((p) => JSON.stringify(p.tool_input).includes('"git status"'));
  assert.deepEqual(all[status]!.map((e) => `${e.type}:${e.data}`), ['git:git status']);
  const todo = payloads.findIndex((p) => p.tool_name === 'TodoWrite');
  assert.match(all[todo]!.find((e) => e.type === 'task')!.data, /^\d+\/\d+ done/);
});

test('real transcript calls: every failure is an error, resolutions are found across processes', () => {
  const calls = load<TranscriptCall[]>('transcript-calls.json');
  const all = replayBySession(calls, (c) => c.session, (c) => c);
  let resolved = 0;
  calls.forEach((c, i) => {
    const events = all[i]!;
    checkInvariants(events);
    const errors = events.filter((e) => e.type === 'error_tool').length;
    assert.equal(errors, c.failed ? 1 : 0, `${c.toolName} ${JSON.stringify(c.input).slice(0, 80)}`);
    resolved += events.filter((e) => e.type === 'error_resolved').length;
  });
  assert.ok(resolved >= 2, `resolutions found: ${resolved}`);
  const python = calls.findIndex((c) => c.failed && /command not found/.test(c.error ?? ''));
  assert.ok(all[python]!.some((e) => e.type === 'constraint_discovered'));
  const push = all.flat().find((e) => e.type === 'error_resolved' && e.data.includes('git push'));
  assert.ok(push, 'the failed git push is resolved by the push with --set-upstream');
  const finding = all.flat().find((e) => e.type === 'agent_finding');
  assert.ok(finding);
});

test('real user prompts: no roles, acknowledgements carry nothing', () => {
  const prompts = load<string[]>('user-prompts.json');
  for (const p of prompts) {
    const events = extractUserEvents(p);
    checkInvariants(events);
    assert.ok(!events.some((e) => e.type === 'role'), `role from ${JSON.stringify(p)}`);
    assert.equal(events[0]?.type, 'user_prompt');
  }
  const only = (p: string): string[] => extractUserEvents(p).map((e) => e.type);
  for (const p of ['continue', 'Continue', 'yes', 'continune', 'contine', 'continnue', 'contin\u0003ue\n', 'all', 'yes all']) {
    assert.deepEqual(only(p), ['user_prompt'], p);
  }
  assert.ok(extractUserEvents('commit this then run mkdocs so that I can navigate this').some((e) => e.data === 'implement'));
});

// ../shared beside the checkout; from a git worktree under /work/wt/<name>, one folder further up.
const corpus = ['../../../../shared/corpus/hook-payloads', '../../../../../shared/corpus/hook-payloads'].map((p) => resolve(here, p)).find((p) => existsSync(p)) ?? '';
test('whole shared corpus (when present): never throws, invariants hold', { skip: !corpus }, () => {
  let n = 0;
  for (const repo of readdirSync(corpus)) {
    const logs = join(corpus, repo, 'logs');
    if (!existsSync(logs)) continue;
    for (const file of readdirSync(logs)) {
      const records = JSON.parse(readFileSync(join(logs, file), 'utf8')) as Array<Record<string, unknown>>;
      let state: SessionState = initialState();
      for (const r of records) {
        n++;
        if (typeof r['prompt'] === 'string') checkInvariants(extractUserEvents(r['prompt']));
        if (typeof r['tool_name'] !== 'string') continue;
        const out = extractToolEvents({ toolName: r['tool_name'], input: r['tool_input'], response: r['tool_response'], phase: file.startsWith('pre_') ? 'pre' : 'post' }, state);
        checkInvariants(out.events);
        state = out.state;
      }
    }
  }
  assert.ok(n > 500);
});
