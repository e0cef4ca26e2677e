/**
 * The retrieval evaluation (eval/) as a regression guard: hybrid never below keyword-only, and the
 * keyword path keeps its English and cross-lingual recall. Figures and their meaning: eval/RESULTS.md.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { evaluate } from '../../../eval/evaluate.ts';

test('evaluation: hybrid ≥ keyword; keyword recall holds for English and cross-lingual questions', async () => {
  const e = await evaluate({ embedders: ['hash'] });
  const mode = (prefix: string) => e.modes.find((m) => m.name.startsWith(prefix))!;
  const keyword = mode('keyword (');
  const plain = mode('keyword, no glossary');
  const hybrid = mode('hybrid (hash:v2:512, append)');
  assert.equal(e.observations, 611);
  for (const k of ['r5', 'r10', 'mrr'] as const) {
    assert.ok(hybrid.all[k] >= keyword.all[k], `hybrid ${k} ${hybrid.all[k]} < keyword ${keyword.all[k]}`);
    assert.ok(hybrid.cross[k] >= keyword.cross[k], `cross-lingual hybrid ${k} below keyword`);
  }
  assert.ok(keyword.en.r10 >= 0.9, `English R@10 ${keyword.en.r10}`);
  assert.ok(keyword.cross.r10 >= 0.8, `cross-lingual R@10 ${keyword.cross.r10}`);
  assert.ok(keyword.cross.r10 > plain.cross.r10 + 0.4, 'the glossary is what makes cross-lingual questions work');
});
