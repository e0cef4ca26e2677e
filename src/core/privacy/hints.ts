/**
 * @module core/privacy/hints
 * The literal hints of the text detectors, found together in one pass: the shaped-token rules'
 * prefixes (tokens) and the words that start a secret-looking name (assignments).
 */
import { HintScanner, type Hits } from './hint-scan.ts';
import { HINT_TABLES } from './hint-tables.generated.ts';

/** The secret words (hint-sets' SECRET_WORDS) as a regex, for a search from any position (the scan's hits are those of a scan from the start). */
export const SECRET_WORD_RE = /p(?:ass|wd|sk)|secret|token|key|auth|c(?:red|ookie)|bearer|pat\b|pw|kennwort|parol|haslo|senha|contrasen|clave|wachtwoord|salasana|losenord|heslo|jelszo|sifre|sandi/gi;

/**
 * The tables of hint-sets' HINT_SETS, worked out at build time: working them out here would cost
 * every hook process more than its scan, and would load the whole catalogue for its words.
 */
const SCANNER = new HintScanner(HINT_TABLES);

export interface Hints {
  /** Where the token rules' hints occur. */
  readonly tokenHints: Hits;
  /** Where the secret words occur. */
  readonly secretWords: Hits;
  /** Where the names of tools that take credentials as arguments occur. */
  readonly commandWords: Hits;
  /** Where words only prose introduces a credential with occur (hint-sets' PROSE_WORDS). */
  readonly proseWords: Hits;
}

/** The token rules' hints that occur in `text` at `at`, longest first. */
export function tokenHintsAt(text: string, at: number): string[] {
  return SCANNER.wordsAt(text, at, 0);
}

/** The hints in `text` from `from` on. */
export function findHints(text: string, from = 0): Hints {
  const [tokenHints, secretWords, commandWords, proseWords] = SCANNER.scan(text, from);
  return { tokenHints: tokenHints!, secretWords: secretWords!, commandWords: commandWords!, proseWords: proseWords! };
}
