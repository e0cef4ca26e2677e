/**
 * @module install/assistants/codex
 * OpenAI Codex CLI: hooks in `hooks.json` (the same matcher-group shape as Claude Code, timeouts in
 * seconds) and the MCP server as a `[mcp_servers.mnemo]` table in `config.toml`, both under `~/.codex`
 * or a project's `.codex`. Facts: reference/hooks-and-mcp.md §B1 and codex-rs/config hook_config.rs
 * (HooksFile denies unknown top-level keys but ignores unknown event names, so events that an older
 * Codex lacks are harmless). Codex runs hook commands with `$SHELL -lc`, or `cmd /C` on Windows.
 */
import type { AssistantSpec, ConfigFile, SpecContext } from '../types.ts';
import { nestedHooksFile } from '../config-files.ts';
import { handlerIsOurs, hookArgv } from '../hook-command.ts';
import { joinCmd, joinPosix } from '../shell-quote.ts';
import { removeTable, upsertTable } from '../toml-table.ts';

/** Codex's events that mnemo records, with timeouts in seconds. */
export const CODEX_EVENTS: ReadonlyArray<readonly [event: string, matcher: string | undefined, timeout: number]> = [
  ['SessionStart', 'startup|clear|compact', 15],
  ['UserPromptSubmit', undefined, 10],
  ['PreToolUse', undefined, 10],
  ['PostToolUse', undefined, 10],
  ['PreCompact', undefined, 10],
  ['PostCompact', undefined, 10],
  ['SubagentStop', undefined, 10],
  ['Stop', undefined, 10],
  // Codex clamps SessionEnd hooks to 3 s (with a warning above that).
  ['SessionEnd', undefined, 3],
];

function hookLine(ctx: SpecContext, argv: readonly string[], event: string): string {
  const full = hookArgv(argv, event, 'codex');
  return ctx.windows ? joinCmd(full) : joinPosix(full);
}

function hooksJson(file: string, ctx: SpecContext): ConfigFile {
  const groups: Record<string, unknown> = {};
  for (const [event, matcher, timeout] of CODEX_EVENTS) {
    const handler = { type: 'command', command: hookLine(ctx, ctx.hookCommand, event), timeout };
    groups[event] = matcher === undefined ? { hooks: [handler] } : { matcher, hooks: [handler] };
  }
  const ours = handlerIsOurs(ctx, CODEX_EVENTS.map(([e]) => e), (argv, e) => [hookLine(ctx, argv, e)]);
  return nestedHooksFile(file, ['hooks'], groups, ours);
}

/** `[mcp_servers.mnemo]` in config.toml. */
function configToml(file: string, ctx: SpecContext): ConfigFile {
  const [command = '', ...args] = ctx.mcpCommand;
  const path = ['mcp_servers', 'mnemo'];
  return {
    path: file,
    add: (text) => upsertTable(text ?? '', file, path, { command, args }),
    remove: (text, original) => removeTable(text, file, path, original),
    isEmpty: (text) => text.trim() === '',
  };
}

export const codex: AssistantSpec = {
  name: 'codex',
  title: 'Codex CLI',
  scopes: ['user', 'project'],
  files(ctx) {
    const dir = ctx.path.join(ctx.scope === 'project' && ctx.projectDir !== undefined ? ctx.projectDir : ctx.home, '.codex');
    return [hooksJson(ctx.path.join(dir, 'hooks.json'), ctx), configToml(ctx.path.join(dir, 'config.toml'), ctx)];
  },
  notes(ctx) {
    return [
      'Codex asks you to review and trust new hooks before they run: open /hooks in Codex and trust the mnemo entries.',
      'Codex builds before hooks were on by default need `[features] codex_hooks = true` in config.toml.',
      ...(ctx.scope === 'project' ? ['Project hooks and servers load only when the project is trusted in Codex.'] : []),
      'If CODEX_HOME is set, Codex reads its configuration there instead of ~/.codex.',
    ];
  },
};
