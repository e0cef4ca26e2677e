/**
 * @module core/search/text-index
 * What goes into the full-text index. SQLite's unicode61 tokenizer treats a run of Chinese or
 * Japanese as one giant token, so `连接` would never match inside `修复连接池泄漏`. A trigram index
 * fixes that at 3× the size of the data and still misses two-character words. Instead, CJK runs
 * are rewritten as overlapping bigrams before indexing (and queries get the same rewrite), so
 * one small word index serves English and CJK alike, and only CJK text pays for the expansion.
 */

/** Han, Hiragana, Katakana (incl. the prolonged sound mark), Hangul. */
export const CJK_RUN_RE = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\u30FC\p{Script=Hangul}]+/gu;
const HAS_CJK_RE = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
/**
 * Every UTF-16 unit a `HAS_CJK_RE` character can start with (the scripts' BMP blocks, and any high
 * surrogate), and few others. A plain range test, several times cheaper per character than the
 * script properties, so the texts with no such unit (nearly all) are answered without them.
 */
const MAY_HAVE_CJK_RE = /[\u1100-\u11ff\u2e80-\u2fd5\u3005-\u30ff\u3131-\u9fff\ua960-\ua97c\uac00-\ud7fb\ud800-\udbff\uf900-\ufad9\uff66-\uffdc]/;

export function hasCjk(text: string): boolean {
  return MAY_HAVE_CJK_RE.test(text) && HAS_CJK_RE.test(text);
}

/** Overlapping bigrams of one CJK run; a lone character stands for itself. */
export function cjkBigrams(run: string): string[] {
  const chars = Array.from(run);
  if (chars.length < 2) return chars;
  const out: string[] = [];
  for (let i = 0; i < chars.length - 1; i++) out.push(chars[i]! + chars[i + 1]!);
  return out;
}

/** Rewrite text for the word index: CJK runs become space-separated bigrams, the rest is untouched. */
export function toIndexText(text: string): string {
  if (!hasCjk(text)) return text;
  return text.replace(CJK_RUN_RE, (run) => ` ${cjkBigrams(run).join(' ')} `);
}

/** A word of the index: a run of letters, digits and marks (what FTS5's unicode61 tokenizer keeps). */
export const WORD_RE = /[\p{L}\p{N}\p{M}]+/gu;

/**
 * Text as the word index sees it, for an engine whose own tokenizer splits differently (the team
 * server's PostgreSQL parser keeps `src/db/pool.ts` as one token): lower-cased words and CJK bigrams,
 * one space apart.
 */
export function toIndexWords(text: string): string {
  return (toIndexText(text.normalize('NFKC')).toLowerCase().match(WORD_RE) ?? []).join(' ');
}
