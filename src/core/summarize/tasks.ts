/**
 * @module core/summarize/tasks
 * The session's task list as it stood at the end: the last todo list the model wrote (TodoWrite and
 * its cousins), and the tasks it created and moved (TaskCreate / TaskUpdate). Each task is its own
 * item with its last status, so a summary can say which ones are still open, not "0/4 done · next: …".
 */
import type { ObservedCall } from './observed.ts';

export type TaskStatus = 'done' | 'active' | 'pending';

export interface Task {
  readonly text: string;
  readonly status: TaskStatus;
  /** Index of the call that last set it. */
  readonly at: number;
}

const DONE_RE = /^(?:completed|complete|done|finished|cancelled|canceled|deleted|removed|skipped)$/i;
const ACTIVE_RE = /^(?:in_progress|in-progress|inprogress|active|doing|started)$/i;
const TODO_TOOLS: ReadonlySet<string> = new Set(['TodoWrite', 'update_plan', 'write_todos', 'todo_write', 'manage_todo_list']);

function statusOf(s: unknown): TaskStatus {
  const t = typeof s === 'string' ? s : '';
  return DONE_RE.test(t) ? 'done' : ACTIVE_RE.test(t) ? 'active' : 'pending';
}

function textOf(item: Record<string, unknown>): string | undefined {
  for (const k of ['content', 'title', 'step', 'subject', 'description', 'text']) {
    const v = item[k];
    if (typeof v === 'string' && v.trim()) return v.trim();
  }
  return undefined;
}

/** Todo items out of a list input, also when the stored input was cut (then `"content": …, "status": …` pairs are read). */
function todoItems(call: ObservedCall, raw: string): { text: string; status: TaskStatus }[] {
  const list = ['todos', 'plan', 'items'].map((k) => call.input[k]).find(Array.isArray) as unknown[] | undefined;
  if (list) {
    return list.flatMap((x) => {
      if (typeof x === 'string') return [{ text: x, status: 'pending' as TaskStatus }];
      const r = x && typeof x === 'object' ? (x as Record<string, unknown>) : undefined;
      const text = r ? textOf(r) : undefined;
      return text ? [{ text, status: statusOf(r!.status ?? r!.state) }] : [];
    });
  }
  const out: { text: string; status: TaskStatus }[] = [];
  for (const m of raw.matchAll(/"(?:content|step|title)"\s*:\s*"((?:[^"\\]|\\.)*)"\s*,\s*"status"\s*:\s*"(\w+)"/g)) {
    let text = m[1]!;
    try {
      text = JSON.parse(`"${text}"`) as string;
    } catch {
      /* keep the raw text */
    }
    out.push({ text, status: statusOf(m[2]) });
  }
  return out;
}

/** Builds the task list from calls seen in order. */
export class TaskBook {
  #todos: Task[] = [];
  readonly #tasks = new Map<string, Task>();
  #created = 0;

  /** Feed one call (`raw` is its stored input text, for lists cut in the middle). */
  see(call: ObservedCall, raw: string, at: number): void {
    if (call.failed) return;
    if (TODO_TOOLS.has(call.tool)) {
      const items = todoItems(call, raw);
      // A list written anew replaces the old one; an empty list clears it.
      this.#todos = items.map((i) => ({ ...i, at }));
      return;
    }
    if (call.tool === 'TaskCreate') {
      const subject = typeof call.input.subject === 'string' ? call.input.subject : typeof call.input.title === 'string' ? call.input.title : undefined;
      if (!subject) return;
      const id = /"id"\s*:\s*"?(\w+)/.exec(call.output)?.[1] ?? /#(\d+)/.exec(call.output)?.[1] ?? String(++this.#created);
      this.#tasks.set(id, { text: subject, status: 'pending', at });
      return;
    }
    if (call.tool === 'TaskUpdate') {
      const id = String(call.input.taskId ?? call.input.task_id ?? call.input.id ?? '');
      const task = this.#tasks.get(id);
      if (!task) return;
      const subject = typeof call.input.subject === 'string' ? call.input.subject : task.text;
      this.#tasks.set(id, { text: subject, status: call.input.status !== undefined ? statusOf(call.input.status) : task.status, at });
    }
  }

  /** Every task with its last status: the todo list first, then created tasks. */
  all(): Task[] {
    return [...this.#todos, ...this.#tasks.values()];
  }
}
