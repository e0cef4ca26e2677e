/**
 * @module install/assistants/copilot
 * GitHub Copilot CLI: a hook file of our own (`{"version": 1, "hooks": {camelCaseEvent: [{type,
 * bash, powershell, timeoutSec}]}}`) in `~/.copilot/hooks/` or a repository's `.github/hooks/`, and the
 * MCP server in `~/.copilot/mcp-config.json` (`mcpServers`, `type: "local"`).
 * Facts: github/docs content/copilot/reference/hooks-reference.md.
 */
import type { AssistantSpec, SpecContext } from '../types.ts';
import { composedFile, flatHooksFile, keyedEntryFile } from '../config-files.ts';
import { handlerIsOurs, hookArgv } from '../hook-command.ts';
import { joinPosix, joinPowerShell } from '../shell-quote.ts';

/** Copilot CLI events that mnemo records, with timeouts in seconds. */
export const COPILOT_EVENTS: ReadonlyArray<readonly [event: string, timeout: number]> = [
  ['sessionStart', 15],
  ['userPromptSubmitted', 10],
  ['preToolUse', 10],
  ['postToolUse', 10],
  ['postToolUseFailure', 10],
  ['errorOccurred', 10],
  ['subagentStop', 10],
  ['preCompact', 10],
  ['agentStop', 10],
  ['sessionEnd', 10],
];

function handler(argv: readonly string[], event: string, timeoutSec: number): Record<string, unknown> {
  const full = hookArgv(argv, event, 'copilot');
  return { type: 'command', bash: joinPosix(full), powershell: joinPowerShell(full), timeoutSec };
}

function files(ctx: SpecContext) {
  const p = ctx.path;
  const project = ctx.scope === 'project' && ctx.projectDir !== undefined ? ctx.projectDir : undefined;
  const hooksPath = project ? p.join(project, '.github', 'hooks', 'mnemo-copilot.json') : p.join(ctx.home, '.copilot', 'hooks', 'mnemo-copilot.json');
  const handlers: Record<string, unknown> = {};
  for (const [event, timeout] of COPILOT_EVENTS) handlers[event] = handler(ctx.hookCommand, event, timeout);
  const ours = handlerIsOurs(ctx, COPILOT_EVENTS.map(([e]) => e), (argv, e) => [joinPosix(hookArgv(argv, e, 'copilot'))], ['bash', 'command']);
  const hooks = composedFile(hooksPath, [keyedEntryFile(hooksPath, ['version'], 1), flatHooksFile(hooksPath, ['hooks'], handlers, ours)]);
  if (project) return [hooks];
  const [command = '', ...args] = ctx.mcpCommand;
  return [hooks, keyedEntryFile(p.join(ctx.home, '.copilot', 'mcp-config.json'), ['mcpServers', 'mnemo'], { type: 'local', command, args, tools: ['*'] })];
}

export const copilot: AssistantSpec = {
  name: 'copilot',
  title: 'GitHub Copilot CLI',
  scopes: ['user', 'project'],
  files,
  notes: (ctx) => [
    'Start a new Copilot CLI session to load the hooks; /mcp show lists the mnemo server.',
    ctx.scope === 'project'
      ? 'Project scope installs only the hooks; register the server once with `mnemo install copilot` (user scope).'
      : 'VS Code reads ~/.copilot/hooks/ too; do not also install `vscode` at user scope, or VS Code events are recorded twice.',
    'If COPILOT_HOME is set, Copilot CLI reads its configuration there instead of ~/.copilot.',
  ],
};
