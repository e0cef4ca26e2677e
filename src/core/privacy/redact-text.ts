/**
 * @module core/privacy/redact-text
 * Redaction of free text: the detectors, cheapest first, each skipped unless a literal hint is present.
 */
import { redactAssignments } from './assignments.ts';
import { redactCutTail } from './cut-tail.ts';
import { redactPrivateKeys } from './private-keys.ts';
import { redactTokens } from './tokens.ts';
import { redactUrlCredentials } from './url-credentials.ts';

/** Redact secret-shaped values inside free text. Never throws; idempotent. */
export function redactText(text: string): string {
  if (typeof text !== 'string' || text.length < 6) return text;
  try {
    let out = redactPrivateKeys(text);
    out = redactTokens(out);
    out = redactCutTail(out);
    out = redactUrlCredentials(out);
    out = redactAssignments(out);
    return out;
  } catch {
    return '[REDACTED:unreadable]';
  }
}
