/**
 * @module core/extract/user/status
 * Status remarks ("waiting for CI", "the tests pass now", "测试通过了", "テストが通りました") report
 * the state of things; they ask for nothing and decide nothing. Recognized by sentence shape:
 * in English a subject or a participle comes first and no modal or imperative follows; in
 * Chinese, Japanese and Korean the sentence ends in a completed or progressive aspect marker.
 */
import { wordsOf } from './shape.ts';

const CLAUSE_OR_LINE_RE = /[,;，；、،؛\n]+/u;

/** English clause openers that make it a statement about something, not an order. */
const EN_SUBJECT_RE = /^(?:the|this|that|these|those|it|it's|its|there|here|everything|nothing|all|still|now|ci|build|tests?|i'm|i am|i've|we're|we are|we've|they|he|she|my|our|looks like|seems)\b/i;
const EN_GERUND_RE = /^(?!(?:bring|string|ping|thing|sing|king|spring|swing|ring|sling|wring)\b)[a-z]{3,}ing\b/i;
/** Modals and directives that turn a statement into a request ("the test should pass"). */
const EN_DIRECTIVE_RE = /\b(?:should|must|need|needs|have to|has to|let's|lets|please|make sure|don't|do not|never|always|instead|use|try|can you|could you|would you)\b/i;
/** CJK aspect endings: completed (了, ました, 었어요…) or ongoing (正在…, ています, 중이에요). */
const CJK_STATUS_RE = /(?:了|完了|好了|通过了|过了|成功了|中|着呢)[\s。.!！~～]*$|^(?:正在|还在|在等|已经|目前|现在)|(?:ました|ています|ている|でした|だった|できた|できました|通った|動いた|中です)[\s。.!！]*$|(?:었어요|았어요|했어요|됐어요|되었습니다|했습니다|있어요|있습니다|중이에요|중입니다|됩니다|돼요)[\s.!]*$/u;
const CJK_REQUEST_RE = /请|請|帮|幫|要|别|別|不要|把|ください|して|しろ|てね|주세요|해줘|하세요|해라/u;

/** Counts first: "42 passed, 0 failed", "3 files changed; 2 errors". */
const NUMERIC_CLAUSE_RE = /^\s*\d[\d.,/%]*\s+\p{L}/u;

/** True for a short report of how things stand. */
export function isStatusRemark(text: string): boolean {
  const t = text.trim();
  const parts = t.split(CLAUSE_OR_LINE_RE).filter((p) => p.trim());
  if (parts.length > 0 && parts.every((p) => NUMERIC_CLAUSE_RE.test(p))) return true;
  if (CJK_STATUS_RE.test(t)) return !CJK_REQUEST_RE.test(t);
  const w = wordsOf(t);
  if (w.length === 0 || w.length > 14) return false;
  if (EN_DIRECTIVE_RE.test(t)) return false;
  return EN_SUBJECT_RE.test(t) || EN_GERUND_RE.test(t);
}
