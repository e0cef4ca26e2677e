/**
 * @module core/extract/user/shape
 * Language-independent structure of a message: sentences, clauses, words, questions. Built on
 * Unicode punctuation and scripts, so the same rules hold for English, Chinese, Arabic, Hindi…
 */

/** Sentence ends: Latin/Arabic/Devanagari marks need a following space or the end (so the
 * dot in `server.ts` does not end a sentence); CJK full-width marks end one anywhere. */
const SENTENCE_END_RE = /(?<=[.!?؟।॥])(?:\s+|$)|(?<=[。！？])/u;
/** Clause separators of many scripts: comma, semicolon, ideographic comma, Arabic comma/semicolon. */
export const CLAUSE_SEP_RE = /[,;，；、،؛]/u;
const CLAUSE_SPLIT_RE = /[,;，；、،؛]+/u;
/** A question mark of any script that ends a clause (not the `?` of a URL query or a ternary). */
const QUESTION_MARK_RE = /[?？؟⸮](?=\s|$|["'”’)\]」』]|[?？!！])|[¿]/u;
/** Sentence-final question particles: Chinese 吗/呢/么, Japanese か/かな/の, Korean -까/-나요/-니. */
const QUESTION_PARTICLE_RE = /(?:吗|嗎|呢|么|麼|ですか|ますか|でしょうか|かな|까요?|나요|니|습니까)[\s.。!！]*$/u;
/** English questions without a mark: a wh-word first, or an auxiliary followed by its subject. */
const EN_QUESTION_RE = /^(?:how|what|why|where|when|which|who|whom|whose)\b(?!\s+(?:a|an)\b)|^(?:is|are|was|were|can|could|would|should|does|did|will|has|have|shall|may|might)\s+(?:you|i|we|they|it|this|that|there|he|she|the)\s+\S/i;
const CJK_RE = /[\u3040-\u30ff\u3400-\u9fff\uf900-\ufaff]/u;
const CJK_GLOBAL_RE = /[\u3040-\u30ff\u3400-\u9fff\uf900-\ufaff]/gu;
const WORD_RE = /[\p{L}\p{N}][\p{L}\p{N}\p{M}'’_-]*/gu;

/** Split into sentences without breaking file names such as `server.ts`. */
export function sentences(text: string): string[] {
  return text.split(SENTENCE_END_RE).map((s) => s.trim()).filter(Boolean);
}

/** Split on clause separators of any script (`,` `;` `，` `；` `、` `،` `؛`). */
export function clauses(text: string): string[] {
  return text.split(CLAUSE_SPLIT_RE).map((s) => s.trim()).filter(Boolean);
}

/** Words of a space-separated script (CJK runs count as one word each here). */
export function wordsOf(text: string): string[] {
  return text.match(WORD_RE) ?? [];
}

/** True when the text contains Chinese or Japanese characters. */
export function hasCjk(text: string): boolean {
  return CJK_RE.test(text);
}

/** How much a clause says: words, with each CJK character counted as a word. */
export function weight(text: string): number {
  const cjk = text.match(CJK_GLOBAL_RE)?.length ?? 0;
  if (cjk === 0) return wordsOf(text).length;
  const rest = text.replace(CJK_GLOBAL_RE, ' ');
  return Math.ceil(cjk / 2) + wordsOf(rest).length;
}

/** True when the text asks something, in any script. */
export function isQuestion(text: string): boolean {
  if (QUESTION_MARK_RE.test(text)) return true;
  const t = text.trim();
  const firstLine = t.split('\n', 1)[0] ?? '';
  return QUESTION_PARTICLE_RE.test(firstLine) || EN_QUESTION_RE.test(firstLine);
}
