import { planQuery } from '../src/core/search/query-plan.ts';
for (const q of process.argv.slice(2)) console.log(q, JSON.stringify(planQuery(q).concepts.map((c) => c.forms.map((f) => f.tokens.join(' ')))));
