/**
 * @module eval/recall
 * The retrieval evaluation as a user meets it. Each store is built by replaying transcripts through
 * the plugin's hooks (eval/hook-replay) into a data directory, exactly as Claude Code would; each
 * question is then asked through `mnemo search --json` (the CLI's own `runCli`, in-process), from a
 * folder that is none of the sessions' projects, with the CLI's default limit (20) and the default
 * configuration — plus the same with `MNEMO_EMBEDDER=hash` (hybrid), and a plain FTS5 index of the
 * same stored text (eval/baseline) for reference.
 *
 * Stores: `all` holds both sets' sessions (the figures quoted), `v1` and `v2` only their own. A
 * built store is kept under eval/.cache/stores, keyed by a hash of its transcripts, of the code that
 * decides what gets stored (src/ minus the query side of search) and of the hook bundles; ranking
 * changes reuse it, capture changes rebuild it.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { resolveConfig } from '../src/config/config.ts';
import type { Io } from '../src/cli/io.ts';
import { runCli } from '../src/cli/main.ts';
import { openDatabase, type SqliteDb } from '../src/store/sqlite/driver.ts';
import { rebuildAll } from '../src/store/sqlite/fts-index.ts';
import { loadSqliteVec } from '../src/store/sqlite/vectors.ts';
import { buildBaseline } from './baseline.ts';
import { listEvents, PLUGIN_ROOT, replayThroughHooks, type ReplayReport } from './hook-replay.ts';
import { shareToTeam } from './team.ts';
import { idsForKey, indexObservations, type ObservationIndex } from './labels.ts';
import { firstRank } from './metrics.ts';
import { SET_ROOTS, STORE_SETS, type SetName, type StoreName } from './sets.ts';
import { splitQuestions, type Split } from './split.ts';

export { SPLIT_SETS, STORE_SETS, type SetName, type StoreName } from './sets.ts';

export const EVAL_DIR = fileURLToPath(new URL('.', import.meta.url));
const DATA = join(EVAL_DIR, 'data');
const TRANSCRIPTS = join(DATA, 'transcripts');
const REPO = join(EVAL_DIR, '..');

export type Style = 'question' | 'query';
export type ModeName = 'mnemo' | 'hybrid' | 'hybrid-candidates' | 'fts5' | 'fts5-why' | 'mnemo-no-narration' | 'hybrid-no-narration' | 'team';
/** Modes that ask `mnemo search` (the others ask a plain FTS5 index). */
type SearchMode = Exclude<ModeName, 'fts5' | 'fts5-why' | 'team'>;


/** A question of either set, normalised: its keys, styles, kind, language and split. */
export interface EvalQuestion {
  readonly set: SetName;
  readonly id: string;
  readonly kind: string;
  readonly language: string;
  readonly sessionLanguage: string;
  readonly texts: Readonly<Partial<Record<Style, string>>>;
  readonly keys: readonly string[];
  /** v2: its side of the committed split; v1 has none (it was tuned on whole). */
  readonly split?: Split;
}

interface V2Question {
  question_id: string;
  question_type: string;
  question: string;
  query: string;
  language: string;
  session_language: string;
  answer_keys: string[];
}

interface V1Question {
  question_id: string;
  question_type: string;
  question: string;
  language: string;
  answer_observation_uids: string[];
}

/**
 * v1's labels name the old loader's uids (`eval:<file>:<line>:<block>`); the entry at that line says
 * which key they stand for: the tool_use_id of that block's result, else the entry's uuid.
 */
function v1Keys(uids: readonly string[]): string[] {
  const lines = new Map<string, string[]>();
  return uids.flatMap((uid) => {
    const m = /^eval:(.+):(\d+):(\d+)$/.exec(uid);
    if (!m) return [];
    const [, file, line, block] = m;
    let text = lines.get(file!);
    if (!text) lines.set(file!, (text = readFileSync(join(TRANSCRIPTS, file!), 'utf8').split('\n')));
    const entry = JSON.parse(text[Number(line) - 1]!) as { uuid?: string; message?: { content?: unknown } };
    const content = entry.message?.content;
    const b = Array.isArray(content) && Number(block) > 0 ? (content[Number(block) - 1] as { type?: string; tool_use_id?: string }) : undefined;
    if (b?.type === 'tool_result' && b.tool_use_id) return [b.tool_use_id];
    return entry.uuid ? [entry.uuid] : [];
  });
}

export function loadQuestions(set: SetName): EvalQuestion[] {
  if (set === 'v1') {
    const qs = JSON.parse(readFileSync(join(DATA, 'questions.json'), 'utf8')) as V1Question[];
    return qs.map((q) => ({
      set,
      id: q.question_id,
      kind: q.question_type,
      language: q.language,
      sessionLanguage: 'en',
      texts: { question: q.question },
      keys: v1Keys(q.answer_observation_uids),
    }));
  }
  const qs = JSON.parse(readFileSync(join(DATA, `questions-${set}.json`), 'utf8')) as V2Question[];
  const committed = JSON.parse(readFileSync(join(DATA, `questions-${set}.split.json`), 'utf8')) as { dev: string[]; test: string[] };
  const computed = splitQuestions(qs);
  const sides = new Map<string, Split>([...committed.dev.map((id) => [id, 'dev'] as const), ...committed.test.map((id) => [id, 'test'] as const)]);
  for (const q of qs) {
    if (sides.get(q.question_id) !== computed.get(q.question_id)) throw new Error(`questions-${set}.split.json disagrees with eval/split.ts for ${q.question_id}`);
  }
  return qs.map((q) => ({
    set,
    id: q.question_id,
    kind: q.question_type,
    language: q.language,
    sessionLanguage: q.session_language,
    texts: { question: q.question, query: q.query },
    keys: q.answer_keys,
    split: sides.get(q.question_id)!,
  }));
}

function* files(dir: string): Generator<string> {
  for (const name of readdirSync(dir).sort()) {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) yield* files(full);
    else yield full;
  }
}

/**
 * Modules that only answer queries: changing them never changes what a replay stores. Everything
 * else under src/ (capture, extraction, ingest, the index text) is part of a store's fingerprint.
 */
const QUERY_SIDE = [
  /^src\/core\/search\/(?!text-index\.ts$)/,
  /^src\/store\/sqlite\/(search|scored-window|fts-postings|filters|vectors|sign-codes)\.ts$/,
  /^src\/(search|embed|cli|mcp|viewer|install|llm)\//,
];

function storeFingerprint(sets: readonly SetName[]): string {
  const h = createHash('sha256');
  for (const set of sets) for (const root of SET_ROOTS[set]) for (const f of files(join(TRANSCRIPTS, root))) h.update(relative(REPO, f)).update(String(statSync(f).size));
  for (const f of files(join(REPO, 'src'))) {
    const rel = relative(REPO, f);
    if (!QUERY_SIDE.some((re) => re.test(rel))) h.update(rel).update(readFileSync(f));
  }
  const bundles = readdirSync(join(PLUGIN_ROOT, 'dist')).filter((f) => /^hook-(main|hosts|tokens|commands)\.cjs$|^hook\.cjs$/.test(f)).sort().map((f) => `dist/${f}`);
  for (const f of ['hooks/hooks.json', ...bundles]) h.update(readFileSync(join(PLUGIN_ROOT, f)));
  return h.digest('hex').slice(0, 16);
}

/** The hook bundles must be built from the current sources, or a replay would test old code. */
function assertBuilt(): void {
  const built = statSync(join(PLUGIN_ROOT, 'dist', 'hook-main.cjs')).mtimeMs;
  const newest = Math.max(...[...files(join(REPO, 'src'))].map((f) => statSync(f).mtimeMs));
  if (newest > built) throw new Error('plugin/dist is older than src/: run `npm run build` first');
}

/** How a store is filled: through the hook processes (the figures quoted), or `mnemo import claude-code` (fast, for tuning). */
export type Via = 'hooks' | 'import';

export interface BuiltStore {
  readonly name: StoreName;
  readonly via: Via;
  readonly dataDir: string;
  readonly replay: ReplayReport;
  readonly reused: boolean;
}

const CACHE = join(EVAL_DIR, '.cache', 'stores');

/** A clean environment for hooks and searches: defaults everywhere, nothing from this shell's MNEMO_*. */
export function cleanEnv(dataDir: string, extra: Record<string, string> = {}): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) if (v !== undefined && !k.startsWith('MNEMO_')) env[k] = v;
  return { ...env, MNEMO_DATA_DIR: dataDir, ...extra };
}

/** Build (or reuse) a store by replaying its sets' transcripts through the hooks, then fold and embed it. */
export async function buildStore(name: StoreName, opts: { via?: Via; rebuild?: boolean; concurrency?: number; log?: (l: string) => void } = {}): Promise<BuiltStore> {
  const via = opts.via ?? 'hooks';
  if (via === 'hooks') assertBuilt();
  const sets = STORE_SETS[name];
  const dir = join(CACHE, `${name}-${via}-${storeFingerprint(sets)}`);
  if (!opts.rebuild && existsSync(join(dir, 'replay.json'))) {
    return { name, via, dataDir: join(dir, 'data'), replay: JSON.parse(readFileSync(join(dir, 'replay.json'), 'utf8')) as ReplayReport, reused: true };
  }
  const building = `${dir}.building-${process.pid}`;
  rmSync(building, { recursive: true, force: true });
  mkdirSync(join(building, 'data'), { recursive: true });
  const roots = sets.flatMap((s) => SET_ROOTS[s].map((r) => join(TRANSCRIPTS, r)));
  let replay: ReplayReport;
  if (via === 'hooks') {
    replay = await replayThroughHooks(roots, join(building, 'data'), { concurrency: opts.concurrency ?? 2, env: cleanEnv(join(building, 'data')), ...(opts.log ? { log: opts.log } : {}) });
  } else {
    const t = performance.now();
    for (const root of roots) await cli(join(building, 'data'), ['import', 'claude-code', root, '--json', '--workers', '0']);
    replay = { events: listEvents(roots), hooks: 0, hookFailures: [], ms: performance.now() - t };
  }
  // Whatever the hooks left in the spool is folded by the next mnemo process; embedding vectors for
  // the hybrid mode is what `mnemo embed` (or the MCP server in the background) does.
  await cli(join(building, 'data'), ['sessions', '--json', '--limit', '1']);
  await cli(join(building, 'data'), ['embed', '--json'], { MNEMO_EMBEDDER: 'hash' });
  writeFileSync(join(building, 'replay.json'), JSON.stringify(replay));
  rmSync(dir, { recursive: true, force: true });
  renameSync(building, dir);
  return { name, via, dataDir: join(dir, 'data'), replay, reused: false };
}

/**
 * The same store without the model's narration: a copy with the narration rows deleted, the word
 * index rebuilt from titles, bodies and tags only, and the vectors dropped (re-embedded without it).
 * Observation ids are the copy's, so the labels resolved on the original hold. Kept beside the
 * original store and reused.
 */
export async function withoutNarration(dataDir: string): Promise<string> {
  const out = `${dataDir}-no-narration`;
  if (existsSync(join(out, 'done'))) return out;
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  const src = openDatabase({ path: join(dataDir, 'mnemo.db'), busyTimeoutMs: 5000, readonly: true });
  try {
    src.prepare('VACUUM INTO ?').run(join(out, 'mnemo.db'));
  } finally {
    src.close();
  }
  const db = openDatabase({ path: join(out, 'mnemo.db'), busyTimeoutMs: 5000 });
  try {
    db.exec('DELETE FROM narration');
    rebuildAll(db);
    if (!loadSqliteVec(db)) throw new Error('sqlite-vec does not load here: the hybrid modes need it');
    db.exec('DELETE FROM obs_vectors; DELETE FROM vector_models; DROP TABLE IF EXISTS obs_vec_knn;');
  } finally {
    db.close();
  }
  await cli(out, ['embed', '--json'], { MNEMO_EMBEDDER: 'hash' });
  writeFileSync(join(out, 'done'), '');
  return out;
}

/** Run one `mnemo` command in-process against a data directory; its stdout. */
export async function cli(dataDir: string, args: string[], extraEnv: Record<string, string> = {}): Promise<string> {
  const env = cleanEnv(dataDir, extraEnv);
  let out = '';
  let err = '';
  const io: Io = { out: (t) => (out += t + '\n'), err: (t) => (err += t + '\n'), env, cwd: NEUTRAL_CWD, config: resolveConfig(env) };
  const code = await runCli(args, io);
  if (code !== 0) throw new Error(`mnemo ${args.join(' ')} exited ${code}: ${err.trim()}`);
  return out;
}

/** The folder searches are asked from: none of the sessions' projects, so no project is ranked first. */
const NEUTRAL_CWD = tmpdir();

/** One question asked one way in one mode. */
export interface Asked {
  readonly question: EvalQuestion;
  readonly style: Style;
  readonly mode: ModeName;
  readonly store: StoreName;
  readonly rank: number | undefined;
  /** Labelled observations the store holds for it (0: unanswerable in this store). */
  readonly relevant: number;
  readonly top: readonly number[];
}

/** The built store's database, read-only, and which stored rows each labelled event became. */
export function openIndexed(store: BuiltStore): { db: SqliteDb; index: ObservationIndex } {
  const db = openDatabase({ path: join(store.dataDir, 'mnemo.db'), busyTimeoutMs: 5000, readonly: true });
  return { db, index: indexObservations(db, store.replay.events) };
}

/** Ask every question of `questions` that the store can answer, in each style and mode. */
export async function askAll(
  store: BuiltStore,
  questions: readonly EvalQuestion[],
  modes: readonly ModeName[],
  log?: (l: string) => void,
): Promise<{ asked: Asked[]; unresolvedKeys: number; unanswerable: string[]; index: ObservationIndex }> {
  const { db, index } = openIndexed(store);
  const baseline = modes.includes('fts5') ? buildBaseline(db) : undefined;
  const baselineWhy = modes.includes('fts5-why') ? buildBaseline(db, true) : undefined;
  db.close();
  // Vectors of the current embedder (a changed glossary is a new one): what `mnemo embed` adds.
  if (modes.some((m) => m.startsWith('hybrid'))) await cli(store.dataDir, ['embed', '--json'], { MNEMO_EMBEDDER: 'hash' });
  const bare = modes.some((m) => m.endsWith('-no-narration')) ? await withoutNarration(store.dataDir) : undefined;
  if (bare && modes.includes('hybrid-no-narration')) await cli(bare, ['embed', '--json'], { MNEMO_EMBEDDER: 'hash' });
  const dirOf = (mode: SearchMode) => (mode.endsWith('-no-narration') ? bare! : store.dataDir);
  // The team server's search over the same records (eval/team: needs PostgreSQL).
  const team = modes.includes('team') ? await shareToTeam(store.dataDir) : undefined;
  const asked: Asked[] = [];
  let unresolvedKeys = 0;
  const unanswerable: string[] = [];
  try {
    for (const q of questions) {
      const relevant = new Set<number>();
      for (const k of q.keys) {
        const ids = idsForKey(k, index);
        if (ids.length === 0) unresolvedKeys++;
        for (const id of ids) relevant.add(id);
      }
      if (relevant.size === 0) {
        unanswerable.push(q.id);
        continue;
      }
      for (const style of ['question', 'query'] as const) {
        const text = q.texts[style];
        if (!text) continue;
        for (const mode of modes) {
          const top =
            mode === 'fts5' ? baseline!.search(text, 20) : mode === 'fts5-why' ? baselineWhy!.search(text, 20) : mode === 'team' ? await team!.search(text, 20) : await searchIds(dirOf(mode), text, mode);
          asked.push({ question: q, style, mode, store: store.name, rank: firstRank(top, relevant), relevant: relevant.size, top });
        }
      }
    }
  } finally {
    baseline?.close();
    baselineWhy?.close();
    await team?.close();
  }
  log?.(`${store.name}: ${asked.length} searches, ${unresolvedKeys} label keys without an observation, ${unanswerable.length} questions unanswerable`);
  return { asked, unresolvedKeys, unanswerable, index };
}

/** The settings each mode searches with: the defaults, plus the offline embedder for the hybrid modes. */
const MODE_ENV: Readonly<Record<SearchMode, Record<string, string>>> = {
  mnemo: {},
  hybrid: { MNEMO_EMBEDDER: 'hash' },
  'hybrid-candidates': { MNEMO_EMBEDDER: 'hash', MNEMO_EMBED_SCOPE: 'candidates' },
  'mnemo-no-narration': {},
  'hybrid-no-narration': { MNEMO_EMBEDDER: 'hash' },
};

/** `mnemo search <text> --json` with the default limit; the ids it prints, in order. */
export async function searchIds(dataDir: string, text: string, mode: SearchMode = 'mnemo'): Promise<number[]> {
  const out = await cli(dataDir, ['search', '--json', '--', text], MODE_ENV[mode]);
  return (JSON.parse(out) as { id: number }[]).map((h) => h.id);
}
