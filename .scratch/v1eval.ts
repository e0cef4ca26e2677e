import { evaluate } from '../eval/evaluate.ts';
const e = await evaluate({ embedders: ['hash'] });
for (const m of e.modes) console.log(m.name.padEnd(40), ['all', 'en', 'cross'].map((p) => `${p} ${(100 * (m as any)[p].r5).toFixed(1)}/${(100 * (m as any)[p].r10).toFixed(1)}/${(m as any)[p].mrr.toFixed(3)}`).join('  '));
