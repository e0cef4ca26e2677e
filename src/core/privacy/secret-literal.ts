/**
 * @module core/privacy/secret-literal
 * Whether the value assigned to a secret-looking name is a literal secret, or code, a type, a
 * placeholder, a version or a word that only sits where a secret could.
 */
import { isPlaceholderValue } from './placeholder.ts';
import { secretNameKind } from './secret-names.ts';
import { looksGenerated } from './shape.ts';

const TYPE_WORDS: ReadonlySet<string> = new Set([
  'string', 'str', 'number', 'int', 'integer', 'float', 'bool', 'boolean', 'any', 'unknown',
  'bytes', 'text', 'varchar', 'char', 'object', 'null', 'none', 'nil', 'undefined', 'true',
  'false', 'yes', 'no', 'on', 'off', 'required', 'optional', 'void', 'never', 'secret', 'password',
  'token', 'redacted', 'hidden', 'masked', 'empty', 'todo', 'tbd', 'n/a', 'na', 'env', 'self',
  'this', 'default', 'auto', 'secretstr', 'secretbytes', 'uuid',
]);

const IDENT_RE = /^[A-Za-z_$][\w$]*$/;
/** Google's app passwords as shown: four groups of four lower-case letters. */
export const APP_PASSWORD_RE = /^[a-z]{4} [a-z]{4} [a-z]{4} [a-z]{4}$/;
const CODE_EXPR_RE = /^[A-Za-z_$][\w$]*(?:(?:\.|::|->)[A-Za-z_$][\w$]*)*\s*[([]|^[A-Za-z_$][\w$]*(?:(?:\.|::|->)[A-Za-z_$][\w$]*)+$/;
/** Characters that only code puts in an unquoted value: calls, indexing, optional chaining, operators. */
const CODE_CHAR_RE = /[()[\]{}?|&+<>]|^[!*@-]|\.$/;
const PASCAL_RE = /^[A-Z][a-z]+(?:[A-Z][a-z]*)*$/;
const CAMEL_RE = /^[a-z]+(?:[A-Z][a-z]*)+$/;
const PATH_VALUE_RE = /^(?:~|\.{1,2})?\/[\w.@-]+(?:\/[\w.@-]*)*$/;
const NUMBER_RE = /^-?\d{1,6}(?:\.\d+)?$/;
/** `^1.0.2`, `~2.3`, `>=18`, `v20.1.0`, `workspace:*`, `npm:foo@1`: dependency specs, not secrets. */
const VERSION_VALUE_RE = /^(?:[\^~><=]{0,2}\s*v?\d{1,6}(?:\.[\dx*]+){0,3}(?:[-+][\w.-]+)?|(?:workspace|npm|file|link|catalog):\S*|latest|next|\*)$/;
/** Lower-case words joined by separators (`io.modelcontextprotocol/related-task`, `urn:ietf:…:jwt-bearer`); a 34-letter run is no word. */
const WORD_PATH_RE = /^[a-z]{1,24}(?:[-_.:/ ][a-z]{1,24})*$/;
const WORD_PATH_SEPARATED_RE = /[.:/]/;
const AUTH_MODE_RE = /^[a-z][a-z0-9_-]{0,11}$/;
/** Marks before a name in a string (`"?ExpressionBraceEnd"`, `"#main"`). */
const LEADING_MARKS_RE = /^[?#@!.:$]+/;
/** A short run of letters (`JSX`, `Bearer`): a word, not a generated value. */
const SHORT_WORD_RE = /^[A-Za-z]{1,12}$/;
/** Upper-case words joined by `_` (a constant's name). */
const UPPER_WORDS_RE = /^[A-Z]+(?:_[A-Z]+)+$/;
/** A value ending like an object entry or statement (`detectFromCookie,`, `string;`). */
const LIST_END_RE = /[,;]$/;
/** Generated credentials are printable ASCII without spaces, brackets or quotes. */
const NOT_TOKEN_CHAR_RE = /[^\x21-\x7e]|[[\](){}*^$|\\<>,;"'`]/;
/** Keywords that begin an expression; never a literal value. */
const CODE_KEYWORDS: ReadonlySet<string> = new Set([
  'typeof', 'new', 'await', 'yield', 'void', 'function', 'async', 'lambda', 'not', 'require', 'import',
  'this', 'self', 'super', 'cls', 'null', 'none', 'nil', 'undefined', 'true', 'false', 'return',
]);


/** An unquoted value that reads as code: a call, a member access, an operator, a keyword, a type or a variable. */
export function looksLikeCode(value: string): boolean {
  if (CODE_EXPR_RE.test(value) || CODE_CHAR_RE.test(value) || CODE_KEYWORDS.has(value) || TYPE_WORDS.has(value.toLowerCase())) return true;
  return IDENT_RE.test(value) && (PASCAL_RE.test(value) || CAMEL_RE.test(value) || secretNameKind(value) !== null);
}

/** Where a value sits, which decides how literally an unquoted value is meant. */
export interface ValueContext {
  readonly quoted: boolean;
  readonly kind: string;
  /** `.env` / shell / CLI / header / connection-string syntax: unquoted values are literal. */
  readonly configStyle: boolean;
  /** The name starts its line (YAML, INI, object literals…). */
  readonly lineInitial: boolean;
  /** An HTTP header (`X-Api-Key: …`), which may sit anywhere on a line (`curl -H '…'`). */
  readonly header: boolean;
  /** The character right after an unquoted value (`,` or `;` end JavaScript object entries). */
  readonly after: string;
}

/**
 * Whether a value assigned to a secret-looking name is a literal secret. Code is not
 * (`password = getPassword()`, `token: Token`, `password: string`, `page_token: cursor,`,
 * `apiKey = typeof x`), nor are placeholders, dependency versions (`"cookie": "^1.0.2"`) or
 * word-like identifiers (`GRANT_TYPE_JWT_BEARER = "urn:ietf:params:oauth:grant-type:jwt-bearer"`).
 */
export function isSecretLiteral(value: string, ctx: ValueContext): boolean {
  if (value.length < 3 || value.length > 4096) return false;
  if (isPlaceholderValue(value)) return false;
  const lower = value.toLowerCase();
  if (TYPE_WORDS.has(lower) || VERSION_VALUE_RE.test(value)) return false;
  if (WORD_PATH_RE.test(value) && (ctx.kind !== 'password' || WORD_PATH_SEPARATED_RE.test(value))) return false;
  if (PATH_VALUE_RE.test(value) && value.includes('/')) return false;
  if (ctx.kind === 'auth' && AUTH_MODE_RE.test(value)) return false; // auth: basic | oauth2
  // A long generated run with punctuation in it (Django's `django-insecure-^sp$1…`) is a key all the same.
  if (ctx.quoted && value.length >= 32 && !/\s|:\/\//.test(value) && looksGenerated(value, 24)) return true;
  // A label of capitalised words (`"password": "Mot de passe"` in a translation file) is no passphrase.
  if (ctx.kind === 'password' && /^[A-Z][a-z\u00e0-\u00ff]*(?: [a-z\u00e0-\u00ff]+)+$/.test(value)) return false;
  // Generated credentials have no spaces and no regex or code punctuation; passwords may.
  // (A Cookie header is a list of pairs: `a=1; b=2`.)
  if (ctx.kind !== 'password' && !(ctx.header && ctx.kind === 'cookie') && NOT_TOKEN_CHAR_RE.test(value)) return false;
  // `'SECRET_DO_NOT_PASS_THIS'`, `"ExcludeSameSiteStrict"`: constant names and enum members, not credentials.
  const bare = value.replace(LEADING_MARKS_RE, '');
  if (UPPER_WORDS_RE.test(bare) || (ctx.kind !== 'password' && (PASCAL_RE.test(bare) || CAMEL_RE.test(bare) || SHORT_WORD_RE.test(bare)))) return false;
  // A Google app password, four groups of four letters (`abcd efgh ijkl mnop`), is no sentence.
  if (ctx.kind === 'password' && APP_PASSWORD_RE.test(value)) return true;
  if (ctx.quoted) return value.split(' ').length <= 3; // more is a sentence: "Please enter your password"
  if (ctx.configStyle) return true;
  // Unquoted and not config syntax: a literal only as a YAML/INI scalar or a header, never as code.
  if ((!ctx.lineInitial && !ctx.header) || ctx.after === ',' || ctx.after === ';' || LIST_END_RE.test(value)) return false;
  if (CODE_EXPR_RE.test(value) || CODE_CHAR_RE.test(value) || CODE_KEYWORDS.has(value)) return false;
  // `token: Token`, `password: hashedPassword`, `api_key: api_key`: a type or a variable.
  if (IDENT_RE.test(value) && (PASCAL_RE.test(value) || CAMEL_RE.test(value) || secretNameKind(value) !== null)) return false;
  return ctx.kind === 'password' || !NUMBER_RE.test(value);
}
