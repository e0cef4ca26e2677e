/**
 * @module install/assistants/vscode
 * VS Code agent hooks (Preview) and MCP. Hooks are a file of our own in a folder VS Code scans
 * (`~/.copilot/hooks/` for the user, `.github/hooks/` in a workspace), in VS Code's format:
 * `{"hooks": {Event: [{type, command, windows?, timeout}]}}` with timeouts in seconds. The server goes
 * into `mcp.json` under `servers` (the user profile's, or `.vscode/mcp.json`).
 * Facts: microsoft/vscode-docs docs/agent-customization/hooks.md, docs/agents/reference/mcp-configuration.md.
 */
import type { AssistantSpec, SpecContext } from '../types.ts';
import { flatHooksFile, keyedEntryFile } from '../config-files.ts';
import { handlerIsOurs, hookArgv } from '../hook-command.ts';
import { joinPosix, joinPowerShell } from '../shell-quote.ts';
import { appDataDir } from '../paths.ts';

/** VS Code's eight hook events minus SubagentStart, with timeouts in seconds. */
export const VSCODE_EVENTS: ReadonlyArray<readonly [event: string, timeout: number]> = [
  ['SessionStart', 15],
  ['UserPromptSubmit', 10],
  ['PreToolUse', 10],
  ['PostToolUse', 10],
  ['PreCompact', 10],
  ['SubagentStop', 10],
  ['Stop', 10],
];

function handler(ctx: SpecContext, argv: readonly string[], event: string, timeout: number): Record<string, unknown> {
  const full = hookArgv(argv, event, 'vscode');
  return ctx.windows
    ? { type: 'command', command: joinPosix(full), windows: joinPowerShell(full), timeout }
    : { type: 'command', command: joinPosix(full), timeout };
}

export const vscode: AssistantSpec = {
  name: 'vscode',
  title: 'VS Code',
  scopes: ['user', 'project'],
  files(ctx) {
    const p = ctx.path;
    const project = ctx.scope === 'project' && ctx.projectDir !== undefined ? ctx.projectDir : undefined;
    const hooksFile = project ? p.join(project, '.github', 'hooks', 'mnemo-vscode.json') : p.join(ctx.home, '.copilot', 'hooks', 'mnemo-vscode.json');
    const mcpFile = project ? p.join(project, '.vscode', 'mcp.json') : p.join(appDataDir(p, ctx.home, ctx.os, 'Code'), 'User', 'mcp.json');
    const handlers: Record<string, unknown> = {};
    for (const [event, timeout] of VSCODE_EVENTS) handlers[event] = handler(ctx, ctx.hookCommand, event, timeout);
    const ours = handlerIsOurs(ctx, VSCODE_EVENTS.map(([e]) => e), (argv, e) => [joinPosix(hookArgv(argv, e, 'vscode'))]);
    const [command = '', ...args] = ctx.mcpCommand;
    return [flatHooksFile(hooksFile, ['hooks'], handlers, ours), keyedEntryFile(mcpFile, ['servers', 'mnemo'], { type: 'stdio', command, args })];
  },
  notes: (ctx) => [
    'Agent hooks are a Preview feature of VS Code; reload the window after installing.',
    'VS Code also runs hooks from ~/.claude/settings.json: if mnemo is installed for Claude Code too, VS Code events are seen twice unless chat.hookFilesLocations turns one off.',
    ctx.scope === 'user'
      ? 'GitHub Copilot CLI reads ~/.copilot/hooks/ as well, so these hooks also record Copilot CLI sessions; do not also install `copilot` at user scope.'
      : 'GitHub Copilot CLI reads .github/hooks/ as well, so these hooks also record its sessions in this project.',
  ],
};
