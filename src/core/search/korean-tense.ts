/**
 * @module core/search/korean-tense
 * A Korean verb in the past tense folds its marker into the stem's last syllable (`남아` remaining →
 * `남았습니다` remained, `고쳐` → `고쳤다`, `바꿔` → `바꿨어`), so the bigrams of a question's form
 * never meet the record's. The other tense of such a word is searched beside it. Pure: no I/O.
 */

const SYLLABLE_FIRST = 0xac00;
const SYLLABLE_LAST = 0xd7a3;
const FINALS = 28;
/** The final consonant ㅆ, the past-tense marker. */
const SS = 20;
/** Vowels a stem ends in when the past-tense ㅆ joins it: ㅏ ㅐ ㅓ ㅕ ㅘ ㅙ ㅝ (아, 해, 어, 여, 와, 돼, 워). */
const JOINING_VOWELS: ReadonlySet<number> = new Set([0, 1, 4, 6, 9, 10, 14]);

/** The word with its last syllable in the other tense (`남아` ↔ `남았`), or undefined when it has none. */
export function otherTense(word: string): string | undefined {
  const chars = Array.from(word);
  if (chars.length < 2) return undefined;
  const code = chars[chars.length - 1]!.codePointAt(0)!;
  if (code < SYLLABLE_FIRST || code > SYLLABLE_LAST) return undefined;
  const offset = code - SYLLABLE_FIRST;
  const final = offset % FINALS;
  const vowel = Math.floor(offset / FINALS) % 21;
  if (!JOINING_VOWELS.has(vowel) || (final !== 0 && final !== SS)) return undefined;
  const other = String.fromCodePoint(code - final + (final === 0 ? SS : 0));
  return chars.slice(0, -1).join('') + other;
}
