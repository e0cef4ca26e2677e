/**
 * @module core/privacy/redact-text
 * Redaction of free text: the detectors, cheapest first, each skipped unless a literal hint is present.
 */
import { redactAssignments } from './assignments.ts';
import { redactCommandLines } from './command-line.ts';
import { redactCutTail } from './cut-tail.ts';
import { findHints } from './hints.ts';
import { redactPrivateKeys } from './private-keys.ts';
import { redactProseCredentials } from './prose-credentials.ts';
import { redactTokens } from './tokens.ts';
import { redactUrlCredentials } from './url-credentials.ts';
import { rememberLast } from './remember-last.ts';

const SHORT = 256;
/**
 * Results for short texts seen lately. Tool calls repeat their keys (`command`, `file_path`) and
 * many short values, and redaction is pure; for a short text the detectors' fixed costs outweigh
 * their scan.
 */
const redactShort = rememberLast(256, (text: string) => redact(text));

/** Redact secret-shaped values inside free text. Never throws; idempotent. */
export function redactText(text: string): string {
  if (typeof text !== 'string' || text.length < 6) return text;
  return text.length >= SHORT ? redact(text) : redactShort(text);
}

function redact(text: string): string {
  try {
    const keyless = redactPrivateKeys(text);
    // One pass finds the hints of both the token rules and the assignments; the second uses them
    // only when the detectors in between changed nothing (a placeholder moves every position).
    const hints = findHints(keyless);
    let out = redactTokens(keyless, hints.tokenHints);
    if (hints.commandWords.length) out = redactCommandLines(out, out === keyless ? hints.commandWords : findHints(out).commandWords);
    out = redactCutTail(out);
    out = redactUrlCredentials(out);
    const assigned = redactAssignments(out, out === keyless ? hints.secretWords : undefined);
    // Prose last: what code and config name is the assignments' (a sentence has no name to go by).
    const again = assigned === keyless || (!hints.secretWords.length && !hints.proseWords.length) ? hints : findHints(assigned);
    return redactProseCredentials(assigned, again.secretWords, again.proseWords);
  } catch {
    return '[REDACTED:unreadable]';
  }
}
