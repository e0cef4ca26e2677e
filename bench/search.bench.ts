/**
 * Search at scale, in-process: seed a store with 100,000 realistic observations (and 1,000,000 with
 * MNEMO_BENCH_FULL=1) through `SqliteStore.ingest`, then time `search` for English, CJK, identifier
 * and file-path queries against a baseline measured in the same loop: the 20 newest rows by
 * `ORDER BY created_at DESC LIMIT 20` on the same database. Also reports the ingest rate, the database
 * size per raw megabyte, and the SessionStart index path (recentForContext + renderContext).
 *
 *   npm run bench -- search                 100k
 *   MNEMO_BENCH_FULL=1 npm run bench -- search   100k and 1M (seeding 1M takes minutes; see RESULTS.md)
 *   MNEMO_BENCH_QUERIES=400                  queries per class (default 250)
 *   MNEMO_BENCH_REUSE=1                      query a store from the seed cache instead of seeding anew
 *                                            (the seeding figures are then those of the run that seeded it)
 *   MNEMO_BENCH_FROM_<size>=file.db          query a copy of this seeded store (and its file.db.json facts)
 *                                            for that size, whatever the cache holds; the file is only read
 *   MNEMO_BENCH_SIZES=1000000                only these sizes (comma-separated)
 */
import { openSqlite, type SqliteDb } from '../src/store/sqlite/driver.ts';
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { renderContext } from '../src/core/context/render.ts';
import { planQuery, renderMatch } from '../src/core/search/query-plan.ts';
import { RARE_CAP, WINDOW, keywordLists } from '../src/store/sqlite/search.ts';
import { ftsTotals, scoreWindow } from '../src/store/sqlite/scored-window.ts';
import { SqliteStore } from '../src/store/sqlite/sqlite-store.ts';
import { machine, machineLine, ROOT, shouldWrite, writeSection } from './lib/report.ts';
import { Corpus } from './lib/corpus.ts';
import { benchProjectDir, factsOf, fromCache, measureDb, saveToCache, seedStore, summarizeParts, type SeedFacts } from './lib/seed.ts';
import { bytes, int, median, ms, p95, ratio, rng, shuffle, table } from './lib/stats.ts';

const FULL = process.env.MNEMO_BENCH_FULL === '1';
const SIZES = process.env.MNEMO_BENCH_SIZES ? process.env.MNEMO_BENCH_SIZES.split(',').map(Number) : FULL ? [100_000, 1_000_000] : [100_000];

/** A seeded store named by MNEMO_BENCH_FROM_<size>, copied to `path` (never written); its seeding facts. */
function fromFile(path: string, size: number): SeedFacts | undefined {
  const from = process.env[`MNEMO_BENCH_FROM_${size}`];
  if (!from) return undefined;
  copyFileSync(from, path);
  return JSON.parse(readFileSync(`${from}.json`, 'utf8')) as SeedFacts;
}
const QUERIES = Math.max(200, Number(process.env.MNEMO_BENCH_QUERIES) || 250);
const GOAL_P95_MS = 10;

type ClassName = 'english' | 'cjk' | 'identifier' | 'path';
const CLASSES: readonly { name: ClassName; label: string }[] = [
  { name: 'english', label: 'English, 1–3 words' },
  { name: 'cjk', label: 'CJK, 2–4 characters' },
  { name: 'identifier', label: 'identifier (`acquireConnection`)' },
  { name: 'path', label: 'file path (`src/db/pool.ts`)' },
];

interface Sample {
  readonly query: string;
  readonly ms: number;
  /** CPU time of the process during the search (what it costs on an idle core; wall time includes waiting for one). */
  readonly cpu: number;
  readonly results: number;
  /** Rows the MATCH expression hits before ranking (what bm25 has to score). */
  readonly matched: number;
  /** For identifier/path queries: a top-20 result names the thing asked for. */
  readonly found: boolean;
}

interface SizeReport {
  readonly size: number;
  readonly seed: SeedFacts;
  readonly dbBytes: number;
  readonly parts: ReturnType<typeof summarizeParts>;
  readonly baseline: number[];
  readonly classes: Record<ClassName, Sample[]>;
  readonly filtered: { label: string; wall: number[]; cpu: number[]; results: number; autoCpu: number[]; walkCpu: number[]; sameTop: number }[];
  readonly agreement: Agreement;
  readonly context: { recent: number[]; render: number[]; rows: number; chars: number };
}

function progressPrinter(size: number): (done: number, elapsedMs: number) => void {
  let next = size / 10;
  return (done, elapsed) => {
    if (done < next) return;
    next += size / 10;
    process.stderr.write(`  seeded ${int(done)} / ${int(size)} in ${(elapsed / 1000).toFixed(1)} s\n`);
  };
}

async function runSize(size: number): Promise<SizeReport> {
  const dir = mkdtempSync(join(tmpdir(), 'mnemo-bench-search-'));
  const path = join(dir, 'mnemo.db');
  try {
    const reused = fromFile(path, size) ?? (process.env.MNEMO_BENCH_REUSE === '1' ? fromCache(path, size, ROOT) : undefined);
    let seed: SeedFacts;
    let corpus: Corpus;
    if (reused) {
      process.stderr.write(`search: reusing the cached store of ${int(size)} observations\n`);
      seed = { ...reused, seededAt: reused.seededAt ?? 'an earlier run' };
      corpus = new Corpus({ observations: size, bigProjectPath: benchProjectDir() });
      await SqliteStore.open({ path, busyTimeoutMs: 5000 }).close(); // bring the schema up to date first
    } else {
      process.stderr.write(`search: seeding ${int(size)} observations…\n`);
      const seeded = await seedStore({ path, observations: size, bigProjectPath: benchProjectDir(), progress: progressPrinter(size) });
      process.stderr.write(`  done: ${(seeded.wallMs / 1000).toFixed(1)} s wall, ${int(seeded.rate)} observations/s of ingest time\n`);
      const m = machine();
      seed = factsOf(seeded);
      saveToCache(path, size, ROOT, { ...seed, seededAt: `${m.date}, commit ${m.commit}, load average at start ${m.load}` });
      corpus = seeded.corpus;
    }
    const size0 = measureDb(path);

    const store = SqliteStore.open({ path, busyTimeoutMs: 5000 });
    const raw = openSqlite(path, { readonly: true });
    const project = corpus.bigProject.path;
    try {
      const baselineStmt = raw.prepare(
        `SELECT id, session_id, project, platform, kind, type, title, body, files, tags, tool_name, tool_use_id, private, created_at
         FROM observations ORDER BY created_at DESC LIMIT 20`,
      );
      const countStmt = raw.prepare('SELECT count(*) AS n FROM observations_fts WHERE observations_fts MATCH ?');
      const q = corpus.queries(QUERIES);
      const search = (query: string) => store.search({ query, limit: 20, currentProject: project });

      // Warm the page cache and the statement paths.
      for (const c of CLASSES) for (const query of q[c.name].slice(0, 25)) await search(query);
      for (let i = 0; i < 25; i++) baselineStmt.all();

      const classes: Record<ClassName, Sample[]> = { english: [], cjk: [], identifier: [], path: [] };
      const baseline: number[] = [];
      const order = rng(99);
      for (let i = 0; i < QUERIES; i++) {
        // Interleave the classes and the baseline so drift on the shared machine hits all alike.
        for (const kind of shuffle(['baseline', ...CLASSES.map((c) => c.name)] as const as string[], order)) {
          if (kind === 'baseline') {
            const t = performance.now();
            baselineStmt.all();
            baseline.push(performance.now() - t);
            continue;
          }
          const name = kind as ClassName;
          const query = q[name][i]!;
          const c0 = process.cpuUsage();
          const t = performance.now();
          const hits = await search(query);
          const dt = performance.now() - t;
          const c = process.cpuUsage(c0);
          const match = planQuery(query).match;
          const matched = match ? (countStmt.get(match) as { n: number }).n : 0;
          const needle = name === 'path' ? query : query.toLowerCase();
          const found =
            name === 'path'
              ? hits.some((h) => h.observation.files.some((f) => f.endsWith('/' + needle)) || h.observation.title.includes(needle))
              : name === 'identifier'
                ? hits.some((h) => (h.observation.title + h.observation.body).toLowerCase().includes(needle))
                : hits.length > 0;
          classes[name].push({ query, ms: dt, cpu: (c.user + c.system) / 1000, results: hits.length, matched, found });
        }
      }

      // Filtered searches (the viewer's and MCP's filters) with English queries.
      // A row 60% into the history that touched a file: its session, its day, its file.
      const pick = raw.prepare("SELECT session_id, files, created_at FROM observations WHERE id >= ? AND files <> '[]' ORDER BY id LIMIT 1");
      const maxId = raw.prepare('SELECT max(id) FROM observations').pluck().get() as number;
      const sample = pick.get(Math.floor(maxId * 0.6)) as { session_id: number; files: string; created_at: number };
      const file = (JSON.parse(sample.files) as string[])[0]?.split('/').slice(-2).join('/');
      const filterCases: { label: string; filters: object }[] = [
        { label: 'one session', filters: { sessionId: sample.session_id } },
        { label: 'one day', filters: { since: sample.created_at - 12 * 3600_000, until: sample.created_at + 12 * 3600_000 } },
        { label: 'project (largest, ~20% of rows)', filters: { project } },
        { label: 'type `error`', filters: { types: ['error'] } },
        { label: 'rare type `compact`', filters: { types: ['compact'] } },
        { label: 'event type `error_resolved`', filters: { eventTypes: ['error_resolved'] } },
        ...(file ? [{ label: `file \`${file}\``, filters: { file } }] : []),
      ];
      const filtered: SizeReport['filtered'] = [];
      const fq = q.english.slice(0, 40);
      const cpuOf = <T>(f: () => T): [T, number] => {
        const c0 = process.cpuUsage();
        const out = f();
        const c = process.cpuUsage(c0);
        return [out, (c.user + c.system) / 1000];
      };
      for (const fc of filterCases) {
        const wall: number[] = [];
        const cpu: number[] = [];
        const autoCpu: number[] = [];
        const walkCpu: number[] = [];
        let results = 0;
        let sameTop = 0;
        for (const query of fq) {
          const c0 = process.cpuUsage();
          const t = performance.now();
          results += (await store.search({ query, limit: 20, currentProject: project, ...fc.filters })).length;
          wall.push(performance.now() - t);
          const c = process.cpuUsage(c0);
          cpu.push((c.user + c.system) / 1000);
          // The planner's keyword lists against the same lists with every match walked (the plan before
          // id-driven filters), on the read-only connection.
          const opts = { query, ...fc.filters };
          const [auto, autoMs] = cpuOf(() => keywordLists(raw, opts, 50, true));
          const [walked, walkMs] = cpuOf(() => keywordLists(raw, opts, 50, true, { filterPlan: 'walk' }));
          autoCpu.push(autoMs);
          walkCpu.push(walkMs);
          if (JSON.stringify(auto[0]?.ids.slice(0, 20)) === JSON.stringify(walked[0]?.ids.slice(0, 20))) sameTop++;
        }
        filtered.push({ label: fc.label, wall, cpu, results: results / fq.length, autoCpu, walkCpu, sameTop });
      }
      const agreement = measureAgreement(raw, q.english);

      // The SessionStart index path, for the project holding ~20% of the rows.
      const recent: number[] = [];
      const render: number[] = [];
      let rows = 0;
      let chars = 0;
      for (let i = 0; i < 200; i++) {
        const t0 = performance.now();
        const obs = await store.recentForContext({ project, window: 400 });
        const t1 = performance.now();
        const out = renderContext({ projectName: 'atlas-api', observations: obs, budget: 10_000 });
        const t2 = performance.now();
        recent.push(t1 - t0);
        render.push(t2 - t1);
        rows = obs.length;
        chars = out.text.length;
      }

      return {
        size,
        seed,
        dbBytes: size0.fileBytes,
        parts: summarizeParts(size0.parts),
        baseline,
        classes,
        filtered,
        agreement,
        context: { recent, render, rows, chars },
      };
    } finally {
      raw.close();
      await store.close();
    }
  } finally {
    if (process.env.MNEMO_BENCH_KEEP !== '1') rmSync(dir, { recursive: true, force: true });
    else process.stderr.write(`  kept ${dir}\n`);
  }
}

interface Agreement {
  readonly queries: number;
  /** Mean share of FTS5 bm25()'s top k over the same window found in the window scorer's top k. */
  readonly top10: number;
  readonly top20: number;
  /** The same for the search's keyword list: window scored from position lists vs by bm25(). */
  readonly list20: number;
  readonly scoreCpu: number[];
  readonly fts5Cpu: number[];
}

/**
 * Window BM25 (scored-window) against FTS5's bm25() on the English queries with a common word: the
 * same newest WINDOW matches ranked both ways, document frequencies as search has them (exact when a
 * bounded count found them, else estimated); and the search's keyword list both ways (SearchTuning).
 */
function measureAgreement(db: SqliteDb, queries: readonly string[]): Agreement {
  const totals = ftsTotals(db);
  const count = db.prepare(`SELECT count(*) FROM (SELECT 1 FROM observations_fts WHERE observations_fts MATCH ? LIMIT ${RARE_CAP + 1})`).pluck();
  const overlap = (a: readonly number[], b: readonly number[], k: number) => {
    const top = new Set(b.slice(0, k));
    return a.slice(0, k).filter((x) => top.has(x)).length / Math.max(1, Math.min(k, b.length));
  };
  const out = { top10: [] as number[], top20: [] as number[], list20: [] as number[], scoreCpu: [] as number[], fts5Cpu: [] as number[] };
  for (const query of queries) {
    const units = planQuery(query).units.filter((u) => u.script === 'word');
    const counted = units.map((unit) => ({ unit, n: count.get(renderMatch([unit])!) as number }));
    if (!counted.some((c) => c.n > RARE_CAP)) continue;
    let c0 = process.cpuUsage();
    const rows = db
      .prepare(`SELECT rowid AS id, bm25(observations_fts, 8.0, 1.0, 4.0) AS r FROM observations_fts WHERE observations_fts MATCH ? ORDER BY rowid DESC LIMIT ${WINDOW}`)
      .all(renderMatch(units)!) as { id: number; r: number }[];
    let c = process.cpuUsage(c0);
    out.fts5Cpu.push((c.user + c.system) / 1000);
    const truth = [...rows].sort((a, b) => a.r - b.r || b.id - a.id).map((r) => r.id);
    c0 = process.cpuUsage();
    const scored = scoreWindow(db, rows.map((r) => r.id), counted.map((x) => ({ unit: x.unit, df: x.n > RARE_CAP ? undefined : x.n })), RARE_CAP + 1, totals);
    c = process.cpuUsage(c0);
    out.scoreCpu.push((c.user + c.system) / 1000);
    out.top10.push(overlap(scored, truth, 10));
    out.top20.push(overlap(scored, truth, 20));
    const list = (windowScorer: 'fts5' | 'postings') => keywordLists(db, { query: units.map((u) => u.tokens.join(' ')).join(' ') }, 50, false, { windowScorer })[0]?.ids ?? [];
    out.list20.push(overlap(list('postings'), list('fts5'), 20));
  }
  const mean = (a: readonly number[]) => a.reduce((x, y) => x + y, 0) / Math.max(1, a.length);
  return { queries: out.top10.length, top10: mean(out.top10), top20: mean(out.top20), list20: mean(out.list20), scoreCpu: out.scoreCpu, fts5Cpu: out.fts5Cpu };
}

function bucket(samples: readonly Sample[]): string {
  const parts: string[] = [];
  const ranges: [string, number, number][] = [
    ['<1k', 0, 1000],
    ['1k–10k', 1000, 10_000],
    ['≥10k', 10_000, Infinity],
  ];
  for (const [label, lo, hi] of ranges) {
    const s = samples.filter((x) => x.matched >= lo && x.matched < hi).map((x) => x.ms);
    if (s.length) parts.push(`${label}: ${s.length} q, p50 ${ms(median(s))}`);
  }
  return parts.join(' · ');
}

function report(r: SizeReport): string {
  const base50 = median(r.baseline);
  const base95 = p95(r.baseline);
  const rows: string[][] = [
    ['baseline: 20 newest rows (`ORDER BY created_at DESC LIMIT 20`)', ms(base50), ms(base95), '', '1×', '1×', '', '', ''],
  ];
  for (const c of CLASSES) {
    const s = r.classes[c.name];
    const t = s.map((x) => x.ms);
    const zero = s.filter((x) => x.results === 0).length / s.length;
    const found = s.filter((x) => x.found).length / s.length;
    const goal = p95(t) <= GOAL_P95_MS ? '✓' : '✗';
    const cpu = s.map((x) => x.cpu);
    rows.push([
      c.label,
      ms(median(t)),
      ms(p95(t)),
      `${ms(median(cpu))} / ${ms(p95(cpu))}`,
      ratio(median(t) / base50),
      ratio(p95(t) / base95),
      int(median(s.map((x) => x.matched))),
      `${(zero * 100).toFixed(1)}% / ${(found * 100).toFixed(0)}%`,
      `${goal} wall · ${p95(cpu) <= GOAL_P95_MS ? '✓' : '✗'} CPU (≤ ${GOAL_P95_MS} ms)`,
    ]);
  }
  const ctx = r.context;
  const ctxTotal = ctx.recent.map((v, i) => v + ctx.render[i]!);
  const rawMB = r.seed.rawBytes / 1024 / 1024;
  const seedLine =
    `${r.seed.seededAt ? `Store reused from the seed cache; it was seeded ${r.seed.seededAt}, and the seeding figures below are from that run. ` : ''}` +
    `Seeded ${int(r.seed.observations)} observations in ${int(r.seed.sessions)} sessions over 25 projects (largest: ` +
    `${int(r.seed.largest)} rows), ${(r.seed.cjkShare * 100).toFixed(0)}% containing Chinese, ` +
    `${(r.seed.rawBytes / r.seed.observations).toFixed(0)} raw bytes per observation on average.`;
  const slow = CLASSES.flatMap((c) => r.classes[c.name].map((s) => ({ ...s, cls: c.name })))
    .sort((a, b) => b.ms - a.ms)
    .slice(0, 8)
    .map((s) => `| ${s.cls} | \`${s.query}\` | ${ms(s.ms)} | ${int(s.matched)} |`);
  return [
    seedLine,
    '',
    table(
      ['', 'value'],
      [
        ['seeding wall time (generation + ingest)', `${(r.seed.wallMs / 1000).toFixed(1)} s`],
        ['ingest rate (`SqliteStore.ingest`, batches of 500 events)', `${int(r.seed.rate)} observations/s`],
        ['raw text (title + body + tags + files)', bytes(r.seed.rawBytes)],
        ['database file (after checkpoint)', bytes(r.dbBytes)],
        ['… table / b-tree indexes / FTS5 / other', `${bytes(r.parts.table)} / ${bytes(r.parts.btreeIndexes)} / ${bytes(r.parts.fts)} / ${bytes(r.parts.other)}`],
        ['database size per raw MB', `${(r.dbBytes / 1024 / 1024 / rawMB).toFixed(2)} MB`],
        ['FTS5 index per raw MB', `${(r.parts.fts / 1024 / 1024 / rawMB).toFixed(2)} MB`],
      ],
    ),
    '',
    `Search: \`SqliteStore.search({query, limit: 20, currentProject})\`, ${QUERIES} queries per class, interleaved with the baseline.`,
    '',
    table(['query class', 'p50 ms', 'p95 ms', 'CPU p50 / p95 ms', 'p50 × baseline', 'p95 × baseline', 'median rows matched', 'zero results / found', 'p95 goal'], rows),
    '',
    '"found": a top-20 result contains the identifier / names the file (for English and CJK: any result). ' +
      'CPU: the process\'s CPU time during each search (`process.cpuUsage`), what it costs on an idle core; wall time on this ' +
      'shared 2-core machine adds the wait for one (compare the baseline\'s p95 with its p50).',
    '',
    `Filtered searches: the first ${r.filtered[0] ? r.filtered[0].wall.length : 0} English queries with each filter (\`limit: 20\`):`,
    '',
    table(
      ['filter', 'p50 ms', 'p95 ms', 'CPU p50 / p95 ms', 'p50 × baseline', 'results per query', 'keyword lists CPU p50 / p95 ms: planner · all matches walked · ratio', 'same top 20'],
      r.filtered.map((f) => [
        f.label,
        ms(median(f.wall)),
        ms(p95(f.wall)),
        `${ms(median(f.cpu))} / ${ms(p95(f.cpu))}`,
        ratio(median(f.wall) / base50),
        f.results.toFixed(1),
        `${ms(median(f.autoCpu))} / ${ms(p95(f.autoCpu))} · ${ms(median(f.walkCpu))} / ${ms(p95(f.walkCpu))} · ${ratio(median(f.autoCpu) / median(f.walkCpu))} / ${ratio(p95(f.autoCpu) / p95(f.walkCpu))}`,
        `${f.sameTop} / ${f.wall.length}`,
      ]),
    ),
    '',
    'The planner reads a filter\'s few scattered rows from the index (pages without one are leapt over) when that costs less than ' +
      'walking every match; both columns are the keyword lists alone (`keywordLists`), planned as the search does and with the walk forced ' +
      '(the plan before), on one read-only connection, right after each search. ' +
      'Top 20s differ where the walk ranked only the newest 600 filtered matches and the id-driven plan ranks all of them.',
    '',
    `Window BM25 against FTS5's bm25() over the same ${WINDOW} newest matches, ${r.agreement.queries} English queries with a word over ${RARE_CAP} matches ` +
      `(document frequencies as search has them: exact under the cap, estimated over it):`,
    '',
    table(
      ['', 'value'],
      [
        ['top 10 in common with bm25()', `${(r.agreement.top10 * 100).toFixed(1)}%`],
        ['top 20 in common with bm25()', `${(r.agreement.top20 * 100).toFixed(1)}%`],
        ['keyword list top 20 in common (window from position lists vs bm25())', `${(r.agreement.list20 * 100).toFixed(1)}%`],
        ['CPU p50 / p95: window scorer', `${ms(median(r.agreement.scoreCpu))} / ${ms(p95(r.agreement.scoreCpu))} ms`],
        ['CPU p50 / p95: FTS5 bm25() over the window', `${ms(median(r.agreement.fts5Cpu))} / ${ms(p95(r.agreement.fts5Cpu))} ms`],
      ],
    ),
    '',
    'Latency by how many rows the query\'s full MATCH expression hits (`planQuery(query).match`, counted separately):',
    '',
    ...CLASSES.map((c) => `- ${c.name}: ${bucket(r.classes[c.name])}`),
    '',
    'Slowest queries:',
    '',
    '| class | query | ms | rows matched |',
    '|---|---|---:|---:|',
    ...slow,
    '',
    `SessionStart index path for the largest project (window 400, budget 10,000 chars; ${ctx.rows} rows → ${int(ctx.chars)} chars):`,
    '',
    table(
      ['step', 'p50 ms', 'p95 ms'],
      [
        ['`recentForContext`', ms(median(ctx.recent)), ms(p95(ctx.recent))],
        ['`renderContext`', ms(median(ctx.render)), ms(p95(ctx.render))],
        ['both', ms(median(ctxTotal)), ms(p95(ctxTotal))],
      ],
    ),
  ].join('\n');
}

const m = machine();
const reports: SizeReport[] = [];
for (const size of SIZES) {
  const r = await runSize(size);
  reports.push(r);
  console.log(`\n## Search at ${int(r.size)} observations\n\n${report(r)}\n`);
}
if (shouldWrite()) {
  // One section per size, so a 100k run keeps the figures of an earlier 1M run.
  for (const r of reports) {
    writeSection(`search-${r.size}`, [`## Search at ${int(r.size)} observations (bench/search.bench.ts)`, '', machineLine(m), '', report(r)].join('\n'));
  }
  if (!FULL) {
    writeSection(
      'search-1000000',
      '## Search at 1,000,000 observations (bench/search.bench.ts)\n\n_Not measured yet: run `MNEMO_BENCH_FULL=1 npm run bench -- search`._',
      { onlyIfMissing: true },
    );
  }
  console.log('search: wrote bench/RESULTS.md');
}
