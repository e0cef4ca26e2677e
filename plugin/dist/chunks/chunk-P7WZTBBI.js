import{createRequire as __cr}from'node:module';const require=__cr(import.meta.url);
import{b as s}from"./chunk-RFWLANUQ.js";var _="fastupdate = on, gin_pending_list_limit = 1024",a=[{version:1,sql:`
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
    `},{version:2,sql:`
      -- Pushes insert each record's ~100\u2013200 words into the GIN index one by one with fastupdate off;
      -- with it on they go to a pending list merged in bulk (by autovacuum, or by the push that fills it):
      -- measured 2.0\u20132.3\xD7 the push rate (bench/RESULTS.md). Searches read the pending list too, so it is
      -- kept small (1 MB, a few hundred records).
      ALTER INDEX mnemo.records_search SET (${_});
      -- The rows a search of team p_team may read, as SQL text: its observations under the filters, the
      -- filters' values left as parameters $3 \u2026 $9 and the caller as $12. Refuses a team the caller is
      -- not in: the policies' check, which the functions below bypass.
      CREATE FUNCTION mnemo.team_rows(p_team integer, p_scope text, p_projects text[], p_types text[], p_authors name[],
          p_assistant text, p_branch text, p_since bigint, p_until bigint) RETURNS text
        LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
        BEGIN
          IF p_team IS NULL OR NOT p_team = ANY (mnemo.my_teams()) THEN
            RAISE EXCEPTION 'role "%" is not a member of team %', session_user, p_team USING ERRCODE = '42501';
          END IF;
          RETURN concat('FROM mnemo.records r WHERE r.team_id = $1 AND r.kind = ''observation''',
            CASE p_scope WHEN 'mine' THEN ' AND r.author = $12' WHEN 'team' THEN ' AND r.author <> $12' ELSE '' END,
            CASE WHEN p_projects IS NOT NULL THEN ' AND r.project = ANY ($3)' END,
            CASE WHEN p_types IS NOT NULL THEN ' AND r.obs_type = ANY ($4)' END,
            CASE WHEN p_authors IS NOT NULL THEN ' AND r.author = ANY ($5)' END,
            CASE WHEN p_assistant IS NOT NULL THEN ' AND r.assistant = $6' END,
            CASE WHEN p_branch IS NOT NULL THEN ' AND r.branch = $7' END,
            CASE WHEN p_since IS NOT NULL THEN ' AND r.created_at >= $8' END,
            CASE WHEN p_until IS NOT NULL THEN ' AND r.created_at <= $9' END);
        END
        $$;

      -- How many of the team's observations match p_query, counted up to p_cap (n), and the planner's
      -- estimates of the matches and of the observations under the same filters (from the statistics of
      -- the whole table, so the caller can choose how to walk the matches). Counting a common word walks
      -- thousands of rows, each one's tsvector read back, to learn only that it is common: when the
      -- estimate is past 4 \xD7 p_cap, n is p_cap without counting.
      -- (VOLATILE only because EXPLAIN is refused in a STABLE function; it writes nothing.)
      CREATE FUNCTION mnemo.count_matches(p_team integer, p_query tsquery, p_cap integer,
          p_scope text DEFAULT NULL, p_projects text[] DEFAULT NULL, p_types text[] DEFAULT NULL, p_authors name[] DEFAULT NULL,
          p_assistant text DEFAULT NULL, p_branch text DEFAULT NULL, p_since bigint DEFAULT NULL, p_until bigint DEFAULT NULL)
        RETURNS TABLE (n integer, estimate float8, total float8)
        LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
        DECLARE
          plan json;
          me name := session_user;
          no_window integer;
          rows_of text := mnemo.team_rows(p_team, p_scope, p_projects, p_types, p_authors, p_assistant, p_branch, p_since, p_until);
        BEGIN
          EXECUTE 'EXPLAIN (FORMAT JSON) SELECT 1 ' || rows_of || ' AND r.search @@ $2'
            INTO plan USING p_team, p_query, p_projects, p_types, p_authors, p_assistant, p_branch, p_since, p_until, p_cap, no_window, me;
          estimate := (plan->0->'Plan'->>'Plan Rows')::float8;
          EXECUTE 'EXPLAIN (FORMAT JSON) SELECT 1 ' || rows_of
            INTO plan USING p_team, p_query, p_projects, p_types, p_authors, p_assistant, p_branch, p_since, p_until, p_cap, no_window, me;
          total := (plan->0->'Plan'->>'Plan Rows')::float8;
          IF estimate > 4 * p_cap THEN
            n := p_cap;
          ELSE
            EXECUTE 'SELECT count(*)::integer FROM (SELECT 1 ' || rows_of || ' AND r.search @@ $2 LIMIT $10) x'
              INTO n USING p_team, p_query, p_projects, p_types, p_authors, p_assistant, p_branch, p_since, p_until, p_cap, no_window, me;
          END IF;
          RETURN NEXT;
        END
        $$;

      -- The team's observations matching p_query, best first, at most p_depth of them (seq, and how many
      -- were considered). p_order: 'rank' \u2014 ts_rank (title 1, tags 0.5, body 0.125, length-normalised)
      -- over the newest p_window matches, or over all when p_window is NULL; 'names' \u2014 the newest matches
      -- unranked, those matching in the title first (a path or dotted name: every match holds the same
      -- phrase); 'heads' \u2014 those of the newest p_window matches that match in the title or tags, newest
      -- first, unranked. p_walk chooses how the newest matches are found: true \u2014 newest rows first,
      -- testing each (cheap when matches are dense), false \u2014 every match from the search index, then
      -- sorted (cheap when they are few), NULL \u2014 the planner's choice. The planner prices a row's @@
      -- as a cheap operator, but it reads the row's tsvector back (often from TOAST), so for words of
      -- middling frequency it walks tens of thousands of rows where the index would have read a few
      -- thousand: the caller, who has the counts, decides. The settings revert when the function returns.
      CREATE FUNCTION mnemo.match_list(p_team integer, p_query tsquery, p_order text, p_window integer, p_depth integer, p_walk boolean,
          p_scope text DEFAULT NULL, p_projects text[] DEFAULT NULL, p_types text[] DEFAULT NULL, p_authors name[] DEFAULT NULL,
          p_assistant text DEFAULT NULL, p_branch text DEFAULT NULL, p_since bigint DEFAULT NULL, p_until bigint DEFAULT NULL)
        RETURNS TABLE (seq bigint, considered integer) LANGUAGE plpgsql STABLE SECURITY DEFINER
        SET search_path = pg_catalog, pg_temp SET enable_indexscan = on SET enable_bitmapscan = on SET enable_seqscan = on AS $$
        DECLARE
          me name := session_user;
          matches text := mnemo.team_rows(p_team, p_scope, p_projects, p_types, p_authors, p_assistant, p_branch, p_since, p_until)
            || ' AND r.search @@ $2';
        BEGIN
          IF p_walk THEN
            PERFORM set_config('enable_bitmapscan', 'off', true), set_config('enable_seqscan', 'off', true);
          ELSIF NOT p_walk THEN
            PERFORM set_config('enable_indexscan', 'off', true), set_config('enable_seqscan', 'off', true);
          END IF;
          IF p_order = 'rank' THEN
            RETURN QUERY EXECUTE 'SELECT w.seq, (count(*) OVER ())::integer FROM (SELECT r.seq, r.search ' || matches
                || CASE WHEN p_window IS NULL THEN '' ELSE ' ORDER BY r.seq DESC LIMIT $11' END
                || ') w ORDER BY ts_rank(''{0.125, 0, 0.5, 1}'', w.search, $2, 1) DESC, w.seq DESC LIMIT $10'
              USING p_team, p_query, p_projects, p_types, p_authors, p_assistant, p_branch, p_since, p_until, p_depth, p_window, me;
          ELSIF p_order = 'names' THEN
            RETURN QUERY EXECUTE 'SELECT w.seq, (count(*) OVER ())::integer FROM (SELECT r.seq, ts_filter(r.search, ''{a}'') @@ $2 AS in_title '
                || matches || ' ORDER BY r.seq DESC LIMIT $10) w ORDER BY w.in_title DESC, w.seq DESC'
              USING p_team, p_query, p_projects, p_types, p_authors, p_assistant, p_branch, p_since, p_until, p_depth, p_window, me;
          ELSIF p_order = 'heads' THEN
            RETURN QUERY EXECUTE 'SELECT w.seq, 0 FROM (SELECT r.seq, r.search ' || matches || ' ORDER BY r.seq DESC LIMIT $11) w'
                || ' WHERE ts_filter(w.search, ''{a,b}'') @@ $2 ORDER BY w.seq DESC LIMIT $10'
              USING p_team, p_query, p_projects, p_types, p_authors, p_assistant, p_branch, p_since, p_until, p_depth, p_window, me;
          ELSE
            RAISE EXCEPTION 'unknown order %', p_order USING ERRCODE = '22023';
          END IF;
        END
        $$;
    `}],p=a[a.length-1].version;if(p!==2)throw new Error("server migrations and TEAM_SCHEMA_VERSION disagree");var i=470003576175;async function m(e){if(!(await e.query(`SELECT EXISTS (SELECT 1 FROM pg_catalog.pg_class c JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
                    WHERE n.nspname = 'mnemo' AND c.relname = 'mnemo_schema') AS ok`)).rows[0]?.ok)return;if(!(await e.query(`SELECT has_schema_privilege(n.oid, 'USAGE') AND has_table_privilege(c.oid, 'SELECT') AS ok
     FROM pg_catalog.pg_class c JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = 'mnemo' AND c.relname = 'mnemo_schema'`)).rows[0]?.ok)throw new s("NOT_MEMBER",`role "${await T(e)}" is in no mnemo team on this server (an admin runs \`mnemo team add-member\`)`);return(await e.query("SELECT max(version) AS v FROM mnemo.mnemo_schema")).rows[0]?.v??0}async function T(e){return(await e.query("SELECT session_user AS u")).rows[0].u}async function A(e){let t=await m(e);if(t===void 0)throw new s("NO_SCHEMA","this database has no mnemo team schema: an admin runs `mnemo team init URL --team NAME` first");if(t<2)throw new s("OLD_SCHEMA",`the team server's schema is version ${t}, this mnemo needs ${2}: an admin upgrades it with \`mnemo team init\` (it migrates in place)`);if(t>2)throw new s("NEWER_SCHEMA",`the team server's schema is version ${t}, newer than this mnemo understands (${2}): upgrade mnemo`);return t}async function R(e){let t=[];await e.query("SELECT pg_advisory_lock($1)",[i]);try{let E=await m(e)??0,o=a[a.length-1].version;if(E>o)throw new s("NEWER_SCHEMA",`the server's schema is version ${E}, newer than this mnemo (${o}): upgrade mnemo before running init`);for(let r of a)if(!(r.version<=E)){await e.query("BEGIN");try{await e.query(r.sql),await e.query("INSERT INTO mnemo.mnemo_schema (version) VALUES ($1)",[r.version]),await e.query("COMMIT")}catch(N){throw await e.query("ROLLBACK").catch(()=>{}),N}t.push(r.version)}}finally{await e.query("SELECT pg_advisory_unlock($1)",[i]).catch(()=>{})}return t}export{m as a,A as b,R as c};
