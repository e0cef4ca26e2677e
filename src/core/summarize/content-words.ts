/**
 * @module core/summarize/content-words
 * How much a sentence names: the words left once the closed classes are gone (function words,
 * pronouns, light verbs, vague nouns, discourse openers and acknowledgements), in English, Chinese,
 * Japanese and Korean. "let's go back to that" names nothing; "revert the last commit" names two
 * things. A path, file name or identifier counts double: a reader can look it up.
 */
import { isAcknowledgement } from '../extract/user/ack.ts';
import { CONTENT_MARKER_RE } from './host-text.ts';

/** Words that must remain for a sentence to name something to work on. */
export const MIN_CONTENT = 2;

/** Discourse openers and interjections before the sentence proper ("ok so now add…", "oh, that…"). */
export const OPENERS: ReadonlySet<string> = new Set(
  ('ok okay okey alright so now also and then but well hey hmm hm um uh oh ah ahh woah whoa wow actually maybe perhaps just first next ' +
    'finally anyway btw again great cool nice perfect thanks yes yeah yep yup no nope nah please pls plz kindly claude sure right').split(' '),
);
/** English function words, pronouns, light verbs and vague nouns: what "let's go back to that" is made of. */
const GENERIC_EN: ReadonlySet<string> = new Set(
  ('a an the this that these those it its it\'s them they their there here me my mine we us our you your i he she him her ' +
    'to of in on at by for from with into onto about as up out off over down back away again too also just only even still ' +
    'and or but so then than now later soon first second third last next previous earlier before after original old ' +
    'one ones other others same thing things stuff something anything everything way ways bit lot lots some any more less ' +
    'go going gone went goes come get got do does did doing done make made let let\'s lets have has had be is are was were been ' +
    'being will would can could should shall may might must need needs want like please pls ok okay yes yeah no not ' +
    'what whats what\'s how why where when which who whom whose happened happening happen wrong right fine good well ' +
    'see look try keep stop wait hold continue proceed carry undo redo instead either neither maybe really very quite ' +
    'never mind option approach idea version plan choice step').split(' '),
);
/** Chinese function words, pronouns and light verbs, longest first. */
const GENERIC_ZH: readonly string[] = [
  '我们', '我們', '咱们', '你们', '他们', '这个', '這個', '那个', '那個', '这样', '這樣', '那样', '那樣', '之前', '以前', '刚才', '剛才',
  '回到', '回去', '返回', '还是', '還是', '一下', '一起', '方案', '办法', '辦法', '东西', '東西', '可以', '不要', '算了', '继续', '繼續',
  '现在', '現在', '然后', '然後', '先', '再', '就', '也', '都', '还', '還', '吧', '的', '了', '吗', '嗎', '呢', '啊', '呀', '我', '你', '您',
  '他', '她', '它', '这', '這', '那', '个', '個', '是', '在', '把', '给', '給', '让', '讓', '请', '請', '帮', '幫', '做', '弄', '搞', '去',
  '来', '來', '看', '好', '行', '对', '對', '下', '上', '用', '要', '和', '跟',
];
/** Japanese words (in kanji) that carry no topic: "一旦", "全部", "大丈夫". */
const GENERIC_JA_KANJI: ReadonlySet<string> = new Set(['一旦', '全部', '大丈夫', '了解', '本当', '今', '次', '前', '後', '何', '他', '方', '感', '時', '事', '最初', '元', '戻']);
/** Korean words that carry no topic (stems, matched at a word's start). */
const GENERIC_KO: readonly string[] = [
  '그냥', '다시', '이거', '그거', '저거', '이것', '그것', '저것', '이제', '그럼', '그러면', '그래', '좀', '한번', '한 번', '다', '또', '계속',
  '돌아가', '되돌려', '원래', '아까', '전에', '이전', '해', '하자', '해줘', '해주세요', '하세요', '봐', '네', '응', '아니', '잠깐', '일단', '우선',
];

const KANA_RE = /[\p{Script=Hiragana}\p{Script=Katakana}]/u;

/** How many things a sentence names once function words are gone (a path or identifier counts double). */
export function contentOf(text: string): number {
  let n = CONTENT_MARKER_RE.test(text) ? MIN_CONTENT : 0;
  let rest = text;
  // Latin words.
  for (const w of rest.match(/[\p{Script=Latin}\d][\p{Script=Latin}\d'’_.-]*/gu) ?? []) {
    const word = w.toLowerCase().replace(/’/g, "'").replace(/[.'-]+$/, '');
    if (word.length >= 2 && !GENERIC_EN.has(word) && !OPENERS.has(word) && !isAcknowledgement(word)) n++;
  }
  rest = rest.replace(/[\p{Script=Latin}\d][\p{Script=Latin}\d'’_.-]*/gu, ' ');
  // Korean: words that are not in the closed class.
  for (const w of rest.match(/\p{Script=Hangul}+/gu) ?? []) if (!GENERIC_KO.some((g) => w.startsWith(g)) && !isAcknowledgement(w)) n++;
  if (KANA_RE.test(rest)) {
    // Japanese: kanji words and katakana loanwords carry the topic; hiragana mostly grammar.
    for (const w of rest.match(/\p{Script=Han}+/gu) ?? []) if (!GENERIC_JA_KANJI.has(w)) n++;
    n += (rest.match(/\p{Script=Katakana}{2,}/gu) ?? []).length;
  } else {
    // Chinese: characters left once the function words are gone, two to a word.
    let han = rest;
    for (const g of GENERIC_ZH) han = han.split(g).join(' ');
    n += Math.ceil((han.match(/\p{Script=Han}/gu) ?? []).length / 2);
  }
  return n;
}
