// Narration from the other hosts whose session files are documented: Codex CLI rollouts (JSONL,
// read by offset, calls keyed by the `call_id` its hooks send as `tool_use_id`) and Gemini CLI
// session files (one JSON document rewritten as the session goes; its hooks send no call id, so calls
// are matched to observations by order and time). Each replayed through the host's own adapter.
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { captureEvent } from '../../../src/core/capture.ts';
import type { CapturedEvent } from '../../../src/core/types.ts';
import { foldNarration } from '../../../src/narration/fold.ts';
import { platformNamed } from '../../../src/platforms/index.ts';
import { SqliteStore } from '../../../src/store/sqlite/sqlite-store.ts';
import { cleanup, tempDir } from '../import/helpers.ts';
import { FIXTURES, LIMITS, storedNarration } from './helpers.ts';

after(cleanup);

/** A host payload through that host's adapter and capture, as its hook would spool it. */
function captured(platform: string, payload: Record<string, unknown>, at: number, uid: string): CapturedEvent {
  const parsed = platformNamed(platform)!.parse(String(payload.hook_event_name), payload);
  if (parsed.kind !== 'event') throw new Error(`${platform}: ${String(payload.hook_event_name)} not an event`);
  const c = captureEvent(parsed.event, { place: { project: '/project' }, now: at, uid, limits: LIMITS });
  if (!c) throw new Error('nothing captured');
  return c;
}

function open(dir: string): SqliteStore {
  return SqliteStore.open({ path: join(dir, 'mnemo.db'), busyTimeoutMs: 5000, synchronous: 'NORMAL' });
}

test('Gemini CLI: a real session file; each call linked to its AfterTool observation by order, in either order of arrival', async () => {
  const source = join(FIXTURES, 'entireio-cli-gemini', 'session-f7633853.json');
  const doc = JSON.parse(readFileSync(source, 'utf8')) as { sessionId: string; messages: { type: string; toolCalls?: { id: string; name: string; args: unknown; timestamp: string }[] }[] };
  const calls = doc.messages.flatMap((m) => m.toolCalls ?? []);
  assert.equal(calls.length, 9);
  for (const order of ['hooks first', 'file first'] as const) {
    const dir = tempDir(`gemini-${order.replace(' ', '-')}`);
    const transcript = join(dir, 'session.json');
    const base = { session_id: doc.sessionId, transcript_path: transcript, cwd: '/project' };
    const events = [
      captured('gemini', { ...base, hook_event_name: 'SessionStart', source: 'startup' }, Date.parse(calls[0]!.timestamp) - 5000, 'g-start'),
      ...calls.map((c, i) =>
        captured('gemini', { ...base, hook_event_name: 'AfterTool', tool_name: c.name, tool_input: c.args, tool_response: { llmContent: `result ${i}`, returnDisplay: `result ${i}` } }, Date.parse(c.timestamp) + 200, `g-${i}`),
      ),
    ];
    const store = open(dir);
    if (order === 'hooks first') {
      copyFileSync(source, transcript);
      await store.ingest(events);
      foldNarration(store);
    } else {
      // The file is read before the calls are stored; SessionEnd reads it again once they are.
      copyFileSync(source, transcript);
      await store.ingest(events.slice(0, 1));
      foldNarration(store);
      await store.ingest(events.slice(1));
      foldNarration(store, { session: { platform: 'gemini', session: doc.sessionId } });
    }
    await store.close();
    const { linked, unlinked } = storedNarration(join(dir, 'mnemo.db'));
    assert.deepEqual([...unlinked.keys()], [], order);
    assert.equal(linked.get(calls[0]!.id)?.why, 'I will create a markdown file `docs/blue.md` and add content about the color blue to it.', order);
    assert.match(linked.get(calls[0]!.id)?.finding ?? '', /^I have successfully created `docs\/blue\.md`/);
    // A call in a message without text: its why is what the model said before it, since the last results.
    const silent = calls[3]!;
    assert.match(linked.get(silent.id)?.why ?? '', /^I misread the `ls` output/, order);
    const final: { id: string } = calls[calls.length - 1]!;
    assert.equal(linked.get(final.id)?.finding, 'Staged `docs/color.md`. Verifying git status.');
    const db = SqliteStore.open({ path: join(dir, 'mnemo.db'), busyTimeoutMs: 5000 });
    const hit = (await db.search({ query: 'misread the ls output', limit: 1 }))[0]?.observation;
    assert.equal(hit?.toolName, 'run_shell_command', order);
    await db.close();
  }
});

test('Codex CLI: a rollout in its documented shape, read by offset as it grows; calls keyed by call_id', async () => {
  const session = '0199a213-81c0-7800-8aa1-bbab2a035a53';
  const dir = tempDir('codex');
  const rollout = join(dir, `rollout-2026-01-05T10-00-00-${session}.jsonl`);
  let t = Date.UTC(2026, 0, 5, 10, 0, 0);
  const line = (type: string, payload: unknown) => JSON.stringify({ timestamp: new Date((t += 1000)).toISOString(), type, payload });
  const msg = (role: string, text: string) => line('response_item', { type: 'message', role, content: [{ type: role === 'assistant' ? 'output_text' : 'input_text', text }] });
  const lines = [
    line('session_meta', { id: session, cwd: '/project', cli_version: '0.65.0', source: 'cli' }),
    msg('user', '<environment_context>cwd: /project</environment_context>'),
    msg('user', 'the checkout retries never fire'),
    line('turn_context', { cwd: '/project', model: 'gpt-5-codex' }),
    line('response_item', { type: 'reasoning', summary: [{ type: 'summary_text', text: 'thinking about retries' }], encrypted_content: 'x' }),
    msg('assistant', 'The client swallows the timeout; I will look at the retry wrapper first.'),
    line('event_msg', { type: 'agent_message', message: 'The client swallows the timeout; I will look at the retry wrapper first.' }),
    line('response_item', { type: 'function_call', name: 'shell', arguments: '{"command":["cat","src/retry.ts"]}', call_id: 'call_read1' }),
    line('response_item', { type: 'function_call_output', call_id: 'call_read1', output: 'export function retry() {}' }),
    msg('assistant', 'The wrapper catches every error and returns undefined. Patching it to rethrow timeouts.'),
    line('response_item', { type: 'custom_tool_call', name: 'apply_patch', input: '*** Begin Patch', call_id: 'call_patch1' }),
    line('response_item', { type: 'custom_tool_call_output', call_id: 'call_patch1', output: 'Success' }),
    msg('assistant', 'Patched: timeouts now reach the retry loop.'),
  ];
  writeFileSync(rollout, '');
  const store = open(dir);
  const hook = (name: string, extra: Record<string, unknown>, uid: string) =>
    captured('codex', { session_id: session, turn_id: 't1', transcript_path: rollout, cwd: '/project', model: 'gpt-5-codex', permission_mode: 'default', hook_event_name: name, ...extra }, (t += 10), uid);
  await store.ingest([hook('SessionStart', { source: 'startup' }, 'c-start')]);
  // The rollout grows as the session runs; the hooks' events arrive between the folds.
  for (const [i, l] of lines.entries()) {
    writeFileSync(rollout, l + '\n', { flag: 'a' });
    foldNarration(store);
    if (i === 8) await store.ingest([hook('PostToolUse', { tool_name: 'shell', tool_input: { command: 'cat src/retry.ts' }, tool_response: 'export function retry() {}', tool_use_id: 'call_read1' }, 'c-1')]);
  }
  await store.ingest([hook('PostToolUse', { tool_name: 'apply_patch', tool_input: { input: '*** Begin Patch' }, tool_response: 'Success', tool_use_id: 'call_patch1' }, 'c-2')]);
  await store.close();
  const { linked, unlinked } = storedNarration(join(dir, 'mnemo.db'));
  assert.deepEqual([...unlinked.keys()], []);
  assert.deepEqual(linked.get('call_read1'), {
    why: 'The client swallows the timeout; I will look at the retry wrapper first.',
    finding: 'The wrapper catches every error and returns undefined. Patching it to rethrow timeouts.',
  });
  assert.deepEqual(linked.get('call_patch1'), {
    why: 'The wrapper catches every error and returns undefined. Patching it to rethrow timeouts.',
    finding: 'Patched: timeouts now reach the retry loop.',
  });
});
