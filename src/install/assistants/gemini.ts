/**
 * @module install/assistants/gemini
 * Gemini CLI keeps hooks and MCP servers in one settings.json (`~/.gemini/` or a project's
 * `.gemini/`). Hooks are matcher groups like Claude Code's, with Gemini's own event names and
 * timeouts in milliseconds; tool matchers are regular expressions and MCP tools are named
 * `mcp__<server>__<tool>`. Facts: google-gemini/gemini-cli docs/hooks/reference.md.
 */
import type { AssistantSpec, SpecContext } from '../types.ts';
import { composedFile, keyedEntryFile, nestedHooksFile } from '../config-files.ts';
import { handlerIsOurs, hookArgv } from '../hook-command.ts';
import { joinCmd, joinPosix } from '../shell-quote.ts';

/** Skips our own MCP tools at the source; the hook filters them as well. */
export const GEMINI_NOT_OUR_TOOLS = '^(?!mcp__mnemo__).*';

/**
 * Gemini's events that mnemo records, with timeouts in milliseconds. SessionStart has no matcher:
 * lifecycle matchers are exact strings, and the hook itself skips injection on resume.
 */
export const GEMINI_EVENTS: ReadonlyArray<readonly [event: string, matcher: string | undefined, timeoutMs: number]> = [
  ['SessionStart', undefined, 15000],
  ['BeforeAgent', undefined, 10000],
  ['BeforeTool', GEMINI_NOT_OUR_TOOLS, 10000],
  ['AfterTool', GEMINI_NOT_OUR_TOOLS, 10000],
  ['AfterAgent', undefined, 10000],
  ['PreCompress', undefined, 10000],
  ['SessionEnd', undefined, 10000],
];

function hookLine(ctx: SpecContext, argv: readonly string[], event: string): string {
  const full = hookArgv(argv, event, 'gemini');
  return ctx.windows ? joinCmd(full) : joinPosix(full);
}

export const gemini: AssistantSpec = {
  name: 'gemini',
  title: 'Gemini CLI',
  scopes: ['user', 'project'],
  files(ctx) {
    const base = ctx.scope === 'project' && ctx.projectDir !== undefined ? ctx.projectDir : ctx.home;
    const file = ctx.path.join(base, '.gemini', 'settings.json');
    const groups: Record<string, unknown> = {};
    for (const [event, matcher, timeout] of GEMINI_EVENTS) {
      const handler = { name: `mnemo-${event}`, type: 'command', command: hookLine(ctx, ctx.hookCommand, event), timeout };
      groups[event] = matcher === undefined ? { hooks: [handler] } : { matcher, hooks: [handler] };
    }
    const ours = handlerIsOurs(ctx, GEMINI_EVENTS.map(([e]) => e), (argv, e) => [hookLine(ctx, argv, e)]);
    const [command = '', ...args] = ctx.mcpCommand;
    return [
      composedFile(file, [
        nestedHooksFile(file, ['hooks'], groups, ours),
        keyedEntryFile(file, ['mcpServers', 'mnemo'], { command, args }),
      ]),
    ];
  },
  notes: () => [
    'Restart Gemini CLI to load the hooks and the mnemo MCP server; Gemini starts MCP servers only in folders you trust.',
    'Older Gemini CLI releases ran hooks only with hooks enabled in settings (tools.enableHooks / hooksConfig.enabled).',
  ],
};
