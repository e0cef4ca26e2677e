/**
 * @module platforms
 * The registry of assistant adapters, by `--platform` name, and the one place that knows which hosts
 * read which other host's configuration files.
 */
import { platform as claudeCode } from './claude-code.ts';
import { platform as codex } from './codex.ts';
import { isCopilotCamelPayload, isCopilotSnakePayload, platform as copilot } from './copilot.ts';
import { isCursorPayload, platform as cursor } from './cursor.ts';
import { platform as gemini } from './gemini.ts';
import { platform as opencode } from './opencode.ts';
import { isVsCodePayload, platform as vscode } from './vscode.ts';
import type { Rec } from './payload.ts';
import type { Platform } from './platform.ts';

export type { HookResult, Parsed, Platform } from './platform.ts';
export { PayloadError, UnknownEventError, asPayload, safeName } from './payload.ts';

/** The default when a hook command names no platform (Claude Code's plugin and settings hooks). */
export const DEFAULT_PLATFORM = 'claude-code';

const PLATFORMS: ReadonlyMap<string, Platform> = new Map([claudeCode, codex, gemini, cursor, vscode, copilot, opencode].map((p) => [p.name, p]));

/** Every `--platform` name, in a stable order for messages. */
export const PLATFORM_NAMES: readonly string[] = [...PLATFORMS.keys()];

/** The adapter for a `--platform` name (exact spelling), or undefined for a name mnemo does not know. */
export function platformNamed(name: string): Platform | undefined {
  return PLATFORMS.get(name);
}

/**
 * The adapter for a payload that arrived through `declared`'s hook command. Hosts read each other's
 * files: VS Code runs hooks from Claude Code's settings and from `~/.copilot/hooks`; Copilot CLI runs
 * Claude Code's settings hooks and `.github/hooks` (where VS Code's live); Cursor runs Claude Code's. Such a payload is read, and stored, as the host that sent
 * it, so the same session seen through two hook files is one session and its events de-duplicate.
 */
export function adapterFor(declared: Platform, p: Rec): Platform {
  if (declared === claudeCode) {
    if (isVsCodePayload(p)) return vscode;
    if (isCursorPayload(p)) return cursor;
    if (isCopilotCamelPayload(p) || isCopilotSnakePayload(p)) return copilot;
  }
  if (declared === copilot && isVsCodePayload(p)) return vscode;
  if (declared === vscode && isCopilotSnakePayload(p)) return copilot;
  return declared;
}
