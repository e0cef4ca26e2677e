import { join } from 'node:path';
import { readdirSync } from 'node:fs';
import { openDatabase } from '../src/store/sqlite/driver.ts';
import { keywordLists } from '../src/store/sqlite/search.ts';
import { planQuery } from '../src/core/search/query-plan.ts';
const dir = join('eval/.cache/stores', readdirSync('eval/.cache/stores').find((d) => d.startsWith('all-import'))!, 'data');
const db = openDatabase({ path: join(dir, 'mnemo.db'), busyTimeoutMs: 5000, readonly: true });
const q = process.argv[2]!;
const plan = planQuery(q);
console.log('units', plan.units.map((u) => u.tokens.join(' ') + ':' + u.script), '\nexp', plan.expansions.map((u) => u.tokens.join(' ')));
const title = db.prepare('select substr(title,1,90) t from observations where id=?').pluck();
for (const l of keywordLists(db, { query: q, limit: 20 }, 50)) {
  console.log(`-- ${l.name} w=${l.weight ?? 1} n=${l.ids.length}`);
  for (const id of l.ids.slice(0, Number(process.argv[3] ?? 5))) console.log(`   #${id} ${title.get(id)}`);
}
