/**
 * @module core/privacy/redact
 * Secret redaction applied to everything before it is stored or sent anywhere.
 * INITIAL VERSION: the extraction issue replaces this with the full engine; the API stays.
 */

const KEY_NAME_RE = /(pass(word|wd|phrase)?|secret|token|api[_-]?key|apikey|access[_-]?key|private[_-]?key|client[_-]?secret|auth(orization)?|credential|session[_-]?key|cookie)$/i;

const VALUE_PATTERNS: ReadonlyArray<readonly [RegExp, string]> = [
  [/-----BEGIN [A-Z ]*PRIVATE KEY-----[\s\S]*?(-----END [A-Z ]*PRIVATE KEY-----|$)/g, 'PRIVATE_KEY'],
  [/\bsk-ant-[A-Za-z0-9_-]{20,}/g, 'ANTHROPIC_KEY'],
  [/\bsk-(proj-)?[A-Za-z0-9_-]{20,}/g, 'OPENAI_KEY'],
  [/\b(AKIA|ASIA)[0-9A-Z]{16}\b/g, 'AWS_KEY'],
  [/\bgh[pousr]_[A-Za-z0-9]{30,}\b/g, 'GITHUB_TOKEN'],
  [/\bgithub_pat_[A-Za-z0-9_]{40,}\b/g, 'GITHUB_TOKEN'],
  [/\bxox[abposr]-[A-Za-z0-9-]{10,}\b/g, 'SLACK_TOKEN'],
  [/\bAIza[0-9A-Za-z_-]{35}\b/g, 'GOOGLE_KEY'],
  [/\beyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}/g, 'JWT'],
];
const URL_PASSWORD_RE = /\b([a-z][a-z0-9+.-]*:\/\/[^\s:/@]+:)([^\s@/]+)(@)/gi;
const ASSIGNMENT_RE = /\b([A-Za-z_][A-Za-z0-9_]*(?:PASSWORD|PASSWD|SECRET|TOKEN|API_KEY|APIKEY|ACCESS_KEY|PRIVATE_KEY)[A-Za-z0-9_]*)(\s*[=:]\s*)(["']?)([^\s"']{4,})\3/gi;
const BEARER_RE = /\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]{16,}/g;

/** Redact secret-shaped values inside free text. */
export function redactText(text: string): string {
  let out = text;
  for (const [re, label] of VALUE_PATTERNS) out = out.replace(re, `[REDACTED:${label}]`);
  out = out.replace(URL_PASSWORD_RE, '$1[REDACTED:PASSWORD]$3');
  out = out.replace(ASSIGNMENT_RE, (_m, k: string, sep: string, q: string) => `${k}${sep}${q}[REDACTED:SECRET]${q}`);
  out = out.replace(BEARER_RE, (_m, scheme: string) => `${scheme} [REDACTED:TOKEN]`);
  return out;
}

/** Redact a JSON-like value: string leaves by shape, and any value under a secret-looking key. */
export function redactValue(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return redactText(value);
  if (depth > 64 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((v) => redactValue(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    out[k] = KEY_NAME_RE.test(k) && (typeof v === 'string' || typeof v === 'number') && String(v).length > 0
      ? '[REDACTED:SECRET]'
      : redactValue(v, depth + 1);
  }
  return out;
}
