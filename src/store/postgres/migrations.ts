/**
 * @module store/postgres/migrations
 * The team server's schema, as numbered migrations applied in order by `mnemo team init` (an admin),
 * each in its own transaction under an advisory lock, recorded in `mnemo.mnemo_schema`. Clients never
 * migrate: they read the version and refuse an older or newer server (see `checkSchema`).
 *
 * Who sees what is decided here, by the server, not by mnemo's client code:
 * - A team is a NOLOGIN role `mnemo_team_<name>` whose members are login roles; its admins are the
 *   members of `mnemo_team_<name>_admin` (which holds the team role WITH ADMIN OPTION, so a team admin
 *   adds and removes members without CREATEROLE).
 * - Every table carries `team_id`, and row-level security lets a role read only its teams' rows.
 * - `author` is set by a trigger from `session_user` (the login role: SET ROLE cannot change it) and
 *   checked again by the INSERT policy; a member may update or delete only rows they wrote, an admin any
 *   of the team's.
 * - `seq` is assigned by a trigger from the team's counter row, whose row lock is held until the
 *   pushing transaction commits: pushes of one team commit in seq order, so a pull that has seen seq N
 *   never later meets a row below N (sequence values, by contrast, commit out of order).
 * - Deleting a record writes its tombstone (trigger), so a forget reaches every mirror whoever deletes.
 */
import { TEAM_SCHEMA_VERSION } from '../../core/team/contract.ts';

export interface ServerMigration {
  readonly version: number;
  readonly sql: string;
}

export const SERVER_MIGRATIONS: readonly ServerMigration[] = [
  {
    version: 1,
    sql: `
      CREATE SCHEMA IF NOT EXISTS mnemo;
      REVOKE ALL ON SCHEMA mnemo FROM PUBLIC;

      CREATE TABLE mnemo.teams (
        team_id integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
        name text NOT NULL UNIQUE CHECK (name ~ '^[a-z0-9][a-z0-9_-]{0,39}$'),
        member_role name NOT NULL UNIQUE,
        admin_role name NOT NULL UNIQUE,
        created_at timestamptz NOT NULL DEFAULT now(),
        created_by name NOT NULL DEFAULT session_user
      );

      -- One row per team: the last seq handed out. Its row lock orders a team's pushes.
      CREATE TABLE mnemo.team_seq (
        team_id integer PRIMARY KEY REFERENCES mnemo.teams ON DELETE CASCADE,
        last_seq bigint NOT NULL DEFAULT 0
      );

      CREATE TABLE mnemo.records (
        team_id integer NOT NULL REFERENCES mnemo.teams ON DELETE CASCADE,
        uid text NOT NULL CHECK (length(uid) BETWEEN 1 AND 200),
        seq bigint NOT NULL,
        kind text NOT NULL CHECK (kind IN ('observation', 'session', 'summary')),
        project text NOT NULL CHECK (length(project) BETWEEN 1 AND 500),
        branch text CHECK (length(branch) <= 200),
        assistant text NOT NULL CHECK (length(assistant) <= 200),
        author name NOT NULL DEFAULT session_user,
        revision integer NOT NULL DEFAULT 0 CHECK (revision >= 0),
        created_at bigint NOT NULL,
        pushed_at timestamptz NOT NULL DEFAULT now(),
        session_uid text CHECK (length(session_uid) <= 200),
        obs_type text CHECK (length(obs_type) <= 40),
        priority smallint CHECK (priority BETWEEN 1 AND 5),
        title text NOT NULL DEFAULT '' CHECK (length(title) <= 2000),
        body text NOT NULL DEFAULT '' CHECK (length(body) <= 200000),
        tags text NOT NULL DEFAULT '' CHECK (length(tags) <= 20000),
        files text[] NOT NULL DEFAULT '{}' CHECK (cardinality(files) <= 200),
        -- Kind-specific fields (obsKind, toolName; a session's end; a summary's provider…).
        extra jsonb NOT NULL DEFAULT '{}',
        -- Built from the index text of core/search/text-index (CJK as bigrams, words split as the
        -- local index splits them), weighted title A, tags B, body D.
        search tsvector NOT NULL DEFAULT ''::tsvector,
        PRIMARY KEY (team_id, uid),
        UNIQUE (team_id, seq)
      );
      CREATE INDEX records_search ON mnemo.records USING gin (search) WITH (fastupdate = off);
      CREATE INDEX records_project_time ON mnemo.records (team_id, project, created_at);
      CREATE INDEX records_time ON mnemo.records (team_id, created_at);

      CREATE TABLE mnemo.tombstones (
        team_id integer NOT NULL REFERENCES mnemo.teams ON DELETE CASCADE,
        uid text NOT NULL,
        seq bigint NOT NULL,
        kind text NOT NULL,
        project text NOT NULL,
        author name NOT NULL,
        forgotten_by name NOT NULL DEFAULT session_user,
        forgotten_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (team_id, uid),
        UNIQUE (team_id, seq)
      );

      -- The teams whose rows the login role may read (SECURITY DEFINER: members cannot read every
      -- team's role names). Policies call it once per statement, as an InitPlan.
      CREATE FUNCTION mnemo.my_teams() RETURNS integer[]
        LANGUAGE sql STABLE SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
          SELECT coalesce(array_agg(team_id), '{}') FROM mnemo.teams WHERE pg_has_role(session_user, member_role, 'USAGE')
        $$;
      CREATE FUNCTION mnemo.admin_teams() RETURNS integer[]
        LANGUAGE sql STABLE SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
          SELECT coalesce(array_agg(team_id), '{}') FROM mnemo.teams WHERE pg_has_role(session_user, admin_role, 'USAGE')
        $$;

      -- Server-assigned fields of a written record: author, seq, push time. Never the client's.
      CREATE FUNCTION mnemo.stamp_record() RETURNS trigger
        LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
        BEGIN
          IF TG_OP = 'UPDATE' THEN
            IF NEW.team_id <> OLD.team_id OR NEW.uid <> OLD.uid THEN
              RAISE EXCEPTION 'a record''s team and uid cannot change' USING ERRCODE = '42501';
            END IF;
            NEW.author := OLD.author;
          ELSE
            NEW.author := session_user;
            -- A forgotten uid stays forgotten: a late replay from an outbox stores nothing.
            IF EXISTS (SELECT 1 FROM mnemo.tombstones t WHERE t.team_id = NEW.team_id AND t.uid = NEW.uid) THEN
              RETURN NULL;
            END IF;
          END IF;
          UPDATE mnemo.team_seq SET last_seq = last_seq + 1 WHERE team_id = NEW.team_id RETURNING last_seq INTO NEW.seq;
          IF NOT FOUND THEN
            RAISE EXCEPTION 'no team %', NEW.team_id USING ERRCODE = '42501';
          END IF;
          NEW.pushed_at := now();
          RETURN NEW;
        END
        $$;
      CREATE TRIGGER records_stamp BEFORE INSERT OR UPDATE ON mnemo.records
        FOR EACH ROW EXECUTE FUNCTION mnemo.stamp_record();

      CREATE FUNCTION mnemo.bury_record() RETURNS trigger
        LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
        DECLARE s bigint;
        BEGIN
          UPDATE mnemo.team_seq SET last_seq = last_seq + 1 WHERE team_id = OLD.team_id RETURNING last_seq INTO s;
          INSERT INTO mnemo.tombstones (team_id, uid, seq, kind, project, author, forgotten_by)
            VALUES (OLD.team_id, OLD.uid, s, OLD.kind, OLD.project, OLD.author, session_user)
            ON CONFLICT (team_id, uid) DO NOTHING;
          RETURN OLD;
        END
        $$;
      CREATE TRIGGER records_bury AFTER DELETE ON mnemo.records
        FOR EACH ROW EXECUTE FUNCTION mnemo.bury_record();

      CREATE TABLE mnemo.mnemo_schema (
        version integer PRIMARY KEY,
        applied_at timestamptz NOT NULL DEFAULT now(),
        applied_by name NOT NULL DEFAULT session_user
      );

      ALTER TABLE mnemo.records ENABLE ROW LEVEL SECURITY;
      ALTER TABLE mnemo.tombstones ENABLE ROW LEVEL SECURITY;
      ALTER TABLE mnemo.teams ENABLE ROW LEVEL SECURITY;

      CREATE POLICY team_read ON mnemo.records FOR SELECT
        USING (team_id = ANY ((SELECT mnemo.my_teams())::integer[]));
      CREATE POLICY own_insert ON mnemo.records FOR INSERT
        WITH CHECK (team_id = ANY ((SELECT mnemo.my_teams())::integer[]) AND author = session_user);
      CREATE POLICY own_update ON mnemo.records FOR UPDATE
        USING (team_id = ANY ((SELECT mnemo.my_teams())::integer[]) AND (author = session_user OR team_id = ANY ((SELECT mnemo.admin_teams())::integer[])))
        WITH CHECK (team_id = ANY ((SELECT mnemo.my_teams())::integer[]));
      CREATE POLICY own_delete ON mnemo.records FOR DELETE
        USING (team_id = ANY ((SELECT mnemo.my_teams())::integer[]) AND (author = session_user OR team_id = ANY ((SELECT mnemo.admin_teams())::integer[])));
      CREATE POLICY team_read ON mnemo.tombstones FOR SELECT
        USING (team_id = ANY ((SELECT mnemo.my_teams())::integer[]));
      CREATE POLICY team_read ON mnemo.teams FOR SELECT
        USING (team_id = ANY ((SELECT mnemo.my_teams())::integer[]));
    `,
  },
];

/** The schema version these migrations reach (must equal the contract's). */
export const LATEST_SERVER_VERSION = SERVER_MIGRATIONS[SERVER_MIGRATIONS.length - 1]!.version;
if (LATEST_SERVER_VERSION !== TEAM_SCHEMA_VERSION) throw new Error('server migrations and TEAM_SCHEMA_VERSION disagree');

/** Key of the advisory lock that serialises `team init` runs (two admins at once). */
export const MIGRATION_LOCK = 0x6d6e656d6f; // "mnemo"
