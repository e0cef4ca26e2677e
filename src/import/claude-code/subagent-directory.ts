/**
 * @module import/claude-code/subagent-directory
 * Which agent type a subagent run was, learned from its parent's Task call: subagent transcripts do
 * not name their type, the parent's `Task` input does (`subagent_type`), and the run is matched to it
 * by the agent id in the Task result or, before that result exists, by the prompt it was given.
 */
import { isRecord, str } from './transcript-entry.ts';

/**
 * What the files of one session learn about its subagents, so a subagent's file (read after or
 * interleaved with its parent's) can name the agent type its Task call asked for.
 */
export class SubagentDirectory {
  readonly #byPrompt = new Map<string, string>();
  readonly #byAgent = new Map<string, string>();

  noteTask(input: unknown): void {
    if (!isRecord(input)) return;
    const type = str(input.subagent_type);
    const prompt = str(input.prompt);
    if (type && prompt) this.#byPrompt.set(prompt.trim(), type);
  }

  noteResult(result: unknown, type: string | undefined): void {
    const agentId = isRecord(result) ? str(result.agentId) : undefined;
    if (agentId && type) this.#byAgent.set(agentId, type);
  }

  typeOf(agentId: string | undefined, prompt: string | undefined): string | undefined {
    return (agentId && this.#byAgent.get(agentId)) || (prompt ? this.#byPrompt.get(prompt.trim()) : undefined);
  }
}
