/**
 * @module install/assistants/claude-code
 * Claude Code without the plugin: hooks in settings.json, the MCP server in ~/.claude.json (what
 * `claude mcp add --scope user` writes) or, for a project, in .claude/settings.json and .mcp.json.
 * Facts: reference/hooks-and-mcp.md §A (events, matchers, timeouts, SessionEnd's 1.5 s budget).
 */
import type { AssistantSpec, ConfigFile, HookFeatures, SpecContext } from '../types.ts';
import { keyedEntryFile, nestedHooksFile } from '../config-files.ts';
import { handlerIsOurs, hookArgv } from '../hook-command.ts';
import { joinPosix } from '../shell-quote.ts';

/**
 * Tool events skip our own MCP tools at the source (the hook filters them too): the user-scope server
 * `mnemo` shows up as `mcp__mnemo__*`, the plugin's as `mcp__plugin_mnemo_mnemo__*`. The `^`, `(` and
 * `?` make Claude Code treat the matcher as a JavaScript RegExp.
 */
export const NOT_OUR_TOOLS = '^(?!mcp__(?:plugin_mnemo_)?mnemo__).*';

/**
 * Each event we hook, with its matcher and timeout (seconds). No resume at SessionStart: the index is
 * already in the resumed transcript. SessionEnd stays short because settings timeouts raise the shared
 * budget Claude Code waits for at exit, and our SessionEnd work is fast by design.
 */
export const CLAUDE_EVENTS: ReadonlyArray<readonly [event: string, matcher: string | undefined, timeout: number]> = [
  ['SessionStart', 'startup|clear|compact', 15],
  ['UserPromptSubmit', undefined, 10],
  ['PreToolUse', NOT_OUR_TOOLS, 10],
  ['PostToolUse', NOT_OUR_TOOLS, 10],
  ['PostToolUseFailure', NOT_OUR_TOOLS, 10],
  ['Stop', undefined, 10],
  ['SubagentStop', undefined, 10],
  ['PreCompact', undefined, 10],
  ['PostCompact', undefined, 10],
  ['SessionEnd', undefined, 5],
];

/**
 * Events whose hook answers nothing, so Claude Code need not wait (`async: true` where it supports it).
 * Their events still land in order (hooks/entry marks such hooks busy in the spool). Not SessionStart
 * (it injects), PreCompact and PostCompact (the snapshot must be stored before the session restarts), or
 * SessionEnd (it closes the session).
 */
export const BACKGROUND_EVENTS: ReadonlySet<string> = new Set(['UserPromptSubmit', 'PreToolUse', 'PostToolUse', 'PostToolUseFailure', 'Stop', 'SubagentStop']);

/** Claude Code runs hook command strings with sh (Git Bash on Windows). */
function hookLine(argv: readonly string[], event: string): string {
  return joinPosix(hookArgv(argv, event));
}

/**
 * The matcher groups we want, one per event: in the exec form (no shell spawned) and in the background
 * where the installed Claude Code supports them, else a shell command line that the host waits for.
 */
export function claudeHookGroups(hookCommand: readonly string[], features: HookFeatures = { execForm: false, background: false }): Record<string, unknown> {
  const groups: Record<string, unknown> = {};
  for (const [event, matcher, timeout] of CLAUDE_EVENTS) {
    const [command = '', ...args] = hookArgv(hookCommand, event);
    const run = features.execForm ? { command, args: [...args] } : { command: hookLine(hookCommand, event) };
    const handler = { type: 'command', ...run, timeout, ...(features.background && BACKGROUND_EVENTS.has(event) ? { async: true } : {}) };
    groups[event] = matcher === undefined ? { hooks: [handler] } : { matcher, hooks: [handler] };
  }
  return groups;
}

/** The stdio server entry, in the shape `claude mcp add` writes. */
export function claudeMcpServer(mcpCommand: readonly string[]): Record<string, unknown> {
  const [command = '', ...args] = mcpCommand;
  return { type: 'stdio', command, args, env: {} };
}

function settingsFile(file: string, ctx: SpecContext): ConfigFile {
  const events = CLAUDE_EVENTS.map(([e]) => e);
  const ours = handlerIsOurs(ctx, events, (argv, e) => [hookLine(argv, e)]);
  return nestedHooksFile(file, ['hooks'], claudeHookGroups(ctx.hookCommand, ctx.hookFeatures), ours);
}

export const claudeCode: AssistantSpec = {
  name: 'claude-code',
  title: 'Claude Code',
  scopes: ['user', 'project'],
  files(ctx) {
    const p = ctx.path;
    const server = claudeMcpServer(ctx.mcpCommand);
    if (ctx.scope === 'project' && ctx.projectDir !== undefined) {
      return [
        settingsFile(p.join(ctx.projectDir, '.claude', 'settings.json'), ctx),
        keyedEntryFile(p.join(ctx.projectDir, '.mcp.json'), ['mcpServers', 'mnemo'], server),
      ];
    }
    return [
      settingsFile(p.join(ctx.home, '.claude', 'settings.json'), ctx),
      keyedEntryFile(p.join(ctx.home, '.claude.json'), ['mcpServers', 'mnemo'], server),
    ];
  },
  notes(ctx) {
    const notes = ['Restart Claude Code (or start a new session) to load the hooks and the mnemo MCP server.'];
    if (ctx.scope === 'project') {
      notes.push('Claude Code asks once before it starts a server from a project .mcp.json; approve "mnemo" (or run /mcp).');
      notes.push('The hook and server paths are absolute to this machine; keep .claude/settings.json and .mcp.json out of shared commits or install per developer.');
    }
    notes.push('Do not also load the mnemo plugin (claude --plugin-dir plugin): every event would be recorded twice.');
    notes.push('VS Code agent hooks, Copilot CLI and Cursor can also read Claude Code settings files; these hooks then fire there too, with those hosts\' payloads.');
    return notes;
  },
};
