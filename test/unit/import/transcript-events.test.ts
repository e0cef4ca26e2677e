// Transcript → hook payloads, checked against real transcripts whose events were counted by hand,
// and against the entry shapes of Claude Code 1.0.70 … 1.0.106.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { transcriptEvents, SubagentDirectory, type ConvertStats, type FileRole, type SourceLine, type TranscriptEvent } from '../../../src/import/claude-code/transcript-events.ts';
import { transcriptLines } from '../../../src/import/claude-code/transcript-lines.ts';
import { findTranscripts, roleOf } from '../../../src/import/claude-code/transcript-files.ts';
import { parseClaudeCode } from '../../../src/platforms/claude-code.ts';
import { FIXTURES, TranscriptBuilder } from './builder.ts';

type P = Record<string, any>;

function convert(path: string, role: FileRole = roleOf(path), agents = new SubagentDirectory()): { events: TranscriptEvent[]; payloads: P[]; stats: ConvertStats } {
  const stats: ConvertStats = { entries: 0, malformed: 0, orphanResults: 0 };
  const events = [...transcriptEvents(transcriptLines(path, { lines: 0, skipped: 0, bytes: 0 }), { path, role, stats, agents, fileLabel: 'f.jsonl' })];
  return { events, payloads: events.map((e) => e.payload as P), stats };
}

function fromLines(lines: string[], role: FileRole = 'main'): { payloads: P[]; stats: ConvertStats } {
  const stats: ConvertStats = { entries: 0, malformed: 0, orphanResults: 0 };
  const src: SourceLine[] = lines.map((text, i) => ({ no: i + 1, text }));
  const events = [...transcriptEvents(src, { path: '/t/x.jsonl', role, stats, agents: new SubagentDirectory(), fileLabel: 'x.jsonl', fallbackSessionId: 'fallback' })];
  return { payloads: events.map((e) => e.payload as P), stats };
}

const names = (ps: P[]) => ps.map((p) => (p.tool_name ? `${p.hook_event_name}:${p.tool_name}` : p.hook_event_name));

test('a compacted session (tomjnsn compact.jsonl): /clear and /compact are not prompts; the summary becomes PostCompact', () => {
  const { payloads, events } = convert(join(FIXTURES, 'tomjnsn-agentlogs/compact.jsonl'));
  assert.deepEqual(names(payloads), ['SessionStart', 'UserPromptSubmit', 'Stop', 'PreCompact', 'PostCompact', 'SessionEnd']);
  assert.equal(payloads[1]!.prompt, 'how are you doing');
  assert.match(payloads[2]!.last_assistant_message, /^I'm doing well, thanks for asking!/);
  assert.equal(payloads[3]!.trigger, 'manual');
  assert.match(payloads[4]!.compact_summary, /^Analysis:\nLet me analyze the conversation chronologically/);
  assert.equal(payloads[0]!.cwd, '/Users/philipp/dev/studio');
  assert.ok(payloads.every((p) => p.session_id === '0e26ec2f-937e-482c-b889-bc126f996913'));
  assert.ok(events.every((e) => e.branch === 'main'));
  // Times are the entries' own.
  assert.equal(events[1]!.at, Date.parse('2025-10-10T21:56:06.117Z'));
});

test('a session with failures and several tools a turn (fasthooks): every call paired by tool_use_id', () => {
  const { payloads, stats } = convert(join(FIXTURES, 'oneryalcin-fasthooks/sample_main_transcript.jsonl'));
  const seq = names(payloads);
  assert.equal(seq.filter((n) => n === 'UserPromptSubmit').length, 5);
  assert.equal(seq.filter((n) => n === 'Stop').length, 5);
  assert.equal(seq.filter((n) => n.startsWith('PostToolUse:')).length, 8);
  const failures = payloads.filter((p) => p.hook_event_name === 'PostToolUseFailure');
  assert.deepEqual(failures.map((p) => p.error), ['Exit code 1\ncat: nonexistent.txt: No such file or directory', 'Exit code 127\n/bin/bash: line 1: python: command not found']);
  assert.ok(failures.every((p) => p.is_interrupt === false && /^toolu_/.test(p.tool_use_id)));
  // The structured result is what a live hook gets as tool_response.
  const ls = payloads.find((p) => p.tool_name === 'Bash')!;
  assert.equal(ls.tool_input.command, 'ls -la');
  assert.equal(typeof ls.tool_response.stdout, 'string');
  assert.equal(new Set(payloads.filter((p) => p.tool_use_id).map((p) => p.tool_use_id)).size, 10);
  assert.deepEqual(seq.slice(-3), ['PreCompact', 'PostCompact', 'SessionEnd']);
  assert.equal(stats.orphanResults, 0);
  assert.equal(stats.malformed, 0);
});

test('a subagent run inside an older main file (Claude Code 2.0.13) ends in SubagentStop with its agent type', () => {
  const { payloads } = convert(join(FIXTURES, 'tomjnsn-agentlogs/subagent.jsonl'));
  assert.deepEqual(names(payloads), ['SessionStart', 'UserPromptSubmit', 'SubagentStop', 'PostToolUse:Task', 'Stop', 'SessionEnd']);
  const stop = payloads[2]!;
  assert.equal(stop.agent_type, 'general-purpose');
  assert.match(stop.last_assistant_message, /^Hello! I'm doing well/);
});

test('a warm-up sidechain (Claude Code 2.0.76) yields nothing', () => {
  assert.deepEqual(convert(join(FIXTURES, 'oneryalcin-fasthooks/sample_agent_sidechain.jsonl')).payloads, []);
});

test('subagent and compaction files of a session whose main transcript is gone', () => {
  const [group] = findTranscripts(join(FIXTURES, 'marot-spotter/258c7280-ae70-4798-800f-63464d01a85d'));
  assert.ok(group && !group.main);
  assert.deepEqual(group.others.map((f) => f.role), ['subagent', 'compaction']);
  assert.deepEqual(group.folded, []);
  const agents = new SubagentDirectory();
  const sub = convert(group.others[0]!.path, 'subagent', agents).payloads;
  assert.deepEqual(names(sub), ['PostToolUse:WebFetch', 'PostToolUse:WebFetch', 'SubagentStop']);
  assert.ok(sub.every((p) => p.agent_id === 'a881341' && p.session_id === '258c7280-ae70-4798-800f-63464d01a85d'));
  assert.match(sub[2]!.last_assistant_message, /SessionStart/);
  const compact = convert(group.others[1]!.path, 'compaction', agents).payloads;
  assert.deepEqual(names(compact), ['PostCompact']);
  // The <summary> the compaction run was asked for, without its <analysis>.
  assert.match(compact[0]!.compact_summary, /^1\. Primary Request and Intent:/);
  assert.ok(!compact[0]!.compact_summary.includes('<analysis>'));
});

test('a compaction file is folded when its session transcript is there (it holds the same summary)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'mnemo-fold-'));
  try {
    const sid = '258c7280-ae70-4798-800f-63464d01a85d';
    new TranscriptBuilder({ cwd: '/p', sessionId: sid }).prompt('go').compaction('Summary: went').write(join(dir, 'proj', `${sid}.jsonl`));
    const sub = join(FIXTURES, 'marot-spotter', sid, 'subagents');
    const target = join(dir, 'proj', sid, 'subagents');
    mkdirSync(target, { recursive: true });
    for (const f of readdirSync(sub)) copyFileSync(join(sub, f), join(target, f));
    const groups = findTranscripts(dir);
    assert.equal(groups.length, 1);
    assert.equal(groups[0]!.main?.path, join(dir, 'proj', `${sid}.jsonl`));
    assert.deepEqual(groups[0]!.others.map((f) => f.role), ['subagent']);
    assert.deepEqual(groups[0]!.folded.map((f) => f.role), ['compaction']);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a slash command with arguments is a prompt; a rejected call is an interrupted failure; no Stop after an interruption', () => {
  const { payloads } = convert(join(FIXTURES, 'marot-spotter/subagent.jsonl'));
  const prompts = payloads.filter((p) => p.hook_event_name === 'UserPromptSubmit').map((p) => p.prompt);
  assert.equal(prompts.length, 2);
  assert.match(prompts[0], /^\/handgemacht:create-beads websearch to learn how to fastest setup credo/);
  assert.equal(prompts[1], 'create the beads');
  // The first turn ended in an interruption: its only Stop is the second turn's.
  const stops = payloads.filter((p) => p.hook_event_name === 'Stop');
  assert.equal(stops.length, 1);
  assert.match(stops[0]!.last_assistant_message, /^## Beads Created/);
  const short = convert(join(FIXTURES, 'marot-spotter/short.jsonl')).payloads;
  const rejected = short.filter((p) => p.hook_event_name === 'PostToolUseFailure');
  assert.equal(rejected.length, 2);
  assert.ok(rejected.every((p) => p.is_interrupt === true));
});

test('queued prompts (typed while the model worked) become prompts once: from the queue when handed over mid-turn, else from their entry', () => {
  const b = new TranscriptBuilder({ cwd: '/p', sessionId: 's-q' }).prompt('first task');
  const op = (operation: string, content?: string) => b.raw(JSON.stringify({ type: 'queue-operation', operation, timestamp: new Date(b.now).toISOString(), sessionId: 's-q', ...(content ? { content } : {}) }));
  op('enqueue', 'also update the docs');
  op('remove');
  op('enqueue', '/mcp');
  op('enqueue', 'then run the tests');
  op('dequeue');
  b.text('done with the first').stopHooks().prompt('then run the tests', { promptId: 'p-42' }).text('tests pass');
  const { payloads } = fromLines(b.lines);
  const prompts = payloads.filter((p) => p.hook_event_name === 'UserPromptSubmit');
  assert.deepEqual(prompts.map((p) => p.prompt), ['first task', 'also update the docs', 'then run the tests']);
  assert.equal(prompts[2]!.prompt_id, 'p-42', 'the prompt id live hooks receive, for de-duplication');
  assert.deepEqual(payloads.filter((p) => p.hook_event_name === 'Stop').map((p) => p.last_assistant_message), ['done with the first', 'tests pass']);
});

test('Stop fires where the turn ended: at the stop-hook marker, at the next prompt, at the end', () => {
  const b0 = new TranscriptBuilder({ cwd: '/p' });
  const b = b0
    .prompt('one')
    .text('thinking out loud')
    .tool('toolu_1', 'Bash', { command: 'ls' }, { output: { stdout: 'a', stderr: '', interrupted: false } })
    .text('answer one')
    .stopHooks()
    .raw(JSON.stringify({ type: 'user', sessionId: b0.sessionId, message: { role: 'user', content: '<task-notification>\n<status>completed</status>\n</task-notification>' }, timestamp: new Date().toISOString() }))
    .prompt('two')
    .text('answer two');
  const { payloads } = fromLines(b.lines);
  assert.deepEqual(names(payloads), ['SessionStart', 'UserPromptSubmit', 'PostToolUse:Bash', 'Stop', 'UserPromptSubmit', 'Stop', 'SessionEnd']);
  assert.deepEqual(payloads.filter((p) => p.hook_event_name === 'Stop').map((p) => p.last_assistant_message), ['answer one', 'answer two']);
});

test('a call without a result is an "about to run" PreToolUse; a result without its call is counted', () => {
  const b = new TranscriptBuilder({ cwd: '/p' }).prompt('go').call('toolu_open', 'Bash', { command: 'sleep 100' }).result('toolu_ghost', { output: 'x' });
  const { payloads, stats } = fromLines(b.lines);
  assert.deepEqual(names(payloads), ['SessionStart', 'UserPromptSubmit', 'PreToolUse:Bash', 'SessionEnd']);
  assert.equal(payloads[2]!.tool_use_id, 'toolu_open');
  assert.equal(stats.orphanResults, 1);
});

test('malformed lines are counted and skipped', () => {
  const b = new TranscriptBuilder({ cwd: '/p' }).prompt('before').raw('{"type":"user",').raw('[1,2]').raw('null').raw('\u0000garbage').prompt('after');
  const { payloads, stats } = fromLines(b.lines);
  assert.equal(stats.malformed, 4);
  assert.deepEqual(payloads.filter((p) => p.prompt).map((p) => p.prompt), ['before', 'after']);
});

test('every payload is one Claude Code would send: parseClaudeCode accepts it unchanged', () => {
  for (const g of findTranscripts(FIXTURES)) {
    const agents = new SubagentDirectory();
    for (const f of [...(g.main ? [g.main] : []), ...g.others]) {
      for (const p of convert(f.path, f.role, agents).payloads) {
        const warnings: string[] = [];
        const ev = parseClaudeCode(undefined, p, (m) => warnings.push(m));
        assert.equal(ev.event, p.hook_event_name);
        assert.deepEqual(warnings, [], `${f.path}: ${JSON.stringify(p).slice(0, 200)}`);
      }
    }
  }
});

test('Claude Code 1.0.70 … 1.0.106 entry shapes convert without surprises', () => {
  for (const v of ['1_0_70', '1_0_86', '1_0_106', 'no_version']) {
    const shapes = JSON.parse(readFileSync(join(FIXTURES, 'lpasqualis-claudeconvo-version-shapes', `${v}.json`), 'utf8')) as { entry_types: Record<string, unknown[]> };
    const lines = Object.values(shapes.entry_types).flat().map((e) => JSON.stringify(e));
    const { payloads, stats } = fromLines(lines);
    assert.equal(stats.malformed, 0, v);
    assert.equal(stats.entries, lines.length, v);
    for (const p of payloads) {
      assert.ok(p.session_id, `${v}: every event has a session`);
      const ev = parseClaudeCode(undefined, p);
      if (ev.event === 'UserPromptSubmit') assert.equal(ev.prompt, 'Sample text');
    }
    // 1.0.86's only typed entry is a compaction summary; the others have prompts.
    const expected = v === 'no_version' ? [] : v === '1_0_86' ? ['PostCompact'] : ['UserPromptSubmit'];
    for (const name of expected) assert.ok(payloads.some((p) => p.hook_event_name === name), `${v} has ${name}`);
  }
});
