/**
 * @module store/sqlite/migrations
 * Versioned schema. `PRAGMA user_version` records the version; each step runs in its own
 * IMMEDIATE transaction, so a crash leaves the store at the previous version, never half-way.
 * A store written by a newer mnemo is refused untouched. A store where a step's objects exist
 * while user_version says it never ran (another tool, a hand edit, a copy taken mid-way) is refused
 * with HalfAppliedMigration: guessing which of those objects to trust is left to `doctor --repair`,
 * which backs up first and then undoes and redoes the step (`redoHalfApplied`).
 * Every process migrates on open, hooks included, so a step's SQL must stay cheap at any store size;
 * work that grows with the store is `deferred`: recorded as pending, run later outside hooks
 * (store/sqlite/maintenance).
 */
import type { SqliteDb } from './driver.ts';
import { StoreError } from '../store.ts';
import { deferStep, pathName, STEPS, type StepName } from './maintenance.ts';

interface Migration {
  readonly version: number;
  /** Cheap whatever the store's size: every process, hooks included, runs it on open. */
  readonly sql: string;
  /** Work that grows with the store: recorded as pending and run outside hooks (store/sqlite/maintenance). */
  readonly deferred?: readonly StepName[];
}

export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    sql: `
      CREATE TABLE sessions (
        id INTEGER PRIMARY KEY,
        platform TEXT NOT NULL,
        external_id TEXT NOT NULL,
        project TEXT NOT NULL,
        branch TEXT,
        source TEXT,
        started_at INTEGER NOT NULL,
        ended_at INTEGER,
        end_reason TEXT,
        state TEXT,
        -- The session map: one row per (assistant, external id), enforced by the database so
        -- concurrent hooks of one session cannot create two sessions.
        UNIQUE (platform, external_id)
      ) STRICT;
      CREATE INDEX sessions_project ON sessions(project, started_at);

      CREATE TABLE observations (
        id INTEGER PRIMARY KEY,
        session_id INTEGER NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
        project TEXT NOT NULL,
        platform TEXT NOT NULL,
        kind TEXT NOT NULL CHECK (kind IN ('user','tool','note','decision','error')),
        type TEXT NOT NULL,
        title TEXT NOT NULL,
        body TEXT NOT NULL,
        files TEXT NOT NULL DEFAULT '[]',
        tags TEXT NOT NULL DEFAULT '',
        tool_name TEXT,
        tool_use_id TEXT,
        private INTEGER NOT NULL DEFAULT 0 CHECK (private IN (0,1)),
        created_at INTEGER NOT NULL,
        uid TEXT NOT NULL UNIQUE,
        dedupe_key TEXT
      ) STRICT;
      CREATE UNIQUE INDEX observations_dedupe ON observations(session_id, dedupe_key) WHERE dedupe_key IS NOT NULL;
      CREATE INDEX observations_project_time ON observations(project, created_at);
      CREATE INDEX observations_session_time ON observations(session_id, created_at);
      CREATE INDEX observations_time ON observations(created_at);

      -- Contentless word index: rows hold index text (CJK as bigrams), see core/search/text-index.
      CREATE VIRTUAL TABLE observations_fts USING fts5(
        title, body, tags,
        content='', contentless_delete=1,
        tokenize='porter unicode61 remove_diacritics 2'
      );
    `,
  },
  {
    version: 2,
    sql: `
      -- Typed events extracted from each observation (core/extract), and their importance.
      ALTER TABLE observations ADD COLUMN priority INTEGER NOT NULL DEFAULT 5;
      -- Content hash of events without a natural key: a repeat within seconds is a re-delivery.
      ALTER TABLE observations ADD COLUMN content_key TEXT;
      CREATE INDEX observations_content ON observations(session_id, content_key, created_at) WHERE content_key IS NOT NULL;
      CREATE TABLE events (
        id INTEGER PRIMARY KEY,
        obs_id INTEGER NOT NULL REFERENCES observations(id) ON DELETE CASCADE,
        session_id INTEGER NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
        type TEXT NOT NULL,
        category TEXT NOT NULL,
        priority INTEGER NOT NULL CHECK (priority BETWEEN 1 AND 5),
        data TEXT NOT NULL,
        bytes_avoided INTEGER,
        created_at INTEGER NOT NULL
      ) STRICT;
      CREATE INDEX events_session ON events(session_id, priority, id);
      CREATE INDEX events_obs ON events(obs_id);
      CREATE INDEX events_type ON events(type, created_at);

      -- One summary per session; upgraded in place when an LLM summary arrives later.
      CREATE TABLE summaries (
        session_id INTEGER PRIMARY KEY REFERENCES sessions(id) ON DELETE CASCADE,
        brief TEXT NOT NULL,
        detailed TEXT NOT NULL,
        language TEXT NOT NULL,
        provider TEXT NOT NULL,
        model TEXT,
        input_tokens INTEGER NOT NULL DEFAULT 0,
        output_tokens INTEGER NOT NULL DEFAULT 0,
        fallback_reason TEXT,
        observation_count INTEGER NOT NULL,
        created_at INTEGER NOT NULL
      ) STRICT;

      -- The live-session snapshot taken at PreCompact, injected when the session restarts compacted.
      ALTER TABLE sessions ADD COLUMN snapshot TEXT;
    `,
  },
  {
    version: 3,
    sql: `
      -- Optional semantic search (store/sqlite/vectors). Vectors are int8-quantised unit vectors of one
      -- embedding model; they cascade with their observation, so deleting a row anywhere removes its
      -- vector too. The sign-bit KNN index (a sqlite-vec vec0 table) is created on first use.
      CREATE TABLE obs_vectors (
        obs_id INTEGER PRIMARY KEY REFERENCES observations(id) ON DELETE CASCADE,
        model TEXT NOT NULL,
        q BLOB NOT NULL
      ) STRICT;
      -- Per model: dimensions and the highest observation id embedded so far.
      CREATE TABLE vector_models (
        model TEXT PRIMARY KEY,
        dims INTEGER NOT NULL,
        high_water INTEGER NOT NULL DEFAULT 0
      ) STRICT;
    `,
  },
  {
    version: 4,
    sql: `
      -- How much raw history each project holds, kept by triggers so SessionStart's "stands for"
      -- line costs one lookup instead of a scan of every body.
      CREATE TABLE project_volume (
        project TEXT PRIMARY KEY,
        observations INTEGER NOT NULL,
        chars INTEGER NOT NULL
      ) STRICT;
      INSERT INTO project_volume (project, observations, chars)
        SELECT project, count(*), coalesce(sum(length(title) + length(body)), 0) FROM observations WHERE private = 0 GROUP BY project;
      CREATE TRIGGER observations_volume_insert AFTER INSERT ON observations WHEN new.private = 0 BEGIN
        INSERT INTO project_volume (project, observations, chars) VALUES (new.project, 1, length(new.title) + length(new.body))
          ON CONFLICT (project) DO UPDATE SET observations = observations + 1, chars = chars + excluded.chars;
      END;
      -- Open sessions are few: SessionStart looks for abandoned ones without scanning every session.
      CREATE INDEX sessions_open ON sessions(started_at) WHERE ended_at IS NULL;
      CREATE TRIGGER observations_volume_delete AFTER DELETE ON observations WHEN old.private = 0 BEGIN
        UPDATE project_volume SET observations = observations - 1, chars = chars - (length(old.title) + length(old.body))
          WHERE project = old.project;
      END;
    `,
  },
  {
    version: 5,
    sql: `
      -- Search filters test id sets read from indexes instead of a row per match (store/sqlite/filters):
      -- observations of some types, that yielded some event types, or that touched some file.
      -- Each path of observations.files (a JSON array), keyed by its last component so that a filter for
      -- \`pool.ts\`, \`src/db/pool.ts\` or the absolute path is one index range. Kept by a trigger; rows
      -- whose files are not a JSON array of strings simply have no entries.
      CREATE TABLE observation_files (
        name TEXT NOT NULL COLLATE NOCASE, -- as LIKE, which the row condition uses, ignores ASCII case
        obs_id INTEGER NOT NULL REFERENCES observations(id) ON DELETE CASCADE,
        path TEXT NOT NULL,
        PRIMARY KEY (name, obs_id, path)
      ) STRICT, WITHOUT ROWID;
      CREATE INDEX observation_files_obs ON observation_files(obs_id);
      CREATE TRIGGER observations_files_insert AFTER INSERT ON observations BEGIN
        INSERT OR IGNORE INTO observation_files (name, obs_id, path)
          SELECT ${pathName('f.value')}, new.id, f.value
          FROM json_each(CASE WHEN json_valid(new.files) THEN new.files ELSE '[]' END) f
          WHERE f.type = 'text';
      END;
      -- Steps too heavy for a hook's open, run later by long-lived processes (store/sqlite/maintenance).
      CREATE TABLE maintenance (
        step TEXT PRIMARY KEY,
        cursor INTEGER NOT NULL,
        target INTEGER NOT NULL
      ) STRICT;
    `,
    // The two indexes and the backfill of observation_files from existing rows (rows added from now
    // on are kept by the trigger above).
    deferred: ['observations_type', 'events_type_obs', 'observation_files'],
  },
  {
    version: 6,
    sql: `
      -- Team memory (src/team). Nothing here leaves the machine by itself: the sync engine reads it.
      -- Sessions get a shared id when first queued (existing rows stay NULL until then); mirrored rows
      -- (records pulled from the team server) name their author and the connection they came from.
      -- author NULL: mine (captured here, or by me on another machine); origin NULL: captured here.
      ALTER TABLE sessions ADD COLUMN uid TEXT;
      ALTER TABLE sessions ADD COLUMN author TEXT;
      ALTER TABLE sessions ADD COLUMN origin TEXT;
      -- Raised each time the session or its summary is queued: the revision the server keeps the newest of.
      ALTER TABLE sessions ADD COLUMN shared_rev INTEGER NOT NULL DEFAULT 0;
      -- 1: no record of the session is shared (mnemo team keep-local --session, MNEMO_TEAM_LOCAL=1).
      ALTER TABLE sessions ADD COLUMN local_only INTEGER NOT NULL DEFAULT 0;
      -- 1: the current turn began with a <local> prompt: what follows until the next prompt stays here.
      ALTER TABLE sessions ADD COLUMN local_turn INTEGER NOT NULL DEFAULT 0;
      ALTER TABLE observations ADD COLUMN author TEXT;
      ALTER TABLE observations ADD COLUMN origin TEXT;
      -- 1: never shared (a <local> marker, mnemo team keep-local). No CHECK: one on ADD COLUMN is tested on every row.
      ALTER TABLE observations ADD COLUMN local_only INTEGER NOT NULL DEFAULT 0;
      CREATE UNIQUE INDEX sessions_uid ON sessions(uid) WHERE uid IS NOT NULL;
      -- Projects this machine shares: the identity clones on other machines share too (the git remote), and
      -- per project whether prompts are shared and how far its teammates' records were pulled.
      CREATE TABLE team_shares (
        project TEXT PRIMARY KEY,
        identity TEXT NOT NULL,
        prompts INTEGER NOT NULL DEFAULT 1 CHECK (prompts IN (0,1)),
        shared_at INTEGER NOT NULL,
        cursor TEXT
      ) STRICT;
      CREATE INDEX team_shares_identity ON team_shares(identity);
      -- What waits to be shared, written in the transaction that wrote the record. Entries name rows
      -- (an observation's uid, a session's id), not copies, so a forget leaves no copy here; version
      -- rises when an entry is queued again while a push holds it, so that push does not drop the change.
      CREATE TABLE team_outbox (
        id INTEGER PRIMARY KEY,
        kind TEXT NOT NULL CHECK (kind IN ('session','observation','summary','tombstone')),
        ref TEXT NOT NULL,
        project TEXT NOT NULL,
        data TEXT,
        version INTEGER NOT NULL DEFAULT 1,
        queued_at INTEGER NOT NULL,
        attempts INTEGER NOT NULL DEFAULT 0,
        last_error TEXT,
        -- The server refused it (it will not take a field): held, shown by team status, retried when asked.
        refused_at INTEGER,
        UNIQUE (kind, ref)
      ) STRICT;
      CREATE INDEX team_outbox_project ON team_outbox(project);
      -- The connection (never a password), who the server says I am, the last sync's outcome.
      CREATE TABLE team_state (
        key TEXT PRIMARY KEY,
        value TEXT NOT NULL
      ) STRICT;
    `,
    // Teammates' records of a project, newest first (SessionStart's team block, the scope filter).
    deferred: ['observations_team'],
  },
  {
    version: 7,
    sql: `
      -- The model's narration around each tool call, read from the host's transcript (src/narration):
      -- keyed by the host's session and call ids, so it can arrive before or after the call's
      -- observation; obs_id links the two once both are stored. Deleting the observation deletes it.
      CREATE TABLE narration (
        platform TEXT NOT NULL,
        session TEXT NOT NULL,
        call_id TEXT NOT NULL,
        why TEXT NOT NULL DEFAULT '',
        finding TEXT NOT NULL DEFAULT '',
        obs_id INTEGER REFERENCES observations(id) ON DELETE CASCADE,
        UNIQUE (platform, session, call_id)
      ) STRICT;
      CREATE UNIQUE INDEX narration_obs ON narration(obs_id);

      -- Where each host transcript has been read to: the offset just past its last complete line, the
      -- file's identity and its bytes before that offset (to tell an appended file from a replaced
      -- one), its size when read (a file that has not changed is not opened), and the reader's state
      -- at the offset (JSON: text written since the last call, bounded).
      CREATE TABLE transcripts (
        path TEXT PRIMARY KEY,
        platform TEXT NOT NULL,
        session TEXT NOT NULL,
        seen_at INTEGER NOT NULL,
        dev INTEGER,
        ino INTEGER,
        offset INTEGER NOT NULL DEFAULT 0,
        size INTEGER,
        tail TEXT,
        state TEXT,
        read_at INTEGER
      ) STRICT;
      CREATE INDEX transcripts_seen ON transcripts(seen_at);
      CREATE INDEX transcripts_session ON transcripts(platform, session);

      -- A forgotten session's narration goes with it; its transcripts keep their offsets (so what was
      -- forgotten is not read back in) but lose the text their state held.
      CREATE TRIGGER sessions_narration_delete AFTER DELETE ON sessions BEGIN
        DELETE FROM narration WHERE platform = old.platform AND session = old.external_id;
        UPDATE transcripts SET state = NULL WHERE platform = old.platform AND session = old.external_id;
      END;
    `,
    // The word index gains the why and finding columns: rebuilt beside the old one (store/sqlite/fts-index).
    deferred: ['fts_narration'],
  },
];

export const LATEST_VERSION = MIGRATIONS[MIGRATIONS.length - 1]!.version;

/** What a step creates: tables, indexes and triggers by name, and columns added to existing tables. */
interface Created {
  readonly objects: readonly { readonly type: 'table' | 'index' | 'trigger'; readonly name: string }[];
  readonly columns: readonly { readonly table: string; readonly column: string }[];
}

function createdBy(m: Migration): Created {
  // A deferred index counts as the step's own: present before the step ran, it is a half-applied sign too.
  const deferredSql = (m.deferred ?? []).map((name) => STEPS[name]).map((step) => ('sql' in step ? step.sql : ''));
  const sql = [m.sql, ...deferredSql].join(';\n').replace(/--[^\n]*/g, '');
  const objects = [...sql.matchAll(/\bCREATE\s+(?:UNIQUE\s+)?(?:VIRTUAL\s+)?(TABLE|INDEX|TRIGGER)\s+(?:IF\s+NOT\s+EXISTS\s+)?(\w+)/gi)].map((x) => ({
    type: x[1]!.toLowerCase() as 'table' | 'index' | 'trigger',
    name: x[2]!,
  }));
  const columns = [...sql.matchAll(/\bALTER\s+TABLE\s+(\w+)\s+ADD\s+COLUMN\s+(\w+)/gi)].map((x) => ({ table: x[1]!, column: x[2]! }));
  return { objects, columns };
}

/** The objects of step `m` already in the database, as `name` or `table.column`. */
function presentOf(db: SqliteDb, m: Migration): string[] {
  const { objects, columns } = createdBy(m);
  const exists = db.prepare('SELECT 1 FROM sqlite_master WHERE type = ? AND name = ?');
  const present = objects.filter((o) => exists.get(o.type, o.name)).map((o) => o.name);
  for (const c of columns) {
    const cols = db.prepare('SELECT name FROM pragma_table_info(?)').pluck().all(c.table) as string[];
    if (cols.includes(c.column)) present.push(`${c.table}.${c.column}`);
  }
  return present;
}

/** A store whose schema is part-way into step `version`: user_version says the step never ran. */
export class HalfAppliedMigration extends StoreError {
  readonly version: number;
  readonly present: readonly string[];
  constructor(version: number, current: number, present: readonly string[]) {
    super(
      'CORRUPT',
      `half-applied migration v${version}: the store says schema v${current} (user_version) but ${present.join(', ')} from v${version} already exist; ` +
        'run `mnemo doctor --repair` (it backs up, then redoes the migration)',
    );
    this.name = 'HalfAppliedMigration';
    this.version = version;
    this.present = present;
  }
}

/** The first step that is part-way applied, if any. Read-only. */
export function findHalfApplied(db: SqliteDb): HalfAppliedMigration | undefined {
  const current = db.pragma('user_version', { simple: true }) as number;
  for (const m of MIGRATIONS) {
    if (m.version <= current) continue;
    const present = presentOf(db, m);
    if (present.length) return new HalfAppliedMigration(m.version, current, present);
  }
  return undefined;
}

/**
 * Undo what half-applied steps left (their triggers, indexes, tables and added columns, latest step
 * first) so each can run again whole; then migrate. Only for `doctor --repair`, after a backup: the
 * objects of a step that never completed hold nothing mnemo wrote, since no mnemo opens such a store.
 */
export function redoHalfApplied(db: SqliteDb): HalfAppliedMigration | undefined {
  const half = findHalfApplied(db);
  if (!half) return undefined;
  const current = db.pragma('user_version', { simple: true }) as number;
  db.transaction(() => {
    const exists = db.prepare('SELECT 1 FROM sqlite_master WHERE type = ? AND name = ?');
    for (const m of [...MIGRATIONS].reverse()) {
      if (m.version <= current) continue;
      const { objects, columns } = createdBy(m);
      // Dependents first: a column cannot be dropped while an index or trigger names it.
      for (const type of ['trigger', 'index', 'table'] as const) {
        for (const o of objects) if (o.type === type && exists.get(o.type, o.name)) db.exec(`DROP ${type.toUpperCase()} "${o.name}"`);
      }
      for (const c of [...columns].reverse()) {
        const cols = db.prepare('SELECT name FROM pragma_table_info(?)').pluck().all(c.table) as string[];
        if (cols.includes(c.column)) db.exec(`ALTER TABLE "${c.table}" DROP COLUMN "${c.column}"`);
      }
    }
  }).immediate();
  migrate(db);
  return half;
}

/** Bring the schema to the latest version. Throws NEWER_SCHEMA for a store from a newer mnemo, HalfAppliedMigration for a step found part-way. */
export function migrate(db: SqliteDb): number {
  const current = db.pragma('user_version', { simple: true }) as number;
  if (current > LATEST_VERSION) {
    throw new StoreError(
      'NEWER_SCHEMA',
      `This mnemo store has schema version ${current}, newer than this mnemo understands (${LATEST_VERSION}). ` +
        'Upgrade mnemo; the store was left untouched.',
    );
  }
  if (current === LATEST_VERSION) return LATEST_VERSION;
  // Every pending step in one transaction: a process killed part-way leaves the old schema or the
  // new one, never an intermediate version another mnemo would have to reason about.
  db.exec('BEGIN IMMEDIATE');
  try {
    // Re-read inside the lock: another process may have migrated meanwhile.
    let now = db.pragma('user_version', { simple: true }) as number;
    for (const m of MIGRATIONS) {
      if (m.version <= now) continue;
      const present = presentOf(db, m);
      if (present.length) throw new HalfAppliedMigration(m.version, now, present);
      db.exec(m.sql);
      for (const step of m.deferred ?? []) deferStep(db, step);
      db.pragma(`user_version = ${m.version}`);
      now = m.version;
    }
    db.exec('COMMIT');
  } catch (err) {
    db.exec('ROLLBACK');
    throw err;
  }
  return LATEST_VERSION;
}
