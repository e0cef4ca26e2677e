/**
 * @module core/summarize/observed
 * A stored tool observation read back into its parts: the tool, its input, the command of a shell
 * call, the output or the error. Capture writes the body as `Input: <json>` (a todo list as `[status]
 * item` lines) followed by `Output:` or `Error:`; the input may have been cut in the middle, so it is
 * parsed leniently.
 */
import { normalizeToolName } from '../extract/tool-names.ts';
import type { Observation } from '../types.ts';

export interface ObservedCall {
  /** Canonical tool name (`Bash` for every host's shell tool). */
  readonly tool: string;
  readonly input: Readonly<Record<string, unknown>>;
  /** The shell command, for shell calls. */
  readonly command?: string;
  /** The output (empty for a failure). */
  readonly output: string;
  /** The error text of a failed call. */
  readonly error?: string;
  readonly failed: boolean;
  /** The user stopped the call or declined it: a choice, not a failure. */
  readonly declined: boolean;
}

const SEPARATOR_RE = /\n(Output|Error(?: \(interrupted\))?):\n/;
/** The host's words when the user stops or refuses a call. */
const DECLINED_RE = /\[Request interrupted by user|doesn't want to (?:proceed|take this action)|tool use was rejected|user (?:rejected|declined|denied)/i;

function stringField(raw: string, key: string): string | undefined {
  const m = new RegExp(`"${key}"\\s*:\\s*"((?:[^"\\\\]|\\\\.)*)"`).exec(raw);
  if (!m) return undefined;
  try {
    return JSON.parse(`"${m[1]}"`) as string;
  } catch {
    return m[1];
  }
}

function parseInput(raw: string): Record<string, unknown> {
  try {
    const v: unknown = JSON.parse(raw);
    if (v && typeof v === 'object' && !Array.isArray(v)) return v as Record<string, unknown>;
  } catch {
    /* cut in the middle: read the fields that matter one by one */
  }
  // A todo list is stored readable (`[status] item` lines, capture's `plainValue`), not as JSON.
  const todos = [...raw.matchAll(/^\[([\w -]+)\] (.*)$/gm)].map((m) => ({ content: m[2], status: m[1] }));
  if (todos.length) return { todos };
  const out: Record<string, unknown> = {};
  for (const key of ['command', 'file_path', 'notebook_path', 'path', 'url', 'subject', 'description', 'status', 'taskId', 'content']) {
    const v = stringField(raw, key);
    if (v !== undefined) out[key] = v;
  }
  return out;
}

/** The call behind a tool observation, or undefined for observations that are not tool calls. */
export function observedCall(o: Observation): ObservedCall | undefined {
  if (!o.toolName || !o.body.startsWith('Input: ')) return undefined;
  const tool = normalizeToolName(o.toolName);
  const rest = o.body.slice('Input: '.length);
  const sep = SEPARATOR_RE.exec(rest);
  const inputText = sep ? rest.slice(0, sep.index) : rest;
  const after = sep ? rest.slice(sep.index + sep[0].length) : '';
  const failed = o.type === 'error' || (sep?.[1]?.startsWith('Error') ?? false);
  const input = parseInput(inputText);
  const command = tool === 'Bash' ? (typeof input.command === 'string' ? input.command : typeof input.cmd === 'string' ? input.cmd : undefined) : undefined;
  return {
    tool,
    input,
    ...(command !== undefined ? { command } : {}),
    output: failed ? '' : after,
    ...(failed ? { error: after } : {}),
    failed,
    declined: failed && (sep?.[1] === 'Error (interrupted)' || DECLINED_RE.test(after)),
  };
}
