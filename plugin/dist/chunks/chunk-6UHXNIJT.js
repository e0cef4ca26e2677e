import{createRequire as __cr}from'node:module';const require=__cr(import.meta.url);
import{b as E}from"./chunk-NJ7OL43H.js";var s=[{version:1,sql:`
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
        -- Kind-specific fields (obsKind, toolName; a session's end; a summary's provider\u2026).
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
    `}],T=s[s.length-1].version;if(T!==1)throw new Error("server migrations and TEAM_SCHEMA_VERSION disagree");var o=470003576175;async function i(e){if(!(await e.query(`SELECT EXISTS (SELECT 1 FROM pg_catalog.pg_class c JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
                    WHERE n.nspname = 'mnemo' AND c.relname = 'mnemo_schema') AS ok`)).rows[0]?.ok)return;if(!(await e.query(`SELECT has_schema_privilege(n.oid, 'USAGE') AND has_table_privilege(c.oid, 'SELECT') AS ok
     FROM pg_catalog.pg_class c JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = 'mnemo' AND c.relname = 'mnemo_schema'`)).rows[0]?.ok)throw new E("NOT_MEMBER",`role "${await L(e)}" is in no mnemo team on this server (an admin runs \`mnemo team add-member\`)`);return(await e.query("SELECT max(version) AS v FROM mnemo.mnemo_schema")).rows[0]?.v??0}async function L(e){return(await e.query("SELECT session_user AS u")).rows[0].u}async function C(e){let t=await i(e);if(t===void 0)throw new E("NO_SCHEMA","this database has no mnemo team schema: an admin runs `mnemo team init URL --team NAME` first");if(t<1)throw new E("OLD_SCHEMA",`the team server's schema is version ${t}, this mnemo needs ${1}: an admin upgrades it with \`mnemo team init\` (it migrates in place)`);if(t>1)throw new E("NEWER_SCHEMA",`the team server's schema is version ${t}, newer than this mnemo understands (${1}): upgrade mnemo`);return t}async function O(e){let t=[];await e.query("SELECT pg_advisory_lock($1)",[o]);try{let n=await i(e)??0,m=s[s.length-1].version;if(n>m)throw new E("NEWER_SCHEMA",`the server's schema is version ${n}, newer than this mnemo (${m}): upgrade mnemo before running init`);for(let r of s)if(!(r.version<=n)){await e.query("BEGIN");try{await e.query(r.sql),await e.query("INSERT INTO mnemo.mnemo_schema (version) VALUES ($1)",[r.version]),await e.query("COMMIT")}catch(N){throw await e.query("ROLLBACK").catch(()=>{}),N}t.push(r.version)}}finally{await e.query("SELECT pg_advisory_unlock($1)",[o]).catch(()=>{})}return t}export{C as a,O as b};
