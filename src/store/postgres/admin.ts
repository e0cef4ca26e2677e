/**
 * @module store/postgres/admin
 * What an admin does: create the schema and a team (`mnemo team init`), and add or remove an
 * existing login role (`add-member` / `remove-member`). Role names are user input: every one is
 * checked against pg_roles through a parameter and written into DDL only as a quoted identifier.
 */
import type { ClientBase } from 'pg';
import { TeamServerError } from '../../core/team/contract.ts';
import { migrate } from './schema.ts';

export const TEAM_NAME_RE = /^[a-z0-9][a-z0-9_-]{0,39}$/;

export function teamRoles(team: string): { member: string; admin: string } {
  return { member: `mnemo_team_${team}`, admin: `mnemo_team_${team}_admin` };
}

/** A PostgreSQL identifier, double-quoted with inner quotes doubled (what `format('%I')` does). */
export function ident(name: string): string {
  if (name.includes('\u0000')) throw new TeamServerError('INVALID', 'a role name cannot hold a NUL character');
  return `"${name.replace(/"/g, '""')}"`;
}

function checkTeamName(team: string): void {
  if (!TEAM_NAME_RE.test(team)) throw new TeamServerError('INVALID', `team names are 1–40 lower-case letters, digits, - or _, starting with a letter or digit (got ${JSON.stringify(team)})`);
}

export interface InitResult {
  readonly migrated: readonly number[];
  readonly team: string;
  readonly created: boolean;
  readonly memberRole: string;
  readonly adminRole: string;
}

async function roleExists(db: ClientBase, role: string): Promise<{ login: boolean } | undefined> {
  // No role can have such a name (and PostgreSQL would refuse the parameter itself).
  if (typeof role !== 'string' || !role || role.includes('\u0000') || Buffer.byteLength(role) > 63) return undefined;
  const r = await db.query<{ rolcanlogin: boolean }>('SELECT rolcanlogin FROM pg_catalog.pg_roles WHERE rolname = $1', [role]);
  return r.rows[0] ? { login: r.rows[0].rolcanlogin } : undefined;
}

/**
 * Migrate the schema and create `team` (idempotent: an existing team is left as it is). Needs a role
 * that may create roles and own the schema (a superuser, or CREATEROLE plus CREATE on the database).
 */
export async function initTeam(db: ClientBase, team: string): Promise<InitResult> {
  checkTeamName(team);
  const migrated = await migrate(db);
  const { member, admin } = teamRoles(team);
  await db.query('BEGIN');
  try {
    await db.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`mnemo team ${team}`]);
    const existing = await db.query('SELECT 1 FROM mnemo.teams WHERE name = $1', [team]);
    let created = false;
    if (!existing.rowCount) {
      for (const role of [member, admin]) if (!(await roleExists(db, role))) await db.query(`CREATE ROLE ${ident(role)} NOLOGIN`);
      await db.query(`GRANT ${ident(member)} TO ${ident(admin)} WITH ADMIN OPTION`);
      await db.query(`GRANT USAGE ON SCHEMA mnemo TO ${ident(member)}`);
      await db.query(`GRANT SELECT ON mnemo.mnemo_schema, mnemo.teams, mnemo.tombstones TO ${ident(member)}`);
      await db.query(`GRANT SELECT, INSERT, UPDATE, DELETE ON mnemo.records TO ${ident(member)}`);
      const t = await db.query<{ team_id: number }>('INSERT INTO mnemo.teams (name, member_role, admin_role) VALUES ($1, $2, $3) RETURNING team_id', [team, member, admin]);
      await db.query('INSERT INTO mnemo.team_seq (team_id) VALUES ($1)', [t.rows[0]!.team_id]);
      created = true;
    }
    await db.query('COMMIT');
    return { migrated, team, created, memberRole: member, adminRole: admin };
  } catch (err) {
    await db.query('ROLLBACK').catch(() => undefined);
    throw err;
  }
}

async function teamOf(db: ClientBase, team: string): Promise<{ member: string; admin: string }> {
  checkTeamName(team);
  const r = await db.query<{ member_role: string; admin_role: string }>('SELECT member_role, admin_role FROM mnemo.teams WHERE name = $1', [team]);
  if (!r.rows[0]) throw new TeamServerError('NO_TEAM', `no team "${team}" on this server (or you are not in it): create it with \`mnemo team init URL --team ${team}\``);
  return { member: r.rows[0].member_role, admin: r.rows[0].admin_role };
}

export interface MemberResult {
  readonly team: string;
  readonly role: string;
  readonly admin: boolean;
  /** For remove: the role still reaches the team through another grant (a group it belongs to). */
  readonly stillMember?: boolean;
  readonly warning?: string;
}

/** Grant an existing role the team (and its admin role with `admin`). */
export async function addMember(db: ClientBase, team: string, role: string, opts: { admin?: boolean } = {}): Promise<MemberResult> {
  const roles = await teamOf(db, team);
  const found = await roleExists(db, role);
  if (!found) throw new TeamServerError('INVALID', `no role ${JSON.stringify(role)} on this server: create it first (CREATE ROLE … LOGIN PASSWORD …)`);
  if (role === roles.member || role === roles.admin) throw new TeamServerError('INVALID', 'that is one of the team\'s own roles');
  await db.query(`GRANT ${ident(roles.member)} TO ${ident(role)}`);
  if (opts.admin) await db.query(`GRANT ${ident(roles.admin)} TO ${ident(role)}`);
  return { team, role, admin: !!opts.admin, ...(found.login ? {} : { warning: `role ${role} cannot log in (NOLOGIN): its members can, through it` }) };
}

/** Revoke the team (and its admin role) from a role. Its records stay, authored by it. */
export async function removeMember(db: ClientBase, team: string, role: string): Promise<MemberResult> {
  const roles = await teamOf(db, team);
  if (!(await roleExists(db, role))) throw new TeamServerError('INVALID', `no role ${JSON.stringify(role)} on this server`);
  await db.query(`REVOKE ${ident(roles.admin)} FROM ${ident(role)}`);
  await db.query(`REVOKE ${ident(roles.member)} FROM ${ident(role)}`);
  const still = await db.query<{ ok: boolean }>(`SELECT pg_has_role($1, $2, 'USAGE') AS ok`, [role, roles.member]);
  const stillMember = !!still.rows[0]?.ok;
  return { team, role, admin: false, stillMember, ...(stillMember ? { warning: `${role} still reaches the team through another role it belongs to` } : {}) };
}
