/**
 * @module core/privacy/hint-sets
 * The word sets of the one-pass hint scan (core/privacy/hints): the shaped-token rules' prefixes,
 * the words that start a secret-looking name, and the names of tools that take credentials as
 * arguments. Their lookup tables are worked out at build time (scripts/hint-tables.ts).
 */
import type { WordSet } from './hint-scan.ts';
import { commandHints } from './command-line.ts';
import { tokenHints } from './token-hints.ts';

/** The token formats' prefixes and the token rules' hints. */
export const TOKEN_HINTS: readonly string[] = tokenHints();

/** Words that start a secret-looking name, in any case; `pat` only as a word's end (`GH_PAT`, not `path`); `cred` for `credential` and `creds`. */
export const SECRET_WORDS: readonly string[] = [
  'pass', 'pwd', 'psk', 'secret', 'token', 'key', 'auth', 'cred', 'cookie', 'bearer', 'pat', 'pw',
  // Other languages' password words as ASCII names write them (secret-names' PASSWORD_WORDS); `passwort` and `passe` hold `pass`.
  'kennwort', 'parol', 'haslo', 'senha', 'contrasen', 'clave', 'wachtwoord', 'salasana', 'losenord', 'heslo', 'jelszo', 'sifre', 'sandi',
];

/**
 * Words only sentences introduce a credential with: other languages' credential words written in
 * ASCII (`jeton`, `clave`, `senha`, and `contrasena` by its `sena`, which shares its first three
 * letters with `senha`; `passwort` and `mot de passe` are secret words already) and the phrases of
 * a login (`log in with admin / …`). Found in the same pass as the others; each word's first two
 * letters cost the scan at every place they occur, so the list stays short (the rarer languages'
 * words are prose-credentials' WIDE_WORDS, for texts with letters outside ASCII).
 */
export const PROSE_WORDS: readonly string[] = ['jeton', 'sena', 'log in with', 'login with'];

/** In this order: the scan's hits come back per set, as `findHints` names them. */
export const HINT_SETS: readonly WordSet[] = [
  { words: TOKEN_HINTS },
  { words: SECRET_WORDS, ignoreCase: true, wordEnd: ['pat'] },
  { words: commandHints() },
  { words: PROSE_WORDS, ignoreCase: true },
];
