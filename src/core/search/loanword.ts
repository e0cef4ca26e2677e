/**
 * @module core/search/loanword
 * Katakana loanwords matched to the English words they come from, for the ones no glossary lists
 * (`チャーム` → charm, `スキーマ` → schema, `フック` → hook): a Japanese question about an English
 * session names its project's own words in katakana, and no word list can hold them all.
 *
 * Both spellings are reduced to the consonants a Japanese ear keeps — English written as it sounds
 * closely enough (`ch` in `cache` is a k, `tion` a sh, an r before a consonant is silent, l and r are
 * one sound, v is b), katakana by the consonant of each mora (vowels, long marks and the small tsu
 * dropped) — and a word matches when its skeleton is the katakana's, or a stem of it (the index
 * stems: `valid` for `バリデーション`). Two consonants say too little alone, so the first vowel must
 * agree too (`チャーム` is charm, not time). Which matching word is meant is the store's to say, by how
 * often its index holds each. Pure: no I/O.
 */

/** A word reduced for matching: its consonant classes, and its first vowel. */
export interface Skeleton {
  /** One letter per consonant class, adjacent repeats merged (`commit` → KMT). */
  readonly consonants: string;
  /** The first vowel: a katakana word's (a, i, u, e or o); for an English word, the katakana vowels its spelling is written with. And whether an r colours it (`server`, `サーバー`). */
  readonly vowel: string;
  readonly rhotic: boolean;
}

const KATAKANA_WORD_RE = /^[\p{Script=Katakana}ー]+$/u;

/** Consonant class of each katakana mora's first letter. */
const KANA_CLASS = new Map<string, string>();
/** Vowel of each katakana (small ones too). */
const KANA_VOWEL = new Map<string, string>();
for (const [kana, cls] of [
  ['カキクケコ', 'K'], ['ガギグゲゴ', 'G'], ['サシスセソ', 'S'], ['ザズゼゾヅ', 'S'], ['ジヂ', 'G'], ['タテトツ', 'T'], ['チ', 'C'],
  ['ダデド', 'D'], ['ナニヌネノ', 'N'], ['ハヒヘホ', 'H'], ['フ', 'F'], ['バビブベボヴ', 'B'], ['パピプペポ', 'P'], ['マミムメモ', 'M'],
  ['ラリルレロ', 'R'], ['ワ', 'W'],
] as const) for (const k of kana) KANA_CLASS.set(k, cls);
for (const [kana, v] of [
  ['アカガサザタダナハバパマヤラワァャヮ', 'a'], ['イキギシジチヂニヒビピミリィ', 'i'], ['ウクグスズツヅヌフブプムユルゥュヴ', 'u'],
  ['エケゲセゼテデネヘベペメレェ', 'e'], ['オコゴソゾトドノホボポモヨロヲォョ', 'o'],
] as const) for (const k of kana) KANA_VOWEL.set(k, v);
const SMALL_VOWELS = 'ァィゥェォャュョヮ';

const merge = (classes: readonly string[]) => classes.filter((c, i) => c !== classes[i - 1]).join('');

/** A katakana word's skeleton, or undefined when it is not one katakana word of at least three characters. */
export function katakanaSkeleton(word: string): Skeleton | undefined {
  if (!KATAKANA_WORD_RE.test(word) || Array.from(word).length < 3) return undefined;
  const chars = Array.from(word);
  const classes: string[] = [];
  for (let i = 0; i < chars.length; i++) {
    const k = chars[i]!;
    // ウィ, ウェ, ウォ are wi, we, wo (`ウェブ` web); ン is m before a lip sound (`インポート` import).
    if (k === 'ウ' && SMALL_VOWELS.includes(chars[i + 1] ?? '')) classes.push('W');
    // チ alone is the ch of `match` or the t of `team`; チャ, チュ, チョ, チェ are only ch.
    else if (k === 'チ') classes.push(SMALL_VOWELS.includes(chars[i + 1] ?? '') ? 'C' : 'Q');
    else if (k === 'ン') classes.push(['B', 'P', 'M'].includes(KANA_CLASS.get(chars[i + 1] ?? '') ?? '') ? 'M' : 'N');
    else if (KANA_CLASS.has(k)) classes.push(KANA_CLASS.get(k)!);
  }
  // The first vowel English would spell: a mora's u (o after t, d) before another consonant is only
  // there because Japanese cannot end a consonant (`スクリプト` is s-k-ri: its vowel is the i).
  let at = 0;
  const epenthetic = (i: number) => {
    const v = KANA_VOWEL.get(chars[i] ?? '');
    const next = chars[i + 1] ?? '';
    return KANA_CLASS.has(chars[i]!) && KANA_CLASS.has(next) && (v === 'u' || (v === 'o' && 'トド'.includes(chars[i]!)));
  };
  while (at < chars.length - 1 && epenthetic(at)) at++;
  const small = SMALL_VOWELS.includes(chars[at + 1] ?? '') ? 1 : 0;
  const vowel = KANA_VOWEL.get(chars[at + small]!) ?? '';
  return { consonants: merge(classes), vowel, rhotic: chars[at + small + 1] === 'ー' };
}

const VOWELS = 'aeiouy';
/** Katakana vowels an English vowel spelling is written with (`data` データ, `secret` シークレット, `build` ビルド, `team` チーム). */
const VOWEL_SOUNDS: Readonly<Record<string, string>> = {
  a: 'aei', e: 'eia', i: 'ia', o: 'oa', u: 'au', y: 'ia',
  ea: 'ie', ee: 'i', ie: 'ia', ui: 'iua', oe: 'ie', ou: 'au', oo: 'u', ai: 'ea', ay: 'e', ei: 'e', ey: 'e', au: 'o', ue: 'u', oa: 'o', oi: 'o', eu: 'u',
};
const isVowel = (c: string | undefined) => c !== undefined && VOWELS.includes(c);
const SIMPLE_CLASS: Readonly<Record<string, string>> = { b: 'B', v: 'B', d: 'D', f: 'F', g: 'G', j: 'G', k: 'K', m: 'M', n: 'N', p: 'P', s: 'S', z: 'S', t: 'T' };

/** An English index term's skeleton (lower-case letters), or undefined for anything else. */
export function englishSkeleton(term: string): Skeleton | undefined {
  if (!/^[a-z]{3,}$/.test(term)) return undefined;
  const w = term;
  const classes: string[] = [];
  let vowel = '';
  let rhotic = false;
  for (let i = 0; i < w.length; i++) {
    const c = w[i]!;
    const n = w[i + 1];
    if (isVowel(c)) {
      if (!vowel && (c !== 'y' || i > 0)) {
        let j = i + 1;
        while (isVowel(w[j]) && w[j] !== 'y') j++;
        const group = w.slice(i, j);
        vowel = VOWEL_SOUNDS[group.slice(0, 2)] ?? VOWEL_SOUNDS[group[0]!]!;
        rhotic = w[j] === 'r' && !isVowel(w[j + 1]);
      }
      continue;
    }
    const two = c + (n ?? '');
    const three = two + (w[i + 2] ?? '');
    if (three === 'tch') (classes.push('C'), (i += 2));
    else if ((c === 't' || c === 's') && n === 'i' && (w[i + 2] === 'o' || w[i + 2] === 'a')) classes.push('S'); // -tion, -sion, -tial
    else if (two === 'ch') (classes.push('C'), i++);
    else if (two === 'sh' || two === 'th') (classes.push('S'), i++);
    else if (two === 'ph') (classes.push('F'), i++);
    else if (two === 'wh') (classes.push('W'), i++);
    else if (two === 'gh') i++;
    else if (two === 'ck' || two === 'dg') (classes.push(two === 'ck' ? 'K' : 'G'), i++);
    else if (c === 'q') (classes.push('K'), n === 'u' && i++);
    else if (c === 'x') classes.push('K', 'S');
    else if (c === 'c') classes.push(n !== undefined && 'eiy'.includes(n) ? 'S' : 'K');
    else if (c === 'l') classes.push('R');
    else if (c === 'r' || c === 'w' || c === 'h') {
      // Silent unless a vowel follows: `charm` is チャーム, `flow` フロー.
      if (isVowel(n)) classes.push(c === 'r' ? 'R' : c === 'w' ? 'W' : 'H');
    } else if (SIMPLE_CLASS[c]) classes.push(SIMPLE_CLASS[c]!);
  }
  return { consonants: merge(classes), vowel, rhotic };
}

/** A katakana consonant class heard in an English one: the same, or a sound Japanese writes alike. */
function sameSound(kana: string, english: string): boolean {
  if (kana === english) return true;
  // English ch is k or sh as often as ch (`cache`, `schema`); a lone チ (Q) is ch or the t of `team`; フ the h of `hook`.
  return (english === 'C' && (kana === 'K' || kana === 'S' || kana === 'Q')) || (kana === 'Q' && english === 'T') || (kana === 'F' && english === 'H');
}

/** Letters an English word may start with for a katakana word starting with a vowel (`アップ` up, `エッジ` edge, `オール` all). */
const VOWEL_INITIALS: Readonly<Record<string, string>> = { a: 'auo', i: 'ie', u: 'uo', e: 'ea', o: 'oa' };

/** How well an English term matches a katakana word: 2 whole, 1 as a stem (its start), 0 not at all. */
export function loanwordMatch(kana: Skeleton, english: Skeleton): 0 | 1 | 2 {
  const k = kana.consonants;
  const e = english.consonants;
  if (k.length < 2 || e.length < 2 || e.length > k.length) return 0;
  if (e.length < k.length && (e.length < 3 || k.length - e.length > 2)) return 0;
  for (let i = 0; i < e.length; i++) if (!sameSound(k[i]!, e[i]!)) return 0;
  // An r-coloured vowel is any vowel (`サーバー` server, `ワーク` work).
  const vowelOk = (kana.rhotic && english.rhotic) || english.vowel.includes(kana.vowel);
  if (!vowelOk) return 0;
  return e.length === k.length ? 2 : 1;
}

/** Letters an English spelling of the katakana word can start with: where to look in a sorted vocabulary. */
export function initialLetters(word: string): string[] {
  const kana = katakanaSkeleton(word);
  if (!kana) return [];
  const first = Array.from(word)[0]!;
  const consonantFirst = KANA_CLASS.has(first) || (first === 'ウ' && SMALL_VOWELS.includes(Array.from(word)[1] ?? ''));
  if (!consonantFirst) return (VOWEL_INITIALS[kana.vowel] ?? '').split('');
  const byClass: Readonly<Record<string, string>> = { K: 'ckq', G: 'gj', S: 'sczt', C: 'c', Q: 'ct', T: 't', D: 'd', N: 'nk', H: 'hw', F: 'fph', B: 'bv', P: 'p', M: 'm', R: 'rlw', W: 'w' };
  return (byClass[kana.consonants[0]!] ?? '').split('');
}

/** Whether `word` is a katakana word this module can match. */
export function isLoanwordCandidate(word: string): boolean {
  const s = katakanaSkeleton(word);
  return s !== undefined && s.consonants.length >= 2;
}
