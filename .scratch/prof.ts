import { Corpus } from '../bench/lib/corpus.ts';
import { benchProjectDir } from '../bench/lib/seed.ts';
import { openDatabase } from '../src/store/sqlite/driver.ts';
import { searchObservations } from '../src/store/sqlite/search.ts';
const corpus = new Corpus({ observations: 100000, bigProjectPath: benchProjectDir() });
const q = corpus.queries(250);
const db = openDatabase({ path: '/tmp/ev/s100k.db', busyTimeoutMs: 5000, readonly: true });
const project = corpus.bigProject.path;
const cpu = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; };
for (const cls of (process.env.CLS ?? 'english,cjk,identifier,path').split(',')) {
  const qs = (q as any)[cls] as string[];
  for (const x of qs.slice(0, 25)) searchObservations(db, { query: x, limit: 20, currentProject: project });
  const times: Record<string, number[]> = { new: [], old: [] };
  for (const x of qs) for (const mode of ['new', 'old']) { const t = cpu(); searchObservations(db, { query: x, limit: 20, currentProject: project }, mode === 'old' ? { concepts: false } : {}); times[mode]!.push(cpu() - t); }
  const pct = (a: number[], p: number) => [...a].sort((x, y) => x - y)[Math.floor(a.length * p)]!.toFixed(2);
  console.log(cls.padEnd(10), 'CPU new p50', pct(times.new!, 0.5), 'p95', pct(times.new!, 0.95), '| old p50', pct(times.old!, 0.5), 'p95', pct(times.old!, 0.95));
}
