/**
 * @module core/extract/failure
 * Did a tool call fail? Judged from structure (the failure hook, exit codes, `is_error`,
 * `interrupted`), never from words: a passing "42 passed, 0 failed" is not an error, and a
 * `grep error` that found matches succeeded.
 */
import { asRecord, num, str, type Json } from './fields.ts';
import type { FailureInfo, ToolCall } from './types.ts';

/** `Exit code 1` (Claude), `Exit code: 1` (Codex), `Exit Code: 1` (Gemini), at a line start. */
const EXIT_LINE_RE = /^(?:Error: )?Exit [Cc]ode:? (-?\d+)/m;
/** Gemini's shell result is a labelled text block; its `Exit Code:` line is structure, not prose. */
const GEMINI_SHELL_RE = /^(?:Command|Directory|Stdout|Output):/m;
const TOOL_USE_ERROR_RE = /^\s*(?:<tool_use_error>|Error: )/;
/** Lines that state the complaint itself: `TypeError: …`, `error: …`, `error TS2345`, `fatal: …`. */
const STRONG_ERROR_RE = /^\s*(?:[\w$.]*(?:Error|Exception)\b:|(?:error|fatal|panic)(?:\[\w+\])?:|\S+\(\d+,\d+\): (?:error|fatal)|\S+:\d+(?::\d+)?:? (?:error|fatal)\b|.*\berror TS\d+|.*\berror\[E\d{4}\]|thread '.*' panicked|\*\* \(\w)/i;
/** Lines that point at a problem without stating it: `FAIL path`, `npm ERR!`, `not found`. */
const WEAK_ERROR_RE = /^\s*(?:error\b|fatal\b|panic\b|FAIL\b|ERR!|E\d{4}\b|\w*(?:Error|Exception|Failure)\b|Caused by:|.*\b(?:npm|yarn|pnpm) ERR!|.*: (?:command not found|No such file or directory|Permission denied)|.*\bnot found\b)/i;
const TRACEBACK_RE = /^Traceback \(most recent call last\):/m;
const EXIT_ONLY_RE = /^(?:Error: )?Exit [Cc]ode:? -?\d+\s*$/;
const TOOL_ERR_TAG_RE = /<\/?tool_use_error>/g;

function exitCodeOf(r: Json): number | undefined {
  const direct = num(r, 'exit_code', 'exitCode', 'returncode', 'returnCode', 'return_code', 'exit_status', 'exitStatus');
  if (direct !== undefined) return direct;
  const meta = asRecord(r['metadata']);
  return num(meta, 'exit_code', 'exitCode');
}

/**
 * The line of an error text worth keeping: the last line of a Python traceback, else the first
 * line that looks like an error, else the first non-empty line that is not just `Exit code N`.
 */
export function errorGist(text: string): string {
  const t = text.length > 20_000 ? text.slice(0, 10_000) + '\n' + text.slice(-10_000) : text;
  const lines = t.replace(TOOL_ERR_TAG_RE, '').split('\n');
  if (TRACEBACK_RE.test(t)) {
    for (let i = lines.length - 1; i >= 0; i--) {
      const l = lines[i]!.trim();
      if (l && !l.startsWith('File ') && !l.startsWith('^')) return l;
    }
  }
  let first = '';
  let weak = '';
  for (const raw of lines) {
    const l = raw.trim();
    if (!l || EXIT_ONLY_RE.test(l)) continue;
    if (!first) first = l;
    if (l.length > 2000) continue;
    if (STRONG_ERROR_RE.test(raw)) return l;
    if (!weak && WEAK_ERROR_RE.test(raw)) weak = l;
  }
  return weak || first;
}

function failure(text: string, extra: Partial<FailureInfo> = {}): FailureInfo {
  const { reason, ...rest } = extra;
  return { ...rest, text, reason: errorGist(text) || reason || 'failed' };
}

/**
 * Structural failure detection, most reliable signal first. Returns `null` for a success.
 * A non-zero exit code counts; stderr alone does not (compilers and test runners print progress
 * there), but stderr is used as the reason when the exit code says the call failed.
 */
export function detectFailure(call: ToolCall): FailureInfo | null {
  if (call === null || typeof call !== 'object') return null;
  const error = typeof call.error === 'string' ? call.error : '';
  if (call.isInterrupt === true) return failure(error, { interrupted: true, reason: 'interrupted by the user' });
  if (call.failed === true || error.trim()) {
    const m = EXIT_LINE_RE.exec(error);
    return failure(error, m ? { exitCode: Number(m[1]) } : {});
  }
  const response = call.response;
  if (typeof response === 'string') {
    const m = EXIT_LINE_RE.exec(response.slice(0, 4096));
    if (m && Number(m[1]) !== 0 && (m.index === 0 || GEMINI_SHELL_RE.test(response))) {
      return failure(response, { exitCode: Number(m[1]) });
    }
    if (TOOL_USE_ERROR_RE.test(response)) return failure(response);
    return null;
  }
  const r = asRecord(response);
  if (!r) return null;
  if (r['is_error'] === true || r['isError'] === true) {
    return failure(str(r, 'error', 'stderr') ?? textOfContent(r) ?? 'error');
  }
  if (r['interrupted'] === true) return failure(str(r, 'stderr', 'stdout') ?? '', { interrupted: true, reason: 'interrupted' });
  const code = exitCodeOf(r);
  if (code !== undefined && code !== 0) {
    const text = [str(r, 'stderr'), str(r, 'stdout', 'output')].filter(Boolean).join('\n');
    return failure(text, { exitCode: code, reason: `exit ${code}` });
  }
  if (r['success'] === false) return failure(str(r, 'error', 'message', 'stderr') ?? 'unsuccessful');
  const err = r['error'];
  if (typeof err === 'string' && err.trim() && err !== '(none)') return failure(err);
  const errObj = asRecord(err);
  if (errObj) return failure(str(errObj, 'message', 'type') ?? 'error');
  return null;
}

function textOfContent(r: Json): string | undefined {
  const c = r['content'];
  if (typeof c === 'string') return c;
  if (!Array.isArray(c)) return undefined;
  for (const item of c) {
    const t = str(asRecord(item), 'text');
    if (t) return t;
  }
  return undefined;
}
