/**
 * @module install/registry
 * The assistants `mnemo install` knows, in one list: adding one is a file under `assistants/` and a
 * line here.
 */
import type { AssistantSpec } from './types.ts';
import { InstallError } from './errors.ts';
import { claudeCode } from './assistants/claude-code.ts';
import { codex } from './assistants/codex.ts';
import { copilot } from './assistants/copilot.ts';
import { cursor } from './assistants/cursor.ts';
import { gemini } from './assistants/gemini.ts';
import { opencode } from './assistants/opencode.ts';
import { trae } from './assistants/trae.ts';
import { vscode } from './assistants/vscode.ts';

const ASSISTANTS: readonly AssistantSpec[] = [claudeCode, codex, gemini, cursor, vscode, copilot, trae, opencode];

/** The names accepted on the command line, in a stable order. */
export function supportedAssistants(): string[] {
  return ASSISTANTS.map((a) => a.name);
}

/** The spec for `name`; an unknown name is an error that lists the supported ones. */
export function assistantSpec(name: string): AssistantSpec {
  const spec = ASSISTANTS.find((a) => a.name === name);
  if (!spec) {
    throw new InstallError(
      'UNKNOWN_ASSISTANT',
      `Unknown assistant "${name}". Supported: ${supportedAssistants().join(', ')}.`,
    );
  }
  return spec;
}
