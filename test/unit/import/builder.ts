/**
 * Builds transcripts in Claude Code 2.1's shape (one JSON entry a line) for tests that need content
 * the recorded fixtures lack: secrets, private blocks, Chinese prompts, timestamps near now, broken
 * lines. Field names and nesting follow the real files in test/fixtures/transcripts.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

export const FIXTURES = new URL('../../fixtures/transcripts/', import.meta.url).pathname;

type Entry = Record<string, unknown>;

export class TranscriptBuilder {
  readonly sessionId: string;
  readonly cwd: string;
  readonly lines: string[] = [];
  #t: number;
  #parent: string | null = null;
  readonly #extra: Entry;

  constructor(opts: { sessionId?: string; cwd: string; start?: number; branch?: string; agentId?: string }) {
    this.sessionId = opts.sessionId ?? randomUUID();
    this.cwd = opts.cwd;
    this.#t = opts.start ?? Date.UTC(2026, 0, 5, 10, 0, 0);
    this.#extra = {
      gitBranch: opts.branch ?? 'main',
      ...(opts.agentId ? { agentId: opts.agentId, isSidechain: true } : { isSidechain: false }),
    };
  }

  /** Milliseconds of the next entry (entries are one second apart). */
  get now(): number {
    return this.#t;
  }

  #entry(type: string, fields: Entry): string {
    const uuid = randomUUID();
    const e = { parentUuid: this.#parent, userType: 'external', cwd: this.cwd, sessionId: this.sessionId, version: '2.1.39', ...this.#extra, type, ...fields, uuid, timestamp: new Date(this.#t).toISOString() };
    this.#parent = uuid;
    this.#t += 1000;
    this.lines.push(JSON.stringify(e));
    return uuid;
  }

  prompt(text: string, extra: Entry = {}): this {
    this.#entry('user', { message: { role: 'user', content: text }, ...extra });
    return this;
  }

  text(text: string): this {
    this.#entry('assistant', { message: { model: 'claude-opus-4-6', id: `msg_${randomUUID()}`, type: 'message', role: 'assistant', content: [{ type: 'text', text }] } });
    return this;
  }

  /** A tool call and its result; `error` makes it a failure (`is_error`). */
  tool(id: string, name: string, input: Entry, result: { output?: unknown; text?: string; error?: string } = {}): this {
    this.#entry('assistant', { message: { model: 'claude-opus-4-6', id: `msg_${randomUUID()}`, type: 'message', role: 'assistant', content: [{ type: 'tool_use', id, name, input }] } });
    return this.result(id, result);
  }

  /** Only the call (the result never came). */
  call(id: string, name: string, input: Entry): this {
    this.#entry('assistant', { message: { model: 'claude-opus-4-6', id: `msg_${randomUUID()}`, type: 'message', role: 'assistant', content: [{ type: 'tool_use', id, name, input }] } });
    return this;
  }

  result(id: string, result: { output?: unknown; text?: string; error?: string }): this {
    const content = result.error ?? result.text ?? (typeof result.output === 'string' ? result.output : JSON.stringify(result.output ?? ''));
    this.#entry('user', {
      message: { role: 'user', content: [{ tool_use_id: id, type: 'tool_result', content, ...(result.error !== undefined ? { is_error: true } : {}) }] },
      ...(result.error !== undefined ? { toolUseResult: `Error: ${result.error}` } : result.output !== undefined ? { toolUseResult: result.output } : {}),
    });
    return this;
  }

  stopHooks(): this {
    this.#entry('system', { subtype: 'stop_hook_summary', hookCount: 1, hookInfos: [], hookErrors: [], preventedContinuation: false, stopReason: '', hasOutput: false, level: 'suggestion' });
    return this;
  }

  compaction(summary: string, trigger = 'manual'): this {
    this.#entry('system', { subtype: 'compact_boundary', content: 'Conversation compacted', isMeta: false, level: 'info', compactMetadata: { trigger, preTokens: 120000 } });
    this.#entry('user', {
      message: { role: 'user', content: `This session is being continued from a previous conversation that ran out of context. The summary below covers the earlier portion of the conversation.\n\n${summary}` },
      isVisibleInTranscriptOnly: true,
      isCompactSummary: true,
    });
    return this;
  }

  progress(): this {
    this.#entry('progress', { data: { type: 'hook_progress', hookEvent: 'PostToolUse', hookName: 'PostToolUse:Bash', command: 'echo {"type":"user"}' }, parentToolUseID: 'toolu_x', toolUseID: 'toolu_x' });
    return this;
  }

  raw(line: string): this {
    this.lines.push(line);
    return this;
  }

  toString(): string {
    return this.lines.join('\n') + '\n';
  }

  write(path: string): string {
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, this.toString());
    return path;
  }
}
