import { openTeamServer } from '../src/store/postgres/open.ts';
import { Corpus } from './lib/corpus.ts';
import { benchProjectDir } from './lib/seed.ts';
const s = await openTeamServer({ url: 'postgres://dev0:bench@127.0.0.1:36733/postgres?sslmode=disable', team: 'bench' });
const q = new Corpus({ observations: 100000, bigProjectPath: benchProjectDir() }).queries(30);
const kinds = (process.argv[2] ?? 'english,cjk').split(',') as ('english'|'cjk'|'identifier'|'path')[];
for (const k of kinds) for (const query of q[k].slice(0, Number(process.argv[3] ?? 8))) {
  const t = performance.now(); const h = await s.search({ query, limit: 20 }); console.log(k, query, h.length, (performance.now() - t).toFixed(0));
}
await s.close();
