/**
 * @module core/privacy/token-hints
 * The literals the hint scan looks for on behalf of the token detectors, and what a token cut short
 * after a prefix would be (see cut-tail).
 */
import { tokenFormats } from './token-formats.ts';
import type { CharClass } from './char-class.ts';
import { TOKEN_RULES } from './token-rules.ts';

/** The formats' prefixes and the rules' hints (worked out when asked: only the build and tests ask). */
export function tokenHints(): readonly string[] {
  return [...tokenFormats().flatMap((f) => f.prefixes), ...TOKEN_RULES.flatMap((r) => r.hints)];
}

/**
 * What a token cut short at `prefix` would be: the kind of the first catalogued format (in table
 * order) it starts, and the characters its body starts with (what a cut leaves after the prefix
 * must be made of them). Prefixes that start ordinary words, numbers or paths (`1/`, `4b1d`,
 * `test_`, `pat`) say nothing alone; rules' hints (anchored ones sit mid-token) lead nothing.
 */
export function cutFormat(prefix: string): { readonly kind: string; readonly body: CharClass } | undefined {
  if (!/^[A-Za-z]/.test(prefix) || (prefix.length < 3 && !/^[A-Z]{2}$/.test(prefix)) || COMMON_STARTS.has(prefix)) return undefined;
  if (/^[a-z]+$/.test(prefix) && prefix.length < 4) return undefined;
  for (const f of tokenFormats()) {
    const first = f.body[0];
    if (f.prefixes.includes(prefix) && first !== undefined && typeof first !== 'string') return { kind: f.kind, body: first[0] };
  }
  return undefined;
}

/** Prefixes that also start ordinary words and file names. */
const COMMON_STARTS: ReadonlySet<string> = new Set(['test_', 'live_', 'sandbox_', 'secret_', 'organizations/', 'access-sandbox-']);
