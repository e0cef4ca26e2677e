/**
 * @module core/titles
 * Turns one tool call into a one-line title that says what happened (not just which tool ran),
 * plus its observation type and the files it touched. Pure: works from the payload alone.
 */
import { collapseSpaces } from './spaces.ts';
import type { Kind, ObsType } from './types.ts';

export interface ToolCallFacts {
  readonly toolName: string;
  readonly input: unknown;
  readonly response?: unknown;
  /** Set when the call failed (PostToolUseFailure `error`, or a failed response). */
  readonly error?: string;
  readonly isInterrupt?: boolean;
  /** Paths are shown relative to this folder when inside it. */
  readonly baseDir?: string;
}

export interface ToolCallDescription {
  readonly title: string;
  readonly type: ObsType;
  readonly kind: Kind;
  readonly files: string[];
}

const TITLE_MAX = 160;

type Rec = Record<string, unknown>;
const rec = (v: unknown): Rec => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Rec) : {});
const str = (v: unknown): string | undefined => (typeof v === 'string' && v.length > 0 ? v : undefined);
const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);

/** Collapse whitespace and cut at a word boundary so the title stays one readable line. */
export function oneLine(text: string, max = TITLE_MAX): string {
  const flat = flatHead(text, max) ?? collapseSpaces(text).trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return (space > max * 0.6 ? cut.slice(0, space) : cut) + '…';
}

/**
 * The flattened start of a long text, when it alone decides `oneLine`: longer than `max`, so the
 * text is cut, and the first `max` characters are exact (a whitespace run across the end of the
 * head can only change its last character). A 100 KB output is not flattened whole for a title.
 */
function flatHead(text: string, max: number): string | undefined {
  const bound = 2 * max + 64;
  if (text.length <= bound) return undefined;
  const head = collapseSpaces(text.slice(0, bound)).trimStart();
  return head.length > max + 1 ? head : undefined;
}

/** Show a path relative to the project when it lies inside it (titles stay short and portable). */
export function displayPath(path: string, baseDir?: string): string {
  if (!baseDir) return path;
  const base = baseDir.endsWith('/') || baseDir.endsWith('\\') ? baseDir : baseDir + (baseDir.includes('\\') && !baseDir.includes('/') ? '\\' : '/');
  return path.startsWith(base) ? path.slice(base.length) : path;
}

const PROBLEM_LINE_RE = /\b(?:error|errors|fatal|failed|failure|cannot|can't|could not|couldn't|not found|no such file|denied|invalid|unexpected|refused|timed out)\b/i;
const ERROR_LINE_RE = /\b(?:[A-Z][A-Za-z]*(?:Error|Exception)|Error|ERR!|fatal|panic|Traceback)\b|\bE[A-Z]{3,}\b/;

/**
 * The line of an error output that says most: the first line naming an error (`Error: read
 * ECONNRESET`), else the first line that is not a bare header such as `Exit code 1`.
 */
export function firstMeaningfulLine(text: string): string {
  const lines = text.split('\n', 200);
  // An error line first; then one that says it in lower case ("psql: error: …", "syntax error near …",
  // "No such file or directory"), before a login banner or progress line that happens to come first; then any.
  for (const wanted of [ERROR_LINE_RE, PROBLEM_LINE_RE, /\S/]) {
    for (const raw of lines) {
      const line = raw.trim();
      if (wanted.test(line) && !/^(error|exit code \d+)[:.]?$/i.test(line)) return line;
    }
  }
  return text.trim();
}

const FILE_KEYS = ['file_path', 'filePath', 'path', 'notebook_path', 'absolute_path', 'filename'];

/** Every file path a tool input names, in the spellings the assistants use. */
export function filesOf(input: unknown): string[] {
  const r = rec(input);
  const out = new Set<string>();
  for (const k of FILE_KEYS) {
    const v = str(r[k]);
    if (v) out.add(v);
  }
  for (const k of ['paths', 'file_paths', 'files']) {
    const v = r[k];
    if (Array.isArray(v)) for (const p of v) if (typeof p === 'string') out.add(p);
  }
  return [...out];
}

/** Lines as an editor counts them: a final newline ends the last line, it does not start another. */
function countLines(s: string | undefined): number {
  if (!s) return 0;
  let n = 0;
  for (let i = s.indexOf('\n'); i >= 0; i = s.indexOf('\n', i + 1)) n++;
  return s.charCodeAt(s.length - 1) === 10 ? n : n + 1;
}

/** Lines added and removed, from Claude Code's structuredPatch when present. */
function patchStats(response: Rec): { added: number; removed: number } | undefined {
  const patch = response.structuredPatch;
  if (!Array.isArray(patch) || patch.length === 0) return undefined;
  let added = 0;
  let removed = 0;
  for (const hunk of patch) {
    const lines = rec(hunk).lines;
    if (!Array.isArray(lines)) continue;
    for (const l of lines) {
      if (typeof l !== 'string') continue;
      if (l.startsWith('+')) added++;
      else if (l.startsWith('-')) removed++;
    }
  }
  return { added, removed };
}

function bashOutcome(response: unknown): string {
  const r = rec(response);
  if (r.interrupted === true) return 'interrupted';
  const code = num(r.exitCode) ?? num(r.exit_code) ?? num(r.returnCode);
  if (code !== undefined && code !== 0) return `exit ${code}`;
  const stdout = str(r.stdout) ?? (typeof response === 'string' ? response : '');
  let trimmed = stdout.trim();
  let last = trimmed.slice(trimmed.lastIndexOf('\n') + 1).trim();
  // A host's own status trailer (Copilot's `<exited with exit code 0>`) says less than the line before it.
  if (EXIT_TRAILER_RE.test(last) && trimmed.length > last.length) {
    trimmed = trimmed.slice(0, trimmed.length - last.length).trimEnd();
    last = trimmed.slice(trimmed.lastIndexOf('\n') + 1).trim() || last;
  }
  return last ? `→ ${last}` : '';
}
const EXIT_TRAILER_RE = /^[<([]?(?:exited with )?exit (?:code|status):? ?-?\d+[>)\]]?$/i;

// Reading titles back: search ranks candidates from their titles alone (a row read costs more), so the
// shapes written here are read here too.

/** The command a shell call's title shows (`Ran \`x\` …`, `Failed: Ran \`x\` — …`), as cut for the title. */
export function titleCommand(title: string): string | undefined {
  return SHELL_TITLE_RE.exec(title)?.[1];
}
const SHELL_TITLE_RE = /^(?:Failed: )?Ran `([^`]+)`/;

/** What a title shows of a call's output: from its arrow on (`→ <last line>`), or '' when it shows none. */
export function titleOutput(title: string): string {
  const arrow = title.indexOf(' → ');
  return arrow < 0 ? '' : title.slice(arrow + 1);
}

/** A file read's title (`Read src/a.ts (12 lines)`). */
export function isFileReadTitle(type: string, title: string): boolean {
  return type === 'discovery' && title.startsWith('Read ');
}

/** Describe a tool call: title, type, kind and files. */
export function describeToolCall(call: ToolCallFacts): ToolCallDescription {
  const input = rec(call.input);
  const response = rec(call.response);
  const files = filesOf(call.input);
  const file = files[0] ? displayPath(files[0], call.baseDir) : undefined;
  const name = call.toolName;

  if (call.error !== undefined || call.isInterrupt) {
    const what = describeToolCall({ ...call, error: undefined, isInterrupt: false, response: undefined });
    const why = call.isInterrupt ? 'interrupted' : oneLine(firstMeaningfulLine(call.error ?? ''), 90);
    return { title: oneLine(`Failed: ${what.title}${why ? ` — ${why}` : ''}`), type: 'error', kind: 'error', files };
  }

  switch (name) {
    case 'Bash':
    case 'BashOutput': {
      const command = str(input.command) ?? str(input.description) ?? 'command';
      const outcome = call.response === undefined ? '' : bashOutcome(call.response);
      const failed = outcome.startsWith('exit') || outcome === 'interrupted';
      return {
        title: oneLine(`Ran \`${oneLine(command, 90)}\`${outcome ? ` ${outcome}` : ''}`),
        type: failed ? 'error' : 'command',
        kind: failed ? 'error' : 'tool',
        files,
      };
    }
    case 'Write': {
      const created = response.type === 'create';
      const lines = countLines(str(input.content));
      return { title: oneLine(`${created ? 'Created' : 'Wrote'} ${file ?? 'a file'} (${lines} lines)`), type: 'change', kind: 'tool', files };
    }
    case 'Edit':
    case 'MultiEdit':
    case 'NotebookEdit': {
      const stats = patchStats(response);
      const edits = Array.isArray(input.edits) ? ` (${input.edits.length} edits)` : '';
      const delta = stats ? ` (+${stats.added} −${stats.removed})` : edits;
      return { title: oneLine(`Edited ${file ?? 'a file'}${delta}`), type: 'change', kind: 'tool', files };
    }
    case 'Read': {
      const f = rec(response.file);
      const total = num(f.totalLines) ?? num(f.numLines);
      return { title: oneLine(`Read ${file ?? 'a file'}${total ? ` (${total} lines)` : ''}`), type: 'discovery', kind: 'tool', files };
    }
    case 'Grep': {
      const pattern = str(input.pattern) ?? '';
      const where = str(input.path) ? ` in ${displayPath(str(input.path) as string, call.baseDir)}` : '';
      const hits = num(response.numFiles);
      return {
        title: oneLine(`Searched for "${oneLine(pattern, 60)}"${where}${hits !== undefined ? ` (${hits} files)` : ''}`),
        type: 'discovery',
        kind: 'tool',
        files,
      };
    }
    case 'Glob': {
      const hits = num(response.numFiles);
      return { title: oneLine(`Listed ${str(input.pattern) ?? 'files'}${hits !== undefined ? ` (${hits} files)` : ''}`), type: 'discovery', kind: 'tool', files };
    }
    case 'WebFetch':
      return { title: oneLine(`Fetched ${str(input.url) ?? 'a page'}${num(response.code) ? ` (${response.code})` : ''}`), type: 'discovery', kind: 'tool', files };
    case 'WebSearch':
      return { title: oneLine(`Web search: ${str(input.query) ?? ''}`), type: 'discovery', kind: 'tool', files };
    case 'Task':
    case 'Agent':
      return { title: oneLine(`Subagent: ${str(input.description) ?? str(input.prompt) ?? 'task'}`), type: 'subagent', kind: 'tool', files };
    case 'TodoWrite': {
      const todos = Array.isArray(input.todos) ? input.todos.map(rec) : [];
      const done = todos.filter((t) => t.status === 'completed').length;
      const active = todos.find((t) => t.status === 'in_progress');
      const now = active ? `; now: ${str(active.activeForm) ?? str(active.content) ?? ''}` : '';
      return { title: oneLine(`Todo list: ${done}/${todos.length} done${now}`), type: 'note', kind: 'note', files };
    }
    case 'AskUserQuestion':
      return { title: oneLine(`Asked the user: ${firstQuestion(input)}`), type: 'decision', kind: 'decision', files };
    default: {
      const arg = firstArgument(input);
      return { title: oneLine(`${name}${arg ? ` ${arg}` : ''}`), type: name.startsWith('mcp__') ? 'discovery' : 'command', kind: 'tool', files };
    }
  }
}

function firstQuestion(input: Rec): string {
  const qs = input.questions;
  if (Array.isArray(qs) && qs.length > 0) return str(rec(qs[0]).question) ?? '';
  return str(input.question) ?? '';
}

function firstArgument(input: Rec): string {
  for (const v of Object.values(input)) {
    if (typeof v === 'string' && v.trim()) return oneLine(v, 80);
  }
  return '';
}
