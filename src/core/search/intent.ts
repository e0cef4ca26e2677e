/**
 * @module core/search/intent
 * What a question asks for beyond its words. "How did we fix X" wants the change made after X failed,
 * whose own text rarely names X; "what did I ask after Y" wants the prompt that followed Y; "why …"
 * wants the reasoning; "what changed in …" wants edits. Word overlap cannot find these — order and
 * record kinds can. This module only recognises the cues, in English, Chinese, Japanese and Korean
 * (core/search/structure turns them into ranked lists). Pure: no I/O.
 *
 * Cues are the everyday words developers use for these acts, not phrases of any evaluation set:
 * English by word (so `prefix` never reads as `fix`), CJK by substring (no spaces to split on).
 */

import { withoutTimeTalk } from './memory-talk.ts';

/** The structural asks a query carries. */
export interface QueryIntent {
  /** Something that followed an event: "after", "then", "之后", "後", "후". */
  readonly after: boolean;
  /** Something that preceded an event: "before", "之前", "前に", "전에". */
  readonly before: boolean;
  /** Something that happened while an event went on: "while", "during", "期间", "最中", "동안". */
  readonly during: boolean;
  /** How a problem was fixed: "fix", "solve", "get past", "修复", "直した", "해결". */
  readonly fix: boolean;
  /** A problem is named ("… error", "test fails", "报错", "エラー", "오류"): its fix may be what is wanted. */
  readonly problem: boolean;
  /** The answer is what the user said or asked: "what did I ask after…", "我说了什么", "言った", "말했". */
  readonly ask: boolean;
  /**
   * What the user said is the event the question starts from, not the answer: "what did you do after
   * I said …", "我说 … 之后做了什么", "해달라고 한 다음에 뭘 했어" — the anchor is a prompt.
   */
  readonly askedFirst: boolean;
  /** The reason for something: "why", "reason", "为什么", "なぜ", "왜". */
  readonly why: boolean;
  /** What was changed: "what changed", "modify", "改了", "変更", "변경". */
  readonly change: boolean;
  /** The conversation's compaction: "compaction", "compacted", "压缩", "コンパクト", "압축". */
  readonly compaction: boolean;
  /** The earliest of several alike: "the first attempt", "initially", "第一次", "最初の", "처음". */
  readonly first: boolean;
  /** The latest of several alike: "finally", "in the end", "最后", "結局", "결국". */
  readonly last: boolean;
  /**
   * "First" or "last" of a whole session: "the first thing I asked in that session", "how did the
   * session end", "最初のセッションで" — the answer sits at the session's edge, whatever words it holds.
   */
  readonly sessionEdge: boolean;
}

const NONE: QueryIntent = Object.freeze({ after: false, before: false, during: false, fix: false, problem: false, ask: false, askedFirst: false, why: false, change: false, compaction: false, first: false, last: false, sessionEdge: false });

/** Nouns of work that, with 中, say what was going on (Japanese and Chinese alike). */
const ACTION_NOUNS = ['作業', '修正', '対応', '実装', '実行', '処理', '調査', '確認', '編集', '開発', '変更', '追加', '更新', '移行', '検証', 'テスト', 'ビルド', 'デバッグ', 'リファクタ', 'リファクタリング', 'レビュー', 'デプロイ', 'インストール', '進行', '进行', '处理', '修改', '运行', '执行', '调试', '开发', '部署', '安装', '测试', '重构'];

type Cue = { readonly words: readonly string[]; readonly phrases?: readonly string[]; readonly cjk: readonly string[] };

/** English words (lower case, matched whole), English phrases (matched on word boundaries) and CJK substrings. */
const CUES: Readonly<Record<Exclude<keyof QueryIntent, 'askedFirst' | 'sessionEdge'>, Cue>> = {
  after: {
    words: ['after', 'afterwards', 'afterward', 'then', 'next', 'later', 'subsequently', 'followed'],
    cjk: ['之后', '以后', '后来', '然后', '接着', '随后', '之後', '以後', 'その後', 'そのあと', '後で', 'あとで', 'した後', 'た後', 'だ後', 'たあと', 'だあと', 'のあと', 'の後', '次に', '直後', '다음', '이후', '후에', '한 후', '한 뒤', '뒤에'],
  },
  before: {
    // Bare "earlier" or "previously" is when anything in a memory happened; "earlier than X" orders.
    words: ['before'],
    phrases: ['earlier than', 'prior to', 'previous to'],
    cjk: ['之前', '以前', '前に', 'する前', '直前', '전에', '이전'],
  },
  during: {
    words: ['while', 'whilst', 'during', 'meanwhile', 'midway'],
    phrases: ['in the middle of', 'at the same time'],
    // An action noun with 中 is "while doing it" (修正中, 作業中, 处理中); bare 中 is "in" (ファイルの中, 代码中).
    cjk: ['期间', '过程中', '的时候正在', '途中', '最中', 'している間', 'してる間', '동안', '도중', '하는 중', ...ACTION_NOUNS.map((n) => `${n}中`), '작업 중', '수정 중', '진행 중'],
  },
  fix: {
    words: ['fix', 'fixed', 'fixes', 'fixing', 'solve', 'solved', 'resolve', 'resolved', 'workaround', 'repair', 'repaired', 'unblock', 'unblocked'],
    phrases: ['get around', 'got around', 'get past', 'got past', 'get rid of', 'make it work', 'made it work', 'stop it', 'stopped it'],
    cjk: ['修复', '修好', '修正', '解决', '搞定', '处理', '直し', '直した', '直す', '直って', '解決', '対処', '対応', '해결', '수정', '고쳤', '고치', '고쳐'],
  },
  problem: {
    words: ['error', 'errors', 'exception', 'exceptions', 'fail', 'fails', 'failed', 'failing', 'failure', 'crash', 'crashes', 'crashed', 'broken', 'bug', 'traceback', 'panic'],
    phrases: ['does not work', "doesn't work", 'not working'],
    cjk: ['报错', '错误', '失败', '崩溃', '异常', 'エラー', '失敗', '落ちる', '例外', '오류', '에러', '실패'],
  },
  ask: {
    words: [],
    phrases: ['i ask', 'i asked', 'did i ask', 'i say', 'i said', 'did i say', 'i tell', 'i told', 'did i tell', 'i request', 'i requested', 'i point out', 'i pointed out', 'i mention', 'i mentioned', 'i want', 'i wanted', 'my request', 'my question', 'i ask for', 'i asked for', 'i suggested', 'i instructed',
      // Any way of saying something to the model: what I typed, wrote back, answered, complained about.
      'i type', 'i typed', 'did i type', 'i write', 'i wrote', 'did i write', 'i reply', 'i replied', 'did i reply', 'i answer', 'i answered', 'did i answer', 'i respond', 'i responded', 'did i respond', 'i complain', 'i complained', 'did i complain', 'i send', 'i sent', 'did i send', 'my reply', 'my answer', 'my message', 'my comment', 'my feedback',
      // A model's query speaks of the person as "the user": "what did the user ask after the revert".
      'user asked', 'user asks', 'user said', 'user says', 'user told', 'user requested', 'user wanted', 'user wants', 'user mentioned', 'user pointed out', 'user suggested', 'user instructed', 'did the user'],
    cjk: ['我问', '我说', '我让', '我要求', '我提', '我告诉', '我回复', '我回答', '我输入', '我打了', '我发了', '言った', '聞いた', '頼んだ', '指示', '依頼', 'お願い', '返信した', '答えた', '入力した', '送った', '말했', '물어', '요청', '부탁', '시켰', '해달라고', '답했', '입력했', '보냈'],
  },
  why: {
    words: ['why', 'reason', 'reasons', 'rationale', 'because', 'motivation'],
    phrases: ['how come'],
    cjk: ['为什么', '为何', '原因', '理由', '怎么会', 'なぜ', 'どうして', '何故', '理由は', '왜', '이유', '원인'],
  },
  change: {
    words: ['change', 'changed', 'changes', 'modify', 'modified', 'edit', 'edited', 'update', 'updated', 'rename', 'renamed', 'rewrite', 'rewrote'],
    cjk: ['改了', '修改', '改动', '变更', '更改', '改成', '改为', '変更', '変え', '書き換', '編集', '更新', '변경', '바꿨', '바꾸', '고쳤', '수정'],
  },
  compaction: {
    words: ['compaction', 'compacted', 'compact', 'compacting'],
    phrases: ['context was compacted', 'conversation was compacted', 'ran out of context', 'context ran out'],
    cjk: ['压缩', '上下文压缩', '压缩之后', 'コンパクト', 'コンパクション', '圧縮', '압축', '컴팩트'],
  },
  first: {
    words: ['first', 'initially', 'initial', 'originally', 'earliest'],
    phrases: ['at the start', 'in the beginning', 'to begin with', 'the original'],
    cjk: ['第一次', '第一个', '一开始', '起初', '最初', '首次', '最早', '初めて', '初回', '처음', '최초', '첫 '],
  },
  last: {
    words: ['last', 'lastly', 'finally', 'final', 'eventually', 'latest', 'ultimately'],
    phrases: ['in the end', 'at the end', 'end up', 'ended up', 'ends up'],
    cjk: ['最后', '最終', '最终', '最後', '結局', '最新', '마지막', '결국', '최종', '최근'],
  },
};

/** Words for a session as a whole: with "first" or "last", the question is about its edge. */
const SESSION: Cue = {
  // Not "chat": too many projects build one ("the chat server").
  words: ['session', 'sessions', 'conversation'],
  phrases: ['wrap up', 'wrapped up', 'wind down'],
  cjk: ['会话', '对话', 'セッション', '会話', '세션', '대화'],
};

/**
 * "Last" words that name the end of a session: "ended up", "eventually", "latest" name an outcome or
 * the newest state ("why did the chat session end up buffering"), not what came last.
 */
const SESSION_END: Cue = { words: ['last', 'lastly', 'final', 'finally'], phrases: ['at the end'], cjk: ['最后', '最後', '마지막'] };

/**
 * "When I asked / said …" (or "when the user asked", as a model puts it) makes my prompt the event the
 * question starts from, as "after I asked" does:
 * "which files did you delete when I asked whether …". CJK puts the time word after the clause
 * ("我问…的时候", "聞いたとき", "물어봤을 때").
 */
const WHEN_WORDS = ['when', 'as', 'once', 'while'];
const WHEN_CJK = ['的时候', '时候', 'とき', '時に', '際に', '했을 때', '을 때', '할 때'];

/** Whether the ask is the clause a "when" governs: "when I asked …", "我问…的时候". */
function askedWhen(text: string, joined: string): boolean {
  const mine = (CUES.ask.phrases ?? []).filter((p) => p.startsWith('i ') || p.startsWith('user '));
  if (WHEN_WORDS.some((w) => mine.some((p) => joined.includes(` ${w} ${p} `) || joined.includes(` ${w} the ${p} `)))) return true;
  const ask = CUES.ask.cjk.map((c) => text.indexOf(c)).filter((i) => i >= 0);
  return ask.length > 0 && WHEN_CJK.some((w) => text.indexOf(w) > Math.min(...ask));
}

/**
 * Nouns of asking that make a temporal query an ask even without "I": the short form a model sends
 * ("request after README update", "question before the revert", "user prompt after compaction").
 */
const ASK_NOUNS = ['request', 'requests', 'requested', 'question', 'questions', 'prompt', 'prompts', 'ask', 'asked', 'asks', 'instruction', 'instructions', 'reply', 'replies', 'replied'];
const ASK_NOUNS_CJK = ['请求', '提问', '问题', '指示', '質問', '依頼', 'リクエスト', '要求', '질문', '요청', '지시'];

const WORD_RE = /[\p{L}\p{N}]+/gu;
/** Names joined by dots, slashes or underscores (`Next.js`, `src/fix.ts`, `after_each`): never a cue. */
const NAME_RE = /[\p{L}\p{N}]+(?:[./_\\][\p{L}\p{N}]+)+/gu;

/** Where a cue first occurs in `text` (lower case, names blanked): its index, or Infinity. */
function cueAt(c: Cue, text: string): number {
  const at = [...c.words, ...(c.phrases ?? [])].map((w) => wordIndex(text, w)).concat(c.cjk.map((s) => text.indexOf(s)));
  return Math.min(...at.filter((i) => i >= 0), Infinity);
}

/** Index of a word or phrase of whole words in `text`, or -1. */
function wordIndex(text: string, phrase: string): number {
  const re = new RegExp(`(?<![\\p{L}\\p{N}])${phrase.split(' ').join('[^\\p{L}\\p{N}]+')}(?![\\p{L}\\p{N}])`, 'u');
  return re.exec(text)?.index ?? -1;
}

const CJK_CHAR_RE = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;

/** The intents a query carries (all false for a query with no cue). Never throws. */
export function queryIntent(raw: string): QueryIntent {
  const text = typeof raw === 'string' ? withoutTimeTalk(raw.normalize('NFKC')).toLowerCase().replace(NAME_RE, ' ') : '';
  if (!text.trim()) return NONE;
  const words = text.match(WORD_RE) ?? [];
  const wordSet = new Set(words);
  const joined = ` ${words.join(' ')} `;
  const out: Record<keyof QueryIntent, boolean> = { ...NONE };
  const phraseIn = (c: Cue) => (c.phrases ?? []).some((p) => joined.includes(` ${p} `));
  const holds = (c: Cue) => c.words.some((w) => wordSet.has(w)) || phraseIn(c) || c.cjk.some((s) => text.includes(s));
  for (const key of Object.keys(CUES) as (keyof typeof CUES)[]) out[key] = holds(CUES[key]);
  // "First" and "last" cannot both hold; "at first … but in the end" asks for the end.
  if (out.first && out.last) out.first = false;
  // "Wrap up" is how a session ends.
  const sessionWords = holds(SESSION);
  if (phraseIn(SESSION) && !out.first) out.last = true;
  if ((out.after || out.before || out.during) && (ASK_NOUNS.some((w) => wordSet.has(w)) || ASK_NOUNS_CJK.some((w) => text.includes(w)))) out.ask = true;
  if (out.ask && (out.after || out.before)) {
    // Which clause holds the ask: English puts "after" before the clause it governs ("what did you do
    // after I asked …"), Chinese, Japanese and Korean after it ("我说…之后", "頼んだ後", "해달라고 한 다음에").
    const ask = cueAt(CUES.ask, text);
    const time = Math.min(cueAt(CUES.after, text), cueAt(CUES.before, text));
    if (ask < Infinity && time < Infinity) {
      const cjk = CJK_CHAR_RE.test(text.slice(Math.min(ask, time), Math.max(ask, time) + 2));
      const first = cjk ? ask < time : ask > time;
      if (first) (out.ask = false), (out.askedFirst = true);
    }
  }
  if (out.ask && !out.after && !out.before && !out.askedFirst && askedWhen(text, joined)) {
    out.after = true;
    (out.ask = false), (out.askedFirst = true);
  }
  // "What did I say while you were committing": the prompts next to the work are the answer, not likely
  // ones, so it reads as a sequence (core/search/structure looks both ways for "while": a prompt typed
  // while a call ran is recorded before the call's own record, or after the work's first records).
  if (out.during && out.ask && !out.after && !out.before) out.after = true;
  // Decided last: "when I asked …" above makes the question one about what followed a prompt.
  out.sessionEdge = sessionWords && (out.first || (out.last && (holds(SESSION_END) || phraseIn(SESSION)))) && !out.after && !out.before && !out.compaction;
  return out;
}

/** What the context of a compaction is called: a word about the compaction, not about the work. */
const CONTEXT: Cue = { words: ['context', 'window'], cjk: ['上下文', 'コンテキスト', '文脈', '컨텍스트', '맥락'] };

/**
 * Whether a query word only places the question in time (a compaction, "after", "before", the session,
 * the context) rather than naming the work: "重构那次会话里上下文被压缩之后" is about the refactor, and a
 * search for the compaction's surroundings must find the refactor without records that merely say
 * "compact". `word` is one word or CJK run of the query, as typed.
 */
export function placesInTime(word: string): boolean {
  const w = word.normalize('NFKC').toLowerCase().trim();
  if (!w) return false;
  return [CUES.compaction, CUES.after, CUES.before, CUES.during, SESSION, CONTEXT].some(
    (c) => c.words.includes(w) || (c.phrases ?? []).includes(w) || c.cjk.some((s) => s.trim() === w),
  );
}

/** Whether a query carries any structural intent. */
export function hasIntent(i: QueryIntent): boolean {
  return i.after || i.before || i.during || i.fix || i.ask || i.why || i.change || i.compaction || i.first || i.last;
}
