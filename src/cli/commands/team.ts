/**
 * @module cli/commands/team
 * `mnemo team <subcommand>`: a table like cli/main's, each subcommand loaded only when it runs (so
 * nothing else pays for `pg`). Admin subcommands live in team-admin.ts; a member's in their own module.
 */
import { UsageError, type Command } from '../io.ts';

interface Sub {
  readonly summary: string;
  readonly load: () => Promise<Command>;
}

export const TEAM_SUBCOMMANDS: Readonly<Record<string, Sub>> = {
  init: { summary: 'init URL --team NAME      (admin) create or migrate the server schema and a team [--admin ROLE] [--json]', load: async () => (await import('./team-admin.ts')).initCommand },
  'add-member': { summary: 'add-member ROLE [--team NAME] (admin) let an existing login role into the team [--admin] [--url URL] [--json]', load: async () => (await import('./team-admin.ts')).addMemberCommand },
  'remove-member': { summary: 'remove-member ROLE [--team NAME] (admin) take a role out of the team [--url URL] [--json]', load: async () => (await import('./team-admin.ts')).removeMemberCommand },
  connect: { summary: 'connect [URL] [--team NAME] [--service S]  connect this machine to the team server (no password stored) [--no-sync] [--json]', load: async () => (await import('./team-sync.ts')).connectCommand },
  disconnect: { summary: "disconnect               stop syncing; teammates' records are deleted here, yours keep waiting [--json]", load: async () => (await import('./team-sync.ts')).disconnectCommand },
  share: { summary: 'share [DIR]              share a project (identity: its git remote) [--no-prompts] [--history] [--as KEY] [--json]', load: async () => (await import('./team-sync.ts')).shareCommand },
  unshare: { summary: 'unshare [DIR]            stop sharing a project (what is on the server stays; forget removes it) [--json]', load: async () => (await import('./team-sync.ts')).unshareCommand },
  sync: { summary: 'sync                     push what waits and pull teammates\' records now [--retry] [--json]', load: async () => (await import('./team-sync.ts')).syncCommand },
  status: { summary: 'status                   connection, shared projects, what waits to be shared [--offline] [--limit N] [--json]', load: async () => (await import('./team-sync.ts')).statusCommand },
  'keep-local': { summary: 'keep-local <id...> | --session N  never share these records [--json]', load: async () => (await import('./team-sync.ts')).keepLocalCommand },
};

function usage(): string {
  return ['usage: mnemo team <subcommand>', '', ...Object.values(TEAM_SUBCOMMANDS).map((s) => `  ${s.summary}`)].join('\n');
}

export const teamCommand: Command = async (args, io) => {
  const [name, ...rest] = args;
  if (!name || name === '--help' || name === '-h') {
    io.out(usage());
    return name ? 0 : 2;
  }
  const sub = TEAM_SUBCOMMANDS[name];
  if (!sub) throw new UsageError(`unknown subcommand ${JSON.stringify(name)}\n\n${usage()}`);
  return (await sub.load())(rest, io);
};
