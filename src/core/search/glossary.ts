/**
 * @module core/search/glossary
 * A multilingual glossary of programming terms (English ↔ Chinese, Japanese, Korean; entries in
 * core/search/glossary-data), used as query expansion so that a Chinese or Japanese question finds an
 * English session (`测试报错` → `test error`, `コミットして` → `commit`) and an English question finds
 * a Japanese or Korean one (`output format` → `出力`, `フォーマット`). English words also expand to the
 * forms they take in commands (`delete` → `rm`). Translations are searched as a separate ranked list
 * and fused with the original query (see core/search/fusion), so they add recall without drowning
 * the terms the user actually typed. Pure data and lookups; no I/O.
 *
 * CJK text has no spaces, so questions are segmented here: glossary words by greedy longest match,
 * then stop words; what is left is split where the script changes, Japanese hiragana between words
 * (particles, verb endings) dropped, and a Korean word's trailing particle (을, 에서…) cut off.
 */
import { CJK_STOP_WORDS, GLOSSARY_ENTRIES } from './glossary-data.ts';

/** FNV-1a of the glossary's data: a short version that changes whenever an entry does. */
export const GLOSSARY_VERSION = (() => {
  let h = 0x811c9dc5;
  const text = GLOSSARY_ENTRIES + CJK_STOP_WORDS.join(' ');
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0).toString(36);
})();

/** Chinese, Japanese and Korean words of the stop list. */
export const ZH_STOP_WORDS: ReadonlySet<string> = new Set(CJK_STOP_WORDS);

interface Entry {
  readonly en: readonly string[];
  readonly cjk: readonly (readonly string[])[];
  readonly code: readonly string[];
}

const split = (s: string | undefined) =>
  (s ?? '')
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);

const PARSED: readonly Entry[] = GLOSSARY_ENTRIES.trim()
  .split('\n')
  .map((line) => {
    const [en, zh, ja, ko, code] = line.split('|');
    return { en: split(en).map((w) => w.toLowerCase()), cjk: [split(zh), split(ja), split(ko)], code: split(code) };
  });

/** CJK term → English terms, then code forms. */
const CJK_TO_EN = new Map<string, string[]>();
/** English term (lower case, words joined by one space) → CJK terms, per language (zh, ja, ko). */
const EN_TO_CJK = new Map<string, string[][]>();
/** English term → code forms. */
const EN_TO_CODE = new Map<string, string[]>();
const add = (list: string[], items: readonly string[]) => {
  for (const x of items) if (!list.includes(x)) list.push(x);
  return list;
};
for (const e of PARSED) {
  for (const lang of e.cjk) for (const t of lang) CJK_TO_EN.set(t, add(add(CJK_TO_EN.get(t) ?? [], e.en), e.code));
  for (const w of e.en) {
    const per = EN_TO_CJK.get(w) ?? [[], [], []];
    e.cjk.forEach((lang, i) => add(per[i]!, lang));
    EN_TO_CJK.set(w, per);
    if (e.code.length) EN_TO_CODE.set(w, add(EN_TO_CODE.get(w) ?? [], e.code));
  }
}

const HANGUL_RE = /\p{Script=Hangul}/u;
const HIRAGANA_ONLY_RE = /^[\p{Script=Hiragana}ー]+$/u;
const SCRIPT_PIECE_RE = /\p{Script=Han}+|[\p{Script=Katakana}ー]+|\p{Script=Hiragana}+|\p{Script=Hangul}+/gu;
/** Korean particles and endings cut off the end of a word (longest first). */
const KO_TAILS = ['에서는', '에서', '으로', '부터', '까지', '처럼', '보다', '한테', '에게', '해줘', '했어', '했다', '하고', '이랑', '을', '를', '이', '가', '은', '는', '에', '의', '로', '와', '과', '도', '만'];

/** Longest Chinese entry or stop word, in characters: bounds the greedy match below. */
const MAX_CJK = Math.max(...[...CJK_TO_EN.keys(), ...ZH_STOP_WORDS].map((w) => Array.from(w).length));
/** Longest English entry, in words. */
const MAX_EN_WORDS = Math.max(...[...EN_TO_CJK.keys()].map((w) => w.split(' ').length));

/** One piece of a CJK run, as `segmentCjk` splits it. */
export interface CjkSegment {
  readonly text: string;
  /** 'term': a glossary word; 'stop': a particle, ending or question word; 'other': anything else. */
  readonly kind: 'term' | 'stop' | 'other';
}

/** What is left between glossary words, split where the script changes. */
function leftover(text: string, out: CjkSegment[]): void {
  for (const m of text.matchAll(SCRIPT_PIECE_RE)) {
    const piece = m[0];
    if (HIRAGANA_ONLY_RE.test(piece)) {
      // Between words, hiragana is grammar: particles and verb endings.
      out.push({ text: piece, kind: 'stop' });
    } else if (HANGUL_RE.test(piece)) {
      // A trailing particle goes when a word of two syllables or more is left (`스펙에` → 스펙, not `사이` → 사).
      const tail = KO_TAILS.find((t) => piece.length - t.length >= 2 && piece.endsWith(t));
      if (tail) out.push({ text: piece.slice(0, -tail.length), kind: 'other' }, { text: tail, kind: 'stop' });
      else out.push({ text: piece, kind: KO_TAILS.includes(piece) ? 'stop' : 'other' });
    } else out.push({ text: piece, kind: 'other' });
  }
}

/**
 * Split a run of CJK characters into glossary terms, stop words and the rest, by greedy longest
 * match from the left. `为什么提交失败了` → 为什么(stop) 提交(term) 失败(term) 了(stop);
 * `コミットしてください` → コミット(term) してください(stop); `파일을` → 파일(term) 을(stop).
 * A single-character stop word inside a Korean word is not one (`이` in `파이썬`).
 */
export function segmentCjk(run: string): CjkSegment[] {
  const chars = Array.from(run);
  const out: CjkSegment[] = [];
  let other = '';
  const flush = () => {
    if (other) leftover(other, out);
    other = '';
  };
  let i = 0;
  while (i < chars.length) {
    let matched = false;
    for (let n = Math.min(MAX_CJK, chars.length - i); n >= 1; n--) {
      const w = chars.slice(i, i + n).join('');
      let kind: CjkSegment['kind'] | undefined = CJK_TO_EN.has(w) ? 'term' : ZH_STOP_WORDS.has(w) ? 'stop' : undefined;
      if (kind === 'stop' && n === 1 && HANGUL_RE.test(w)) kind = undefined;
      if (!kind) continue;
      flush();
      out.push({ text: w, kind });
      i += n;
      matched = true;
      break;
    }
    if (!matched) other += chars[i++]!;
  }
  flush();
  // A pure-hiragana run is a word of its own (e.g. `ちゃんと`), not grammar between words.
  if (out.length && out.every((x) => x.kind === 'stop') && HIRAGANA_ONLY_RE.test(run) && !ZH_STOP_WORDS.has(run)) return [{ text: run, kind: 'other' }];
  return out;
}

/**
 * English translations of a CJK glossary term, then its code forms (empty when unknown), without
 * inflected forms of an earlier one (`errors` after `error`, `failed` after `fail`): the stemmer folds
 * those together, and each extra phrase costs a scan of its index entries.
 */
export function englishFor(term: string): readonly string[] {
  const all = CJK_TO_EN.get(term) ?? [];
  return all.filter((w, i) => !all.slice(0, i).some((earlier) => !earlier.includes(' ') && w !== earlier && w.startsWith(earlier)));
}

/** Each glossary phrase among `words` (longest first, left to right), as its matched English phrase. */
export function phrasesOf(words: readonly string[]): string[] {
  const out: string[] = [];
  let i = 0;
  while (i < words.length) {
    let step = 1;
    for (let n = Math.min(MAX_EN_WORDS, words.length - i); n >= 1; n--) {
      const phrase = words.slice(i, i + n).join(' ');
      if (!EN_TO_CJK.has(phrase)) continue;
      out.push(phrase);
      step = n;
      break;
    }
    i += step;
  }
  return out;
}

/**
 * CJK translations of English words, matching the longest glossary phrase first
 * (`connection pool timeout` → 连接池, 超时, …), every language's usual term before its others, at
 * most `perLanguage` terms of each language per concept. Words are lower-case query words.
 */
export function cjkFor(words: readonly string[], perLanguage = Infinity): string[] {
  const out: string[] = [];
  const per = phrasesOf(words).map((p) => EN_TO_CJK.get(p)!);
  const rounds = Math.min(perLanguage, Math.max(0, ...per.flatMap((langs) => langs.map((l) => l.length))));
  for (let r = 0; r < rounds; r++) for (const langs of per) for (const lang of langs) if (lang[r] && !out.includes(lang[r]!)) out.push(lang[r]!);
  return out;
}

/** Chinese translations only (the first column), for callers that index Chinese alone. */
export function chineseFor(words: readonly string[]): string[] {
  const out: string[] = [];
  for (const p of phrasesOf(words)) for (const z of EN_TO_CJK.get(p)![0]!) if (!out.includes(z)) out.push(z);
  return out;
}

/** Code forms of English words (`delete` → `rm`, `unlink`, `rmdir`). */
export function codeFor(words: readonly string[]): string[] {
  const out: string[] = [];
  for (const p of phrasesOf(words)) for (const c of EN_TO_CODE.get(p) ?? []) if (!out.includes(c)) out.push(c);
  return out;
}
