/**
 * @module core/extract/user/ack
 * Acknowledgements and greetings ("continue", "ok", "thanks", "yes, do it", "hello there",
 * "好的，继续", "はい、続けてください", "спасибо", "devam et") carry no intent, decision or role.
 *
 * This is the one lexicon in the classifiers, and deliberately so: interjections, politeness
 * formulas and go-ahead phrases are a small closed class in every language, unlike topic
 * keywords, and no structural rule can tell "continue" from "refactor". A message is an
 * acknowledgement when it is short and made only of these tokens.
 */
import { codePoints } from '../text.ts';

/** Space-separated scripts: every token must be one of these (lower-cased). */
const ACK_WORDS: ReadonlySet<string> = new Set(
  (
    // English
    'ok okay okey k kk yes yep yeah yup ya sure thanks thank you thx ty tysm cheers continue cont go on ahead proceed please pls plz ' +
    'do it that this lgtm sgtm sounds good great looks perfect nice cool awesome fine alright right correct exactly hi hello hey ' +
    'there morning evening afternoon all everyone claude buddy mate again so much a lot very now keep going carry got done agreed ' +
    'ack noted understood makes sense lets let\'s np no problem that\'s thats works for me wonderful brilliant excellent fantastic ' +
    'and then just yes! good. sounds! ahh ah oh hmm well indeed absolutely definitely of course course go! onward next ' +
    // Spanish
    'sí si vale bueno gracias muchas hola continúa continua continúe continue sigue adelante perfecto de acuerdo claro hazlo dale ' +
    'entendido por favor listo genial buenas buenos días dias tardes noches ' +
    // German
    'ja jawohl gut danke vielen dank schön hallo moin servus weiter weitermachen mach macht fortfahren bitte genau super perfekt ' +
    'passt alles klar einverstanden los gerne gern verstanden tag guten ' +
    // French
    'oui ouais d accord daccord merci beaucoup continue continuez vas y allez parfait super bonjour salut bien très entendu ' +
    'compris génial nickel volontiers bon vu ' +
    // Portuguese
    'sim obrigado obrigada continue continua pode prosseguir siga perfeito ótimo otimo beleza olá ola oi bom dia certo claro ' +
    'entendi valeu combinado muito continuar ' +
    // Italian
    'sì grazie mille continua continui vai avanti procedi perfetto ottimo ciao salve buongiorno va bene certo capito esatto ' +
    // Turkish
    'evet tamam peki olur teşekkürler teşekkür ederim sağol sağ ol merhaba selam devam et edin güzel harika anladım tabii lütfen ' +
    'yap hadi tamamdır ' +
    // Russian
    'да ага ок окей хорошо ладно спасибо благодарю привет здравствуйте продолжай продолжайте продолжи давай дальше согласен ' +
    'отлично супер понял поняла ясно делай сделай это так пожалуйста вперёд вперед большое конечно ну ' +
    // Arabic
    'نعم أجل اجل حسنا حسناً تمام شكرا شكراً شكرًا مرحبا مرحباً أهلا اهلا السلام عليكم تابع استمر واصل موافق جيد ممتاز لك جزيلا ' +
    'جزيلاً افعل افعلها ذلك من فضلك رجاء ' +
    // Hindi
    'हाँ हां जी ठीक है धन्यवाद शुक्रिया नमस्ते जारी रखें रखो करो करें आगे बढ़ो बढ़ें अच्छा बढ़िया चलो कृपया हैं ' +
    // Korean
    '네 넵 예 응 그래 좋아 좋아요 좋습니다 감사 감사합니다 고마워 고마워요 고맙습니다 계속 계속해 계속해줘 계속해요 계속하세요 ' +
    '계속해주세요 진행 진행해 진행해줘 진행해주세요 안녕 안녕하세요 알겠어요 알겠습니다 오케이 주세요 해줘 해주세요 해 그렇게'
  ).split(/\s+/).filter(Boolean),
);

/** Scripts without spaces: the message must be a concatenation of these phrases. */
const ACK_PHRASES: readonly string[] = [
  // Chinese
  '好的', '好吧', '好啊', '好', '嗯嗯', '嗯', '行', '可以', '继续', '繼續', '谢谢', '謝謝', '多谢', '感谢', '是的', '是', '对的', '对',
  '對', '没问题', '沒問題', '收到', '明白', '了解', '你好', '您好', '哈喽', '嗨', '早上好', '晚上好', '早', '吧', '啊', '呀', '哈', '了',
  '请', '請', '开始', '做吧', '去吧', '干吧', '就这样', '就这么办', '同意', '没错', '棒', '很好', '太好了', '完美', '非常', '感谢你', '你',
  // Japanese
  'はい', 'ええ', 'うん', '了解です', '了解', 'りょうかい', '承知しました', '承知', 'わかりました', '分かりました', 'ありがとうございます',
  'ありがとう', 'どうも', '続けてください', '続けて下さい', '続けて', '続行', 'お願いします', 'おねがいします', 'よろしくお願いします',
  'よろしく', 'こんにちは', 'こんばんは', 'おはようございます', 'おはよう', 'いいですね', 'いいね', 'いいです', 'オッケー', 'オーケー',
  '進めてください', '進めて', 'どうぞ', 'それで', '大丈夫', '完璧', 'です', 'ね', 'よ',
].sort((a, b) => b.length - a.length);

const STRIP_RE = /[\s\p{P}\p{S}\u200d\ufe0f]+/gu;
const TOKEN_SPLIT_RE = /[\s,;，；、،؛.!?。！？؟¿¡…:：\-–—~()"'“”«»]+/u;
const MAX_ACK_CHARS = 60;

function isPhraseConcat(s: string): boolean {
  let i = 0;
  let guard = 0;
  while (i < s.length && guard++ < 64) {
    const p = ACK_PHRASES.find((ph) => s.startsWith(ph, i));
    if (!p) return false;
    i += p.length;
  }
  return i === s.length && s.length > 0;
}

/** Edit distance ≤ 1 (typos such as "contine", "continnue", "contiune"). */
function nearlyEqual(a: string, b: string): boolean {
  if (Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  let j = 0;
  let edits = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      i++;
      j++;
      continue;
    }
    if (++edits > 1) return false;
    if (a[i + 1] === b[j] && a[i] === b[j + 1]) {
      i += 2;
      j += 2;
    } else if (a.length > b.length) i++;
    else if (b.length > a.length) j++;
    else {
      i++;
      j++;
    }
  }
  return edits + (a.length - i) + (b.length - j) <= 1;
}

const TYPO_TARGETS = ['continue', 'proceed', 'thanks', 'continua', 'weiter', 'продолжай'];
/** Hesitations typed with stretched letters ("uuum", "hmmm", "ermm", "ahhh"): no word list holds every length. */
const FILLER_RE = /^(?:u+m+|u+h+m*|h+m+|e+r*m+|a+h+|o+h+|m+h*m+)$/;
const ackToken = (w: string) => ACK_WORDS.has(w) || FILLER_RE.test(w) || (w.length >= 6 && TYPO_TARGETS.some((x) => nearlyEqual(w, x)));

/** True for a message that only acknowledges, greets or says "go on". */
export function isAcknowledgement(text: string): boolean {
  if (text.length > MAX_ACK_CHARS * 4) return false;
  const t = text.trim().toLowerCase();
  if (!t || codePoints(t) > MAX_ACK_CHARS) return false;
  const tokens = t.split(TOKEN_SPLIT_RE).filter(Boolean);
  if (tokens.length === 0) return true; // only punctuation or emoji: "👍", "!!"
  if (tokens.every(ackToken)) return true;
  const compact = t.replace(STRIP_RE, '');
  if (compact && isPhraseConcat(compact)) return true;
  // Mixed: CJK phrases plus Latin acks ("ok，继续").
  return tokens.every((w) => ackToken(w) || isPhraseConcat(w.replace(STRIP_RE, '')));
}
