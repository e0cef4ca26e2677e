/**
 * @module core/extract/user/role
 * Persona instructions: "You are a senior backend engineer", "你是一名资深后端工程师",
 * "Du bist ein erfahrener Entwickler", "Tu es un développeur senior". A role is a declarative second-person frame (pronoun +
 * copula or "act as") followed by a noun phrase, in the first sentence of the message.
 *
 * The anchor is grammar, not topic: the second-person pronoun and the copula or indefinite
 * article of each language (closed classes), which is what the reference lacked when it tagged
 * "continue" and "waiting for CI" as roles. "You are right" has no article and is not a role;
 * neither is a question ("are you a bot?") or anything not in the first sentence.
 */
import { codePoints } from '../text.ts';
import { isQuestion, sentences } from './shape.ts';

/** One frame per language (or family); each must match at the start of the first sentence. */
const ROLE_FRAMES: readonly RegExp[] = [
  // English: "you are a/an/the/my X Y", "act as a …", "pretend you are …", "your role is …".
  /^(?:(?:from now on|for this (?:task|session|conversation)|in this (?:task|session|conversation)|today),?\s+)?(?:you are|you're|you will be|you'll be)\s+(?:now\s+|acting as\s+)?(?:a|an|the|my|our)\s+[\p{L}-]+\s+\S/iu,
  /^(?:please\s+)?(?:act|behave|respond|answer|think|write|work)\s+(?:as|like)\s+(?:a|an|the|my|our|if you were)\s+\S/iu,
  /^(?:i want you to|i'd like you to|i need you to)\s+(?:act|behave|pretend|play|be)\s+(?:as|like|to be|the role|a|an)\b/iu,
  /^(?:pretend|imagine)\s+(?:that\s+)?(?:you are|you're|to be)\s+(?:a|an|the)\s+\S/iu,
  /^(?:play|take on|assume|adopt)\s+the\s+(?:role|persona)\s+of\s+\S/iu,
  /^your (?:role|persona|job) (?:is|will be)\s+(?:to act as\s+|that of\s+)?(?:a|an|the)\s+\S/iu,
  // Chinese: 你/您 + 是/作为/扮演 + measure word; 请扮演/充当…; 假设你是…; 你的角色是….
  /^(?:从现在(?:开始|起)[，,]?\s*)?(?:你|您)(?:现在)?(?:是|将是|就是|要作为|作为|扮演|充当)(?:一)?(?:名|个|位|只|個)/u,
  /^(?:请|請)?(?:你|您)?(?:扮演|充当|擔任|担任)(?:一)?(?:名|个|位|個)?\S{2,}/u,
  /^(?:假设|假設|想象|想像)(?:你|您)是\S{2,}/u,
  /^(?:你|您)的(?:角色|身份|身分)是\S{2,}/u,
  // Japanese: あなたは…です (a noun before です, not an i-adjective), …として振る舞って, …になりきって.
  /^(?:あなた|君|きみ|貴方)は[^。、？?]{2,40}?[^い。、](?:です|だ|である)(?:[。.!！]|$)/u,
  /^[^。？?]{2,40}?として(?:振る舞|ふるま|行動|回答|答え|対応)/u,
  /^[^。？?]{2,40}?(?:になりきって|の役(?:割)?を(?:演じ|果た))/u,
  // Korean: 당신은/너는 … 입니다/이다/야; …로서 행동; … 역할을 맡아.
  /^(?:당신은|너는|넌|귀하는)\s*[^?.!]{2,40}?(?:입니다|이다|이에요|예요|이야)(?:[.!]|$)/u,
  /^[^?]{2,40}?(?:으로서|로서|처럼)\s*(?:행동|답변|대답|일)/u,
  /^[^?]{2,40}?역할을\s*(?:맡|해|하)/u,
  // Arabic: أنت + a noun phrase of two words or more; تصرف كـ…; بصفتك….
  /^(?:أنت|انت|أنتَ|أنتِ)\s+(?!ت|لا\s|لم\s|لن\s|قد\s|ما\s)[\p{L}\p{M}]+\s+[\p{L}\p{M}]+/u,
  /^(?:تصرف|تصرّف|اعمل|كن)\s+(?:ك|بصفتك|كأنك|مثل)/u,
  /^بصفتك\s+\S+/u,
  // Russian: ты/вы — X; ты/вы + adjective + noun; представь, что ты…; выступай в роли….
  /^(?:ты|вы)\s*[—–-]\s*\p{L}/iu,
  /^(?:ты|вы)\s+(?:теперь\s+)?\p{L}+(?:ый|ий|ой|ая|яя)\s+\p{L}/iu,
  /^(?:представь|представьте|вообрази),?\s+что\s+(?:ты|вы)\s+\S/iu,
  /^(?:выступай|выступайте|действуй|действуйте|веди себя)\s+(?:в роли|как)\s+\S/iu,
  /^(?:твоя|ваша)\s+роль\s*[—–-]?\s*\S/iu,
  // Spanish: eres/sé/actúa como + article + two words; imagina que eres…; tu rol es….
  /^(?:tú\s+|tu\s+)?(?:eres|serás|sé|actúa como|actua como|compórtate como|comportate como|usted es)\s+(?:un|una|el|la|mi|nuestro|nuestra)\s+\p{L}+\s+\S/iu,
  /^(?:imagina|finge|supón|supon)\s+que\s+eres\s+\S/iu,
  /^(?:tu|su)\s+(?:rol|papel)\s+es\s+\S/iu,
  // Hindi: आप/तुम एक … हैं/हो; … की भूमिका निभाएं; मान लीजिए आप….
  /^(?:आप|तुम|तू)\s+एक\s+.{2,80}?\s*(?:हैं|हो|है)(?:[।.!]|$)/u,
  /^.{2,60}?की\s+भूमिका\s+(?:निभाएं|निभाइए|निभाओ|में)/u,
  /^(?:मान लीजिए|मान लो)\s+(?:कि\s+)?(?:आप|तुम)\s+\S/u,
  // Turkish: sen/siz … bir X-sin; … gibi davran; rolün/görevin ….
  /^(?:sen|siz)\s+.{0,60}?\bbir\s+.{1,60}?(?:s[ıiuü]n|s[ıiuü]n[ıiuü]z|d[ıiuü]r)[.!]?$/iu,
  /^.{2,60}?\s(?:gibi davran|rolünü üstlen|rolüne bürün)/iu,
  /^(?:senin\s+)?(?:rolün|görevin)\s+\S+/iu,
  // French: tu es/vous êtes + article + two words; agis comme / en tant que …; imagine que tu es …; ton rôle est ….
  /^(?:tu es|vous êtes|vous etes|tu seras|vous serez)\s+(?:maintenant\s+|désormais\s+)?(?:un|une|le|la|mon|ma|notre|l['’])\s*\p{L}+\s+\S/iu,
  /^(?:agis|agissez|comporte-toi|comportez-vous|réponds|répondez|travaille|travaillez)\s+(?:comme|en tant que)\s+\S/iu,
  /^(?:imagine|imaginez|suppose|supposez|fais comme si)\s+(?:que\s+)?(?:tu es|vous êtes|tu étais)\s+\S/iu,
  /^(?:ton|votre)\s+rôle\s+(?:est|sera)\s+\S/iu,
  // Portuguese: você é/tu és + article + two words; aja como …; imagine que você é …; seu papel é ….
  /^(?:você é|voce é|tu és|você será|voce sera)\s+(?:agora\s+)?(?:um|uma|o|a|meu|minha|nosso|nossa)\s+\p{L}+\s+\S/iu,
  /^(?:aja|atue|comporte-se|responda|trabalhe)\s+como\s+\S/iu,
  /^(?:imagine|finja|suponha)\s+que\s+(?:você é|voce é|tu és|é)\s+\S/iu,
  /^(?:seu|teu)\s+papel\s+(?:é|será)\s+\S/iu,
  // Italian: (tu) sei/Lei è + article + two words; agisci come …; immagina di essere …; il tuo ruolo è ….
  /^(?:tu sei|sei|lei è|voi siete)\s+(?:ora\s+)?(?:un|uno|una|il|lo|la|il mio|la mia|un['’])\s*\p{L}+\s+\S/iu,
  /^(?:agisci|comportati|rispondi|lavora)\s+come\s+\S/iu,
  /^(?:immagina|fingi|supponi)\s+di\s+essere\s+\S/iu,
  /^(?:il tuo|il suo)\s+ruolo\s+(?:è|sarà)\s+\S/iu,
  // German: du bist/Sie sind + article + two words; agiere als …; stell dir vor, du bist ….
  /^(?:du bist|sie sind|ihr seid)\s+(?:jetzt\s+|nun\s+|ab jetzt\s+)?(?:ein|eine|der|die|das|mein|meine|unser|unsere)\s+\S+\s+\S/iu,
  /^(?:bitte\s+)?(?:agiere|handle|verhalte dich|antworte|tritt auf|arbeite)\s+(?:als|wie)\s+\S/iu,
  /^(?:stell dir vor|tu so),?\s+(?:du bist|als ob du|als wärst du)\s+\S/iu,
  /^(?:deine|ihre)\s+rolle\s+ist\s+\S/iu,
];

/** Longest first sentence still read as a persona instruction. */
const MAX_ROLE_SENTENCE = 240;

/** The persona sentence of a message, or null when it has none. */
export function detectRole(text: string): string | null {
  const first = sentences(text.slice(0, MAX_ROLE_SENTENCE * 4).trim())[0];
  if (!first || codePoints(first) > MAX_ROLE_SENTENCE || codePoints(first) < 6) return null;
  if (isQuestion(first)) return null;
  for (const re of ROLE_FRAMES) if (re.test(first)) return first;
  return null;
}
