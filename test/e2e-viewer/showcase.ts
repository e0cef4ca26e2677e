/**
 * A realistic store for the README screenshots: real Claude Code tool calls and prompts from the
 * extraction fixtures (public repositories, see test/fixtures/extract/README.md) and the demo session
 * (fixtures/demo-session.jsonl), captured by mnemo's own capture rules and spread over the last six
 * weeks, with summaries written the way SessionEnd writes them.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { summarizeSessionHeuristically } from '../../src/compress/session.ts';
import { captureEvent } from '../../src/core/capture.ts';
import type { CapturedEvent } from '../../src/core/types.ts';
import { parseClaudeCode } from '../../src/platforms/claude-code.ts';
import { SqliteStore } from '../../src/store/sqlite/sqlite-store.ts';
// The benchmarks' seeded PRNG (mulberry32): the same seed gives the same store.
import { rng } from '../../bench/lib/stats.ts';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const LIMITS = { maxInputChars: 2000, maxOutputChars: 4000 };

interface Call {
  readonly source: string;
  readonly toolName: string;
  readonly input: unknown;
  readonly response?: unknown;
  readonly failed?: boolean;
  readonly error?: string;
  readonly cwd?: string;
}

type Payload = Record<string, unknown>;

function json<T>(path: string): T {
  return JSON.parse(readFileSync(join(ROOT, path), 'utf8')) as T;
}

const PROJECTS: Readonly<Record<string, { path: string; branch: string; platform: string }>> = {
  'marot-spotter': { path: '/home/dev/code/spotter', branch: 'main', platform: 'claude-code' },
  'DRMacIver-claude-reliability': { path: '/home/dev/code/claude-reliability', branch: 'fix/hook-timeouts', platform: 'claude-code' },
  'tomjnsn-agentlogs': { path: '/home/dev/code/agentlogs', branch: 'main', platform: 'codex' },
  'oneryalcin-fasthooks': { path: '/home/dev/code/fasthooks', branch: 'main', platform: 'gemini' },
  'conneroisu-templar': { path: '/home/dev/code/templar', branch: 'feat/hash-cache', platform: 'claude-code' },
  'ranaroussi-quantstats': { path: '/home/dev/code/quantstats', branch: 'main', platform: 'claude-code' },
  'mta-tech-seeknal': { path: '/home/dev/code/seeknal', branch: 'main', platform: 'codex' },
};

function toPayload(c: Call, sessionId: string, cwd: string): Payload {
  const base = { session_id: sessionId, transcript_path: '/dev/null', cwd, tool_name: c.toolName, tool_input: c.input, tool_use_id: `toolu_${randomUUID().slice(0, 12)}` };
  return c.failed
    ? { ...base, hook_event_name: 'PostToolUseFailure', error: c.error ?? 'failed' }
    : { ...base, hook_event_name: 'PostToolUse', tool_response: c.response ?? {} };
}

/** Fill `dbPath` with the showcase. Returns the number of sessions made. */
export async function buildShowcase(dbPath: string, now = Date.now()): Promise<number> {
  const r = rng(42);
  const calls = [
    ...json<Call[]>('test/fixtures/extract/transcript-calls.json').map((c) => ({ ...c, source: c.source.split('/')[0]! })),
    ...json<(Payload & { source: string })[]>('test/fixtures/extract/post-tool-use.json').map(
      (p): Call => ({ source: p.source, toolName: String(p.tool_name), input: p.tool_input, response: p.tool_response }),
    ),
  ];
  const prompts = json<string[]>('test/fixtures/extract/user-prompts.json').filter((p) => p.length > 12 && p.length < 300);
  const bySource = new Map<string, Call[]>();
  for (const c of calls) bySource.set(c.source, [...(bySource.get(c.source) ?? []), c]);

  // Sessions of 8–30 calls, each opened by a prompt, spread over the last 42 days.
  const plan: { source: string; calls: Call[] }[] = [];
  for (const [source, list] of bySource) {
    for (let i = 0; i < list.length; ) {
      const n = 8 + Math.floor(r() * 22);
      plan.push({ source, calls: list.slice(i, i + n) });
      i += n;
    }
  }
  plan.sort(() => r() - 0.5);
  const store = SqliteStore.open({ path: dbPath, busyTimeoutMs: 5000 });
  try {
    let promptAt = 0;
    for (let s = 0; s < plan.length; s++) {
      const { source, calls: sessionCalls } = plan[s]!;
      const proj = PROJECTS[source] ?? { path: `/home/dev/code/${source}`, branch: 'main', platform: 'claude-code' };
      const externalId = `showcase-${s}`;
      const day = Math.floor(((plan.length - s) / plan.length) * 41) + 1;
      let at = now - day * 86_400_000 + Math.floor((9 + r() * 8) * 3_600_000) - (now % 86_400_000);
      const payloads: Payload[] = [{ session_id: externalId, transcript_path: '/dev/null', cwd: proj.path, hook_event_name: 'SessionStart', source: 'startup' }];
      sessionCalls.forEach((c, i) => {
        if (i % 7 === 0) payloads.push({ session_id: externalId, transcript_path: '/dev/null', cwd: proj.path, hook_event_name: 'UserPromptSubmit', prompt: prompts[promptAt++ % prompts.length] });
        payloads.push(toPayload(c, externalId, c.cwd ?? proj.path));
      });
      payloads.push({ session_id: externalId, transcript_path: '/dev/null', cwd: proj.path, hook_event_name: 'SessionEnd', reason: 'prompt_input_exit' });
      const events: CapturedEvent[] = [];
      for (const p of payloads) {
        at += 20_000 + Math.floor(r() * 90_000);
        const ev = { ...parseClaudeCode(String(p.hook_event_name), p), platform: proj.platform };
        const captured = captureEvent(ev, { place: { project: proj.path, branch: proj.branch }, now: at, uid: randomUUID(), limits: LIMITS });
        if (captured) events.push(captured);
      }
      await store.ingest(events);
    }
    // The demo session (a connection-pool fix with a Chinese prompt), as the most recent one.
    const demo = readFileSync(join(ROOT, 'fixtures', 'demo-session.jsonl'), 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l) as Payload);
    let at = now - 50 * 60_000;
    const events: CapturedEvent[] = [];
    for (const p of demo) {
      at += 25_000 + Math.floor(r() * 60_000);
      const payload = JSON.parse(JSON.stringify(p).replaceAll('/work/demo-project', '/home/dev/code/shop-api')) as Payload;
      const captured = captureEvent(parseClaudeCode(String(p.hook_event_name), payload), { place: { project: '/home/dev/code/shop-api', branch: 'fix/pool-leak' }, now: at, uid: randomUUID(), limits: LIMITS });
      if (captured) events.push(captured);
    }
    await store.ingest(events);
    const sessions = await store.listSessions({ limit: 1000 });
    for (const s of sessions) await summarizeSessionHeuristically(store, s);
    return sessions.length;
  } finally {
    await store.close();
  }
}
