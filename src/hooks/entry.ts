/**
 * @module hooks/entry
 * The hook process: `node hook.js <Event> [--platform claude-code]`, payload on stdin.
 * It runs inside someone else's editor, so it always exits 0, prints exactly one JSON object
 * (nothing for Stop), never writes anything else to stdout, and gives up after a hard deadline.
 * Every event is first made durable in the spool; only SessionStart and SessionEnd open SQLite.
 */
import { randomUUID } from 'node:crypto';
import { resolveConfig, type ResolvedConfig } from '../config/config.ts';
import { captureEvent } from '../core/capture.ts';
import { isHookEventName, type HookEvent, type HookEventName } from '../core/types.ts';
import { logTo } from '../log.ts';
import { formatClaudeCode, parseClaudeCode, type HookResult } from '../platforms/claude-code.ts';
import { spoolWrite } from '../store/spool.ts';
import { resolvePlace } from './place.ts';
import { readStdin } from './stdin.ts';
import { readLastAssistantMessage } from './transcript-tail.ts';

/** Payloads beyond this are not parsed (Claude Code itself caps tool output far below it). */
const MAX_PAYLOAD_BYTES = 64 * 1024 * 1024;

let answered = false;

function answer(event: HookEventName | undefined, result: HookResult): void {
  if (answered) return;
  answered = true;
  const out = formatClaudeCode(event, result);
  if (out) process.stdout.write(out + '\n');
}

/** Payloads above this are stored truncated, and the log says so. */
const LARGE_PAYLOAD_BYTES = 1024 * 1024;

/** Where JSON.parse stopped, without V8's message (it quotes the input, which may hold a secret). */
function parseFailure(err: unknown, bytes: number): string {
  const at = /position (\d+)/.exec(err instanceof Error ? err.message : '')?.[1];
  return `malformed JSON payload (${bytes} bytes${at ? `, error at position ${at}` : ', unexpected end or token'})`;
}

async function handle(cfg: ResolvedConfig, eventArg: string | undefined): Promise<HookResult> {
  const label = isHookEventName(eventArg) ? eventArg : 'hook';
  const warn = (message: string) => logTo(cfg.logFile, 'warn', `${label}: ${message}`);
  const input = await readStdin(MAX_PAYLOAD_BYTES);
  if (input.overflow) throw new Error(`payload of ${input.bytes} bytes exceeds ${MAX_PAYLOAD_BYTES}; skipped`);
  if (!input.text.trim()) throw new Error('empty payload');
  if (input.invalidUtf8) warn(`payload is not valid UTF-8 (${input.bytes} bytes); invalid bytes were replaced with U+FFFD`);
  if (input.bytes > LARGE_PAYLOAD_BYTES) warn(`large payload (${input.bytes} bytes); fields are stored truncated`);
  let payload: unknown;
  try {
    payload = JSON.parse(input.text);
  } catch (err) {
    throw new Error(parseFailure(err, input.bytes));
  }
  let ev: HookEvent = parseClaudeCode(eventArg, payload, warn);
  if ((ev.event === 'Stop' || ev.event === 'SubagentStop') && !ev.lastAssistantMessage && ev.transcriptPath) {
    // Older Claude Code builds do not send the final answer; the transcript's tail has it.
    const last = readLastAssistantMessage(ev.transcriptPath);
    if (last) ev = { ...ev, lastAssistantMessage: last };
  }
  const place = resolvePlace(ev.cwd);
  const captured = captureEvent(ev, {
    place,
    now: Date.now(),
    uid: randomUUID(),
    limits: { maxInputChars: cfg.maxInputChars, maxOutputChars: cfg.maxOutputChars },
    warn,
  });
  let spooled = false;
  if (captured) {
    try {
      spoolWrite(cfg.spoolDir, captured);
      spooled = true;
    } catch (err) {
      logTo(cfg.logFile, 'error', `could not spool ${ev.event}`, err);
    }
  }
  if (ev.event === 'SessionStart' || ev.event === 'SessionEnd' || ev.event === 'PreCompact') {
    const { onSessionStart, onSessionEnd, onPreCompact } = await import('./with-store.ts');
    try {
      if (ev.event === 'SessionStart') return { context: await onSessionStart(cfg, ev, place) };
      if (ev.event === 'PreCompact') await onPreCompact(cfg, ev);
      else await onSessionEnd(cfg, ev);
    } catch (err) {
      // A busy or broken store costs this session its index, never the event: it waits in the spool.
      logTo(cfg.logFile, 'warn', `${ev.event}: store unavailable${spooled ? ' (event kept in spool)' : ''}`, err);
    }
  }
  return {};
}

/** Run one hook: read stdin, store, answer. Never throws. */
export async function runHook(argv: readonly string[]): Promise<void> {
  const eventArg = argv.find((a) => !a.startsWith('-'));
  const event = isHookEventName(eventArg) ? eventArg : undefined;
  let cfg: ResolvedConfig;
  try {
    cfg = resolveConfig();
  } catch {
    answer(event, {});
    return;
  }
  const deadline = setTimeout(() => {
    logTo(cfg.logFile, 'warn', `${eventArg ?? 'hook'}: gave up after ${cfg.hookTimeoutMs} ms`);
    answer(event, {});
    process.exit(0);
  }, cfg.hookTimeoutMs);
  deadline.unref();
  try {
    answer(event, await handle(cfg, eventArg));
  } catch (err) {
    logTo(cfg.logFile, 'error', `${eventArg ?? 'hook'}: ${err instanceof Error ? err.message : String(err)}`);
    answer(event, {});
  } finally {
    clearTimeout(deadline);
  }
}
