/**
 * @module cli/commands/team-admin
 * The admin's team commands. They connect as the admin's own PostgreSQL role (URL, service file or
 * PG* environment, password from ~/.pgpass or PGPASSWORD) and save nothing: an admin's rights stay in
 * PostgreSQL, not in mnemo's config.
 *   mnemo team init URL --team NAME [--admin ROLE]   schema (migrated to this build's version) + team
 *   mnemo team add-member ROLE [--team NAME] [--admin]
 *   mnemo team remove-member ROLE [--team NAME]
 */
import { parseArgs } from 'node:util';
import type { TeamConnection } from '../../core/team/contract.ts';
import { UsageError, type Command, type Io } from '../io.ts';

function parse<A extends 'string' | 'boolean'>(args: string[], admin: A) {
  try {
    return parseArgs({
      args,
      options: { team: { type: 'string' }, url: { type: 'string' }, service: { type: 'string' }, json: { type: 'boolean' }, admin: { type: admin } },
      allowPositionals: true,
      strict: true,
    });
  } catch (err) {
    throw new UsageError((err as Error).message);
  }
}

function teamName(v: string | boolean | undefined, io: Io): string {
  const team = typeof v === 'string' ? v : io.env.MNEMO_TEAM;
  if (!team) throw new UsageError('which team? give --team NAME (or set MNEMO_TEAM)');
  return team;
}

function target(values: { url?: string | boolean; service?: string | boolean }, io: Io): Pick<TeamConnection, 'url' | 'service'> {
  const url = typeof values.url === 'string' ? values.url : io.env.MNEMO_TEAM_URL;
  return { ...(url ? { url } : {}), ...(typeof values.service === 'string' ? { service: values.service } : {}) };
}

async function withAdminClient<T>(conn: Pick<TeamConnection, 'url' | 'service'>, io: Io, fn: (c: import('pg').Client) => Promise<T>): Promise<T> {
  const { connectClient } = await import('../../store/postgres/open.ts');
  const { client } = await connectClient(conn, { env: io.env });
  try {
    return await fn(client);
  } finally {
    await client.end().catch(() => undefined);
  }
}

export const initCommand: Command = async (args, io) => {
  const { values, positionals } = parse(args, 'string');
  if (positionals.length > 1) throw new UsageError('usage: mnemo team init URL --team NAME [--admin ROLE]');
  const team = teamName(values.team, io);
  const conn = positionals[0] ? { url: positionals[0] } : target(values, io);
  const { initTeam, addMember } = await import('../../store/postgres/admin.ts');
  const { describeConnection } = await import('../../store/postgres/connect.ts');
  const out = await withAdminClient(conn, io, async (c) => {
    const init = await initTeam(c, team);
    const admin = typeof values.admin === 'string' ? await addMember(c, team, values.admin, { admin: true }) : undefined;
    return { ...init, ...(admin ? { admin: admin.role } : {}) };
  });
  if (values.json) io.out(JSON.stringify({ server: describeConnection(conn, io.env), ...out }));
  else {
    io.out(`${describeConnection(conn, io.env)}: schema ${out.migrated.length ? `migrated to version ${out.migrated[out.migrated.length - 1]}` : 'up to date'}`);
    io.out(`team ${out.team} ${out.created ? 'created' : 'already there'} (members: role ${out.memberRole}, admins: role ${out.adminRole})`);
    if (out.admin) io.out(`${out.admin} is an admin of ${out.team}`);
    io.out(`next: mnemo team add-member ROLE --team ${out.team}   (an existing LOGIN role)`);
  }
  return 0;
};

async function memberCommand(args: string[], io: Io, op: 'add' | 'remove'): Promise<number> {
  const { values, positionals } = parse(args, 'boolean');
  if (op === 'remove' && values.admin) throw new UsageError('remove-member takes the role out of the team and its admins at once: no --admin');
  if (positionals.length !== 1) throw new UsageError(`usage: mnemo team ${op}-member ROLE [--team NAME]`);
  const role = positionals[0]!;
  const team = teamName(values.team, io);
  const { addMember, removeMember } = await import('../../store/postgres/admin.ts');
  const res = await withAdminClient(target(values, io), io, (c) => (op === 'add' ? addMember(c, team, role, { admin: values.admin === true }) : removeMember(c, team, role)));
  if (values.json) io.out(JSON.stringify(res));
  else {
    io.out(op === 'add' ? `${res.role} is now a ${res.admin ? 'member and admin' : 'member'} of team ${res.team}` : `${res.role} is no longer a member of team ${res.team}`);
    if (res.warning) io.err(`warning: ${res.warning}`);
  }
  return 0;
}

export const addMemberCommand: Command = (args, io) => memberCommand(args, io, 'add');
export const removeMemberCommand: Command = (args, io) => memberCommand(args, io, 'remove');
