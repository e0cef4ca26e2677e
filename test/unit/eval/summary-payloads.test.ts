// The summary evaluation's replay sends what live hooks would: a subagent's tool calls count whether
// Claude Code kept them inline (isSidechain entries) or embedded them in `agent_progress` records of
// the main file, and a call kept both ways is replayed once.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { transcriptPayloads } from '../../../eval/summaries/payloads.ts';

const S = 'sess-1';
const base = { sessionId: S, cwd: '/w/app' };
const user = (content: unknown, extra: object = {}) => ({ ...base, type: 'user', message: { role: 'user', content }, ...extra });
const assistant = (content: unknown, extra: object = {}) => ({ ...base, type: 'assistant', message: { role: 'assistant', content }, ...extra });
const progress = (message: object) => ({ ...base, type: 'progress', data: { type: 'agent_progress', prompt: 'Implement task 1', message } });
const commitCall = { type: 'tool_use', id: 'toolu_sub1', name: 'Bash', input: { command: 'git commit -m "feat(config): add the summarise options"' } };
const commitResult = { type: 'tool_result', tool_use_id: 'toolu_sub1', content: '[work 871e5dd] feat(config): add the summarise options\n 2 files changed' };

function payloadsOf(lines: readonly object[]) {
  const dir = mkdtempSync(join(tmpdir(), 'mnemo-payloads-'));
  const file = join(dir, 'full.jsonl');
  writeFileSync(file, lines.map((l) => JSON.stringify(l)).join('\n'));
  return transcriptPayloads(file);
}

const opening = [
  user('Implement the plan with subagents.'),
  assistant([{ type: 'tool_use', id: 'toolu_task', name: 'Task', input: { prompt: 'Implement task 1' } }]),
];
const embedded = [
  progress({ type: 'user', message: { role: 'user', content: [{ type: 'text', text: 'Implement task 1' }] } }),
  progress({ type: 'assistant', message: { role: 'assistant', content: [commitCall] } }),
  progress({ type: 'user', message: { role: 'user', content: [commitResult] } }),
  { ...base, type: 'progress', data: { type: 'hook_progress', hookEvent: 'PostToolUse' } },
];
const inline = [assistant([commitCall], { isSidechain: true }), user([commitResult], { isSidechain: true })];
const closing = [user([{ type: 'tool_result', tool_use_id: 'toolu_task', content: 'Task 1 done.' }]), assistant([{ type: 'text', text: 'Task 1 is committed.' }])];
const bashCalls = (payloads: ReturnType<typeof transcriptPayloads>) => payloads.filter((p) => p.hook_event_name === 'PostToolUse' && p.tool_name === 'Bash');

test("a subagent's calls embedded in agent_progress records are replayed as PostToolUse; its prompt is no prompt of the user", () => {
  const payloads = payloadsOf([...opening, ...embedded, ...closing]);
  const bash = bashCalls(payloads);
  assert.equal(bash.length, 1);
  assert.match(String(bash[0]!.tool_response), /\[work 871e5dd\] feat\(config\): add the summarise options/);
  assert.deepEqual(payloads.filter((p) => p.hook_event_name === 'UserPromptSubmit').map((p) => p.prompt), ['Implement the plan with subagents.']);
  assert.ok(payloads.some((p) => p.hook_event_name === 'PostToolUse' && p.tool_name === 'Task'));
});

test('a subagent call kept both inline and in a progress record is replayed once', () => {
  assert.equal(bashCalls(payloadsOf([...opening, ...embedded, ...inline, ...closing])).length, 1);
  assert.equal(bashCalls(payloadsOf([...opening, ...inline, ...closing])).length, 1);
});
