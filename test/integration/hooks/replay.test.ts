/**
 * Replays real Claude Code hook stdin payloads (test/fixtures/hook-payloads, see its README for
 * sources and licenses) through the real hook bundle, one process per payload, in order per file,
 * then checks the store: one session per session id, the expected observations, no unexpected log lines.
 */
import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import {
  EVENTS,
  FIXTURES,
  type ExportedObservation,
  type ExportedSession,
  type ProcResult,
  cliJson,
  exportAll,
  hookContractProblems,
  logLinesOf,
  pool,
  readLog,
  runHook,
  tempDir,
} from './helpers.ts';

type Rec = Record<string, unknown>;

interface Payload {
  readonly file: string;
  readonly index: number;
  readonly record: Rec;
  readonly event: string;
}

/** fasthooks logs `event` instead of `hook_event_name` (and adds `ts` and derived keys): make it stdin-shaped. */
function fromFasthooks(line: Rec): Rec {
  const { event, ...rest } = line;
  return { ...rest, hook_event_name: event };
}

function loadFixtures(): { units: Payload[][]; all: Payload[] } {
  const units: Payload[][] = [];
  const order = ['user_prompt_submit.json', 'pre_tool_use.json+post_tool_use.json', 'subagent_stop.json', 'stop.json', 'notification.json'];
  for (const source of readdirSync(FIXTURES).sort()) {
    const dir = join(FIXTURES, source);
    if (!statSync(dir).isDirectory()) continue;
    const files = readdirSync(dir);
    const read = (name: string): Payload[] => {
      const path = join(dir, name);
      const text = readFileSync(path, 'utf8');
      const records: Rec[] = name.endsWith('.jsonl')
        ? text.split('\n').filter((l) => l.trim()).map((l) => fromFasthooks(JSON.parse(l) as Rec))
        : (JSON.parse(text) as Rec[]);
      return records.map((record, index) => ({ file: `${source}/${name}`, index, record, event: String(record.hook_event_name) }));
    };
    for (const name of files.filter((f) => f.endsWith('.jsonl'))) units.push(read(name));
    // pre before post within a source: a PreToolUse note is cleared by its PostToolUse.
    for (const group of order) {
      const unit = group.split('+').filter((f) => files.includes(f)).flatMap(read);
      if (unit.length) units.push(unit);
    }
    const known = new Set([...order.flatMap((g) => g.split('+'))]);
    for (const name of files.filter((f) => f.endsWith('.json') && !known.has(f))) units.push(read(name));
  }
  return { units, all: units.flat() };
}

/** Bookkeeping tools present in the corpus, and our own MCP tools: never stored. TodoWrite is kept (DESIGN.md). */
const SKIPPED_TOOLS = new Set(['TaskList']);
const isSkipped = (tool: string) => SKIPPED_TOOLS.has(tool) || /^mcp__(plugin_mnemo_)?mnemo__/.test(tool);
const str = (v: unknown) => (typeof v === 'string' ? v : undefined);

interface Expected {
  tools: number;
  pending: number;
  markers: number;
  promptsMin: number;
  promptsMax: number;
}

/** What the store should hold per session, derived from the payloads alone. */
function expectations(all: Payload[]): Map<string, Expected> {
  const out = new Map<string, Expected>();
  const posts = new Set<string>();
  const get = (s: string) => {
    let e = out.get(s);
    if (!e) out.set(s, (e = { tools: 0, pending: 0, markers: 0, promptsMin: 0, promptsMax: 0 }));
    return e;
  };
  for (const p of all) {
    const id = str(p.record.tool_use_id);
    if ((p.event === 'PostToolUse' || p.event === 'PostToolUseFailure') && id) posts.add(`${p.record.session_id}|${id}`);
  }
  const seenIds = new Set<string>();
  const prompts = new Map<string, Set<string>>();
  for (const p of all) {
    const session = str(p.record.session_id);
    if (!session) continue;
    const tool = str(p.record.tool_name);
    const id = str(p.record.tool_use_id);
    switch (p.event) {
      case 'SessionStart':
      case 'SessionEnd':
        get(session);
        break;
      case 'UserPromptSubmit': {
        const text = str(p.record.prompt);
        if (!text?.trim()) break;
        const e = get(session);
        e.promptsMax++;
        let set = prompts.get(session);
        if (!set) prompts.set(session, (set = new Set()));
        if (!set.has(text)) (set.add(text), e.promptsMin++);
        break;
      }
      case 'PreToolUse':
        // Without a tool_use_id no outcome could ever replace the note, so none is stored (and the
        // session may carry nothing else: old payloads).
        if (!tool || isSkipped(tool) || !id) break;
        if (id && (seenIds.has(`pre|${session}|${id}`) || posts.has(`${session}|${id}`))) {
          get(session);
          seenIds.add(`pre|${session}|${id}`);
          break;
        }
        if (id) seenIds.add(`pre|${session}|${id}`);
        get(session).pending++;
        break;
      case 'PostToolUse':
      case 'PostToolUseFailure':
        if (!tool || isSkipped(tool)) break;
        if (id && seenIds.has(`post|${session}|${id}`)) break;
        if (id) seenIds.add(`post|${session}|${id}`);
        get(session).tools++;
        break;
      case 'PreCompact':
        get(session).markers++;
        break;
      case 'Stop':
      case 'SubagentStop':
      case 'PostCompact':
        // None of the recorded ones carries last_assistant_message / compact_summary, and their
        // transcripts are not part of the corpus: nothing to store.
        assert.equal(str(p.record.last_assistant_message) ?? str(p.record.compact_summary), undefined, `${p.file}#${p.index} carries text: update the expectation`);
        break;
      default:
        break;
    }
  }
  return out;
}

describe('replay of real Claude Code hook payloads', () => {
  const dataDir = tempDir('mnemo-replay-');
  const { units, all } = loadFixtures();
  const results: { p: Payload; r: ProcResult }[] = [];
  let sessions: ExportedSession[] = [];
  let observations: ExportedObservation[] = [];
  let wallMs = 0;

  before(async () => {
    const started = Date.now();
    await pool(units, 3, async (unit) => {
      for (const p of unit) {
        const argEvent = p.event;
        results.push({ p, r: await runHook(argEvent, p.record, { dataDir, cwd: dataDir }) });
      }
    });
    wallMs = Date.now() - started;
    ({ sessions, observations } = await exportAll(dataDir));
  });

  it('the fixtures are there and varied', () => {
    assert.ok(all.length >= 150, `${all.length} payloads`);
    const events = new Set(all.map((p) => p.event));
    for (const e of ['SessionStart', 'UserPromptSubmit', 'PreToolUse', 'PostToolUse', 'Stop', 'SubagentStop', 'PreCompact', 'Notification']) assert.ok(events.has(e), e);
  });

  it('every process exits 0 with valid output (nothing for Stop)', () => {
    const problems = results.flatMap(({ p, r }) => hookContractProblems(p.event, r).map((x) => `${p.file}#${p.index} ${p.event}: ${x}`));
    const byEvent: Record<string, number> = {};
    for (const { p } of results) byEvent[p.event] = (byEvent[p.event] ?? 0) + 1;
    console.log(`replayed ${results.length} payloads in ${wallMs} ms (${Math.round(wallMs / Math.max(1, results.length))} ms each, 3 at a time): ${JSON.stringify(byEvent)}`);
    assert.equal(results.length, all.length);
    assert.deepEqual(problems, []);
  });

  it('one session per session id that carried something to store', () => {
    const expected = expectations(all);
    const ids = sessions.map((s) => s.externalId);
    assert.equal(new Set(ids).size, ids.length, 'duplicate sessions');
    assert.deepEqual([...ids].sort(), [...expected.keys()].sort());
    for (const s of sessions) assert.equal(s.platform, 'claude-code');
  });

  it('the expected observations per session: tool calls (minus skipped tools), pending notes, markers, prompts', () => {
    const expected = expectations(all);
    const problems: string[] = [];
    let tools = 0;
    let postRecords = 0;
    for (const p of all) if (p.event === 'PostToolUse' || p.event === 'PostToolUseFailure') postRecords++;
    for (const s of sessions) {
      const e = expected.get(s.externalId)!;
      const mine = observations.filter((o) => o.sessionId === s.id);
      const toolObs = mine.filter((o) => o.toolName && o.type !== 'pending').length;
      const pending = mine.filter((o) => o.type === 'pending').length;
      const markers = mine.filter((o) => o.type === 'marker').length;
      const prompts = mine.filter((o) => o.type === 'prompt').length;
      const other = mine.length - toolObs - pending - markers - prompts;
      tools += toolObs;
      if (toolObs !== e.tools) problems.push(`${s.externalId}: ${toolObs} tool observations, expected ${e.tools}`);
      if (pending !== e.pending) problems.push(`${s.externalId}: ${pending} pending notes, expected ${e.pending}`);
      if (markers !== e.markers) problems.push(`${s.externalId}: ${markers} markers, expected ${e.markers}`);
      if (prompts < e.promptsMin || prompts > e.promptsMax) problems.push(`${s.externalId}: ${prompts} prompts, expected ${e.promptsMin}..${e.promptsMax}`);
      if (other !== 0) problems.push(`${s.externalId}: ${other} unexpected observations: ${mine.map((o) => o.type).join(',')}`);
      if (s.observationCount !== mine.length) problems.push(`${s.externalId}: observationCount ${s.observationCount} != ${mine.length}`);
    }
    const skipped = all.filter((p) => (p.event === 'PostToolUse' || p.event === 'PostToolUseFailure') && isSkipped(str(p.record.tool_name) ?? '')).length;
    console.log(`replay store: ${sessions.length} sessions, ${observations.length} observations (${tools} tool calls from ${postRecords} PostToolUse records, ${skipped} skipped)`);
    assert.equal(tools, postRecords - skipped);
    assert.deepEqual(problems, []);
  });

  it('every stored tool call has a meaningful title and bounded body', () => {
    const bad = observations.filter(
      (o) => !o.title.trim() || /undefined|\[object Object\]|^null$/.test(o.title) || o.title.length > 160 || o.body.length > 8000,
    );
    assert.deepEqual(bad.map((o) => `${o.id} ${o.toolName ?? o.type}: ${o.title.slice(0, 120)} (${o.body.length})`), []);
    const edits = observations.filter((o) => (o.toolName === 'Edit' || o.toolName === 'MultiEdit') && o.type !== 'pending');
    assert.ok(edits.length > 0);
    for (const o of edits) assert.match(o.title, /^Edited \S/, o.title);
    for (const o of observations.filter((x) => x.toolName === 'TodoWrite' && x.type !== 'pending')) assert.ok(o.title.length > 0);
  });

  it('the log holds nothing but the expected lines (events mnemo does not handle)', () => {
    const unexpected: string[] = [];
    for (const { p, r } of results) {
      const lines = logLinesOf(dataDir, r.pid);
      const handled = (EVENTS as readonly string[]).includes(p.event);
      if (handled && lines.length) unexpected.push(...lines.map((l) => `${p.file}#${p.index}: ${l}`));
      if (!handled && !lines.some((l) => /unknown hook event/.test(l))) unexpected.push(`${p.file}#${p.index}: ${p.event} was not logged as unknown`);
    }
    assert.deepEqual(unexpected, [], readLog(dataDir).slice(-2000));
  });

  it('the store is healthy afterwards', async () => {
    const doctor = await cliJson<{ healthy: boolean; checks: unknown[] }>(['doctor', '--json'], dataDir);
    assert.equal(doctor.healthy, true, JSON.stringify(doctor.checks));
  });
});
