/**
 * @module eval/hook-replay
 * Replays Claude Code transcripts through the plugin's hooks exactly as Claude Code would call them:
 * for every event the session went through, the command that `plugin/hooks/hooks.json` registers for
 * it (matchers honoured) runs through `/bin/sh` with `CLAUDE_PLUGIN_ROOT` set, the host's JSON payload
 * on stdin — `transcript_path` included, so whatever reads the transcript (the model's narration)
 * reads it as it would live. The payloads are those the product's importer derives from a transcript
 * (`import/claude-code/transcript-events`), with what the importer leaves out because a live host
 * sends it: a `PreToolUse` before every tool result, and `source: "startup"` on SessionStart.
 *
 * Sessions are replayed one after another, or a few at once (`concurrency`, as several terminals
 * would); within a session, strictly in order, one hook process at a time.
 *
 * The returned log says, for every payload, which transcript entry it came from (`key`), so labels
 * written against transcripts (tool_use_id, entry uuid) can be found among the stored observations.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { captureEvent } from '../src/core/capture.ts';
import { groupTranscriptEvents } from '../src/import/claude-code/group-capture.ts';
import type { TranscriptEvent } from '../src/import/claude-code/transcript-events.ts';
import { findTranscripts, type TranscriptGroup } from '../src/import/claude-code/transcript-files.ts';
import { resolvePlace } from '../src/hooks/place.ts';
import { parseClaudeCode } from '../src/platforms/claude-code.ts';

export const PLUGIN_ROOT = join(dirname(new URL(import.meta.url).pathname), '..', 'plugin');

/** One payload sent to a hook, and where in the transcript it came from. */
export interface ReplayedEvent {
  readonly sessionId: string;
  readonly hook: string;
  /** The importer's stable key: `<tool_use_id>:post`, `<uuid>:prompt`, `<uuid>:stop`, `<session>/<file>#<line>:queued`… */
  readonly key: string;
  readonly toolUseId?: string;
  /** For events that are not tool calls: the title the capture pipeline gives their observation. */
  readonly title?: string;
}

export interface ReplayReport {
  readonly events: readonly ReplayedEvent[];
  /** Hook processes run, and those that exited non-zero or printed something other than one JSON object (or nothing). */
  readonly hooks: number;
  readonly hookFailures: readonly string[];
  readonly ms: number;
}

export interface HookCommand {
  readonly matcher?: string;
  readonly command: string;
  /** Exec form (`command` and `args`, no shell), as the plugin's hooks.json declares them. */
  readonly args?: readonly string[];
}

/** The hook commands of the plugin, by event. */
export function pluginHooks(root: string): Map<string, HookCommand[]> {
  const json = JSON.parse(readFileSync(join(root, 'hooks', 'hooks.json'), 'utf8')) as {
    hooks: Record<string, { matcher?: string; hooks: { type: string; command: string; args?: string[] }[] }[]>;
  };
  const out = new Map<string, HookCommand[]>();
  for (const [event, entries] of Object.entries(json.hooks)) {
    out.set(
      event,
      entries.flatMap((e) =>
        e.hooks.filter((h) => h.type === 'command').map((h) => ({ ...(e.matcher !== undefined ? { matcher: e.matcher } : {}), command: h.command, ...(h.args ? { args: h.args } : {}) })),
      ),
    );
  }
  return out;
}

/** Claude Code's matcher: empty or `*` matches everything, otherwise an anchored regular expression. */
export function matches(matcher: string | undefined, value: string): boolean {
  if (matcher === undefined || matcher === '' || matcher === '*') return true;
  return new RegExp(`^(?:${matcher})$`).test(value);
}

/** What a live host sends that the importer does not: PreToolUse before each result, SessionStart as a start. */
function* livePayloads(events: Iterable<TranscriptEvent>): Generator<TranscriptEvent> {
  for (const te of events) {
    const p = te.payload;
    const hook = p.hook_event_name as string;
    if (hook === 'SessionStart') {
      yield { ...te, payload: { ...p, source: 'startup' } };
      continue;
    }
    if (hook === 'PostToolUse' || hook === 'PostToolUseFailure') {
      const { tool_response: _r, error: _e, is_interrupt: _i, ...pre } = p;
      yield { ...te, key: te.key.replace(/:post$/, ':pre'), payload: { ...pre, hook_event_name: 'PreToolUse' } };
    }
    yield te;
  }
}

/** The title the capture pipeline gives an event's observation (hooks run the same pure code). */
function expectedTitle(payload: Readonly<Record<string, unknown>>): string | undefined {
  try {
    const ev = parseClaudeCode(undefined, payload);
    const captured = captureEvent(ev, { place: resolvePlace(ev.cwd), now: 0, uid: 'eval', limits: { maxInputChars: 2000, maxOutputChars: 4000 } });
    return captured?.observation?.title;
  } catch {
    return undefined;
  }
}

/** Run one hook command with a payload on stdin; undefined when it exited 0 printing one JSON object or nothing, else why not. */
export function runHook(hook: HookCommand, payload: string, env: NodeJS.ProcessEnv, root: string): Promise<string | undefined> {
  return new Promise((resolve) => {
    const options = { env: { ...env, CLAUDE_PLUGIN_ROOT: root }, stdio: ['pipe', 'pipe', 'pipe'] as ['pipe', 'pipe', 'pipe'] };
    // Exec form: the host expands ${CLAUDE_PLUGIN_ROOT} in each argument and starts the command without a shell.
    const child = hook.args
      ? spawn(hook.command, hook.args.map((a) => a.replaceAll('${CLAUDE_PLUGIN_ROOT}', root)), options)
      : spawn('/bin/sh', ['-c', hook.command], options);
    let out = '';
    let err = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (out += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (err += d));
    child.on('error', (e) => resolve(`spawn failed: ${e.message}`));
    child.on('close', (code) => {
      const text = out.trim();
      let oneObject = text === '';
      try {
        oneObject ||= typeof JSON.parse(text) === 'object';
      } catch {
        oneObject = false;
      }
      resolve(code === 0 && oneObject ? undefined : `exit ${code}, stdout ${JSON.stringify(text.slice(0, 200))}, stderr ${JSON.stringify(err.slice(0, 200))}`);
    });
    child.stdin.on('error', () => undefined);
    child.stdin.end(payload);
  });
}

/**
 * The events a replay would send, without sending them: for stores built by `mnemo import claude-code`
 * (the same capture pipeline in one process, fast), so labels resolve the same way.
 */
export function listEvents(roots: readonly string[]): ReplayedEvent[] {
  const out: ReplayedEvent[] = [];
  for (const group of roots.flatMap((r) => findTranscripts(r))) {
    const stats = { entries: 0, malformed: 0, orphanResults: 0 };
    const counts = { lines: 0, skipped: 0, bytes: 0 };
    for (const te of groupTranscriptEvents(group, stats, counts)) out.push(describe(te));
  }
  return out;
}

function describe(te: TranscriptEvent): ReplayedEvent {
  const p = te.payload;
  const hook = p.hook_event_name as string;
  const tool = hook === 'PreToolUse' || hook === 'PostToolUse' || hook === 'PostToolUseFailure';
  const title = tool ? undefined : expectedTitle(p);
  return { sessionId: String(p.session_id), hook, key: te.key, ...(tool ? { toolUseId: String(p.tool_use_id) } : {}), ...(title !== undefined ? { title } : {}) };
}

/**
 * Replay every transcript under `roots` into the data directory `dataDir` through the plugin's hooks.
 * `env` is the environment the hooks get (MNEMO_DATA_DIR is set from `dataDir`).
 */
export async function replayThroughHooks(
  roots: readonly string[],
  dataDir: string,
  opts: { concurrency?: number; env?: NodeJS.ProcessEnv; pluginRoot?: string; log?: (line: string) => void } = {},
): Promise<ReplayReport> {
  const started = performance.now();
  const root = opts.pluginRoot ?? PLUGIN_ROOT;
  const hooks = pluginHooks(root);
  const env = { ...(opts.env ?? process.env), MNEMO_DATA_DIR: dataDir };
  const groups: TranscriptGroup[] = roots.flatMap((r) => findTranscripts(r));
  const logs: ReplayedEvent[][] = groups.map(() => []);
  const failures: string[] = [];
  let ran = 0;
  let next = 0;
  const worker = async () => {
    for (let g = next++; g < groups.length; g = next++) {
      const stats = { entries: 0, malformed: 0, orphanResults: 0 };
      const counts = { lines: 0, skipped: 0, bytes: 0 };
      for (const te of livePayloads(groupTranscriptEvents(groups[g]!, stats, counts))) {
        const p = te.payload;
        const hook = p.hook_event_name as string;
        const target = hook === 'SessionStart' ? String(p.source ?? '') : String(p.tool_name ?? '');
        const commands = (hooks.get(hook) ?? []).filter((c) => matches(c.matcher, target));
        if (commands.length === 0) continue;
        logs[g]!.push(describe(te));
        const json = JSON.stringify(p);
        for (const c of commands) {
          const failure = await runHook(c, json, env, root);
          ran++;
          if (failure) failures.push(`${hook} ${te.key}: ${failure}`);
        }
      }
      opts.log?.(`replay: ${g + 1}/${groups.length} sessions, ${ran} hook runs`);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, opts.concurrency ?? 2) }, worker));
  return { events: logs.flat(), hooks: ran, hookFailures: failures, ms: performance.now() - started };
}
