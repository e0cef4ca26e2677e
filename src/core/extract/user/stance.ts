/**
 * @module core/extract/user/stance
 * Two more closed classes, like the acknowledgements in ack.ts: a flat "no" that rejects what the
 * assistant did ("no, use the ctx- prefix", "不对，用 useReducer", "нет, …"), and the adverbs that make
 * an instruction standing ("always answer in TypeScript", "never push to main", "以后都用 pnpm").
 * A rejection followed by what to do instead is a correction, and a standing instruction is a rule
 * for every later turn: both are decisions worth remembering. Function words of each language, not
 * topic keywords.
 */
import { codePoints } from '../text.ts';
import { weight } from './shape.ts';

/** Words that only say no (lower-cased; space-separated scripts). */
const REJECTION_WORDS: ReadonlySet<string> = new Set(
  (
    'no nope nah not nay wrong incorrect ' + // English
    'non pas ' + // French
    'nein nee nö falsch ' + // German
    'não nao ' + // Portuguese
    'hayır hayir yok yanlış ' + // Turkish
    'нет не неа неправильно ' + // Russian
    'لا كلا ' + // Arabic
    'नहीं ना ' + // Hindi
    '아니 아니요 아뇨 아니야 아니에요' // Korean
  ).split(/\s+/).filter(Boolean),
);
/** Scripts without spaces: the whole clause is one of these. */
const REJECTION_PHRASES: ReadonlySet<string> = new Set(['不', '不是', '不对', '不對', '不行', '不要', '别', '別', '错了', '錯了', 'いいえ', 'いや', '違う', 'ちがう', '違います', 'だめ', 'ダメ']);

const TOKEN_SPLIT_RE = /[\s.!?。！？…:：\-–—~()"'“”«»]+/u;
const STRIP_RE = /[\s\p{P}\p{S}]+/gu;

/** True for a clause that only says no: "no", "nope", "не", "不对", "いいえ". */
export function isRejection(clause: string): boolean {
  const t = clause.trim().toLowerCase();
  if (!t || codePoints(t) > 24) return false;
  if (REJECTION_PHRASES.has(t.replace(STRIP_RE, ''))) return true;
  const tokens = t.split(TOKEN_SPLIT_RE).filter(Boolean);
  return tokens.length > 0 && tokens.length <= 3 && tokens.every((w) => REJECTION_WORDS.has(w));
}

/** A first word (or phrase) that makes what follows hold from now on. */
const STANDING_RE = new RegExp(
  '^(?:' +
    [
      'always', 'never(?!\\s+mind\\b)', 'from now on', 'going forward', 'from here on', // English ("never mind" is not a rule)
      'toujours', 'jamais', 'désormais', 'dorénavant', // French
      'immer', 'niemals', 'nie', 'ab jetzt', 'ab sofort', 'künftig', // German
      'siempre', 'nunca', 'jamás', 'a partir de ahora', 'de ahora en adelante', // Spanish
      'sempre', 'mai', 'daqui em diante', 'a partir de agora', 'd[ae] ora in poi', // Portuguese, Italian
      'her zaman', 'daima', 'asla', 'hiçbir zaman', 'bundan sonra', // Turkish
      'всегда', 'никогда', 'впредь', 'отныне', 'с этого момента', // Russian
      'دائما', 'دائماً', 'أبدا', 'أبداً', 'من الآن فصاعدا', // Arabic
      'हमेशा', 'कभी नहीं', 'कभी भी', 'आगे से', // Hindi
      '항상', '언제나', '절대', '앞으로', // Korean
      '总是', '總是', '始终', '始終', '永远', '永遠', '一律', '以后都', '以後都', '以后不要', '以後不要', '每次都', '从现在起', '從現在起', // Chinese
      'いつも', '常に', '必ず', '絶対に', '今後', 'これからは', // Japanese
    ].join('|') +
    ')(?=[\\s,，、]|$|[^\\p{L}]|(?<=[\\u3040-\\u30ff\\u3400-\\u9fff\\uac00-\\ud7af]))',
  'iu',
);

/** True for an instruction meant to hold for every later turn ("always …", "never …", "以后都 …"). */
export function isStandingInstruction(text: string): boolean {
  const t = text.trim();
  // "never mind" is not a rule: a standing instruction says what to do (three words or more).
  return codePoints(t) <= 600 && STANDING_RE.test(t) && weight(t) >= 3;
}
