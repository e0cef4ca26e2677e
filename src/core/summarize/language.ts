/**
 * @module core/summarize/language
 * A cheap guess of the language a user writes in, from scripts and a few telltale letters.
 * Enough to choose headings and phrases for a summary; no dictionary, no model.
 */

const SCRIPT_TESTS: ReadonlyArray<readonly [string, RegExp]> = [
  ['ja', /[\p{Script=Hiragana}\p{Script=Katakana}]/gu],
  ['ko', /\p{Script=Hangul}/gu],
  ['zh', /\p{Script=Han}/gu],
  ['ru', /\p{Script=Cyrillic}/gu],
  ['ar', /\p{Script=Arabic}/gu],
  ['hi', /\p{Script=Devanagari}/gu],
];
const LATIN_HINTS: ReadonlyArray<readonly [string, RegExp]> = [
  ['tr', /[ğışİĞŞ]/g],
  ['de', /[äöüßÄÖÜ]/g],
  ['es', /[ñ¿¡]|\b(?:el|la|los|las|que|por|para|con|una)\b/gi],
  ['fr', /[àâçèêëîïôœùûÿ]|\b(?:le|les|des|est|une|pour|avec)\b/gi],
  ['pt', /[ãõ]|\b(?:não|você|uma|para|com)\b/gi],
];
const LETTER_RE = /\p{L}/gu;

function count(text: string, re: RegExp): number {
  return text.match(re)?.length ?? 0;
}

/** A BCP-47-ish tag for the dominant language of `texts` ('en' when unsure). */
export function guessLanguage(texts: readonly string[]): string {
  const text = texts.join('\n').slice(0, 20_000);
  const letters = count(text, LETTER_RE);
  if (letters === 0) return 'en';
  // Japanese mixes kana with Han: any real share of kana decides it before Han counts as Chinese.
  const kana = count(text, SCRIPT_TESTS[0]![1]);
  if (kana >= 3 && kana / letters > 0.05) return 'ja';
  let best = 'en';
  let bestShare = 0.15;
  for (const [lang, re] of SCRIPT_TESTS.slice(1)) {
    const share = count(text, re) / letters;
    if (share > bestShare) (best = lang), (bestShare = share);
  }
  if (best !== 'en') return best;
  let latinBest = 'en';
  let latinScore = 2;
  for (const [lang, re] of LATIN_HINTS) {
    const n = count(text, re);
    if (n > latinScore) (latinBest = lang), (latinScore = n);
  }
  return latinBest;
}
