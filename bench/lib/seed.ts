/**
 * @module bench/lib/seed
 * Fill a fresh store with a realistic history through the store's own `ingest` (the path the spool
 * drain and imports take), in batches of 500 events like the drain, and measure how fast it goes.
 */
import { openSqlite, type SqliteDb } from '../../src/store/sqlite/driver.ts';
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, realpathSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { SqliteStore } from '../../src/store/sqlite/sqlite-store.ts';
import { Corpus, type CorpusOptions } from './corpus.ts';

export interface SeedResult {
  readonly corpus: Corpus;
  readonly observations: number;
  readonly sessions: number;
  /** Wall time of the whole seeding, generation included. */
  readonly wallMs: number;
  /** Time spent inside `ingest` only. */
  readonly ingestMs: number;
  /** Observations per second of ingest time. */
  readonly rate: number;
  /** UTF-8 bytes of title + body + tags + files: the text the user actually produced. */
  readonly rawBytes: number;
  readonly cjkShare: number;
}

export interface SeedOptions extends CorpusOptions {
  readonly path: string;
  readonly batchSize?: number;
  /** Called after each batch with the observations stored so far. */
  readonly progress?: (done: number, elapsedMs: number) => void;
}

export async function seedStore(opts: SeedOptions): Promise<SeedResult> {
  const corpus = new Corpus(opts);
  const store = SqliteStore.open({ path: opts.path, busyTimeoutMs: 5000 });
  const t0 = performance.now();
  let ingestMs = 0;
  try {
    for (const batch of corpus.batches(opts.batchSize ?? 500)) {
      const t = performance.now();
      await store.ingest(batch);
      ingestMs += performance.now() - t;
      opts.progress?.(corpus.stats.observations, performance.now() - t0);
    }
  } finally {
    await store.close();
  }
  const wallMs = performance.now() - t0;
  const s = corpus.stats;
  return {
    corpus,
    observations: s.observations,
    sessions: s.sessions,
    wallMs,
    ingestMs,
    rate: s.observations / (ingestMs / 1000),
    rawBytes: s.rawBytes,
    cjkShare: s.cjkRows / s.observations,
  };
}

export interface DbSize {
  /** Main file after a WAL checkpoint. */
  readonly fileBytes: number;
  /** Bytes by table / index / FTS shadow table, from dbstat. */
  readonly parts: { name: string; bytes: number }[];
}

/** Checkpoint the WAL into the main file, then measure it and break it down by object. */
export function measureDb(path: string): DbSize {
  const db = openSqlite(path);
  try {
    db.pragma('wal_checkpoint(TRUNCATE)');
    const parts = db
      .prepare('SELECT name, sum(pgsize) AS bytes FROM dbstat GROUP BY name ORDER BY bytes DESC')
      .all() as { name: string; bytes: number }[];
    return { fileBytes: statSync(path).size, parts };
  } finally {
    db.close();
  }
}

/** Group dbstat parts into what a reader cares about. */
export function summarizeParts(parts: readonly { name: string; bytes: number }[]): { table: number; btreeIndexes: number; fts: number; other: number } {
  let table = 0;
  let btreeIndexes = 0;
  let fts = 0;
  let other = 0;
  for (const p of parts) {
    if (p.name === 'observations') table += p.bytes;
    else if (p.name.startsWith('observations_fts')) fts += p.bytes;
    else if (p.name.startsWith('observations_') || p.name.startsWith('sqlite_autoindex_observations')) btreeIndexes += p.bytes;
    else other += p.bytes;
  }
  return { table, btreeIndexes, fts, other };
}

// ---------------------------------------------------------------------------------------------
// A cache of seeded stores, so one run of `npm run bench` seeds each size once. The key covers every
// file that decides what the database holds; MNEMO_BENCH_CACHE=0 turns it off.

/**
 * What decides what a seeded database holds: the generator, the schema, and what ingest derives from
 * each event (index text, extraction). Other store code changes often and does not change the rows;
 * a cached copy is migrated by SqliteStore.open like any user's store.
 */
const CACHE_INPUTS = ['bench/lib/corpus.ts', 'src/store/sqlite/migrations.ts', 'src/core/search/text-index.ts', 'src/core/extract', 'src/core/enrich.ts'];

function filesUnder(root: string, rel: string): string[] {
  const full = join(root, rel);
  let st;
  try {
    st = statSync(full);
  } catch {
    return [];
  }
  if (st.isFile()) return [rel];
  return readdirSync(full)
    .sort()
    .flatMap((n) => filesUnder(root, join(rel, n)));
}

export function benchProjectDir(): string {
  const dir = join(tmpdir(), 'mnemo-bench', 'atlas-api');
  mkdirSync(join(dir, '.git'), { recursive: true });
  if (!existsSync(join(dir, '.git', 'HEAD'))) writeFileSync(join(dir, '.git', 'HEAD'), 'ref: refs/heads/main\n');
  return realpathSync(dir);
}

function cacheFile(observations: number, root: string): string | undefined {
  if (process.env.MNEMO_BENCH_CACHE === '0') return undefined;
  const h = createHash('sha256').update(`${observations}\n${benchProjectDir()}\n`);
  for (const f of CACHE_INPUTS.flatMap((p) => filesUnder(root, p))) {
    h.update(f);
    try {
      h.update(readFileSync(join(root, f)));
    } catch {
      /* vanished while we looked */
    }
  }
  return join(tmpdir(), 'mnemo-bench', 'cache', `store-${observations}-${h.digest('hex').slice(0, 16)}.db`);
}

/** What a seeding run measured, kept next to the cached store so a reuse can still report it. */
export interface SeedFacts {
  readonly observations: number;
  readonly sessions: number;
  readonly wallMs: number;
  readonly rate: number;
  readonly rawBytes: number;
  readonly cjkShare: number;
  /** Rows of the largest project. */
  readonly largest: number;
  /** When, on which commit and under what load the seeding ran (set for figures read back from the cache). */
  readonly seededAt?: string;
}

export function factsOf(r: SeedResult): SeedFacts {
  return {
    observations: r.observations,
    sessions: r.sessions,
    wallMs: r.wallMs,
    rate: r.rate,
    rawBytes: r.rawBytes,
    cjkShare: r.cjkShare,
    largest: r.corpus.stats.byProject[r.corpus.bigProject.name] ?? 0,
  };
}

/** Keep a freshly seeded store for later benchmarks of this run (and the next, while nothing changed). */
export function saveToCache(dbPath: string, observations: number, root: string, facts?: SeedFacts): void {
  const file = cacheFile(observations, root);
  if (!file) return;
  measureDb(dbPath); // checkpoint: the main file alone is the whole database
  const dir = dirname(file);
  mkdirSync(dir, { recursive: true });
  // One entry per size: older ones were seeded by code that has changed since.
  for (const old of readdirSync(dir)) if (old.startsWith(`store-${observations}-`)) rmSync(join(dir, old), { force: true });
  copyFileSync(dbPath, `${file}.tmp`);
  renameSync(`${file}.tmp`, file);
  if (facts) writeFileSync(`${file}.json`, JSON.stringify(facts, null, 2));
}

/** Copy the cached store of this size to `dbPath`; returns its seeding facts, or undefined on a miss. */
export function fromCache(dbPath: string, observations: number, root: string): SeedFacts | undefined {
  const file = cacheFile(observations, root);
  if (!file || !existsSync(file) || !existsSync(`${file}.json`)) return undefined;
  copyFileSync(file, dbPath);
  return JSON.parse(readFileSync(`${file}.json`, 'utf8')) as SeedFacts;
}

/**
 * A store of `observations` rows at `dbPath` whose big project is `benchProjectDir()`: copied from the
 * cache when possible, else seeded (and cached). Returns the seeding result when it had to seed.
 */
export async function seededStore(dbPath: string, observations: number, root: string, progress?: SeedOptions['progress']): Promise<{ seeded?: SeedResult; corpus: Corpus }> {
  const file = cacheFile(observations, root);
  const opts = { observations, bigProjectPath: benchProjectDir() };
  if (file && existsSync(file)) {
    copyFileSync(file, dbPath);
    return { corpus: new Corpus(opts) };
  }
  const seeded = await seedStore({ ...opts, path: dbPath, ...(progress ? { progress } : {}) });
  saveToCache(dbPath, observations, root, factsOf(seeded));
  return { seeded, corpus: seeded.corpus };
}
