/**
 * `npm run eval`: the retrieval evaluation (eval/evaluate.ts) as a table.
 *
 *   npm run eval                                    keyword modes + the offline hash embedder
 *   npm run eval -- --write                         … and rewrite the table in eval/RESULTS.md
 *   MNEMO_EVAL_EMBEDDERS=hash,ollama npm run eval   also Ollama (OLLAMA_HOST, MNEMO_EMBED_MODEL)
 *   MNEMO_EVAL_EMBEDDERS=openai …                   OpenAI (OPENAI_API_KEY, MNEMO_EMBED_MODEL, MNEMO_EMBED_DIMENSIONS)
 *   MNEMO_EVAL_EMBEDDERS=onnx …                     a local model folder (MNEMO_EMBED_MODEL)
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { EmbedderName } from '../src/embed/index.ts';
import { EVAL_DIR } from './corpus.ts';
import { evaluate, renderTable } from './evaluate.ts';

const embedders = (process.env.MNEMO_EVAL_EMBEDDERS ?? 'hash').split(',').map((s) => s.trim()).filter(Boolean) as EmbedderName[];
const result = await evaluate({ embedders, log: (l) => process.stderr.write(`${l}\n`) });
const table = renderTable(result);
process.stdout.write(`${table}\n`);

if (process.argv.includes('--write')) {
  const file = join(EVAL_DIR, 'RESULTS.md');
  const text = readFileSync(file, 'utf8');
  const block = `<!-- eval:begin -->\n${table}\n<!-- eval:end -->`;
  writeFileSync(file, text.replace(/<!-- eval:begin -->[\s\S]*<!-- eval:end -->/, block));
}
