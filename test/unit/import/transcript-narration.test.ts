// The model's narration around each tool call of a Claude Code transcript: the text before a call
// (since the previous result, within its turn), the text after its result, how Claude Code splits a
// message into entries, subagent tracks, privacy, bounds, and that reading in pieces (state saved
// between reads) gives what reading at once gives.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import { FINDING_LIMIT, WHY_LIMIT, type NarrationRecord } from '../../../src/core/narration.ts';
import { ClaudeNarration } from '../../../src/import/claude-code/transcript-narration.ts';
import { roleOf } from '../../../src/import/claude-code/transcript-files.ts';
import { skimText } from '../../../src/import/claude-code/transcript-lines.ts';
import { FAKE } from '../privacy/fake-secrets.ts';
import { FIXTURES } from './builder.ts';

type Entry = Record<string, unknown>;
const S = 'sess-1';

/** Entries in Claude Code 2.1's shape: each content block of a message is an entry of its own. */
class Lines {
  readonly lines: string[] = [];
  #n = 0;
  #entry(type: string, message: Entry, extra: Entry = {}): this {
    this.lines.push(JSON.stringify({ type, sessionId: S, uuid: `u${++this.#n}`, isSidechain: false, message, ...extra }));
    return this;
  }
  prompt(text: string): this {
    return this.#entry('user', { role: 'user', content: text });
  }
  text(msg: string, text: string, extra: Entry = {}): this {
    return this.#entry('assistant', { id: msg, role: 'assistant', content: [{ type: 'text', text }] }, extra);
  }
  thinking(msg: string, text: string): this {
    return this.#entry('assistant', { id: msg, role: 'assistant', content: [{ type: 'thinking', thinking: text, signature: 'x' }] });
  }
  call(msg: string, id: string, name = 'Bash', extra: Entry = {}): this {
    return this.#entry('assistant', { id: msg, role: 'assistant', content: [{ type: 'tool_use', id, name, input: { command: 'ls' } }] }, extra);
  }
  result(id: string, extra: Entry = {}): this {
    return this.#entry('user', { role: 'user', content: [{ tool_use_id: id, type: 'tool_result', content: 'out' }] }, extra);
  }
  results(...ids: string[]): this {
    return this.#entry('user', { role: 'user', content: ids.map((id) => ({ tool_use_id: id, type: 'tool_result', content: 'out' })) });
  }
  meta(text: string): this {
    return this.#entry('user', { role: 'user', content: text }, { isMeta: true });
  }
}

/** Narration per call, as one read of all lines gives it. */
function narrate(lines: readonly string[], role: 'main' | 'subagent' = 'main'): Map<string, NarrationRecord> {
  const t = new ClaudeNarration({ role, fileLabel: 'agent-x.jsonl', fallbackSessionId: S });
  const out = new Map<string, NarrationRecord>();
  lines.forEach((text, i) => {
    t.line({ no: i + 1, text });
    for (const r of t.take()) out.set(r.callId, { ...out.get(r.callId), ...r });
  });
  return out;
}

test('why: the text before a call in its turn; finding: the text after its result, up to the next call', () => {
  const l = new Lines()
    .prompt('the checkout API returns 5xx under load')
    .text('m1', 'The retry loop never sees the timeout because the client swallows it, so I will surface the error first.')
    .call('m1', 'c1')
    .result('c1')
    .text('m2', 'The pool is exhausted: 10 of 10 connections are checked out and never returned.')
    .call('m2', 'c2', 'Edit')
    .result('c2')
    .text('m3', 'Fixed: release() now runs in finally.');
  const n = narrate(l.lines);
  assert.equal(n.get('c1')?.why, 'The retry loop never sees the timeout because the client swallows it, so I will surface the error first.');
  assert.equal(n.get('c1')?.finding, 'The pool is exhausted: 10 of 10 connections are checked out and never returned.');
  // The finding of one call is the why of the next: the same words, said between them.
  assert.equal(n.get('c2')?.why, 'The pool is exhausted: 10 of 10 connections are checked out and never returned.');
  assert.equal(n.get('c2')?.finding, 'Fixed: release() now runs in finally.');
});

test('a call right after a result, with no text between, has no why; the prompt ends what came before', () => {
  const l = new Lines().prompt('one').text('m1', 'Answer to one.').prompt('two').call('m2', 'c1').result('c1').call('m3', 'c2').result('c2');
  const n = narrate(l.lines);
  assert.equal(n.get('c1')?.why, undefined, "the previous turn's answer is not why the next turn's call ran");
  assert.equal(n.get('c2')?.why, undefined);
  assert.equal(n.get('c1')?.finding, undefined);
});

test('a message streamed around its calls: text of the same message before a later call still belongs to it', () => {
  // Claude Code ran c1 before the rest of message m1 was written (tool_heavy.jsonl has this shape).
  const l = new Lines().prompt('p').text('m1', 'Reading both files to compare them.').call('m1', 'c1', 'Read').result('c1').call('m1', 'c2', 'Read').result('c2');
  const n = narrate(l.lines);
  assert.equal(n.get('c1')?.why, 'Reading both files to compare them.');
  assert.equal(n.get('c2')?.why, 'Reading both files to compare them.');
});

test('parallel calls share the text before them and the finding after their results', () => {
  const l = new Lines().prompt('p').text('m1', 'Searching two ways at once.').call('m1', 'a', 'Grep').call('m1', 'b', 'Glob').result('a').result('b').text('m2', 'Both searches point at src/db/pool.ts.').call('m2', 'c');
  const n = narrate(l.lines);
  assert.equal(n.get('a')?.why, 'Searching two ways at once.');
  assert.equal(n.get('b')?.why, 'Searching two ways at once.');
  assert.equal(n.get('a')?.finding, 'Both searches point at src/db/pool.ts.');
  assert.equal(n.get('b')?.finding, 'Both searches point at src/db/pool.ts.');
  assert.equal(n.get('c')?.why, 'Both searches point at src/db/pool.ts.');
  assert.equal(n.get('c')?.finding, undefined, 'no result yet');
});

test('thinking and meta entries are not narration; several text blocks before a call are joined', () => {
  const l = new Lines().prompt('p').thinking('m1', 'secret reasoning').text('m1', 'First point.').meta('<command-message>skill loaded</command-message>').text('m1', 'Second point.').call('m1', 'c1');
  assert.equal(narrate(l.lines).get('c1')?.why, 'First point.\nSecond point.');
});

test("mnemo's own tools and bookkeeping tools get no narration, and their results open no finding", () => {
  const l = new Lines().prompt('p').text('m1', 'Let me check memory.').call('m1', 's1', 'mcp__plugin_mnemo_mnemo__search').result('s1').text('m2', 'Memory says the pool leaks.').call('m2', 'c1').result('c1');
  const n = narrate(l.lines);
  assert.equal(n.has('s1'), false);
  assert.equal(n.get('c1')?.why, 'Memory says the pool leaks.');
});

test('private blocks are removed and secrets redacted before anything is kept', () => {
  const l = new Lines()
    .prompt('p')
    .text('m1', `Using the key ${FAKE.anthropic} to call the API. <private>the staging password is hunter2</private> Then retry.`)
    .call('m1', 'c1')
    .result('c1')
    .text('m2', '<private>all of this is private</private>')
    .text('m2', `Found token ${FAKE.githubClassic} in .env`);
  const n = narrate(l.lines);
  const why = n.get('c1')!.why!;
  assert.ok(!why.includes(FAKE.anthropic) && !why.includes('hunter2'), why);
  assert.match(why, /\[REDACTED/);
  assert.match(why, /Then retry\.$/);
  const finding = n.get('c1')!.finding!;
  assert.ok(!finding.includes(FAKE.githubClassic) && !finding.includes('private'), finding);
});

test('bounded: a long turn keeps the head and the tail of each side', () => {
  const long = Array.from({ length: 400 }, (_, i) => `word${i}`).join(' ');
  const l = new Lines().prompt('p').text('m1', long).text('m1', 'so I will surface the error first').call('m1', 'c1').result('c1').text('m2', long);
  const n = narrate(l.lines);
  const why = n.get('c1')!.why!;
  assert.ok(why.length <= WHY_LIMIT.head + WHY_LIMIT.tail + 3, `${why.length}`);
  assert.ok(why.startsWith('word0 word1'));
  assert.ok(why.endsWith('so I will surface the error first'), 'the words nearest the call are kept');
  assert.match(why, / … /);
  const finding = n.get('c1')!.finding!;
  assert.ok(finding.length <= FINDING_LIMIT.head + FINDING_LIMIT.tail + 3 && finding.startsWith('word0'));
});

test("subagent runs are tracks of their own: an inline sidechain's text is not the main conversation's why", () => {
  const side = { isSidechain: true, agentId: 'a1' };
  const l = new Lines().prompt('p').text('m1', 'Delegating the search.').call('m1', 't1', 'Task');
  l.text('s1', 'Subagent: looking in src/.', side).call('s1', 'x1', 'Grep', side).result('x1', side);
  l.result('t1').call('m2', 'c1');
  const n = narrate(l.lines);
  assert.equal(n.get('x1')?.why, 'Subagent: looking in src/.');
  assert.equal(n.get('t1')?.why, 'Delegating the search.');
  assert.equal(n.get('c1')?.why, undefined, "the subagent's words are not the parent's");
});

test('a line too long to gather, skimmed for its ids, narrates as the parsed line does', () => {
  const huge = 'x'.repeat(50_000);
  const assistant = JSON.stringify({ type: 'assistant', sessionId: S, isSidechain: false, message: { id: 'm2', role: 'assistant', content: [{ type: 'tool_use', id: 'c2', name: 'Write', input: { content: huge } }] } });
  const result = JSON.stringify({ type: 'user', sessionId: S, isSidechain: false, message: { role: 'user', content: [{ tool_use_id: 'c1', type: 'tool_result', content: huge }] } });
  const head = new Lines().prompt('p').text('m1', 'Running it.').call('m1', 'c1').lines;
  const tail = new Lines().text('m3', 'Written; now testing.').lines;
  const parsed = narrate([...head, result, assistant, ...tail]);
  const t = new ClaudeNarration({ role: 'main', fileLabel: 'f', fallbackSessionId: S });
  const skimmed = new Map<string, NarrationRecord>();
  const feed = (text: string, skim?: boolean) => {
    t.line(skim ? { no: 0, text: '', skim: skimText(text) } : { no: 0, text });
    for (const r of t.take()) skimmed.set(r.callId, { ...skimmed.get(r.callId), ...r });
  };
  for (const x of head) feed(x);
  feed(result, true);
  feed(assistant, true);
  for (const x of tail) feed(x);
  assert.deepEqual(skimmed, parsed);
  assert.equal(parsed.get('c1')?.why, 'Running it.');
  assert.equal(parsed.get('c2')?.finding, undefined);
});

function jsonlFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? jsonlFiles(p) : name.endsWith('.jsonl') ? [p] : [];
  });
}

test('on every fixture transcript, reading in pieces (state saved and restored between reads) gives what one read gives', () => {
  let calls = 0;
  for (const file of jsonlFiles(FIXTURES)) {
    const lines = readFileSync(file, 'utf8').split('\n').filter((x) => x.trim());
    const role = roleOf(file);
    const opts = { role, fileLabel: basename(file), fallbackSessionId: basename(file, '.jsonl') };
    const once = new Map<string, NarrationRecord>();
    const whole = new ClaudeNarration(opts);
    for (const [i, text] of lines.entries()) {
      whole.line({ no: i + 1, text });
      for (const r of whole.take()) once.set(r.callId, { ...once.get(r.callId), ...r });
    }
    for (const step of [1, 3, 17]) {
      const pieces = new Map<string, NarrationRecord>();
      let state: unknown;
      for (let at = 0; at < lines.length; at += step) {
        const t = new ClaudeNarration(opts, JSON.parse(JSON.stringify(state ?? null)));
        lines.slice(at, at + step).forEach((text, k) => t.line({ no: at + k + 1, text }));
        for (const r of t.take()) pieces.set(r.callId, { ...pieces.get(r.callId), ...r });
        state = t.state();
      }
      assert.deepEqual(pieces, once, `${file} in pieces of ${step}`);
    }
    calls += once.size;
  }
  assert.ok(calls > 40, `${calls} narrated calls across the fixtures`);
});
