/**
 * @module core/privacy/placeholder
 * What a redacted secret becomes, `[REDACTED:<kind>:<hash>]`, and which values only stand for a
 * secret (`${DB_PASS}`, `***`, `<token>`, an earlier placeholder) and so are left alone.
 * The hash is a short FNV-1a of the secret: the same secret always maps to the same placeholder,
 * so memories that mention it stay searchable and comparable without holding it.
 */

/** FNV-1a, 32 bits, over UTF-16 code units: fast, pure and stable across processes. */
export function fnv1a(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

export const PLACEHOLDER_PREFIX = '[REDACTED:';

/** The placeholder a secret is replaced with; equal secrets give equal placeholders. */
export function placeholder(kind: string, secret: string): string {
  return `${PLACEHOLDER_PREFIX}${kind}:${fnv1a(secret).toString(16).padStart(8, '0').slice(0, 6)}]`;
}

/** A stretch of a text to redact: `[start, end)` and the kind its placeholder names. */
export interface SecretSpan {
  readonly start: number;
  readonly end: number;
  readonly kind: string;
}

/** `text` with each span replaced by its placeholder; a span overlapping an earlier one is dropped. Sorts `spans`. */
export function replaceSpans(text: string, spans: SecretSpan[]): string {
  if (spans.length === 0) return text;
  spans.sort((a, b) => a.start - b.start);
  let out = '';
  let last = 0;
  for (const s of spans) {
    if (s.start < last) continue;
    out += text.slice(last, s.start) + placeholder(s.kind, text.slice(s.start, s.end));
    last = s.end;
  }
  return out + text.slice(last);
}

const VARIABLE_REF_RE = /^(?:\$\{?[A-Za-z_][A-Za-z0-9_]*\}?|\$\(|\$\{\{|\{\{|%\(|%[A-Za-z_]+%|<[^>]*>|#\{|@[A-Za-z_]|!(?:vault|Ref|Sub|GetAtt|secret)\b|(?:process\.env|os\.environ|os\.getenv|getenv|System\.getenv|ENV\[|env\(|secrets\.|vars\.|op:\/\/|vault:|ref\+|arn:aws:secretsmanager|projects\/[^/]+\/secrets))/;
const SAME_CHAR_RE = /^(.)\1+$/;
const PLACEHOLDER_WORD_RE = /^(?:x{3,}|\*{3,}|\.{3,}|-+|_+|\?+|(?:your|my|the|insert|enter|replace|put|add)[-_ ]?\w*|<.*>|\[.*\]|example\w*|dummy\w*|sample\w*|fake\w*|placeholder\w*|test|changeme(?:_?later)?|pass(?:wor)?d|pass|pwd|secret)$/i;

/** True for values that stand for a secret without being one: `${DB_PASS}`, `***`, `<token>`, `your-api-key`. */
export function isPlaceholderValue(v: string): boolean {
  if (v.startsWith(PLACEHOLDER_PREFIX)) return true;
  if (VARIABLE_REF_RE.test(v)) return true;
  if (SAME_CHAR_RE.test(v)) return true;
  return PLACEHOLDER_WORD_RE.test(v);
}
