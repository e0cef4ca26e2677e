/**
 * @module core/extract/failure
 * Did a tool call fail? Judged from structure first (the failure hook, exit codes, `is_error` /
 * `isError` / `success: false` / `error` / `status: "error"` wherever the result carries them,
 * `interrupted`); for a shell command whose output is a plain string, from what the text states
 * with certainty (failure-text.ts: a stated exit status, a test runner's failure summary, a stack
 * trace), never from words: a passing "42 passed, 0 failed" is not an error, and a `grep error`
 * that found matches succeeded.
 */
import { asRecord, num, str, type Json } from './fields.ts';
import { failedTest, rankedErrorLine, textVerdict } from './failure-reading.ts';
import { exitMeaning } from './exit-status.ts';
import { programName, programWords, splitCommands } from './shell/split.ts';
import { normalizeToolInput, normalizeToolName } from './tool-names.ts';
import type { FailureInfo, ToolCall } from './types.ts';

/** `Exit code 1` (Claude), `Exit code: 1` (Codex), `Exit Code: 1` (Gemini), at a line start. */
const EXIT_LINE_RE = /^(?:Error: )?Exit [Cc]ode:? (-?\d+)/m;
/** Gemini's shell result is a labelled text block; its `Exit Code:` line is structure, not prose. */
const GEMINI_SHELL_RE = /^(?:Command|Directory|Stdout|Output):/m;
const TOOL_USE_ERROR_RE = /^\s*(?:<tool_use_error>|Error: )/;
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
  return reasonLine(text, undefined) ?? firstLine(text);
}

/**
 * The reason a person would give: the failed test the runner names (with the error line when that
 * line is not already part of it), else the error line, else what the exit status means by itself.
 */
function reasonLine(text: string, exitCode: number | undefined): string | undefined {
  const t = text.replace(TOOL_ERR_TAG_RE, '');
  const err = rankedErrorLine(t);
  const test = failedTest(t);
  // Only a line that states the error joins the test's name (not `=== 1 failed in 0.5s ===`).
  if (test) return err && err.rank <= 1 && !test.includes(err.line) ? `${test} \u2014 ${err.line}` : test;
  return err?.line ?? exitMeaning(exitCode);
}

/** What a tool prints on its way, before it says why it stopped: `go: downloading …`, `Resolving dependencies...`, `Warning: …`. */
const PROGRESS_RE = /(?:\.\.\.|\u2026)$|^(?:[Ww]arning|WARN|INFO|[Nn]ote)\b|^go: (?:downloading|finding|extracting) /;

/** The first line with something in it that is not just `Exit code N`, and not a progress line when another follows. */
function firstLine(text: string): string {
  let first = '';
  for (const raw of text.slice(0, 20_000).replace(TOOL_ERR_TAG_RE, '').split('\n')) {
    const l = raw.trim();
    if (!l || EXIT_ONLY_RE.test(l)) continue;
    if (!PROGRESS_RE.test(l)) return l;
    first ||= l;
  }
  return first;
}

/**
 * A failure found, before its reason is worked out (`reason` here is only the fallback). `line`: the
 * output line a plain-text verdict rests on (a runner's `FAILED …`), the reason when no line states
 * the error itself.
 */
export type FailureVerdict = Omit<FailureInfo, 'reason'> & { readonly reason?: string; readonly line?: string };

function failure(text: string, extra: Partial<FailureInfo> & { readonly line?: string } = {}): FailureVerdict {
  return { ...extra, text };
}

/** Tools whose plain-text output is a command's (canonical names: any host's shell tool normalizes to these). */
const SHELL_TOOLS: ReadonlySet<string> = new Set(['Bash', 'BashOutput']);
/** Programs whose output is content (a file, a log, search hits), so a trace in it is not theirs. */
const READERS: ReadonlySet<string> = new Set(['cat', 'bat', 'less', 'more', 'head', 'tail', 'grep', 'egrep', 'fgrep', 'rg', 'ag', 'ack', 'sed', 'awk', 'jq', 'yq', 'cut', 'sort', 'uniq', 'wc', 'tr', 'tee', 'echo', 'printf', 'ls', 'find', 'fd', 'tree', 'stat', 'file', 'diff', 'strings', 'xxd', 'od', 'hexdump', 'journalctl', 'nl', 'column', 'zcat', 'zgrep', 'true', 'cd']);
/** `<program> <sub>` pairs that only show content. */
const READER_SUBCOMMANDS: ReadonlySet<string> = new Set(['git log', 'git show', 'git diff', 'git blame', 'git grep', 'git status', 'docker logs', 'kubectl logs', 'kubectl describe', 'gh run view', 'gh pr view', 'gh issue view', 'heroku logs']);

/** True when every command of the line only shows content (`cat log`, `grep -r x | head`). */
export function showsContentOnly(command: string): boolean {
  const segs = splitCommands(command);
  if (segs.length === 0) return false;
  return segs.every((seg) => {
    const w = programWords(seg);
    const p = programName(w[0]);
    return READERS.has(p) || READER_SUBCOMMANDS.has(`${p} ${w[1] ?? ''}`);
  });
}

/** The host's own verdict on a result object: its error text (or `true`), or undefined for none. */
export function flaggedFailure(value: unknown): string | true | undefined {
  const r = asRecord(value);
  if (!r) return undefined;
  const message = () => str(r, 'error', 'message', 'stderr') ?? textOfContent(r) ?? true;
  if (r['is_error'] === true || r['isError'] === true) return message();
  if (r['success'] === false || r['ok'] === false) return message();
  const status = r['status'];
  if (typeof status === 'string' && FAILED_STATUS_RE.test(status)) return message();
  const err = r['error'];
  if (typeof err === 'string' && err.trim() && err !== '(none)') return err;
  const errObj = asRecord(err);
  if (errObj) return str(errObj, 'message', 'type') ?? true;
  return undefined;
}
const FAILED_STATUS_RE = /^(?:error|errored|failed|failure|fail)$/i;

/**
 * Structural failure detection, most reliable signal first. Returns `null` for a success.
 * A non-zero exit code counts; stderr alone does not (compilers and test runners print progress
 * there), but stderr is used as the reason when the exit code says the call failed.
 */
export function detectFailure(call: ToolCall): FailureInfo | null {
  const v = failureVerdict(call);
  if (!v) return null;
  const { line, ...info } = v;
  // The line that states the error, else the one the verdict rests on, else the first.
  return { ...info, reason: reasonLine(v.text, v.exitCode) ?? line ?? (firstLine(v.text) || v.reason || 'failed') };
}

/**
 * `detectFailure` without the work of finding the most informative line: whether the call failed,
 * its exit code, and the line that said so where one did (`reason`, possibly absent). What a hook
 * needs to title the record; the full reason is worked out at ingest.
 */
export function failureVerdict(call: ToolCall): FailureVerdict | null {
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
    if (m && (m.index === 0 || GEMINI_SHELL_RE.test(response))) {
      // A host's own status block (Codex, Gemini): its exit code decides, whatever the command.
      return Number(m[1]) !== 0 ? failure(response, { exitCode: Number(m[1]) }) : null;
    }
    if (TOOL_USE_ERROR_RE.test(response)) return failure(response);
    const tool = normalizeToolName(call.toolName);
    if (!SHELL_TOOLS.has(tool)) return null;
    const command = str(normalizeToolInput(tool, call.input), 'command');
    if (command && showsContentOnly(command)) return null;
    const v = textVerdict(response);
    return v?.failed ? failure(response, { reason: v.line, line: v.line, ...(v.exitCode !== undefined ? { exitCode: v.exitCode } : {}) }) : null;
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
  const flagged = flaggedFailure(r) ?? flaggedFailure(r['result']) ?? flaggedFailure(r['output']);
  if (flagged !== undefined) return failure(flagged === true ? '' : flagged);
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
