// Compression and fact retention of session summaries (issue 4), over real Claude Code transcripts:
// ../shared/corpus/transcripts when present, else the test fixtures. Each transcript is imported
// through the live pipeline (capture → ingest with extraction → heuristic summary); then, per session:
// raw transcript bytes, stored observation text, brief, detailed, and the SessionStart injection.
// Fact retention: of the facts a next session needs — the first request and every changed file —
// the share each summary still names. Run: npm run bench -- compression
import { mkdtempSync, readdirSync, statSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SqliteStore } from '../src/store/sqlite/sqlite-store.ts';
import { importClaudeCode } from '../src/import/claude-code-import.ts';
import { buildContext } from '../src/context/build.ts';
import { oneLine } from '../src/core/titles.ts';

const root = new URL('..', import.meta.url).pathname;
const corpus = [join(root, '..', 'shared', 'corpus', 'transcripts'), join(root, 'test', 'fixtures', 'transcripts')].find((d) => existsSync(d))!;

function bytesUnder(dir: string): number {
  let n = 0;
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    const st = statSync(p);
    n += st.isDirectory() ? bytesUnder(p) : name.endsWith('.jsonl') || name.endsWith('.json') ? st.size : 0;
  }
  return n;
}

const store = SqliteStore.open({ path: join(mkdtempSync(join(tmpdir(), 'mnemo-compress-')), 'mnemo.db'), busyTimeoutMs: 5000 });
const t0 = performance.now();
await importClaudeCode(store, { root: corpus, limits: { maxInputChars: 2000, maxOutputChars: 4000 }, openWithinMs: 0 });
const importMs = performance.now() - t0;
const raw = bytesUnder(corpus);

let stored = 0, brief = 0, detailed = 0, facts = 0, inBrief = 0, inDetailed = 0, sessions = 0;
const projects = new Set<string>();
for (const s of await store.listSessions({ limit: 10_000 })) {
  const obs = await store.sessionObservations(s.id);
  if (!s.summary || obs.length === 0) continue;
  sessions++;
  projects.add(s.project);
  stored += obs.reduce((n, o) => n + o.title.length + o.body.length, 0);
  brief += s.summary.brief.length;
  detailed += s.summary.detailed.length;
  const rel = (f: string) => (f.startsWith(s.project + '/') ? f.slice(s.project.length + 1) : f);
  const firstPrompt = obs.find((o) => o.type === 'prompt');
  const wanted = [
    ...(firstPrompt ? [oneLine(firstPrompt.body, 60).replace(/…$/, '').slice(0, 40)] : []),
    ...new Set(obs.filter((o) => o.type === 'change').flatMap((o) => o.files.map(rel))),
  ];
  facts += wanted.length;
  inBrief += wanted.filter((f) => s.summary!.brief.includes(f)).length;
  inDetailed += wanted.filter((f) => s.summary!.detailed.includes(f)).length;
}
let injected = 0;
for (const p of projects) injected += (await buildContext(store, { contextBudget: 10_000, contextWindow: 400 }, p)).length;
await store.close();

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const ratio = (n: number) => `${(raw / Math.max(1, n)).toFixed(0)}:1`;
console.log(`## Compression (bench/compression.bench.ts)\n\n${sessions} sessions in ${projects.size} projects from ${corpus.includes('shared') ? '../shared/corpus/transcripts' : 'test/fixtures/transcripts'}; import ${(importMs / 1000).toFixed(1)} s.\n`);
console.log('| what | size | raw transcript : it |');
console.log('|---|---:|---:|');
console.log(`| raw transcripts (JSONL) | ${kb(raw)} | 1:1 |`);
console.log(`| stored observations (title + body, redacted, truncated) | ${kb(stored)} | ${ratio(stored)} |`);
console.log(`| detailed summaries (≤ 3,200 chars each) | ${kb(detailed)} | ${ratio(detailed)} |`);
console.log(`| brief summaries (≤ 900 chars each) | ${kb(brief)} | ${ratio(brief)} |`);
console.log(`| SessionStart injections (one per project, ≤ 10,000 chars) | ${kb(injected)} | ${ratio(injected)} |`);
console.log(`\nFact retention (the first request and every changed file of each session, ${facts} facts): brief ${(100 * inBrief / Math.max(1, facts)).toFixed(1)} %, detailed ${(100 * inDetailed / Math.max(1, facts)).toFixed(1)} %.`);
