/**
 * @module platforms
 * The registry of assistant adapters, by `--platform` name, and the one place that knows which hosts
 * read which other host's configuration files. Claude Code's adapter is here; the others are asked
 * for by name (platforms/hosts), which in the hook bundle loads them only when needed.
 */
import { platform as claudeCode } from './claude-code.ts';
import { otherHost } from './hosts.ts';
import { isCopilotCamelPayload, isCopilotSnakePayload, isCursorPayload, isVsCodePayload } from './payload-shapes.ts';
import type { Rec } from './payload.ts';
import type { Platform } from './platform.ts';

export type { HookResult, Parsed, Platform } from './platform.ts';
export { PayloadError, UnknownEventError, asPayload, safeName } from './payload.ts';

/** The default when a hook command names no platform (Claude Code's plugin and settings hooks). */
export const DEFAULT_PLATFORM = 'claude-code';

/** The other hosts' `--platform` names (platforms/hosts has their adapters; a test checks the two agree). */
const OTHER_NAMES: readonly string[] = ['codex', 'gemini', 'cursor', 'vscode', 'copilot', 'opencode'];

/** Every `--platform` name, in a stable order for messages. */
export const PLATFORM_NAMES: readonly string[] = [DEFAULT_PLATFORM, ...OTHER_NAMES];

/** The adapter for a `--platform` name (exact spelling), or undefined for a name mnemo does not know. */
export function platformNamed(name: string): Platform | undefined {
  if (name === DEFAULT_PLATFORM) return claudeCode;
  // Checked first: a name mnemo does not know loads no adapter.
  return OTHER_NAMES.includes(name) ? otherHost(name) : undefined;
}

/** The adapter named `name`, one of OTHER_NAMES. */
const host = (name: string): Platform => otherHost(name)!;

/**
 * The adapter for a payload that arrived through `declared`'s hook command. Hosts read each other's
 * files: VS Code runs hooks from Claude Code's settings and from `~/.copilot/hooks`; Copilot CLI runs
 * Claude Code's settings hooks and `.github/hooks` (where VS Code's live); Cursor runs Claude Code's. Such a payload is read, and stored, as the host that sent
 * it, so the same session seen through two hook files is one session and its events de-duplicate.
 */
export function adapterFor(declared: Platform, p: Rec): Platform {
  if (declared === claudeCode) {
    if (isVsCodePayload(p)) return host('vscode');
    if (isCursorPayload(p)) return host('cursor');
    if (isCopilotCamelPayload(p) || isCopilotSnakePayload(p)) return host('copilot');
    return declared;
  }
  if (declared === host('copilot') && isVsCodePayload(p)) return host('vscode');
  if (declared === host('vscode') && isCopilotSnakePayload(p)) return host('copilot');
  return declared;
}
