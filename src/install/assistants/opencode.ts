/**
 * @module install/assistants/opencode
 * OpenCode (V1 plugin API): a small plugin file of our own in `~/.config/opencode/plugins/` (or a
 * project's `.opencode/plugins/`) that forwards OpenCode's events to mnemo's hook entry, and the MCP
 * server under `mcp` in `opencode.json` (`{"type": "local", "command": [...], "enabled": true}`).
 * Facts: reference/hooks-and-mcp.md §B7 and opencode.ai/v1/docs/plugins. OpenCode V2 may differ.
 */
import type { AssistantSpec, SpecContext } from '../types.ts';
import { keyedEntryFile, ownedFile } from '../config-files.ts';

export const OPENCODE_PLUGIN_MARKER = '// mnemo:opencode-plugin';

/** OpenCode bus events worth a record; everything else (message deltas, LSP, TUI) is noise. */
const FORWARDED_EVENTS = ['session.created', 'session.idle', 'session.compacted', 'session.error', 'session.deleted'];

/**
 * The plugin source. Each forwarded event starts the hook entry once, detached from OpenCode's work:
 * the payload goes to its stdin, its output is ignored, and a failure never reaches OpenCode.
 */
export function opencodePlugin(ctx: SpecContext): string {
  return `${OPENCODE_PLUGIN_MARKER} (written by \`mnemo install opencode\`; \`mnemo uninstall opencode\` removes it)
// Forwards OpenCode events to mnemo: \`<hook> <event> --platform opencode\` with the event as JSON on stdin.
import { spawn } from "node:child_process";

const HOOK = ${JSON.stringify(ctx.hookCommand)};
const FORWARDED = new Set(${JSON.stringify(FORWARDED_EVENTS)});

function send(event, payload) {
  try {
    const [command, ...args] = HOOK;
    const child = spawn(command, [...args, event, "--platform", "opencode"], { stdio: ["pipe", "ignore", "ignore"], windowsHide: true });
    child.on("error", () => {});
    child.stdin.on("error", () => {});
    child.stdin.end(JSON.stringify(payload));
  } catch {
    // mnemo must never disturb OpenCode.
  }
}

export const MnemoPlugin = async ({ directory, worktree }) => {
  const where = { cwd: directory, worktree };
  // Older OpenCode builds pass no args to tool.execute.after: remember them by call id.
  const argsByCall = new Map();
  return {
    event: async ({ event }) => {
      if (FORWARDED.has(event.type)) send(event.type, { ...where, event });
    },
    "chat.message": async (input, output) => send("chat.message", { ...where, input, message: output?.message, parts: output?.parts }),
    "tool.execute.before": async (input, output) => {
      if (argsByCall.size > 500) argsByCall.clear();
      argsByCall.set(input?.callID, output?.args);
      send("tool.execute.before", { ...where, input, args: output?.args });
    },
    "tool.execute.after": async (input, output) => {
      const args = input?.args ?? argsByCall.get(input?.callID);
      argsByCall.delete(input?.callID);
      send("tool.execute.after", { ...where, input, args, output });
    },
  };
};
`;
}

export const opencode: AssistantSpec = {
  name: 'opencode',
  title: 'OpenCode',
  scopes: ['user', 'project'],
  files(ctx) {
    const p = ctx.path;
    const project = ctx.scope === 'project' && ctx.projectDir !== undefined ? ctx.projectDir : undefined;
    const configDir = p.join(ctx.home, '.config', 'opencode');
    const pluginFile = project ? p.join(project, '.opencode', 'plugins', 'mnemo.js') : p.join(configDir, 'plugins', 'mnemo.js');
    const configFile = project ? p.join(project, 'opencode.json') : p.join(configDir, 'opencode.json');
    return [
      ownedFile(pluginFile, opencodePlugin(ctx), OPENCODE_PLUGIN_MARKER),
      keyedEntryFile(configFile, ['mcp', 'mnemo'], { type: 'local', command: [...ctx.mcpCommand], enabled: true }),
    ];
  },
  notes: () => [
    'Restart OpenCode to load the plugin and the mnemo MCP server.',
    'OpenCode plugins cannot inject context at session start; the model reads memory through the mnemo MCP tools (context, search).',
    'If your configuration is opencode.jsonc, move the "mcp" entry there by hand (mnemo edits opencode.json).',
  ],
};
