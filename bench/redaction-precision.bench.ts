/**
 * False positives of redaction, per megabyte of text that holds no real secret: the real Claude
 * Code transcripts in ../shared/corpus/transcripts (every string of every line) and the source
 * trees of the dependencies in node_modules (every text file under 2 MB). Every placeholder the
 * redactor puts into such text is counted as a false positive, by kind and by corpus, with a few
 * examples of each kind in context, for the rules of this tree and those of the baseline commit
 * (where this branch left main), in the same process. Fake credentials that packages ship in their
 * own tests and docs are counted too; the examples show which they are.
 *
 *   npm run bench -- redaction-precision
 *   MNEMO_BENCH_NODE_MODULES_MB=20   read at most this many MB of node_modules (default: all)
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { redactText } from '../src/core/privacy/redact.ts';
import { baselineCommit, loadPrivacyAt } from './lib/baseline-privacy.ts';
import { machine, machineLine, ROOT, shouldWrite, writeSection } from './lib/report.ts';
import { table } from './lib/stats.ts';

const CORPUS = join(ROOT, '..', 'shared', 'corpus', 'transcripts');
const NODE_MODULES = join(ROOT, 'node_modules');
const TEXT_EXT = /\.(?:[cm]?js|[cm]?ts|jsx|tsx|json|md|markdown|txt|ya?ml|toml|ini|sh|py|d\.ts)$/;
const MAX_FILE = 2 << 20;
const NM_LIMIT = Number(process.env.MNEMO_BENCH_NODE_MODULES_MB || Infinity) * 1e6;

function walk(dir: string, pick: (p: string) => boolean, out: string[] = []): string[] {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return out;
  }
  for (const e of entries.sort((a, b) => (a.name < b.name ? -1 : 1))) {
    const p = join(dir, e.name);
    if (e.isDirectory()) walk(p, pick, out);
    else if (e.isFile() && pick(p)) out.push(p);
  }
  return out;
}

/** Every string in a JSON value (keys too), the way capture sees them. */
function strings(v: unknown, out: string[]): void {
  if (typeof v === 'string') out.push(v);
  else if (Array.isArray(v)) for (const x of v) strings(x, out);
  else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) (out.push(k), strings(x, out));
}

interface Doc {
  readonly corpus: string;
  readonly where: string;
  readonly text: string;
}

function transcriptDocs(): Doc[] {
  const docs: Doc[] = [];
  for (const f of walk(CORPUS, (p) => p.endsWith('.jsonl') || p.endsWith('.json'))) {
    for (const line of readFileSync(f, 'utf8').split('\n')) {
      if (!line.trim()) continue;
      let v: unknown;
      try {
        v = JSON.parse(line);
      } catch {
        continue;
      }
      const parts: string[] = [];
      strings(v, parts);
      for (const t of parts) if (t.length >= 6) docs.push({ corpus: 'transcripts', where: relative(CORPUS, f), text: t });
    }
  }
  return docs;
}

function nodeModuleDocs(): Doc[] {
  const docs: Doc[] = [];
  let total = 0;
  for (const f of walk(NODE_MODULES, (p) => TEXT_EXT.test(p) && !p.includes('/.tmp/'))) {
    const size = statSync(f).size;
    if (size > MAX_FILE || size === 0) continue;
    if (total + size > NM_LIMIT) break;
    total += size;
    docs.push({ corpus: 'node_modules', where: relative(NODE_MODULES, f), text: readFileSync(f, 'utf8') });
  }
  return docs;
}

const PLACEHOLDER_RE = /\[REDACTED:([a-z_0-9]+)(?::[0-9a-f]{6})?\]/g;

interface Tally {
  bytes: number;
  count: number;
  ms: number;
  byKind: Map<string, number>;
  examples: Map<string, string[]>;
}

function tally(docs: readonly Doc[], redact: (t: string) => string): Tally {
  const t: Tally = { bytes: 0, count: 0, ms: 0, byKind: new Map(), examples: new Map() };
  for (const d of docs) {
    t.bytes += Buffer.byteLength(d.text);
    const started = performance.now();
    const out = redact(d.text);
    t.ms += performance.now() - started;
    if (out === d.text) continue;
    for (const m of out.matchAll(PLACEHOLDER_RE)) {
      // Placeholders already in the input (a transcript of mnemo's own work) are not this run's.
      if (d.text.includes(m[0])) continue;
      t.count++;
      const kind = m[1]!;
      t.byKind.set(kind, (t.byKind.get(kind) ?? 0) + 1);
      const ex = t.examples.get(kind) ?? [];
      if (ex.length < 4) {
        const at = m.index!;
        ex.push(`${d.where}: …${out.slice(Math.max(0, at - 50), at + m[0].length + 20).replace(/\s+/g, ' ')}…`);
        t.examples.set(kind, ex);
      }
    }
  }
  return t;
}

const perMb = (t: Tally): string => (t.count / (t.bytes / 1e6)).toFixed(2);

async function main(): Promise<void> {
  const m = machine();
  const commit = baselineCommit();
  const old = await loadPrivacyAt(commit);
  const corpora: [string, Doc[]][] = [
    ['transcripts (../shared/corpus)', transcriptDocs()],
    ['node_modules sources', nodeModuleDocs()],
  ];
  const rows: string[][] = [];
  const detail: string[] = [];
  for (const [name, docs] of corpora) {
    if (docs.length === 0) continue;
    const before = tally(docs, old.redactText);
    const now = tally(docs, redactText);
    rows.push([name, (now.bytes / 1e6).toFixed(1), String(before.count), perMb(before), String(now.count), perMb(now), (now.ms / before.ms).toFixed(2) + '×']);
    detail.push(`### ${name}: what the current rules redact`, '');
    const kinds = [...now.byKind.entries()].sort((a, b) => b[1] - a[1]);
    detail.push(table(['kind', 'count', 'examples'], kinds.map(([k, n]) => [k, String(n), (now.examples.get(k) ?? []).map((e) => '`' + e.replace(/`/g, "'").replace(/\|/g, '\\|') + '`').join('<br>')])), '');
    console.log(`${name}: ${(now.bytes / 1e6).toFixed(1)} MB, baseline ${before.count} (${perMb(before)}/MB), now ${now.count} (${perMb(now)}/MB), time ratio ${(now.ms / before.ms).toFixed(2)}×`);
    for (const [k, n] of kinds) console.log(`  ${k}: ${n}\n    ${(now.examples.get(k) ?? []).join('\n    ')}`);
  }
  const md = [
    '## Redaction false positives (bench/redaction-precision.bench.ts)',
    '',
    machineLine(m),
    '',
    `Every placeholder put into text that holds no real secret counts as a false positive. Baseline: the rules at ${commit.slice(0, 7)} (where this branch left main), run in the same process on the same strings; time ratio = current / baseline.`,
    '',
    table(['corpus', 'MB', 'baseline redactions', 'baseline per MB', 'current redactions', 'current per MB', 'time ratio'], rows),
    '',
    ...detail,
  ].join('\n');
  if (shouldWrite()) writeSection('redaction-precision', md);
}

await main();
