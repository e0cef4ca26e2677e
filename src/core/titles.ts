/**
 * @module core/titles
 * Turns one tool call into a one-line title that says what happened (not just which tool ran),
 * plus its observation type and the files it touched. Pure: works from the payload alone.
 */
import { collapseSpaces } from './spaces.ts';
import { patchOps, patchTextOf } from './extract/patch-ops.ts';
import { isProjectRoot, statedCount } from './extract/search-answer.ts';
import { kilobytes } from './sizes.ts';
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

/** `1 line`, `3 lines`. */
const count = (n: number, noun: string, nouns = `${noun}s`): string => `${n} ${n === 1 ? noun : nouns}`;

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

/**
 * Gemini CLI's shell result: `Command: …\nDirectory: …\nOutput: …\nError: …\nExit Code: …` and a
 * few trailer lines. The command's own output, and the exit code when it states one.
 */
const GEMINI_SHELL_RE = /^Command: [^\n]*\n(?:Directory: [^\n]*\n)?Output: ([\s\S]*?)\n(?:Error: ([\s\S]*?)\n)?Exit Code: ([^\n]*)/;
export function hostShellBlock(text: string): { output: string; error: string; exitCode?: number } | undefined {
  if (!text.startsWith('Command: ')) return undefined;
  const m = GEMINI_SHELL_RE.exec(text.length > 200_000 ? text.slice(0, 200_000) : text);
  if (!m) return undefined;
  const none = (s: string | undefined): string => (!s || s.trim() === '(empty)' || s.trim() === '(none)' ? '' : s);
  const code = /^-?\d+$/.test(m[3]!.trim()) ? Number(m[3]!.trim()) : undefined;
  return { output: none(m[1]), error: none(m[2]), ...(code !== undefined ? { exitCode: code } : {}) };
}

function bashOutcome(response: unknown): string {
  const r = rec(response);
  if (r.interrupted === true) return 'interrupted';
  let code = num(r.exitCode) ?? num(r.exit_code) ?? num(r.returnCode);
  if (code !== undefined && code !== 0) return `exit ${code}`;
  if (str(r.backgroundTaskId)) return `(in the background as ${r.backgroundTaskId})`;
  if (r.isImage === true) return '→ (image)';
  let stdout = str(r.stdout) ?? str(r.aggregated_output) ?? str(r.output) ?? (typeof response === 'string' ? response : '');
  const block = hostShellBlock(stdout);
  if (block) {
    code = block.exitCode;
    if (code !== undefined && code !== 0) return `exit ${code}`;
    stdout = block.output || block.error;
  }
  let trimmed = stdout.trim();
  let last = trimmed.slice(trimmed.lastIndexOf('\n') + 1).trim();
  // A host's own status trailer (Copilot's `<exited with exit code 0>`) says less than the line before it.
  if (EXIT_TRAILER_RE.test(last) && trimmed.length > last.length) {
    trimmed = trimmed.slice(0, trimmed.length - last.length).trimEnd();
    last = trimmed.slice(trimmed.lastIndexOf('\n') + 1).trim() || last;
  }
  // No output, but Claude Code says what the exit status meant (`grep` finding nothing: "No matches found").
  if (!last) last = str(r.returnCodeInterpretation)?.trim() ?? '';
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
  // The input names the file; a host that sent no usable input still says it in the answer (`filePath`).
  const named = filesOf(call.input);
  const answered = named.length ? undefined : str(response.filePath) ?? str(rec(response.file).filePath);
  // A search's or a listing's folder is where it looked, not a file it touched (a single searched file is).
  const files = answered ? [answered] : ['Grep', 'Glob', 'LS'].includes(call.toolName) ? named.filter((f) => FILE_NAME_RE.test(f)) : named;
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
      // BashOutput names a background shell by id; its answer says which command that is and how it stands.
      const command = str(input.command) ?? str(response.command) ?? str(input.description) ?? 'command';
      const status = name === 'BashOutput' ? str(response.status) : undefined;
      const outcome = call.response === undefined ? '' : bashOutcome(call.response);
      const failed = outcome.startsWith('exit') || outcome === 'interrupted' || status === 'failed';
      const verb = name === 'BashOutput' ? `Output of \`${oneLine(command, 90)}\`${status ? ` (${status})` : ''}` : `Ran \`${oneLine(command, 90)}\``;
      return {
        title: oneLine(`${verb}${outcome ? ` ${outcome}` : ''}`),
        type: failed ? 'error' : 'command',
        kind: failed ? 'error' : 'tool',
        files,
      };
    }
    case 'Write': {
      const created = response.type === 'create';
      // A content that is not text (a host sent an object, or none) has no lines to count.
      const lines = typeof input.content === 'string' ? ` (${count(countLines(input.content), 'line')})` : '';
      return { title: oneLine(`${created ? 'Created' : 'Wrote'} ${file ?? 'a file'}${lines}`), type: 'change', kind: 'tool', files };
    }
    case 'Edit':
    case 'MultiEdit':
    case 'NotebookEdit': {
      const stats = patchStats(response);
      const edits = Array.isArray(input.edits) ? ` (${input.edits.length} edits)` : '';
      const delta = stats ? ` (+${stats.added} −${stats.removed})` : edits;
      return { title: oneLine(`Edited ${file ?? 'a file'}${delta}`), type: 'change', kind: 'tool', files };
    }
    case 'Read':
      return { title: oneLine(`Read ${file ?? 'a file'}${readDetail(response, input)}`), type: 'discovery', kind: 'tool', files };
    case 'Grep': {
      const pattern = str(input.pattern) ?? str(input.query);
      const path = str(input.path);
      // The project itself is where every search looks by default: naming it says nothing.
      const where = path && !isProjectRoot(path, call.baseDir) ? ` in ${displayPath(path, call.baseDir)}` : '';
      const said = statedCount(call.response)?.n;
      const hits = grepHits(response) || (said !== undefined ? count(said, 'match', 'matches') : '');
      return {
        title: oneLine(`Searched${pattern ? ` for "${oneLine(pattern, 60)}"` : ''}${where}${hits ? ` (${hits})` : ''}`),
        type: 'discovery',
        kind: 'tool',
        files,
      };
    }
    case 'Glob': {
      const hits = num(response.numFiles) ?? statedCount(call.response)?.n;
      return { title: oneLine(`Listed ${str(input.pattern) ?? 'files'}${hits !== undefined ? ` (${count(hits, 'file')}${response.truncated === true ? '+' : ''})` : ''}`), type: 'discovery', kind: 'tool', files };
    }
    case 'WebFetch':
      return { title: oneLine(`Fetched ${str(input.url) ?? firstUrl(str(input.prompt)) ?? 'a page'}${num(response.code) ? ` (${response.code})` : ''}`), type: 'discovery', kind: 'tool', files };
    case 'WebSearch':
      return { title: oneLine(`Web search: ${str(input.query) ?? ''}`), type: 'discovery', kind: 'tool', files };
    case 'Task':
    case 'Agent':
      return {
        title: oneLine(`Subagent: ${str(input.description) ?? str(input.prompt) ?? 'task'}${response.status === 'async_launched' ? ' (launched in the background)' : ''}`),
        type: 'subagent',
        kind: 'tool',
        files,
      };
    case 'TodoWrite': {
      const list = todoList(input);
      if (!list) return { title: 'Updated the todo list', type: 'note', kind: 'note', files };
      const todos = list.map(rec);
      const done = todos.filter((t) => t.status === 'completed').length;
      const active = todos.find((t) => t.status === 'in_progress');
      const now = active ? `; now: ${str(active.activeForm) ?? todoText(active)}` : '';
      return { title: oneLine(`Todo list: ${done}/${todos.length} done${now}`), type: 'note', kind: 'note', files };
    }
    case 'apply_patch': {
      const ops = patchOps(patchTextOf(input));
      const touched = [...new Set(ops.map((o) => o.path))];
      const shown = touched.slice(0, 3).map((f) => displayPath(f, call.baseDir)).join(', ');
      const more = touched.length > 3 ? ` and ${touched.length - 3} more` : '';
      return {
        title: oneLine(touched.length ? `Patched ${shown}${more}` : 'Applied a patch'),
        type: 'change',
        kind: 'tool',
        files: [...new Set([...files, ...touched])],
      };
    }
    case 'AskUserQuestion': {
      const question = firstQuestion(input);
      const answer = question ? answerTo(response, question) : undefined;
      return { title: oneLine(`Asked the user: ${question}${answer ? ` → ${answer}` : ''}`), type: 'decision', kind: 'decision', files };
    }
    case 'ExitPlanMode': {
      const plan = str(input.plan) ?? str(response.plan);
      return { title: oneLine(plan ? `Plan: ${planGist(plan)}` : 'Left plan mode'), type: 'decision', kind: 'decision', files };
    }
    default: {
      const arg = firstArgument(input);
      return { title: oneLine(`${name}${arg ? ` ${arg}` : ''}`), type: name.startsWith('mcp__') ? 'discovery' : 'command', kind: 'tool', files };
    }
  }
}

/** A path whose last part has an extension: a file, where a bare name (`src`, `/home/u/proj`) is a folder. */
const FILE_NAME_RE = /[^\\/.]\.\w+$/;

/** A todo list in any host's spelling: Claude's `todos`, Codex's `plan`, the answer's `newTodos`. */
function todoList(r: Rec): unknown[] | undefined {
  return [r.todos, r.plan, r.newTodos].find(Array.isArray);
}
const todoText = (t: Rec): string => str(t.content) ?? str(t.description) ?? str(t.step) ?? '';

/**
 * Bookkeeping tools' input or answer as a person reads it: a todo list as `[status] item` lines, a
 * skill or command with its arguments, a message. Undefined for anything else (kept as JSON).
 */
export function plainValue(v: unknown): string | undefined {
  if (typeof v === 'string') return v;
  const r = rec(v);
  const list = todoList(r);
  if (list) return list.map((t) => `[${str(rec(t).status) ?? 'pending'}] ${todoText(rec(t))}`).join('\n');
  const said = [str(r.skill) ?? str(r.commandName) ?? str(r.command), str(r.args), str(r.message) ?? str(r.llmContent) ?? str(r.shell_id)].filter(Boolean).join(' ');
  return said ? `${said}${r.success === false ? ' (failed)' : ''}` : undefined;
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

/** What a Read returned, for its title: a line range of a longer file, a line count, or the kind of content. */
function readDetail(response: Rec, input: Rec): string {
  const f = rec(response.file);
  switch (response.type) {
    case 'image':
    case 'pdf': {
      const size = num(f.originalSize);
      return ` (${response.type === 'pdf' ? 'PDF' : 'image'}${size !== undefined ? `, ${kilobytes(size)}` : ''})`;
    }
    case 'notebook':
      return Array.isArray(f.cells) ? ` (${count(f.cells.length, 'cell')})` : ' (notebook)';
    case 'file_unchanged':
      return ' (unchanged since last read)';
  }
  const total = num(f.totalLines);
  const shown = num(f.numLines);
  const start = num(f.startLine) ?? num(input.offset);
  if (total !== undefined && shown !== undefined && shown < total && shown > 0) {
    const from = start ?? 1;
    return ` (lines ${from}–${from + shown - 1} of ${total})`;
  }
  const n = total ?? shown;
  return n ? ` (${count(n, 'line')})` : '';
}

/** How much a Grep found, in the terms of its output mode: lines shown, matches counted, files listed. */
function grepHits(response: Rec): string {
  const files = num(response.numFiles);
  if (response.mode === 'content') {
    const lines = num(response.numLines);
    if (lines !== undefined) return count(lines, 'line');
  }
  if (response.mode === 'count') {
    const matches = num(response.numMatches);
    if (matches !== undefined) return `${count(matches, 'match', 'matches')}${files !== undefined ? ` in ${count(files, 'file')}` : ''}`;
  }
  return files !== undefined ? count(files, 'file') : '';
}

const URL_RE = /\bhttps?:\/\/[^\s"'<>)\]]+/;

/** The first web address in a text (Gemini's web_fetch names its pages inside the prompt). */
function firstUrl(text: string | undefined): string | undefined {
  return text ? URL_RE.exec(text.slice(0, 4000))?.[0] : undefined;
}

/** The user's answer to a question, from Claude Code's `answers` map (a list of choices joined). */
function answerTo(response: Rec, question: string): string | undefined {
  const a = rec(response.answers)[question];
  if (typeof a === 'string') return a || undefined;
  if (Array.isArray(a)) return a.filter((x) => typeof x === 'string').join(', ') || undefined;
  return undefined;
}

const MD_LINE_MARK_RE = /^\s*(?:#{1,6}\s+|[-*+]\s+(?:\[[ xX]\]\s+)?|\d+[.)]\s+|>\s*)/;

/** A plan's first lines, markdown marks dropped, joined with ` · ` (bounded: a title needs a few). */
function planGist(plan: string): string {
  const parts: string[] = [];
  let len = 0;
  for (const raw of plan.slice(0, 2000).split('\n')) {
    const line = raw.replace(MD_LINE_MARK_RE, '').trim();
    if (!line || /^[-=*_|:`\s]+$/.test(line)) continue;
    parts.push(line);
    len += line.length + 3;
    if (len > TITLE_MAX) break;
  }
  return parts.join(' · ');
}
