/**
 * @module install/assistants/cursor
 * Cursor: `hooks.json` (`{"version": 1, "hooks": {event: [{command, timeout}]}}`, camelCase events,
 * flat handler lists) and `mcp.json` (`mcpServers`), both in `~/.cursor/` or a project's `.cursor/`.
 * Facts: cursor.com/docs/hooks (event list) and reference/hooks-and-mcp.md §B3; timeouts in seconds.
 */
import type { AssistantSpec, SpecContext } from '../types.ts';
import { composedFile, flatHooksFile, keyedEntryFile } from '../config-files.ts';
import { handlerIsOurs, hookArgv } from '../hook-command.ts';
import { joinCmd, joinPosix } from '../shell-quote.ts';

/** Cursor agent events that mnemo records, with timeouts in seconds. */
export const CURSOR_EVENTS: ReadonlyArray<readonly [event: string, timeout: number]> = [
  ['sessionStart', 15],
  ['beforeSubmitPrompt', 10],
  ['preToolUse', 10],
  ['postToolUse', 10],
  ['postToolUseFailure', 10],
  ['subagentStop', 10],
  ['preCompact', 10],
  ['afterAgentResponse', 10],
  ['stop', 10],
  ['sessionEnd', 10],
];

function hookLine(ctx: SpecContext, argv: readonly string[], event: string): string {
  const full = hookArgv(argv, event, 'cursor');
  return ctx.windows ? joinCmd(full) : joinPosix(full);
}

export const cursor: AssistantSpec = {
  name: 'cursor',
  title: 'Cursor',
  scopes: ['user', 'project'],
  files(ctx) {
    const dir = ctx.path.join(ctx.scope === 'project' && ctx.projectDir !== undefined ? ctx.projectDir : ctx.home, '.cursor');
    const hooksPath = ctx.path.join(dir, 'hooks.json');
    const handlers: Record<string, unknown> = {};
    for (const [event, timeout] of CURSOR_EVENTS) handlers[event] = { command: hookLine(ctx, ctx.hookCommand, event), timeout };
    const ours = handlerIsOurs(ctx, CURSOR_EVENTS.map(([e]) => e), (argv, e) => [hookLine(ctx, argv, e)]);
    const [command = '', ...args] = ctx.mcpCommand;
    return [
      composedFile(hooksPath, [keyedEntryFile(hooksPath, ['version'], 1), flatHooksFile(hooksPath, ['hooks'], handlers, ours)]),
      keyedEntryFile(ctx.path.join(dir, 'mcp.json'), ['mcpServers', 'mnemo'], { command, args }),
    ];
  },
  notes: () => [
    'Restart Cursor (or reload the window); enable the mnemo server under Settings → MCP if Cursor lists it as disabled.',
    'Cursor can also run Claude Code hooks (third-party hooks setting); if both are on, events are seen twice.',
  ],
};
