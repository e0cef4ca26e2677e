/**
 * @module store/postgres/schema
 * Applying the server migrations (admin) and checking the server's version (every client, on open).
 */
import type { ClientBase } from 'pg';
import { TEAM_SCHEMA_VERSION, TeamServerError } from '../../core/team/contract.ts';
import { MIGRATION_LOCK, SERVER_MIGRATIONS } from './migrations.ts';

/** The server's schema version: undefined when `team init` never ran on this database. */
export async function serverVersion(db: ClientBase): Promise<number | undefined> {
  // The catalogs are readable by everyone, so this works before any grant.
  const present = await db.query<{ ok: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM pg_catalog.pg_class c JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
                    WHERE n.nspname = 'mnemo' AND c.relname = 'mnemo_schema') AS ok`,
  );
  if (!present.rows[0]?.ok) return undefined;
  const usable = await db.query<{ ok: boolean }>(
    `SELECT has_schema_privilege(n.oid, 'USAGE') AND has_table_privilege(c.oid, 'SELECT') AS ok
     FROM pg_catalog.pg_class c JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = 'mnemo' AND c.relname = 'mnemo_schema'`,
  );
  if (!usable.rows[0]?.ok) {
    throw new TeamServerError('NOT_MEMBER', `role "${await who(db)}" is in no mnemo team on this server (an admin runs \`mnemo team add-member\`)`);
  }
  const r = await db.query<{ v: number | null }>('SELECT max(version) AS v FROM mnemo.mnemo_schema');
  return r.rows[0]?.v ?? 0;
}

async function who(db: ClientBase): Promise<string> {
  return (await db.query<{ u: string }>('SELECT session_user AS u')).rows[0]!.u;
}

/** Refuse a server whose schema this build does not speak, saying what to do. */
export async function checkSchema(db: ClientBase): Promise<number> {
  const v = await serverVersion(db);
  if (v === undefined) throw new TeamServerError('NO_SCHEMA', 'this database has no mnemo team schema: an admin runs `mnemo team init URL --team NAME` first');
  if (v < TEAM_SCHEMA_VERSION) {
    throw new TeamServerError('OLD_SCHEMA', `the team server's schema is version ${v}, this mnemo needs ${TEAM_SCHEMA_VERSION}: an admin upgrades it with \`mnemo team init\` (it migrates in place)`);
  }
  if (v > TEAM_SCHEMA_VERSION) {
    throw new TeamServerError('NEWER_SCHEMA', `the team server's schema is version ${v}, newer than this mnemo understands (${TEAM_SCHEMA_VERSION}): upgrade mnemo`);
  }
  return v;
}

/** Apply every missing migration, each in its own transaction, under an advisory lock. Returns the versions applied. */
export async function migrate(db: ClientBase): Promise<number[]> {
  const applied: number[] = [];
  await db.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
  try {
    const current = (await serverVersion(db)) ?? 0;
    const newest = SERVER_MIGRATIONS[SERVER_MIGRATIONS.length - 1]!.version;
    if (current > newest) throw new TeamServerError('NEWER_SCHEMA', `the server's schema is version ${current}, newer than this mnemo (${newest}): upgrade mnemo before running init`);
    for (const m of SERVER_MIGRATIONS) {
      if (m.version <= current) continue;
      await db.query('BEGIN');
      try {
        await db.query(m.sql);
        await db.query('INSERT INTO mnemo.mnemo_schema (version) VALUES ($1)', [m.version]);
        await db.query('COMMIT');
      } catch (err) {
        await db.query('ROLLBACK').catch(() => undefined);
        throw err;
      }
      applied.push(m.version);
    }
  } finally {
    await db.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
  }
  return applied;
}
