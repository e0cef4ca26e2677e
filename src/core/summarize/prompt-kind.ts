/**
 * @module core/summarize/prompt-kind
 * What a user's prompt is, for the Goal section. Only a request is a goal:
 * - request: asks for work or for an answer, in imperative, question or wish form ("fix the login
 *   timeout", "how do we detect other sessions?", "我想要一个导出按钮", "ログを調べて", "로그인 버그 고쳐줘");
 * - decision: answers the assistant (a choice among its options, a reply to its closing question);
 * - remark: states something and asks for nothing (a status report, a concession, an evaluation,
 *   "I'm watching the logs", "我在看日志", "テスト通った", "확인했어요"), or asks for nothing a
 *   reader could act on ("let's go back", "undo that", "did you push?");
 * - acknowledgement: "ok", "thanks", "はい" (host-text's closed class).
 *
 * Mood is read from sentence shape, which every language marks somewhere: English by what opens a
 * sentence (a subject makes a statement, a bare verb an order, "let's" a proposal, an auxiliary or a
 * wh-word a question), Chinese by request and aspect particles, Japanese and Korean by the sentence
 * ending. A request must then name something: after the request frame and the closed class of
 * function words, pronouns and light verbs (go, back, do, it, that…) at least two words, or one
 * thing a reader can look up (a path, an identifier), must remain.
 */
import { isAcknowledgement } from '../extract/user/ack.ts';
import { clauses, isQuestion, sentences } from '../extract/user/shape.ts';
import { isStatusRemark } from '../extract/user/status.ts';
import { contentOf, MIN_CONTENT, OPENERS } from './content-words.ts';
import { CONTENT_MARKER_RE, leadsWithAcknowledgement, weight, withoutAcknowledgements } from './host-text.ts';

export type PromptKind = 'request' | 'decision' | 'remark' | 'acknowledgement';

export interface PromptReading {
  readonly kind: PromptKind;
  /** For a request: the part that asks, from its first asking sentence (leading remarks dropped). */
  readonly text: string;
  /** How much the request asks for (words that name something), for ranking goals. */
  readonly substance: number;
  /** True when a sentence asks in so many words; false for a long report that only implies the work. */
  readonly explicit: boolean;
}

export interface PromptContext {
  /** The assistant's last message before this prompt ended by asking the user (a question or a choice). */
  readonly answersAssistant: boolean;
  /** The extraction engine read the prompt as a decision. */
  readonly flaggedDecision?: boolean;
  /**
   * The session's first words from the user: whatever their shape, they opened the work ("help! the
   * stacked PRs lost their base branch"), so they count as a request when they name something.
   */
  readonly opening?: boolean;
}

type Mood = 'ask' | 'state' | 'choose' | 'ack';

/** A reply this short to a question of the assistant is an answer, not a new request. */
const REPLY_WEIGHT = 8;
/** A statement this long describes work (a bug report, a spec) even without asking in so many words. */
const REPORT_WEIGHT = 20;
/** Only the head of a long prompt is read for its mood (a pasted log or plan follows it). */
const HEAD_CHARS = 2000;

// ---- the closed classes ----

/** English words that open a statement: a subject, or a verb form that is not an order. */
const SUBJECTS: ReadonlySet<string> = new Set(
  ("i i'm im i've ive i'd id i'll ill me my we we're were we've weve we'd we'll our us it it's its that that's thats this " +
    "there there's theres here here's heres you you're youre your he she they they're theyre their these those everything " +
    'nothing something someone somebody everyone nobody none looks seems sounds feels works worked got tried still ' +
    'might may probably should could would must').split(' '),
);
/** A determiner or quantifier first: a noun phrase, not an order ("more review comments", "the tests"). */
const DETERMINERS: ReadonlySet<string> = new Set('the a an more another some any every each all both few many much several other same no'.split(' '));
/** Modals and auxiliaries: a finite verb, so what comes before it is a subject. */
const FINITE: ReadonlySet<string> = new Set(
  // Not "do" / "don't": they open orders as often as they follow subjects ("and do not raise the limit").
  "can could will would should may might must shall is are was were am has have had does did can't cannot won't wouldn't shouldn't isn't aren't wasn't weren't hasn't haven't doesn't didn't".split(' '),
);
const COMPLEMENTIZERS: ReadonlySet<string> = new Set('if whether that why what how when where which who whom so because since until unless while after before as once than'.split(' '));
/** Prepositions and subordinators: a sentence that opens with one leads in to something else. */
const LEADS: ReadonlySet<string> = new Set('for in on at with without after before when while since because although though as if unless by from during per like whenever otherwise'.split(' '));
/** Base verbs that end in -ed (so "-ed" first does not make them past tense). */
const BASE_ED: ReadonlySet<string> = new Set('need embed feed seed speed proceed succeed exceed shred breed bleed heed weed shed'.split(' '));

// ---- mood ----

/**
 * A sentence that ends by saying how something is ("mise run build is failing", "the tests are still
 * red"), with no wh-word or "that" before the verb that would make it the object of an order
 * ("check why the build is failing").
 */
const STATE_PREDICATE_RE =
  /^(?:(?!\b(?:why|what|how|whether|if|that|when|where|which|who)\b)[^,;:])*?\b(?:is|are|was|were|isn't|aren't|wasn't|weren't|keeps|kept)\s+(?:(?:still|now|not|also|again|always|just|totally|completely)\s+)*(?:\w+ing|\w+ed|broken|down|red|green|wrong|missing|empty|slow|fine|ok|okay|good|gone|done|stuck|dead|flaky|back)[\s.!]*$/i;
const LETS_RE = /^(?:let'?s|lets|let us)\b/i;
/** Asking in so many words, anywhere in an English sentence. */
const EN_REQUEST_RE =
  /\b(?:(?:can|could|would|will) (?:you|u|we)|please|pls|plz|(?:i|we) (?:want|need|would like|wish|prefer|expect)|i'?d (?:like|love|prefer)|(?:we|you|it|this|that|they|these|those|[a-z_.]+) (?:should|must|ought to|(?:also )?needs? to|has to|have to)|make sure|don'?t forget|how about|what about|why not|is there a way)\b/i;
/** A choice among the assistant's options ("option 2", "the second one", "方案二", "2番で", "2번으로"). */
const CHOICE_RE =
  /\b(?:option|choice|alternative|approach|variant|plan|proposal|solution)\s*(?:#\s*)?(?:\d+|[a-d]|one|two|three|four)\b|\b(?:the )?(?:first|second|third|fourth|last|former|latter) (?:one|option|approach|choice|way)\b|\bgo(?:ing)? with (?:option|the (?:first|second|third|last|former|latter)|\d|[a-d]\b)|方案\s*[一二三四1-9A-D]|选项\s*[一二三四1-9A-D]|選項\s*[一二三四1-9A-D]|第[一二三四1-9]个|第[一二三四1-9]個|[1-9１-９一二三]\s*番|案\s*[1-9A-D１-９]|オプション\s*[1-9A-D１-９]|選択肢\s*[1-9１-９]|[1-9]\s*번(?:으로|이요|요|째)?(?:\s|$)|옵션\s*[1-9A-D]|방안\s*[1-9]|[1-9]안(?:으로)?(?:\s|$)/iu;

const HANGUL_RE = /\p{Script=Hangul}/u;
const KANA_RE = /[\p{Script=Hiragana}\p{Script=Katakana}]/u;
const HAN_RE = /\p{Script=Han}/u;
/** What a sentence may end with after its last word: punctuation, emoji, laughter, lengthening. */
const TRAILER_RE = /(?:[\s\p{P}\p{S}~～ー]|ㅋ|ㅎ|ㅠ|ㅜ|笑|w(?=\s*$))+$/u;

/** Japanese: a question, a wish or an order (or an elliptical "これもPRに") at the end. */
const JA_QUESTION_RE = /(?:か|かな|かね|かい|の|っけ|だろう|だろ|でしょう|でしょ|ですか|ますか|って何|ってなに|とは|どう|どうする|なに|何)$/u;
const JA_WISH_RE = /欲しい|ほしい|たい(?![ぁ-ん])|てもらえ|てくれ|お願い|おねがい|頼む|頼みます|ください|下さい|べき|必要|理想|いい感じに|ほうがいい|方がいい|ように$|ようにして/u;
const JA_ORDER_RE = /(?:て|で|して|しろ|せよ|ろ|しよう|しましょう|ましょう|よう|こう|ろう|おう|に|を|へ)$/u;
/** Chinese: asking marks anywhere (请, 帮, 把, 要, 应该, 希望, 吗, 怎么 …), a proposal with 吧 at the end. */
const ZH_QUESTION_RE = /[吗嗎呢么麼]$|怎么|怎麼|为什么|為什麼|什么|什麼|哪|如何|是否|能不能|可不可以|有没有|有沒有|行不行|对不对|對不對/u;
const ZH_REQUEST_RE = /请|請|帮|幫|麻烦|麻煩|给我|給我|让|讓|把|要|需要|应该|應該|必须|必須|希望|想要|想让|想讓|最好|试试|試試|一下|吧$/u;
/** Chinese statements: a subject pronoun first, an aspect particle last, or an ongoing action. */
const ZH_STATE_RE = /^(?:我|我们|我們|咱们|你|您|他|她|它|这|這|那)|[了着著过過的]$|正在|在看|在等|在跑|已经|已經/u;
/** A Chinese sentence that ends by saying what goes wrong ("导出任务在空表上崩溃") reports; one that opens with a repair verb asks. */
const ZH_PROBLEM_END_RE = /(?:崩溃|崩潰|失败|失敗|报错|報錯|出错|出錯|挂了|掛了|卡住|超时|超時|没反应|沒反應|不工作|不行|坏了|壞了)$/u;
const ZH_REPAIR_FIRST_RE = /^(?:修|改|加|添|删|刪|实现|實現|解决|解決|检查|檢查|查|调查|調查|看|优化|優化|重构|重構|更新|提交|推送|运行|運行|跑|写|寫)/u;
/** Korean: question and request endings, wishes; statement endings. */
const KO_QUESTION_RE = /(?:까|까요|나요|니|냐|래|래요|습니까|는지|을지|할지)$/u;
const KO_REQUEST_RE = /(?:줘|줘요|주세요|주십시오|주실래요|줄래|줄래요|해라|하세요|하십시오|하자|합시다|해봐|봐|봐요|보세요|하렴|세요|십시오|자|읍시다|시다)$|싶어|싶습니다|싶다|좋겠|필요해|필요합니다|원해|해야/u;
const KO_STATE_RE = /(?:했어|했어요|했습니다|었어|었어요|았어|았어요|였어|였어요|있어|있어요|있습니다|없어|없어요|이야|예요|이에요|입니다|네|네요|군요|거든|거든요|는데|는데요|중|중이야|중이에요|중입니다|됐어|됐어요|됐네|같아|같아요|같습니다|다|요)$/u;

function stripTrailer(s: string): string {
  return s.replace(TRAILER_RE, '').trim();
}

/** The sentence without leading interjections and acknowledgements ("ok so now add …" → "add …"). */
function withoutOpeners(sentence: string): string {
  let s = sentence.trim();
  for (let guard = 0; guard < 6; guard++) {
    const m = /^([\p{L}']+)[\s,;:!.，、。！-]*/u.exec(s);
    if (!m || m[0].length >= s.length) break;
    const w = m[1]!.toLowerCase();
    // Any acknowledging word set off by punctuation ("perfect, …"); bare, only the openers ("that" starts a statement).
    const setOff = /[,;:!.，、。！]/.test(m[0]);
    if (!OPENERS.has(w) && !(setOff && isAcknowledgement(w))) break;
    s = s.slice(m[0].length);
  }
  return s;
}

/** "When I refresh the app, …": a clause that sets the scene; the main clause follows its comma. */
const SCENE_LEAD = String.raw`^(?:when|whenever|once|if|after|before|while|now that)\s+(?:i|we|you|it|they|he|she|the|this|that)\b`;
const SCENE_LEAD_RE = new RegExp(SCENE_LEAD, 'i');
const SCENE_CLAUSE_RE = new RegExp(String.raw`${SCENE_LEAD}[^,?]*,\s*(?=\p{L})`, 'iu');

function englishMood(s: string): Mood {
  const t = withoutOpeners(s);
  if (!t) return 'ack';
  // The main clause says what the sentence does; no question mark, so "when …," is no question.
  if (!/[?？]\s*$/.test(t)) {
    const scene = SCENE_CLAUSE_RE.exec(t);
    if (scene) return englishMood(t.slice(scene[0].length));
    // Such a clause read alone (a clause of `asks`) asks nothing.
    if (SCENE_LEAD_RE.test(t) && !t.includes(',')) return 'state';
  }
  if (isQuestion(t)) return 'ask';
  if (LETS_RE.test(t) || EN_REQUEST_RE.test(t)) return 'ask';
  // A message that opens with an ellipsis, a quote, code or a number continues or pastes something.
  if (!/^\p{L}/u.test(t)) return 'state';
  if (isStatusRemark(t) || STATE_PREDICATE_RE.test(t)) return 'state';
  const first = (t.match(/^[\p{L}']+/u)?.[0] ?? '').toLowerCase().replace(/’/g, "'");
  // A preposition or subordinator first is an adverbial lead ("For example, …", "If so, …"): the
  // clause after its comma is read on its own.
  if (SUBJECTS.has(first) || DETERMINERS.has(first) || LEADS.has(first)) return 'state';
  // A finite verb after the first words: they were its subject ("npm identifiers … are accepted",
  // "distinct targets can overwrite …"), unless a subordinator before it opens a clause of its own
  // ("fix the pool so it can reconnect", "check if it is green").
  const rest = t.toLowerCase().split(/\s+/).slice(1).map((w) => w.replace(/[^a-z']/g, ''));
  const finite = rest.findIndex((w) => FINITE.has(w));
  if (finite >= 0 && !rest.slice(0, finite).some((w) => COMPLEMENTIZERS.has(w))) return 'state';
  // Past tense or a participle first: a report ("tried that", "fixed it"), not an order.
  if ((/^[a-z]{3,}ed$/.test(first) && !BASE_ED.has(first)) || /^[a-z]{3,}ing$/.test(first)) return 'state';
  return 'ask';
}

function cjkMood(s: string): Mood {
  const t = stripTrailer(withoutOpeners(s));
  if (!t) return 'ack';
  if (/[?？]\s*$/.test(s.trim())) return 'ask';
  if (HANGUL_RE.test(t)) {
    if (KO_QUESTION_RE.test(t) || KO_REQUEST_RE.test(t)) return 'ask';
    return KO_STATE_RE.test(t) ? 'state' : 'ask';
  }
  if (KANA_RE.test(t)) {
    if (JA_QUESTION_RE.test(t) || JA_WISH_RE.test(t) || JA_ORDER_RE.test(t)) return 'ask';
    return 'state';
  }
  if (ZH_QUESTION_RE.test(t) || ZH_REQUEST_RE.test(t)) return 'ask';
  // A bare verb phrase is an order in Chinese ("修复登录超时"); a subject or an aspect particle makes a statement.
  if (ZH_PROBLEM_END_RE.test(t) && !ZH_REPAIR_FIRST_RE.test(t)) return 'state';
  return ZH_STATE_RE.test(t) ? 'state' : 'ask';
}

/** The sentence without its acknowledging clauses and openers: what it says beyond "ok". */
function beyondAcknowledging(sentence: string): string {
  // Whole acknowledging clauses go ("好的，继续" , "yes, do it"); within a clause only its openers, since
  // the acknowledgement class holds words such as "that" and "looks" that also open statements.
  return withoutOpeners(clauses(sentence).filter((c) => !isAcknowledgement(c)).join(', '));
}

function moodOf(sentence: string): Mood {
  const rest = beyondAcknowledging(sentence);
  if (!rest || isAcknowledgement(sentence)) return 'ack';
  if (CHOICE_RE.test(rest)) return 'choose';
  // The question mark belongs to the whole sentence, whatever was dropped before it.
  const s = /[?？]\s*$/.test(sentence.trim()) && !/[?？]\s*$/.test(rest) ? `${rest}?` : rest;
  return HANGUL_RE.test(s) || KANA_RE.test(s) || HAN_RE.test(s) ? cjkMood(s) : englishMood(s);
}

/** A yes/no question this short asks how things stand ("did you push?", "is git clean?"), not for work. */
const CHECK_IN_RE = /^(?:is|are|was|were|do|does|did|has|have|had|can|could|will|would)\b/i;
const CHECK_IN_WEIGHT = 4;

/**
 * True when some clause of the sentence asks for something it names ("great work, that fixed it"
 * has none: "work" names nothing, "that fixed it" states). Only the last clause carries the
 * sentence's question mark.
 */
function asks(sentence: string, minContent: number): boolean {
  const parts = sentence.split(/\s*[,;，；、]\s*|\s+[-–—]\s+/u).map(beyondAcknowledging).filter((c) => c.trim());
  const question = /[?？]\s*$/.test(sentence.trim());
  // "the stop hooks run slowly; can we figure out why?": the clause before names what the question is about.
  let scene = false;
  return parts.some((c, i) => {
    const clause = question && i === parts.length - 1 && !/[?？]\s*$/.test(c) ? `${c}?` : c;
    const mood = moodOf(clause);
    if (mood !== 'ask') {
      if (mood === 'state' && isScene(clause)) scene = true;
      return false;
    }
    const t = withoutOpeners(clause);
    if (isQuestion(t) && CHECK_IN_RE.test(t) && weight(t) <= CHECK_IN_WEIGHT && !CONTENT_MARKER_RE.test(t)) return false;
    return contentOf(t) >= (scene ? 0 : minContent);
  });
}

// ---- the prompt ----

/** Sentences of the head of a prompt, lines and sentences both ending one. */
/** A list marker at the start of a line ("- ", "* ", "1. ", "2) "): the item is read as prose. */
const BULLET_RE = /^\s*(?:[-*•+]|\d{1,2}[.)])\s+/;
/** "1. run it 2. push it": an enumerator inside a line, not a sentence end. */
const INLINE_ENUMERATOR_RE = /(^|\s)(\d{1,2})\.(?=\s+\p{L})/gu;

/** Sentences of the head of a prompt: lines and sentences both end one; list markers are dropped. */
function sentencesOf(text: string): string[] {
  return text
    .slice(0, HEAD_CHARS)
    .split(/\n+/)
    // A list item ends where its line ends, so items joined into a goal line stay apart.
    .map((line) => (BULLET_RE.test(line) && !/[.!?;:。！？]\s*$/.test(line) ? `${line.trimEnd()};` : line))
    .map((line) => line.replace(BULLET_RE, '').replace(INLINE_ENUMERATOR_RE, '$1$2)'))
    .flatMap((line) => sentences(line.trim()))
    .filter(Boolean);
}

/** The speaker talking about themselves ("I concede defeat", "I think …"), not about the work. */
const FIRST_PERSON_RE = /^(?:i|i'm|im|i've|ive|i'd|i'll|me|my)\b|^(?:我|私|僕|俺|나는|내가|저는|제가)/iu;

/** A statement about the work, not the speaker, naming at least `least` things ("the tests pass now", not "I think so"). */
function namesWork(sentence: string, least: number): boolean {
  const t = beyondAcknowledging(sentence);
  return contentOf(t) >= least && !FIRST_PERSON_RE.test(t);
}

/** A statement that names the work ("The login fails on Safari"): what a following "Fix it." refers to. */
const isScene = (sentence: string): boolean => namesWork(sentence, MIN_CONTENT + 1);

/** A request whose object is the scene before it: "fix the issue", "look into this", "この問題を直して", "把这个问题修一下". */
const POINTS_BACK_RE = /\b(?:the (?:issue|problem|bug|error|crash|failure|behaviou?r)|this (?:issue|problem|bug|error)?|that|it)\b|この(?:問題|バグ|エラー|不具合)|その(?:問題|バグ|エラー)|这个(?:问题|bug|错误|报错)|那个(?:问题|错误)|이 (?:문제|버그|오류|에러)|그 (?:문제|버그|오류)/i;

/** A run of Japanese, Korean or Chinese text: code and logs rarely hold one, so a line with it is written to someone. */
const CJK_PROSE_RE = /[\p{Script=Hiragana}\p{Script=Katakana}]{3,}|\p{Script=Hangul}{2,}(?:\s+\p{Script=Hangul}+){1,}|\p{Script=Han}{4,}/u;

/**
 * Prose rather than pasted code or log: opens with a letter and is mostly letters, or carries CJK
 * prose after a pasted command ("$ git config … これ設定して").
 */
function isProse(s: string): boolean {
  const letters = s.match(/\p{L}/gu)?.length ?? 0;
  return (/^\p{L}/u.test(s) && letters >= 0.6 * s.replace(/\s/g, '').length) || CJK_PROSE_RE.test(s);
}

/**
 * Asks to be told something ("tell me the next candidates", "次のタスク候補教えて下さい", "확인 방법 알려줘"):
 * a request for an answer, like a question, never a decision however short.
 */
const ASKS_TO_BE_TOLD_RE = /^(?:please\s+|pls\s+|can you\s+|could you\s+)?(?:tell|show|explain|list|remind|walk) (?:me|us)\b|^(?:please\s+)?explain\b|教えて|説明して|見せて|告诉我|给我(?:看|讲|说)|解释一下|说明一下|列出|알려 ?줘|알려 ?주세요|알려 ?주실|설명해|보여 ?줘|보여 ?주세요/iu;

/**
 * A verdict that approves (a pasted review's "LGTM", "問題ありません", "没有问题", "문제없습니다"), unless the
 * same sentence turns on a "but": what follows an approval is no task.
 */
const APPROVES_RE = /\b(?:lgtm|looks good(?: to me)?|no (?:issues|problems|concerns) (?:found|remain)|ship it)\b|問題(?:は)?(?:ありません|ない|なし)|このままで(?:OK|ok|いい|良い|大丈夫)|没有问题|没问题|문제(?:가|는)? ?없(?:습니다|어요|음)/i;
const CONTRAST_RE = /\b(?:but|however|although|except)\b|(?:が|けど|けれど|ただし)[、,]|但是|不过|하지만|그러나/i;
const approves = (sentence: string | undefined): boolean => sentence !== undefined && APPROVES_RE.test(sentence) && !CONTRAST_RE.test(sentence);

/**
 * Only "commit" or "push", politely or not ("コミットお願いします", "commit and push", "提交一下", "커밋해 줘"):
 * routine steps whose result, the commit, the summary lists under Done; no goal of its own.
 */
const VCS_ONLY_RE = /^(?:(?:please|pls|now|ok|okay)[,\s]+)*(?:git\s+)?(?:commit|push)(?:\s*(?:and|&|,)\s*(?:commit|push))?(?:\s+(?:it|this|that|them|everything|all|the changes|now|please))*[.!。]?$|^(?:コミット|プッシュ)(?:(?:と|して|、)?(?:コミット|プッシュ))?(?:して|を)?(?:お願いします|お願い|ください|下さい)?[。!！]?$|^(?:提交|推送)(?:并推送|一下|吧)?[。!！]?$|^(?:커밋|푸시)(?:하고 ?푸시)?(?:해 ?줘|해 ?주세요|하세요|해)?[.!]?$/i;

/** Leads with a no: a reply that corrects the assistant. */
const NEGATING_OPENER_RE = /^(?:no|nope|nah|not|いや|いいえ|不|不是|아니|아뇨)(?=$|[\s,;:.!，、。！])/iu;

/** Leads with a reply word ("yes", "no", "いや", "不", "아니"): it answers the assistant. */
const REPLY_OPENER_RE = /^(?:yes|yeah|yep|yup|no|nope|nah|sure|ok|okay|right|correct|exactly|はい|いいえ|いや|うん|ええ|不|不是|是的|对|對|好|行|네|예|아니|아뇨|응)(?=$|[\s,;:.!，、。！])/iu;

/** Read one prompt (the user's own words, host text already removed). */
export function readPrompt(words: string, ctx: PromptContext): PromptReading {
  const text = words.trim();
  const none = (kind: PromptKind): PromptReading => ({ kind, text, substance: 0, explicit: false });
  // A slash command asks through its arguments ("/review focus on the retry logic"; "/recipe #2" asks nothing).
  const slash = /^(\/[\w:.-]+)\s+(?:[-–—:]\s+)?(\S[\s\S]*)$/.exec(text);
  if (slash) {
    const args = readPrompt(slash[2]!, ctx);
    return args.kind === 'request' ? { ...args, text: `${slash[1]} ${args.text}` } : args;
  }
  // No word at all ("👍", "!!"), or only acknowledging words.
  if (!/[\p{L}\p{N}]/u.test(text) || isAcknowledgement(text) || !withoutAcknowledgements(text)) return none('acknowledgement');
  // A message that opens with an ellipsis carries on the previous one ("…more review comments"): no new goal.
  if (/^(?:\.{2,}|…)/.test(text)) return none('remark');

  const all = sentencesOf(text);
  const moods = all.map(moodOf);
  if (moods.every((m) => m === 'ack')) return none('acknowledgement');
  // Clause by clause: "The API returns 5xx under load; fix the pool" states first, then asks. Pasted
  // code or logs ask nothing, whatever their comments say; "Fix it." asks for what the scene before it names.
  const prose = all.map(isProse);
  const scenes = all.map((s, i) => prose[i] && moods[i] === 'state' && isScene(s));
  const asking = all.map((s, i) => prose[i] && moods[i] !== 'ack' && moods[i] !== 'choose' && (asks(s, MIN_CONTENT) || (asks(s, 0) && scenes.slice(0, i).some(Boolean))));
  const firstAsk = asking.indexOf(true);
  const w = weight(text);

  // Answering the assistant: a choice among its options, or a reply to its closing question.
  const chooses = moods.includes('choose');
  // A long message after the assistant's question is a new request even when it also decides something.
  const replies =
    ctx.answersAssistant &&
    (REPLY_OPENER_RE.test(text) || leadsWithAcknowledgement(text) || (w <= REPLY_WEIGHT && !CONTENT_MARKER_RE.test(text)) || (ctx.flaggedDecision === true && w < REPORT_WEIGHT));
  if (chooses && (firstAsk < 0 || w <= REPLY_WEIGHT)) return { kind: 'decision', text, substance: 0, explicit: false };
  // A reply decides when it says yes or no, or tells the assistant what to do ("keep it minimal", "じゃあそうして");
  // a reply that only states something ("これは実際の結果です") is a remark, and one that asks back is a request.
  // "ok now when I refresh, the uuid is displayed", "yes, the tests pass now": the opener acknowledges, the rest
  // reports what the user sees; a report decides nothing.
  const orders = all.some((s, i) => moods[i] === 'ask' && asks(s, 0) && !isQuestion(s));
  const reportsBack = !orders && all.some((s, i) => prose[i] && moods[i] === 'state' && namesWork(s, MIN_CONTENT));
  const directs = (REPLY_OPENER_RE.test(text) && !reportsBack) || orders;
  // Asking back, however little it names ("ok whats the otp there?"), decides nothing.
  if (replies && directs && !all.some((s, i) => prose[i] && (isQuestion(s) || ASKS_TO_BE_TOLD_RE.test(s)))) return { kind: 'decision', text, substance: 0, explicit: false };
  // A directive that opens by acknowledging ("ok, keep the pool at 3") answers the assistant; "go to google.com"
  // does not open with "go" as a go-ahead, so the acknowledgement must be set off by punctuation. The session's
  // opening words answer nothing.
  const setOffAck = (() => {
    const lead = text.split(/[,;，；、。.!！?？\n]/u, 1)[0] ?? '';
    return lead.length > 0 && lead.length < text.length && isAcknowledgement(lead);
  })();
  // Flagged or not, a reply that only states how things are ("uuum, that has already been fixed", "hmm, the
  // build is still red") decides nothing; one that says no to the assistant corrects it ("no, the key goes in .env").
  const merelyStates = !orders && !chooses && !NEGATING_OPENER_RE.test(text) && all.some((s, i) => prose[i] && moods[i] === 'state' && contentOf(beyondAcknowledging(s)) > 0);
  if (ctx.flaggedDecision && !ctx.opening && (REPLY_OPENER_RE.test(text) || setOffAck) && !merelyStates) return { kind: 'decision', text, substance: 0, explicit: false };

  if (firstAsk >= 0 && !ctx.opening && VCS_ONLY_RE.test(withoutAcknowledgements(text).trim())) return none('remark');
  // A pasted review whose verdict, first or last, approves ("問題ありません … このままでOKです") and whose
  // sentences all state asks for nothing, whatever a clause of it reads like.
  const stated = all.filter((s, i) => prose[i] && moods[i] === 'state');
  if (!ctx.opening && stated.length === all.length && (approves(stated[0]) || approves(stated[stated.length - 1]))) return none('remark');
  if (firstAsk >= 0) {
    // The goal line starts where the asking starts; a request that names nothing itself ("Fix it.") starts at its scene.
    // One that names its object only by pointing back ("Investigate the issue and fix it") starts there too.
    const selfContained = asks(all[firstAsk]!, MIN_CONTENT) && !POINTS_BACK_RE.test(all[firstAsk]!);
    const scene = scenes.lastIndexOf(true, firstAsk);
    let from = selfContained || scene < 0 ? firstAsk : scene;
    // A lead-in that introduces the request ("brainstorm:", "Implement the following plan:") belongs to it,
    // and the words that open the session are its goal from the first of them ("help! … can you …?").
    if (from > 0 && /[:：]\s*$/.test(all[from - 1]!)) from--;
    if (ctx.opening) from = 0;
    const shown = all.slice(from).join(' ').replace(/;$/, '');
    const substance = all.reduce((n, s, i) => n + (asking[i] || (i >= from && i < firstAsk) ? contentOf(beyondAcknowledging(s)) : 0), 0);
    return { kind: 'request', text: shown || text, substance, explicit: true };
  }
  // No sentence asks: a long prose report still describes the work (a bug report, a spec); a short one is a remark.
  const report = all.filter((s, i) => prose[i] && moods[i] === 'state');
  const reportWeight = report.reduce((n, s) => n + weight(s), 0);
  const from = report.find(isScene);
  if (reportWeight >= REPORT_WEIGHT && from !== undefined) {
    return { kind: 'request', text: text.slice(Math.max(0, text.indexOf(from))), substance: report.reduce((n, s) => n + contentOf(s), 0), explicit: false };
  }
  // What opens the session is its goal whatever its shape, as long as it names something: sessions open with their task.
  const named = all.reduce((n, s, i) => n + (prose[i] ? contentOf(beyondAcknowledging(s)) : 0), 0);
  if (ctx.opening && named >= MIN_CONTENT) return { kind: 'request', text, substance: named, explicit: false };
  return none('remark');
}
