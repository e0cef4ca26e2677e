/**
 * @module core/search/memory-talk
 * Words a question uses for the memory itself rather than for what happened in it: "in a previous
 * session", "what we discussed about", "from an earlier conversation". To a memory everything is in
 * the past, so they name no event and no order; as keywords they match whatever talks of sessions
 * (a project about sessions has thousands), and "earlier" read as "before" put the records preceding
 * the best matches first. Removed before the query is planned and its intent read. "Other sessions",
 * "the stacked PR session" and a bare "session" are left alone: those are a project's words. "The
 * last session" goes too: the most recent session is a filter (`since`), not a word to match.
 */

/** "(in) a previous / past / earlier / last / recent … session(s) / conversation(s) / chat(s) / discussion(s) / work". */
const PAST_TALK_RE =
  /\b(?:(?:in|from|during|of|on)\s+)?(?:(?:an?|the|our|my|one\s+of\s+(?:the|our|my))\s+)?(?:previous|past|earlier|prior|older|former|last|latest|recent|most\s+recent)\s+(?:sessions?|conversations?|chats?|discussions?|threads?|work)\b/giu;
/** When, vaguely: "last time", "a while ago", "some time back", "the other day", "back then", "at some point". */
const VAGUE_TIME_RE =
  /\b(?:(?:the\s+)?last\s+time|(?:quite\s+)?(?:a|some)\s+(?:little\s+)?(?:while|time)\s+(?:ago|back)|(?:a\s+)?(?:long\s+)?(?:time|while)\s+ago|the\s+other\s+day|back\s+then|at\s+some\s+point)\b/giu;
/**
 * A date relative to now: "last week", "yesterday", "this morning", "three days ago". Said in the
 * records too ("I fixed it yesterday"), so it stays a keyword; but it orders nothing among them ("last"
 * is not the last of the matches).
 */
const RELATIVE_DATE_RE =
  /\b(?:(?:from\s+|during\s+|in\s+)?(?:last|this|past|previous)\s+(?:week|weekend|month|night|sprint|year)|(?:earlier\s+)?(?:yesterday|today)|this\s+(?:morning|afternoon|evening)|(?:a\s+few|several|some|\w+)\s+(?:days?|weeks?|months?|years?)\s+(?:ago|back))\b/giu;
/** Asking the memory itself: "search (the) memory for", "look up in memory", "in your memory", "check the memories". */
const ASK_MEMORY_RE =
  /\b(?:(?:search|check|look\s+up|look\s+in|query|ask)\s+(?:(?:the|your|my|our)\s+)?(?:memory|memories|mnemo)(?:\s+(?:for|about|on))?|(?:in|from)\s+(?:(?:the|your|my|our)\s+)?(?:memory|memories|mnemo))\b/giu;
/**
 * "Before" or "after" with nothing after it ("we talked about this before", "what happened after?"):
 * no event to order against, only the past the whole memory is in.
 */
const OBJECTLESS_ORDER_RE = /\b(?:before|after)(?=(?:\s+(?:this|that|it|then|too|again|now))?\s*(?:[?.!,;:)\]]|$))/giu;
/** "we discussed / talked about / went over" and "a conversation about": the talking, not its subject. */
const DISCUSSED_RE = /\b(?:we|i|you)\s+(?:discussed|talked\s+about|talked\s+through|went\s+over)\b|\b(?:discussions?|conversations?|chats?)\s+(?=(?:about|on|regarding)\b)/giu;

/**
 * The same in Chinese, Japanese and Korean, where "之前 / 以前 / 이전에" before a verb of talking or doing
 * is "previously", not "before X" (which puts X first: "部署之前"): "我们之前讨论过的", "上次会话里",
 * "前回のセッションで", "以前話した", "지난번 세션에서", "이전에 얘기한".
 */
const CJK_PAST_TALK_RE = new RegExp(
  [
    // Only with nothing of the clause before it: "部署之前做了什么" is "before the deploy".
    '(?<=^|[\\s，,。！？：:；;]|我们|我|你|咱们)(?:之前|以前|先前|早些时候|前几天)(?=(?:一起)?(?:讨论|聊|说|谈|提|做|试|问|查|看|改|修))',
    '(?:在)?(?:上次|上一次|上个?(?:会话|对话|聊天))(?:的)?(?:会话|对话|聊天)?(?:里|中|上)?',
    '(?:之前|以前|先前)的(?:会话|对话|聊天|讨论)(?:里|中)?',
    '前回(?:の)?(?:セッション|会話)?(?:で|に|の)?',
    'この前(?:の)?',
    '以前(?:に)?(?=(?:話|議論|相談|やっ|聞|調べ|試))',
    '(?<=^\\s*|(?:私|僕|俺)(?:が|は)\\s*)前に(?=(?:話|議論|相談|やっ|聞|調べ|試|見))',
    '(?:以)?前の(?:セッション|会話)(?:で|に|の)?',
    '지난\\s*(?:번\\s*)?(?:세션|대화)(?:에서|에)?',
    '지난\\s*번(?:에)?',
    '예전에',
    '(?<=^\\s*|(?:우리가|우리|내가|제가)\\s*)(?:이전|전)에(?=\\s*(?:얘기|이야기|말|논의|했|한))',
  ].join('|'),
  'gu',
);

/** `text` without its words about the memory itself (each replaced by a space). */
export function withoutMemoryTalk(text: string): string {
  return text.replace(CJK_PAST_TALK_RE, ' ').replace(PAST_TALK_RE, ' ').replace(VAGUE_TIME_RE, ' ').replace(ASK_MEMORY_RE, ' ').replace(DISCUSSED_RE, ' ').replace(OBJECTLESS_ORDER_RE, ' ');
}

/** `text` without its words about the memory, nor its dates relative to now: what its intent is read from. */
export function withoutTimeTalk(text: string): string {
  return withoutMemoryTalk(text.replace(RELATIVE_DATE_RE, ' '));
}
