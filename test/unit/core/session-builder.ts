// Builds a session the way the hook path stores it: every step is a hook event run through the real
// capture (privacy, redaction, titles, bodies) and the real extraction engine (typed events, the
// session's error state), so the summarizer sees exactly what it sees in production.
import { captureEvent } from '../../../src/core/capture.ts';
import { enrichEvent } from '../../../src/core/enrich.ts';
import type { SummaryEvent, SummaryInput } from '../../../src/core/summarize/heuristic.ts';
import type { HookEvent, Observation } from '../../../src/core/types.ts';

export const PROJECT = '/work/app';

export class SessionBuilder {
  readonly observations: Observation[] = [];
  readonly events: SummaryEvent[] = [];
  #state: unknown;
  #n = 0;
  #tool = 0;

  constructor(private readonly session = 's1') {}

  #emit(ev: Omit<HookEvent, 'platform' | 'sessionId' | 'cwd'>): this {
    const full = { platform: 'claude-code', sessionId: this.session, cwd: PROJECT, ...ev } as HookEvent;
    const at = 1_700_000_000_000 + ++this.#n * 1000;
    const captured = captureEvent(full, { place: { project: PROJECT }, now: at, uid: `u${this.#n}`, limits: { maxInputChars: 2000, maxOutputChars: 4000 } });
    if (!captured?.observation) return this;
    const e = enrichEvent(captured, this.#state);
    if (e.state) this.#state = e.state;
    const id = this.observations.length + 1;
    this.observations.push({ ...captured.observation, id, sessionId: 1, project: PROJECT, platform: 'claude-code', createdAt: at, priority: e.priority });
    for (const x of e.events) this.events.push({ type: x.type, category: x.category, priority: x.priority, data: x.data, obsId: id });
    return this;
  }

  prompt(text: string): this {
    return this.#emit({ event: 'UserPromptSubmit', prompt: text });
  }

  stop(text: string): this {
    return this.#emit({ event: 'Stop', lastAssistantMessage: text });
  }

  /** A shell call; `fail` gives the error text of a failed call. */
  bash(command: string, out: { stdout?: string; fail?: string } = {}): this {
    const id = `t${++this.#tool}`;
    return out.fail !== undefined
      ? this.#emit({ event: 'PostToolUseFailure', toolName: 'Bash', toolInput: { command }, toolUseId: id, error: out.fail })
      : this.#emit({ event: 'PostToolUse', toolName: 'Bash', toolInput: { command }, toolUseId: id, toolResponse: { stdout: out.stdout ?? '', stderr: '', interrupted: false } });
  }

  edit(file: string, fail?: string): this {
    const id = `t${++this.#tool}`;
    const path = file.startsWith('/') ? file : `${PROJECT}/${file}`;
    const input = { file_path: path, old_string: 'a', new_string: 'b' };
    return fail !== undefined
      ? this.#emit({ event: 'PostToolUseFailure', toolName: 'Edit', toolInput: input, toolUseId: id, error: fail })
      : this.#emit({ event: 'PostToolUse', toolName: 'Edit', toolInput: input, toolUseId: id, toolResponse: { filePath: path, oldString: 'a', newString: 'b' } });
  }

  tool(name: string, input: Record<string, unknown>, response: unknown = { ok: true }, fail?: string): this {
    const id = `t${++this.#tool}`;
    return fail !== undefined
      ? this.#emit({ event: 'PostToolUseFailure', toolName: name, toolInput: input, toolUseId: id, error: fail })
      : this.#emit({ event: 'PostToolUse', toolName: name, toolInput: input, toolUseId: id, toolResponse: response });
  }

  todos(items: readonly [string, 'pending' | 'in_progress' | 'completed'][]): this {
    return this.tool('TodoWrite', { todos: items.map(([content, status]) => ({ content, status, activeForm: content })) }, { oldTodos: [], newTodos: [] });
  }

  /** `git commit -m` with git's own output line. */
  commit(subject: string, opts: { heredoc?: boolean; amend?: boolean; branch?: string; add?: readonly string[] } = {}): this {
    const msg = opts.heredoc ? `"$(cat <<'EOF'\n${subject}\n\nLonger body.\n\nCo-Authored-By: Claude <noreply@anthropic.com>\nEOF\n)"` : JSON.stringify(subject);
    const sha = (0x1000000 + this.#n * 7919).toString(16).slice(0, 7);
    return this.bash(`git add ${opts.add ? opts.add.join(' ') : '-A'} && git commit${opts.amend ? ' --amend' : ''} -m ${msg}`, { stdout: `[${opts.branch ?? 'main'} ${sha}] ${subject}\n 2 files changed, 9 insertions(+)` });
  }

  input(): SummaryInput {
    return { observations: this.observations, events: this.events, project: PROJECT };
  }
}
