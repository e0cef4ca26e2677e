/**
 * @module core/extract/tools/tasks
 * The task list: TodoWrite (and its cousins: Codex `update_plan`, Gemini `write_todos`, Copilot
 * `manage_todo_list`), TaskCreate and TaskUpdate. What matters later is progress and what is
 * open, so a todo list becomes "3/6 done · completed: X · now: Y · next: Z".
 */
import { asRecord, arr, str, type Json } from '../fields.ts';
import { makeEvent } from '../events.ts';
import { gist } from '../text.ts';
import type { Extractor } from '../context.ts';

/** A todo item; its shown text (a redacted gist) is made only when the summary uses it. */
class Todo {
  #text: string | undefined;
  constructor(
    readonly raw: string,
    readonly status: string,
  ) {}
  get text(): string {
    return (this.#text ??= gist(this.raw, 80));
  }
}

const DONE_RE = /^(?:completed|complete|done|finished|cancelled|canceled)$/i;
const ACTIVE_RE = /^(?:in_progress|in-progress|inprogress|active|doing|started)$/i;

function todosOf(list: unknown[] | undefined): Todo[] {
  if (!list) return [];
  const out: Todo[] = [];
  for (const item of list.slice(0, 200)) {
    const r = asRecord(item);
    const text = typeof item === 'string' ? item : str(r, 'content', 'title', 'step', 'description', 'subject', 'text');
    if (text) out.push(new Todo(text, str(r, 'status', 'state') ?? 'pending'));
  }
  return out;
}

/** Summarize a todo list, naming items that became done since `before`. */
export function todoSummary(todos: readonly Todo[], before: readonly Todo[]): string {
  const done = todos.filter((t) => DONE_RE.test(t.status));
  const newly = before.length > 0 ? newlyDone(done, before) : [];
  const now = todos.find((t) => ACTIVE_RE.test(t.status));
  const next = todos.find((t) => !DONE_RE.test(t.status) && !ACTIVE_RE.test(t.status));
  const parts = [`${done.length}/${todos.length} done`];
  if (newly.length > 0) parts.push(`completed: ${newly.map((t) => t.text).join('; ')}`);
  if (now) parts.push(`now: ${now.text}`);
  if (next) parts.push(`next: ${next.text}`);
  return parts.join(' · ');
}

/** Done items whose text was not done before (compared as shown). */
function newlyDone(done: readonly Todo[], before: readonly Todo[]): Todo[] {
  const wasDone = new Set(before.filter((t) => DONE_RE.test(t.status)).map((t) => t.text));
  return done.filter((t) => !wasDone.has(t.text));
}

/** One `task` event per todo-list write, summarizing progress. */
export const todoExtractor: Extractor = {
  name: 'todo',
  match: (ctx) => ctx.tool === 'TodoWrite' && ctx.failure === null && ctx.phase === 'post',
  extract(ctx) {
    const todos = todosOf(arr(ctx.input, 'todos', 'plan', 'items'));
    if (todos.length === 0) return [];
    const before = todosOf(arr(asRecord(ctx.response), 'oldTodos'));
    return [makeEvent('task', todoSummary(todos, before))];
  },
};

function taskId(input: Json, response: unknown): string {
  const r = asRecord(response);
  const id = str(input, 'taskId', 'task_id', 'id') ?? str(asRecord(r?.['task']), 'id') ?? str(r, 'taskId', 'id');
  const n = input['taskId'] ?? input['id'];
  return id ?? (typeof n === 'number' ? String(n) : '');
}

/** `task_create` with the new task's id (when returned), subject and description. */
export const taskCreateExtractor: Extractor = {
  name: 'task_create',
  match: (ctx) => ctx.tool === 'TaskCreate' && ctx.failure === null && ctx.phase === 'post',
  extract(ctx) {
    const subject = str(ctx.input, 'subject', 'title', 'content');
    if (!subject) return [];
    const id = taskId(ctx.input, ctx.response);
    const desc = str(ctx.input, 'description');
    return [makeEvent('task_create', `${id ? `#${id} ` : ''}${subject}${desc ? `: ${desc}` : ''}`)];
  },
};

/** `task_update`: which task moved to which status. */
export const taskUpdateExtractor: Extractor = {
  name: 'task_update',
  match: (ctx) => ctx.tool === 'TaskUpdate' && ctx.failure === null && ctx.phase === 'post',
  extract(ctx) {
    const id = taskId(ctx.input, undefined);
    const status = str(ctx.input, 'status');
    const subject = str(ctx.input, 'subject', 'title');
    const owner = str(ctx.input, 'owner');
    const parts = [id ? `#${id}` : 'task', status ? `→ ${status}` : 'updated'];
    if (subject) parts.push(subject);
    if (owner) parts.push(`(owner ${owner})`);
    return [makeEvent('task_update', parts.join(' '))];
  },
};
