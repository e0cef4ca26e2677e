/**
 * @module core/privacy/token-hints
 * The literals the hint scan looks for on behalf of the token detectors, and which kind of token a
 * prefix leads (for a token cut short, see cut-tail).
 */
import { TOKEN_FORMATS } from './token-formats.ts';
import { TOKEN_RULES } from './token-rules.ts';

export const TOKEN_HINTS: readonly string[] = [...TOKEN_FORMATS.flatMap((f) => f.prefixes), ...TOKEN_RULES.flatMap((r) => r.hints)];

/**
 * The kind of the first catalogued format (in table order) that `prefix` starts, or of a rule whose
 * hint leads its token. Anchored rules' hints sit mid-token and lead nothing.
 */
export function kindOfPrefix(prefix: string): string | undefined {
  // A short run of lower-case letters (`pat`, `cio`) starts too many words to say anything alone.
  if (prefix.length < 4 && /^[a-z]+$/.test(prefix)) return undefined;
  for (const f of TOKEN_FORMATS) if (f.prefixes.includes(prefix)) return f.kind;
  return TOKEN_RULES.find((r) => !r.anchor && r.hints.includes(prefix))?.kind;
}
