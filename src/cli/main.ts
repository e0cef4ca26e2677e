/**
 * @module cli/main
 * `mnemo <command>`. Each command is imported only when it runs, so `mnemo hook` never loads the
 * MCP SDK and `mnemo search` never loads the viewer.
 */
import packageJson from '../../package.json' with { type: 'json' };
import type { Command, Io } from './io.ts';
import { UsageError } from './io.ts';

interface Entry {
  readonly summary: string;
  readonly load: () => Promise<Command>;
}

const COMMANDS: Readonly<Record<string, Entry>> = {
  hook: { summary: 'hook <Event>            run a lifecycle hook (payload on stdin)', load: async () => (await import('./commands/hook.ts')).hookCommand },
  mcp: { summary: 'mcp                     start the MCP server on stdio', load: async () => (await import('./commands/mcp.ts')).mcpCommand },
  search: { summary: 'search <query>          search memory [--limit N] [--project DIR] [--type T,..] [--event E,..] [--file PATH] [--session N] [--platform P] [--since D] [--until D] [--json]', load: async () => (await import('./commands/read.ts')).searchCommand },
  get: { summary: 'get <id...>             show observations in full [--json]', load: async () => (await import('./commands/read.ts')).getCommand },
  timeline: { summary: 'timeline <id>           what happened around an observation [--before N] [--after N] [--json]', load: async () => (await import('./commands/read.ts')).timelineCommand },
  context: { summary: 'context                 print what SessionStart would inject [--cwd DIR] [--json]', load: async () => (await import('./commands/read.ts')).contextCommand },
  sessions: { summary: 'sessions                list sessions [--project DIR] [--limit N] [--json]', load: async () => (await import('./commands/read.ts')).sessionsCommand },
  extract: { summary: 'extract [--platform P]  print the typed events hook payloads yield, read as the hooks of that assistant read them (stdin: JSON, array or NDJSON)', load: async () => (await import('./commands/extract.ts')).extractCommand },
  summarize: { summary: 'summarize <session>     write a session\'s brief and detailed summaries [--llm] [--json]', load: async () => (await import('./commands/summarize.ts')).summarizeCommand },
  import: { summary: 'import <source> [PATH]  claude-code [DIR] (transcripts, default ~/.claude/projects) | jsonl FILE (an export) [--json]', load: async () => (await import('./commands/import.ts')).importCommand },
  narrate: { summary: 'narrate                 read the model\'s narration around each tool call from the host transcripts now [--all] [--json]', load: async () => (await import('./commands/narrate.ts')).narrateCommand },
  embed: { summary: 'embed                   give stored observations vectors for semantic search (MNEMO_EMBEDDER) [--limit N] [--json]', load: async () => (await import('./commands/embed.ts')).embedCommand },
  export: { summary: 'export                  write every record as JSONL [--out FILE]', load: async () => (await import('./commands/export.ts')).exportCommand },
  forget: { summary: 'forget <id...>          delete observations [--session N] [--project DIR]', load: async () => (await import('./commands/forget.ts')).forgetCommand },
  prune: { summary: 'prune                   apply retention now: delete observations past MNEMO_RETENTION_DAYS / MNEMO_MAX_DB_MB [--days N] [--max-mb N] [--vacuum] [--json]', load: async () => (await import('./commands/prune.ts')).pruneCommand },
  doctor: { summary: 'doctor                  check the installation and the store [--repair] [--json]', load: async () => (await import('./commands/doctor.ts')).doctorCommand },
  viewer: { summary: 'viewer                  the local web viewer on 127.0.0.1 [--port P] [--open]', load: async () => (await import('./commands/viewer.ts')).viewerCommand },
  demo: { summary: 'demo                    replay a recorded session into a temporary store and show the result', load: async () => (await import('./commands/demo.ts')).demoCommand },
  install: { summary: 'install <assistant>     install hooks + MCP server (claude-code, codex, gemini, cursor, vscode, copilot, trae, opencode) [--project DIR] [--dry-run]', load: async () => (await import('./commands/install.ts')).installCommand },
  team: { summary: 'team <subcommand>       team memory on PostgreSQL: init, add-member, remove-member, … (mnemo team --help)', load: async () => (await import('./commands/team.ts')).teamCommand },
  uninstall: { summary: 'uninstall <assistant>   remove what install added [--project DIR] [--dry-run]', load: async () => (await import('./commands/install.ts')).uninstallCommand },
};

function usage(): string {
  return ['mnemo — memory for AI coding assistants', '', 'Usage: mnemo <command> [options]', '', ...Object.values(COMMANDS).map((c) => `  ${c.summary}`), '', 'Data directory: $MNEMO_DATA_DIR (default ~/.mnemo)'].join('\n');
}

export async function runCli(argv: readonly string[], io: Io): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === '--help' || name === '-h' || name === 'help') {
    io.out(usage());
    return name ? 0 : 2;
  }
  if (name === '--version' || name === '-v') {
    io.out(VERSION);
    return 0;
  }
  const entry = COMMANDS[name];
  if (!entry) {
    io.err(`mnemo: unknown command ${JSON.stringify(name)}\n\n${usage()}`);
    return 2;
  }
  try {
    return await (await entry.load())(rest, io);
  } catch (err) {
    if (err instanceof UsageError) {
      io.err(`mnemo ${name}: ${err.message}`);
      return 2;
    }
    const e = err as { code?: string; message?: string };
    io.err(`mnemo ${name}: ${e.message ?? String(err)}${e.code ? ` [${e.code}]` : ''}`);
    return 1;
  }
}

export const VERSION: string = packageJson.version;

