/**
 * @module core/capture
 * The lifecycle rules: which record each hook event becomes. Pure: the caller supplies the place,
 * the clock and the id, and stores the result. Privacy comes first (private blocks removed, secrets
 * redacted), then truncation, so nothing secret is ever cut into an unrecognisable fragment and kept.
 */
import { withoutIdeContext, withoutRejectionNotice } from './host-blocks.ts';
import { stripPrivate, PRIVATE_PLACEHOLDER } from './privacy/private-tags.ts';
import { redactText, redactValue } from './privacy/redact.ts';
import { kilobytes } from './sizes.ts';
import { clipDeep, truncateMiddle } from './truncate.ts';
import { describeToolCall, displayPath, oneLine, plainValue } from './titles.ts';
// Direct module imports: the hook bundle must not pull in the whole extraction pipeline.
import { compressOutput } from './extract/compress/index.ts';
import { compressLog } from './extract/compress/log.ts';
import { failureVerdict } from './extract/failure.ts';
import { normalizeToolInput, normalizeToolName } from './extract/tool-names.ts';
import { readableText } from './extract/fields.ts';
import type { CapturedCall, CapturedEvent, HookEvent, ObservationDraft, Place } from './types.ts';

export interface CaptureLimits {
  readonly maxInputChars: number;
  readonly maxOutputChars: number;
}

export interface CaptureContext {
  readonly place: Place;
  readonly now: number;
  readonly uid: string;
  readonly limits: CaptureLimits;
  /** Hears what capture had to cut or drop (never the content itself). */
  readonly warn?: (message: string) => void;
}

/** Our own MCP tools (searching memory must not become memory) and pure bookkeeping tools. */
const OWN_TOOL_PREFIXES = ['mcp__mnemo__', 'mcp__plugin_mnemo_mnemo__'];
const BOOKKEEPING_TOOLS = new Set(['ListMcpResourcesTool', 'ReadMcpResourceTool', 'TaskList', 'TaskGet', 'TaskOutput', 'ToolSearch']);

export function isSkippedTool(name: string): boolean {
  return OWN_TOOL_PREFIXES.some((p) => name.startsWith(p)) || BOOKKEEPING_TOOLS.has(name);
}

/** Response fields that repeat what the input already says, or whole files: never worth keeping. */
const BULKY_KEYS = new Set(['originalFile', 'originalFileContents', 'structuredPatch', 'isImage', 'noOutputExpected']);

/** A response without the fields never kept (whole original files): less to clip and redact. */
function withoutBulk(response: unknown): unknown {
  if (!response || typeof response !== 'object' || Array.isArray(response)) return response;
  const r = response as Record<string, unknown>;
  const slim: Record<string, unknown> = {};
  for (const k of Object.keys(r)) if (!BULKY_KEYS.has(k) || k === 'structuredPatch') slim[k] = r[k];
  // A command that printed an image (`isImage`): its stdout is the image's bytes, kept as a note.
  if (r.isImage === true && typeof r.stdout === 'string') slim.stdout = `(image output, ${kilobytes((r.stdout.length * 3) / 4)})`;
  return slim;
}

/** The readable part of a tool response. */
export function responseText(toolName: string, response: unknown): string {
  if (response === undefined || response === null) return '';
  if (typeof response === 'string') return response;
  if (typeof response !== 'object') return String(response);
  if (Array.isArray(response)) return readableText(response, 200_000) || JSON.stringify(response);
  const r = response as Record<string, unknown>;
  if (typeof r.stdout === 'string' || typeof r.stderr === 'string') {
    const parts = [r.stdout, r.stderr && `[stderr]\n${String(r.stderr)}`].filter((x) => typeof x === 'string' && x.length > 0);
    if (r.interrupted === true) parts.push('[interrupted]');
    return parts.join('\n');
  }
  if (toolName === 'Read' && r.file && typeof r.file === 'object') {
    const f = r.file as Record<string, unknown>;
    if (typeof f.content === 'string') return f.content;
  }
  // Content arrays, wrapped results and MCP parts in every host's spelling: one reader for all.
  const text = readableText(r, 200_000);
  if (text) return text;
  const slim: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(r)) if (!BULKY_KEYS.has(k)) slim[k] = v;
  return JSON.stringify(slim);
}

function cleanText(text: string, max: number, asLog = false): { text: string; allPrivate: boolean } {
  // A failed command's output is read as a log: its error line is often in the middle of a long
  // build, where a head-and-tail cut would drop it (the reason is worked out from this text at ingest).
  const bound = asLog ? max * 50 : max * 4;
  const p = stripPrivate(text.length > bound ? truncateMiddle(text, bound) : text);
  if (p.allPrivate) return { text: PRIVATE_PLACEHOLDER, allPrivate: true };
  const clean = redactText(p.text);
  return { text: truncateMiddle(asLog ? compressLog(clean, max) : clean, max), allPrivate: false };
}

/** Input and response made safe: clipped (bounded work), private blocks removed, secrets redacted. */
function cleanValue(value: unknown, max: number, ctx: CaptureContext, field: string): unknown {
  let depth = false;
  const clipped = clipDeep(
    value,
    max * 4,
    (what) => {
      if (what === 'depth') depth = true;
    },
    (s) => stripPrivate(s).text,
  );
  if (depth) ctx.warn?.(`${field} nested deeper than 32 levels; the deeper part was dropped`);
  return redactValue(clipped);
}

/** NUL bytes and unpaired surrogates: a store, a terminal or a JSON encoder mangles or rejects them. */
const UNPRINTABLE_RE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Text safe to store and show: NUL dropped, an unpaired surrogate replaced by U+FFFD. */
export function printable(text: string): string {
  UNPRINTABLE_RE.lastIndex = 0;
  return UNPRINTABLE_RE.test(text) ? text.replace(UNPRINTABLE_RE, (c) => (c === '\u0000' ? '' : '\uFFFD')) : text;
}

const PLAIN_TOOLS: ReadonlySet<string> = new Set(['TodoWrite', 'Skill', 'SlashCommand', 'KillShell', 'KillBash']);

function inputText(input: unknown, max: number): string {
  return truncateMiddle(typeof input === 'string' ? input : JSON.stringify(input ?? {}), max);
}

function basenames(files: readonly string[]): string {
  return files.map((f) => f.slice(Math.max(f.lastIndexOf('/'), f.lastIndexOf('\\')) + 1)).join(' ');
}

interface ToolCapture {
  readonly observation: ObservationDraft;
  readonly call: CapturedCall;
}

function toolObservation(ev: HookEvent, ctx: CaptureContext): ToolCapture | undefined {
  const toolName = ev.toolName;
  if (!toolName || isSkippedTool(toolName)) return undefined;
  const { maxInputChars, maxOutputChars } = ctx.limits;
  const input = cleanValue(ev.toolInput, maxInputChars, ctx, 'tool_input');
  const baseDir = ctx.place.project;
  const cwd = ev.cwd ? { cwd: ev.cwd } : {};
  // Titles speak one vocabulary whatever the host: `run_shell_command` reads as a Bash call.
  const canonical = normalizeToolName(toolName);
  const describeInput = normalizeToolInput(canonical, input);

  if (ev.event === 'PreToolUse') {
    // Without a call id nothing can later replace the note with the outcome: keep only the outcome.
    if (!ev.toolUseId) return undefined;
    const d = describeToolCall({ toolName: canonical, input: describeInput, baseDir });
    return { call: { toolName, input, phase: 'pre', ...cwd }, observation: {
      kind: 'note',
      type: 'pending',
      title: printable(oneLine(`About to run: ${d.title}`)),
      body: printable(inputText(input, Math.min(maxInputChars, 1800))),
      files: d.files,
      toolName,
      ...(ev.toolUseId ? { toolUseId: ev.toolUseId } : {}),
      private: false,
    } };
  }

  const failed = ev.event === 'PostToolUseFailure';
  const response = failed ? undefined : cleanValue(withoutBulk(ev.toolResponse), maxOutputChars, ctx, 'tool_response');
  const error = failed ? cleanText(ev.error ?? 'failed', maxOutputChars, true).text : undefined;
  let d = describeToolCall({ toolName: canonical, input: describeInput, response, error, isInterrupt: failed && !!ev.isInterrupt, baseDir });
  if (!failed && d.type !== 'error') {
    // The host reported success, but the result says otherwise (an `isError` result, a test run's
    // failure summary in a plain-string output): the record says what extraction will say.
    const verdict = failureVerdict({ toolName: canonical, input: describeInput, response });
    if (verdict) d = describeToolCall({ toolName: canonical, input: describeInput, error: verdict.reason ?? (verdict.text || 'failed'), isInterrupt: !!verdict.interrupted, baseDir });
  }
  // Per-tool compression keeps what matters of bulky outputs (a diff's hunks, a log's errors);
  // the plain readable text is the fallback.
  // Bookkeeping tools (a todo list, a skill, a killed shell) read as text, not as their JSON.
  const plain = PLAIN_TOOLS.has(canonical);
  const output = failed ? '' : plain ? truncateMiddle(plainValue(response) ?? responseText(toolName, response), maxOutputChars) : compressOutput(toolName, input, response, maxOutputChars) || truncateMiddle(responseText(toolName, response), maxOutputChars);
  const outcome = failed ? `Error${ev.isInterrupt ? ' (interrupted)' : ''}:\n${withoutRejectionNotice(error!)}` : `Output:\n${output}`;
  const call: CapturedCall = {
    toolName,
    input,
    ...(response !== undefined ? { response } : {}),
    ...(error !== undefined ? { error } : {}),
    ...(ev.isInterrupt ? { isInterrupt: true } : {}),
    ...(failed ? { failed: true } : {}),
    phase: 'post',
    ...cwd,
  };
  return { call, observation: {
    kind: d.kind,
    type: d.type,
    title: printable(d.title),
    body: printable(`Input: ${(plain && truncateMiddle(plainValue(input) ?? '', maxInputChars)) || inputText(input, maxInputChars)}\n${outcome}`),
    files: d.files.map(printable),
    toolName,
    ...(ev.toolUseId ? { toolUseId: ev.toolUseId } : {}),
    private: false,
    tags: [toolName, basenames(d.files.map((f) => displayPath(f, baseDir)))].filter(Boolean).join(' '),
  } };
}

function textObservation(kind: ObservationDraft['kind'], type: ObservationDraft['type'], prefix: string, raw: string, max: number): ObservationDraft {
  const c = cleanText(raw, max);
  return {
    kind,
    type,
    title: c.allPrivate ? PRIVATE_PLACEHOLDER : printable(oneLine(prefix + c.text, 160)),
    body: printable(c.text),
    files: [],
    private: c.allPrivate,
  };
}

/** FNV-1a, enough to tell two prompts apart in a de-duplication key. */
function shortHash(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0).toString(36);
}

function observationFor(ev: HookEvent, ctx: CaptureContext): ObservationDraft | undefined {
  const max = ctx.limits.maxOutputChars;
  switch (ev.event) {
    case 'UserPromptSubmit': {
      // An IDE extension's context (the file open in the editor) is not what the person asked.
      const prompt = ev.prompt === undefined ? '' : withoutIdeContext(ev.prompt);
      return prompt.trim() ? textObservation('user', 'prompt', '', prompt, max * 2) : undefined;
    }
    case 'Stop':
      return ev.lastAssistantMessage?.trim() ? textObservation('note', 'conclusion', '', ev.lastAssistantMessage, max) : undefined;
    case 'SubagentStop':
      return ev.lastAssistantMessage?.trim()
        ? textObservation('note', 'subagent', `Subagent${ev.agentType ? ` ${ev.agentType}` : ''} finished: `, ev.lastAssistantMessage, max)
        : undefined;
    case 'PreCompact':
      return {
        kind: 'note',
        type: 'marker',
        title: `Compaction started (${ev.trigger ?? 'auto'})`,
        body: ev.customInstructions ? cleanText(ev.customInstructions, max).text : '',
        files: [],
        private: false,
      };
    case 'PostCompact':
      return ev.compactSummary?.trim() ? textObservation('note', 'compact', 'Compacted: ', ev.compactSummary, max * 2) : undefined;
    default:
      return undefined;
  }
}

/** A natural key the host gave: the same key twice in a session is the same event. */
function dedupeKeyFor(ev: HookEvent): string | undefined {
  if (ev.toolUseId && (ev.event === 'PreToolUse' || ev.event === 'PostToolUse' || ev.event === 'PostToolUseFailure')) {
    return `${ev.event === 'PreToolUse' ? 'pre' : 'post'}:${ev.toolUseId}`;
  }
  if (ev.event === 'UserPromptSubmit' && ev.promptId) return `prompt:${ev.promptId}`;
  return undefined;
}

/**
 * Without a natural key, identical content is a repeated delivery only when it arrives close in
 * time (the store applies a window): "continue" typed twice a minute apart is two prompts.
 */
function contentKeyFor(ev: HookEvent, obs: ObservationDraft | undefined): string | undefined {
  if (!obs || dedupeKeyFor(ev)) return undefined;
  if (ev.event === 'UserPromptSubmit' || ev.event === 'Stop' || ev.event === 'SubagentStop' || ev.event === 'PostCompact' || ev.event === 'PreCompact') {
    return `${ev.event}:${ev.agentId ?? ''}:${shortHash(obs.title + '\n' + obs.body)}`;
  }
  return undefined;
}

/** The record one hook event becomes, or undefined when it carries nothing worth keeping. */
export function captureEvent(ev: HookEvent, ctx: CaptureContext): CapturedEvent | undefined {
  const isTool = ev.event === 'PreToolUse' || ev.event === 'PostToolUse' || ev.event === 'PostToolUseFailure';
  const tool = isTool ? toolObservation(ev, ctx) : undefined;
  const observation = isTool ? tool?.observation : observationFor(ev, ctx);
  const sessionFacts =
    ev.event === 'SessionStart' ? { source: ev.source ?? 'startup' } : ev.event === 'SessionEnd' ? { endReason: ev.reason ?? 'other' } : undefined;
  if (!observation && !sessionFacts) return undefined;
  const dedupeKey = dedupeKeyFor(ev);
  const contentKey = contentKeyFor(ev, observation);
  const transcripts = [ev.transcriptPath, ev.agentTranscriptPath].filter((p): p is string => !!p);
  return {
    uid: ctx.uid,
    at: ctx.now,
    event: ev.event,
    platform: ev.platform,
    externalSessionId: ev.sessionId,
    place: ctx.place,
    ...(dedupeKey ? { dedupeKey } : {}),
    ...(contentKey ? { contentKey } : {}),
    ...(observation ? { observation } : {}),
    ...(sessionFacts ? { session: sessionFacts } : {}),
    ...(tool ? { call: tool.call } : {}),
    ...(transcripts.length ? { transcripts } : {}),
  };
}
