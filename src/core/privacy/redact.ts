/**
 * @module core/privacy/redact
 * The one redaction engine: everything mnemo stores or sends anywhere (prompts, tool inputs and
 * outputs, errors, rule contents, commands, URLs) passes through here first.
 *
 * Detectors, cheapest first, each skipped unless a literal hint is present:
 * 1. private key blocks (private-keys);
 * 2. tokens with a recognizable shape (token-rules, applied by tokens) and credentials in URLs
 *    (url-credentials);
 * 3. assignments to secret-looking names (assignments, with secret-names deciding the name and
 *    secret-literal the value).
 * The hints of 2 and 3 are found together, in one pass over the text (hints, hint-scan).
 * JSON-like values are walked by redact-value. A secret becomes `[REDACTED:<kind>:<hash>]`
 * (placeholder). Redaction is idempotent. This module is the public face; the parts live beside it.
 */
export { fnv1a, placeholder } from './placeholder.ts';
export { identifierParts, secretNameKind } from './secret-names.ts';
export { redactText } from './redact-text.ts';
export { redactValue } from './redact-value.ts';
