/**
 * @module core/extract/tool-names
 * One vocabulary for every assistant. Other hosts name the same tools differently (Gemini's
 * `run_shell_command`, Codex's `exec_command`, OpenCode's `view`, Cursor's `Shell`, Copilot's
 * `replace_string_in_file`) and spell fields differently (`filePath`, `absolute_path`, `cmd`);
 * the extractors only ever see Claude Code's names and snake_case fields.
 */
import { asRecord, type Json } from './fields.ts';

/**
 * A lookup in an object literal's own properties. Cheaper to set up than a Map built from its
 * entries: every hook process sets these tables up for a lookup or two.
 */
function table(entries: Readonly<Record<string, string>>): (key: string) => string | undefined {
  return (key) => (Object.hasOwn(entries, key) ? entries[key] : undefined);
}

/** Canonical names: Claude Code's, plus `apply_patch` (no Claude equivalent). */
const toolAlias = table({
  // Claude Code itself (identity, case-insensitive) and its renames.
  bash: 'Bash', read: 'Read', write: 'Write', edit: 'Edit', multiedit: 'MultiEdit',
  notebookedit: 'NotebookEdit', glob: 'Glob', grep: 'Grep', todowrite: 'TodoWrite',
  taskcreate: 'TaskCreate', taskupdate: 'TaskUpdate', tasklist: 'TaskList', taskget: 'TaskGet',
  taskoutput: 'TaskOutput', enterplanmode: 'EnterPlanMode', exitplanmode: 'ExitPlanMode',
  skill: 'Skill', agent: 'Agent', task: 'Agent', askuserquestion: 'AskUserQuestion',
  enterworktree: 'EnterWorktree', exitworktree: 'ExitWorktree', webfetch: 'WebFetch',
  websearch: 'WebSearch', ls: 'LS', slashcommand: 'SlashCommand', killshell: 'KillShell',
  bashoutput: 'BashOutput',
  // Gemini CLI / Qwen Code.
  run_shell_command: 'Bash', read_file: 'Read', read_many_files: 'Read', grep_search: 'Grep',
  search_file_content: 'Grep', write_file: 'Write', replace: 'Edit', todo_write: 'TodoWrite',
  write_todos: 'TodoWrite', list_directory: 'LS', web_fetch: 'WebFetch', google_web_search: 'WebSearch',
  web_search: 'WebSearch',
  // Codex CLI.
  shell: 'Bash', shell_command: 'Bash', exec_command: 'Bash', 'container.exec': 'Bash',
  local_shell: 'Bash', unified_exec: 'Bash', apply_patch: 'apply_patch', grep_files: 'Grep',
  list_dir: 'LS', update_plan: 'TodoWrite', view_image: 'Read', spawn_agent: 'Agent',
  // OpenCode.
  view: 'Read', fetch: 'WebFetch', patch: 'apply_patch', list: 'LS',
  // Cursor.
  run_terminal_cmd: 'Bash', edit_file: 'Edit', search_replace: 'Edit', file_search: 'Glob',
  codebase_search: 'Grep', delete_file: 'Delete', delete: 'Delete',
  // VS Code Copilot / Copilot CLI.
  run_in_terminal: 'Bash', powershell: 'Bash', replace_string_in_file: 'Edit', multi_replace_string_in_file: 'MultiEdit',
  insert_edit_into_file: 'Edit', create_file: 'Write', create: 'Write', str_replace_editor: 'Edit',
  str_replace: 'Edit', fetch_webpage: 'WebFetch', manage_todo_list: 'TodoWrite', runsubagent: 'Agent',
  run_subagent: 'Agent', edit_notebook_file: 'NotebookEdit', semantic_search: 'Grep',
  // VS Code's reference names for the same tools (`#runInTerminal`), which its hook payloads may carry.
  runinterminal: 'Bash', createfile: 'Write', listdirectory: 'LS', textsearch: 'Grep',
  // Kiro.
  executebash: 'Bash', readfile: 'Read', readfiles: 'Read', fswrite: 'Write', fsappend: 'Edit',
  strreplace: 'Edit', filesearch: 'Glob', grepsearch: 'Grep',
});

const CURSOR_MCP_RE = /^MCP:\s*(.+)$/;

/**
 * Map any assistant's tool name onto the canonical one. Unknown names pass through unchanged;
 * MCP tools keep the `mcp__<server>__<tool>` form (Cursor's `MCP:<tool>` becomes
 * `mcp__cursor__<tool>`, since Cursor does not name the server).
 */
export function normalizeToolName(name: string): string {
  if (typeof name !== 'string') return '';
  const trimmed = name.trim();
  // Prefix checks first: a regex run for the first time costs a hook process its compilation.
  if (trimmed.startsWith('mcp__')) return trimmed;
  const cursor = trimmed.startsWith('MCP:') ? CURSOR_MCP_RE.exec(trimmed) : null;
  if (cursor) return `mcp__cursor__${cursor[1]!.trim()}`;
  return toolAlias(trimmed.toLowerCase()) ?? trimmed;
}

/** Field spellings mapped onto Claude Code's snake_case ones. First writer wins. */
const fieldAlias = table({
  filePath: 'file_path', filepath: 'file_path', absolute_path: 'file_path', absolutePath: 'file_path',
  path: 'path', target_file: 'file_path', targetFile: 'file_path', notebook_path: 'notebook_path',
  notebookPath: 'notebook_path', oldString: 'old_string', old_str: 'old_string', newString: 'new_string',
  new_str: 'new_string', replaceAll: 'replace_all', cmd: 'command', commandLine: 'command',
  workdir: 'cwd', working_directory: 'cwd', workingDirectory: 'cwd', directory: 'cwd', dir_path: 'path',
  todoList: 'todos', filePaths: 'paths', file_paths: 'paths', outputMode: 'output_mode',
  subagentType: 'subagent_type', agentName: 'subagent_type', query: 'query', includePattern: 'glob',
  include: 'glob', startLine: 'offset', start_line: 'offset', endLine: 'end_line',
});

/** Tools whose `path` field names the file they act on (others use `path` as a search root). */
const PATH_IS_FILE: ReadonlySet<string> = new Set(['Read', 'Write', 'Edit', 'MultiEdit', 'NotebookEdit', 'Delete']);

/**
 * Normalize a tool input: field aliases, `path` → `file_path` for file tools, a Codex argv array
 * (`["bash","-lc","ls"]`) → one command string, a bare string input → `{command}` or `{input}`.
 */
export function normalizeToolInput(tool: string, input: unknown): Json {
  if (typeof input === 'string') {
    return tool === 'Bash' ? { command: input } : { input };
  }
  const src = asRecord(input);
  if (!src) return {};
  const out: Json = {};
  for (const k of Object.keys(src)) {
    const target = fieldAlias(k) ?? k;
    if (target === '__proto__' || Object.hasOwn(out, target)) continue;
    out[target] = src[k];
  }
  // A file named as a list (`file_path: ["a.ts", "b.ts"]`): the files it names, the first as the file.
  for (const k of ['file_path', 'path', 'notebook_path']) {
    const v = out[k];
    if (!Array.isArray(v)) continue;
    const names = v.filter((x): x is string => typeof x === 'string' && x.length > 0);
    if (names.length && out['paths'] === undefined) out['paths'] = names;
    if (names.length && PATH_IS_FILE.has(tool)) out[k] = names[0];
    else delete out[k];
  }
  if (out['file_path'] === undefined && PATH_IS_FILE.has(tool) && typeof out['path'] === 'string') {
    out['file_path'] = out['path'];
  }
  if (out['file_path'] === undefined && tool === 'NotebookEdit' && typeof out['notebook_path'] === 'string') {
    out['file_path'] = out['notebook_path'];
  }
  const cmd = out['command'];
  if (Array.isArray(cmd)) {
    // Codex runs a patch as `["apply_patch", "<patch>"]`: the patch is the input, not a command line.
    const patch = cmd.length === 2 && typeof cmd[0] === 'string' && APPLY_PATCH_RE.test(cmd[0]) && typeof cmd[1] === 'string' ? cmd[1] : undefined;
    if (patch !== undefined && out['input'] === undefined) {
      out['input'] = patch;
      delete out['command'];
    } else out['command'] = argvToCommand(cmd);
  } else if (cmd !== undefined && typeof cmd !== 'string') {
    // A command in no shape a shell takes (an object, a number): its first string says what ran.
    const text = firstString(cmd);
    if (text) out['command'] = text;
    else delete out['command'];
  }
  return out;
}

const APPLY_PATCH_RE = /^(?:apply_?patch|applypatch)$/i;

/** The first non-empty string in a value, looked for a few levels down (bounded). */
function firstString(v: unknown, depth = 0): string | undefined {
  if (typeof v === 'string') return v.trim() ? v : undefined;
  if (depth > 3 || v === null || typeof v !== 'object') return undefined;
  for (const x of Array.isArray(v) ? v.slice(0, 20) : Object.values(v).slice(0, 20)) {
    const s = firstString(x, depth + 1);
    if (s) return s;
  }
  return undefined;
}

const SHELL_C_FLAG_RE = /^-\w*c$|^\/c$|^-Command$/i;
const NEEDS_QUOTES_RE = /[\s"'$]/;
const SHELL_WRAPPER_RE = /^(?:ba|z|da|k)?sh$|^\/bin\/(?:ba|z)?sh$|^\/usr\/bin\/(?:ba|z)?sh$|^pwsh$|^powershell(?:\.exe)?$|^cmd(?:\.exe)?$/;

/** `["bash","-lc","npm test"]` → `npm test`; `["ls","-la"]` → `ls -la`. */
function argvToCommand(argv: unknown[]): string {
  const parts = argv.filter((a): a is string => typeof a === 'string');
  if (parts.length >= 3 && SHELL_WRAPPER_RE.test(parts[0]!) && SHELL_C_FLAG_RE.test(parts[1]!)) {
    return parts.slice(2).join(' ');
  }
  return parts.map((p) => (NEEDS_QUOTES_RE.test(p) ? JSON.stringify(p) : p)).join(' ');
}
